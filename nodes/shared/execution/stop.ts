import { NodeOperationError, sleep } from 'n8n-workflow';

import type { ApiContext } from '../credentials';

/**
 * The execution's stop, as a node run sees it: the user's Stop, or the workflow's Timeout Workflow
 * (n8n aborts the run's cancel signal for both). After it nothing new is sent, and a pause ends.
 */

/** The run's cancel signal; undefined where n8n gives none (e.g. a trigger's webhook call). */
export function stopSignalOf(ctx: ApiContext): AbortSignal | undefined {
	const withSignal = ctx as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withSignal.getExecutionCancelSignal === 'function'
		? withSignal.getExecutionCancelSignal()
		: undefined;
}

export function isStopped(ctx: ApiContext): boolean {
	return stopSignalOf(ctx)?.aborted === true;
}

/** Throws once the execution is stopped: the request is not sent. */
export function sendUnlessStopped(ctx: ApiContext, itemIndex: number | undefined): void {
	if (!isStopped(ctx)) return;
	throw new NodeOperationError(
		ctx.getNode(),
		'The execution was stopped before this request was sent',
		{
			itemIndex,
			description: 'Nothing was sent for this request.',
		},
	);
}

/**
 * Sleeps `ms` or until `signal` aborts, whichever comes first; never rejects. n8n 2.x's `sleep` takes
 * the signal and clears its timer; 1.x's ignores it (its timer runs out harmlessly), so the race ends
 * the wait on both.
 */
async function sleepUntilAborted(ms: number, signal: AbortSignal): Promise<void> {
	if (signal.aborted) return;
	let onAbort: () => void = () => undefined;
	const aborted = new Promise<void>((resolve) => {
		onAbort = resolve;
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		await Promise.race([sleep(ms, signal).catch(() => undefined), aborted]);
	} finally {
		signal.removeEventListener('abort', onAbort);
	}
}

/** Waits `ms`, or less when the execution is stopped meanwhile. */
export async function pauseUnlessStopped(ctx: ApiContext, ms: number): Promise<void> {
	const signal = stopSignalOf(ctx);
	return signal ? await sleepUntilAborted(ms, signal) : await sleep(ms);
}

/** How long a creation on the wire at a stop may still take, so that its outcome is known. */
export const STOP_GRACE_MS = 10_000;

/**
 * A signal that aborts `graceMs` after the execution is stopped (undefined where n8n gives no stop
 * signal); `release()` when the request is done.
 */
export function signalAfterStop(
	ctx: ApiContext,
	graceMs = STOP_GRACE_MS,
): { signal?: AbortSignal; release: () => void } {
	const stop = stopSignalOf(ctx);
	if (!stop) return { release: () => undefined };
	const controller = new AbortController();
	// Released when the request is done: the grace's timer then ends too.
	const released = new AbortController();
	const onStop = () =>
		void sleepUntilAborted(graceMs, released.signal).then(
			() => released.signal.aborted || controller.abort(),
		);
	if (stop.aborted) onStop();
	else stop.addEventListener('abort', onStop, { once: true });
	return {
		signal: controller.signal,
		release: () => {
			stop.removeEventListener('abort', onStop);
			released.abort();
		},
	};
}
