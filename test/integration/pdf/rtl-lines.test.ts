/**
 * Whole lines as the letter writer lays them out (visualLine: UAX #9 with its paragraph's direction,
 * level runs reordered, Arabic and Hebrew shaped with the font's tables) against a reference built of
 * bidi-js and HarfBuzz (test/harness/pdf/rtlLines.ts): the shaping corpus's runs taken as lines and
 * the mixed lines of test/fixtures/shaping/lines.json (English sentences naming Arabic and Hebrew
 * patients, Arabic, Persian, Urdu and Hebrew sentences with Latin drug names, dates, phone numbers,
 * brackets and both kinds of digits, ZWNJ, harakat and niqqud), each in the fonts it names. For every
 * line and font: the same glyphs in the same visual order, each drawn within 0.02 em of where the
 * reference draws it, and every character's bidi level and the paragraph's direction as bidi-js's.
 * Latin runs are shaped by HarfBuzz with kerning off ("-kern"): the letter writer draws text other
 * than Arabic and Hebrew a glyph a character from the cmap, and has never kerned Latin (HarfBuzz
 * kerns Latin in all three fonts: up to 0.18 em along a line). One more difference comes of it, kept
 * in sight by its own test: Noto Naskh Arabic's GSUB has, for the latn script, a locl that draws the
 * colon and the full stop in Latin style (colon.locl, period.locl, wider than the cmap's Arabic-style
 * ones); HarfBuzz applies it in a Latin run, the letter writer draws the cmap's glyphs. The lines in
 * that font are compared with locl off in Latin runs too, and the test of the difference fails the
 * day the letter writer shapes Latin, to say the exception can go.
 */
import type { ShapingFontName } from '../../harness/pdf/fonts';
import { readTrueType } from '../../../nodes/shared/pdf/font/trueType';
import { shapingFont } from '../../harness/pdf/fonts';
import {
	lineCorpus,
	lineDifference,
	ourGlyphs,
	ourLevels,
	referenceGlyphs,
	referenceLevels,
	referenceRuns,
} from '../../harness/pdf/rtlLines';

const corpus = lineCorpus();
const FONTS: ShapingFontName[] = ['Noto Naskh Arabic', 'Vazirmatn', 'Noto Sans Hebrew'];
/** HarfBuzz's features off in Latin runs, by font (the header says why). */
const LATIN_FEATURES: Record<string, string[]> = {
	'Noto Naskh Arabic': ['-kern', '-locl'],
	Vazirmatn: ['-kern'],
	'Noto Sans Hebrew': ['-kern'],
};
const linesIn = (font: ShapingFontName) => corpus.filter((line) => line.fonts.includes(font));

test('the corpus holds at least 200 lines, 60 of them mixed, of every kind the issue names', () => {
	expect(corpus.length).toBeGreaterThanOrEqual(200);
	const mixed = corpus.filter((line) => line.mixed);
	expect(mixed.length).toBeGreaterThanOrEqual(60);
	const all = mixed.map((line) => line.text).join('\n');
	// Latin words, a date, a phone number, brackets, Arabic-Indic and Persian digits, ZWNJ, harakat, niqqud.
	for (const pattern of [
		/[A-Za-z]{5}/,
		/12\/03\/2026/,
		/\+1 \(555\) 010-2233/,
		/\[/,
		/[٠-٩]/,
		/[۰-۹]/,
		/\u200c/,
		/[\u064b-\u0652]/,
		/[\u05b0-\u05bc]/,
	])
		expect(all).toMatch(pattern);
	// English paragraphs naming Arabic and Hebrew patients, and right-to-left ones.
	for (const category of ['english-arabic-patient', 'english-hebrew-patient', 'hebrew-latin'])
		expect(mixed.filter((line) => line.category === category).length).toBeGreaterThanOrEqual(5);
	for (const font of FONTS) {
		const lines = linesIn(font);
		const hebrew = font === 'Noto Sans Hebrew';
		expect(lines.length).toBeGreaterThanOrEqual(hebrew ? 80 : 250);
		// Lines the bidi algorithm and itemization cut into more than one shaping run.
		const reordered = lines.filter(
			(line) => referenceRuns(line.text, line.direction, LATIN_FEATURES[font]).length > 1,
		);
		expect(reordered.length).toBeGreaterThanOrEqual(hebrew ? 15 : 60);
	}
});

test("every line's bidi levels and paragraph direction are bidi-js's", () => {
	const differing = corpus.flatMap((line, index) => {
		const ours = ourLevels(line.text, line.direction);
		const theirs = referenceLevels(line.text, line.direction);
		return JSON.stringify(ours) === JSON.stringify(theirs) ? [] : [{ index, ours, theirs }];
	});
	expect(differing).toEqual([]);
});

describe.each(FONTS)('%s', (font) => {
	const lines = linesIn(font);

	test('each line has the reference’s glyphs in visual order, each within 0.02 em', () => {
		const reference = referenceGlyphs(font, lines, LATIN_FEATURES[font]);
		expect(reference).toHaveLength(lines.length);
		const differences = lines.flatMap((line, index) => {
			const found = lineDifference(
				ourGlyphs(font, line.text, line.direction),
				reference[index],
				20,
			);
			return found === undefined ? [] : [{ category: line.category, text: line.text, ...found }];
		});
		expect(differences).toEqual([]);
	});
});

test('Noto Naskh Arabic: HarfBuzz draws the Latin-style colon and full stop (latn locl) in Latin runs, the letter writer the cmap’s', () => {
	const font = 'Noto Naskh Arabic';
	const cmap = readTrueType(shapingFont(font), 'font.regular');
	const lines = linesIn(font);
	const reference = referenceGlyphs(font, lines, ['-kern']);
	const substituted = new Set<string>();
	let affected = 0;
	lines.forEach((line, index) => {
		const ours = ourGlyphs(font, line.text, line.direction);
		expect(ours.map(([glyph]) => glyph).length).toBe(reference[index].length);
		const pairs = ours.flatMap(([glyph], at) =>
			glyph === reference[index][at][0] ? [] : [`${glyph}>${reference[index][at][0]}`],
		);
		if (pairs.length > 0) affected += 1;
		for (const pair of pairs) substituted.add(pair);
	});
	// colon > colon.locl, period > period.locl: nothing else differs.
	expect([...substituted].sort()).toEqual(
		[`${cmap.glyphId(0x3a)}>173`, `${cmap.glyphId(0x2e)}>170`].sort(),
	);
	expect(affected).toBeGreaterThan(0);
});
