import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { clientIdLocator } from '../fields';
import { readRequiredString, readUuidLocator } from '../readers';
import { unwrap } from '../../../shared/records';

const properties: INodeProperties[] = [
	clientIdLocator,
	{ displayName: 'New Name', name: 'name', type: 'string', default: '', required: true },
];

export const description = updateDisplayOptions(
	{ show: { resource: ['client'], operation: ['rename'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readUuidLocator(this, itemIndex, 'clientId', 'Client');
	const name = readRequiredString(this, itemIndex, 'name', 'New Name');
	const response = await apiRequest.call(this, {
		method: 'PATCH',
		answer: { record: 'client', id: 'clientId' },
		path: `/clients/${id}`,
		json: { client: { name } },
		itemIndex,
		notFound: `Client "${id}"`,
	});
	return unwrap(response, 'client');
}
