import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import type { ParsedCallback } from '../../shared/callbacks';
import {
	readCallbackRequest,
	refuseCallback,
	SIGNATURE_HEADER,
	TIMED_OUT,
	verifyCallback,
	waitingItems,
} from '../../shared/callbacks';
import { runBounded } from '../../shared/execution';
import { logReason } from '../../shared/transport';
import { operationOf } from './resourceDefinition';
import { resources } from './versionDescription';
import type { WaitTarget } from './types';

/**
 * Resumes a send-and-wait execution when the service calls back. n8n resumes a waiting execution
 * once, so the node resumes only when every item it sent is final: each verified callback of one of
 * its tokens re-reads all of them, and the callback of the one that completed last resumes.
 * Anything else answers and leaves the execution waiting.
 */
export async function resumeOnCallback(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const answer = (status: number, body: IDataObject): IWebhookResponseData => {
		this.getResponseObject().status(status).json(body);
		return { noWebhookResponse: true };
	};
	const refuse = (status: number, reason: string, logDetail = reason, callback?: ParsedCallback) =>
		refuseCallback(this, 'Fax Service (waiting execution)', status, reason, logDetail, callback);

	const resource = this.getNodeParameter('resource', '') as string;
	const operation = this.getNodeParameter('operation', '') as string;
	const target = operationOf(resources[resource], operation)?.waitFor;
	if (!target) return refuse(404, 'This node does not wait for callbacks');

	const read = readCallbackRequest(this);
	if ('malformed' in read) return refuse(400, read.malformed);
	const { callback } = read;
	if (callback.type !== target.callbackType) {
		return refuse(
			401,
			`This execution waits for a ${target.callbackType} callback`,
			`a ${callback.type} callback arrived`,
			callback,
		);
	}
	const verdict = await verifyCallback.call(
		this,
		callback,
		this.getRequestObject().headers[SIGNATURE_HEADER],
	);
	if (verdict !== 'valid')
		return refuse(verdict.status, verdict.reason, verdict.logDetail, callback);

	const record = (
		callback.type === 'aiDocument' ? callback.payload.aiResult : callback.payload
	) as IDataObject;
	const token = String(record[target.tokenField]);
	const waiting = waitingItems(this);
	const tokens = waiting
		.map((json) => json[target.tokenField])
		.filter((value): value is string => typeof value === 'string');
	if (!tokens.includes(token))
		return refuse(
			404,
			`This execution does not wait for ${target.tokenField} "${token}"`,
			undefined,
			callback,
		);

	const reading = await readAllFinal(this, target, tokens);
	// Not resumed: a fax callback is retried by the service; the wait limit bounds the rest.
	if ('error' in reading)
		return refuse(
			503,
			'The waiting records could not be read; the execution keeps waiting',
			`re-reading the waited-for records failed: ${logReason(reading.error)}`,
			callback,
		);
	// Accepted (so the service does not retry it); its record is read again at the next callback.
	if (reading.pending) return answer(200, { received: true, resumed: false });
	const records = reading.records;
	// Callbacks of several items may be handled at once: only the last to complete resumes (n8n 1.x would resume twice).
	if (lastCompleted(tokens, records) !== token)
		return answer(200, { received: true, resumed: false });

	const items: INodeExecutionData[] = [];
	try {
		for (const [index, json] of waiting.entries()) {
			const own = json[target.tokenField];
			const item =
				typeof own === 'string'
					? await target.toItem(this, { ...records.get(own)!, [TIMED_OUT]: false })
					: { json };
			items.push({ ...item, pairedItem: { item: index } });
		}
	} catch (error) {
		return refuse(
			503,
			'The delivered document could not be downloaded; the execution keeps waiting',
			`downloading the delivered document failed: ${logReason(error)}`,
			callback,
		);
	}
	return { webhookResponse: { received: true, resumed: true }, workflowData: [items] };
}

const READ_CONCURRENCY = 4;

/**
 * Every record, when all are final; pending as soon as one is not. Read newest first (the last sent
 * are the likeliest to be pending), so a callback that cannot resume costs a few reads, not one per item.
 */
async function readAllFinal(
	ctx: IWebhookFunctions,
	target: WaitTarget,
	tokens: string[],
): Promise<
	{ error: Error } | { pending: true } | { pending: false; records: Map<string, IDataObject> }
> {
	const newestFirst = [...new Set(tokens)].reverse();
	const outcomes = await runBounded(
		newestFirst,
		READ_CONCURRENCY,
		async (token) => await target.read(ctx, token),
		{
			stopAfter: (outcome) => !outcome.ok || !target.isFinal(outcome.value),
		},
	);
	const records = new Map<string, IDataObject>();
	for (const [token, outcome] of outcomes) {
		if (!outcome.ok) return { error: outcome.error };
		records.set(token, outcome.value);
	}
	if (
		records.size < newestFirst.length ||
		[...records.values()].some((record) => !target.isFinal(record))
	)
		return { pending: true };
	return { pending: false, records };
}

/** The token whose record completed last (completion time, then token order); the same answer in every process. */
function lastCompleted(tokens: string[], records: Map<string, IDataObject>): string {
	const completedAt = (t: string) => {
		const time = Date.parse(String(records.get(t)!.completedAt ?? ''));
		return Number.isNaN(time) ? -Infinity : time;
	};
	return tokens.reduce((last, t) => {
		const [time, lastTime] = [completedAt(t), completedAt(last)];
		if (time !== lastTime) return time > lastTime ? t : last;
		return t > last ? t : last;
	});
}
