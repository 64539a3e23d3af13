import { execFileSync } from 'child_process';
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { pngImage } from '../../../../nodes/shared/pdf/image/png';
import type { Ihdr } from './png-tools';
import {
	convert,
	differences,
	extractedRgb,
	ihdrOf,
	imageList,
	onePagePdf,
	pngWorkspace,
	qpdfCheck,
	referenceRgb,
	renderPage,
} from './png-tools';

/**
 * Every colour type and bit depth of the PNG specification, plain and Adam7-interlaced, with tRNS and
 * alpha, made by ImageMagick (each file's IHDR checked to be the variant meant). Each converted image
 * on a one-page PDF passes qpdf --check; pdfimages gives back exactly the samples convert decodes from
 * the PNG flattened onto white (at 16 bits for 16-bit files); pdftoppm renders the page to them.
 */

const space = pngWorkspace('fax-png-variants-');
afterAll(() => space.dispose());

const WIDTH = 37;
const HEIGHT = 29;
const SIZE = `${WIDTH}x${HEIGHT}`;

/** The sources: smooth 16-bit gradients (every sample distinct in its low byte) and flat shapes (tRNS keys). */
beforeAll(() => {
	const colour = ['-size', SIZE, 'gradient:red-blue', '(', '-size', `${HEIGHT}x${WIDTH}`];
	convert(
		space,
		[
			...colour,
			'gradient:yellow-green',
			'-rotate',
			'90',
			')',
			'-compose',
			'Multiply',
			'-composite',
			'-depth',
			'16',
		],
		'rgb.png',
	);
	convert(space, ['-size', SIZE, '-depth', '16', 'radial-gradient:white-black'], 'grey.png');
	const alpha = [
		'(',
		'-size',
		SIZE,
		'gradient:white-black',
		')',
		'-alpha',
		'off',
		'-compose',
		'CopyOpacity',
		'-composite',
	];
	convert(space, [space.path('rgb.png'), ...alpha], 'rgba.png');
	convert(space, [space.path('grey.png'), ...alpha], 'greya.png');
	const draw = (fill: string, shape: string) => ['-fill', fill, '-draw', shape];
	convert(
		space,
		[
			'-size',
			SIZE,
			'xc:gray50',
			...draw('black', 'rectangle 5,5 20,20'),
			...draw('white', 'circle 25,15 30,20'),
			...draw('gray25', 'rectangle 0,25 36,28'),
		],
		'shapes-grey.png',
	);
	convert(
		space,
		[
			'-size',
			SIZE,
			'xc:navy',
			...draw('red', 'rectangle 5,5 20,20'),
			...draw('yellow', 'circle 25,15 30,20'),
		],
		'shapes-rgb.png',
	);
});

const pngType = (colourType: number, bitDepth: number) => [
	'-define',
	`png:color-type=${colourType}`,
	'-define',
	`png:bit-depth=${bitDepth}`,
];

interface Variant {
	name: string;
	source: string;
	args: string[];
	/** convert's output format (PNG8 for palettes). */
	format?: string;
	ihdr: Omit<Ihdr, 'width' | 'height' | 'interlaced'>;
	/** pdfimages -list's colour column and bits per component of the PDF image. */
	pdf: { color: string; bpc: number };
	/** The IDAT stream is copied with /DecodeParms rather than decoded (when not interlaced). */
	copied: boolean;
}

const grey = (bitDepth: number): Variant => ({
	name: `grey ${bitDepth}-bit`,
	source: 'grey.png',
	args: ['-colorspace', 'Gray', ...pngType(0, bitDepth)],
	ihdr: { bitDepth, colourType: 0, trns: false },
	pdf: { color: 'gray', bpc: bitDepth },
	copied: true,
});
const rgb = (bitDepth: number): Variant => ({
	name: `RGB ${bitDepth}-bit`,
	source: 'rgb.png',
	args: pngType(2, bitDepth),
	ihdr: { bitDepth, colourType: 2, trns: false },
	pdf: { color: 'rgb', bpc: bitDepth },
	copied: true,
});
const palette = (bitDepth: number): Variant => ({
	name: `palette ${bitDepth}-bit`,
	source: 'rgb.png',
	args: [
		'+dither',
		'-colors',
		String(Math.min(1 << bitDepth, 200)),
		'-depth',
		'8',
		'-define',
		`png:bit-depth=${bitDepth}`,
	],
	format: 'PNG8',
	ihdr: { bitDepth, colourType: 3, trns: false },
	pdf: { color: 'index', bpc: bitDepth },
	copied: true,
});
const withAlpha = (colourType: 4 | 6, bitDepth: number): Variant => ({
	name: `${colourType === 4 ? 'grey' : 'RGB'} with alpha ${bitDepth}-bit`,
	source: colourType === 4 ? 'greya.png' : 'rgba.png',
	args: [...(colourType === 4 ? ['-colorspace', 'Gray'] : []), ...pngType(colourType, bitDepth)],
	ihdr: { bitDepth, colourType, trns: false },
	pdf: { color: colourType === 4 ? 'gray' : 'rgb', bpc: bitDepth },
	copied: false,
});
const greyKey = (bitDepth: number): Variant => ({
	name: `grey ${bitDepth}-bit with a tRNS colour`,
	source: 'shapes-grey.png',
	args: ['-transparent', 'black', ...pngType(0, bitDepth)],
	ihdr: { bitDepth, colourType: 0, trns: true },
	pdf: { color: 'gray', bpc: bitDepth },
	copied: false,
});
const rgbKey = (bitDepth: number): Variant => ({
	name: `RGB ${bitDepth}-bit with a tRNS colour`,
	source: 'shapes-rgb.png',
	args: ['-transparent', 'red', ...pngType(2, bitDepth)],
	ihdr: { bitDepth, colourType: 2, trns: true },
	pdf: { color: 'rgb', bpc: bitDepth },
	copied: false,
});
const paletteKey = (bitDepth: number): Variant => ({
	name: `palette ${bitDepth}-bit with tRNS`,
	source: 'rgba.png',
	args: ['+dither', '-colors', '12', '-depth', '8', '-define', `png:bit-depth=${bitDepth}`],
	format: 'PNG8',
	ihdr: { bitDepth, colourType: 3, trns: true },
	pdf: { color: 'index', bpc: bitDepth },
	copied: true,
});

