import { DocumentError } from '../../../../nodes/shared/pdf/errors';
import { bmpImage } from '../../../../nodes/shared/pdf/image/bmp';
import { readBmpHeader } from '../../../../nodes/shared/pdf/image/bmpHeader';
import { workspace } from '../tiff/tools';
import { craftBmp, topDown } from './bmpFixtures';
import { differencesFromReference, magick } from './referenceCheck';

/**
 * BMPs as one Flate image: every kind ImageMagick writes (1, 4 and 8-bit palettes, RLE8, 16-bit
 * 5-6-5 and 5-5-5, 24-bit, 32-bit with alpha and with an unused fourth byte; Windows 3 and V5
 * headers, OS/2's core header) and kinds written here (RLE4, RLE with deltas, 16-bit BI_RGB,
 * top-down rows). Each image, on a page of its pixel size, passes qpdf --check and renders with
 * poppler to ImageMagick's pixels of the file on white. Damaged files (cut short, bad RLE), JPEG or
 * PNG inside a BMP and a declared 30,000 x 30,000 image are refused by what is wrong.
 */

const space = workspace('fax-bmp-');
afterAll(() => space.dispose());

/** The refusal a call throws: its reason and message. */
function refusal(call: () => unknown): { reason: string; message: string } {
	try {
		call();
	} catch (error) {
		if (error instanceof DocumentError) return { reason: error.reason, message: error.message };
		throw error;
	}
	throw new Error('the call was not refused');
}

type Colour = 'index' | 'rgb' | 'gray';

/** Converts the file and compares poppler's rendering with ImageMagick's pixels; returns the image. */
function expectReferencePixels(name: string, bmp: Buffer, color: Colour) {
	const source = space.file(`${name}.bmp`, bmp);
	const image = bmpImage(bmp);
	expect(differencesFromReference(space, name, image, source, color)).toEqual([]);
	expect(image.orientation).toBe(1);
	return image;
}

/** ImageMagick's rose in a BMP of the given kind. */
function rose(name: string, args: string[], format: 'BMP' | 'BMP3' | 'BMP2'): Buffer {
	return magick(space, ['rose:', ...args], `${name}.bmp`, format);
}

const PALETTE_16 = Array.from({ length: 16 }, (_, index) => [
	index * 16,
	200 - index * 8,
	(index * 53) & 0xff,
]);

describe('files ImageMagick writes: the pixels ImageMagick reads', () => {
	const palette = (colours: number) => `-type Palette -colors ${colours}`;
	const alphaGradient = '( -size 70x46 gradient: ) -alpha off -compose CopyOpacity -composite';
	const alphaByte = '-alpha set -channel A -evaluate set 30% +channel -define bmp3:alpha=true';
	/** Name, convert's options, format, and the header it writes: bits per pixel, compression, header size. */
	const cases: [string, string, 'BMP' | 'BMP3' | 'BMP2', string, Colour][] = [
		['1-bit palette', palette(2), 'BMP3', '1 none 40', 'index'],
		['1-bit black and white', '-monochrome', 'BMP3', '1 none 40', 'gray'],
		['4-bit palette', palette(16), 'BMP3', '4 none 40', 'index'],
		['8-bit palette', `${palette(256)} -compress none`, 'BMP3', '8 none 40', 'index'],
		['8-bit palette, V5 header', `${palette(256)} -compress none`, 'BMP', '8 none 124', 'index'],
		['RLE8', `${palette(256)} -compress RLE`, 'BMP3', '8 rle8 40', 'index'],
		['RLE8, V5 header', palette(256), 'BMP', '8 rle8 124', 'index'],
		['16-bit 5-6-5 bit fields', '-define bmp:subtype=RGB565', 'BMP', '16 bitFields 124', 'rgb'],
		['16-bit 5-5-5 bit fields', '-define bmp:subtype=RGB555', 'BMP', '16 bitFields 124', 'rgb'],
		['24-bit', '-type TrueColor', 'BMP3', '24 none 40', 'rgb'],
		['24-bit, V5 header', '-type TrueColor', 'BMP', '24 none 124', 'rgb'],
		[
			'32-bit with alpha (V5 bit fields): on white',
			alphaGradient,
			'BMP',
			'32 bitFields 124',
			'rgb',
		],
		[
			'32-bit BI_RGB, Windows 3 header: a fourth byte not 0 is alpha',
			alphaByte,
			'BMP3',
			'32 none 40',
			'rgb',
		],
		["24-bit, OS/2's core header", '', 'BMP2', '24 none 12', 'rgb'],
		["4-bit palette, OS/2's core header", palette(16), 'BMP2', '4 none 12', 'index'],
	];

	it.each(cases)('%s', (name, options, format, written, color) => {
		const bmp = rose(name, options === '' ? [] : options.split(' '), format);
		const header = readBmpHeader(bmp);
		expect(`${header.bitsPerPixel} ${header.compression} ${bmp.readUInt32LE(14)}`).toBe(written);
		const image = expectReferencePixels(name, bmp, color);
		expect({ width: image.width, height: image.height }).toEqual({ width: 70, height: 46 });
		expect(image.resolution).toBeUndefined();
		const bits = header.compression === 'none' ? header.bitsPerPixel : 8;
		if (color === 'index') expect(image.dictionaryEntries).toContain(`/BitsPerComponent ${bits}`);
	});

	it('the resolution in pixels per metre, as dots per inch', () => {
		const image = bmpImage(rose('dpi', ['-density', '200', '-units', 'PixelsPerInch'], 'BMP3'));
		expect(image.resolution?.x).toBeCloseTo(200, 2);
		expect(image.resolution?.y).toBeCloseTo(200, 2);
	});

	it('top-down rows (a negative height)', () => {
		const stored = topDown(rose('bottom-up', ['-type', 'TrueColor'], 'BMP3'), 212);
		expect(readBmpHeader(stored).bottomUp).toBe(false);
		expectReferencePixels('top-down', stored, 'rgb');
	});
});

