/**
 * The two ASCII filters (PDF 1.7 sections 7.4.2 and 7.4.3). White space is ignored; a missing
 * end-of-data marker is accepted, as readers do.
 */

import { damaged } from '../damage';

/** PDF white space: NUL, TAB, LF, FF, CR, SPACE. */
function isWhiteSpace(byte: number): boolean {
	return (
		byte === 0x20 ||
		byte === 0x0a ||
		byte === 0x0d ||
		byte === 0x09 ||
		byte === 0x0c ||
		byte === 0x00
	);
}

function hexValue(byte: number): number {
	if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
	const lower = byte | 0x20;
	if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
	return -1;
}

/** /ASCIIHexDecode: pairs of hex digits up to '>'; an odd last digit is followed by an implied 0. */
export function asciiHexDecode(data: Uint8Array): Uint8Array {
	const output = new Uint8Array(Math.ceil(data.length / 2));
	let length = 0;
	let high = -1;
	for (const byte of data) {
		if (byte === 0x3e) break;
		if (isWhiteSpace(byte)) continue;
		const value = hexValue(byte);
		if (value < 0)
			throw damaged('an ASCIIHex-encoded stream is damaged (a character that is not a hex digit)');
		if (high < 0) {
			high = value;
		} else {
			output[length++] = (high << 4) | value;
			high = -1;
		}
	}
	if (high >= 0) output[length++] = high << 4;
	return output.slice(0, length);
}

/**
 * /ASCII85Decode: groups of five characters '!' to 'u' for four bytes, 'z' for four zero bytes, '~>'
 * to end. A last group of n characters (2 to 4) stands for n - 1 bytes. A leading '<~' (used outside
 * PDF) is skipped.
 */
export function ascii85Decode(data: Uint8Array): Uint8Array {
	let zeroGroups = 0;
	for (const byte of data) if (byte === 0x7a) zeroGroups++;
	const output = new Uint8Array(Math.ceil((data.length * 4) / 5) + 4 * zeroGroups + 4);
	let length = 0;
	let group = 0;
	let groupSize = 0;
	let start = 0;
	if (data[0] === 0x3c && data[1] === 0x7e) start = 2;
	for (let at = start; at < data.length; at++) {
		const byte = data[at];
		if (byte === 0x7e) break;
		if (isWhiteSpace(byte)) continue;
		if (byte === 0x7a && groupSize === 0) {
			output.fill(0, length, length + 4);
			length += 4;
			continue;
		}
		if (byte < 0x21 || byte > 0x75)
			throw damaged(
				'an ASCII85-encoded stream is damaged (a character outside the ASCII85 alphabet)',
			);
		group = group * 85 + (byte - 0x21);
		if (++groupSize === 5) {
			if (group > 0xffffffff)
				throw damaged('an ASCII85-encoded stream is damaged (a group above 2^32 - 1)');
			length = writeGroup(output, length, group, 4);
			group = 0;
			groupSize = 0;
		}
	}
	if (groupSize === 1)
		throw damaged('an ASCII85-encoded stream is damaged (a last group of one character)');
	if (groupSize > 1) {
		// Pad with 'u' (84), the largest digit, so the truncated bytes round the right way.
		for (let padding = groupSize; padding < 5; padding++) group = group * 85 + 84;
		if (group > 0xffffffff)
			throw damaged('an ASCII85-encoded stream is damaged (a group above 2^32 - 1)');
		length = writeGroup(output, length, group, groupSize - 1);
	}
	return output.slice(0, length);
}

/** The first `count` bytes of group, most significant first. */
function writeGroup(output: Uint8Array, length: number, group: number, count: number): number {
	for (let i = 0; i < count; i++) output[length++] = Math.floor(group / 2 ** (24 - 8 * i)) & 0xff;
	return length;
}
