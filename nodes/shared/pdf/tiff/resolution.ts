/**
 * A TIFF page's physical size: pixels over resolution. Fax TIFFs are not square-pixelled (204 x 98 dpi
 * "normal", 204 x 196 "fine"), so each axis has its own resolution: width_pt = width_px / xres * 72.
 */

import type { TiffDirectory } from './directory';
import { TAG } from './tags';

export interface Resolution {
	/** Dots per inch across. */
	x: number;
	/** Dots per inch down. */
	y: number;
}

/** The widths of ITU fax pages in pixels (T.4: A4, B4 and A3 at 8 dots per mm). */
const FAX_WIDTHS = new Set([1728, 2048, 2432]);
/** A fax's fine resolution, assumed for a bilevel fax-width page that does not say its own. */
export const FAX_DEFAULT: Resolution = { x: 204, y: 196 };
/** The TIFF (and PDF) convention for an image that does not say its resolution: one pixel a point. */
export const PLAIN_DEFAULT: Resolution = { x: 72, y: 72 };

const UNIT_NONE = 1;
const UNIT_CENTIMETRE = 3;
/** Resolutions outside this range are taken as missing: no scan or fax is coarser or finer. */
const MIN_DPI = 1;
const MAX_DPI = 100_000;

const usable = (dpi: number | undefined): dpi is number =>
	dpi !== undefined && Number.isFinite(dpi) && dpi >= MIN_DPI && dpi <= MAX_DPI;

/**
 * The page's resolution. When the file gives none (or nonsense), a bilevel page of a fax width
 * (1728, 2048 or 2432 px) is taken as a fine-mode fax, 204 x 196 dpi, so it comes out page-sized;
 * anything else as 72 dpi. ResolutionUnit "none" (1) gives only the aspect ratio: the default across,
 * and down scaled by that ratio.
 */
export function pageResolution(
	directory: TiffDirectory,
	width: number,
	bilevel: boolean,
): Resolution {
	const fallback = bilevel && FAX_WIDTHS.has(width) ? FAX_DEFAULT : PLAIN_DEFAULT;
	const unit = directory.integer(TAG.ResolutionUnit, 'ResolutionUnit', 2);
	let x = directory.number(TAG.XResolution, 'XResolution');
	let y = directory.number(TAG.YResolution, 'YResolution');
	// One axis alone is taken for both: square pixels are the common case.
	if (!usable(x)) x = y;
	if (!usable(y)) y = x;
	if (!usable(x) || !usable(y)) return fallback;
	if (unit === UNIT_NONE) return { x: fallback.x, y: (fallback.x * y) / x };
	if (unit === UNIT_CENTIMETRE) return { x: x * 2.54, y: y * 2.54 };
	return { x, y };
}
