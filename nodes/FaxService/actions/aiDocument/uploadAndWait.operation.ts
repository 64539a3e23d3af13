import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { LEGACY_WAIT_OPERATION, resumeUrl, waitLimitFields } from '../../../shared/callbacks';
import { binaryPropertyField } from '../fields';
import type { WaitTarget } from '../types';
import { readAiResult } from './get.operation';
import { uploadDocument } from './upload.operation';

const properties: INodeProperties[] = [
	binaryPropertyField(
		'The PDF or image (JPEG, PNG, GIF or BMP) to extract and classify, at most 50 MB; an image goes as a one-page PDF',
	),
	...waitLimitFields(15, 'minutes'),
];

// Shown for the 0.1.0 value too: n8n drops the values of fields a node does not show, at run time as in the editor.
export const description = updateDisplayOptions(
	{
		show: {
			resource: ['aiDocument'],
			operation: ['uploadAndWaitForResult', LEGACY_WAIT_OPERATION],
		},
	},
	properties,
);

/** Uploads the item's PDF with this execution's resume URL as its callback URL; the router then waits. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const answer = await uploadDocument(this, itemIndex, resumeUrl(this));
	return { aiToken: answer.aiToken, message: answer.message };
}

export const waitFor: WaitTarget = {
	callbackType: 'aiDocument',
	tokenField: 'aiToken',
	read: async (ctx, token) => await readAiResult(ctx, token),
	// AI results have no state field (spec 3): one is done once it has its completion time or an error.
	isFinal: (record) =>
		(record.completedAt !== null && record.completedAt !== undefined) ||
		(record.errorDetails !== null && record.errorDetails !== undefined),
	toItem: async (_ctx, record) => ({ json: record }),
};
