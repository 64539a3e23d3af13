/**
 * The decompression-bomb check the decoded formats (GIF, BMP) make from their headers, before any
 * pixel is decoded or any buffer for pixels is allocated.
 */

import { DocumentError } from '../errors';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './limits';

/** 50000000 -> 50,000,000 (toLocaleString would load ICU's data on its first call: tens of milliseconds). */
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * Throws 'tooLarge' when an image of this size would pass the limits. The message states the limits,
 * not the declared size (a header's values are the document's).
 */
export function checkImageSize(format: string, width: number, height: number): void {
	if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
		throw new DocumentError(
			'tooLarge',
			`the ${format} image is larger than an image may be (${grouped(MAX_IMAGE_SIDE)} pixels a side, ${grouped(MAX_IMAGE_PIXELS)} pixels in all)`,
		);
	}
}
