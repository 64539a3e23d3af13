import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { clientIdLocator, outputFields } from '../fields';
import { readUuidLocator } from '../readers';
import { unwrap } from '../../../shared/records';
import type { RecordKindName } from '../../../shared/records';

export const description = updateDisplayOptions(
	{ show: { resource: ['client'], operation: ['get'] } },
	[clientIdLocator, ...outputFields('client')],
);

export const records: RecordKindName = 'client';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readUuidLocator(this, itemIndex, 'clientId', 'Client');
	const response = await apiRequest.call(this, {
		method: 'GET',
		path: `/clients/${id}`,
		itemIndex,
		notFound: `Client "${id}"`,
		answer: { record: 'client', id: 'clientId' },
	});
	return unwrap(response, 'client');
}
