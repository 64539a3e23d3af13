/**
 * The cmap table: Unicode code point -> glyph id. Formats 12 (all of Unicode, in groups) and 4 (the
 * Basic Multilingual Plane, in segments) are the ones Unicode fonts carry; the others (the old Mac
 * byte encodings, format 14's variation sequences) are not needed to draw NFC text.
 */

import { FontError } from '../errors';
import type { FontData } from './fontData';
import { damaged } from './fontData';

export type CharacterMap = (codePoint: number) => number;

/** Subtables by preference: a full-Unicode format 12 first, then a BMP format 4. */
const PREFERENCE: ReadonlyArray<{
	platform: number;
	encodings: readonly number[];
	format: number;
}> = [
	{ platform: 3, encodings: [10], format: 12 },
	{ platform: 0, encodings: [4, 6], format: 12 },
	{ platform: 3, encodings: [1], format: 4 },
	{ platform: 0, encodings: [3, 2, 1, 0], format: 4 },
];

export function readCharacterMap(data: FontData, cmapOffset: number): CharacterMap {
	const count = data.uint16(cmapOffset + 2);
	const subtables = Array.from({ length: count }, (_, index) => {
		const record = cmapOffset + 4 + index * 8;
		const offset = cmapOffset + data.uint32(record + 4);
		return {
			platform: data.uint16(record),
			encoding: data.uint16(record + 2),
			offset,
			format: data.uint16(offset),
		};
	});
	for (const wanted of PREFERENCE) {
		const subtable = subtables.find(
			(candidate) =>
				candidate.platform === wanted.platform &&
				wanted.encodings.includes(candidate.encoding) &&
				candidate.format === wanted.format,
		);
		if (subtable === undefined) continue;
		return wanted.format === 12 ? format12(data, subtable.offset) : format4(data, subtable.offset);
	}
	throw new FontError(
		'notTrueType',
		`${data.field} has no Unicode character map (cmap format 4 or 12): it is a symbol font or not made for text`,
		data.field,
	);
}

/** Format 12: sorted groups of consecutive code points mapped to consecutive glyph ids. */
function format12(data: FontData, offset: number): CharacterMap {
	const groups = data.uint32(offset + 12);
	data.need(offset + 16, groups * 12, 'the cmap groups');
	const starts = new Uint32Array(groups);
	const ends = new Uint32Array(groups);
	const glyphs = new Uint32Array(groups);
	for (let index = 0; index < groups; index += 1) {
		const at = offset + 16 + index * 12;
		starts[index] = data.uint32(at);
		ends[index] = data.uint32(at + 4);
		glyphs[index] = data.uint32(at + 8);
	}
	return (codePoint) => {
		const index = lastAtMost(starts, codePoint);
		return index >= 0 && codePoint <= ends[index] ? glyphs[index] + codePoint - starts[index] : 0;
	};
}

/** Format 4: segments of BMP code points, each mapped by a delta or through the glyph id array. */
function format4(data: FontData, offset: number): CharacterMap {
	const length = data.uint16(offset + 2);
	data.need(offset, length, 'the cmap subtable');
	const segments = data.uint16(offset + 6) / 2;
	const endsAt = offset + 14;
	const startsAt = endsAt + segments * 2 + 2;
	const deltasAt = startsAt + segments * 2;
	const rangeOffsetsAt = deltasAt + segments * 2;
	if (rangeOffsetsAt + segments * 2 > offset + length)
		throw damaged(data.field, 'its cmap segments run past their subtable');
	const starts = new Uint32Array(segments);
	const ends = new Uint32Array(segments);
	for (let index = 0; index < segments; index += 1) {
		starts[index] = data.uint16(startsAt + index * 2);
		ends[index] = data.uint16(endsAt + index * 2);
	}
	return (codePoint) => {
		if (codePoint > 0xffff) return 0;
		// Segments are sorted by their end code: the first one ending at or after the code point.
		let low = 0;
		let high = segments - 1;
		while (low < high) {
			const middle = (low + high) >> 1;
			if (ends[middle] < codePoint) low = middle + 1;
			else high = middle;
		}
		if (segments === 0 || codePoint < starts[low] || codePoint > ends[low]) return 0;
		const delta = data.uint16(deltasAt + low * 2);
		const rangeOffset = data.uint16(rangeOffsetsAt + low * 2);
		if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
		const at = rangeOffsetsAt + low * 2 + rangeOffset + (codePoint - starts[low]) * 2;
		const glyph = data.uint16(at);
		return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
	};
}

/** The index of the last value <= target in a sorted array, or -1. */
function lastAtMost(sorted: Uint32Array, target: number): number {
	let low = 0;
	let high = sorted.length - 1;
	let found = -1;
	while (low <= high) {
		const middle = (low + high) >> 1;
		if (sorted[middle] <= target) {
			found = middle;
			low = middle + 1;
		} else high = middle - 1;
	}
	return found;
}
