/**
 * The Latin Extended-A letters (U+0100-U+017F), and the few other letters and signs (Ș ș Ț ț ≤ ≥ ≠ − Δ
 * ∑ √ ∂ ◊), the standard-14 Helvetica fonts hold beyond WinAnsiEncoding, reached without embedding: a
 * second font resource per face whose encoding's /Differences gives each glyph its own byte (0x21 on,
 * in this table's order). Viewers draw the glyph by name; its ToUnicode map (extendedToUnicode) gives
 * text extraction back each byte's own character, where the glyph name alone would not (Ţ and Ț share
 * /Tcommaaccent, Δ and ∆ /Delta, and the Adobe Glyph List reads each name as one of the two).
 *
 * Data: code point, glyph name, advance width in Helvetica and in Helvetica-Bold (1/1000 em), from the
 * Adobe Core14 AFM files (node_modules/pdfkit/js/data/Helvetica.afm and Helvetica-Bold.afm); names
 * matched to code points with the Adobe Glyph List. Only glyphs both AFMs have are listed; the letters
 * of the range WinAnsi already shows (Œ œ Š š Ÿ Ž ž) are not, and the ones the fonts lack (Ĉ ĉ Ċ ċ Ĕ ĕ
 * Ĝ ĝ Ġ ġ Ĥ ĥ Ħ ħ Ĩ ĩ Ĭ ĭ Ĳ ĳ Ĵ ĵ ĸ Ŀ ŀ ŉ Ŋ ŋ Ŏ ŏ Ŝ ŝ Ŧ ŧ Ũ ũ Ŭ ŭ Ŵ ŵ Ŷ ŷ ſ) keep failing the character rule.
 */

import type { FontName } from './fontName';
import { toUnicodeCMap } from '../font/toUnicode';

const GLYPHS: ReadonlyArray<
	readonly [codePoint: number, name: string, helvetica: number, helveticaBold: number]
