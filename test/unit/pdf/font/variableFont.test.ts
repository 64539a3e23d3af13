import { FontError } from '../../../../nodes/shared/pdf/errors';
import { readOutline } from '../../../../nodes/shared/pdf/font/glyphOutline';
import type { TrueTypeFont } from '../../../../nodes/shared/pdf/font/trueType';
import { readTrueType } from '../../../../nodes/shared/pdf/font/trueType';
import { letterFaces } from '../../../../nodes/shared/pdf/letter/faces';
import type { Face } from '../../../../nodes/shared/pdf/letter/fontName';
import {
	notoSans,
	notoSansBold,
	sourceSansPath,
	sourceSansVariable,
	sourceSansVariableCff2,
	sourceSansVariableItalic,
	tablesOf,
	withTables,
} from '../../../harness/pdf/fonts';
import { readFileSync } from 'fs';

/**
 * A variable font read at the weight a face prints: Source Sans 3 VF, whose stored outlines are its
 * ExtraLight (200), drawn at Regular (400) and Bold (700), named after its instance; the fonts whose
 * variations cannot be applied refused, naming the default weight and how to get a static font.
 * (test/integration/pdf/variable-font.test.ts checks the outlines against fontTools' instancer.)
 */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const staticRegular = () => readFileSync(sourceSansPath('TTF/SourceSans3-Regular.ttf'));
const staticBold = () => readFileSync(sourceSansPath('TTF/SourceSans3-Bold.ttf'));
const glyphOf = (font: TrueTypeFont, character: string) => font.glyphId(character.codePointAt(0)!);
/** A glyph's box width from its header. */
const boxWidth = (font: TrueTypeFont, character: string) => {
	const glyph = Buffer.from(font.glyph(glyphOf(font, character)));
	return glyph.readInt16BE(6) - glyph.readInt16BE(2);
};

function fontError(call: () => unknown): FontError {
	try {
		call();
	} catch (error) {
		expect(error).toBeInstanceOf(FontError);
		return error as FontError;
	}
	throw new Error('expected a FontError, nothing was thrown');
}

describe('a variable font is drawn at the weight of its face', () => {
	test.each([
		[400, staticRegular, 'SourceSans3VF-Regular'],
		[700, staticBold, 'SourceSans3VF-Bold'],
	])(
		'at %i its widths and stems are those of the family’s static font of that weight',
		(weight, staticFont, name) => {
			const variable = readTrueType(sourceSansVariable(), 'font.regular', weight);
			const reference = readTrueType(staticFont(), 'font.regular');
			expect(variable.variableWeight).toMatchObject({ defaultWeight: 200, weight });
			expect(variable.postScriptName).toBe(name);
			// Adobe's static files are a separate build of the same masters: a unit or two apart at most.
			for (const character of LETTERS) {
				const advance = variable.advance(glyphOf(variable, character));
				expect(
					Math.abs(advance - reference.advance(glyphOf(reference, character))),
				).toBeLessThanOrEqual(1);
				expect(
					Math.abs(boxWidth(variable, character) - boxWidth(reference, character)),
				).toBeLessThanOrEqual(2);
			}
		},
	);

	test('the stored outlines are ExtraLight: narrower stems and advances than the instance drawn', () => {
		const drawn = readTrueType(sourceSansVariable(), 'font.regular');
		const stored = readTrueType(sourceSansVariable(), 'font.regular', 200);
		expect(stored.variableWeight).toEqual({
			defaultWeight: 200,
			weight: 200,
			postScriptNameId: expect.any(Number),
		});
		expect(stored.postScriptName).toBe('SourceSans3VF-ExtraLight');
		// The 'l' is one stem: about 40 units wide at ExtraLight and 84 at Regular (of 1000).
		expect(boxWidth(drawn, 'l') - boxWidth(stored, 'l')).toBeGreaterThan(35);
		expect(drawn.advance(glyphOf(drawn, 'H'))).toBeGreaterThan(
			stored.advance(glyphOf(stored, 'H')),
		);
		// The stored glyph bytes are what the file holds; the drawn ones are new.
		expect(Buffer.from(stored.glyph(glyphOf(stored, 'l')))).not.toEqual(
			Buffer.from(drawn.glyph(glyphOf(drawn, 'l'))),
		);
	});

	test('a weight outside the axis is clamped to it; one between named instances is named by its weight', () => {
		expect(readTrueType(sourceSansVariable(), 'font.bold', 1000)).toMatchObject({
			variableWeight: { weight: 900 },
			postScriptName: 'SourceSans3VF-Black',
		});
		expect(readTrueType(sourceSansVariable(), 'font.bold', 50).variableWeight?.weight).toBe(200);
		expect(readTrueType(sourceSansVariable(), 'font.bold', 450).postScriptName).toBe(
			'SourceSans3Upright_450wght',
		);
	});

	test('without HVAR the advances come from gvar’s phantom points, the same widths', () => {
		const withHvar = readTrueType(sourceSansVariable(), 'font.regular');
		const phantom = readTrueType(withTables(sourceSansVariable(), {}, ['HVAR']), 'font.regular');
		for (const character of LETTERS) {
			const glyphId = glyphOf(withHvar, character);
			expect(phantom.advance(glyphId)).toBe(withHvar.advance(glyphId));
			expect(phantom.leftSideBearing(glyphId)).toBe(withHvar.leftSideBearing(glyphId));
		}
	});

	test('composite glyphs keep their components; their offsets and boxes follow the instance', () => {
		const drawn = readTrueType(sourceSansVariableItalic(), 'font.italic');
		const stored = readTrueType(sourceSansVariableItalic(), 'font.italic', 200);
		const composite = [...'ÀÉÎÕÜÇàéîõüçŁ'].filter(
			(character) =>
				readOutline(drawn.glyph(glyphOf(drawn, character)), 'test').kind === 'composite',
		);
		expect(composite.length).toBeGreaterThan(8);
		for (const character of composite) {
			const ours = readOutline(drawn.glyph(glyphOf(drawn, character)), 'test');
			const theirs = readOutline(stored.glyph(glyphOf(stored, character)), 'test');
			if (ours.kind !== 'composite' || theirs.kind !== 'composite')
				throw new Error('not composite');
			expect(ours.components.map((c) => c.glyphId)).toEqual(
				theirs.components.map((c) => c.glyphId),
			);
		}
		// An accent sits higher over a bolder letter, or further along in italic: some offsets move.
		const moved = composite.filter((character) => {
			const ours = readOutline(drawn.glyph(glyphOf(drawn, character)), 'test');
			const theirs = readOutline(stored.glyph(glyphOf(stored, character)), 'test');
			return JSON.stringify(ours) !== JSON.stringify(theirs);
		});
		expect(moved.length).toBeGreaterThan(0);
	});

	test('a variable font without a weight axis is drawn as stored', () => {
		const tables = tablesOf(sourceSansVariable());
		const fvar = Buffer.from(tables.get('fvar')!);
		const axes = fvar.readUInt16BE(4);
		expect(fvar.toString('latin1', axes, axes + 4)).toBe('wght');
		fvar.write('wdth', axes, 'latin1');
		const font = readTrueType(withTables(sourceSansVariable(), { fvar }), 'font.regular');
		expect(font.variable).toBe(true);
		expect(font.variableWeight).toBeUndefined();
		const stored = readTrueType(sourceSansVariable(), 'font.regular', 200);
		expect(Buffer.from(font.glyph(glyphOf(font, 'l')))).toEqual(
			Buffer.from(stored.glyph(glyphOf(stored, 'l'))),
		);
	});
});

