/**
 * BMP pixels of 16, 24 and 32 bits -> 8-bit RGB rows, top row first. Channels are read through their
 * masks (BI_RGB's implied ones or BI_BITFIELDS'); a channel of fewer than 8 bits is widened by
 * repeating its bits (5 bits v -> v << 3 | v >> 2), as ImageMagick does. Alpha, when a mask gives it
 * and some pixel's is not 0, is composited onto white paper; alpha that is 0 everywhere is a writer
 * leaving the bits unused (browsers show such files opaque; ImageMagick, as a white page).
 */

import type { BmpHeader } from './bmpHeader';

interface Channel {
	mask: number;
	shift: number;
	/** Bits dropped below the top 8 of a wider channel. */
	drop: number;
	/** The channel's value (after the drop) -> its 8-bit value. */
	scale: Uint8Array;
}

function channel(mask: number): Channel {
	let shift = 0;
	while (shift < 32 && ((mask >>> shift) & 1) === 0) shift++;
	let bits = 0;
	while (shift + bits < 32 && ((mask >>> (shift + bits)) & 1) === 1) bits++;
	const kept = Math.min(bits, 8);
	const scale = new Uint8Array(1 << kept);
	for (let value = 0; value < scale.length && kept > 0; value++) {
		let widened = 0;
		let filled = 0;
		for (; filled < 8; filled += kept) widened = (widened << kept) | value;
		scale[value] = widened >>> (filled - 8);
	}
	return { mask, shift, drop: bits - kept, scale };
}

function valueOf(pixel: number, { mask, shift, drop, scale }: Channel): number {
	return scale[((pixel & mask) >>> shift) >>> drop];
}

/** Whether some pixel's alpha bits are not 0. */
function someAlpha(
	header: BmpHeader,
	storedRow: (row: number) => number,
	alphaAt: (at: number) => number,
): boolean {
	const bytesPerPixel = header.bitsPerPixel / 8;
	for (let row = 0; row < header.height; row++) {
		const start = storedRow(row);
		for (let at = start; at < start + header.width * bytesPerPixel; at += bytesPerPixel)
			if (alphaAt(at) !== 0) return true;
	}
	return false;
}

/**
 * The RGB samples. `storedRow(row)` is where the picture's row starts in the file (rows are stored
 * bottom-up or top-down, each padded to 4 bytes); the caller has checked the data hold every row.
 */
export function directColour(
	data: Uint8Array,
	header: BmpHeader,
	storedRow: (row: number) => number,
): Uint8Array {
	const { width, height, bitsPerPixel, masks } = header;
	const rgb = new Uint8Array(width * height * 3);
	const bytesPerPixel = bitsPerPixel / 8;
	const [red, green, blue, alpha] = [masks.red, masks.green, masks.blue, masks.alpha].map(channel);
	const pixelAt = (at: number) =>
		bitsPerPixel === 16
			? data[at] | (data[at + 1] << 8)
			: (data[at] | (data[at + 1] << 8) | (data[at + 2] << 16) | (data[at + 3] << 24)) >>> 0;
	const withAlpha =
		masks.alpha !== 0 && someAlpha(header, storedRow, (at) => pixelAt(at) & masks.alpha);
	const plain = !withAlpha && header.compression === 'none' && bitsPerPixel !== 16;
	for (let row = 0, out = 0; row < height; row++) {
		let at = storedRow(row);
		for (let column = 0; column < width; column++, at += bytesPerPixel, out += 3) {
			if (plain) {
				// 24 bits, or 32 with the fourth byte unused: blue, green, red.
				rgb[out] = data[at + 2];
				rgb[out + 1] = data[at + 1];
				rgb[out + 2] = data[at];
				continue;
			}
			const pixel = pixelAt(at);
			const r = valueOf(pixel, red);
			const g = valueOf(pixel, green);
			const b = valueOf(pixel, blue);
			if (!withAlpha) {
				rgb[out] = r;
				rgb[out + 1] = g;
				rgb[out + 2] = b;
			} else {
				// Over white, rounded down as ImageMagick's -flatten does.
				const a = valueOf(pixel, alpha);
				const paper = 255 * (255 - a);
				rgb[out] = ((r * a + paper) / 255) | 0;
				rgb[out + 1] = ((g * a + paper) / 255) | 0;
				rgb[out + 2] = ((b * a + paper) / 255) | 0;
			}
		}
	}
	return rgb;
}
