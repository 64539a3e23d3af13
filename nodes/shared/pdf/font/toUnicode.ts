/**
 * The ToUnicode CMap of an embedded font: which text each glyph code stands for, so that copying,
 * searching and pdftotext give back the letter's characters, not glyph numbers (PDF 1.7 section 9.10.3).
 */

/** UTF-16BE hex of a text, as a CMap's destination string. */
function utf16Hex(text: string): string {
	let hex = '';
	for (let index = 0; index < text.length; index += 1)
		hex += text.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0');
	return hex;
}

const hex4 = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');
/** bfchar sections hold at most 100 entries each. */
const PER_SECTION = 100;

/** A CMap for two-byte codes: code -> text. Codes are written in ascending order. */
export function toUnicodeCMap(texts: ReadonlyMap<number, string>): Buffer {
	const entries = [...texts].sort(([a], [b]) => a - b);
	const sections: string[] = [];
	for (let start = 0; start < entries.length; start += PER_SECTION) {
		const section = entries.slice(start, start + PER_SECTION);
		sections.push(
			`${section.length} beginbfchar\n${section.map(([code, text]) => `<${hex4(code)}> <${utf16Hex(text)}>`).join('\n')}\nendbfchar`,
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
			'<0000> <FFFF>',
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
