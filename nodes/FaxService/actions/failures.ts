import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Outcome } from '../../shared/execution';
import { createdByItem } from '../../shared/execution';

/** What an item's failure becomes: its error item (Continue On Fail), or the node's error, which says what the other items did. */

/** Keeps n8n's own errors as they are (with their item) and wraps anything else. */
function asNodeError(
	ctx: IExecuteFunctions,
	error: Error,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error, { itemIndex });
}

/**
 * A failed item under Continue On Fail. On the one output ("Continue (using regular output)", and
 * workflows saved with Continue On Fail) its json is `{error, description, httpCode}`, as saved
 * workflows read it. Under "Continue (using error output)" n8n moves an item to the error output only
 * when its json holds nothing but `error` and `message` (n8n-core's handleNodeErrorOutput: every key
 * among error, message, details on 2.x; `{error}` or `{error, message}` on 1.x), then adds the input
 * item's fields; an item carrying the error object itself would be moved too, but n8n then cuts its
 * json to the message alone. So there it is `{error, message}`: the message (which names the field,
 * the item and, for the service's answers, the HTTP status) and the description (what was given, or
 * the service's words).
 */
export function errorItem(
	ctx: IExecuteFunctions,
	error: Error & { description?: string | null },
	itemIndex: number,
): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (ctx.getNode().onError === 'continueErrorOutput') {
		if (error.description) json.message = error.description;
	} else {
		if (error.description) json.description = error.description;
		if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	}
	return { json, pairedItem: { item: itemIndex } };
}

/** "items 0, 2 and 5–9" */
export function itemRanges(indexes: number[]): string {
	const ranges: string[] = [];
	for (let i = 0; i < indexes.length; i++) {
		let end = i;
		while (end + 1 < indexes.length && indexes[end + 1] === indexes[end] + 1) end++;
		ranges.push(end === i ? String(indexes[i]) : `${indexes[i]}–${indexes[end]}`);
		i = end;
	}
	const list =
		ranges.length > 1
			? `${ranges.slice(0, -1).join(', ')} and ${ranges[ranges.length - 1]}`
			: ranges[0];
	return `${indexes.length === 1 ? 'item' : 'items'} ${list}`;
}

/**
 * The node's error for the first failed item of a run without Continue On Fail, its description
 * extended with what happened to every other item: sent and answered (with what each created), failed
 * as well (those in flight when the first failure came), or not sent. So nobody sends again blind.
 */
export function runFailure(
	ctx: IExecuteFunctions,
	itemCount: number,
	outcomes: Map<number, Outcome<unknown>>,
): NodeApiError | NodeOperationError | undefined {
	const failures = [...outcomes].filter(([, outcome]) => !outcome.ok).sort(([a], [b]) => a - b);
	if (failures.length === 0) return undefined;
	const [failedIndex, first] = failures[0] as [number, { ok: false; error: Error }];
	const error = asNodeError(ctx, first.error, failedIndex);
	if (itemCount < 2) return error;

	const sent: string[] = [];
	const done: number[] = [];
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		if (!outcomes.get(itemIndex)?.ok) continue;
		done.push(itemIndex);
		const created = createdByItem(ctx, itemIndex);
		if (created.length) sent.push(`item ${itemIndex} (${created.join(', ')})`);
	}
	const notSent = Array.from({ length: itemCount }, (_, itemIndex) => itemIndex).filter(
		(itemIndex) => !outcomes.has(itemIndex),
	);
	const lines = [
		done.length
			? `Sent and answered before the node stopped: ${sent.length === done.length ? sent.join(', ') : itemRanges(done)}${sent.length && sent.length < done.length ? `; created or changed: ${sent.join(', ')}` : ''}.`
			: 'No other item was sent and answered.',
		...failures
			.slice(1)
			.map(
				([itemIndex, outcome]) =>
					`Failed as well (it was in flight): item ${itemIndex}: ${(outcome as { error: Error }).error.message}`,
			),
		notSent.length ? `Not sent: ${itemRanges(notSent)}.` : 'Every item was sent.',
	];
	const own = (error as { description?: string | null }).description;
	(error as { description?: string | null }).description = [
		own,
		`Of the ${itemCount} input items (numbered from 0): ${lines.join('\n')}`,
	]
		.filter(Boolean)
		.join('\n');
	return error;
}

/** The node's error for an item that failed its check: every item is checked before any request, so nothing was sent. */
export function checkFailure(
	ctx: IExecuteFunctions,
	itemCount: number,
	error: Error,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	const nodeError = asNodeError(ctx, error, itemIndex);
	if (itemCount > 1) {
		const own = (nodeError as { description?: string | null }).description;
		(nodeError as { description?: string | null }).description = [
			own,
			`No item was sent: all ${itemCount} items are checked before the first request.`,
		]
			.filter(Boolean)
			.join('\n');
	}
	return nodeError;
}
