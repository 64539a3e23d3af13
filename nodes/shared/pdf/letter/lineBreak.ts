/**
 * Where a line may break, for the wrappers (layout.ts, markdown/richText.ts), by Unicode's line-breaking
 * classes (lineBreakRules.ts, UAX #14). Latin text breaks where it always did: at spaces and tabs, and
 * after a hyphen or slash inside a word (wordPieces). Chinese and Japanese have no spaces and Korean
 * words may be longer than a line, so where an ideograph, kana, hangul or CJK punctuation takes part a
 * line may also break wherever UAX #14 allows. Everywhere, spaces included, UAX #14's prohibitions hold:
 * no line starts with closing punctuation, a small kana or ー (classes CL, CP, EX, IS, NS; nor with SY
 * after spaces) and none ends with an opening bracket (OP). A piece wider than a whole line is cut by
 * characters, and the cut keeps the same rules where it can (cutIntoLines).
 */

import type { LineBreakClass } from './lineBreakRules';
import {
	lineBreakClass,
	mayBreakAcrossSpaces,
	mayBreakBetween,
	resolvedClass,
} from './lineBreakRules';

/**
 * The pieces of a word a line may break between: after a run of '-' or '/' with a character on both
 * sides ("follow-" "up", "https://" "example.com/" "a"). A leading '-' ("-5") or '/' stays attached.
 */
export function wordPieces(word: string): string[] {
	return word.split(/(?<=[^-/][-/]+)(?=[^-/])/);
}

/** Ideographs, kana, hangul, CJK symbols and full-width forms: text that breaks between characters. */
const EAST_ASIAN_CLASSES = new Set<LineBreakClass>(['ID', 'CJ', 'H2', 'H3', 'JL', 'JV', 'JT']);
const EAST_ASIAN_BLOCKS: ReadonlyArray<readonly [number, number]> = [
	[0x2e80, 0x2fdf], // CJK radicals, Kangxi radicals
	[0x3000, 0x30ff], // CJK symbols and punctuation, hiragana, katakana
	[0x3130, 0x318f], // hangul compatibility jamo
	[0x31c0, 0x4dbf], // strokes, katakana extension, enclosed, extension A
	[0xfe30, 0xfe4f], // CJK compatibility forms
	[0xff00, 0xffef], // full-width and half-width forms
];

function isEastAsian(codePoint: number): boolean {
	return (
		EAST_ASIAN_CLASSES.has(lineBreakClass(codePoint)) ||
		EAST_ASIAN_BLOCKS.some(([first, last]) => codePoint >= first && codePoint <= last)
	);
}

/** What no line starts with: closing punctuation, ! and ?, infix separators, non-starters (、。ー っ). */
const NO_LINE_START = new Set<LineBreakClass>(['CL', 'CP', 'EX', 'IS', 'NS']);

const SPACE = ' ';

/** The code point indexes wordPieces breaks a word at. */
function wordPieceStarts(word: string): Set<number> {
	const starts = new Set<number>();
	let index = 0;
	for (const piece of wordPieces(word).slice(0, -1)) {
		index += [...piece].length;
		starts.add(index);
	}
	return starts;
}

/**
 * The pieces of a word a line may break between: after a hyphen or slash (wordPieces) unless a
 * non-starter or closing punctuation follows, and between East Asian characters and their neighbours
 * where UAX #14 allows. Spaces inside the word (joinUnbreakableSpaces put them there) never break.
 */
export function breakPieces(word: string): string[] {
	const characters = [...word];
	const legacyStarts = wordPieceStarts(word);
	const pieces: string[] = [];
	let current = '';
	// The class and code point the rules see before each character: a combining mark takes its base's (LB9).
	let before: { lineClass: LineBreakClass; codePoint: number } | undefined;
	characters.forEach((character, index) => {
		const codePoint = character.codePointAt(0)!;
		const lineClass = resolvedClass(codePoint);
		if (character === SPACE) {
			current += character;
			return;
		}
		if (before !== undefined && lineClass !== 'CM' && characters[index - 1] !== SPACE) {
			const breaks = legacyStarts.has(index)
				? mayBreakAcrossSpaces(before.lineClass, lineClass) && !NO_LINE_START.has(lineClass)
				: mayBreakBetween(before.lineClass, lineClass) &&
					(isEastAsian(before.codePoint) || isEastAsian(codePoint));
			if (breaks) {
				pieces.push(current);
				current = '';
			}
		}
		current += character;
		// A mark at the start stands alone: LB10 reads it as AL.
		if (lineClass !== 'CM' || before === undefined)
			before = { lineClass: lineClass === 'CM' ? 'AL' : lineClass, codePoint };
	});
	pieces.push(current);
	return pieces;
}

