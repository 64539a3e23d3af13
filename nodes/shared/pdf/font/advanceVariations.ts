/**
 * HVAR: how each glyph's advance width changes across the design space, as an item variation store
 * (regions and per-item deltas) reached through an optional glyph -> item map. Where a font has HVAR,
 * it is what says a glyph's advance at an instance; gvar's phantom points are the fallback.
 */

import type { FontData } from './fontData';
import { damaged } from './fontData';
import type { TableEntry } from './sfnt';
import { scalar } from './tupleVariations';

interface Region {
	start: number[];
	peak: number[];
	end: number[];
}

export class AdvanceVariations {
	private readonly store: number;
	private readonly regions: Region[];
	private readonly mapAt: number | undefined;
	private readonly scalars = new Map<number, number>();

	constructor(
		private readonly data: FontData,
		hvar: TableEntry,
		private readonly location: readonly number[],
	) {
		if (data.uint16(hvar.offset) !== 1)
			throw damaged(data.field, 'its HVAR table has an unknown version');
		this.store = hvar.offset + data.uint32(hvar.offset + 4);
		const mapOffset = data.uint32(hvar.offset + 8);
		this.mapAt = mapOffset === 0 ? undefined : hvar.offset + mapOffset;
		if (data.uint16(this.store) !== 1)
			throw damaged(data.field, 'its HVAR variation store has an unknown format');
		const regionsAt = this.store + data.uint32(this.store + 2);
		const axisCount = data.uint16(regionsAt);
		const regionCount = data.uint16(regionsAt + 2);
		this.regions = Array.from({ length: regionCount }, (_, region) => {
			const at = regionsAt + 4 + region * axisCount * 6;
			const value = (axis: number, which: number) => data.int16(at + axis * 6 + which * 2) / 16384;
			const axes = Array.from({ length: axisCount }, (_axis, axis) => axis);
			return {
				start: axes.map((axis) => value(axis, 0)),
				peak: axes.map((axis) => value(axis, 1)),
				end: axes.map((axis) => value(axis, 2)),
			};
		});
	}

	/** How much a glyph's advance changes at the location, in font units (not rounded). */
	delta(glyphId: number): number {
		const [outer, inner] = this.itemOf(glyphId);
		const data = this.data;
		if (outer >= data.uint16(this.store + 6)) return 0;
		const at = this.store + data.uint32(this.store + 8 + outer * 4);
		const itemCount = data.uint16(at);
		if (inner >= itemCount) return 0;
		const wordField = data.uint16(at + 2);
		const long = (wordField & 0x8000) !== 0;
		const wordCount = wordField & 0x7fff;
		const regionCount = data.uint16(at + 4);
		const wide = long ? 4 : 2;
		const narrow = long ? 2 : 1;
		const rowSize = wordCount * wide + (regionCount - wordCount) * narrow;
		const row = at + 6 + regionCount * 2 + inner * rowSize;
		let total = 0;
		let cursor = row;
		for (let column = 0; column < regionCount; column += 1) {
			const size = column < wordCount ? wide : narrow;
			const value = readSigned(data, cursor, size);
			cursor += size;
			if (value !== 0) total += value * this.regionScalar(data.uint16(at + 6 + column * 2));
		}
		return total;
	}

	private regionScalar(index: number): number {
		let value = this.scalars.get(index);
		if (value === undefined) {
			const region = this.regions[index];
			if (region === undefined) throw damaged(this.data.field, 'HVAR names a region it lacks');
			value = scalar(this.location, region.peak, region.start, region.end);
			this.scalars.set(index, value);
		}
		return value;
	}

	/** The (outer, inner) item of a glyph: through the advance map, or the glyph id itself in the first data. */
	private itemOf(glyphId: number): [number, number] {
		if (this.mapAt === undefined) return [0, glyphId];
		const data = this.data;
		const format = data.uint8(this.mapAt);
		const entryFormat = data.uint8(this.mapAt + 1);
		const count = format === 0 ? data.uint16(this.mapAt + 2) : data.uint32(this.mapAt + 2);
		const entriesAt = this.mapAt + (format === 0 ? 4 : 6);
		if (count === 0) return [0, glyphId];
		const size = ((entryFormat >> 4) & 3) + 1;
		const innerBits = (entryFormat & 0x0f) + 1;
		const at = entriesAt + Math.min(glyphId, count - 1) * size;
		let entry = 0;
		for (let byte = 0; byte < size; byte += 1) entry = entry * 256 + data.uint8(at + byte);
		return [Math.floor(entry / 2 ** innerBits), entry % 2 ** innerBits];
	}
}

function readSigned(data: FontData, at: number, size: number): number {
	if (size === 4) return data.uint32(at) | 0;
	if (size === 2) return data.int16(at);
	const byte = data.uint8(at);
	return byte > 127 ? byte - 256 : byte;
}
