/**
 * A code point's Joining_Type (Unicode's ArabicShaping.txt, derived for marks and format characters),
 * from the generated joiningTypes.ts: what cursive shaping (Arabic, Syriac, N'Ko ...) reads to choose
 * a letter's isolated, initial, medial or final form.
 */

import { JOINING_TYPE_RANGES } from './joiningTypes';
import { lookUpRange, readRangeTable } from './rangeTable';

/**
 * U non-joining, C join causing (tatweel, ZWJ), D dual joining, R right joining, L left joining,
 * T transparent (marks: skipped when finding a letter's neighbours).
 */
export type JoiningType = 'U' | 'C' | 'D' | 'R' | 'L' | 'T';

const JOINING_TYPES: readonly JoiningType[] = ['U', 'C', 'D', 'R', 'L', 'T'];

const table = readRangeTable(JOINING_TYPE_RANGES, JOINING_TYPES);

export function joiningType(codePoint: number): JoiningType {
	return JOINING_TYPES[lookUpRange(table, codePoint, 0)];
}
