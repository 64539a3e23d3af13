/**
 * LZW decoding as PDF (/LZWDecode, PDF 1.7 section 7.4.4) and TIFF use it: codes of 9 to 12 bits,
 * first bit highest; 256 clears the table, 257 ends the data. With earlyChange 1 (PDF's default, and
 * TIFF's) the code width grows one code early. Data that end without the end code are accepted, as
 * readers do; a code that is not in the table yet is 'damaged'.
 */

import { DocumentError } from '../errors';
import { damaged } from '../damage';
import { LzwTable } from './lzwTable';

const CLEAR = 256;
const END = 257;
const FIRST_FREE = 258;
const MAX_WIDTH = 12;

export function lzwDecode(
	data: Uint8Array,
	earlyChange: number,
	maxOutputBytes: number,
): Uint8Array {
	if (earlyChange !== 0 && earlyChange !== 1) {
		throw damaged('an LZW-compressed stream has an invalid EarlyChange (not 0 or 1)');
	}
	const table = new LzwTable(256, FIRST_FREE);
	let output = new Uint8Array(Math.max(0, Math.min(maxOutputBytes, data.length * 3 + 1024)));
	let outputLength = 0;
	let width = 9;
	let previous = -1;
	let bits = 0;
	let bitCount = 0;
	let at = 0;
	for (;;) {
		while (bitCount < width && at < data.length) {
			bits = ((bits << 8) | data[at++]) & 0xffffff;
			bitCount += 8;
		}
		if (bitCount < width) break;
		bitCount -= width;
		const code = (bits >>> bitCount) & ((1 << width) - 1);
		if (code === CLEAR) {
			table.clear();
			width = 9;
			previous = -1;
			continue;
		}
		if (code === END) break;
		// A defined code, or (the KwKwK case) the previous one plus its first byte.
		const length = table.lengthOf(code, previous);
		if (length === 0) throw damaged('an LZW-compressed stream is damaged (a code not yet defined)');
		if (outputLength + length > output.length) {
			if (outputLength + length > maxOutputBytes) {
				throw new DocumentError(
					'tooLarge',
					`an LZW-compressed stream decodes to more than ${maxOutputBytes} bytes`,
				);
			}
			const grown = new Uint8Array(
				Math.min(maxOutputBytes, Math.max(outputLength + length, output.length * 2)),
			);
			grown.set(output.subarray(0, outputLength));
			output = grown;
		}
		table.write(code, previous, length, output, outputLength);
		if (previous >= 0 && table.add(previous, output[outputLength])) {
			if (table.nextCode + earlyChange >= 1 << width && width < MAX_WIDTH) width++;
		}
		outputLength += length;
		previous = code;
	}
	return output.slice(0, outputLength);
}