/** The class the rules see for a word's last character (a trailing mark's base's) and first (a mark: AL). */
function lastClass(word: string): LineBreakClass {
	const characters = [...word];
	for (let index = characters.length - 1; index >= 0; index -= 1) {
		const lineClass = resolvedClass(characters[index].codePointAt(0)!);
		if (lineClass !== 'CM') return lineClass;
	}
	return 'AL';
}

function firstClass(word: string): LineBreakClass {
	const lineClass = resolvedClass(word.codePointAt(0)!);
	return lineClass === 'CM' ? 'AL' : lineClass;
}

/** Whether a line may break at spaces between two words (UAX #14 LB13 to LB17: "word ," holds together). */
export function mayBreakAtSpaces(before: string, after: string): boolean {
	return mayBreakAcrossSpaces(lastClass(before), firstClass(after));
}

/**
 * Words and whitespace runs, with every run of spaces a line may not break at joined with the words on
 * both sides into one word ("(see", " ", "note )" -> "(see", " ", "note )"; "mg", " ", "/" -> "mg /").
 * A run holding a tab stays a break: it reaches a tab stop, which only its line's position tells.
 */
export function joinUnbreakableSpaces<T>(
	tokens: readonly T[],
	textOf: (token: T) => string,
	join: (tokens: T[]) => T,
): T[] {
	const isWhitespace = (token: T) => /^[ \t]+$/.test(textOf(token));
	const joined: T[] = [];
	for (const token of tokens) {
		const spaces = joined[joined.length - 1];
		const word = joined[joined.length - 2];
		if (
			word !== undefined &&
			!isWhitespace(token) &&
			!isWhitespace(word) &&
			/^ +$/.test(textOf(spaces)) &&
			!mayBreakAtSpaces(textOf(word), textOf(token))
		)
			joined.splice(joined.length - 2, 2, join([word, spaces, token]));
		else joined.push(token);
	}
	return joined;
}

/** Whether a piece too wide for a line may be cut between two characters (UAX #14's starts and ends). */
export function mayCutBetween(before: string, after: string): boolean {
	const afterClass = resolvedClass(after.codePointAt(0)!);
	return (
		!NO_LINE_START.has(afterClass) &&
		afterClass !== 'CM' &&
		resolvedClass(before.codePointAt(0)!) !== 'OP'
	);
}

/**
 * Cuts a piece too wide for a line into lines: where each line after the first starts (code point
 * indexes). `fits(units, first)` says whether characters measuring `units` fit a line (the first
 * shares its line with what is on it already; `firstMayBeEmpty` when that is something). A line ends
 * at the last character that fits and may end there (mayCutBetween); where none may, at the last that
 * fits, so no text is lost; a character wider than a line stands alone.
 */
export function cutIntoLines(
	characters: readonly string[],
	widthOf: (index: number) => number,
	fits: (units: number, first: boolean) => boolean,
	firstMayBeEmpty: boolean,
): number[] {
	const cuts: number[] = [];
	let start = 0;
	let units = 0;
	const first = () => cuts.length === 0;
	for (let index = 0; index < characters.length; index += 1) {
		units += widthOf(index);
		while (!fits(units, first())) {
			let cut = index;
			while (cut > start && !mayCutBetween(characters[cut - 1], characters[cut])) cut -= 1;
			if (cut === start) cut = index;
			if (cut === start && !(first() && firstMayBeEmpty)) break;
			cuts.push(cut);
			start = cut;
			units = 0;
			for (let counted = start; counted <= index; counted += 1) units += widthOf(counted);
		}
	}
	return cuts;
}
