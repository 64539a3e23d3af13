import { readFileSync } from 'fs';
import { tiffToPdf } from '../../../../nodes/shared/pdf/tiff';
import type { FixturePage } from './fixtures';
import {
	TAG,
	bilevelGrey,
	bilevelPage,
	long,
	modifiedHuffmanFromG3,
	short,
	writeTiff,
} from './fixtures';
import {
	differences,
	imageList,
	pageSizes,
	pdfjsGrey,
	qpdfCheck,
	renderPage,
	storedParts,
	tiffdump,
	workspace,
} from './tools';

/**
 * Bilevel TIFFs (fax and scanner output) made by libtiff's tiffcp in every CCITT flavour, uncompressed,
 * multi-strip, LSB-first, both photometrics, fax resolutions: each PDF passes qpdf --check, has the
 * pages and page sizes the resolution gives, shows pdfimages' "ccitt" encoding with the TIFF strips'
 * exact bytes inside, and renders (pdftoppm, on the TIFF's pixel grid) pixel for pixel as the source;
 * one-strip CCITT pages also decode pixel for pixel in pdf.js, which is stricter than poppler about
 * /EncodedByteAlign.
 */

const space = workspace('fax-tiff-bilevel-');
afterAll(() => space.dispose());

const FAX = { width: 1728, height: 320 };
type Photometric = 'whiteIsZero' | 'blackIsZero';

/** An uncompressed source page written to a file; returns its path. */
function source(
	name: string,
	options: {
		width: number;
		height: number;
		photometric: Photometric;
		dpi?: [number, number];
		rowsPerStrip?: number;
	},
): string {
	return space.file(`${name}.tif`, writeTiff([bilevelPage(options)]).data);
}

/** Reverses each byte's bits (what FillOrder 2 stores). */
const reversed = (bytes: Uint8Array) =>
	Buffer.from(
		bytes.map((byte) =>
			Number.parseInt(byte.toString(2).padStart(8, '0').split('').reverse().join(''), 2),
		),
	);

interface Expected {
	pages: { width: number; height: number; dpi: [number, number] }[];
	encoding: 'ccitt' | 'image';
	/** FillOrder 2: the strips in the PDF are the file's bytes reversed. */
	lsbFirst?: boolean;
	/** A one-image page pdf.js decodes too: a second CCITT decoder, stricter than poppler's about alignment. */
	pdfjs?: boolean;
}

/** Converts, then checks structure, pages, sizes, encodings, strip bytes and rendered pixels. */
function convertAndCheck(name: string, tiff: Buffer, expected: Expected): string {
	const tiffFile = space.file(`${name}.tif`, tiff);
	const result = tiffToPdf(tiff);
	const pdf = space.file(`${name}.pdf`, result.pdf);
	expect(result.pages).toBe(expected.pages.length);
	const check = qpdfCheck(pdf);
	expect(check.status).toBe(0);
	expect(check.output).toContain('No syntax or stream encoding errors found');

	const info = pageSizes(pdf);
	expect(info.pages).toBe(expected.pages.length);
	info.sizes.forEach(([width, height], index) => {
		const page = expected.pages[index];
		expect(Math.abs(width - (page.width / page.dpi[0]) * 72)).toBeLessThanOrEqual(0.01);
		expect(Math.abs(height - (page.height / page.dpi[1]) * 72)).toBeLessThanOrEqual(0.01);
	});

	const images = imageList(pdf);
	for (const image of images) {
		const page = expected.pages[image.page - 1];
		expect({ enc: image.enc, color: image.color, bpc: image.bpc }).toEqual({
			enc: expected.encoding,
			color: 'gray',
			bpc: 1,
		});
		expect([image.xppi, image.yppi]).toEqual(page.dpi.map(Math.round));
	}
	if (expected.encoding === 'ccitt') {
		const parts = storedParts(tiffFile).flat();
		expect(images.length).toBe(parts.length);
		for (const { offset, length } of parts) {
			const stored = tiff.subarray(offset, offset + length);
			expect(result.pdf.includes(expected.lsbFirst ? reversed(stored) : stored)).toBe(true);
		}
	}

	if (expected.pdfjs === true) {
		const [page] = expected.pages;
		const decoded = pdfjsGrey(pdf);
		expect({ width: decoded.width, height: decoded.height }).toEqual({
			width: page.width,
			height: page.height,
		});
		expect(differences(decoded.grey, bilevelGrey(page.width, page.height), page.width)).toEqual([]);
	}
	expected.pages.forEach((page, index) => {
		const rendered = renderPage(pdf, index + 1, page.width, page.height, 'grey');
		expect(differences(rendered, bilevelGrey(page.width, page.height), page.width)).toEqual([]);
	});
	return result.pdf.toString('latin1');
}

