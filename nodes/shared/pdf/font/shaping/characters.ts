/**
 * The Unicode properties shaping reads, from the generated tables: marks, default ignorables,
 * combining classes as HarfBuzz modifies them (Hebrew points in the SBL order, Arabic shadda before
 * the vowels), joining types, and the Hebrew and Arabic canonical pairs (mirroring is the bidi
 * algorithm's: text/bidi mirroredCodePoint).
 */

import { JOINING_TYPE_RANGES } from '../../text/joiningTypes';
import { lookUpRange, readRangeTable } from '../../text/rangeTable';
import {
	COMBINING_CLASS_RANGES,
	DECOMPOSITIONS,
	DEFAULT_IGNORABLE_RANGES,
	MARK_RANGES,
} from './characterProperties';

const MARK_NAMES = ['', 'Mn', 'Mc', 'Me'];
const marks = readRangeTable(MARK_RANGES, MARK_NAMES);
const ignorables = readRangeTable({ yes: DEFAULT_IGNORABLE_RANGES }, ['', 'yes']);
const CLASS_NAMES = ['', ...Object.keys(COMBINING_CLASS_RANGES)];
const combiningClasses = readRangeTable(COMBINING_CLASS_RANGES, CLASS_NAMES);
export const JOINING_TYPE_NAMES = ['U', 'C', 'D', 'R', 'L', 'T'] as const;
const joiningTypes = readRangeTable(JOINING_TYPE_RANGES, JOINING_TYPE_NAMES);

/** 0 not a mark, 1 nonspacing (Mn), 2 spacing (Mc), 3 enclosing (Me). */
export function markCategory(codePoint: number): number {
	return codePoint < 0x300 ? 0 : lookUpRange(marks, codePoint, 0);
}

export function isDefaultIgnorableCharacter(codePoint: number): boolean {
	return codePoint >= 0xad && lookUpRange(ignorables, codePoint, 0) === 1;
}

/** HarfBuzz's reordering of the fixed-position classes 10-26 (Hebrew) and 27-35 (Arabic). */
const MODIFIED: Readonly<Record<number, number>> = {
	10: 22,
	11: 15,
	12: 16,
	13: 17,
	14: 23,
	15: 18,
	16: 19,
	17: 20,
	18: 21,
	19: 14,
	20: 24,
	21: 12,
	22: 25,
	23: 13,
	24: 10,
	25: 11,
	26: 26,
	27: 28,
	28: 29,
	29: 30,
	30: 31,
	31: 32,
	32: 33,
	33: 27,
	34: 34,
	35: 35,
	84: 0,
	91: 0,
	103: 3,
};

/** The combining class HarfBuzz sorts marks by. */
export function modifiedCombiningClass(codePoint: number): number {
	if (codePoint < 0x300) return 0;
	const value = Number(CLASS_NAMES[lookUpRange(combiningClasses, codePoint, 0)] || 0);
	return MODIFIED[value] ?? value;
}

export type JoiningType = (typeof JOINING_TYPE_NAMES)[number];

export function joiningType(codePoint: number): JoiningType {
	return JOINING_TYPE_NAMES[lookUpRange(joiningTypes, codePoint, 0)];
}

const decompositions = new Map<number, readonly [number, number]>();
const compositions = new Map<string, number>();
for (const entry of DECOMPOSITIONS.split(' ')) {
	const excluded = entry.endsWith('!');
	const [composed, first, second] = entry
		.replace('!', '')
		.split('.')
		.map((part) => parseInt(part, 36));
	decompositions.set(composed, [first, second]);
	if (!excluded) compositions.set(`${first}.${second}`, composed);
}

/** The canonical pair a Hebrew or Arabic character decomposes into. */
export function decomposition(codePoint: number): readonly [number, number] | undefined {
	return decompositions.get(codePoint);
}

/** The character a canonical pair composes to (exclusions never). */
export function composition(first: number, second: number): number | undefined {
	return compositions.get(`${first}.${second}`);
}
