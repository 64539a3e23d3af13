/**
 * PackBits (TIFF compression 32773, TIFF 6.0 section 9): a byte n, then n + 1 literal bytes (n 0 to
 * 127) or one byte repeated 1 - n times (n -1 to -127); -128 is a no-op.
 */

import { damaged } from '../damage';

/**
 * Decodes until the input ends or `wantedBytes` are out (a strip's data may run on past its rows, as
 * libtiff allows). A run cut short by the end of the input is 'damaged'.
 */
export function packBitsDecode(data: Uint8Array, wantedBytes: number): Uint8Array {
	const output = new Uint8Array(wantedBytes);
	let read = 0;
	let written = 0;
	while (read < data.length && written < wantedBytes) {
		const header = data[read++];
		if (header < 128) {
			const length = header + 1;
			if (read + length > data.length) throw damaged('a PackBits strip is cut short');
			const copied = Math.min(length, wantedBytes - written);
			output.set(data.subarray(read, read + copied), written);
			written += copied;
			read += length;
		} else if (header > 128) {
			if (read >= data.length) throw damaged('a PackBits strip is cut short');
			const length = Math.min(257 - header, wantedBytes - written);
			output.fill(data[read++], written, written + length);
			written += length;
		}
	}
	return output.subarray(0, written);
}
