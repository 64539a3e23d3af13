/**
 * orientationMatrix against the EXIF orientations done by hand: each stored pixel of a small image is
 * carried through the matrix (PDF image space: the first stored row at the top of the unit square) and
 * must land where mirroring, flipping and turning the pixel grid put it, as ImageMagick's -auto-orient
 * does (2 flop, 3 rotate 180, 4 flip, 5 transpose, 6 rotate 90, 7 transverse, 8 rotate 270).
 * test/integration/pdf/image/jpeg-orientation.test.ts renders the same with poppler.
 */
import { orientationMatrix, uprightSize } from '../../../../nodes/shared/pdf/image/orientation';
import type { Orientation } from '../../../../nodes/shared/pdf/image/types';

type Grid = number[][];

const flop = (grid: Grid): Grid => grid.map((row) => [...row].reverse());
const flip = (grid: Grid): Grid => [...grid].reverse();
const transpose = (grid: Grid): Grid => grid[0].map((_, x) => grid.map((row) => row[x]));
/** Turned 90° clockwise: the transposed grid, mirrored. */
const rotate90 = (grid: Grid): Grid => flop(transpose(grid));

const BY_HAND: Record<Orientation, (grid: Grid) => Grid> = {
	1: (grid) => grid,
	2: flop,
	3: (grid) => flip(flop(grid)),
	4: flip,
	5: transpose,
	6: rotate90,
	7: (grid) => flip(flop(transpose(grid))),
	8: (grid) => rotate90(rotate90(rotate90(grid))),
};

/** The upright grid the matrix draws: each stored pixel's centre carried into the box, counted from its top left. */
function drawn(orientation: Orientation, width: number, height: number): Grid {
	const [a, b, c, d, e, f] = orientationMatrix(orientation, width, height);
	const box = uprightSize(orientation, width, height);
	const grid: Grid = Array.from({ length: box.height }, () =>
		new Array<number>(box.width).fill(-1),
	);
	for (let row = 0; row < height; row++) {
		for (let column = 0; column < width; column++) {
			const u = (column + 0.5) / width;
			const v = 1 - (row + 0.5) / height;
			const x = a * u + c * v + e;
			const y = b * u + d * v + f;
			grid[Math.floor(box.height - y)][Math.floor(x)] = row * width + column;
		}
	}
	return grid;
}

describe('orientationMatrix', () => {
	const width = 5;
	const height = 3;
	const stored: Grid = Array.from({ length: height }, (_, row) =>
		Array.from({ length: width }, (_, column) => row * width + column),
	);

	test.each([1, 2, 3, 4, 5, 6, 7, 8] as Orientation[])(
		'orientation %i puts every pixel where the EXIF orientation does',
		(orientation) => {
			expect(drawn(orientation, width, height)).toEqual(BY_HAND[orientation](stored));
		},
	);

	test('the box: the stored size for 1-4, its sides swapped for 5-8', () => {
		expect(([1, 2, 3, 4, 5, 6, 7, 8] as Orientation[]).map((o) => uprightSize(o, 40, 30))).toEqual([
			...new Array(4).fill({ width: 40, height: 30 }),
			...new Array(4).fill({ width: 30, height: 40 }),
		]);
	});
});
