/**
 * How a TIFF page's images land on its PDF page. The content stream first scales PDF space to one unit
 * a pixel, so each image (a strip, a tile or the whole page) is placed at whole-pixel coordinates and
 * neighbouring strips share their edges exactly: no hairline gaps or overlaps between them.
 */

import { pdfNumber } from '../write/objects';

/** An image XObject and the pixel rectangle it fills (x, y from the page's top-left corner). */
export interface PlacedImage {
	x: number;
	y: number;
	width: number;
	height: number;
	/** The image dictionary's entries after /Length. */
	dictionaryEntries: string;
	data: Buffer;
}

/** The page's size in points: pixels / dots per inch * 72, rounded as every number in the file is. */
export function pageSizeInPoints(
	widthPx: number,
	heightPx: number,
	resolution: { x: number; y: number },
): { width: string; height: string } {
	return {
		width: pdfNumber((widthPx / resolution.x) * 72),
		height: pdfNumber((heightPx / resolution.y) * 72),
	};
}

/**
 * A scale factor with six decimals: two (pdfNumber) would misplace the far edge of a 2,000-pixel page
 * by several pixels; six keep it within a hundredth of one.
 */
function scale(value: number): string {
	return value.toFixed(6).replace(/\.?0+$/, '');
}

/**
 * The page's content stream: scale to pixels (y up from the bottom edge, as PDF has it), clip to the
 * page when images (edge tiles) reach past it, then draw each image in its rectangle.
 */
export function pageContent(
	size: { width: string; height: string },
	page: { width: number; height: number; clip: boolean },
	images: readonly { name: string; image: PlacedImage }[],
): Buffer {
	const lines = [
		`q ${scale(Number(size.width) / page.width)} 0 0 ${scale(Number(size.height) / page.height)} 0 0 cm`,
	];
	if (page.clip) lines.push(`0 0 ${page.width} ${page.height} re W n`);
	for (const { name, image } of images) {
		lines.push(
			`q ${image.width} 0 0 ${image.height} ${image.x} ${page.height - image.y - image.height} cm /${name} Do Q`,
		);
	}
	lines.push('Q');
	return Buffer.from(`${lines.join('\n')}\n`, 'latin1');
}
