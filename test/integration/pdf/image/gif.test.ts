import { DocumentError } from '../../../../nodes/shared/pdf/errors';
import { gifImage } from '../../../../nodes/shared/pdf/image/gif';
import { readGifFrame } from '../../../../nodes/shared/pdf/image/gifFile';
import { workspace } from '../tiff/tools';
import { craftGif, lzwCodes, seededIndices } from './gifFixtures';
import { differencesFromReference, magick, referencePixels } from './referenceCheck';

/**
 * A GIF's first frame as an /Indexed Flate image: files ImageMagick writes (its rose, interlaced,
 * transparent, animated, a frame smaller than its screen) and files written here (a frame off the
 * screen, indices past the colour table, a full LZW table without a clear code). Each image, on a
 * page of its pixel size, passes qpdf --check and renders with poppler to ImageMagick's pixels of
 * the first frame on white. Damaged files, a file without colours and a declared 30,000 x 30,000
 * screen are refused by what is wrong, before any pixel is decoded.
 */

const space = workspace('fax-gif-');
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

/** Converts the file and compares poppler's rendering with ImageMagick's pixels; returns the image. */
function expectReferencePixels(name: string, gif: Buffer, color: 'index' | 'rgb' = 'index') {
	const source = space.file(`${name}.gif`, gif);
	const image = gifImage(gif);
	expect(differencesFromReference(space, name, image, source, color)).toEqual([]);
	expect(image.orientation).toBe(1);
	expect(image.resolution).toBeUndefined();
	return image;
}

const ROSE = ['rose:'];
const PALETTE = [
	[255, 0, 0],
	[0, 160, 0],
	[0, 0, 255],
	[10, 20, 30],
];

