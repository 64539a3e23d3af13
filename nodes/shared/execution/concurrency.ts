import { Gate, type Outcome } from './gate';

export type { Outcome } from './gate';

/**
 * Runs one task per input with at most `limit` running at a time, the way a pool of `limit` workers
 * takes the next input when one is free: a gate (gate.ts) whose tasks pass it before they start, so
 * there is one way to run N at a time. Nothing here knows about items or requests.
 */

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
	// The gate's tasks settle with the input's outcome as their value: only the gate's Cancelled rejects them.
	const gate = new Gate<Outcome<T>>(limit);
	await gate.check(
		inputs.map((_, index) => index),
		async (index) => {
			// Never started when the gate does not open for it: its pass rejects with Cancelled, which has no outcome here.
			await gate.pass(index);
			const input = inputs[index];
			let outcome: Outcome<T>;
			try {
				outcome = { ok: true, value: await task(input) };
			} catch (error) {
				outcome = { ok: false, error: error as Error };
			}
			outcomes.set(input, outcome);
			return outcome;
		},
	);
	await gate.open((settled) => settled.ok && stopAfter(settled.value));
	return outcomes;
}
