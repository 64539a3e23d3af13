/**
 * Images as fax pages as poppler draws them (image/index.ts imageToPdf, documents.ts openDocument):
 * each EXIF orientation upright on the page, a wide picture turned a quarter anticlockwise, the page
 * around it white; each page rendered with pdftoppm at four device pixels an image pixel and compared
 * with ImageMagick's -auto-orient (then -rotate -90 when turned); qpdf --check clean; a JPEG's bytes
 * in the page as they were, also after joining; HEIC, AVIF and WebP made by ImageMagick refused by name.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';

import { DocumentError, joinDocuments, openDocument } from '../../../../nodes/shared/pdf';
import { imageToPdf } from '../../../../nodes/shared/pdf/image';
import type { Orientation } from '../../../../nodes/shared/pdf/image/types';
import { renderLetter } from '../../../../nodes/shared/pdf';
import type { Workspace } from '../tiff/tools';
import { imageList, pageSizes, qpdfCheck, workspace } from '../tiff/tools';
import { magick } from './referenceCheck';

const IMAGEMAGICK = '/usr/bin/convert';
/** Device pixels an image pixel is drawn on: poppler smooths images drawn smaller than four times their size. */
const ZOOM = 4;

const space = workspace('fax-image-page-');
afterAll(() => space.dispose());

interface Picture {
	width: number;
	height: number;
	/** RGB samples, row by row from the top. */
	data: Uint8Array;
}

function readPpm(ppm: Buffer): Picture {
	const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 64).toString('latin1'));
	if (header === null) throw new Error('not a binary 8-bit PPM');
	return {
		width: Number(header[1]),
		height: Number(header[2]),
		data: ppm.subarray(header[0].length),
	};
}

/** ImageMagick's picture of a file with these operations (-auto-orient, -rotate -90), as RGB. */
function reference(file: string, operations: string[]): Picture {
	return readPpm(execFileSync(IMAGEMAGICK, [file, ...operations, '-depth', '8', 'ppm:-']));
}

/**
 * The page as poppler draws it at `dpi`, and the picture read back from it: `width` x `height` image
 * pixels whose top-left corner is at (left, top) points from the page's top left, one sample at the
 * centre of each pixel's 4 x 4 block. `outside` counts the non-white samples of the rest of the page
 * beyond the device pixel next to the picture's edge (which poppler's rasteriser may touch).
 */
function renderedPicture(
	pdf: string,
	dpi: number,
	place: { left: number; top: number; width: number; height: number },
): { picture: Picture; outside: number } {
	const page = readPpm(
		execFileSync('pdftoppm', ['-r', String(dpi), '-aa', 'no', '-aaVector', 'no', pdf], {
			maxBuffer: 1 << 28,
		}),
	);
	const scale = dpi / 72;
	const [x0, y0] = [Math.round(place.left * scale), Math.round(place.top * scale)];
	const [x1, y1] = [x0 + place.width * ZOOM, y0 + place.height * ZOOM];
	const data = new Uint8Array(place.width * place.height * 3);
	let outside = 0;
	for (let y = 0; y < page.height; y++)
		for (let x = 0; x < page.width; x++) {
			const from = (y * page.width + x) * 3;
			if (x >= x0 && x < x1 && y >= y0 && y < y1) {
				if ((x - x0) % ZOOM !== ZOOM / 2 || (y - y0) % ZOOM !== ZOOM / 2) continue;
				const to = (((y - y0) / ZOOM - 0.5) * place.width + ((x - x0) / ZOOM - 0.5)) * 3;
				data.set(page.data.subarray(from, from + 3), Math.round(to));
			} else if (x < x0 - 1 || x > x1 || y < y0 - 1 || y > y1) {
				if (page.data[from] < 250 || page.data[from + 1] < 250 || page.data[from + 2] < 250)
					outside++;
			}
		}
	return { picture: { width: place.width, height: place.height, data }, outside };
}

