import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { readRequiredString } from '../common';

export const receivedSendTokenField: INodeProperties = {
	displayName: 'Fax ID',
	name: 'faxId',
	type: 'string',
	default: '',
	required: true,
	description: 'The received fax\'s sendToken, e.g. from a Fax Service Trigger',
};

export const description = updateDisplayOptions({ show: { resource: ['receivedFax'], operation: ['get'] } }, [receivedSendTokenField]);

export async function getReceivedFax(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const sendToken = readRequiredString(ctx, itemIndex, 'faxId', 'Fax ID');
	return await apiRequest.call(ctx, {
		method: 'GET',
		path: `/received_faxes/${encodeURIComponent(sendToken)}`,
		itemIndex,
		notFound: `Received fax "${sendToken}"`,
	});
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getReceivedFax(this, itemIndex);
}
