import { DocumentError } from '../errors';

/**
 * The limits every image format keeps, checked from the header before any pixel is decoded: a tiny
 * file may declare 30,000 x 30,000 pixels (a decompression bomb) and would exhaust n8n's memory.
 */

/**
 * At most this many pixels an image: 50 megapixels holds a 48-megapixel phone photo and an A4 page
 * scanned at 600 dpi (35 megapixels); decoded as RGB it is 150 MB, the most one item may take.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** At most this many pixels a side, as for TIFF pages (tiff/page.ts MAX_SIDE). */
export const MAX_IMAGE_SIDE = 20_000;

/** 50000000 -> 50,000,000 (toLocaleString would load ICU's data on its first call: tens of milliseconds). */
const grouped = (count: number): string => String(count).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * The one size check of every format, from its header: throws 'tooLarge' when an image of this size
 * would pass the limits. The message states the limits, not the declared size.
 */
export function checkImageSize(format: string, width: number, height: number): void {
	if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
		throw new DocumentError(
			'tooLarge',
			`the ${format} image is larger than an image may be (${grouped(MAX_IMAGE_SIDE)} pixels a side, ${grouped(MAX_IMAGE_PIXELS)} pixels in all)`,
		);
	}
}
