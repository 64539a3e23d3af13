/**
 * The gvar table: for each glyph, how its points (and its four phantom points, which carry the advance
 * width) move across the design space. Read lazily, one glyph at a time: a letter uses a few dozen
 * glyphs of thousands.
 */

import type { FontData } from './fontData';
import { damaged } from './fontData';
import type { TableEntry } from './sfnt';
import type { TupleVariation } from './tupleVariations';
import { readTupleVariations } from './tupleVariations';

export class GlyphVariations {
	private readonly sharedTuples: number[][];
	private readonly axisCount: number;
	private readonly glyphCount: number;
	private readonly longOffsets: boolean;
	private readonly dataAt: number;

	constructor(
		private readonly data: FontData,
		private readonly gvar: TableEntry,
		fvarAxisCount: number,
	) {
		const at = gvar.offset;
		if (data.uint16(at) !== 1) throw damaged(data.field, 'its gvar table has an unknown version');
		this.axisCount = data.uint16(at + 4);
		if (this.axisCount !== fvarAxisCount)
			throw damaged(data.field, 'its gvar table has another number of axes than fvar');
		const sharedCount = data.uint16(at + 6);
		const sharedAt = at + data.uint32(at + 8);
		this.sharedTuples = Array.from({ length: sharedCount }, (_, index) =>
			Array.from(
				{ length: this.axisCount },
				(_axis, axis) => data.int16(sharedAt + (index * this.axisCount + axis) * 2) / 16384,
			),
		);
		this.glyphCount = data.uint16(at + 12);
		this.longOffsets = (data.uint16(at + 14) & 1) === 1;
		this.dataAt = at + data.uint32(at + 16);
		data.need(at + 20, (this.glyphCount + 1) * (this.longOffsets ? 4 : 2), "gvar's offsets");
	}

	/** A glyph's variations (none when gvar has no data for it), for a glyph of `pointCount` points with the phantom ones. */
	of(glyphId: number, pointCount: number): TupleVariation[] {
		if (glyphId >= this.glyphCount) return [];
		const offset = (index: number) =>
			this.longOffsets
				? this.data.uint32(this.gvar.offset + 20 + index * 4)
				: this.data.uint16(this.gvar.offset + 20 + index * 2) * 2;
		const start = offset(glyphId);
		const end = offset(glyphId + 1);
		if (end <= start) return [];
		if (this.dataAt + end > this.gvar.offset + this.gvar.length)
			throw damaged(this.data.field, `the variations of glyph ${glyphId} lie outside gvar`);
		return readTupleVariations(
			this.data,
			this.dataAt + start,
			end - start,
			this.axisCount,
			this.sharedTuples,
			pointCount,
		);
	}
}