/** The largest difference of two pictures' samples; Infinity when their sizes differ. */
function maxDifference(actual: Picture, expected: Picture): number {
	if (actual.width !== expected.width || actual.height !== expected.height) return Infinity;
	let max = 0;
	for (let index = 0; index < expected.data.length; index++)
		max = Math.max(max, Math.abs(actual.data[index] - expected.data[index]));
	return max;
}

/** The PDF written to the workspace, checked by qpdf; its path. */
function checkedPdf(name: string, pdf: Buffer): string {
	const path = space.file(`${name}.pdf`, pdf);
	expect(qpdfCheck(path)).toMatchObject({ status: 0 });
	expect(qpdfCheck(path).output).not.toMatch(/WARNING/);
	return path;
}

/** ImageMagick's rose at `width` x `height`, in `format`, stating `dpi` (none when undefined). */
function rose(space: Workspace, name: string, width: number, height: number, dpi?: number): Buffer {
	const density = dpi === undefined ? [] : ['-density', String(dpi), '-units', 'PixelsPerInch'];
	return magick(space, ['rose:', '-resize', `${width}x${height}!`, ...density], name);
}

/** exiftool's copy of a JPEG with this orientation, named `name`; its path. */
function oriented(jpeg: Buffer, orientation: Orientation, name: string): string {
	const input = space.file(`${name}-in.jpg`, jpeg);
	const output = space.path(`${name}.jpg`);
	execFileSync('exiftool', ['-q', `-Orientation#=${orientation}`, '-o', output, input]);
	return output;
}

const ORIENTATIONS: Orientation[] = [1, 2, 3, 4, 5, 6, 7, 8];

describe('the eight orientations on a Letter page, drawn by poppler as ImageMagick shows them', () => {
	// 80 x 50 pixels at 10 dpi: 576 x 360 pt. Landscape upright (1-4): turned, 360 x 576 pt on the page;
	// portrait upright (5-8): as it is. Either way 126 pt from the left and 108 pt from the top, centred.
	const stored = rose(space, 'rose-80x50.jpg', 80, 50, 10);

	test.each(ORIENTATIONS)('orientation %i', (orientation) => {
		const file = oriented(stored, orientation, `rose-${orientation}`);
		const pdf = checkedPdf(`orientation-${orientation}`, imageToPdf(readFileSync(file), 'letter'));
		const turned = orientation <= 4;
		const expected = reference(file, ['-auto-orient', ...(turned ? ['-rotate', '-90'] : [])]);
		expect([expected.width, expected.height]).toEqual([50, 80]);
		// 40 dpi: an image pixel (7.2 pt) is 4 device pixels.
		const { picture, outside } = renderedPicture(pdf, 40, {
			left: 126,
			top: 108,
			width: 50,
			height: 80,
		});
		expect(maxDifference(picture, expected)).toBeLessThanOrEqual(2);
		expect(outside).toBe(0);
	});

	test('the comparison tells a wrong turn apart (the rose is not symmetric)', () => {
		const file = space.path('rose-1.jpg');
		const pdf = space.path('orientation-1.pdf');
		const { picture } = renderedPicture(pdf, 40, { left: 126, top: 108, width: 50, height: 80 });
		expect(maxDifference(picture, reference(file, ['-rotate', '90']))).toBeGreaterThan(50);
	});

	test('a small photo keeps its size at its resolution, upright and centred (orientation 6 at 72 dpi)', () => {
		const file = oriented(rose(space, 'rose-70x46.jpg', 70, 46, 72), 6, 'small-6');
		const pdf = checkedPdf('small-6', imageToPdf(readFileSync(file), 'letter'));
		// Upright 46 x 70 pt: (612 - 46) / 2 = 283 from the left, (792 - 70) / 2 = 361 from the top.
		const { picture, outside } = renderedPicture(pdf, 288, {
			left: 283,
			top: 361,
			width: 46,
			height: 70,
		});
		expect(maxDifference(picture, reference(file, ['-auto-orient']))).toBeLessThanOrEqual(2);
		expect(outside).toBe(0);
	});
});

