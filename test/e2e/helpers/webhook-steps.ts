/**
 * Small builders of the workflows end-to-end suites run through a webhook (Webhook → an optional PDF
 * step → Fax Service steps), how a suite starts one and reads a failed execution's error.
 */
import { randomUUID } from 'crypto';

import type { N8nExecution, N8nHostInstance, WorkflowJson } from './n8n-host';
import { waitFor } from './wait';

/** The stored error of a failed execution: what the editor shows. */
export function failureOf(execution: N8nExecution): {
	status: string;
	message?: string;
	httpCode?: string;
	description?: string;
} {
	const error = execution.data?.resultData.error as
		| { message?: string; httpCode?: string; description?: string | null }
		| undefined;
	return {
		status: execution.status,
		message: error?.message,
		httpCode: error?.httpCode,
		description: error?.description ?? undefined,
	};
}

export interface Step {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Record<string, unknown>;
	credentials?: Record<string, unknown>;
	/** Node settings, e.g. retryOnFail, maxTries, waitBetweenTries, onError. */
	[setting: string]: unknown;
}

/** The action node, with its credential. */
export const faxServiceStep = (
	name: string,
	credential: { id: string; name: string },
	parameters: Record<string, unknown>,
): Step => ({
	name,
	type: 'n8n-nodes-fax-service.faxService',
	typeVersion: 1,
	parameters,
	credentials: { faxServiceApi: { id: credential.id, name: credential.name } },
});

/** n8n's HTTP Request node reading a PDF from `url` into the binary field "data". */
export const pdfStep = (url: string, name = 'PDF'): Step => ({
	name,
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	parameters: {
		url,
		options: { response: { response: { responseFormat: 'file', outputPropertyName: 'data' } } },
	},
});

/** An execution that has finished and whose run data n8n has stored. */
export const finishedAndStored = (execution: N8nExecution): boolean =>
	['success', 'error'].includes(execution.status) && execution.data !== null;

/**
 * Starts a webhookWorkflow (an empty JSON body to its `path`; the Webhook answers at once) and
 * resolves its new execution once it `is` (by default finished and stored).
 */
export async function runThroughWebhook(
	n8n: N8nHostInstance,
	workflow: { id: string; path: string },
	is: (execution: N8nExecution) => boolean = finishedAndStored,
): Promise<N8nExecution> {
	const before = new Set((await n8n.executions(workflow.id)).map((e) => e.id));
	const response = await fetch(n8n.webhookUrl(workflow.path), {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: '{}',
	});
	if (response.status !== 200)
		throw new Error(`the webhook of ${workflow.path} answered ${response.status}`);
	return await waitFor(`an execution of ${workflow.path}`, async () =>
		(await n8n.executions(workflow.id)).find((e) => !before.has(e.id) && is(e)),
	);
}

/** Webhook (answers at once) → the optional PDF step → every step, side by side. */
export function webhookWorkflow(
	name: string,
	path: string,
	steps: Step[],
	pdf?: Step,
): WorkflowJson {
	const webhook = {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: randomUUID(),
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
	};
	const source = pdf ?? webhook;
	const nodes = [webhook, ...(pdf ? [pdf] : []), ...steps].map((node, index) => ({
		id: randomUUID(),
		position: [index * 220, 0],
		...node,
	}));
	const to = (targets: Array<{ name: string }>) => ({
		main: [targets.map((target) => ({ node: target.name, type: 'main', index: 0 }))],
	});
	const connections: Record<string, unknown> = { [source.name]: to(steps) };
	if (pdf) connections[webhook.name] = to([pdf]);
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

/**
 * Webhook (answers at once) → Split Out (one item per entry of `body.<field>`) → the file step (once per
 * item) → the steps, one after another. A step reads its item's entry as `$('Split Out').item.json`.
 * With `fileOnce` the file step runs once, before Split Out, which gives every item that file: 200 items
 * then cost one download, and a workflow's timeout is spent on the steps, not on downloads.
 */
export function fanOutWorkflow(
	name: string,
	path: string,
	field: string,
	file: Step,
	steps: Step[],
	options: { settings?: Record<string, unknown>; fileOnce?: boolean } = {},
): WorkflowJson {
	const webhook = {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: randomUUID(),
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
	};
	const splitOut = {
		name: 'Split Out',
		type: 'n8n-nodes-base.splitOut',
		typeVersion: 1,
		parameters: {
			fieldToSplitOut: `body.${field}`,
			options: options.fileOnce ? { includeBinary: true } : {},
		},
	};
	const chain = options.fileOnce
		? [webhook, file, splitOut, ...steps]
		: [webhook, splitOut, file, ...steps];
	const nodes = chain.map((node, index) => ({
		id: randomUUID(),
		position: [index * 220, 0],
		...node,
	}));
	const connections: Record<string, unknown> = {};
	for (let index = 0; index < chain.length - 1; index++)
		connections[chain[index].name] = {
			main: [[{ node: chain[index + 1].name, type: 'main', index: 0 }]],
		};
	return { name, nodes, connections, settings: { executionOrder: 'v1', ...options.settings } };
}
