/**
 * An image's fax page (image/placement.ts, image/page.ts), pure: Letter and A4 inside half-inch
 * margins, the aspect ratio kept, never larger than the stated resolution (96 dpi when none), centred,
 * a wide picture turned a quarter anticlockwise when that prints it larger; and every stored pixel of
 * each EXIF orientation carried through the page's one matrix lands where ImageMagick's -auto-orient
 * (then a quarter turn) puts it; the page as a document (imagePageDocument) joins to the bytes its file
 * would. test/integration/pdf/image/page-render.test.ts renders the same.
 */
import { joinDocuments } from '../../../../nodes/shared/pdf/compose/join';
import { imagePageDocument, imagePagePdf } from '../../../../nodes/shared/pdf/image/page';
import type { Placement } from '../../../../nodes/shared/pdf/image/placement';
import {
	DEFAULT_IMAGE_DPI,
	IMAGE_MARGIN,
	placeImage,
} from '../../../../nodes/shared/pdf/image/placement';
import type { ImageXObject, Orientation } from '../../../../nodes/shared/pdf/image/types';
import { readPdf } from '../../../../nodes/shared/pdf/read/document';
import { PdfStream } from '../../../../nodes/shared/pdf/read/objects';

type Size = Pick<ImageXObject, 'width' | 'height' | 'resolution' | 'orientation'>;
const at = (width: number, height: number, dpi?: number, orientation: Orientation = 1): Size => ({
	width,
	height,
	resolution: dpi === undefined ? undefined : { x: dpi, y: dpi },
	orientation,
});

/** Where the matrix puts a point of the image's unit square. */
const carry = ({ matrix: [a, b, c, d, e, f] }: Placement, u: number, v: number) => ({
	x: a * u + c * v + e,
	y: b * u + d * v + f,
});

/** The box the image covers on the page, in points: left, bottom, width, height. */
function footprint(placement: Placement) {
	const corners = [
		carry(placement, 0, 0),
		carry(placement, 1, 0),
		carry(placement, 0, 1),
		carry(placement, 1, 1),
	];
	const xs = corners.map((corner) => corner.x);
	const ys = corners.map((corner) => corner.y);
	const left = Math.min(...xs);
	const bottom = Math.min(...ys);
	return { left, bottom, width: Math.max(...xs) - left, height: Math.max(...ys) - bottom };
}

const near = (actual: Record<string, number>, expected: Record<string, number>) => {
	for (const [key, value] of Object.entries(expected)) expect(actual[key]).toBeCloseTo(value, 6);
};

describe('the page and the picture on it', () => {
	test('margins of half an inch; a 96 dpi default', () => {
		expect(IMAGE_MARGIN).toBe(36);
		expect(DEFAULT_IMAGE_DPI).toBe(96);
	});

	test('a phone photo (4032 x 3024, no resolution) is turned and fills Letter inside the margins exactly (4:3 is 720:540)', () => {
		const placement = placeImage(at(4032, 3024), 'letter');
		expect(placement.page).toEqual({ width: 612, height: 792 });
		expect(placement.turned).toBe(true);
		near(footprint(placement), { left: 36, bottom: 36, width: 540, height: 720 });
	});

	test('on A4 the same photo is as wide as the margins allow, centred top to bottom', () => {
		const placement = placeImage(at(4032, 3024), 'a4');
		expect(placement.page).toEqual({ width: 595.28, height: 841.89 });
		const width = 595.28 - 72;
		const height = (width * 4) / 3;
		near(footprint(placement), { left: 36, bottom: (841.89 - height) / 2, width, height });
	});

	test('the aspect ratio is kept: a tall scan is fitted to the height, not stretched', () => {
		const placement = placeImage(at(1000, 4000), 'letter');
		expect(placement.turned).toBe(false);
		near(footprint(placement), { left: (612 - 180) / 2, bottom: 36, width: 180, height: 720 });
	});

	test('never enlarged past the stated resolution: a 300 x 100 logo at 300 dpi stays 1 x 1/3 inch, centred', () => {
		const placement = placeImage(at(300, 100, 300), 'letter');
		expect(placement).toMatchObject({ turned: false, scale: 1 });
		near(footprint(placement), { left: 270, bottom: 384, width: 72, height: 24 });
	});

	test('without a resolution the same logo is as large as at 96 dpi (3.125 inches), not fitted to the page', () => {
		near(footprint(placeImage(at(300, 100), 'letter')), { width: 225, height: 75 });
	});

	test('a resolution that differs across and down keeps the picture as the file states it', () => {
		const image: Size = { ...at(200, 100), resolution: { x: 200, y: 100 } };
		near(footprint(placeImage(image, 'letter')), { width: 72, height: 72 });
	});

	test('a wide picture is turned only when that prints it larger', () => {
		// 375 x 225 pt fits as it is: turning would not make it larger.
		expect(placeImage(at(500, 300), 'letter').turned).toBe(false);
		// 600 x 375 pt: 90% of itself upright, whole when turned.
		const wide = placeImage(at(800, 500), 'letter');
		expect(wide).toMatchObject({ turned: true, scale: 1 });
		near(footprint(wide), {
			left: (612 - 375) / 2,
			bottom: (792 - 600) / 2,
			width: 375,
			height: 600,
		});
		// A square one is never turned.
		expect(placeImage(at(3000, 3000), 'letter').turned).toBe(false);
	});

	test("turned anticlockwise: the picture's top edge runs up the page's left edge", () => {
		const placement = placeImage(at(800, 500), 'letter');
		const { left, bottom, height } = footprint(placement);
		// Image space (0, 1) is the stored image's top-left corner, (1, 1) its top-right.
		near(carry(placement, 0, 1), { x: left, y: bottom });
		near(carry(placement, 1, 1), { x: left, y: bottom + height });
	});
});