describe('variable fonts whose variations cannot be applied are refused, saying how to get a static one', () => {
	test('an axis mapping of avar version 2', () => {
		const avar = Buffer.from(tablesOf(sourceSansVariable()).get('avar')!);
		avar.writeUInt16BE(2, 0);
		const error = fontError(() =>
			readTrueType(withTables(sourceSansVariable(), { avar }), 'font.regular'),
		);
		expect(error).toMatchObject({ reason: 'variable', field: 'font.regular' });
		expect(error.message).toBe(
			"font.regular is a variable font whose axis mapping (avar version 2) this library cannot apply: its default weight is ExtraLight (200); give a static font at Regular (400): the family's static .ttf file, or one made with fontTools (fonttools varLib.instancer font.ttf wght=400 -o font-400.ttf)",
		);
	});

	test('a variable .otf (CFF2 outlines)', () => {
		const error = fontError(() => readTrueType(sourceSansVariableCff2(), 'font.bold'));
		expect(error).toMatchObject({ reason: 'cff', field: 'font.bold' });
		expect(error.message).toMatch(/^font\.bold is a variable OpenType font with CFF2/);
		expect(error.message).toMatch(/use the variable \.ttf edition of the font, or a static \.ttf/);
	});
});

describe('the letter faces of a variable font', () => {
	const fontOf = (face: Face): TrueTypeFont => {
		if (typeof face === 'string') throw new Error(`a standard face: ${face}`);
		return face.font;
	};

	test('one variable file: regular and italic at Regular, bold and bold-italic at Bold from the same file', () => {
		const faces = letterFaces({ regular: sourceSansVariable() });
		expect(fontOf(faces.regular).postScriptName).toBe('SourceSans3VF-Regular');
		expect(faces.italic).toBe(faces.regular);
		expect(fontOf(faces.bold).postScriptName).toBe('SourceSans3VF-Bold');
		expect(fontOf(faces.bold).data.field).toBe('font.regular');
		expect(faces.boldItalic).toBe(faces.bold);
	});

	test('a variable italic file gives the bold-italic face at Bold; a variable bold file is drawn at Bold', () => {
		const faces = letterFaces({
			regular: sourceSansVariable(),
			bold: sourceSansVariable(),
			italic: sourceSansVariableItalic(),
		});
		expect(fontOf(faces.bold).postScriptName).toBe('SourceSans3VF-Bold');
		expect(fontOf(faces.bold).data.field).toBe('font.bold');
		expect(faces.boldItalic).toBe(faces.bold);
		const italicOnly = letterFaces({ regular: notoSans(), italic: sourceSansVariableItalic() });
		expect(fontOf(italicOnly.italic).postScriptName).toBe('SourceSans3VF-Italic');
		expect(fontOf(italicOnly.boldItalic).postScriptName).toBe('SourceSans3VF-BoldItalic');
		// A static regular file has no bold in it: bold falls back to it, as always.
		expect(italicOnly.bold).toBe(italicOnly.regular);
	});

	test('a static bold file beside a variable regular is used as it is', () => {
		const faces = letterFaces({ regular: sourceSansVariable(), bold: notoSansBold() });
		expect(fontOf(faces.bold).postScriptName).toBe('NotoSans-Bold');
		expect(fontOf(faces.bold).variableWeight).toBeUndefined();
	});
});
