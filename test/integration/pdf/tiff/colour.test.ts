import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { tiffToPdf } from '../../../../nodes/shared/pdf/tiff';
import type { Field, FixturePage } from './fixtures';
import { TAG, bilevelGrey, bilevelPage, sampleAt, samplePage, short, writeTiff } from './fixtures';
import { differences, imageList, pageSizes, qpdfCheck, renderPage, workspace } from './tools';

/**
 * Pages that are decoded and written as Flate images: bilevel pages in LZW, PackBits or Deflate,
 * 8- and 16-bit grey, RGB (chunky, planar, tiled, with the predictor, in either byte order), palettes,
 * alpha, CMYK. Each PDF passes qpdf --check, has the page size its 100 dpi gives, and renders with
 * pdftoppm to the source's exact samples (CMYK: to what poppler shows for libtiff's own tiff2pdf).
 */

const space = workspace('fax-tiff-colour-');
afterAll(() => space.dispose());

const WIDTH = 50;
const HEIGHT = 37;
const DPI = 100;

/** The expected samples of a width x height page, `channels` per pixel. */
function samples(
	channels: number,
	value: (x: number, y: number, channel: number) => number,
	width = WIDTH,
	height = HEIGHT,
): Uint8Array {
	const out = new Uint8Array(width * height * channels);
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++)
			for (let c = 0; c < channels; c++) out[(y * width + x) * channels + c] = value(x, y, c);
	return out;
}

interface Check {
	colour: 'grey' | 'rgb';
	expected: Uint8Array;
	/** pdfimages' colour column and bits per component. */
	image: { color: string; bpc: number };
	width?: number;
	height?: number;
	dpi?: number;
}

/** Converts the TIFF and checks structure, page size, the image's encoding and the rendered samples. */
function convertAndCheck(name: string, tiff: Buffer, check: Check): string {
	const { width = WIDTH, height = HEIGHT, dpi = DPI } = check;
	const result = tiffToPdf(tiff);
	const pdf = space.file(`${name}.pdf`, result.pdf);
	expect(result.pages).toBe(1);
	const qpdf = qpdfCheck(pdf);
	expect(qpdf.status).toBe(0);
	expect(qpdf.output).toContain('No syntax or stream encoding errors found');
	const [size] = pageSizes(pdf).sizes;
	expect(Math.abs(size[0] - (width / dpi) * 72)).toBeLessThanOrEqual(0.01);
	expect(Math.abs(size[1] - (height / dpi) * 72)).toBeLessThanOrEqual(0.01);
	const images = imageList(pdf);
	expect(
		images.map(({ enc, color, bpc, width: w, height: h }) => ({ enc, color, bpc, w, h })),
	).toEqual([{ enc: 'image', ...check.image, w: width, h: height }]);
	expect(result.pdf.toString('latin1')).toContain('/Filter /FlateDecode');
	const rendered = renderPage(pdf, 1, width, height, check.colour);
	expect(differences(rendered, check.expected, width, check.colour === 'grey' ? 1 : 3)).toEqual([]);
	return result.pdf.toString('latin1');
}

/** tiffcp from a fixture page to a new file with the options; returns the new file's bytes. */
function recoded(
	name: string,
	page: FixturePage,
	options: string[],
	fixture: { bigEndian?: boolean } = {},
): Buffer {
	const input = space.file(`${name}-source.tif`, writeTiff([page], fixture).data);
	return space.tiffcp(options, [input], `${name}.tif`);
}

describe('bilevel pages in other compressions are decoded to a 1-bit Flate image', () => {
	const page = bilevelPage({
		width: 300,
		height: 120,
		photometric: 'whiteIsZero',
		dpi: [200, 200],
	});
	test.each([
		['LZW', ['-c', 'lzw']],
		['PackBits', ['-c', 'packbits']],
		['Deflate', ['-c', 'zip']],
		['LZW, LSB-first', ['-c', 'lzw', '-f', 'lsb2msb']],
	])('%s', (name, options) => {
		const text = convertAndCheck(`bilevel-${name}`, recoded(`bilevel-${name}`, page, options), {
			colour: 'grey',
			expected: bilevelGrey(300, 120),
			image: { color: 'gray', bpc: 1 },
			width: 300,
			height: 120,
			dpi: 200,
		});
		expect(text).toContain('/Decode [1 0]');
	});
});

