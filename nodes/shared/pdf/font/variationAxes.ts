/**
 * A variable font's design space: its axes (fvar), the named instances' PostScript names, and where a
 * chosen weight lies in the normalised coordinates (-1…0…1 per axis) that gvar and HVAR are written
 * in, through avar's per-axis maps when the font has them. Only the weight axis is ever moved; every
 * other axis stays at its default, which is 0 in normalised coordinates.
 */

import type { FontData } from './fontData';
import { damaged } from './fontData';
import type { TableEntry } from './sfnt';

export interface VariationAxis {
	tag: string;
	min: number;
	default: number;
	max: number;
}

export interface DesignSpace {
	axes: readonly VariationAxis[];
	/** Each named instance: its user coordinates by axis and its PostScript name id (undefined when it has none). */
	instances: ReadonlyArray<{ coordinates: readonly number[]; postScriptNameId?: number }>;
	/** avar's map for each axis (pairs of normalised from -> to), empty when the font has no avar. */
	axisMaps: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
	/** avar's major version, undefined without avar. */
	avarVersion?: number;
}

const fixed = (data: FontData, at: number) =>
	data.uint32(at) / 65536 - (data.int16(at) < 0 ? 65536 : 0);
const f2dot14 = (data: FontData, at: number) => data.int16(at) / 16384;

/** Reads fvar and, if present, avar. */
export function readDesignSpace(
	data: FontData,
	fvar: TableEntry,
	avar: TableEntry | undefined,
): DesignSpace {
	const field = data.field;
	if (data.uint16(fvar.offset) !== 1) throw damaged(field, 'its fvar table has an unknown version');
	const axesAt = fvar.offset + data.uint16(fvar.offset + 4);
	const axisCount = data.uint16(fvar.offset + 8);
	const axisSize = data.uint16(fvar.offset + 10);
	const instanceCount = data.uint16(fvar.offset + 12);
	const instanceSize = data.uint16(fvar.offset + 14);
	if (axisSize < 20 || instanceSize < 4 + axisCount * 4)
		throw damaged(field, 'its fvar table has records of an impossible size');
	const axes: VariationAxis[] = [];
	for (let index = 0; index < axisCount; index += 1) {
		const at = axesAt + index * axisSize;
		const axis = {
			tag: data.tag(at),
			min: fixed(data, at + 4),
			default: fixed(data, at + 8),
			max: fixed(data, at + 12),
		};
		if (!(axis.min <= axis.default && axis.default <= axis.max))
			throw damaged(field, 'an fvar axis has its default outside its range');
		axes.push(axis);
	}
	const instancesAt = axesAt + axisCount * axisSize;
	const instances = Array.from({ length: instanceCount }, (_, index) => {
		const at = instancesAt + index * instanceSize;
		const coordinates = axes.map((_axis, axis) => fixed(data, at + 4 + axis * 4));
		const nameId = instanceSize >= 6 + axisCount * 4 ? data.uint16(at + 4 + axisCount * 4) : 0xffff;
		return { coordinates, postScriptNameId: nameId === 0xffff ? undefined : nameId };
	});
	const avarVersion = avar === undefined ? undefined : data.uint16(avar.offset);
	// Only avar 1's per-axis maps are read: the caller refuses another version.
	const axisMaps = avarVersion === 1 ? readAxisMaps(data, avar!, axisCount) : [];
	return { axes, instances, axisMaps, avarVersion };
}

function readAxisMaps(
	data: FontData,
	avar: TableEntry,
	axisCount: number,
): Array<Array<[number, number]>> {
	if (data.uint16(avar.offset + 6) !== axisCount)
		throw damaged(data.field, 'its avar table maps another number of axes than fvar has');
	const maps: Array<Array<[number, number]>> = [];
	let at = avar.offset + 8;
	for (let axis = 0; axis < axisCount; axis += 1) {
		const count = data.uint16(at);
		const pairs: Array<[number, number]> = [];
		for (let index = 0; index < count; index += 1)
			pairs.push([f2dot14(data, at + 2 + index * 4), f2dot14(data, at + 4 + index * 4)]);
		maps.push(pairs);
		at += 2 + count * 4;
	}
	return maps;
}

/** A user value on an axis as a normalised coordinate: clamped, scaled to -1…1, through avar, to F2Dot14's grid. */
export function normalise(space: DesignSpace, axisIndex: number, value: number): number {
	const axis = space.axes[axisIndex];
	const clamped = Math.min(Math.max(value, axis.min), axis.max);
	let normal =
		clamped < axis.default
			? (clamped - axis.default) / (axis.default - axis.min)
			: clamped > axis.default
				? (clamped - axis.default) / (axis.max - axis.default)
				: 0;
	const map = space.axisMaps[axisIndex];
	if (map !== undefined && map.length > 0) normal = piecewiseLinear(normal, map);
	// Quantised as fontTools' instancer does, so gvar's regions see the value the file format can hold.
	return Math.round(normal * 16384) / 16384;
}

function piecewiseLinear(value: number, map: ReadonlyArray<readonly [number, number]>): number {
	if (value <= map[0][0]) return value + map[0][1] - map[0][0];
	const last = map[map.length - 1];
	if (value >= last[0]) return value + last[1] - last[0];
	for (let index = 1; index < map.length; index += 1) {
		const [fromB, toB] = map[index];
		if (value > fromB) continue;
		const [fromA, toA] = map[index - 1];
		if (value === fromB) return toB;
		return toA + ((value - fromA) * (toB - toA)) / (fromB - fromA);
	}
	return value;
}
