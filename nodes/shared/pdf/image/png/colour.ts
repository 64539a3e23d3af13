/**
 * A PNG's colours as a PDF image shows them: its colour space (DeviceGray, DeviceRGB, or Indexed over
 * DeviceRGB with the PLTE), and transparency printed as a fax prints it, on white paper: alpha
 * (colour types 4 and 6) composited onto white at the file's bit depth, tRNS's transparent colour
 * made white, a palette's tRNS alphas composited into its entries (the image stays indexed).
 */

import type { PngHeader } from './pngHeader';
import { rowBytes } from './rows';

/** White paper over a sample of `c` at alpha `a`, both 8-bit: c·a + 255·(255 − a), over 255, rounded. */
const onWhite8 = (c: number, a: number): number =>
	((2 * (c * a + 255 * (255 - a)) + 255) / 510) | 0;

/** The same at 16 bits (the sum passes 2^32: plain arithmetic on numbers, no bitwise truncation). */
function onWhite16(c: number, a: number): number {
	const q = (2 * (c * a + 65535 * (65535 - a)) + 65535) / 131070;
	return q - (q % 1);
}

/** The transparent colour tRNS names for grey (1 value) or RGB (3), each 16 bits; undefined when the chunk is unusable. */
export function transparentColour(
	header: PngHeader,
	trns: Uint8Array | undefined,
): number[] | undefined {
	const samples = header.colourType === 0 ? 1 : header.colourType === 2 ? 3 : 0;
	// A tRNS of the wrong length is ignored, as libpng does.
	if (trns === undefined || samples === 0 || trns.length !== 2 * samples) return undefined;
	return Array.from(
		{ length: samples },
		(_, index) => (trns[2 * index] << 8) | trns[2 * index + 1],
	);
}

/** The image's colour space, as PDF syntax. */
export function colourSpace(
	header: PngHeader,
	palette: Uint8Array | undefined,
	trns: Uint8Array | undefined,
): string {
	switch (header.colourType) {
		case 0:
		case 4:
			return '/DeviceGray';
		case 2:
		case 6:
			return '/DeviceRGB';
		case 3:
			return indexedSpace(header.bitDepth, palette ?? new Uint8Array(0), trns);
	}
}

/**
 * Every index the bit depth can hold gets an entry: one past the PLTE is black, as libpng reads it,
 * where a PDF reader would clamp it to the last entry.
 */
function indexedSpace(bitDepth: number, palette: Uint8Array, trns: Uint8Array | undefined): string {
	const entries = 1 << bitDepth;
	let hex = '';
	for (let index = 0; index < entries; index++) {
		const alpha = trns !== undefined && index < trns.length ? trns[index] : 255;
		for (let channel = 0; channel < 3; channel++) {
			const at = index * 3 + channel;
			const value = at < palette.length ? onWhite8(palette[at], alpha) : 0;
			hex += value.toString(16).padStart(2, '0');
		}
	}
	return `[/Indexed /DeviceRGB ${entries - 1} <${hex}>]`;
}

/** Samples a pixel of the PDF image: colour types 4 and 6 lose their alpha. */
export function outputChannels(header: PngHeader): number {
	return header.colourType === 4 || header.colourType === 6 ? header.channels - 1 : header.channels;
}

/**
 * The packed pixels with their transparency printed on white, in place: the buffer's start (shorter
 * when alpha samples are dropped), or the buffer itself.
 */
export function onWhitePaper(
	header: PngHeader,
	pixels: Uint8Array,
	trns: Uint8Array | undefined,
): Uint8Array {
	if (header.colourType === 4 || header.colourType === 6) return compositeAlpha(header, pixels);
	const key = transparentColour(header, trns);
	if (key !== undefined) whitenKeyColour(header, pixels, key);
	return pixels;
}

/**
 * Alpha composited onto white, the alpha samples dropped. In place: a pixel's colour samples are
 * written no later than they are read, and its alpha is read first.
 */
function compositeAlpha(header: PngHeader, pixels: Uint8Array): Uint8Array {
	const colours = header.channels - 1;
	const count = header.width * header.height;
	if (header.bitDepth === 8) {
		for (let pixel = 0, from = 0, to = 0; pixel < count; pixel++, from++) {
			const alpha = pixels[from + colours];
			for (let sample = 0; sample < colours; sample++)
				pixels[to++] = onWhite8(pixels[from++], alpha);
		}
		return pixels.subarray(0, count * colours);
	}
	for (let pixel = 0, from = 0, to = 0; pixel < count; pixel++, from += 2) {
		const alpha = (pixels[from + 2 * colours] << 8) | pixels[from + 2 * colours + 1];
		for (let sample = 0; sample < colours; sample++, from += 2, to += 2) {
			const value = onWhite16((pixels[from] << 8) | pixels[from + 1], alpha);
			pixels[to] = value >>> 8;
			pixels[to + 1] = value & 0xff;
		}
	}
	return pixels.subarray(0, count * colours * 2);
}

/** Pixels of exactly the tRNS colour become white (every sample at its maximum). */
function whitenKeyColour(header: PngHeader, pixels: Uint8Array, key: number[]): void {
	const { width, height, bitDepth, channels } = header;
	const stride = rowBytes(header, width);
	if (bitDepth < 8) {
		// Grey at 1, 2 or 4 bits: samples packed from each byte's high bit.
		const mask = (1 << bitDepth) - 1;
		for (let row = 0; row < height; row++) {
			for (let column = 0, bit = 0; column < width; column++, bit += bitDepth) {
				const at = row * stride + (bit >>> 3);
				const shift = 8 - bitDepth - (bit & 7);
				if (((pixels[at] >>> shift) & mask) === key[0]) pixels[at] |= mask << shift;
			}
		}
		return;
	}
	const sampleBytes = bitDepth >>> 3;
	// A key above 255 for an 8-bit image matches no pixel.
	if (sampleBytes === 1 && key.some((value) => value > 255)) return;
	const pixelBytes = channels * sampleBytes;
	const keyBytes = new Uint8Array(pixelBytes);
	key.forEach((value, index) => {
		if (sampleBytes === 2) keyBytes.set([value >>> 8, value & 0xff], index * 2);
		else keyBytes[index] = value;
	});
	for (let at = 0; at < pixels.length; at += pixelBytes) {
		let same = true;
		for (let byte = 0; byte < pixelBytes && same; byte++)
			same = pixels[at + byte] === keyBytes[byte];
		if (same) pixels.fill(0xff, at, at + pixelBytes);
	}
}
