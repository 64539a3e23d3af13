import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Outcome } from '../../shared/execution';
import { createdByItem } from '../../shared/execution';
import { itemRanges } from './failures';

/**
 * What a node run had done when the execution was stopped (Stop, or Timeout Workflow): which items
 * were sent and answered (with what each created), which were in flight (they may exist), which failed
 * and which were never sent. Item numbers, ids and status codes only: no value of an item. n8n keeps
 * nothing of a stopped node's run, so it goes to n8n's log (warn) and into the node's error.
 */

interface StopReport {
	summary: string;
	details: string[];
}

function stopReport(
	itemCount: number,
	outcomes: Map<number, Outcome<unknown>>,
	createdOf: (itemIndex: number) => string[],
): StopReport {
	const answered: number[] = [];
	const inFlight: number[] = [];
	const failed: string[] = [];
	const notSent: number[] = [];
	for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
		const outcome = outcomes.get(itemIndex);
		// No outcome: the gate never let it start. A NodeOperationError is the node's own, before any request
		// (a check, or a request not sent after the stop); a NodeApiError comes from a request.
		if (!outcome || (!outcome.ok && !(outcome.error instanceof NodeApiError)))
			notSent.push(itemIndex);
		else if (outcome.ok) answered.push(itemIndex);
		else if (
			outcome.error instanceof NodeApiError &&
			outcome.error.httpCode &&
			/^\d+$/.test(outcome.error.httpCode)
		)
			failed.push(`item ${itemIndex} (HTTP ${outcome.error.httpCode})`);
		// No answer: the stop aborted it on the wire, or the connection broke.
		else inFlight.push(itemIndex);
	}
	const ids = answered.flatMap((itemIndex) => {
		const created = createdOf(itemIndex);
		return created.length ? [`item ${itemIndex} (${created.join(', ')})`] : [];
	});
	const details = [
		answered.length
			? `Sent and answered: ${itemRanges(answered)}.`
			: 'No item was sent and answered.',
		...(ids.length ? [`Created or changed: ${ids.join(', ')}.`] : []),
		...(inFlight.length
			? [
					`In flight when it stopped, so they may exist: ${itemRanges(inFlight)}. Check with Get Many before sending them again.`,
				]
			: []),
		...(failed.length ? [`Answered with an error: ${failed.join(', ')}.`] : []),
		notSent.length ? `Never sent: ${itemRanges(notSent)}.` : 'Every item was sent.',
	];
	const summary = `${answered.length} of ${itemCount} items sent and answered, ${inFlight.length} in flight (may exist), ${failed.length} failed, ${notSent.length} never sent`;
	return { summary, details };
}

/** Logs what the stopped run did (warn) and returns the node's error saying the same (items numbered from 0). */
export function stoppedRunError(
	ctx: IExecuteFunctions,
	itemCount: number,
	outcomes: Map<number, Outcome<unknown>>,
): NodeOperationError {
	const { summary, details } = stopReport(itemCount, outcomes, (itemIndex) =>
		createdByItem(ctx, itemIndex),
	);
	const executionId = ctx.getExecutionId();
	ctx.logger.warn(
		`Fax Service node "${ctx.getNode().name}" was stopped${executionId ? ` in execution ${executionId}` : ''}: ${summary}. ${details.join(' ')}`,
	);
	return new NodeOperationError(ctx.getNode(), `The execution was stopped: ${summary}`, {
		description: `Items are numbered from 0. ${details.join('\n')}`,
	});
}
