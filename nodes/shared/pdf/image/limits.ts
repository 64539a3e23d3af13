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