const VARIANTS: Variant[] = [
	...[1, 2, 4, 8, 16].map(grey),
	...[8, 16].map(rgb),
	...[1, 2, 4, 8].map(palette),
	withAlpha(4, 8),
	withAlpha(4, 16),
	withAlpha(6, 8),
	withAlpha(6, 16),
	...[1, 2, 4, 8, 16].map(greyKey),
	...[8, 16].map(rgbKey),
	...[4, 8].map(paletteKey),
];

/** Converts the PNG and checks the PDF as readers see it; returns the image's dictionary entries. */
function convertAndCheck(name: string, file: string, png: Buffer, variant: Variant): string {
	const { width, height, bitDepth } = ihdrOf(png);
	const image = pngImage(png);
	expect({ width: image.width, height: image.height, orientation: image.orientation }).toEqual({
		width,
		height,
		orientation: 1,
	});
	const pdf = space.path(`${name}.pdf`);
	writeFileSync(pdf, onePagePdf(image));
	const qpdf = qpdfCheck(pdf);
	expect(qpdf.output).toContain('No syntax or stream encoding errors found');
	expect(qpdf.status).toBe(0);
	const depth = bitDepth === 16 ? 16 : 8;
	const reference = referenceRgb(file, depth);
	if (!(variant.pdf.color === 'index' && bitDepth === 1)) {
		const extracted = extractedRgb(space, pdf, depth, variant.pdf.color === 'gray');
		expect(differences(extracted, reference, width, (depth / 8) * 3)).toEqual([]);
	}
	// poppler draws a 16-bit sample as its high byte (x >> 8), where rounding gives x / 257.
	const shown = depth === 8 ? reference : reference.filter((_, index) => index % 2 === 0);
	expect(differences(renderPage(pdf, 1, width, height, 'rgb'), shown, width, 3)).toEqual([]);
	return image.dictionaryEntries;
}

describe.each([false, true])('interlaced %s', (interlaced) => {
	test.each(VARIANTS.map((variant) => [variant.name, variant] as const))('%s', (_, variant) => {
		const name = `${variant.name}${interlaced ? ' adam7' : ''}`;
		const interlace = interlaced ? ['-interlace', 'PNG'] : [];
		const png = convert(
			space,
			[space.path(variant.source), ...variant.args, ...interlace],
			`${name}.png`,
			variant.format,
		);
		const file = space.path(`${name}.png`);
		expect(ihdrOf(png)).toEqual({ width: WIDTH, height: HEIGHT, interlaced, ...variant.ihdr });
		const entries = convertAndCheck(name, file, png, variant);
		expect(imageList(space.path(`${name}.pdf`))).toEqual([
			expect.objectContaining({ width: WIDTH, height: HEIGHT, ...variant.pdf }),
		]);
		expect(entries.includes('/Predictor 15')).toBe(variant.copied && !interlaced);
	});
});

describe('what the file states, as Debian tools write it', () => {
	test('pHYs from convert -density: 300 dpi, and 96 x 150 dpi', () => {
		const square = convert(
			space,
			[space.path('rgb.png'), '-units', 'PixelsPerInch', '-density', '300'],
			'dpi-300.png',
		);
		expect(pngImage(square).resolution).toEqual({ x: 300, y: 300 });
		const uneven = convert(
			space,
			[space.path('rgb.png'), '-units', 'PixelsPerInch', '-density', '96x150'],
			'dpi-96x150.png',
		);
		expect(pngImage(uneven).resolution).toEqual({ x: 96, y: 150 });
	});

	test.each([3, 6, 8])('the eXIf orientation exiftool writes: %i', (orientation) => {
		const name = `orientation-${orientation}.png`;
		convert(space, [space.path('rgb.png'), ...pngType(2, 8)], name);
		execFileSync('exiftool', [
			'-q',
			'-overwrite_original',
			`-Orientation=${orientation}`,
			'-n',
			space.path(name),
		]);
		const png = readFileSync(space.path(name));
		expect(png.includes('eXIf', 8, 'latin1')).toBe(true);
		expect(pngImage(png).orientation).toBe(orientation);
	});

	test("a real screenshot (the README's): copied as it is, its pixels exact", () => {
		const file = join(__dirname, '../../../../docs/images/send-letter.png');
		const png = readFileSync(file);
		expect(ihdrOf(png)).toMatchObject({ colourType: 2, bitDepth: 8, interlaced: false });
		const image = pngImage(png);
		expect(image.dictionaryEntries).toContain('/Predictor 15');
		const pdf = space.path('screenshot.pdf');
		writeFileSync(pdf, onePagePdf(image));
		expect(qpdfCheck(pdf).status).toBe(0);
		expect(
			differences(extractedRgb(space, pdf, 8, false), referenceRgb(file, 8), image.width, 3),
		).toEqual([]);
	});
});
