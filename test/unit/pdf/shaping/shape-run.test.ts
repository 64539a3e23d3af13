/**
 * What shapeRun promises beside equalling HarfBuzz (harfbuzz-agreement.test.ts): glyphs in logical
 * order, each naming the characters it came from (a lam-alef ligature both letters, a letter its
 * harakat), joining forms that ZWNJ breaks and ZWJ makes, zero-width marks and joiners, the font's
 * language systems (Urdu digits), and which fonts cannot shape Hebrew as HarfBuzz would.
 */
import { readTrueType } from '../../../../nodes/shared/pdf/font/trueType';
import { shapeRun, shapingGap } from '../../../../nodes/shared/pdf/font/shaping/shape';
import { shapingFont } from '../../../harness/pdf/fonts';

const naskh = readTrueType(shapingFont('Noto Naskh Arabic'), 'font.regular');
const vazirmatn = readTrueType(shapingFont('Vazirmatn'), 'font.regular');
const hebrew = readTrueType(shapingFont('Noto Sans Hebrew'), 'font.regular');
/** Vazirmatn draws each joining form as one glyph (Noto Naskh Arabic as a dotless form and its dots). */
const arabic = (text: string, language?: string) =>
	shapeRun(vazirmatn, text, { script: 'Arabic', language });
const glyphs = (text: string) => arabic(text).map((glyph) => glyph.glyph);
const BEH = '\u0628';

test('a lam-alef ligature is one glyph naming both letters; glyphs come in logical order', () => {
	const shaped = arabic('\u0644\u0627 \u0628\u0627\u0628');
	expect(shaped[0]).toMatchObject({ textStart: 0, textEnd: 2 });
	expect(shaped.map((glyph) => glyph.textStart)).toEqual([0, 2, 3, 4, 5]);
	expect(shaped[shaped.length - 1].textEnd).toBe(6);
	expect(shaped[0].glyph).not.toBe(vazirmatn.glyphId(0x0644));
});

test('joining forms: initial, medial and final differ from the isolated letter', () => {
	const isolated = vazirmatn.glyphId(0x0628);
	const [initial, medial, final] = glyphs(BEH.repeat(3));
	expect(new Set([isolated, initial, medial, final]).size).toBe(4);
	expect(glyphs(BEH)).toEqual([isolated]);
	expect(glyphs(`${BEH}${BEH}`)).toEqual([initial, final]);
});

test('ZWNJ breaks joining and ZWJ joins, both drawn as a zero-width space glyph', () => {
	const isolated = vazirmatn.glyphId(0x0628);
	const [initial] = glyphs(`${BEH}${BEH}`);
	const broken = arabic(`${BEH}\u200c${BEH}`);
	expect(broken.map((glyph) => glyph.glyph)).toEqual([isolated, vazirmatn.glyphId(0x20), isolated]);
	expect(broken[1]).toMatchObject({ xAdvance: 0, xOffset: 0, textStart: 1, textEnd: 2 });
	const joined = arabic(`${BEH}\u200d`);
	expect(joined[0].glyph).toBe(initial);
	// ZWJ continues its letter's cluster (as HarfBuzz's graphemes do).
	expect(joined[1]).toMatchObject({ glyph: vazirmatn.glyphId(0x20), xAdvance: 0, textStart: 0 });
});

test('a haraka has no advance, sits on its letter, and belongs to its cluster', () => {
	const [letter, fatha] = arabic(`${BEH}\u064e`);
	expect(letter).toMatchObject({ textStart: 0, textEnd: 2 });
	expect(fatha).toMatchObject({ textStart: 0, textEnd: 2, xAdvance: 0 });
	// Placed by the font's mark-to-base anchors: moved onto the letter, not left at its pen position.
	expect(fatha.xOffset).toBeGreaterThan(0);
	expect(fatha.xOffset).toBeLessThan(letter.xAdvance);
});

test("the font's Urdu language system gives Urdu's own digit forms", () => {
	const digits = '\u06f4\u06f6\u06f7';
	const inNaskh = (language?: string) =>
		shapeRun(naskh, digits, { script: 'Arabic', language }).map((glyph) => glyph.glyph);
	expect(inNaskh('ur')).not.toEqual(inNaskh());
	expect(inNaskh('ur-PK')).toEqual(inNaskh('ur'));
	expect(inNaskh('fa')).toEqual(inNaskh());
});

test('a left-to-right run keeps its order, and an empty run has no glyphs', () => {
	const rtl = arabic('\u0661\u0662\u0663');
	const ltr = shapeRun(vazirmatn, '\u0661\u0662\u0663', { script: 'Arabic', direction: 'ltr' });
	expect(ltr.map((glyph) => glyph.glyph)).toEqual(rtl.map((glyph) => glyph.glyph));
	expect(ltr.map((glyph) => glyph.textStart)).toEqual([0, 1, 2]);
	expect(arabic('')).toEqual([]);
});

test('Hebrew: niqqud zero-width on their letters; a font without Hebrew GPOS is named', () => {
	const shaped = shapeRun(hebrew, '\u05e9\u05c1\u05b8', { script: 'Hebrew' });
	expect(shaped.map((glyph) => glyph.xAdvance === 0)).toEqual([false, true, true]);
	expect(shaped.every((glyph) => glyph.textStart === 0 && glyph.textEnd === 3)).toBe(true);
	expect(shapingGap(hebrew, 'Hebrew')).toBeUndefined();
	expect(shapingGap(naskh, 'Arabic')).toBeUndefined();
	expect(shapingGap(naskh, 'Hebrew')).toBe(
		'it has no Hebrew mark positioning (GPOS for the hebr script)',
	);
});
