/**
 * The content-stream operators of laid-out glyphs (visualLine's clusters). Each cluster's carrier,
 * its letter (the first glyph with an advance), is shown in one running TJ along the line, numbers
 * moving the pen only where it has drifted half a unit from the shaper's; readers take the line as
 * one run of text. A carrier that the font's ToUnicode does not read as its cluster's text (a letter
 * with harakat, a glyph that stands for other text elsewhere) is wrapped in a marked span whose
 * /ActualText is the cluster's text (PDF 1.7 section 14.9.4). The cluster's other glyphs (marks,
 * a letter's dots) are drawn after the line where the shaper put them, a TJ for each height (its
 * start a Td from the last, in the numbers written), inside
 * a span whose ActualText is empty: they are read through their carrier's text, never twice.
 */

import { pdfNumber } from '../write/objects';
import type { EmbeddedFace } from './fontName';
import type { GlyphCluster } from './glyphClusters';
import { carrierIndex } from './glyphText';
import type { TrueTypeFont } from '../font/trueType';

/** A text as a PDF hex string of UTF-16BE with its byte order mark, as /ActualText wants it. */
function textStringHex(text: string): string {
	let hex = 'FEFF';
	for (let index = 0; index < text.length; index += 1)
		hex += text.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0');
	return `<${hex}>`;
}

const widths = new WeakMap<TrueTypeFont, Map<number, number>>();

/** A font's glyph widths as its PDF font's W array gives them (1/1000 em), looked up once a glyph. */
function fontWidths(font: TrueTypeFont): (glyph: number) => number {
	let known = widths.get(font);
	if (known === undefined) widths.set(font, (known = new Map()));
	const cache = known;
	return (glyph) => {
		let width = cache.get(glyph);
		if (width === undefined) cache.set(glyph, (width = font.advanceUnits(glyph)));
		return width;
	};
}

/** How far (1/1000 em) the viewer's pen may drift from the shaper's before a TJ number moves it. */
const DRIFT = 0.5;

interface Placed {
	glyph: number;
	/** 1/1000 em from the operation's x, and above its baseline. */
	x: number;
	y: number;
}

/** Glyphs laid out already (visualLine): shaped or right-to-left text, left to right as drawn. */
export interface GlyphsOperation {
	font: EmbeddedFace;
	size: number;
	x: number;
	y: number;
	clusters: readonly GlyphCluster[];
}

/** How glyphs of an embedded face become codes, and what the font's ToUnicode reads a glyph as (undefined: nothing). */
export interface GlyphEncoding {
	glyphCode(face: EmbeddedFace, glyph: number): string;
	readsAs(face: EmbeddedFace, glyph: number): string | undefined;
}

export function glyphOperators(
	operation: GlyphsOperation,
	embedded: GlyphEncoding,
	out: string[],
): void {
	const { font: face, size, x: left, y } = operation;
	const width = fontWidths(face.font);
	// Where the text line starts, as written (Td moves from it, so rounding never adds up).
	let lineX = Number(pdfNumber(left));
	let lineY = Number(pdfNumber(y));
	out.push(`1 0 0 1 ${lineX} ${lineY} Tm`);
	// The TJ array being written; consecutive glyphs share one hex string.
	let array: string[] = [];
	let codes = '';
	const endCodes = () => {
		if (codes !== '') array.push(`<${codes}>`);
		codes = '';
	};
	// Where the viewer's pen is, and where the shaper's is, in 1/1000 em from `left`.
	let viewer = 0;
	let pen = 0;
	const show = (glyph: number, at: number) => {
		const drift = at - viewer;
		if (Math.abs(drift) >= DRIFT) {
			endCodes();
			array.push(pdfNumber(-drift));
			viewer += drift;
		}
		codes += embedded.glyphCode(face, glyph);
		viewer += width(glyph);
	};
	// A number needs no space after a hex string, nor a hex string after a number.
	const closeArray = () => {
		endCodes();
		if (array.length === 1) out.push(`${array[0]}Tj`);
		else if (array.length > 0) out.push(`[${array.join('')}]TJ`);
		array = [];
	};
	const apart: Placed[] = [];
	const apartSpans: Array<{ text: string; glyphs: Placed[] }> = [];
	for (const cluster of operation.clusters) {
		const carrier = carrierIndex(cluster);
		const placed: Placed[] = [];
		for (const glyph of cluster.glyphs) {
			placed.push({ glyph: glyph.glyph, x: pen + glyph.xOffset, y: glyph.yOffset });
			pen += glyph.advance;
		}
		const others = placed.filter((_, index) => index !== carrier);
		const { glyph, x, y: rise } = placed[carrier];
		if (rise !== 0) {
			// A cluster of marks alone (nothing on the baseline): drawn apart, read by its own span.
			apartSpans.push({ text: cluster.text, glyphs: placed });
			continue;
		}
		apart.push(...others);
		if (embedded.readsAs(face, glyph) === cluster.text) {
			show(glyph, x);
			continue;
		}
		// The TJ goes on after the span from where it left off: no text matrix between them.
		closeArray();
		out.push(`/Span<</ActualText${textStringHex(cluster.text)}>>BDC`);
		show(glyph, x);
		closeArray();
		out.push('EMC');
	}
	closeArray();
	// Glyphs drawn apart: those at one height share a TJ, numbers moving the pen between them.
	const drawApart = (glyphs: readonly Placed[]) => {
		const heights = new Map<number, Placed[]>();
		for (const glyph of glyphs) {
			const row = heights.get(glyph.y);
			if (row === undefined) heights.set(glyph.y, [glyph]);
			else row.push(glyph);
		}
		for (const [rise, row] of heights) {
			row.sort((a, b) => a.x - b.x);
			const rowX = Number(pdfNumber(left + (row[0].x * size) / 1000));
			const rowY = Number(pdfNumber(y + (rise * size) / 1000));
			out.push(`${pdfNumber(rowX - lineX)} ${pdfNumber(rowY - lineY)} Td`);
			[lineX, lineY] = [rowX, rowY];
			viewer = ((rowX - left) * 1000) / size;
			for (const glyph of row) show(glyph.glyph, glyph.x);
			closeArray();
		}
	};
	if (apart.length > 0) {
		out.push('/Span<</ActualText()>>BDC');
		drawApart(apart);
		out.push('EMC');
	}
	for (const span of apartSpans) {
		out.push(`/Span<</ActualText${textStringHex(span.text)}>>BDC`);
		drawApart(span.glyphs);
		out.push('EMC');
	}
}
