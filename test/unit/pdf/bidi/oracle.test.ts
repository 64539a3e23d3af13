/**
 * The bidi module against bidi-js (a dev dependency; UAX #9 of Unicode 13, conformance-tested by its
 * authors) as an oracle: a few hundred seeded strings of Arabic (with harakat, Persian and Urdu
 * letters, ZWNJ), Hebrew (with niqqud), Latin words, both kinds of digits, brackets, dates, phone
 * numbers and isolates, broken into lines at spaces as a layout would: every character's level and
 * every line's visual order and mirrored characters equal bidi-js's.
 */
import bidiFactory from 'bidi-js';
import {
	lineLevels,
	mirroredCodePoint,
	resolveBidi,
	visualOrder,
	type TextDirection,
} from '../../../../nodes/shared/pdf/text/bidi';

const bidiJs = bidiFactory();

/** Mulberry32: the same strings on every run. */
function seeded(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const PIECES = [
	'محمد',
	'عليّ',
	'مُحَمَّدٌ',
	'الْعَرَبِيَّةُ',
	'لا',
	'السلام عليكم',
	'می‌خواهم',
	'پزشک',
	'گزارش',
	'اردو',
	'ڈاکٹر',
	'ہسپتال',
	'דוד',
	'כהן',
	'שָׁלוֹם',
	'בְּרֵאשִׁית',
	'Aspirin',
	'mg',
	'Dr.',
	'patient',
	'Tel:',
	'123',
	'4.5',
	'1,000',
	'٣٤٥',
	'۱۲۳',
	'2026-11-28',
	'+1 (555) 010-9999',
	'٪',
	'%',
	'$',
	'(',
	')',
	'[',
	']',
	'{',
	'}',
	'«',
	'»',
	'"',
	'،',
	'؟',
	'.',
	',',
	':',
	'/',
	'-',
	'!',
	'\u2067',
	'\u2066',
	'\u2068',
	'\u2069',
	'\u200f',
	'\u200e',
	'\t',
];

function sample(random: () => number): string {
	const words: string[] = [];
	const count = 2 + Math.floor(random() * 12);
	for (let i = 0; i < count; i += 1) {
		words.push(PIECES[Math.floor(random() * PIECES.length)]);
		if (random() < 0.7) words.push(' ');
	}
	return words.join('');
}

/** Lines broken at spaces, about `width` code units each: [start, end) ranges. */
function linesOf(text: string, width: number): Array<[number, number]> {
	const lines: Array<[number, number]> = [];
	let start = 0;
	while (start < text.length) {
		let end = Math.min(text.length, start + width);
		if (end < text.length) {
			const space = text.lastIndexOf(' ', end);
			if (space > start) end = space + 1;
		}
		lines.push([start, end]);
		start = end;
	}
	return lines;
}

/**
 * bidi-js's visual order of a line: its flips applied to the line's indices. Its getReorderSegments
 * resets trailing whitespace (L1) by the text's index in an array of the line's (1.0.3 and 1.1.0), so
 * it resets the wrong ones on any line but the first: it is given the line alone, with its levels.
 */
function oracleOrder(
	text: string,
	levels: ReturnType<typeof bidiJs.getEmbeddingLevels>,
	start: number,
	end: number,
): number[] {
	const paragraph = levels.paragraphs.find((p) => start >= p.start && start <= p.end);
	const line = {
		levels: levels.levels.slice(start, end),
		paragraphs: [{ start: 0, end: end - start - 1, level: paragraph?.level ?? 0 }],
	};
	const order = Array.from({ length: end - start }, (_, i) => start + i);
	for (const [first, last] of bidiJs.getReorderSegments(text.slice(start, end), line)) {
		const reversed = order.slice(first, last + 1).reverse();
		order.splice(first, reversed.length, ...reversed);
	}
	return order;
}

const CASES = 400;
const DIRECTIONS: TextDirection[] = ['auto', 'ltr', 'rtl'];

describe('the bidi module against bidi-js', () => {
	const random = seeded(56);
	const samples = Array.from({ length: CASES }, (_, i) => ({
		text: sample(random),
		direction: DIRECTIONS[i % 3],
		width: 8 + Math.floor(random() * 30),
	}));

	test('the samples hold every kind of piece and right-to-left paragraphs of both sources', () => {
		const all = samples.map((s) => s.text).join('');
		for (const piece of PIECES) expect(all).toContain(piece);
		const autoRtl = samples.filter(
			(s) => s.direction === 'auto' && resolveBidi(s.text).paragraphs[0].level === 1,
		);
		expect(autoRtl.length).toBeGreaterThan(40);
	});

	test.each(samples.map((s, i) => [i, s] as const))(
		'sample %i',
		(_, { text, direction, width }) => {
			const ours = resolveBidi(text, direction);
			const theirs = bidiJs.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
			expect(ours.paragraphs.map((p) => p.level)).toEqual(theirs.paragraphs.map((p) => p.level));
			expect(Array.from(lineLevels(ours, 0, text.length))).toEqual(Array.from(theirs.levels));
			// Its getMirroredCharactersMap reads the levels array, not the result object its README names.
			const mirrored = bidiJs.getMirroredCharactersMap(text, theirs.levels);
			for (const [start, end] of linesOf(text, width)) {
				expect(visualOrder(ours, start, end)).toEqual(oracleOrder(text, theirs, start, end));
				const levels = lineLevels(ours, start, end);
				for (let i = start; i < end; i += 1) {
					const mirror =
						levels[i - start] % 2 === 1 ? mirroredCodePoint(text.charCodeAt(i)) : undefined;
					expect([i, mirror === undefined ? undefined : String.fromCodePoint(mirror)]).toEqual([
						i,
						mirrored.get(i),
					]);
				}
			}
		},
	);
});
