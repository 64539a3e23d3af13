/**
 * BMP's run-length encodings, RLE8 and RLE4: runs of one index (RLE4: two alternating), absolute runs
 * of literal indices padded to 16 bits, and the escapes end of line, end of bitmap and delta. Pixels
 * a delta or an early end of line skips are palette index 0, as Windows and ImageMagick leave them.
 */

import { damaged } from '../damage';
import type { BmpHeader } from './bmpHeader';

const ESCAPE = 0;
const END_OF_LINE = 0;
const END_OF_BITMAP = 1;
const DELTA = 2;

/** One palette index a byte per pixel, rows in the order the file stores them. */
export function decodeRle(data: Uint8Array, header: BmpHeader): Uint8Array {
	const { width, height } = header;
	const fourBit = header.compression === 'rle4';
	const indices = new Uint8Array(width * height);
	let at = header.pixelOffset;
	let x = 0;
	let y = 0;
	const next = (): number => {
		if (at >= data.length)
			throw damaged('the BMP file is cut short (its RLE data end before the end of the bitmap)');
		return data[at++];
	};
	/** How many of `count` pixels from the current place are in its row. */
	const shown = (count: number) => Math.min(count, width - x);
	for (;;) {
		// After the last row's end of line, the end of bitmap may be missing.
		if (y >= height) return indices;
		const count = next();
		const value = next();
		if (count !== ESCAPE) {
			const row = y * width + x;
			const kept = shown(count);
			if (fourBit) {
				for (let i = 0; i < kept; i++) indices[row + i] = i & 1 ? value & 0x0f : value >> 4;
			} else indices.fill(value, row, row + kept);
			x = Math.min(width, x + count);
		} else if (value === END_OF_LINE) {
			x = 0;
			y++;
		} else if (value === END_OF_BITMAP) {
			return indices;
		} else if (value === DELTA) {
			x += next();
			y += next();
			if (x > width || y > height)
				throw damaged('the BMP RLE data are damaged (a delta moves out of the image)');
		} else {
			// An absolute run of `value` indices, its bytes padded to an even count.
			const bytes = fourBit ? (value + 1) >> 1 : value;
			const row = y * width + x;
			const kept = shown(value);
			for (let i = 0; i < value; i++) {
				const index = fourBit ? (i & 1 ? data[at - 1] & 0x0f : next() >> 4) : next();
				if (i < kept) indices[row + i] = index;
			}
			if (bytes & 1) next();
			x = Math.min(width, x + value);
		}
	}
}
