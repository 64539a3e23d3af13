import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { outputFields, returnAllFields } from '../fields';
import { readLimit } from '../readers';
import { unwrapList } from '../../../shared/records';
import type { RecordKindName } from '../../../shared/records';

export const description = updateDisplayOptions(
	{ show: { resource: ['faxNumber'], operation: ['getMany'] } },
	[...returnAllFields, ...outputFields('faxNumber')],
);

export const records: RecordKindName = 'faxNumber';

/** The list is not paginated by the service (spec 4.3), so Limit is applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const response = await apiRequest.call(this, {
		method: 'GET',
		path: '/fax_numbers',
		itemIndex,
		answer: { list: 'faxNumbers', paged: false },
	});
	return unwrapList(response, 'faxNumbers').slice(0, limit);
}
