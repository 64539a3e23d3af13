/**
 * Runs one task per index with at most `limit` running at a time, the way a pool of `limit` workers
 * takes the next index when it is free. Nothing here knows about items or requests.
 */

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: Error };

export interface BoundedOptions {
	/** After a failure, start nothing new; the tasks already running still settle. */
	stopOnFailure: boolean;
}

/**
 * Starts `task(index)` for `indexes` in their order, at most `limit` at once, and waits until every
 * started task has settled. The map holds an outcome for each started index; an index that was never
 * started (after a failure, with `stopOnFailure`) has none.
 */
export async function runBounded<T>(
	indexes: readonly number[],
	limit: number,
	task: (index: number) => Promise<T>,
	{ stopOnFailure }: BoundedOptions,
): Promise<Map<number, Outcome<T>>> {
	const outcomes = new Map<number, Outcome<T>>();
	let next = 0;
	let stopped = false;
	const worker = async () => {
		while (!stopped && next < indexes.length) {
			const index = indexes[next++];
			try {
				outcomes.set(index, { ok: true, value: await task(index) });
			} catch (error) {
				outcomes.set(index, { ok: false, error: error as Error });
				if (stopOnFailure) stopped = true;
			}
		}
	};
	const workers = Math.max(1, Math.min(Math.floor(limit), indexes.length));
	await Promise.all(Array.from({ length: workers }, worker));
	return outcomes;
}
