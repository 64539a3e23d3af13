/**
 * Unicode's line breaking algorithm (UAX #14) as a pair rule: a character's line-breaking class (from
 * the generated lineBreakClasses.ts) and, for two classes, whether a line may break between them when
 * they touch and when spaces come between them. Rules LB7 to LB31 for the classes kept in the table,
 * the rest resolved as LB1 says (AI, SA, SG, XX -> AL; CJ -> NS, the strict breaking Japanese uses, so
 * small kana and ー never start a line). Simplified where the letter has no use for more: quotation
 * marks follow LB19 of Unicode 15.0 (no break on either side of one, whatever the context), LB25 is
 * its pair form, LB30's "not East Asian" test on an opening bracket is left out (no break between a
 * letter or digit and any opening bracket).
 */

import { lookUpRange, readRangeTable } from '../text/rangeTable';
import { LINE_BREAK_RANGES } from './lineBreakClasses';

export type LineBreakClass =
	| 'OP'
	| 'CL'
	| 'CP'
	| 'QU'
	| 'GL'
	| 'NS'
	| 'EX'
	| 'SY'
	| 'IS'
	| 'PR'
	| 'PO'
	| 'NU'
	| 'AL'
	| 'ID'
	| 'CJ'
	| 'IN'
	| 'BA'
	| 'BB'
	| 'B2'
	| 'HY'
	| 'SP'
	| 'ZW'
	| 'CM'
	| 'WJ'
	| 'H2'
	| 'H3'
	| 'JL'
	| 'JV'
	| 'JT';

const HANGUL_FIRST = 0xac00;

/** Every class the table names, in one order: a range's value is its index here. */
const CLASS_NAMES = Object.keys(LINE_BREAK_RANGES) as LineBreakClass[];
const TABLE = readRangeTable(LINE_BREAK_RANGES, CLASS_NAMES);
const AL = -1;

/** A code point's line-breaking class as LineBreak.txt gives it (AL for one the table leaves out). */
export function lineBreakClass(codePoint: number): LineBreakClass {
	const index = lookUpRange(TABLE, codePoint, AL);
	if (index === AL) return 'AL';
	const found = CLASS_NAMES[index];
	// The table holds every Hangul syllable as H3; the LV ones are every 28th.
	if (found === 'H3' && codePoint >= HANGUL_FIRST && (codePoint - HANGUL_FIRST) % 28 === 0)
		return 'H2';
	return found;
}

/** The class the rules see (LB1): conditional Japanese starters are non-starters. */
export function resolvedClass(codePoint: number): LineBreakClass {
	const found = lineBreakClass(codePoint);
	return found === 'CJ' ? 'NS' : found;
}

/** Classes no line starts with, even after spaces (LB13): closing punctuation, !, ?, infix separators, /. */
const NO_BREAK_BEFORE_EVEN_AFTER_SPACES = new Set<LineBreakClass>(['CL', 'CP', 'EX', 'IS', 'SY']);

/** LB7, LB8, LB11, LB13 to LB17: the rules that hold across spaces too (`before` is the class before them). */
export function mayBreakAcrossSpaces(before: LineBreakClass, after: LineBreakClass): boolean {
	if (after === 'ZW') return false; // LB7
	if (before === 'ZW') return true; // LB8
	if (after === 'WJ') return false; // LB11
	if (NO_BREAK_BEFORE_EVEN_AFTER_SPACES.has(after)) return false;
	if (before === 'OP') return false;
	if (before === 'QU' && after === 'OP') return false;
	if ((before === 'CL' || before === 'CP') && after === 'NS') return false;
	return !(before === 'B2' && after === 'B2');
}

const HANGUL_JAMO = new Set<LineBreakClass>(['JL', 'JV', 'JT', 'H2', 'H3']);
const pairsOf = (list: string): Set<string> => new Set(list.split(' '));
/** LB25 in its pair form: numbers with their prefixes, postfixes and separators stay together. */
const NUMBER_PAIRS = pairsOf(
	'CL/PO CP/PO CL/PR CP/PR NU/PO NU/PR PO/OP PO/NU PR/OP PR/NU HY/NU IS/NU NU/NU SY/NU',
);
/** LB26: the jamo of a Korean syllable block stay together. */
const JAMO_PAIRS = pairsOf('JL/JL JL/JV JL/H2 JL/H3 JV/JV JV/JT H2/JV H2/JT JT/JT H3/JT');

/** LB19 to LB30: what keeps two touching characters together beyond the rules across spaces. */
function heldTogether(before: LineBreakClass, after: LineBreakClass): boolean {
	if (before === 'QU' || after === 'QU') return true; // LB19
	if (after === 'BA' || after === 'HY' || after === 'NS' || before === 'BB') return true; // LB21
	if (after === 'IN') return true; // LB22
	const pair = `${before}/${after}`;
	if (pair === 'AL/NU' || pair === 'NU/AL') return true; // LB23
	if (pair === 'PR/ID' || pair === 'ID/PO') return true; // LB23a
	if (pair === 'PR/AL' || pair === 'PO/AL' || pair === 'AL/PR' || pair === 'AL/PO') return true; // LB24
	if (NUMBER_PAIRS.has(pair) || JAMO_PAIRS.has(pair)) return true; // LB25, LB26
	if (HANGUL_JAMO.has(before) && after === 'PO') return true; // LB27
	if (before === 'PR' && HANGUL_JAMO.has(after)) return true; // LB27
	if (pair === 'AL/AL' || pair === 'IS/AL') return true; // LB28, LB29
	return pair === 'AL/OP' || pair === 'NU/OP' || pair === 'CP/AL' || pair === 'CP/NU'; // LB30
}

/**
 * Whether a line may break between two touching characters of these classes (`after` not a combining
 * mark: LB9 keeps one with the character before it, whose class it takes).
 */
export function mayBreakBetween(before: LineBreakClass, after: LineBreakClass): boolean {
	if (after === 'ZW') return false; // LB7
	if (before === 'ZW') return true; // LB8
	if (before === 'WJ' || before === 'GL') return false; // LB11, LB12
	if (after === 'GL' && before !== 'BA' && before !== 'HY') return false; // LB12a
	return mayBreakAcrossSpaces(before, after) && !heldTogether(before, after);
}
