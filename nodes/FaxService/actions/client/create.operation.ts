import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { assertUuid } from '../../../shared/validation';
import { fieldCollection, recordOption } from '../../../shared/parameters';
import { readRequiredString } from '../readers';
import { unwrap } from '../../../shared/records';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description: 'Display name of the client',
	},
	fieldCollection('additionalFields', [
		recordOption(
			'Fax Number',
			'faxNumberId',
			'getFaxNumbers',
			'Fax number to assign to the new client',
		),
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['client'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const name = readRequiredString(this, itemIndex, 'name', 'Name');
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const client: IDataObject = { name };
	if (additional.faxNumberId)
		client.fax_number_id = assertUuid(
			this,
			itemIndex,
			'Fax Number',
			String(additional.faxNumberId),
		);
	const response = await apiRequest.call(this, {
		method: 'POST',
		path: '/clients',
		json: { client },
		itemIndex,
		answer: { record: 'client', id: 'clientId' },
	});
	return unwrap(response, 'client');
}
