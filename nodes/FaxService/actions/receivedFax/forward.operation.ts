import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { assertE164 } from '../../../shared/validation';
import { readRequiredString } from '../readers';
import { receivedFaxIdField } from './get.operation';

const properties: INodeProperties[] = [
	receivedFaxIdField,
	{
		displayName: 'To Number',
		name: 'toNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: '+15551234567',
		description: 'Fax number to forward the received fax to, in E.164 form',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['receivedFax'], operation: ['forward'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const sendToken = readRequiredString(this, itemIndex, 'faxId', 'Fax ID');
	const toNumber = assertE164(
		this,
		itemIndex,
		'To Number',
		this.getNodeParameter('toNumber', itemIndex) as string,
	);
	return await apiRequest.call(this, {
		method: 'POST',
		answer: { record: null, id: 'faxId' },
		path: `/received_faxes/${encodeURIComponent(sendToken)}/forward_as_fax`,
		form: { to_number: toNumber },
		itemIndex,
		notFound: `Received fax "${sendToken}"`,
	});
}
