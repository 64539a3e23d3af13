/**
 * The gate each item's requests pass before they are sent, for one node run: the router's (gate.ts),
 * which holds each item at its first request until every item is checked. The run is its context
 * object (n8n makes one per node run and passes the same one for every item).
 */

/** What an item's request waits for before it is sent (rejects when it must not be sent). */
export interface RequestGate {
	pass(itemIndex: number): Promise<void>;
}

const gates = new WeakMap<object, RequestGate>();

/** Makes every request of this node run pass `gate` first, with its item. `undefined` removes it. */
export function holdRequests(ctx: object, gate: RequestGate | undefined): void {
	if (gate) gates.set(ctx, gate);
	else gates.delete(ctx);
}

/** The gate the requests of this node run pass, if any. */
export function requestGateOf(ctx: object): RequestGate | undefined {
	return gates.get(ctx);
}
