/**
 * GIF's LZW (GIF89a appendix F): codes packed first bit lowest, starting one bit wider than the
 * minimum code size, with a clear code (1 << min) and an end code after it; the width grows when the
 * table reaches 1 << width, up to 12 bits, and a full table stays as it is until the next clear code.
 */

import { damaged } from '../damage';
import { LZW_MAX_CODES, LzwTable } from '../filters/lzwTable';

const MAX_WIDTH = 12;

/**
 * The first `pixelCount` pixel indices of the image data (the sub-blocks joined). Data past the last
 * pixel are ignored, as decoders do; data that end before it are 'damaged'.
 */
export function gifLzwDecode(
	data: Uint8Array,
	minCodeSize: number,
	pixelCount: number,
): Uint8Array {
	if (minCodeSize < 1 || minCodeSize > 8) {
		throw damaged('the GIF image data have an invalid LZW minimum code size');
	}
	const clearCode = 1 << minCodeSize;
	const endCode = clearCode + 1;
	const table = new LzwTable(clearCode, clearCode + 2);
	// The last string may run past the last pixel: room for the longest one.
	const output = new Uint8Array(pixelCount + LZW_MAX_CODES);
	let at = 0;
	let width = minCodeSize + 1;
	let previous = -1;
	let bits = 0;
	let bitCount = 0;
	let read = 0;
	while (at < pixelCount) {
		while (bitCount < width) {
			if (read >= data.length) throw damaged('the GIF image data end before its last pixel');
			bits |= data[read++] << bitCount;
			bitCount += 8;
		}
		const code = bits & ((1 << width) - 1);
		bits >>>= width;
		bitCount -= width;
		if (code === clearCode) {
			table.clear();
			width = minCodeSize + 1;
			previous = -1;
			continue;
		}
		if (code === endCode) throw damaged('the GIF image data end before its last pixel');
		const length = table.lengthOf(code, previous);
		if (length === 0) throw damaged('the GIF image data are damaged (an LZW code not yet defined)');
		table.write(code, previous, length, output, at);
		if (previous >= 0 && table.add(previous, output[at])) {
			if (table.nextCode >= 1 << width && width < MAX_WIDTH) width++;
		}
		at += length;
		previous = code;
	}
	return output.subarray(0, pixelCount);
}
