/**
 * The one encoding of the generated Unicode tables (scripts/line-break-classes.mjs, bidi-tables.mjs,
 * shaping-tables.mjs), the form nodes/shared/pdf/text/rangeTable.ts reads: each range of code points
 * as base-36 "gap.length-1", the gap from the previous range's end ("gap" alone for one code point).
 */
export function encodeRanges(ranges) {
	let previousEnd = -1;
	return ranges
		.map(([first, last]) => {
			const gap = first - previousEnd - 1;
			previousEnd = last;
			return last === first
				? gap.toString(36)
				: `${gap.toString(36)}.${(last - first).toString(36)}`;
		})
		.join(' ');
}
