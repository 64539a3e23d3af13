import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { LEGACY_WAIT_OPERATION, resumeUrl, waitLimitFields } from '../../../shared/callbacks';
import { readFax, withFaxPdf } from '../faxRecords';
import type { WaitTarget } from '../types';
import { faxFields, sendFax } from './send.operation';

const properties: INodeProperties[] = [
	...faxFields(false),
	...waitLimitFields(1, 'hours'),
	{
		displayName: 'Options',
		name: 'waitOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Attach Delivered PDF',
				name: 'attachPdf',
				type: 'boolean',
				default: false,
				description:
					'Whether to download the document of a delivered fax (sentStatus success) from its secure link into a binary field',
			},
			{
				displayName: 'Put PDF in Field',
				name: 'binaryPropertyName',
				type: 'string',
				default: 'data',
				description: "The binary field that receives the delivered fax's PDF",
			},
		],
	},
];

// Shown for the 0.1.0 value too: n8n drops the values of fields a node does not show, at run time as in the editor.
export const description = updateDisplayOptions(
	{
		show: { resource: ['sentFax'], operation: ['sendAndWaitForCompletion', LEGACY_WAIT_OPERATION] },
	},
	properties,
);

/** Queues the item's fax with this execution's resume URL as its callback URL; the router then waits. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const answer = await sendFax(this, itemIndex, resumeUrl(this));
	return { sendToken: answer.faxId, message: answer.message };
}

export const waitFor: WaitTarget = {
	callbackType: 'sentFax',
	tokenField: 'sendToken',
	read: async (ctx, token) => await readFax(ctx, 'sent', token),
	isFinal: (record) => record.sentStatus === 'success' || record.sentStatus === 'failure',
	toItem: async (ctx, record) => {
		const options = ctx.getNodeParameter('waitOptions', {}) as IDataObject;
		if (options.attachPdf !== true || record.sentStatus !== 'success') return { json: record };
		return await withFaxPdf(ctx, 'sent', record, String(options.binaryPropertyName ?? 'data'));
	},
};
