import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ApiContext } from '../credentials';

/**
 * What the creating requests of a node run answered, kept while n8n's Retry On Fail may run the node
 * again: a later try of the same node, execution and run index sends an item's creation only if no
 * earlier try sent it. An answered creation gives its earlier answer; one that may have taken effect
 * (no answer, a 5xx) is not sent again. Kept in this process's memory, for nodes with Retry On Fail on,
 * until the run succeeds or RETRY_MEMORY_MS passes (n8n runs every try of a node in one process).
 */

/** How long an unsuccessful run's answers are kept: n8n allows 5 tries, at most 5 s apart. */
export const RETRY_MEMORY_MS = 30 * 60_000;

/** What an earlier try's request of the same item, at the same place in its sequence, came to. */
export type EarlierOutcome =
	| { method: string; path: string; answered: IDataObject }
	| { method: string; path: string; mayExist: { message: string; httpCode?: string } };

interface RunMemory {
	touched: number;
	/** item index → its creating requests in order */
	items: Map<number, EarlierOutcome[]>;
}

const runs = new Map<string, RunMemory>();
const keyOfTry = new WeakMap<object, string | null>();
/** Per try (its context object): how many creating requests each item has made so far. */
const sentInTry = new WeakMap<object, Map<number, number>>();

function isExecuteContext(ctx: ApiContext): ctx is IExecuteFunctions {
	return (
		typeof (ctx as Partial<IExecuteFunctions>).getInputData === 'function' &&
		typeof (ctx as Partial<IExecuteFunctions>).getWorkflowDataProxy === 'function'
	);
}

/** execution, node and run index of an action node with Retry On Fail on; null for anything else. */
function runKey(ctx: ApiContext): string | null {
	const cached = keyOfTry.get(ctx);
	if (cached !== undefined) return cached;
	let key: string | null = null;
	if (isExecuteContext(ctx) && ctx.getNode().retryOnFail === true) {
		const executionId = ctx.getExecutionId();
		const runIndex = ctx.getWorkflowDataProxy(0).$runIndex;
		if (executionId && typeof runIndex === 'number')
			key = JSON.stringify([executionId, ctx.getNode().name, runIndex]);
	}
	keyOfTry.set(ctx, key);
	return key;
}

function sweep(now: number): void {
	for (const [key, run] of runs) if (now - run.touched > RETRY_MEMORY_MS) runs.delete(key);
}

export interface CreationTry {
	/** What an earlier try's same request came to, if one was sent. */
	earlier?: EarlierOutcome;
	/** Keeps this request's outcome for a later try. */
	remember(outcome: EarlierOutcome): void;
}

/**
 * Called once before an item's creating request is sent: counts it within the item and returns what
 * an earlier try's request at the same place came to. Undefined where no later try can come.
 */
export function creationTry(
	ctx: ApiContext,
	itemIndex: number,
	method: string,
	path: string,
): CreationTry | undefined {
	const key = runKey(ctx);
	if (key === null) return undefined;
	let counts = sentInTry.get(ctx);
	if (!counts) sentInTry.set(ctx, (counts = new Map()));
	const position = counts.get(itemIndex) ?? 0;
	counts.set(itemIndex, position + 1);

	const now = Date.now();
	const earlierOfItem = runs.get(key)?.items.get(itemIndex)?.[position];
	// The same place in the item's sequence must be the same request: anything else is sent as new.
	const earlier =
		earlierOfItem && earlierOfItem.method === method && earlierOfItem.path === path
			? earlierOfItem
			: undefined;
	return {
		earlier,
		remember(outcome) {
			sweep(now);
			let run = runs.get(key);
			if (!run) runs.set(key, (run = { touched: now, items: new Map() }));
			run.touched = Date.now();
			const list = run.items.get(itemIndex) ?? [];
			list[position] = outcome;
			run.items.set(itemIndex, list);
		},
	};
}

/** The node run succeeded: no try follows, its answers are dropped. */
export function forgetRun(ctx: ApiContext): void {
	const key = runKey(ctx);
	if (key !== null) runs.delete(key);
}
