import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { outputFields, returnAllFields } from '../fields';
import { readLimit } from '../readers';
import type { RecordKindName } from '../../../shared/records';
import { readAiDocuments } from '../../../shared/lists';

export const description = updateDisplayOptions(
	{ show: { resource: ['aiDocument'], operation: ['getMany'] } },
	[...returnAllFields, ...outputFields('aiResult')],
);

export const records: RecordKindName = 'aiResult';

/** A plain list or a paged one (list.ts): Return All reads every page, Limit only the pages it needs. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	return await readAiDocuments.call(this, itemIndex, limit);
}
