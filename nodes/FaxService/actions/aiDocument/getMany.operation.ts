import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequestAllPages } from '../../../shared/transport';
import { outputFields, returnAllFields } from '../fields';
import { readLimit } from '../readers';
import { unwrap } from '../unwrap';
import type { RecordKindName } from '../output';
import { AI_DOCUMENT_LIST } from './list';

export const description = updateDisplayOptions({ show: { resource: ['aiDocument'], operation: ['getMany'] } }, [...returnAllFields, ...outputFields('aiResult')]);

export const records: RecordKindName = 'aiResult';

/** A plain list or a paged one (list.ts): Return All reads every page, Limit only the pages it needs. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const entries = await apiRequestAllPages.call(this, { path: '/ai_documents', itemIndex }, AI_DOCUMENT_LIST.list, limit, AI_DOCUMENT_LIST);
	return entries.map((entry) => unwrap(entry, 'aiResult'));
}