const faxPage = (dpi: [number, number]) => [{ ...FAX, dpi }];

describe('CCITT pages go in as they are', () => {
	const fine = source('fine', { ...FAX, photometric: 'whiteIsZero', dpi: [204, 196] });

	test.each([
		['Group 3 1-D', ['-c', 'g3:1d'], '/K 0 /Columns 1728 /Rows 320 /EndOfLine true'],
		[
			'Group 3 1-D with fill bits',
			['-c', 'g3:1d:fill'],
			'/K 0 /Columns 1728 /Rows 320 /EndOfLine true',
		],
		['Group 3 2-D', ['-c', 'g3:2d'], '/K 4 /Columns 1728 /Rows 320 /EndOfLine true'],
		[
			'Group 3 2-D with fill bits',
			['-c', 'g3:2d:fill'],
			'/K 4 /Columns 1728 /Rows 320 /EndOfLine true',
		],
		['Group 4', ['-c', 'g4'], '/K -1 /Columns 1728 /Rows 320 >>'],
	])('%s', (name, options, parms) => {
		const tiff = space.tiffcp([...options, '-r', '100000'], [fine], `${name}.tif`);
		const text = convertAndCheck(name, tiff, {
			pages: faxPage([204, 196]),
			encoding: 'ccitt',
			pdfjs: true,
		});
		expect(text).toContain(`/Filter /CCITTFaxDecode /DecodeParms << ${parms}`);
		expect(text).not.toContain('/BlackIs1');
	});

	test('Modified Huffman RLE (compression 2), one strip per 40 rows, each row byte-aligned', () => {
		const g3 = space.tiffcp(['-c', 'g3:1d', '-r', '40'], [fine], 'for-mh.tif');
		const strips = storedParts(space.path('for-mh.tif'))[0].map(({ offset, length }) =>
			modifiedHuffmanFromG3(g3.subarray(offset, offset + length)),
		);
		const page: FixturePage = bilevelPage({
			...FAX,
			photometric: 'whiteIsZero',
			dpi: [204, 196],
			rowsPerStrip: 40,
		});
		const tiff = writeTiff([
			{ fields: { ...page.fields, [TAG.Compression]: short(2) }, parts: strips },
		]).data;
		// libtiff reads the fixture back to the source's pixels: the test file itself is sound.
		const decoded = space.tiffcp(['-c', 'none'], [space.file('mh.tif', tiff)], 'mh-decoded.tif');
		expect(decoded.includes(readFileSync(fine).subarray(8, 8 + 216 * 320))).toBe(true);
		const text = convertAndCheck('mh', tiff, { pages: faxPage([204, 196]), encoding: 'ccitt' });
		expect(text).toContain('/K 0 /Columns 1728 /Rows 40 /EncodedByteAlign true');
	});

	test('normal resolution, 204 x 98 dpi: the page is still Letter-wide and as tall as its rows', () => {
		const normal = source('normal', { ...FAX, photometric: 'whiteIsZero', dpi: [204, 98] });
		convertAndCheck('normal-g4', space.tiffcp(['-c', 'g4'], [normal], 'normal-g4.tif'), {
			pages: faxPage([204, 98]),
			encoding: 'ccitt',
		});
	});

	test.each([
		['Group 4', 'g4'],
		['Group 3 2-D', 'g3:2d'],
	])('%s in strips of 16 rows: one image per strip, each placed at its rows', (name, codec) => {
		const tiff = space.tiffcp(['-c', codec, '-r', '16'], [fine], `strips-${codec}.tif`);
		const text = convertAndCheck(`strips-${codec}`, tiff, {
			pages: faxPage([204, 196]),
			encoding: 'ccitt',
		});
		expect(text.match(/\/Subtype \/Image/g)).toHaveLength(20);
		expect(text).toContain('q 1728 0 0 16 0 0 cm /Im20 Do Q');
	});

	test.each([
		['Group 4', ['-c', 'g4']],
		['Group 3 2-D with fill bits', ['-c', 'g3:2d:fill']],
		['Group 3 1-D', ['-c', 'g3:1d', '-r', '64']],
	])(
		'%s stored least significant bit first (FillOrder 2): the strips are bit-reversed',
		(name, options) => {
			const tiff = space.tiffcp([...options, '-f', 'lsb2msb'], [fine], `lsb-${name}.tif`);
			expect(tiffdump(space.path(`lsb-${name}.tif`))).toContain('FillOrder (266) SHORT (3) 1<2>');
			convertAndCheck(`lsb-${name}`, tiff, {
				pages: faxPage([204, 196]),
				encoding: 'ccitt',
				lsbFirst: true,
			});
		},
	);

	test.each([
		['Group 4', 'g4'],
		['Group 3 1-D', 'g3:1d'],
		['Group 3 2-D', 'g3:2d'],
	])('%s with BlackIsZero photometric: /BlackIs1 true, black ink stays black', (name, codec) => {
		const inverted = source(`black-source-${codec}`, {
			width: 900,
			height: 200,
			photometric: 'blackIsZero',
			dpi: [200, 200],
		});
		const text = convertAndCheck(
			`black-${codec}`,
			space.tiffcp(['-c', codec, '-r', '100000'], [inverted], `black-${codec}.tif`),
			{
				pages: [{ width: 900, height: 200, dpi: [200, 200] }],
				encoding: 'ccitt',
				pdfjs: true,
			},
		);
		expect(text).toContain('/BlackIs1 true');
	});

	test('big-endian (MM) Group 4', () => {
		convertAndCheck('big-endian', space.tiffcp(['-c', 'g4', '-B'], [fine], 'big-endian.tif'), {
			pages: faxPage([204, 196]),
			encoding: 'ccitt',
		});
	});

	test('Group 4 in 64 x 64 tiles: one image per tile, the edge tiles clipped to the page', () => {
		const odd = source('odd', {
			width: 300,
			height: 150,
			photometric: 'whiteIsZero',
			dpi: [200, 100],
		});
		const tiff = space.tiffcp(['-c', 'g4', '-t', '-w', '64', '-l', '64'], [odd], 'tiles-g4.tif');
		const text = convertAndCheck('tiles-g4', tiff, {
			pages: [{ width: 300, height: 150, dpi: [200, 100] }],
			encoding: 'ccitt',
		});
		expect(text).toContain('0 0 300 150 re W n');
	});
});

