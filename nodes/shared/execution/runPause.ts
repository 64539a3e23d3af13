import type { ApiContext } from '../credentials';
import { isStopped, pauseUnlessStopped } from './stop';

/**
 * The pause a 429 asks of a whole node run (the account is limited, not one request): every request of
 * the run waits for it. The run is its context object (n8n makes one per node run and passes the same
 * one for every item).
 */

const pausedUntil = new WeakMap<object, number>();

/** Pauses every request of the run until `until` (milliseconds since the epoch), or longer if already paused longer. */
export function pauseRun(ctx: object, until: number): void {
	pausedUntil.set(ctx, Math.max(pausedUntil.get(ctx) ?? 0, until));
}

/** Waits while the run is paused, or until the execution is stopped; returns how long it waited. */
export async function waitWhilePaused(ctx: ApiContext): Promise<number> {
	const started = Date.now();
	for (
		let ms = (pausedUntil.get(ctx) ?? 0) - started;
		ms > 0 && !isStopped(ctx);
		ms = (pausedUntil.get(ctx) ?? 0) - Date.now()
	)
		await pauseUnlessStopped(ctx, ms);
	return Date.now() - started;
}
