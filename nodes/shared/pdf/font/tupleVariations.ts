/**
 * Tuple variation stores, the format gvar gives each glyph's variations in (OpenType's "Tuple Variation
 * Store"): a list of regions of the design space, each with deltas for some or all of the glyph's
 * points. Reading one resolves embedded or shared peak tuples, intermediate regions, shared or private
 * packed point numbers and packed deltas; `scalar` says how much of a region applies at a location.
 */

import type { FontData } from './fontData';
import { damaged } from './fontData';

export interface TupleVariation {
	peak: readonly number[];
	/** The region's start and end per axis; undefined when it is not an intermediate region. */
	start?: readonly number[];
	end?: readonly number[];
	/** The points the deltas are for; undefined means every point, in order. */
	points?: readonly number[];
	deltasX: readonly number[];
	deltasY: readonly number[];
}

const SHARED_POINT_NUMBERS = 0x8000;
const COUNT_MASK = 0x0fff;
const EMBEDDED_PEAK_TUPLE = 0x8000;
const INTERMEDIATE_REGION = 0x4000;
const PRIVATE_POINT_NUMBERS = 0x2000;
const TUPLE_INDEX_MASK = 0x0fff;

/**
 * The variations of one glyph from its GlyphVariationData at `at` (`length` bytes), for a glyph of
 * `pointCount` points (phantom points included). cvar's store is the same after its version, with one
 * delta per control value (`dimensions` 1, deltasY then empty) and its data offset from `dataBase`.
 */
export function readTupleVariations(
	data: FontData,
	at: number,
	length: number,
	axisCount: number,
	sharedTuples: ReadonlyArray<readonly number[]>,
	pointCount: number,
	dimensions: 1 | 2 = 2,
	dataBase = at,
): TupleVariation[] {
	const field = data.field;
	const end = at + length;
	data.need(at, length, 'glyph variation data');
	const countWord = data.uint16(at);
	let serialized = dataBase + data.uint16(at + 2);
	let header = at + 4;
	const readTuple = () => {
		const tuple = Array.from(
			{ length: axisCount },
			(_, axis) => data.int16(header + axis * 2) / 16384,
		);
		header += axisCount * 2;
		return tuple;
	};
	let sharedPoints: number[] | undefined;
	if (countWord & SHARED_POINT_NUMBERS) {
		const read = readPointNumbers(data, serialized, end);
		sharedPoints = read.points;
		serialized = read.next;
	}
	const variations: TupleVariation[] = [];
	for (let index = 0; index < (countWord & COUNT_MASK); index += 1) {
		const size = data.uint16(header);
		const tupleIndex = data.uint16(header + 2);
		header += 4;
		let peak: readonly number[];
		if (tupleIndex & EMBEDDED_PEAK_TUPLE) peak = readTuple();
		else {
			const shared = sharedTuples[tupleIndex & TUPLE_INDEX_MASK];
			if (shared === undefined)
				throw damaged(field, 'a glyph variation names a shared tuple gvar lacks');
			peak = shared;
		}
		const variation: TupleVariation = { peak, deltasX: [], deltasY: [] };
		if (tupleIndex & INTERMEDIATE_REGION) {
			variation.start = readTuple();
			variation.end = readTuple();
		}
		const dataEnd = serialized + size;
		if (dataEnd > end) throw damaged(field, 'a glyph variation lies past its glyph variation data');
		let cursor = serialized;
		let points = sharedPoints;
		if (tupleIndex & PRIVATE_POINT_NUMBERS) {
			const read = readPointNumbers(data, cursor, dataEnd);
			points = read.points;
			cursor = read.next;
		}
		const count = points === undefined ? pointCount : points.length;
		const x = readDeltas(data, cursor, dataEnd, count);
		const y = dimensions === 2 ? readDeltas(data, x.next, dataEnd, count) : { deltas: [] };
		variations.push({ ...variation, points, deltasX: x.deltas, deltasY: y.deltas });
		serialized = dataEnd;
	}
	return variations;
}

/** Packed point numbers: a count (0 = every point), then runs of byte or word increments. */
function readPointNumbers(
	data: FontData,
	at: number,
	end: number,
): { points: number[] | undefined; next: number } {
	let count = data.uint8(at);
	at += 1;
	if (count & 0x80) {
		count = ((count & 0x7f) << 8) | data.uint8(at);
		at += 1;
	}
	if (count === 0) return { points: undefined, next: at };
	const points: number[] = [];
	let point = 0;
	while (points.length < count) {
		if (at >= end) throw damaged(data.field, 'packed point numbers run past their data');
		const control = data.uint8(at);
		at += 1;
		const words = (control & 0x80) !== 0;
		for (let run = (control & 0x7f) + 1; run > 0 && points.length < count; run -= 1) {
			point += words ? data.uint16(at) : data.uint8(at);
			at += words ? 2 : 1;
			points.push(point);
		}
	}
	return { points, next: at };
}

/** Packed deltas: runs of zeros, bytes or words, each run's length in its control byte. */
function readDeltas(
	data: FontData,
	at: number,
	end: number,
	count: number,
): { deltas: number[]; next: number } {
	const deltas: number[] = [];
	while (deltas.length < count) {
		if (at >= end) throw damaged(data.field, 'packed deltas run past their data');
		const control = data.uint8(at);
		at += 1;
		const run = (control & 0x3f) + 1;
		for (let index = 0; index < run && deltas.length < count; index += 1) {
			if (control & 0x80) deltas.push(0);
			else if (control & 0x40) {
				deltas.push(data.int16(at));
				at += 2;
			} else {
				const byte = data.uint8(at);
				deltas.push(byte > 127 ? byte - 256 : byte);
				at += 1;
			}
		}
	}
	return { deltas, next: at };
}

/**
 * How much of a region applies at a location (normalised coordinates): the product over the axes of
 * each axis's tent, 1 at the peak falling to 0 at the region's edges (OpenType's algorithm, as
 * fontTools' supportScalar computes it: an axis whose region is malformed or peaks at 0 is ignored).
 */
export function scalar(
	location: readonly number[],
	peak: readonly number[],
	start?: readonly number[],
	end?: readonly number[],
): number {
	let product = 1;
	for (let axis = 0; axis < peak.length; axis += 1) {
		const top = peak[axis];
		if (top === 0) continue;
		const lower = start === undefined ? Math.min(top, 0) : start[axis];
		const upper = end === undefined ? Math.max(top, 0) : end[axis];
		if (lower > top || top > upper || (lower < 0 && upper > 0)) continue;
		const value = location[axis] ?? 0;
		if (value === top) continue;
		if (value <= lower || upper <= value) return 0;
		product *= value < top ? (value - lower) / (top - lower) : (value - upper) / (top - upper);
	}
	return product;
}
