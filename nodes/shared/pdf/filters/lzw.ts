/**
 * LZW decoding as PDF (/LZWDecode, PDF 1.7 section 7.4.4) and TIFF use it: codes of 9 to 12 bits,
 * first bit highest; 256 clears the table, 257 ends the data. With earlyChange 1 (PDF's default, and
 * TIFF's) the code width grows one code early. Data that end without the end code are accepted, as
 * readers do; a code that is not in the table yet is 'damaged'.
 */

import { DocumentError } from '../errors';
import { damaged } from '../damage';

const CLEAR = 256;
const END = 257;
const FIRST_FREE = 258;
const MAX_CODES = 4096;
const MAX_WIDTH = 12;

export function lzwDecode(
	data: Uint8Array,
	earlyChange: number,
	maxOutputBytes: number,
): Uint8Array {
	if (earlyChange !== 0 && earlyChange !== 1) {
		throw damaged('an LZW-compressed stream has an invalid EarlyChange (not 0 or 1)');
	}
	// Each table entry is its prefix entry plus one byte; lengths and first bytes make output a copy.
	const prefixes = new Uint16Array(MAX_CODES);
	const lastBytes = new Uint8Array(MAX_CODES);
	const firstBytes = new Uint8Array(MAX_CODES);
	const lengths = new Uint16Array(MAX_CODES);
	for (let code = 0; code < 256; code++) {
		lastBytes[code] = code;
		firstBytes[code] = code;
		lengths[code] = 1;
	}
	let output = new Uint8Array(Math.max(0, Math.min(maxOutputBytes, data.length * 3 + 1024)));
	let outputLength = 0;
	let nextCode = FIRST_FREE;
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
			nextCode = FIRST_FREE;
			width = 9;
			previous = -1;
			continue;
		}
		if (code === END) break;
		// The entry the code stands for: a known one, or (the KwKwK case) the previous one plus its first byte.
		const known = code < nextCode;
		if (!known && (code !== nextCode || previous < 0))
			throw damaged('an LZW-compressed stream is damaged (a code not yet defined)');
		const length = known ? lengths[code] : lengths[previous] + 1;
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
		if (known) {
			for (let entry = code, i = outputLength + length - 1; i >= outputLength; i--) {
				output[i] = lastBytes[entry];
				entry = prefixes[entry];
			}
		} else {
			const previousLength = lengths[previous];
			output.copyWithin(outputLength, outputLength - previousLength, outputLength);
			output[outputLength + previousLength] = firstBytes[previous];
		}
		if (previous >= 0 && nextCode < MAX_CODES) {
			prefixes[nextCode] = previous;
			lastBytes[nextCode] = output[outputLength];
			firstBytes[nextCode] = firstBytes[previous];
			lengths[nextCode] = lengths[previous] + 1;
			nextCode++;
			if (nextCode + earlyChange >= 1 << width && width < MAX_WIDTH) width++;
		}
		outputLength += length;
		previous = code;
	}
	return output.slice(0, outputLength);
}
