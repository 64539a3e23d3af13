/**
 * The ToUnicode CMap of a font: which text each glyph code stands for, so that copying, searching and
 * pdftotext give back the letter's characters (PDF 1.7 section 9.10.3): not glyph numbers for an
 * embedded font (two-byte codes), not the Adobe Glyph List's reading of a glyph name for a standard
 * font's /Differences (one-byte codes; the list reads /Delta as U+2206 whether the letter had Δ or ∆).
 */

/** UTF-16BE hex of a text, as a CMap's destination string. */
function utf16Hex(text: string): string {
	let hex = '';
	for (let index = 0; index < text.length; index += 1)
		hex += text.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0');
	return hex;
}

/** bfchar sections hold at most 100 entries each. */
const PER_SECTION = 100;

/**
 * A CMap for codes of `codeBytes` bytes (2, an embedded font's glyph codes, unless said otherwise; 1, a
 * simple font's): code -> text. Codes are written in ascending order.
 */
export function toUnicodeCMap(texts: ReadonlyMap<number, string>, codeBytes: 1 | 2 = 2): Buffer {
	const hexCode = (code: number) =>
		code
			.toString(16)
			.toUpperCase()
			.padStart(2 * codeBytes, '0');
	const entries = [...texts].sort(([a], [b]) => a - b);
	const sections: string[] = [];
	for (let start = 0; start < entries.length; start += PER_SECTION) {
		const section = entries.slice(start, start + PER_SECTION);
		sections.push(
			`${section.length} beginbfchar\n${section.map(([code, text]) => `<${hexCode(code)}> <${utf16Hex(text)}>`).join('\n')}\nendbfchar`,
		);
	}
	return Buffer.from(
		[
			'/CIDInit /ProcSet findresource begin',
			'12 dict begin',
			'begincmap',
			'/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
			'/CMapName /Adobe-Identity-UCS def',
			'/CMapType 2 def',
			'1 begincodespacerange',
			`<${hexCode(0)}> <${hexCode(2 ** (8 * codeBytes) - 1)}>`,
			'endcodespacerange',
			...sections,
			'endcmap',
			'CMapName currentdict /CMap defineresource pop',
			'end',
			'end',
		].join('\n'),
		'latin1',
	);
}
