/**
 * Advance widths of the standard-14 fonts the letter uses (Helvetica's four faces, Courier), by WinAnsiEncoding byte, in
 * 1/1000 em: the Adobe Core14 AFM values (copied as numbers from the metrics table that pdf.js ships,
 * which reproduces those AFM files). A viewer draws these fonts with the same widths, so measuring with
 * them is what keeps a wrapped line inside the margins. Bytes 0-31 and the six bytes WinAnsi leaves
 * undefined (0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D) are 0: the character rule never lets them through.
 */

import { COURIER_WIDTH, extendedGlyph } from './extendedGlyphs';
import type { Face, FontName } from './fontName';
import { codePointLabel } from '../errors';
import { winAnsiByte } from './winAnsi';
import type { TrueTypeFont } from '../font/trueType';
import { mayReorder } from '../text/bidi';
import { clustersWidth, glyphClusters, needsShaping } from './glyphClusters';

export type { EmbeddedFace, Face, FontName } from './fontName';

const FIRST_BYTE = 32;

/** Widths for bytes 32-255, sixteen a row. */
const HELVETICA: readonly number[] = [
	// 0x20-0x2F
	278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
	// 0x30-0x3F
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
	// 0x40-0x4F
	1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
	// 0x50-0x5F
	667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
	// 0x60-0x6F
	333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
	// 0x70-0x7F
	556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,
	// 0x80-0x8F
	556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
	// 0x90-0x9F
	0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,
	// 0xA0-0xAF
	278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
	// 0xB0-0xBF
	400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
	// 0xC0-0xCF
	667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
	// 0xD0-0xDF
	722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
	// 0xE0-0xEF
	556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
	// 0xF0-0xFF
	556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];

const HELVETICA_BOLD: readonly number[] = [
	// 0x20-0x2F
	278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
	// 0x30-0x3F
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
	// 0x40-0x4F
	975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
	// 0x50-0x5F
	667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
	// 0x60-0x6F
	333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
	// 0x70-0x7F
	611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0,
	// 0x80-0x8F
	556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
	// 0x90-0x9F
	0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,
	// 0xA0-0xAF
	278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
	// 0xB0-0xBF
	400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,
	// 0xC0-0xCF
	722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
	// 0xD0-0xDF
	722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
	// 0xE0-0xEF
	556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
	// 0xF0-0xFF
	611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
];

/** Courier: 600 for every byte WinAnsi defines (the undefined ones stay 0, as above). */
const COURIER: readonly number[] = HELVETICA.map((width) => (width === 0 ? 0 : COURIER_WIDTH));

// The oblique faces have their upright face's widths (the AFM files agree glyph for glyph).
const WIDTHS: Record<FontName, readonly number[]> = {
	Helvetica: HELVETICA,
	'Helvetica-Bold': HELVETICA_BOLD,
	'Helvetica-Oblique': HELVETICA,
	'Helvetica-BoldOblique': HELVETICA_BOLD,
	Courier: COURIER,
};

/** The advance width of one WinAnsi byte in 1/1000 em. */
export function byteWidthUnits(font: FontName, byte: number): number {
	return byte < FIRST_BYTE || byte > 255 ? 0 : WIDTHS[font][byte - FIRST_BYTE];
}

/**
 * The width of a text in 1/1000 em, a whole number (except shaped text: embeddedWidthUnits): sums
 * stay exact, so a line measured piece by piece and measured whole give the same answer. A string must hold only characters the fonts show (WinAnsi
 * and the extended glyphs: the character rule's output); anything else is a programming error here,
 * not a user error. Bytes are WinAnsi bytes.
 */
export function textWidthUnits(font: Face, text: Uint8Array | string): number {
	let units = 0;
	if (typeof font !== 'string') return embeddedWidthUnits(font.font, text);
	if (typeof text !== 'string') {
		for (const byte of text) units += byteWidthUnits(font, byte);
		return units;
	}
	for (const character of text) {
		const codePoint = character.codePointAt(0) ?? 0;
		const byte = winAnsiByte(codePoint);
		const glyph = byte === undefined ? extendedGlyph(codePoint) : undefined;
		if (byte !== undefined) units += byteWidthUnits(font, byte);
		else if (glyph !== undefined) units += glyph.widths[font];
		else
			throw new RangeError(
				`${codePointLabel(codePoint)} is not in the fonts: the text did not go through the character rule`,
			);
	}
	return units;
}

/**
 * The width of a text in an embedded TrueType face, from its hmtx advances rounded to 1/1000 em; or,
 * for Arabic and Hebrew, from the shaper's advances (joining forms, ligatures, marks of no width).
 */
function embeddedWidthUnits(font: TrueTypeFont, text: Uint8Array | string): number {
	if (typeof text !== 'string') throw new RangeError('an embedded face measures text, not bytes');
	if (needsShaping(text)) return clustersWidth(glyphClusters(font, text, mayReorder(text)));
	let units = 0;
	for (const character of text) {
		const codePoint = character.codePointAt(0) ?? 0;
		const glyph = font.glyphId(codePoint);
		if (glyph === 0)
			throw new RangeError(
				`${codePointLabel(codePoint)} is not in the font: the text did not go through the character rule`,
			);
		units += font.advanceUnits(glyph);
	}
	return units;
}

/** The width of a text in points at a font size. */
export function textWidth(font: Face, text: Uint8Array | string, size: number): number {
	return (textWidthUnits(font, text) * size) / 1000;
}