> = [
	[0x0100, 'Amacron', 667, 722], // Ā
	[0x0101, 'amacron', 556, 556], // ā
	[0x0102, 'Abreve', 667, 722], // Ă
	[0x0103, 'abreve', 556, 556], // ă
	[0x0104, 'Aogonek', 667, 722], // Ą
	[0x0105, 'aogonek', 556, 556], // ą
	[0x0106, 'Cacute', 722, 722], // Ć
	[0x0107, 'cacute', 500, 556], // ć
	[0x010c, 'Ccaron', 722, 722], // Č
	[0x010d, 'ccaron', 500, 556], // č
	[0x010e, 'Dcaron', 722, 722], // Ď
	[0x010f, 'dcaron', 643, 743], // ď
	[0x0110, 'Dcroat', 722, 722], // Đ
	[0x0111, 'dcroat', 556, 611], // đ
	[0x0112, 'Emacron', 667, 667], // Ē
	[0x0113, 'emacron', 556, 556], // ē
	[0x0116, 'Edotaccent', 667, 667], // Ė
	[0x0117, 'edotaccent', 556, 556], // ė
	[0x0118, 'Eogonek', 667, 667], // Ę
	[0x0119, 'eogonek', 556, 556], // ę
	[0x011a, 'Ecaron', 667, 667], // Ě
	[0x011b, 'ecaron', 556, 556], // ě
	[0x011e, 'Gbreve', 778, 778], // Ğ
	[0x011f, 'gbreve', 556, 611], // ğ
	[0x0122, 'Gcommaaccent', 778, 778], // Ģ
	[0x0123, 'gcommaaccent', 556, 611], // ģ
	[0x012a, 'Imacron', 278, 278], // Ī
	[0x012b, 'imacron', 278, 278], // ī
	[0x012e, 'Iogonek', 278, 278], // Į
	[0x012f, 'iogonek', 222, 278], // į
	[0x0130, 'Idotaccent', 278, 278], // İ
	[0x0131, 'dotlessi', 278, 278], // ı
	[0x0136, 'Kcommaaccent', 667, 722], // Ķ
	[0x0137, 'kcommaaccent', 500, 556], // ķ
	[0x0139, 'Lacute', 556, 611], // Ĺ
	[0x013a, 'lacute', 222, 278], // ĺ
	[0x013b, 'Lcommaaccent', 556, 611], // Ļ
	[0x013c, 'lcommaaccent', 222, 278], // ļ
	[0x013d, 'Lcaron', 556, 611], // Ľ
	[0x013e, 'lcaron', 299, 400], // ľ
	[0x0141, 'Lslash', 556, 611], // Ł
	[0x0142, 'lslash', 222, 278], // ł
	[0x0143, 'Nacute', 722, 722], // Ń
	[0x0144, 'nacute', 556, 611], // ń
	[0x0145, 'Ncommaaccent', 722, 722], // Ņ
	[0x0146, 'ncommaaccent', 556, 611], // ņ
	[0x0147, 'Ncaron', 722, 722], // Ň
	[0x0148, 'ncaron', 556, 611], // ň
	[0x014c, 'Omacron', 778, 778], // Ō
	[0x014d, 'omacron', 556, 611], // ō
	[0x0150, 'Ohungarumlaut', 778, 778], // Ő
	[0x0151, 'ohungarumlaut', 556, 611], // ő
	[0x0154, 'Racute', 722, 722], // Ŕ
	[0x0155, 'racute', 333, 389], // ŕ
	[0x0156, 'Rcommaaccent', 722, 722], // Ŗ
	[0x0157, 'rcommaaccent', 333, 389], // ŗ
	[0x0158, 'Rcaron', 722, 722], // Ř
	[0x0159, 'rcaron', 333, 389], // ř
	[0x015a, 'Sacute', 667, 667], // Ś
	[0x015b, 'sacute', 500, 556], // ś
	[0x015e, 'Scedilla', 667, 667], // Ş
	[0x015f, 'scedilla', 500, 556], // ş
	[0x0162, 'Tcommaaccent', 611, 611], // Ţ
	[0x0163, 'tcommaaccent', 278, 333], // ţ
	[0x0164, 'Tcaron', 611, 611], // Ť
	[0x0165, 'tcaron', 317, 389], // ť
	[0x016a, 'Umacron', 722, 722], // Ū
	[0x016b, 'umacron', 556, 611], // ū
	[0x016e, 'Uring', 722, 722], // Ů
	[0x016f, 'uring', 556, 611], // ů
	[0x0170, 'Uhungarumlaut', 722, 722], // Ű
	[0x0171, 'uhungarumlaut', 556, 611], // ű
	[0x0172, 'Uogonek', 722, 722], // Ų
	[0x0173, 'uogonek', 556, 611], // ų
	[0x0179, 'Zacute', 611, 611], // Ź
	[0x017a, 'zacute', 500, 500], // ź
	[0x017b, 'Zdotaccent', 611, 611], // Ż
	[0x017c, 'zdotaccent', 500, 500], // ż
	// Beyond Latin Extended-A (added later: a file names them in its encoding only when it draws one,
	// so the letters above keep their bytes).
	[0x0218, 'Scommaaccent', 667, 667], // Ș (Romanian)
	[0x0219, 'scommaaccent', 500, 556], // ș
	[0x2264, 'lessequal', 549, 549], // ≤
	[0x2265, 'greaterequal', 549, 549], // ≥
	[0x2260, 'notequal', 549, 549], // ≠
	[0x2212, 'minus', 584, 584], // −
	[0x0394, 'Delta', 612, 612], // Δ (Greek capital delta)
	[0x2206, 'Delta', 612, 612], // ∆ (increment)
	[0x2211, 'summation', 600, 600], // ∑
	[0x221a, 'radical', 453, 549], // √
	[0x2202, 'partialdiff', 476, 494], // ∂
	[0x25ca, 'lozenge', 471, 494], // ◊
	// Romanian's T with comma below is the fonts' Tcommaaccent, their only accented T but Ť (they have
	// no T cedilla): Ţ above draws it too. The Adobe Glyph List reads the name as Ţ U+0162, so only the
	// ToUnicode map gives Ț back.
	[0x021a, 'Tcommaaccent', 611, 611], // Ț
	[0x021b, 'tcommaaccent', 278, 333], // ț
];

