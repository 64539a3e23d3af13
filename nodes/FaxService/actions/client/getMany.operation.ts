import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { outputFields, returnAllFields } from '../fields';
import { readLimit } from '../readers';
import { unwrapList } from '../../../shared/records';
import type { RecordKindName } from '../../../shared/records';

export const description = updateDisplayOptions(
	{ show: { resource: ['client'], operation: ['getMany'] } },
	[...returnAllFields, ...outputFields('client')],
);

export const records: RecordKindName = 'client';

/** The list is not paginated by the service (spec 4.4), so Limit is applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const response = await apiRequest.call(this, {
		method: 'GET',
		path: '/clients',
		itemIndex,
		answer: { list: 'clients', paged: false },
	});
	return unwrapList(response, 'clients').slice(0, limit);
}
