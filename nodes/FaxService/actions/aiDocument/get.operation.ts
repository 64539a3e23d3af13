import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ApiContext } from '../../../shared/credentials';
import { apiRequest } from '../../../shared/transport';
import { readRequiredString } from '../readers';
import { unwrap } from '../../../shared/records';
import { outputFields } from '../fields';
import type { RecordKindName } from '../../../shared/records';

export const description = updateDisplayOptions(
	{ show: { resource: ['aiDocument'], operation: ['get'] } },
	[
		{
			displayName: 'AI Document ID',
			name: 'documentId',
			type: 'string',
			default: '',
			required: true,
			description: 'The aiToken returned when the document was uploaded',
		},
		...outputFields('aiResult'),
	],
);

export const records: RecordKindName = 'aiResult';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await readAiResult(
		this,
		readRequiredString(this, itemIndex, 'documentId', 'AI Document ID'),
		itemIndex,
	);
}

/** One AI result by its token. */
export async function readAiResult(
	ctx: ApiContext,
	aiToken: string,
	itemIndex?: number,
): Promise<IDataObject> {
	const response = await apiRequest.call(ctx, {
		method: 'GET',
		answer: { record: 'aiResult', id: 'aiToken' },
		path: `/ai_documents/${encodeURIComponent(aiToken)}`,
		itemIndex,
		notFound: `AI document "${aiToken}"`,
	});
	return unwrap(response, 'aiResult');
}
