import { LEGACY_WAIT_OPERATION } from '../../../shared/callbacks';
import type { ResourceDefinition } from '../resourceDefinition';
import * as downloadPdf from './downloadPdf.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as previewPdf from './previewPdf.operation';
import * as send from './send.operation';
import * as sendAndWait from './sendAndWait.operation';

export const sentFax: ResourceDefinition = {
	name: 'Sent Fax',
	value: 'sentFax',
	recordKind: 'sentFax',
	defaultOperation: 'send',
	operations: {
		send: {
			...send,
			name: 'Send',
			action: 'Send a fax',
			summary:
				'Fax the PDF, TIFF or image (JPEG, PNG, GIF, BMP) of a binary field, or a letter written as text; returns its faxId, the Fax ID to read the outcome with Get',
		},
		sendAndWaitForCompletion: {
			...sendAndWait,
			name: 'Send and Wait for Completion',
			action: 'Send a fax and wait for its outcome',
			summary:
				'Send, then pause the execution until the delivery callback and go on with the final record (not in the AI tool: a tool call cannot wait)',
		},
		get: {
			...get,
			name: 'Get',
			action: 'Get a sent fax',
			summary: 'Get a sent fax by its sendToken: its delivery status (sentStatus) and details',
		},
		getMany: {
			...getMany,
			name: 'Get Many',
			action: 'Get many sent faxes',
			summary: 'List sent faxes, with filters',
		},
		previewPdf: {
			...previewPdf,
			name: 'Preview PDF',
			action: 'Preview the PDF of a fax',
			summary:
				'Build the PDF Send would fax (cover page, document, further documents) and return it as binary data with its page count, without sending it',
		},
		downloadPdf: {
			...downloadPdf,
			name: 'Download PDF',
			action: 'Download a sent fax PDF',
			summary: 'Download the document of a sent fax (by its sendToken) into a binary field',
		},
	},
	// 0.1.0 stored Send and Wait as "sendAndWait" (see LEGACY_WAIT_OPERATION).
	legacyOperations: { [LEGACY_WAIT_OPERATION]: 'sendAndWaitForCompletion' },
};
