/**
 * What each item's requests created or changed in one node run, by id, so that an error can say what
 * was already done. The run is its context object (n8n makes one per node run and passes the same one
 * for every item).
 */

const createdByRun = new WeakMap<object, Map<number, string[]>>();

/** Remembers what an item's request created or changed, e.g. `faxId "abc"`. */
export function noteCreated(ctx: object, itemIndex: number, id: string): void {
	let created = createdByRun.get(ctx);
	if (!created) createdByRun.set(ctx, (created = new Map()));
	const list = created.get(itemIndex) ?? [];
	list.push(id);
	created.set(itemIndex, list);
}

/** What the item's requests in this node run created or changed, e.g. `faxId "abc"` (answers with an id only). */
export function createdByItem(ctx: object, itemIndex: number): string[] {
	return createdByRun.get(ctx)?.get(itemIndex) ?? [];
}