describe('grey pages', () => {
	const grey = samplePage({ width: WIDTH, height: HEIGHT, samples: 1, photometric: 1 });
	test.each([
		['uncompressed', ['-c', 'none']],
		['LZW', ['-c', 'lzw']],
		['LZW with the horizontal predictor', ['-c', 'lzw:2']],
		['Deflate with the horizontal predictor', ['-c', 'zip:2']],
		['PackBits', ['-c', 'packbits']],
		['LZW in strips of 5 rows', ['-c', 'lzw:2', '-r', '5']],
	])('8-bit BlackIsZero, %s', (name, options) => {
		convertAndCheck(`grey-${name}`, recoded(`grey-${name}`, grey, options), {
			colour: 'grey',
			expected: samples(1, sampleAt),
			image: { color: 'gray', bpc: 8 },
		});
	});

	test('8-bit WhiteIsZero: /Decode [1 0], so 0 is white', () => {
		const page = samplePage({ width: WIDTH, height: HEIGHT, samples: 1, photometric: 0 });
		const text = convertAndCheck('grey-white', recoded('grey-white', page, ['-c', 'lzw']), {
			colour: 'grey',
			expected: samples(1, (x, y, c) => 255 - sampleAt(x, y, c)),
			image: { color: 'gray', bpc: 8 },
		});
		expect(text).toContain('/Decode [1 0]');
	});

	test.each([
		['little-endian', false, ['-c', 'lzw:2', '-L']],
		['big-endian', true, ['-c', 'lzw:2', '-B']],
		['big-endian, uncompressed', true, ['-c', 'none', '-B']],
	])('16-bit, %s: each sample keeps its high byte', (name, bigEndian, options) => {
		const page = samplePage({
			width: WIDTH,
			height: HEIGHT,
			samples: 1,
			photometric: 1,
			bits: 16,
			bigEndian,
		});
		convertAndCheck(`grey16-${name}`, recoded(`grey16-${name}`, page, options, { bigEndian }), {
			colour: 'grey',
			expected: samples(1, sampleAt),
			image: { color: 'gray', bpc: 8 },
		});
	});

	test('4-bit grey stays 4-bit', () => {
		const rowBytes = Math.ceil(WIDTH / 2);
		const data = Buffer.alloc(rowBytes * HEIGHT);
		for (let y = 0; y < HEIGHT; y++)
			for (let x = 0; x < WIDTH; x++)
				data[y * rowBytes + (x >> 1)] |= (x + y) % 16 << (x % 2 === 0 ? 4 : 0);
		const page = samplePage({ width: WIDTH, height: HEIGHT, samples: 1, photometric: 1 });
		const fields = { ...page.fields, [TAG.BitsPerSample]: short(4) };
		convertAndCheck('grey4', recoded('grey4', { fields, parts: [data] }, ['-c', 'zip']), {
			colour: 'grey',
			expected: samples(1, (x, y) => ((x + y) % 16) * 17),
			image: { color: 'gray', bpc: 4 },
		});
	});

	test('an unspecified extra sample is dropped', () => {
		const page = samplePage({
			width: WIDTH,
			height: HEIGHT,
			samples: 2,
			photometric: 1,
			extra: { [TAG.ExtraSamples]: short(0) },
		});
		convertAndCheck('grey-extra', recoded('grey-extra', page, ['-c', 'lzw']), {
			colour: 'grey',
			expected: samples(1, sampleAt),
			image: { color: 'gray', bpc: 8 },
		});
	});
});

describe('RGB pages', () => {
	const rgb = samplePage({ width: WIDTH, height: HEIGHT, samples: 3, photometric: 2 });
	const expected = samples(3, sampleAt);
	test.each([
		['uncompressed', ['-c', 'none']],
		['LZW with the horizontal predictor', ['-c', 'lzw:2']],
		['Deflate', ['-c', 'zip']],
		['PackBits', ['-c', 'packbits']],
		['big-endian LZW with the predictor', ['-c', 'lzw:2', '-B']],
		['planar (a plane per sample), LZW', ['-c', 'lzw:2', '-p', 'separate']],
		[
			'in 16 x 16 tiles (edge tiles past the page), Deflate',
			['-c', 'zip:2', '-t', '-w', '16', '-l', '16'],
		],
		['planar in 16 x 16 tiles, LZW', ['-c', 'lzw', '-p', 'separate', '-t', '-w', '16', '-l', '16']],
	])('8-bit, %s', (name, options) => {
		const text = convertAndCheck(`rgb-${name}`, recoded(`rgb-${name}`, rgb, options), {
			colour: 'rgb',
			expected,
			image: { color: 'rgb', bpc: 8 },
		});
		// Decoded tiles are assembled into one page-sized image, so nothing needs clipping.
		expect(text).not.toContain(' re W n');
	});

	test('16-bit, little-endian, Deflate with the predictor', () => {
		const page = samplePage({ width: WIDTH, height: HEIGHT, samples: 3, photometric: 2, bits: 16 });
		convertAndCheck('rgb16', recoded('rgb16', page, ['-c', 'zip:2']), {
			colour: 'rgb',
			expected,
			image: { color: 'rgb', bpc: 8 },
		});
	});

	test.each([
		[
			'unassociated',
			2,
			(value: number, alpha: number) => Math.round((value * alpha + 255 * (255 - alpha)) / 255),
		],
		[
			'associated (premultiplied)',
			1,
			(value: number, alpha: number) =>
				Math.min(255, Math.round(value + (255 * (255 - alpha)) / 255)),
		],
	])('RGBA with %s alpha: composited onto white', (name, code, composite) => {
		const alphaAt = (x: number, y: number) => (x * 5 + y * 11) & 255;
		const value = (x: number, y: number, channel: number) =>
			channel === 3
				? alphaAt(x, y)
				: code === 1
					? Math.round((sampleAt(x, y, channel) * alphaAt(x, y)) / 255)
					: sampleAt(x, y, channel);
		const page = samplePage({
			width: WIDTH,
			height: HEIGHT,
			samples: 4,
			photometric: 2,
			value,
			extra: { [TAG.ExtraSamples]: short(code) },
		});
		convertAndCheck(`rgba-${code}`, recoded(`rgba-${code}`, page, ['-c', 'lzw:2']), {
			colour: 'rgb',
			expected: samples(3, (x, y, channel) => composite(value(x, y, channel), alphaAt(x, y))),
			image: { color: 'rgb', bpc: 8 },
		});
	});
});

