/**
 * A user's workflow with an error branch: webhook → one item per entry of `faxes` → its file → "Send",
 * the Fax Service node under "Continue (using error output)", its success output wired to "Mark as
 * Sent", its error output to "Tell the Front Desk". `regularOutput` is the same node under "Continue
 * (using regular output)": one output, to "Mark as Sent".
 */
import { randomUUID } from 'crypto';

import type { WorkflowJson } from './n8n-host';
import { fanOutWorkflow, faxServiceStep, pdfStep, type Step } from './webhook-steps';

export type ErrorBranchOperation =
	| 'send'
	/** Send, one item after the other: the fault proxy's planned faults meet the items in order. */
	| 'sendOneAtATime'
	| 'sendAndWaitForCompletion'
	| 'downloadPdf'
	/** Send behind a cover page, each item's own file (from the base64 of its entry's `file`). */
	| 'sendItsFile'
	| 'regularOutput';

const ENTRY = (field: string) => `={{ $('Split Out').item.json.${field} }}`;

function sendParameters(
	operation: ErrorBranchOperation,
	fromNumber: string,
): Record<string, unknown> {
	if (operation === 'downloadPdf')
		return { resource: 'sentFax', operation: 'downloadPdf', faxId: ENTRY('faxId') };
	return {
		resource: 'sentFax',
		operation: operation === 'sendAndWaitForCompletion' ? operation : 'send',
		binaryPropertyName: 'data',
		fromNumber: { __rl: true, mode: 'number', value: fromNumber },
		toNumber: ENTRY('toNumber'),
		...(operation === 'sendAndWaitForCompletion'
			? { limitWaitTime: true, waitAmount: 1, waitUnit: 'hours' }
			: {}),
		// Behind a cover page the node reads each file (a lone file goes as it is).
		...(operation === 'sendItsFile'
			? { addCoverPage: true, coverPage: { subject: 'Referral' } }
			: {}),
		...(operation === 'sendOneAtATime' ? { requestOptions: { requestsInParallel: 1 } } : {}),
	};
}

export function errorBranchWorkflow(
	operation: ErrorBranchOperation,
	options: {
		path: string;
		credential: { id: string; name: string };
		fromNumber: string;
		pdfUrl: string;
	},
): WorkflowJson {
	const send: Step = {
		...faxServiceStep('Send', options.credential, sendParameters(operation, options.fromNumber)),
		onError: operation === 'regularOutput' ? 'continueRegularOutput' : 'continueErrorOutput',
	};
	const file: Step =
		operation === 'sendItsFile'
			? {
					name: 'Its File',
					type: 'n8n-nodes-base.convertToFile',
					typeVersion: 1.1,
					parameters: {
						operation: 'toBinary',
						sourceProperty: 'file',
						binaryPropertyName: 'data',
						options: { fileName: 'document.pdf', mimeType: 'application/pdf' },
					},
				}
			: pdfStep(options.pdfUrl);
	const workflow = fanOutWorkflow(
		`error branch: ${operation}`,
		options.path,
		'faxes',
		file,
		[send],
		// One download for every item, except where each item brings its own file.
		{ fileOnce: operation !== 'sendItsFile' },
	);
	const noOp = (name: string, index: number) => ({
		id: randomUUID(),
		name,
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: [4 * 220, index * 200],
		parameters: {},
	});
	workflow.nodes.push(noOp('Mark as Sent', 0));
	const outputs = [[{ node: 'Mark as Sent', type: 'main', index: 0 }]];
	if (operation !== 'regularOutput') {
		workflow.nodes.push(noOp('Tell the Front Desk', 1));
		outputs.push([{ node: 'Tell the Front Desk', type: 'main', index: 0 }]);
	}
	(workflow.connections as Record<string, unknown>).Send = { main: outputs };
	return workflow;
}
