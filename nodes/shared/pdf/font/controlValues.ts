/**
 * A hinted variable font's control values (cvt) at an instance: cvar's deltas applied, as fontTools'
 * instancer does, so the hinting programs kept in the subset (fpgm, prep, the glyphs' instructions)
 * fit their stems and heights to the instance's outlines, not to the stored weight's.
 */

import type { FontData } from './fontData';
import { damaged } from './fontData';
import type { TableEntry } from './sfnt';
import { readTupleVariations, scalar } from './tupleVariations';

/** The cvt table's bytes at `location` (normalised coordinates, one per fvar axis). */
export function instanceControlValues(
	data: FontData,
	cvt: TableEntry,
	cvar: TableEntry,
	location: readonly number[],
): Uint8Array {
	if (data.uint16(cvar.offset) !== 1)
		throw damaged(data.field, 'its cvar table has an unknown version');
	const count = Math.floor(cvt.length / 2);
	const deltas = new Array<number>(count).fill(0);
	// cvar's tuples embed their peaks (there are no shared ones) and hold one delta per control value.
	const variations = readTupleVariations(
		data,
		cvar.offset + 4,
		cvar.length - 4,
		location.length,
		[],
		count,
		1,
		cvar.offset,
	);
	for (const variation of variations) {
		const weight = scalar(location, variation.peak, variation.start, variation.end);
		if (weight === 0) continue;
		const points = variation.points ?? deltas.map((_, index) => index);
		points.forEach((point, index) => {
			if (point < count) deltas[point] += weight * variation.deltasX[index];
		});
	}
	const values = new Uint8Array(count * 2);
	const view = new DataView(values.buffer);
	for (let index = 0; index < count; index += 1)
		view.setInt16(index * 2, data.int16(cvt.offset + index * 2) + Math.floor(deltas[index] + 0.5));
	return values;
}
