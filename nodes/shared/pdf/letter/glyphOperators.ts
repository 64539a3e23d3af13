/**
 * The content-stream operators of laid-out glyphs (visualLine's clusters). A cluster of one glyph on
 * the baseline that the font's ToUnicode reads as the cluster's text joins a TJ array, numbers moving
 * it by its offset and setting its advance where the shaper's differs from the font's width. Any other cluster (a letter and the
 * marks moved onto it, a glyph that stands for other text elsewhere) is drawn glyph by glyph inside
 * a marked span whose /ActualText is the cluster's text (PDF 1.7 section 14.9.4), so extraction reads
 * its characters, not its glyphs.
 */

import { pdfNumber } from '../write/objects';
import type { DrawOperation, EmbeddedEncoding } from './content';

/** A text as a PDF hex string of UTF-16BE with its byte order mark, as /ActualText wants it. */
function textStringHex(text: string): string {
	let hex = 'FEFF';
	for (let index = 0; index < text.length; index += 1)
		hex += text.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0');
	return `<${hex}>`;
}

export function glyphOperators(
	operation: Extract<DrawOperation, { kind: 'glyphs' }>,
	embedded: EmbeddedEncoding,
	out: string[],
): void {
	const { font: face, size, y } = operation;
	const points = (units: number) => (units * size) / 1000;
	let pen = operation.x;
	let array: string[] = [];
	let arrayStart = pen;
	const flush = () => {
		if (array.length > 0)
			out.push(`1 0 0 1 ${pdfNumber(arrayStart)} ${pdfNumber(y)} Tm [${array.join(' ')}] TJ`);
		array = [];
	};
	for (const cluster of operation.clusters) {
		const [first] = cluster.glyphs;
		const plain =
			cluster.glyphs.length === 1 &&
			first.yOffset === 0 &&
			embedded.readsAs(face, first.glyph) === cluster.text;
		if (plain) {
			if (array.length === 0) arrayStart = pen;
			// TJ moves back by a number: before the glyph by its offset, after it by the font's width
			// less the shaper's advance (and the offset undone).
			if (Math.abs(first.xOffset) >= 0.005) array.push(pdfNumber(-first.xOffset));
			array.push(`<${embedded.glyphCode(face, first.glyph)}>`);
			const adjustment = face.font.advanceUnits(first.glyph) - first.advance + first.xOffset;
			if (Math.abs(adjustment) >= 0.005) array.push(pdfNumber(adjustment));
			pen += points(first.advance);
			continue;
		}
		flush();
		const placed = cluster.glyphs.map((glyph) => {
			const at = {
				glyph: glyph.glyph,
				x: pen + points(glyph.xOffset),
				y: y + points(glyph.yOffset),
			};
			pen += points(glyph.advance);
			return { ...at, advance: glyph.advance };
		});
		// The letter first: readers take the span's baseline and start from its first glyph. The last
		// glyph's character spacing then ends the span where the cluster ends, so that no gap between
		// clusters reads as a space.
		const base = Math.max(
			0,
			placed.findIndex((glyph) => glyph.advance > 0),
		);
		const order = [placed[base], ...placed.filter((_, index) => index !== base)];
		out.push(`/Span << /ActualText ${textStringHex(cluster.text)} >> BDC`);
		order.forEach((glyph, index) => {
			const shown = `1 0 0 1 ${pdfNumber(glyph.x)} ${pdfNumber(glyph.y)} Tm <${embedded.glyphCode(face, glyph.glyph)}> Tj`;
			const spacing =
				index === order.length - 1
					? pen - glyph.x - points(face.font.advanceUnits(glyph.glyph))
					: 0;
			if (Math.abs(spacing) < 0.005) out.push(shown);
			else out.push(`${pdfNumber(spacing)} Tc ${shown} 0 Tc`);
		});
		out.push('EMC');
	}
	flush();
}
