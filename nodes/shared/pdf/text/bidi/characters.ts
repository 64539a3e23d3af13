/**
 * The Unicode character data of the bidirectional algorithm: a code point's Bidi_Class, its
 * Bidi_Mirroring_Glyph and its Bidi_Paired_Bracket(_Type), from the generated tables.
 */

import { lookUpRange, readPairs, readRangeTable } from '../rangeTable';
import { BIDI_CLASS_RANGES } from './bidiClasses';
import { BRACKET_EQUIVALENTS, BRACKET_PAIRS, MIRRORING_PAIRS } from './bidiBrackets';

/** The bidi classes, numbered as the algorithm's arrays hold them (the generator's order). */
export const BIDI_CLASS_NAMES = [
	'L',
	'R',
	'AL',
	'EN',
	'ES',
	'ET',
	'AN',
	'CS',
	'NSM',
	'BN',
	'B',
	'S',
	'WS',
	'ON',
	'LRE',
	'LRO',
	'RLE',
	'RLO',
	'PDF',
	'LRI',
	'RLI',
	'FSI',
	'PDI',
] as const;

export type BidiClassName = (typeof BIDI_CLASS_NAMES)[number];

export const L = 0;
export const R = 1;
export const AL = 2;
export const EN = 3;
export const ES = 4;
export const ET = 5;
export const AN = 6;
export const CS = 7;
export const NSM = 8;
export const BN = 9;
export const B = 10;
export const S = 11;
export const WS = 12;
export const ON = 13;
export const LRE = 14;
export const LRO = 15;
export const RLE = 16;
export const RLO = 17;
export const PDF = 18;
export const LRI = 19;
export const RLI = 20;
export const FSI = 21;
export const PDI = 22;

const classTable = readRangeTable(BIDI_CLASS_RANGES, BIDI_CLASS_NAMES);

/** The Basic Multilingual Plane's classes, filled on first use: most text looks up nothing else. */
let bmpClasses: Uint8Array | undefined;

function fillBmpClasses(): Uint8Array {
	const classes = new Uint8Array(0x10000);
	const { firsts, lasts, values } = classTable;
	for (let i = 0; i < firsts.length && firsts[i] < 0x10000; i += 1)
		classes.fill(values[i], firsts[i], Math.min(lasts[i], 0xffff) + 1);
	return classes;
}

/** A code point's Bidi_Class, as its number in BIDI_CLASS_NAMES. */
export function bidiClass(codePoint: number): number {
	if (codePoint < 0x10000) {
		bmpClasses ??= fillBmpClasses();
		return bmpClasses[codePoint];
	}
	return lookUpRange(classTable, codePoint, L);
}

const mirrors = readPairs(MIRRORING_PAIRS);
const closingBrackets = readPairs(BRACKET_PAIRS);
const openingBrackets = new Map([...closingBrackets].map(([open, close]) => [close, open]));
const equivalents = readPairs(BRACKET_EQUIVALENTS);

/** The code point that mirrors this one in right-to-left text (L4), or undefined when none does. */
export function mirroredCodePoint(codePoint: number): number | undefined {
	return mirrors.get(codePoint);
}

/**
 * For a paired bracket, the opening bracket of its pair, canonical equivalents made one, positive
 * for an opening bracket and negative for a closing one; 0 for any other code point.
 */
export function bracketKey(codePoint: number): number {
	const canonical = equivalents.get(codePoint) ?? codePoint;
	if (closingBrackets.has(canonical)) return canonical;
	const open = openingBrackets.get(canonical);
	return open === undefined ? 0 : -open;
}
