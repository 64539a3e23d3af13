/**
 * The EXIF orientations as PDF transformation matrices: how a page draws an image's stored pixels so
 * that the picture shows upright, as the phone showed it, without touching the pixels.
 */

import type { Orientation } from './types';

/** A PDF matrix [a b c d e f]: x' = a*x + c*y + e, y' = b*x + d*y + f. */
export type Matrix = [number, number, number, number, number, number];

/**
 * The matrix that maps an image's unit square (PDF image space: its first stored row at the top) to
 * the upright picture in a box at the origin: width x height for orientations 1-4, height x width for
 * 5-8 (the stored rows become columns). width and height are the stored image's size in user units.
 *
 * EXIF names where the stored first row and first column show: 1 top and left (as stored), 2 top and
 * right (mirrored), 3 bottom and right (turned 180°), 4 bottom and left (flipped), 5 left and top
 * (transposed), 6 right and top (turned 90° clockwise to show), 7 right and bottom (transversed),
 * 8 left and bottom (turned 90° anticlockwise to show).
 */
export function orientationMatrix(orientation: Orientation, width: number, height: number): Matrix {
	const w = width;
	const h = height;
	switch (orientation) {
		case 1:
			return [w, 0, 0, h, 0, 0];
		case 2:
			return [-w, 0, 0, h, w, 0];
		case 3:
			return [-w, 0, 0, -h, w, h];
		case 4:
			return [w, 0, 0, -h, 0, h];
		case 5:
			return [0, -w, -h, 0, h, w];
		case 6:
			return [0, -w, h, 0, 0, w];
		case 7:
			return [0, w, h, 0, 0, 0];
		case 8:
			return [0, w, -h, 0, h, 0];
	}
}

/** The size of the upright picture: the stored size, its sides swapped for orientations 5-8. */
export function uprightSize(
	orientation: Orientation,
	width: number,
	height: number,
): { width: number; height: number } {
	return orientation >= 5 ? { width: height, height: width } : { width, height };
}
