/**
 * Adam7 interlacing (PNG section 8.2): the seven passes' unfiltered rows scattered into one
 * whole-image raster at the file's bit depth (packed rows, as a non-interlaced PNG has them).
 */

import type { PngHeader } from './pngHeader';
import type { Pass } from './rows';
import { PASSES, rowBytes, subImages } from './rows';

/**
 * The whole image from the passes' unfiltered rows, stored one after the other in `passes` (each
 * pass's rows packed, without filter bytes). Pixels of 8 bits or more are copied byte by byte; 1, 2
 * and 4-bit samples (one a pixel: grey or palette) bit by bit.
 */
export function deinterlace(header: PngHeader, passes: Uint8Array): Uint8Array {
	const { width, height, bitDepth, channels } = header;
	const stride = rowBytes(header, width);
	const image = new Uint8Array(stride * height);
	const pixelBits = bitDepth * channels;
	let at = 0;
	subImages(header).forEach((size, index) => {
		if (size.width === 0 || size.height === 0) return;
		const pass = PASSES[index];
		const passStride = rowBytes(header, size.width);
		for (let row = 0; row < size.height; row++) {
			const from = at + row * passStride;
			const to = (pass.y + row * pass.yStep) * stride;
			if (pixelBits >= 8) copyPixels(passes, from, image, to, size.width, pass, pixelBits >>> 3);
			else copySamples(passes, from, image, to, size.width, pass, pixelBits);
		}
		at += passStride * size.height;
	});
	return image;
}

function copyPixels(
	source: Uint8Array,
	from: number,
	image: Uint8Array,
	rowStart: number,
	count: number,
	pass: Pass,
	pixelBytes: number,
): void {
	for (let column = 0; column < count; column++) {
		const target = rowStart + (pass.x + column * pass.xStep) * pixelBytes;
		const origin = from + column * pixelBytes;
		for (let byte = 0; byte < pixelBytes; byte++) image[target + byte] = source[origin + byte];
	}
}

/** Sub-byte samples, packed from each byte's high bit; the image starts zeroed, so bits are only or-ed in. */
function copySamples(
	source: Uint8Array,
	from: number,
	image: Uint8Array,
	rowStart: number,
	count: number,
	pass: Pass,
	bits: number,
): void {
	const mask = (1 << bits) - 1;
	for (let column = 0; column < count; column++) {
		const sourceBit = column * bits;
		const value = (source[from + (sourceBit >>> 3)] >>> (8 - bits - (sourceBit & 7))) & mask;
		const targetBit = (pass.x + column * pass.xStep) * bits;
		image[rowStart + (targetBit >>> 3)] |= value << (8 - bits - (targetBit & 7));
	}
}