/** How many of GLYPHS are Latin Extended-A: the encoding of a file that draws none of the rest stops there. */
const LATIN_EXTENDED_A_GLYPHS = GLYPHS.findIndex(([codePoint]) => codePoint > 0x17f);

/** The first byte the extended fonts' encodings use: after the space, so no byte is a control code. */
const FIRST_BYTE = 0x21;
/** Every glyph of Courier is 600/1000 em wide. */
export const COURIER_WIDTH = 600;

export interface ExtendedGlyph {
	byte: number;
	name: string;
	widths: Readonly<Record<FontName, number>>;
}

const BY_CODE_POINT: ReadonlyMap<number, ExtendedGlyph> = new Map(
	GLYPHS.map(([codePoint, name, helvetica, helveticaBold], index) => [
		codePoint,
		{
			byte: FIRST_BYTE + index,
			name,
			// The oblique faces share their upright face's widths; Courier is monospaced (Adobe's AFMs).
			widths: {
				Helvetica: helvetica,
				'Helvetica-Bold': helveticaBold,
				'Helvetica-Oblique': helvetica,
				'Helvetica-BoldOblique': helveticaBold,
				Courier: COURIER_WIDTH,
			},
		},
	]),
);

/** The extended glyph that shows a code point, or undefined when the fonts have none beyond WinAnsi. */
export function extendedGlyph(codePoint: number): ExtendedGlyph | undefined {
	return BY_CODE_POINT.get(codePoint);
}

/** Every code point the extended fonts show, in byte order. */
export const EXTENDED_CODE_POINTS: readonly number[] = GLYPHS.map(([codePoint]) => codePoint);

/**
 * The extended fonts' /Encoding: WinAnsi with the glyphs of this table at bytes 0x21 on; only the
 * Latin Extended-A ones unless `beyondLatin` (a file that draws one of the rest).
 */
export function extendedEncoding(beyondLatin: boolean): string {
	return `<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${FIRST_BYTE} ${encodedGlyphs(
		beyondLatin,
	)
		.map(([, name]) => `/${name}`)
		.join(' ')}] >>`;
}

/** The ToUnicode CMap of the same encoding: each of its bytes -> the character it was written for. */
export function extendedToUnicode(beyondLatin: boolean): Buffer {
	return toUnicodeCMap(
		new Map(
			encodedGlyphs(beyondLatin).map(([codePoint], index) => [
				FIRST_BYTE + index,
				String.fromCodePoint(codePoint),
			]),
		),
		1,
	);
}

function encodedGlyphs(beyondLatin: boolean): typeof GLYPHS {
	return beyondLatin ? GLYPHS : GLYPHS.slice(0, LATIN_EXTENDED_A_GLYPHS);
}

/** Whether a code point's extended glyph is one of those beyond Latin Extended-A. */
export function isBeyondLatinExtendedA(codePoint: number): boolean {
	const glyph = BY_CODE_POINT.get(codePoint);
	return glyph !== undefined && glyph.byte >= FIRST_BYTE + LATIN_EXTENDED_A_GLYPHS;
}

/** Encodes a text of extended glyphs only (a run the content stream switched fonts for). */
export function encodeExtended(text: string): Buffer {
	return Buffer.from(
		[...text].map((character) => {
			const glyph = extendedGlyph(character.codePointAt(0) ?? 0);
			if (glyph === undefined)
				throw new RangeError(
					`${character} has no extended glyph: the text did not go through the character rule`,
				);
			return glyph.byte;
		}),
	);
}