type Grid = number[][];
const flop = (grid: Grid): Grid => grid.map((row) => [...row].reverse());
const flip = (grid: Grid): Grid => [...grid].reverse();
const transpose = (grid: Grid): Grid => grid[0].map((_, x) => grid.map((row) => row[x]));
/** ImageMagick's -auto-orient for each orientation (2 flop, 3 rotate 180, 4 flip, 5 transpose, 6 rotate 90, 7 transverse, 8 rotate 270). */
const AUTO_ORIENT: Record<Orientation, (grid: Grid) => Grid> = {
	1: (grid) => grid,
	2: flop,
	3: (grid) => flip(flop(grid)),
	4: flip,
	5: transpose,
	6: (grid) => flop(transpose(grid)),
	7: (grid) => flip(flop(transpose(grid))),
	8: (grid) => flip(transpose(grid)),
};
/** A quarter turn anticlockwise (ImageMagick's -rotate -90). */
const anticlockwise = (grid: Grid): Grid => flip(transpose(grid));

/** The page's picture as a grid: each stored pixel's centre carried through the matrix, counted from the footprint's top left. */
function onPage(placement: Placement, width: number, height: number): Grid {
	const box = footprint(placement);
	const cell = Math.max(box.width, box.height) / Math.max(width, height);
	const columns = Math.round(box.width / cell);
	const rows = Math.round(box.height / cell);
	const grid: Grid = Array.from({ length: rows }, () => new Array<number>(columns).fill(-1));
	for (let row = 0; row < height; row++)
		for (let column = 0; column < width; column++) {
			const { x, y } = carry(placement, (column + 0.5) / width, 1 - (row + 0.5) / height);
			grid[Math.floor((box.bottom + box.height - y) / cell)][Math.floor((x - box.left) / cell)] =
				row * width + column;
		}
	return grid;
}

describe('the eight EXIF orientations composed with the placement', () => {
	const stored: Grid = [0, 1, 2].map((row) => [0, 1, 2, 3].map((column) => row * 4 + column));
	const orientations: Orientation[] = [1, 2, 3, 4, 5, 6, 7, 8];

	test.each(orientations)(
		'orientation %i, large (fitted; turned when landscape upright)',
		(orientation) => {
			// 4 x 3 pixels at 1/150 dpi: 28,800 x 21,600 pt, fitted; landscape upright for 1-4, so turned.
			const placement = placeImage({ ...at(4, 3, 1 / 150), orientation }, 'letter');
			expect(placement.turned).toBe(orientation <= 4);
			const upright = AUTO_ORIENT[orientation](stored);
			expect(onPage(placement, 4, 3)).toEqual(orientation <= 4 ? anticlockwise(upright) : upright);
		},
	);

	test.each(orientations)('orientation %i, small (as it is, centred)', (orientation) => {
		const placement = placeImage({ ...at(4, 3, 72), orientation }, 'a4');
		expect(placement).toMatchObject({ turned: false, scale: 1 });
		expect(onPage(placement, 4, 3)).toEqual(AUTO_ORIENT[orientation](stored));
		const box = footprint(placement);
		near(box, { left: (595.28 - box.width) / 2, bottom: (841.89 - box.height) / 2 });
	});
});

describe('imagePagePdf', () => {
	const image: ImageXObject = {
		...at(2, 1, 72),
		dictionaryEntries:
			'/Type /XObject /Subtype /Image /Width 2 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8',
		data: Buffer.from([0x00, 0xff]),
	};

	test('one page of the size asked for, drawing the image once through the placement', () => {
		for (const [pageSize, box] of [
			['letter', '[0 0 612 792]'],
			['a4', '[0 0 595.28 841.89]'],
		] as const) {
			const pdf = imagePagePdf(image, pageSize);
			expect(readPdf(pdf).pageCount).toBe(1);
			const text = pdf.toString('latin1');
			expect(text).toContain(`/MediaBox ${box}`);
			const [a, b, c, d, e, f] = placeImage(image, pageSize).matrix;
			expect(text).toContain(`q ${a} ${b} ${c} ${d} ${e} ${f} cm /Im1 Do Q`);
			expect(text).toContain(`${image.dictionaryEntries} >>\nstream\n\u0000\u00ff\nendstream`);
		}
	});

	test('the same image gives the same bytes', () => {
		expect(imagePagePdf(image, 'letter').equals(imagePagePdf({ ...image }, 'letter'))).toBe(true);
	});

	test('as a document, joins to the bytes its file read back joins to, the image data not copied', () => {
		for (const pageSize of ['letter', 'a4'] as const) {
			const document = imagePageDocument(image, pageSize);
			const fromFile = readPdf(imagePagePdf(image, pageSize));
			expect(joinDocuments([document, document]).pdf).toEqual(
				joinDocuments([fromFile, fromFile]).pdf,
			);
			const streams = document.objectNumbers
				.map((objectNumber) => document.context.get(objectNumber))
				.filter((value): value is PdfStream => value instanceof PdfStream);
			expect(streams.map((stream) => stream.data === image.data)).toEqual([false, true]);
		}
	});
});
