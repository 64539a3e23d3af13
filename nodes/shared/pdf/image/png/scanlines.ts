/**
 * A PNG's image data from its IDAT chunks to packed rows: the zlib stream checked (header, Adler-32)
 * and inflated with its exact expected size as the limit (so memory stays bounded by the image's own
 * size), each row's filter (PNG section 7.3, 9) undone in place, the filter bytes squeezed out.
 */

import { DocumentError } from '../../errors';
import { damaged } from '../../damage';
import { adler32 } from '../../filters/adler32';
import { inflate } from '../../filters/inflate';
import { unfilterPngRow } from '../../filters/pngRows';
import type { PngHeader } from './pngHeader';
import { rowBytes, scanlineBytes, subImages } from './rows';

/** The IDAT chunks' data as one zlib stream (the chunk itself when there is one, no copy). */
export function zlibStream(imageData: readonly Uint8Array[]): Uint8Array {
	return imageData.length === 1 ? imageData[0] : Buffer.concat(imageData);
}

const broken = (why: string): DocumentError =>
	damaged(`the PNG's compressed data is broken (${why})`);

/**
 * The inflated scanlines, checked: a valid zlib header, exactly the bytes the image needs, the
 * Adler-32 right and every row's filter type defined. Throws 'damaged' naming what is wrong.
 */
export function inflateScanlines(header: PngHeader, stream: Uint8Array): Uint8Array {
	if (!hasZlibHeader(stream)) throw broken('its zlib header is invalid');
	const expected = scanlineBytes(header);
	const scanlines = inflateAtMost(stream, expected);
	if (scanlines.length < expected) throw damaged("the PNG's image data ends early");
	const end = stream.length;
	const stored =
		((stream[end - 4] << 24) |
			(stream[end - 3] << 16) |
			(stream[end - 2] << 8) |
			stream[end - 1]) >>>
		0;
	if (end < 6 || adler32(scanlines) !== stored) throw broken('its Adler-32 check fails');
	checkFilterTypes(header, scanlines);
	return scanlines;
}

/** The inflated stream, at most `limit` bytes; the inflate's refusals said as the PNG's data being broken. */
function inflateAtMost(stream: Uint8Array, limit: number): Uint8Array {
	try {
		return inflate(stream, limit);
	} catch (failure) {
		// 'tooLarge' here means more data than the image has rows for: the stream is wrong, not the image big.
		throw broken(
			failure instanceof DocumentError && failure.reason === 'tooLarge'
				? 'it holds more than the image'
				: 'invalid deflate data',
		);
	}
}

/** Deflate, a window of at most 32 KiB, the check bits right, no preset dictionary (RFC 1950). */
function hasZlibHeader(stream: Uint8Array): boolean {
	if (stream.length < 2) return false;
	const method = stream[0];
	const flags = stream[1];
	return (
		(method & 0x0f) === 8 &&
		method >>> 4 <= 7 &&
		((method << 8) | flags) % 31 === 0 &&
		(flags & 0x20) === 0
	);
}

/** Every row's first byte is a filter type 0 to 4 (a reader would refuse the image later, too late). */
function checkFilterTypes(header: PngHeader, scanlines: Uint8Array): void {
	let at = 0;
	for (const { width, height } of subImages(header)) {
		if (width === 0) continue;
		const stride = rowBytes(header, width) + 1;
		for (let row = 0; row < height; row++, at += stride)
			if (scanlines[at] > 4)
				throw damaged("the PNG's image data has a row of an undefined filter type");
	}
}

/**
 * The rows unfiltered, in place, then packed without their filter bytes: returns the start of the
 * same buffer, every sub-image's rows one after the other.
 */
export function unfilter(header: PngHeader, scanlines: Uint8Array): Uint8Array {
	const pixelBytes = Math.max(1, (header.channels * header.bitDepth) >>> 3);
	let at = 0;
	for (const { width, height } of subImages(header)) {
		if (width === 0) continue;
		const length = rowBytes(header, width);
		for (let row = 0; row < height; row++, at += length + 1)
			unfilterPngRow(
				scanlines[at],
				scanlines,
				at + 1,
				row === 0 ? -1 : at - length,
				length,
				pixelBytes,
			);
	}
	let packed = 0;
	at = 0;
	for (const { width, height } of subImages(header)) {
		if (width === 0) continue;
		const length = rowBytes(header, width);
		for (let row = 0; row < height; row++, at += length + 1, packed += length)
			scanlines.copyWithin(packed, at + 1, at + 1 + length);
	}
	return scanlines.subarray(0, packed);
}