describe('palette and CMYK pages', () => {
	/** A 2^bits-entry ColorMap: 16-bit entries, each colour channel different. */
	const colourMap = (bits: number): Field => {
		const entries = 1 << bits;
		const channel = (index: number, c: number) =>
			[(index * 37 + 11) & 255, 255 - ((index * 3) & 255), (index * index) & 255][c];
		return short(
			...[0, 1, 2].flatMap((c) =>
				Array.from({ length: entries }, (_, index) => channel(index, c) * 257),
			),
		);
	};
	const paletteColour = (index: number, c: number) =>
		[(index * 37 + 11) & 255, 255 - ((index * 3) & 255), (index * index) & 255][c];

	test('8-bit palette, LZW: an /Indexed colour space', () => {
		const indexAt = (x: number, y: number) => (x * 7 + y * 3) & 255;
		const page = samplePage({
			width: WIDTH,
			height: HEIGHT,
			samples: 1,
			photometric: 3,
			value: indexAt,
			extra: { [TAG.ColorMap]: colourMap(8) },
		});
		const text = convertAndCheck('palette8', recoded('palette8', page, ['-c', 'lzw']), {
			colour: 'rgb',
			expected: samples(3, (x, y, c) => paletteColour(indexAt(x, y), c)),
			image: { color: 'index', bpc: 8 },
		});
		expect(text).toContain('/ColorSpace [/Indexed /DeviceRGB 255 <');
	});

	test('4-bit palette, PackBits: stays 4-bit', () => {
		const rowBytes = Math.ceil(WIDTH / 2);
		const data = Buffer.alloc(rowBytes * HEIGHT);
		const indexAt = (x: number, y: number) => (x * 3 + y) % 16;
		for (let y = 0; y < HEIGHT; y++)
			for (let x = 0; x < WIDTH; x++)
				data[y * rowBytes + (x >> 1)] |= indexAt(x, y) << (x % 2 === 0 ? 4 : 0);
		const page = samplePage({
			width: WIDTH,
			height: HEIGHT,
			samples: 1,
			photometric: 3,
			extra: { [TAG.ColorMap]: colourMap(4), [TAG.BitsPerSample]: short(4) },
		});
		convertAndCheck(
			'palette4',
			recoded('palette4', { fields: page.fields, parts: [data] }, ['-c', 'packbits']),
			{
				colour: 'rgb',
				expected: samples(3, (x, y, c) => paletteColour(indexAt(x, y), c)),
				image: { color: 'index', bpc: 4 },
			},
		);
	});

	test("CMYK, LZW: a DeviceCMYK image that renders as libtiff's own tiff2pdf output does", () => {
		const page = samplePage({
			width: WIDTH,
			height: HEIGHT,
			samples: 4,
			photometric: 5,
			extra: { [TAG.InkSet]: short(1) },
		});
		const tiff = recoded('cmyk', page, ['-c', 'lzw']);
		execFileSync('tiff2pdf', ['-o', space.path('cmyk-tiff2pdf.pdf'), space.path('cmyk.tif')]);
		const reference = renderPage(space.path('cmyk-tiff2pdf.pdf'), 1, WIDTH, HEIGHT, 'rgb');
		expect(readFileSync(space.path('cmyk-tiff2pdf.pdf')).toString('latin1')).toContain(
			'/DeviceCMYK',
		);
		convertAndCheck('cmyk', tiff, {
			colour: 'rgb',
			expected: reference,
			image: { color: 'cmyk', bpc: 8 },
		});
	});

	test('a page without StripByteCounts (old uncompressed writers) is read from its rows', () => {
		const page = samplePage({ width: WIDTH, height: HEIGHT, samples: 1, photometric: 1 });
		const { data } = writeTiff([page]);
		// Rename the tag StripByteCounts (279) to a private one (65000), so the reader sees none.
		const entry = Buffer.from([0x17, 0x01, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00]);
		const at = data.indexOf(entry);
		expect(at).toBeGreaterThan(0);
		data.writeUInt16LE(65000, at);
		convertAndCheck('no-counts', data, {
			colour: 'grey',
			expected: samples(1, sampleAt),
			image: { color: 'gray', bpc: 8 },
		});
	});
});