describe('files ImageMagick writes', () => {
	it('a 256-colour photo (the rose) is its exact palette indices', () => {
		const gif = magick(space, ROSE, 'rose.gif');
		const frame = readGifFrame(gif);
		expect(frame.interlaced).toBe(false);
		expect(frame.colourTable.length).toBe(256 * 3);
		const image = expectReferencePixels('rose', gif);
		expect({ width: image.width, height: image.height }).toEqual({ width: 70, height: 46 });
		expect(image.dictionaryEntries).toMatch(/\/ColorSpace \[\/Indexed \/DeviceRGB 255 </);
	});

	it('a larger noisy image takes the code width to 12 bits and clears the table', () => {
		const gif = magick(
			space,
			['-seed', '7', '-size', '300x200', 'plasma:', '-colors', '256'],
			'plasma.gif',
		);
		expectReferencePixels('plasma', gif);
	});

	it('an interlaced GIF is de-interlaced', () => {
		const gif = magick(space, [...ROSE, '-interlace', 'GIF'], 'interlaced.gif');
		expect(readGifFrame(gif).interlaced).toBe(true);
		expectReferencePixels('interlaced', gif);
	});

	it('an interlaced GIF of fewer than 8 rows, and of an odd height', () => {
		for (const height of [3, 13]) {
			const gif = magick(
				space,
				[...ROSE, '-resize', `21x${height}!`, '-interlace', 'GIF'],
				`interlaced-${height}.gif`,
			);
			expect(readGifFrame(gif).interlaced).toBe(true);
			expectReferencePixels(`interlaced-${height}`, gif);
		}
	});

	it('transparent pixels are white paper', () => {
		const args = [
			'-size',
			'40x30',
			'xc:white',
			'-fill',
			'navy',
			'-draw',
			'circle 20,15 20,4',
			'-transparent',
			'white',
		];
		const gif = magick(space, args, 'transparent.gif');
		const frame = readGifFrame(gif);
		expect(frame.transparentIndex).toBeDefined();
		// The transparent index's own colour is not white: the white comes from the conversion.
		const index = frame.transparentIndex!;
		expect([...frame.colourTable.subarray(index * 3, index * 3 + 3)]).not.toEqual([255, 255, 255]);
		expectReferencePixels('transparent', gif);
	});

	it('of an animated GIF only the first frame counts', () => {
		const args = [
			'-delay',
			'10',
			'-size',
			'24x16',
			'xc:orange',
			'xc:teal',
			'xc:purple',
			'-loop',
			'0',
		];
		const gif = magick(space, args, 'animated.gif');
		expectReferencePixels('animated', gif);
		// The comparison tells the frames apart: the second frame's pixels are not the first's.
		const second = magick(space, [`${space.path('animated.gif')}[1]`], 'second-frame.gif');
		expect(referencePixels(space.file('second.gif', second)).rgb).not.toEqual(
			referencePixels(space.path('animated.gif')).rgb,
		);
	});

	it('a frame smaller than the screen sits at its offset on white', () => {
		const gif = magick(space, ['-size', '6x4', 'xc:red', '-page', '10x8+2+3'], 'offset.gif');
		const frame = readGifFrame(gif);
		expect(frame).toMatchObject({
			screenWidth: 10,
			screenHeight: 8,
			left: 2,
			top: 3,
			width: 6,
			height: 4,
		});
		const image = expectReferencePixels('offset', gif);
		expect({ width: image.width, height: image.height }).toEqual({ width: 10, height: 8 });
	});
});

describe('files written here', () => {
	it('a frame reaching past the screen is cut off at its edge', () => {
		const indices = seededIndices(1, 6 * 5, 4);
		const gif = craftGif({ width: 8, height: 6 }, PALETTE, [
			{ left: 4, top: 3, width: 6, height: 5, indices, minCodeSize: 2 },
		]);
		const image = expectReferencePixels('past-screen', gif);
		expect({ width: image.width, height: image.height }).toEqual({ width: 8, height: 6 });
	});

	it('a frame with a local colour table uses it, not the global one', () => {
		const local = [
			[200, 100, 0],
			[0, 100, 200],
		];
		const gif = craftGif({ width: 5, height: 3 }, PALETTE, [
			{ width: 5, height: 3, indices: seededIndices(2, 15, 2), minCodeSize: 2, localTable: local },
		]);
		expectReferencePixels('local-table', gif);
	});

	it('an index past the colour table shows its first entry, as ImageMagick does', () => {
		const indices = [0, 1, 2, 3, 9, 15, 1, 0];
		const gif = craftGif({ width: 4, height: 2 }, PALETTE.slice(0, 2), [
			{ width: 4, height: 2, indices, minCodeSize: 4 },
		]);
		expectReferencePixels('past-table', gif);
	});

	it('a 256-entry table without white around a smaller frame gives RGB', () => {
		const table = Array.from({ length: 256 }, (_, index) => [
			index,
			255 - index,
			(index * 7) & 0xff,
		]);
		const indices = seededIndices(3, 20 * 10, 256);
		const gif = craftGif({ width: 24, height: 14 }, table, [
			{ left: 2, top: 1, width: 20, height: 10, indices },
		]);
		expectReferencePixels('no-white', gif, 'rgb');
	});

	it('a full LZW table without a clear code keeps its 12-bit codes', () => {
		const indices = seededIndices(4, 200 * 150, 256);
		const codes = lzwCodes(indices, 8, false);
		expect(codes.filter(([code]) => code === 256)).toHaveLength(1);
		expect(codes.filter(([, width]) => width === 12).length).toBeGreaterThan(4096);
		const table = Array.from({ length: 256 }, (_, index) => [
			index,
			(index * 3) & 0xff,
			255 - index,
		]);
		expectReferencePixels(
			'full-table',
			craftGif({ width: 200, height: 150 }, table, [{ width: 200, height: 150, codes }]),
		);
	});

	it('a transparent frame off a screen whose table is full: the transparent entry is its white', () => {
		const table = Array.from({ length: 256 }, (_, index) => [index, 0, 0]);
		const gif = craftGif({ width: 12, height: 9 }, table, [
			{
				left: 3,
				top: 2,
				width: 6,
				height: 5,
				indices: seededIndices(5, 30, 256),
				transparentIndex: 5,
			},
		]);
		expectReferencePixels('full-transparent', gif);
	});
});

describe('refusals', () => {
	const rose = () => magick(space, ROSE, 'rose-for-refusals.gif');

	it('a file cut short in its image data', () => {
		const gif = rose();
		for (const length of [6, 13, 800, gif.length - 40]) {
			expect(refusal(() => gifImage(gif.subarray(0, length)))).toEqual({
				reason: 'damaged',
				message: 'the GIF file is cut short',
			});
		}
	});

	it('image data that end before the last pixel (the end code early)', () => {
		const gif = craftGif({ width: 4, height: 4 }, PALETTE, [
			{ width: 4, height: 4, indices: [0, 1, 2, 3, 0, 1], minCodeSize: 2 },
		]);
		expect(refusal(() => gifImage(gif))).toEqual({
			reason: 'damaged',
			message: 'the GIF image data end before its last pixel',
		});
	});

	it('a broken LZW stream: a code not yet defined', () => {
		// After the clear code (4) and a literal, 6 is the next code to define and 7 is not defined.
		for (const codes of [
			[
				[4, 3],
				[1, 3],
				[7, 3],
			],
			[
				[4, 3],
				[6, 3],
			],
		] as [number, number][][]) {
			const gif = craftGif({ width: 4, height: 1 }, PALETTE, [
				{ width: 4, height: 1, codes, minCodeSize: 2 },
			]);
			expect(refusal(() => gifImage(gif))).toEqual({
				reason: 'damaged',
				message: 'the GIF image data are damaged (an LZW code not yet defined)',
			});
		}
	});

	it('an invalid LZW minimum code size', () => {
		const gif = craftGif({ width: 2, height: 1 }, PALETTE, [
			{ width: 2, height: 1, codes: [], minCodeSize: 12 },
		]);
		expect(refusal(() => gifImage(gif)).message).toBe(
			'the GIF image data have an invalid LZW minimum code size',
		);
	});

	it('a GIF without any colour table', () => {
		const gif = craftGif({ width: 2, height: 1 }, undefined, [
			{ width: 2, height: 1, indices: [0, 1], minCodeSize: 2 },
		]);
		expect(refusal(() => gifImage(gif))).toEqual({
			reason: 'unsupported',
			message: 'a GIF without a colour table is not supported',
		});
	});

	it('a GIF without an image, and a file that is not a GIF', () => {
		expect(refusal(() => gifImage(craftGif({ width: 2, height: 1 }, PALETTE, []))).message).toBe(
			'the GIF file has no image',
		);
		expect(refusal(() => gifImage(Buffer.from('GIF88a and more', 'latin1'))).reason).toBe(
			'damaged',
		);
	});

	it('a 30,000 x 30,000 screen declared in a 13-byte file is too large, from its header alone', () => {
		const header = craftGif({ width: 30000, height: 30000 }, undefined, []).subarray(0, 13);
		const refused = refusal(() => gifImage(header));
		expect(refused.reason).toBe('tooLarge');
		expect(refused.message).toBe(
			'the GIF image is larger than an image may be (20,000 pixels a side, 50,000,000 pixels in all)',
		);
	});

	it('a frame of 30,000 x 30,000 on a small screen is too large before its data are read', () => {
		const gif = craftGif({ width: 10, height: 10 }, PALETTE, [
			{ width: 30000, height: 30000, codes: [], minCodeSize: 2 },
		]);
		// Cut inside the frame's data: the limit is checked before they are read.
		expect(refusal(() => gifImage(gif.subarray(0, gif.length - 3))).reason).toBe('tooLarge');
		const wide = craftGif({ width: 10, height: 10 }, PALETTE, [
			{ width: 7100, height: 7100, codes: [], minCodeSize: 2 },
		]);
		expect(refusal(() => gifImage(wide)).reason).toBe('tooLarge');
	});
});
