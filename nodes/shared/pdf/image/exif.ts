/**
 * What a page needs from a JPEG's EXIF block (the APP1 segment "Exif\0\0", a TIFF structure in either
 * byte order): the orientation and the resolution of its first directory (IFD0). Nothing else of it is
 * read. Malformed EXIF reads as absent: broken metadata does not damage the picture, and photo viewers
 * show such a photo as stored.
 */

import type { Orientation } from './types';

export interface ExifFacts {
	orientation?: Orientation;
	/** Dots per inch, of the stored pixels' columns (x) and rows (y). */
	resolution?: { x: number; y: number };
}

const TAG_X_RESOLUTION = 0x011a;
const TAG_Y_RESOLUTION = 0x011b;
const TAG_RESOLUTION_UNIT = 0x0128;
const TAG_ORIENTATION = 0x0112;
const TYPE_SHORT = 3;
const TYPE_LONG = 4;
const TYPE_RATIONAL = 5;
const ENTRY_BYTES = 12;

/** TIFF's ResolutionUnit: 2 inches (also when absent), 3 centimetres; 1 (no unit) states no resolution. */
const DOTS_PER_INCH_FACTOR: Record<number, number> = { 2: 1, 3: 2.54 };

/** Reads the TIFF structure that follows "Exif\0\0" (the bytes after those six). */
export function readExif(tiff: Uint8Array): ExifFacts {
	const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
	if (tiff.length < 8) return {};
	const order = view.getUint16(0);
	if (order !== 0x4949 && order !== 0x4d4d) return {};
	const little = order === 0x4949;
	if (view.getUint16(2, little) !== 42) return {};
	const directory = view.getUint32(4, little);
	if (directory > tiff.length - 2) return {};
	const count = view.getUint16(directory, little);
	// Entries cut off by the block's end are not read; the ones before them are.
	const entries = Math.min(count, Math.floor((tiff.length - directory - 2) / ENTRY_BYTES));

	const shorts = new Map<number, number>();
	const rationals = new Map<number, number>();
	for (let index = 0; index < entries; index++) {
		const at = directory + 2 + index * ENTRY_BYTES;
		const tag = view.getUint16(at, little);
		const type = view.getUint16(at + 2, little);
		if (view.getUint32(at + 4, little) !== 1) continue;
		if (type === TYPE_SHORT) shorts.set(tag, view.getUint16(at + 8, little));
		else if (type === TYPE_LONG) shorts.set(tag, view.getUint32(at + 8, little));
		else if (type === TYPE_RATIONAL) {
			const offset = view.getUint32(at + 8, little);
			if (offset > tiff.length - 8) continue;
			const denominator = view.getUint32(offset + 4, little);
			if (denominator !== 0) rationals.set(tag, view.getUint32(offset, little) / denominator);
		}
	}

	const facts: ExifFacts = {};
	const orientation = shorts.get(TAG_ORIENTATION);
	if (orientation !== undefined && orientation >= 1 && orientation <= 8)
		facts.orientation = orientation as Orientation;
	const factor = DOTS_PER_INCH_FACTOR[shorts.get(TAG_RESOLUTION_UNIT) ?? 2];
	const x = rationals.get(TAG_X_RESOLUTION);
	const y = rationals.get(TAG_Y_RESOLUTION);
	if (factor !== undefined && x !== undefined && y !== undefined && x > 0 && y > 0)
		facts.resolution = { x: x * factor, y: y * factor };
	return facts;
}
