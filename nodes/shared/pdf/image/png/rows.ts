/**
 * The geometry of a PNG's image data: bytes a row, the Adam7 passes (PNG section 8.2) and their
 * sizes, and the exact size of the inflated scanlines (each row behind its filter-type byte), which
 * bounds the inflate and tells a complete image from one that ends early.
 */

import type { PngHeader } from './pngHeader';

export interface Pass {
	x: number;
	y: number;
	xStep: number;
	yStep: number;
}

export const PASSES: readonly Pass[] = [
	{ x: 0, y: 0, xStep: 8, yStep: 8 },
	{ x: 4, y: 0, xStep: 8, yStep: 8 },
	{ x: 0, y: 4, xStep: 4, yStep: 8 },
	{ x: 2, y: 0, xStep: 4, yStep: 4 },
	{ x: 0, y: 2, xStep: 2, yStep: 4 },
	{ x: 1, y: 0, xStep: 2, yStep: 2 },
	{ x: 0, y: 1, xStep: 1, yStep: 2 },
];

/** A sub-image of the data: the whole image, or an Adam7 pass (either side may be 0: it is then absent). */
export interface SubImage {
	width: number;
	height: number;
}

/** Bytes one row of `width` pixels takes, without its filter byte. */
export function rowBytes(header: PngHeader, width: number): number {
	return Math.ceil((width * header.channels * header.bitDepth) / 8);
}

const span = (size: number, start: number, step: number): number =>
	size > start ? Math.ceil((size - start) / step) : 0;

/** The sub-images in the order the data holds them: the image itself, or the seven passes. */
export function subImages(header: PngHeader): SubImage[] {
	const { width, height } = header;
	if (!header.interlaced) return [{ width, height }];
	return PASSES.map((pass) => ({
		width: span(width, pass.x, pass.xStep),
		height: span(height, pass.y, pass.yStep),
	}));
}

/** The inflated image data's exact size: every non-empty sub-image's rows, each with its filter byte. */
export function scanlineBytes(header: PngHeader): number {
	let total = 0;
	for (const { width, height } of subImages(header))
		if (width > 0) total += (rowBytes(header, width) + 1) * height;
	return total;
}
