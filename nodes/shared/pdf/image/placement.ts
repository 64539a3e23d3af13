/**
 * Where an image lands on its fax page: Letter or A4 portrait, inside half-inch margins, its aspect
 * ratio kept, never larger than its stated resolution makes it, centred; a wide picture turned a
 * quarter when that prints it larger, as fax machines print. One matrix draws it: the EXIF
 * orientation (orientation.ts), then the quarter turn, then the place on the page.
 */

import type { PageSize } from '../letter/layout';
import { PAGE_SIZES } from '../letter/layout';
import type { Matrix } from './orientation';
import { orientationMatrix, uprightSize } from './orientation';
import type { ImageXObject } from './types';

/**
 * Half an inch on every side: fax machines print to about 4 mm of the edge and the receiving machine
 * stamps its header line across the top 5 mm; half an inch clears both and leaves the picture as
 * large as it can be (a letter's text keeps one inch, for its footer).
 */
export const IMAGE_MARGIN = 36;

/**
 * The resolution taken for an image that states none: 96 dots per inch, what browsers and word
 * processors assume for a picture without one. A phone photo or a screenshot is larger than the page
 * at 96 dpi and fills it; a small picture keeps the size it shows at on a screen.
 */
export const DEFAULT_IMAGE_DPI = 96;

const POINTS_PER_INCH = 72;

export interface Placement {
	/** The page's size in points (portrait). */
	page: { width: number; height: number };
	/** Maps the image's unit square to its place on the page. */
	matrix: Matrix;
	/** Turned a quarter anticlockwise (the picture's top at the page's left edge) to print larger. */
	turned: boolean;
	/** The factor applied to the image's size at its resolution: 1 when it fits, less when fitted. */
	scale: number;
}

/** Apply `first`, then `second`: the product first x second of PDF's row-vector matrices. */
export function then(first: Matrix, second: Matrix): Matrix {
	const [a, b, c, d, e, f] = first;
	const [A, B, C, D, E, F] = second;
	return [
		a * A + b * C,
		a * B + b * D,
		c * A + d * C,
		c * B + d * D,
		e * A + f * C + E,
		e * B + f * D + F,
	];
}

/** The largest factor at most 1 that fits width x height in the box. */
function fitting(width: number, height: number, box: { width: number; height: number }): number {
	return Math.min(1, box.width / width, box.height / height);
}

/** The image's place on a page of `pageSize`. */
export function placeImage(
	image: Pick<ImageXObject, 'width' | 'height' | 'resolution' | 'orientation'>,
	pageSize: PageSize,
): Placement {
	const page = PAGE_SIZES[pageSize];
	const box = { width: page.width - 2 * IMAGE_MARGIN, height: page.height - 2 * IMAGE_MARGIN };
	const dpi = image.resolution ?? { x: DEFAULT_IMAGE_DPI, y: DEFAULT_IMAGE_DPI };
	// The stored image's size in points at its resolution, then the upright picture's.
	const stored = {
		width: (image.width / dpi.x) * POINTS_PER_INCH,
		height: (image.height / dpi.y) * POINTS_PER_INCH,
	};
	const upright = uprightSize(image.orientation, stored.width, stored.height);
	const asIs = fitting(upright.width, upright.height, box);
	const quarter = upright.width > upright.height ? fitting(upright.height, upright.width, box) : 0;
	// A relative margin: a near tie in floating point is no reason to turn a picture.
	const turned = quarter > asIs * (1 + 1e-9);
	const scale = turned ? quarter : asIs;
	const drawn = { width: upright.width * scale, height: upright.height * scale };
	let matrix = orientationMatrix(image.orientation, stored.width * scale, stored.height * scale);
	// A quarter turn anticlockwise about the origin, moved back into the first quadrant: (x, y) -> (h - y, x).
	if (turned) matrix = then(matrix, [0, 1, -1, 0, drawn.height, 0]);
	const footprint = turned ? { width: drawn.height, height: drawn.width } : drawn;
	const left = (page.width - footprint.width) / 2;
	const bottom = (page.height - footprint.height) / 2;
	return { page, matrix: then(matrix, [1, 0, 0, 1, left, bottom]), turned, scale };
}
