/**
 * Runs one task per input with at most `limit` running at a time, the way a pool of `limit` workers
 * takes the next input when one is free. Nothing here knows about items or requests.
 */

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: Error };

export interface BoundedOptions<T> {
	/** Whether to start nothing new after this outcome; the tasks already running still settle. */
	stopAfter?: (outcome: Outcome<T>) => boolean;
}

/**
 * Starts `task(input)` for `inputs` in their order, at most `limit` at once, and waits until every
 * started task has settled. The map holds an outcome for each started input, in the order they
 * settled; an input that was never started (after `stopAfter` said so) has none.
 */
export async function runBounded<I, T>(
	inputs: readonly I[],
	limit: number,
	task: (input: I) => Promise<T>,
	{ stopAfter = () => false }: BoundedOptions<T> = {},
): Promise<Map<I, Outcome<T>>> {
	const outcomes = new Map<I, Outcome<T>>();
	let next = 0;
	let stopped = false;
	const worker = async () => {
		while (!stopped && next < inputs.length) {
			const input = inputs[next++];
			let outcome: Outcome<T>;
			try {
				outcome = { ok: true, value: await task(input) };
			} catch (error) {
				outcome = { ok: false, error: error as Error };
			}
			outcomes.set(input, outcome);
			if (stopAfter(outcome)) stopped = true;
		}
	};
	const workers = Math.min(Number.isInteger(limit) && limit > 0 ? limit : 1, inputs.length);
	await Promise.all(Array.from({ length: workers }, worker));
	return outcomes;
}
