import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { outputFields, returnAllFields } from '../fields';
import { readLimit } from '../readers';
import { unwrap, unwrapList } from '../unwrap';
import type { RecordKindName } from '../output';

export const description = updateDisplayOptions({ show: { resource: ['aiDocument'], operation: ['getMany'] } }, [...returnAllFields, ...outputFields('aiResult')]);

export const records: RecordKindName = 'aiResult';

/** The interface shows no paging for this list (spec 4.6), so Limit is applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const response = await apiRequest.call(this, { method: 'GET', path: '/ai_documents', itemIndex, answer: { list: 'aiDocuments', paged: false } });
	return unwrapList(response, 'aiDocuments')
		.slice(0, limit)
		.map((entry) => unwrap(entry, 'aiResult'));
}
