import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { assertAreaCode, assertUrl, assertUuid } from '../../../shared/validation';
import { callbackUrlField } from '../fields';
import { fieldCollection, recordOption } from '../../../shared/parameters';
import { unwrap } from '../../../shared/records';

const properties: INodeProperties[] = [
	{
		displayName: 'Area Code',
		name: 'areaCode',
		type: 'string',
		default: '',
		required: true,
		placeholder: '415',
		description: 'US area code of the new number: exactly three digits',
	},
	fieldCollection('additionalFields', [
		callbackUrlField('a callback for every fax received on this number'),
		recordOption('Client', 'clientId', 'getClients', 'Client to assign the number to'),
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['faxNumber'], operation: ['provision'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const areaCode = assertAreaCode(
		this,
		itemIndex,
		'Area Code',
		this.getNodeParameter('areaCode', itemIndex) as string,
	);
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const faxNumber: IDataObject = { area_code: areaCode };
	if (additional.callbackUrl)
		faxNumber.callback_url = assertUrl(
			this,
			itemIndex,
			'Callback URL',
			String(additional.callbackUrl),
		);
	if (additional.clientId)
		faxNumber.client_id = assertUuid(this, itemIndex, 'Client', String(additional.clientId));
	const response = await apiRequest.call(this, {
		method: 'POST',
		path: '/fax_numbers',
		json: { fax_number: faxNumber },
		itemIndex,
		answer: { record: 'faxNumber', id: 'id' },
	});
	return unwrap(response, 'faxNumber');
}
