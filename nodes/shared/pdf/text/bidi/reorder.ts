/**
 * UAX #9's line rules: L1 (separators, and whitespace before them and at the line's end, back to the
 * paragraph level) and L2 (reversing every run at or above each odd level, highest first).
 */

import { B, FSI, LRI, PDI, RLI, S, WS } from './characters';
import { isRemovedByX9 } from './paragraph';

/** Whitespace in L1's sense: white space, isolate formatting and the characters X9 removes. */
function isLineWhitespace(type: number): boolean {
	return (
		type === WS ||
		type === LRI ||
		type === RLI ||
		type === FSI ||
		type === PDI ||
		isRemovedByX9(type)
	);
}

/**
 * L1 for the line [start, end) of a paragraph: its levels, a copy of `levels` there with segment and
 * paragraph separators, the whitespace before them and trailing whitespace at `paragraphLevel`.
 * `classes` are the characters' original bidi classes.
 */
export function applyLineRule(
	levels: ArrayLike<number>,
	classes: ArrayLike<number>,
	paragraphLevel: number,
	start: number,
	end: number,
): Uint8Array {
	const line = new Uint8Array(end - start);
	let resetFollows = true;
	for (let i = end - 1; i >= start; i -= 1) {
		const type = classes[i];
		if (type === S || type === B) {
			resetFollows = true;
			line[i - start] = paragraphLevel;
		} else if (resetFollows && isLineWhitespace(type)) line[i - start] = paragraphLevel;
		else {
			resetFollows = false;
			line[i - start] = levels[i];
		}
	}
	return line;
}

/** L2: the visual order of a line with these levels, as indices into it, leftmost first. */
export function reorderLevels(levels: ArrayLike<number>): Int32Array {
	const n = levels.length;
	const order = new Int32Array(n);
	let highest = 0;
	let lowestOdd = 255;
	for (let i = 0; i < n; i += 1) {
		order[i] = i;
		const level = levels[i];
		if (level > highest) highest = level;
		if (level % 2 === 1 && level < lowestOdd) lowestOdd = level;
	}
	for (let level = highest; level >= lowestOdd; level -= 1) {
		for (let i = 0; i < n; i += 1) {
			if (levels[order[i]] < level) continue;
			let end = i;
			while (end < n && levels[order[end]] >= level) end += 1;
			order.subarray(i, end).reverse();
			i = end;
		}
	}
	return order;
}
