/**
 * Destinations (section 12.3.2) made explicit: a link's /Dest or a GoTo action's /D may be an array
 * [page /XYZ ...], a name (the catalog's /Dests), a string (the /Names /Dests name tree) or a dictionary
 * with /D. The joined file has neither table, so every destination is written as its array, with the
 * page as a reference to a page of the same document.
 */

import type { Resolve } from './decode';
import type { PdfValue } from './objects';
import { PdfDict, PdfName, PdfRef, PdfString } from './objects';

/** Steps through names and /D dictionaries before giving up (they may point at each other). */
const MAX_HOPS = 8;
/** Name tree nodes searched for one string, at most. */
const MAX_TREE_NODES = 10000;

export interface DestinationContext {
	resolve: Resolve;
	catalog: PdfDict;
	/** Page object numbers of the document, in page order. */
	pageObjectNumbers: ReadonlyArray<number | undefined>;
	/** Page object number to its index. */
	pageIndex: ReadonlyMap<number, number>;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
	const length = Math.min(a.length, b.length);
	for (let index = 0; index < length; index++)
		if (a[index] !== b[index]) return a[index] - b[index];
	return a.length - b.length;
}

/** The value of `key` in the name tree at `root` (section 7.9.6), or undefined. */
function nameTreeValue(
	root: PdfValue | undefined,
	key: Uint8Array,
	resolve: Resolve,
): PdfValue | undefined {
	const pending: Array<PdfValue | undefined> = [root];
	const seen = new Set<PdfValue>();
	while (pending.length > 0 && seen.size < MAX_TREE_NODES) {
		const node = resolve(pending.pop());
		if (!(node instanceof PdfDict) || seen.has(node)) continue;
		seen.add(node);
		const limits = resolve(node.get('Limits'));
		if (Array.isArray(limits) && limits.length >= 2) {
			const [low, high] = limits.map(resolve);
			if (
				low instanceof PdfString &&
				high instanceof PdfString &&
				(compareBytes(key, low.bytes) < 0 || compareBytes(key, high.bytes) > 0)
			)
				continue;
		}
		const names = resolve(node.get('Names'));
		if (Array.isArray(names)) {
			for (let index = 0; index + 1 < names.length; index += 2) {
				const name = resolve(names[index]);
				if (name instanceof PdfString && compareBytes(name.bytes, key) === 0)
					return names[index + 1];
			}
		}
		const kids = resolve(node.get('Kids'));
		if (Array.isArray(kids)) pending.push(...kids);
	}
	return undefined;
}

/**
 * The destination as an explicit array whose first element is a reference to one of the document's
 * pages, or undefined when it leads nowhere in the document (the link then loses its destination).
 */
export function explicitDestination(
	destination: PdfValue | undefined,
	context: DestinationContext,
): PdfValue[] | undefined {
	const { resolve, catalog } = context;
	let value = destination;
	for (let hop = 0; hop < MAX_HOPS; hop++) {
		const current = resolve(value);
		if (Array.isArray(current)) {
			const target = current[0];
			if (target instanceof PdfRef)
				return context.pageIndex.has(target.objectNumber) ? current : undefined;
			// A page index where a reference belongs (legal only for remote documents; some writers do it).
			const pageNumber =
				typeof target === 'number' && Number.isInteger(target)
					? context.pageObjectNumbers[target]
					: undefined;
			return pageNumber === undefined
				? undefined
				: [new PdfRef(pageNumber, 0), ...current.slice(1)];
		}
		if (current instanceof PdfDict) value = current.get('D');
		else if (current instanceof PdfName) {
			const dests = resolve(catalog.get('Dests'));
			value = dests instanceof PdfDict ? dests.get(current.value) : undefined;
		} else if (current instanceof PdfString) {
			const names = resolve(catalog.get('Names'));
			value =
				names instanceof PdfDict
					? nameTreeValue(names.get('Dests'), current.bytes, resolve)
					: undefined;
		} else return undefined;
	}
	return undefined;
}
