import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { readRequiredString } from '../common';

export const sendTokenField: INodeProperties = {
	displayName: 'Fax ID',
	name: 'faxId',
	type: 'string',
	default: '',
	required: true,
	description: 'The fax\'s sendToken: the faxId returned when it was queued',
};

export const description = updateDisplayOptions({ show: { resource: ['sentFax'], operation: ['get'] } }, [sendTokenField]);

export async function getSentFax(ctx: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const sendToken = readRequiredString(ctx, itemIndex, 'faxId', 'Fax ID');
	return await apiRequest.call(ctx, {
		method: 'GET',
		path: `/sent_faxes/${encodeURIComponent(sendToken)}`,
		itemIndex,
		notFound: `Sent fax "${sendToken}"`,
	});
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await getSentFax(this, itemIndex);
}