describe('files written here', () => {
	it('RLE4: runs of two alternating indices, absolute runs, a delta, an early end of line', () => {
		// Rows bottom first: a run of 6; 3 absolute + a run of 2 + end of line (1 pixel skipped); a delta over a row to
		// x 2 of the top row, 3 absolute (padded), end of bitmap.
		const pixels = [
			6, 0x12, 0, 0, 0, 3, 0x34, 0x50, 2, 0x77, 0, 0, 0, 2, 2, 1, 0, 3, 0x9a, 0xb0, 0, 1,
		];
		const bmp = craftBmp({
			width: 6,
			height: 4,
			bitsPerPixel: 4,
			compression: 2,
			palette: PALETTE_16,
			pixels,
		});
		expectReferencePixels('rle4', bmp, 'index');
	});

	it('RLE8: an odd absolute run (padded), a delta within a row, skipped pixels in index 0', () => {
		const pixels = [0, 3, 5, 6, 7, 0, 0, 2, 1, 0, 2, 9, 0, 0, 0, 2, 0, 1, 3, 4, 0, 1];
		const bmp = craftBmp({
			width: 6,
			height: 3,
			bitsPerPixel: 8,
			compression: 1,
			palette: PALETTE_16,
			pixels,
		});
		expectReferencePixels('rle8-crafted', bmp, 'index');
	});

	it("a run past the end of its row is cut there (ImageMagick's own RLE8 encodes the row's padding)", () => {
		const encoded = [6, 1, 0, 0, 4, 2, 0, 1];
		const absolute = [0, 5, 1, 2, 3, 1, 2, 0, 0, 0, 4, 2, 0, 1];
		for (const [name, pixels] of [
			['encoded', encoded],
			['absolute', absolute],
		] as const) {
			const bmp = craftBmp({
				width: 4,
				height: 2,
				bitsPerPixel: 8,
				compression: 1,
				palette: PALETTE_16,
				pixels,
			});
			expectReferencePixels(`past-row-${name}`, bmp, 'index');
		}
	});

	it('32-bit: alpha bytes in a V5 BI_RGB file are not alpha, nor are they in any file where all are 0', () => {
		const bgra = [10, 20, 30, 0, 200, 100, 50, 0, 0, 0, 255, 0, 255, 255, 255, 0];
		const withAlpha = bgra.map((byte, index) => (index % 4 === 3 ? 77 : byte));
		const v5 = craftBmp({
			width: 2,
			height: 2,
			bitsPerPixel: 32,
			headerSize: 124,
			masks: [0xff0000, 0xff00, 0xff, 0xff000000],
			pixels: withAlpha,
		});
		expectReferencePixels('v5-rgb-alpha-byte', v5, 'rgb');
		expectReferencePixels(
			'bmp3-zero-alpha',
			craftBmp({ width: 2, height: 2, bitsPerPixel: 32, pixels: bgra }),
			'rgb',
		);
		// Bit fields with an alpha mask and every alpha 0: the colours (ImageMagick shows white), as a 24-bit file of them.
		const fields = craftBmp({
			width: 2,
			height: 2,
			bitsPerPixel: 32,
			compression: 3,
			headerSize: 124,
			masks: [0xff0000, 0xff00, 0xff, 0xff000000],
			pixels: bgra,
		});
		const rgb24 = craftBmp({
			width: 2,
			height: 2,
			bitsPerPixel: 24,
			pixels: [10, 20, 30, 200, 100, 50, 0, 0, 0, 0, 255, 255, 255, 255, 0, 0],
		});
		expect(bmpImage(fields).data).toEqual(bmpImage(rgb24).data);
		expectReferencePixels('rgb24', rgb24, 'rgb');
	});

	it('16-bit BI_RGB is 5-5-5, its top bit unused', () => {
		const values = [0xffff, 0x7fff, 0x001f, 0x03e0, 0x7c00, 0x8000, 0x4210, 0x1234];
		const pixels = values.flatMap((value) => [value & 0xff, value >> 8]);
		expectReferencePixels(
			'rgb555',
			craftBmp({ width: 4, height: 2, bitsPerPixel: 16, pixels }),
			'rgb',
		);
	});

	it('a white-and-black 1-bit palette is grey with its samples inverted', () => {
		const bmp = craftBmp({
			width: 8,
			height: 2,
			bitsPerPixel: 1,
			palette: [
				[255, 255, 255],
				[0, 0, 0],
			],
			pixels: [0xa5, 0, 0, 0, 0x0f, 0, 0, 0],
		});
		const image = expectReferencePixels('white-black', bmp, 'gray');
		expect(image.dictionaryEntries).toContain('/Decode [1 0]');
	});

	it('an index past a short palette shows its first entry, as ImageMagick does', () => {
		const bmp = craftBmp({
			width: 4,
			height: 1,
			bitsPerPixel: 8,
			palette: PALETTE_16.slice(0, 4),
			pixels: [3, 9, 200, 1],
		});
		expectReferencePixels('past-palette', bmp, 'index');
	});
});

