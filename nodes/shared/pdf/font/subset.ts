/**
 * A TrueType subset for embedding: only the glyphs a letter draws, .notdef and the components of the
 * composite ones, numbered 0, 1, 2… in their original order, in a file of the tables a PDF viewer
 * needs to draw them (head, hhea, maxp, hmtx, loca, glyf and the hinting programs cvt, fpgm, prep).
 * Everything else is left out: the character map (the PDF maps its codes to glyphs itself), names,
 * layout features, and a variable font's variation tables (fvar, gvar, avar, HVAR, MVAR, STAT…): its
 * glyphs and metrics are those of the instance the font was read at (variableFont.ts), a static font.
 */

import { components, renumberComponents } from './compositeGlyphs';
import { damaged } from './fontData';
import { writeSfnt } from './sfnt';
import type { TrueTypeFont } from './trueType';

/** Tables a TrueType rasteriser uses as they are: instructions refer to their own numbers, not to glyph ids. */
const HINTING_TABLES = ['cvt ', 'fpgm', 'prep'];
/** Deeper nesting than this is a loop in a damaged font, not a real design. */
const MAX_COMPONENT_DEPTH = 16;

export interface FontSubset {
	/** The subset font file. */
	bytes: Uint8Array;
	/** The original glyph ids the subset holds, by new id (index 0 is .notdef). */
	glyphIds: readonly number[];
	/** Original glyph id -> new glyph id. */
	newGlyphId: ReadonlyMap<number, number>;
}

/** Every glyph to keep: .notdef, the given ones, and the components of composite ones, sorted. */
export function glyphClosure(font: TrueTypeFont, used: Iterable<number>): number[] {
	const kept = new Set<number>([0]);
	const visit = (glyphId: number, depth: number) => {
		if (depth > MAX_COMPONENT_DEPTH)
			throw damaged(font.data.field, 'its composite glyphs refer to each other in a loop');
		for (const component of components(font.glyph(glyphId), font.data.field)) {
			if (component.glyphId >= font.glyphCount)
				throw damaged(
					font.data.field,
					`a composite glyph uses glyph ${component.glyphId}, which it does not have`,
				);
			if (kept.has(component.glyphId)) continue;
			kept.add(component.glyphId);
			visit(component.glyphId, depth + 1);
		}
	};
	for (const glyphId of used) {
		if (glyphId >= font.glyphCount) throw new RangeError(`glyph ${glyphId} is not in the font`);
		if (kept.has(glyphId) && glyphId !== 0) continue;
		kept.add(glyphId);
		visit(glyphId, 0);
	}
	return [...kept].sort((a, b) => a - b);
}

/** The subset of a font holding the glyphs `used` draws (their closure). */
export function subsetFont(font: TrueTypeFont, used: Iterable<number>): FontSubset {
	const field = font.data.field;
	const glyphIds = glyphClosure(font, used);
	const newGlyphId = new Map(glyphIds.map((glyphId, index) => [glyphId, index]));
	const renumber = (oldId: number) => newGlyphId.get(oldId)!;

	// glyf: each glyph copied (components renumbered), padded to 4 bytes so every offset is even.
	const outlines = glyphIds.map((glyphId) =>
		renumberComponents(font.glyph(glyphId), renumber, field),
	);
	const offsets: number[] = [0];
	for (const outline of outlines)
		offsets.push(offsets[offsets.length - 1] + ((outline.length + 3) & ~3));
	const glyf = new Uint8Array(offsets[offsets.length - 1]);
	outlines.forEach((outline, index) => glyf.set(outline, offsets[index]));
	// The short loca format stores offset / 2 in 16 bits; the long one when a subset is that large.
	const longLoca = glyf.length / 2 > 0xffff;
	const loca = new Uint8Array(offsets.length * (longLoca ? 4 : 2));
	const locaView = new DataView(loca.buffer);
	offsets.forEach((offset, index) =>
		longLoca ? locaView.setUint32(index * 4, offset) : locaView.setUint16(index * 2, offset / 2),
	);

	// hmtx: a full metric for every glyph (numberOfHMetrics = glyph count).
	const hmtx = new Uint8Array(glyphIds.length * 4);
	const hmtxView = new DataView(hmtx.buffer);
	glyphIds.forEach((glyphId, index) => {
		hmtxView.setUint16(index * 4, font.advance(glyphId));
		hmtxView.setInt16(index * 4 + 2, font.leftSideBearing(glyphId));
	});

	const head = copyOf(font, 'head');
	new DataView(head.buffer).setInt16(50, longLoca ? 1 : 0);
	const hhea = copyOf(font, 'hhea');
	new DataView(hhea.buffer).setUint16(34, glyphIds.length);
	const maxp = copyOf(font, 'maxp');
	new DataView(maxp.buffer).setUint16(4, glyphIds.length);

	const tables = new Map<string, Uint8Array>([
		['head', head],
		['hhea', hhea],
		['maxp', maxp],
		['hmtx', hmtx],
		['loca', loca],
		['glyf', glyf],
	]);
	for (const tag of HINTING_TABLES) {
		const table = font.table(tag);
		if (table !== undefined) tables.set(tag, Uint8Array.from(table));
	}
	return { bytes: writeSfnt(tables), glyphIds, newGlyphId };
}

function copyOf(font: TrueTypeFont, tag: string): Uint8Array {
	const table = font.table(tag);
	if (table === undefined) throw damaged(font.data.field, `it has no '${tag}' table`);
	return Uint8Array.from(table);
}