describe('uncompressed and multi-page bilevel files', () => {
	test.each([
		['WhiteIsZero', 'whiteIsZero' as const, true],
		['BlackIsZero', 'blackIsZero' as const, false],
	])(
		'uncompressed %s in strips: one unfiltered image, /Decode [1 0] only where 1 is ink',
		(name, photometric, inverted) => {
			const plain = source(`plain-${name}`, {
				width: 611,
				height: 97,
				photometric,
				dpi: [300, 300],
				rowsPerStrip: 10,
			});
			const text = convertAndCheck(`plain-${name}`, readFileSync(plain), {
				pages: [{ width: 611, height: 97, dpi: [300, 300] }],
				encoding: 'image',
			});
			expect(text.match(/\/Subtype \/Image/g)).toHaveLength(1);
			expect(text.includes('/Decode [1 0]')).toBe(inverted);
			expect(text).not.toContain('/Filter');
		},
	);

	test('uncompressed LSB-first (FillOrder 2) from tiffcp', () => {
		const plain = source('plain-lsb-source', {
			width: 203,
			height: 61,
			photometric: 'whiteIsZero',
			dpi: [204, 196],
		});
		convertAndCheck(
			'plain-lsb',
			space.tiffcp(['-c', 'none', '-f', 'lsb2msb'], [plain], 'plain-lsb.tif'),
			{ pages: [{ width: 203, height: 61, dpi: [204, 196] }], encoding: 'image' },
		);
	});

	test('three pages joined by tiffcp, each with its own coding and resolution', () => {
		const fine = source('join-fine', { ...FAX, photometric: 'whiteIsZero', dpi: [204, 196] });
		const normal = source('join-normal', {
			...FAX,
			height: 200,
			photometric: 'whiteIsZero',
			dpi: [204, 98],
		});
		const scan = source('join-scan', {
			width: 640,
			height: 180,
			photometric: 'blackIsZero',
			dpi: [300, 300],
		});
		space.tiffcp(['-c', 'g4'], [fine], 'join-1.tif');
		space.tiffcp(['-c', 'g3:2d:fill'], [normal], 'join-2.tif');
		space.tiffcp(['-c', 'g4'], [scan], 'join-3.tif');
		const joined = space.tiffcp(
			[],
			['join-1.tif', 'join-2.tif', 'join-3.tif'].map(space.path),
			'joined.tif',
		);
		convertAndCheck('joined', joined, {
			pages: [
				{ ...FAX, dpi: [204, 196] },
				{ ...FAX, height: 200, dpi: [204, 98] },
				{ width: 640, height: 180, dpi: [300, 300] },
			],
			encoding: 'ccitt',
		});
	});

	test('a fax-width page without resolution tags is taken as a fine-mode fax (204 x 196 dpi)', () => {
		const page = bilevelPage({ ...FAX, photometric: 'whiteIsZero' });
		const tiff = space.tiffcp(
			['-c', 'g4'],
			[space.file('no-dpi-source.tif', writeTiff([page]).data)],
			'no-dpi.tif',
		);
		convertAndCheck('no-dpi', tiff, { pages: faxPage([204, 196]), encoding: 'ccitt' });
	});

	test('resolution in dots per centimetre (ResolutionUnit 3): 80 x 77 per cm is 203.2 x 195.58 dpi', () => {
		const page = bilevelPage({ ...FAX, photometric: 'whiteIsZero', dpi: [80, 77] });
		const tiff = writeTiff([
			{ ...page, fields: { ...page.fields, [TAG.ResolutionUnit]: short(3) } },
		]).data;
		convertAndCheck(
			'per-cm',
			space.tiffcp(['-c', 'g4'], [space.file('per-cm-source.tif', tiff)], 'per-cm.tif'),
			{ pages: faxPage([203.2, 195.58]), encoding: 'ccitt' },
		);
	});

	test('a page without resolution that is not fax-wide is taken as 72 dpi', () => {
		const page = bilevelPage({ width: 500, height: 80, photometric: 'whiteIsZero' });
		const tiff = writeTiff([
			{ ...page, fields: { ...page.fields, [TAG.RowsPerStrip]: long(80) } },
		]).data;
		convertAndCheck('plain-72', tiff, {
			pages: [{ width: 500, height: 80, dpi: [72, 72] }],
			encoding: 'image',
		});
	});
});
