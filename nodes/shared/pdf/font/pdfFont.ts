/**
 * A TrueType subset as PDF objects (PDF 1.7 sections 9.7 and 9.8): a Type0 font with the Identity-H
 * encoding (two-byte codes), its CIDFontType2 descendant whose codes are the subset's glyph ids
 * (CIDToGIDMap /Identity), the widths from hmtx in 1/1000 em (W), the font descriptor with the font
 * file (FontFile2, Flate-compressed), and a ToUnicode CMap for text extraction.
 */

import { deflate } from '../filters/deflate';
import type { PdfObject } from '../write/objects';
import { pdfNumber, ref } from '../write/objects';
import type { FontSubset } from './subset';
import { subsetFont } from './subset';
import { subsetTag } from './subsetTag';
import { toUnicodeCMap } from './toUnicode';
import type { TrueTypeFont } from './trueType';

/** Font descriptor flags: Symbolic (the font's own glyph set, as for every CIDFont), FixedPitch, Italic. */
const SYMBOLIC = 4;
const FIXED_PITCH = 1;
const ITALIC = 64;
/** PDF wants a stem width; nothing measures it in a TrueType file, and viewers use it only for substitutes. */
const STEM_V = 80;
/** How many objects embeddedFontObjects returns. */
export const EMBEDDED_FONT_OBJECTS = 5;

export interface EmbeddedFont {
	subset: FontSubset;
	/** "ABCDEF+PostScriptName". */
	baseFont: string;
	/** The font's objects, the Type0 font first, numbered from the number given. */
	objects: PdfObject[];
}

/**
 * The objects of a font drawing `texts` (original glyph id -> the text it stands for, '' for none), numbered from
 * `firstObject` (the Type0 font, which a page's /Font resources refer to).
 */
export function embeddedFontObjects(
	font: TrueTypeFont,
	texts: ReadonlyMap<number, string>,
	firstObject: number,
): EmbeddedFont {
	const subset = subsetFont(font, texts.keys());
	const baseFont = `${subsetTag(font.data.bytes, subset.glyphIds)}+${font.postScriptName}`;
	const [cidFont, descriptor, fontFile, toUnicode] = [1, 2, 3, 4].map((n) => firstObject + n);
	const widths = subset.glyphIds.map((glyphId) => font.advanceUnits(glyphId)).join(' ');
	const { bbox, ascent, descent, capHeight, italicAngle, fixedPitch } = font.metrics;
	const flags = SYMBOLIC | (fixedPitch ? FIXED_PITCH : 0) | (italicAngle !== 0 ? ITALIC : 0);
	const codeTexts = new Map<number, string>();
	// An empty text: a glyph drawn only inside a span that says its text (ActualText), no entry.
	for (const [glyphId, text] of texts)
		if (text !== '') codeTexts.set(subset.newGlyphId.get(glyphId)!, text);
	const compressed = deflate(subset.bytes);
	return {
		subset,
		baseFont,
		objects: [
			`<< /Type /Font /Subtype /Type0 /BaseFont /${baseFont} /Encoding /Identity-H /DescendantFonts [${ref(cidFont)}] /ToUnicode ${ref(toUnicode)} >>`,
			`<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${baseFont} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${ref(descriptor)} /W [0 [${widths}]] /CIDToGIDMap /Identity >>`,
			`<< /Type /FontDescriptor /FontName /${baseFont} /Flags ${flags} /FontBBox [${bbox.join(' ')}] /ItalicAngle ${pdfNumber(italicAngle)} /Ascent ${ascent} /Descent ${descent} /CapHeight ${capHeight} /StemV ${STEM_V} /FontFile2 ${ref(fontFile)} >>`,
			{
				dictionaryEntries: `/Filter /FlateDecode /Length1 ${subset.bytes.length}`,
				data: Buffer.from(compressed.buffer, compressed.byteOffset, compressed.length),
			},
			{ dictionaryEntries: '', data: toUnicodeCMap(codeTexts) },
		],
	};
}
