/**
 * Reads the generated Unicode property tables (line-break classes, bidi classes, joining types): each
 * value's code point ranges as base-36 "gap.extra" pairs, the form scripts/range-encoding.mjs writes. A lookup is a binary search over the ranges of all values.
 */

export interface RangeTable {
	readonly firsts: Uint32Array;
	readonly lasts: Uint32Array;
	/** Each range's value, as its index in the names the table was read with. */
	readonly values: Uint8Array;
}

/** The table of `encoded` (value name -> ranges), values numbered by their place in `names`. */
export function readRangeTable(
	encoded: Readonly<Record<string, string>>,
	names: readonly string[],
): RangeTable {
	const entries: Array<[number, number, number]> = [];
	for (const [name, ranges] of Object.entries(encoded)) {
		const value = names.indexOf(name);
		if (value < 0) throw new Error(`The Unicode table names an unknown value ${name}`);
		let previousLast = -1;
		for (const range of ranges.split(' ').filter(Boolean)) {
			const [gap, extra = '0'] = range.split('.');
			const first = previousLast + 1 + parseInt(gap, 36);
			previousLast = first + parseInt(extra, 36);
			entries.push([first, previousLast, value]);
		}
	}
	entries.sort((a, b) => a[0] - b[0]);
	return {
		firsts: Uint32Array.from(entries, (entry) => entry[0]),
		lasts: Uint32Array.from(entries, (entry) => entry[1]),
		values: Uint8Array.from(entries, (entry) => entry[2]),
	};
}

/** The value index of `codePoint` in `table`, or `fallback` when no range holds it. */
export function lookUpRange(table: RangeTable, codePoint: number, fallback: number): number {
	const { firsts, lasts, values } = table;
	let low = 0;
	let high = firsts.length - 1;
	while (low <= high) {
		const middle = (low + high) >> 1;
		if (codePoint < firsts[middle]) high = middle - 1;
		else if (codePoint > lasts[middle]) low = middle + 1;
		else return values[middle];
	}
	return fallback;
}

/** "from.to" base-36 pairs (the generated mirroring and bracket tables) as a map. */
export function readPairs(encoded: string): Map<number, number> {
	const pairs = new Map<number, number>();
	for (const pair of encoded.split(' ').filter(Boolean)) {
		const [from, to] = pair.split('.');
		pairs.set(parseInt(from, 36), parseInt(to, 36));
	}
	return pairs;
}
