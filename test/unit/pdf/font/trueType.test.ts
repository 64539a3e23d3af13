import { FontError } from '../../../../nodes/shared/pdf/errors';
import { readTrueType } from '../../../../nodes/shared/pdf/font/trueType';
import {
	cffFont,
	collection,
	nanumGothic,
	notoSans,
	sawarabiGothic,
	sourceSansVariable,
	tablesOf,
	withTables,
} from '../../../harness/pdf/fonts';

/** The TrueType reader: what it reads of real fonts, and every kind of file it refuses. */

/** The FontError a call throws (fails the test when it throws nothing or something else). */
function fontError(call: () => unknown): FontError {
	try {
		call();
	} catch (error) {
		expect(error).toBeInstanceOf(FontError);
		return error as FontError;
	}
	throw new Error('expected a FontError, nothing was thrown');
}

describe('reading a TrueType font', () => {
	test('Noto Sans: units per em, glyph count, PostScript name, metrics from head, OS/2 and post', () => {
		const font = readTrueType(notoSans(), 'font.regular');
		expect(font.unitsPerEm).toBe(1000);
		expect(font.glyphCount).toBeGreaterThan(3000);
		expect(font.postScriptName).toBe('NotoSans-Regular');
		expect(font.variable).toBe(false);
		expect(font.metrics).toMatchObject({ italicAngle: 0, fixedPitch: false });
		expect(font.metrics.ascent).toBeGreaterThan(700);
		expect(font.metrics.descent).toBeLessThan(0);
		expect(font.metrics.capHeight).toBeGreaterThan(650);
		expect(font.metrics.capHeight).toBeLessThan(750);
	});

	test('code points map to glyphs through cmap format 12 (Noto Sans, Sawarabi Gothic) and format 4 (Nanum Gothic)', () => {
		const noto = readTrueType(notoSans(), 'font.regular');
		for (const character of 'AaΓώИїễƯ') expect(noto.has(character.codePointAt(0)!)).toBe(true);
		expect(noto.has('山'.codePointAt(0)!)).toBe(false);
		expect(noto.glyphId(0x1f600)).toBe(0);
		const sawarabi = readTrueType(sawarabiGothic(), 'font.regular');
		for (const character of '山田太郎東京都千代田区丸の内王小明、。」）')
			expect(sawarabi.has(character.codePointAt(0)!)).toBe(true);
		const nanum = readTrueType(nanumGothic(), 'font.regular');
		for (const character of '김민준가힣') expect(nanum.has(character.codePointAt(0)!)).toBe(true);
		// Format 4 reaches the Basic Multilingual Plane only.
		expect(nanum.glyphId(0x20000)).toBe(0);
	});

	test('advance widths come from hmtx, scaled to 1/1000 em (an ideograph is one em)', () => {
		const noto = readTrueType(notoSans(), 'font.regular');
		const space = noto.glyphId(0x20);
		expect(noto.advanceUnits(space)).toBe(
			Math.round((noto.advance(space) * 1000) / noto.unitsPerEm),
		);
		const sawarabi = readTrueType(sawarabiGothic(), 'font.regular');
		expect(sawarabi.advanceUnits(sawarabi.glyphId('山'.codePointAt(0)!))).toBe(1000);
	});

	test('a variable font is read at Regular: Source Sans 3 VF, whose stored outlines are ExtraLight', () => {
		const font = readTrueType(sourceSansVariable(), 'font.regular');
		expect(font.variable).toBe(true);
		expect(font.variableWeight).toMatchObject({ defaultWeight: 200, weight: 400 });
		expect(font.postScriptName).toBe('SourceSans3VF-Regular');
		expect(font.has('ễ'.codePointAt(0)!)).toBe(true);
		// A static font has no weight to set.
		expect(readTrueType(notoSans(), 'font.regular').variableWeight).toBeUndefined();
	});
});

describe('files that are not usable TrueType fonts are refused, saying why', () => {
	test("an OpenType font with CFF outlines ('OTTO')", () => {
		const error = fontError(() => readTrueType(cffFont(), 'font.bold'));
		expect(error).toMatchObject({ reason: 'cff', field: 'font.bold' });
		expect(error.message).toMatch(
			/^font\.bold is an OpenType font with CFF \(PostScript\) outlines/,
		);
	});

	test('a TrueType font without glyf but with a CFF table', () => {
		const error = fontError(() =>
			readTrueType(withTables(notoSans(), { 'CFF ': new Uint8Array(8) }, ['glyf']), 'font.regular'),
		);
		expect(error.reason).toBe('cff');
	});

	test("a TrueType collection ('ttcf')", () => {
		const error = fontError(() => readTrueType(collection(), 'font.regular'));
		expect(error.reason).toBe('collection');
		expect(error.message).toContain('TrueType collection');
	});

	test('web fonts, a PDF and text are not TrueType', () => {
		for (const [bytes, words] of [
			[Buffer.from('wOFF\x00\x01\x00\x00 and the rest', 'latin1'), 'WOFF'],
			[Buffer.from('wOF2\x00\x01\x00\x00 and the rest', 'latin1'), 'WOFF2'],
			[Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), 'not a TrueType font file'],
			[Buffer.from('Dear Dr. Smith, ...', 'latin1'), 'not a TrueType font file'],
		] as const) {
			const error = fontError(() => readTrueType(bytes, 'font.regular'));
			expect(error.reason).toBe('notTrueType');
			expect(error.message).toContain(words);
		}
	});

	test('a TrueType file without a required table', () => {
		const error = fontError(() =>
			readTrueType(withTables(notoSans(), {}, ['hmtx']), 'font.regular'),
		);
		expect(error).toMatchObject({ reason: 'notTrueType' });
		expect(error.message).toContain("no 'hmtx' table");
	});

	test('a file cut short anywhere is damaged, never read as zeros', () => {
		const font = notoSans();
		// Where the table that ends last ends (the file may have padding after it).
		const end = Math.max(
			...[...tablesOf(font).keys()].map((tag) => {
				const record = font.indexOf(Buffer.from(tag, 'latin1'), 12);
				return font.readUInt32BE(record + 8) + font.readUInt32BE(record + 12);
			}),
		);
		for (const length of [0, 4, 11, 12, 100, 400, 4096, font.length >> 1, end - 1]) {
			const error = fontError(() => readTrueType(font.subarray(0, length), 'font.italic'));
			expect(error).toMatchObject({ reason: 'damaged', field: 'font.italic' });
			expect(error.message).toMatch(
				/^font\.italic is a damaged TrueType file: .*; the file may be cut short$/,
			);
		}
	});

	test('a glyph pointing outside glyf is damaged when it is drawn', () => {
		const font = notoSans();
		const glyfOnly = withTables(font, { glyf: new Uint8Array(8) });
		const broken = readTrueType(glyfOnly, 'font.regular');
		const error = fontError(() => broken.glyph(broken.glyphId('A'.codePointAt(0)!)));
		expect(error.reason).toBe('damaged');
		expect(error.message).toContain('lies outside its glyf table');
	});
});
