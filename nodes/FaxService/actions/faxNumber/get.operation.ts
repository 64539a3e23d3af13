import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { faxNumberIdLocator, outputFields } from '../fields';
import { readUuidLocator } from '../readers';
import { unwrap } from '../../../shared/records';
import type { RecordKindName } from '../../../shared/records';

export const description = updateDisplayOptions(
	{ show: { resource: ['faxNumber'], operation: ['get'] } },
	[faxNumberIdLocator, ...outputFields('faxNumber')],
);

export const records: RecordKindName = 'faxNumber';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const id = readUuidLocator(this, itemIndex, 'faxNumberId', 'Fax Number');
	const response = await apiRequest.call(this, {
		method: 'GET',
		path: `/fax_numbers/${id}`,
		itemIndex,
		notFound: `Fax number "${id}"`,
		answer: { record: 'faxNumber', id: 'id' },
	});
	return unwrap(response, 'faxNumber');
}