describe('refusals', () => {
	it('a file cut short in its header or its pixel data', () => {
		const bmp = rose('cut', ['-type', 'TrueColor'], 'BMP3');
		for (const length of [10, 30]) {
			expect(refusal(() => bmpImage(bmp.subarray(0, length)))).toEqual({
				reason: 'damaged',
				message: 'the BMP file is cut short (it ends inside its header)',
			});
		}
		for (const length of [60, bmp.length - 300]) {
			expect(refusal(() => bmpImage(bmp.subarray(0, length)))).toEqual({
				reason: 'damaged',
				message: 'the BMP file is cut short (its pixel data end before the last row)',
			});
		}
	});

	it('bad RLE: a delta out of the image, data that end too early', () => {
		const rle = (pixels: number[]) =>
			craftBmp({
				width: 4,
				height: 2,
				bitsPerPixel: 8,
				compression: 1,
				palette: PALETTE_16,
				pixels,
			});
		const cases: [number[], string][] = [
			[[0, 2, 5, 0, 0, 1], 'the BMP RLE data are damaged (a delta moves out of the image)'],
			[[2, 1, 0, 2, 3, 0, 0, 1], 'the BMP RLE data are damaged (a delta moves out of the image)'],
			[
				[4, 1, 0, 0, 2, 2],
				'the BMP file is cut short (its RLE data end before the end of the bitmap)',
			],
		];
		for (const [pixels, message] of cases)
			expect(refusal(() => bmpImage(rle(pixels)))).toEqual({ reason: 'damaged', message });
	});

	it('JPEG or PNG inside a BMP, by name', () => {
		for (const [compression, name] of [
			[4, 'a JPEG inside a BMP (BI_JPEG)'],
			[5, 'a PNG inside a BMP (BI_PNG)'],
		] as const) {
			const bmp = craftBmp({
				width: 4,
				height: 4,
				bitsPerPixel: 0,
				compression,
				pixels: [0xff, 0xd8, 0xff, 0xe0],
			});
			expect(refusal(() => bmpImage(bmp))).toEqual({
				reason: 'unsupported',
				message: `${name} is not supported; save the image as PNG or JPEG`,
			});
		}
	});

	it('a 30,000 x 30,000 image declared in a 54-byte file is too large, from its header alone', () => {
		for (const height of [30000, -30000]) {
			const header = craftBmp({ width: 30000, height, bitsPerPixel: 24, pixels: [] });
			expect(header.length).toBe(54);
			expect(refusal(() => bmpImage(header))).toEqual({
				reason: 'tooLarge',
				message:
					'the BMP image is larger than an image may be (20,000 pixels a side, 50,000,000 pixels in all)',
			});
		}
	});

	it('headers this package does not read, and headers that contradict themselves', () => {
		const two = craftBmp({
			width: 4,
			height: 1,
			bitsPerPixel: 2,
			palette: PALETTE_16.slice(0, 4),
			pixels: [0, 0, 0, 0],
		});
		expect(refusal(() => bmpImage(two))).toEqual({
			reason: 'unsupported',
			message: 'a 2-bit BMP is not supported; save the image as PNG or JPEG',
		});
		const os2v2 = Buffer.from(
			craftBmp({ width: 1, height: 1, bitsPerPixel: 24, pixels: [0, 0, 0, 0] }),
		);
		os2v2.writeUInt32LE(64, 14);
		expect(refusal(() => bmpImage(os2v2)).reason).toBe('unsupported');
		const fields24 = craftBmp({
			width: 1,
			height: 1,
			bitsPerPixel: 24,
			compression: 3,
			masks: [0xff, 0xff00, 0xff0000],
			pixels: [0, 0, 0, 0],
		});
		expect(refusal(() => bmpImage(fields24))).toEqual({
			reason: 'damaged',
			message: 'the BMP header states bits per pixel its compression cannot have',
		});
		expect(
			refusal(() => bmpImage(Buffer.from('BX and more bytes than a header has', 'latin1'))).reason,
		).toBe('damaged');
	});
});
