/**
 * A table's type size and column widths, chosen so words stay whole: every column at least as wide as
 * its longest word (a piece the line breaker never splits), the spare width shared by what the cells'
 * text needs. When the longest words do not fit side by side, the table's type is set smaller, down to
 * TABLE_FONT_FLOOR and never below; only then are the widest columns narrowed (their longest words
 * break with a hyphen, richText.ts), and a table whose columns cannot each keep a few characters a line
 * even so is printed as several tables of consecutive columns.
 */

/** The smallest type a table is set in to keep its words whole: still readable on a fax. */
export const TABLE_FONT_FLOOR = 8;

/** What a table's columns need at one type size, in points, the cell padding included. */
export interface ColumnNeeds {
	/** The widest cell of each column on one line. */
	natural: number[];
	/** The longest word of each column. */
	minimum: number[];
}

export interface TablePlan {
	/** The table's type size in points. */
	size: number;
	/** Tables of consecutive columns (one, unless the table is too wide even at the floor). */
	groups: Array<{ first: number; widths: number[] }>;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
/** Width comparisons allow for rounding: measured widths are sums of floating-point products. */
const TOLERANCE = 1e-6;

/**
 * Widths within `width`: natural when they fit; else each column's longest word and a share of the
 * spare by what its text needs beyond it; else (words that must break) the narrowest columns keep
 * their longest word and the widest share what is left equally.
 */
export function columnWidths(
	natural: readonly number[],
	minimum: readonly number[],
	width: number,
): number[] {
	if (sum(natural) <= width + TOLERANCE) return [...natural];
	if (sum(minimum) <= width + TOLERANCE) {
		const spare = width - sum(minimum);
		const wanted = sum(natural) - sum(minimum);
		return minimum.map((min, index) => min + (spare * (natural[index] - min)) / wanted);
	}
	// The level `cap` with sum(min(minimum, cap)) = width: columns narrower than it keep their words.
	let rest = width;
	let count = minimum.length;
	for (const value of [...minimum].sort((a, b) => a - b)) {
		if (value * count > rest) break;
		rest -= value;
		count -= 1;
	}
	const cap = rest / count;
	return minimum.map((min) => Math.min(min, cap));
}

/** The largest size (a tenth of a point down from `size`, not below the floor) whose longest words fit. */
function fittingSize(needs: (size: number) => ColumnNeeds, size: number, width: number): number {
	const floor = Math.min(size, TABLE_FONT_FLOOR);
	const atSize = sum(needs(size).minimum);
	if (atSize <= width + TOLERANCE) return size;
	// Widths grow with the size: the scaled size is the first guess, rounded down to a tenth.
	let candidate = Math.floor(((size * width) / atSize) * 10) / 10;
	while (candidate > floor && sum(needs(candidate).minimum) > width + TOLERANCE)
		candidate = Math.round(candidate * 10 - 1) / 10;
	return Math.max(floor, candidate);
}

/**
 * The table's size and columns at the letter's `size` within `width`; `narrowest(size)` is how narrow
 * a column may get before the table is split (a few characters and the padding).
 */
export function planTable(
	needs: (size: number) => ColumnNeeds,
	size: number,
	width: number,
	narrowest: (size: number) => number,
): TablePlan {
	const tableSize = fittingSize(needs, size, width);
	const { natural, minimum } = needs(tableSize);
	// Columns in groups of consecutive ones that each keep at least `narrowest` (or their longest word).
	const floor = narrowest(tableSize);
	const groups: TablePlan['groups'] = [];
	let first = 0;
	while (first < minimum.length) {
		let end = first + 1;
		let used = Math.min(minimum[first], floor);
		while (end < minimum.length && used + Math.min(minimum[end], floor) <= width + TOLERANCE) {
			used += Math.min(minimum[end], floor);
			end += 1;
		}
		groups.push({
			first,
			widths: columnWidths(natural.slice(first, end), minimum.slice(first, end), width),
		});
		first = end;
	}
	return { size: tableSize, groups };
}