describe('PNG, BMP and GIF pages', () => {
	test('a PNG stating 10 dpi, wide: turned a quarter anticlockwise, pixel for pixel', () => {
		const png = rose(space, 'rose.png', 80, 50, 10);
		const pdf = checkedPdf('png', imageToPdf(png, 'letter'));
		const { picture, outside } = renderedPicture(pdf, 40, {
			left: 126,
			top: 108,
			width: 50,
			height: 80,
		});
		expect(maxDifference(picture, reference(space.path('rose.png'), ['-rotate', '-90']))).toBe(0);
		expect(outside).toBe(0);
	});

	test('a BMP stating 10 dpi (in pixels per metre), wide: turned the same way, pixel for pixel', () => {
		const bmp = rose(space, 'rose.bmp', 80, 50, 10);
		const pdf = checkedPdf('bmp', imageToPdf(bmp, 'letter'));
		const { picture, outside } = renderedPicture(pdf, 40, {
			left: 126,
			top: 108,
			width: 50,
			height: 80,
		});
		expect(maxDifference(picture, reference(space.path('rose.bmp'), ['-rotate', '-90']))).toBe(0);
		expect(outside).toBe(0);
	});

	test('a GIF (no resolution: 96 dpi) keeps its screen size, centred: 80 x 50 pixels are 60 x 37.5 pt', () => {
		const gif = rose(space, 'rose.gif', 80, 50);
		const pdf = checkedPdf('gif', imageToPdf(gif, 'letter'));
		// 384 dpi: an image pixel (0.75 pt) is 4 device pixels; (612 - 60) / 2 = 276, (792 - 37.5) / 2 = 377.25.
		const { picture, outside } = renderedPicture(pdf, 384, {
			left: 276,
			top: 377.25,
			width: 80,
			height: 50,
		});
		expect(maxDifference(picture, reference(space.path('rose.gif'), []))).toBe(0);
		expect(outside).toBe(0);
	});
});

describe('a phone-size photo', () => {
	const photo = magick(space, ['-size', '4032x3024', 'gradient:navy-khaki'], 'photo.jpg');

	test('fills the page inside the margins, turned, its JPEG bytes in the page as they were', () => {
		const pdf = imageToPdf(photo, 'letter');
		const path = checkedPdf('photo', pdf);
		expect(pageSizes(path)).toEqual({ pages: 1, sizes: [[612, 792]] });
		// 4032 pixels over 720 pt (10 inches): 403 ppi across and down.
		expect(imageList(path)).toEqual([
			expect.objectContaining({
				page: 1,
				width: 4032,
				height: 3024,
				enc: 'jpeg',
				xppi: 403,
				yppi: 403,
			}),
		]);
		expect(pdf.indexOf(photo)).toBeGreaterThan(0);
	});

	test('on A4 behind a PDF page, joined: A4, and still the same bytes', () => {
		const letter = renderLetter('Referral.', { pageSize: 'a4' }).pdf;
		const joined = joinDocuments([openDocument(letter), openDocument(photo, { pageSize: 'a4' })]);
		const path = checkedPdf('joined', joined.pdf);
		expect(pageSizes(path)).toEqual({
			pages: 2,
			sizes: [
				[595.28, 841.89],
				[595.28, 841.89],
			],
		});
		expect(joined.pdf.indexOf(photo)).toBeGreaterThan(0);
	});
});

describe('HEIC, AVIF and WebP are refused by name', () => {
	test.each([
		['t.heic', 'a HEIC image'],
		['t.avif', 'an AVIF image'],
		['t.webp', 'a WebP image'],
	])('%s', (name, named) => {
		const file = magick(space, ['rose:'], name);
		expect(() => openDocument(file)).toThrow(
			new DocumentError('imageFormat', `the file is ${named}, which this package does not convert`),
		);
		try {
			openDocument(file);
		} catch (error) {
			expect((error as DocumentError).reason).toBe('imageFormat');
		}
	});
});
