import { DocumentError } from '../../../../nodes/shared/pdf/errors';
import { fileTypeOf } from '../../../../nodes/shared/pdf';
import { tiffToPdf } from '../../../../nodes/shared/pdf/tiff';
import type { FixturePage } from './fixtures';
import { TAG, bilevelPage, long, samplePage, short, writeTiff } from './fixtures';
import { workspace } from './tools';

/**
 * What tiffToPdf refuses, and how: broken files are 'damaged' (never a read past the data or an endless
 * walk), compressions and colour models it does not convert are 'unsupported' with a message naming
 * them, oversized pages 'tooLarge', files without a page 'noPages'.
 */

const space = workspace('fax-tiff-refused-');
afterAll(() => space.dispose());

/** The DocumentError a conversion throws (fails the test when it throws nothing or something else). */
function refusal(data: Uint8Array): DocumentError {
	try {
		tiffToPdf(data);
	} catch (error) {
		expect(error).toBeInstanceOf(DocumentError);
		return error as DocumentError;
	}
	throw new Error('expected a DocumentError, the conversion succeeded');
}

const fax = (): FixturePage =>
	bilevelPage({ width: 1728, height: 40, photometric: 'whiteIsZero', dpi: [204, 196] });
const grey = (extra: FixturePage['fields'] = {}): FixturePage =>
	samplePage({ width: 32, height: 16, samples: 1, photometric: 1, extra });
const g4 = (): Buffer =>
	space.tiffcp(['-c', 'g4'], [space.file('fax.tif', writeTiff([fax()]).data)], 'fax-g4.tif');

describe('fileTypeOf: what is a TIFF', () => {
	test.each([
		[
			'II*\\0 (little-endian)',
			[0x49, 0x49, 0x2a, 0x00],
			{ kind: 'tiff', headerOffset: 0, bigTiff: false },
		],
		[
			'MM\\0* (big-endian)',
			[0x4d, 0x4d, 0x00, 0x2a],
			{ kind: 'tiff', headerOffset: 0, bigTiff: false },
		],
		[
			'BigTIFF (refused later, by name)',
			[0x49, 0x49, 0x2b, 0x00],
			{ kind: 'tiff', headerOffset: 0, bigTiff: true },
		],
		['a PDF', [...Buffer.from('%PDF-1.4')], { kind: 'pdf', headerOffset: 0, bigTiff: false }],
		['II with the wrong magic number', [0x49, 0x49, 0x00, 0x2a], undefined],
		['three bytes', [0x49, 0x49, 0x2a], undefined],
	])('%s', (name, bytes, expected) => {
		expect(fileTypeOf(new Uint8Array(bytes))).toEqual(expected);
	});
});

describe('damaged files', () => {
	test('not a TIFF at all, or empty', () => {
		expect(refusal(Buffer.from('%PDF-1.4\n%%EOF\n')).reason).toBe('damaged');
		expect(refusal(new Uint8Array(0)).reason).toBe('damaged');
	});

	test('a Group 4 file cut in half (its directory, written last, is gone)', () => {
		const whole = g4();
		expect(refusal(whole.subarray(0, whole.length >> 1))).toMatchObject({ reason: 'damaged' });
	});

	test('the first directory offset points past the end of the file', () => {
		const { data } = writeTiff([fax()]);
		data.writeUInt32LE(data.length + 100, 4);
		expect(refusal(data)).toMatchObject({
			reason: 'damaged',
			message: expect.stringContaining('past the end of the file'),
		});
	});

	test('a strip that reaches past the end of the file', () => {
		const tiff = writeTiff([fax()]);
		const counts = tiff.data.indexOf(Buffer.from([0x17, 0x01, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00]));
		tiff.data.writeUInt32LE(tiff.data.length * 2, counts + 8);
		expect(refusal(tiff.data)).toMatchObject({
			reason: 'damaged',
			message: expect.stringContaining('strip 1 of page 1'),
		});
	});

	test('directories that loop: page 2 points back to page 1, or a page to itself', () => {
		const two = writeTiff([fax(), fax()]);
		two.data.writeUInt32LE(two.directories[0].at, two.directories[1].nextPointerAt);
		expect(refusal(two.data)).toMatchObject({
			reason: 'damaged',
			message: expect.stringContaining('loops back after page 2'),
		});
		const one = writeTiff([fax()]);
		one.data.writeUInt32LE(one.directories[0].at, one.directories[0].nextPointerAt);
		expect(refusal(one.data)).toMatchObject({
			reason: 'damaged',
			message: expect.stringContaining('loops back after page 1'),
		});
	});

	test('a directory whose entries run past the end of the file', () => {
		const { data, directories } = writeTiff([fax()]);
		data.writeUInt16LE(5000, directories[0].at);
		expect(refusal(data).reason).toBe('damaged');
	});

	test('an uncompressed strip shorter than its rows, an LZW strip of noise, a missing StripOffsets', () => {
		const short8 = grey();
		expect(
			refusal(writeTiff([{ ...short8, parts: [short8.parts[0].subarray(0, 100)] }]).data),
		).toMatchObject({
			reason: 'damaged',
			message: expect.stringContaining('TIFF page 1, strip 1'),
		});
		const noise = Buffer.from(Array.from({ length: 200 }, (_, index) => (index * 97 + 13) & 255));
		expect(
			refusal(writeTiff([{ ...grey({ [TAG.Compression]: short(5) }), parts: [noise] }]).data)
				.reason,
		).toBe('damaged');
		const withoutOffsets = writeTiff([fax()]).data;
		withoutOffsets.writeUInt16LE(
			65001,
			withoutOffsets.indexOf(Buffer.from([0x11, 0x01, 0x04, 0x00])),
		);
		expect(refusal(withoutOffsets)).toMatchObject({
			reason: 'damaged',
			message: expect.stringContaining('StripOffsets is missing'),
		});
	});

	test('no width', () => {
		const page = fax();
		expect(
			refusal(writeTiff([{ ...page, fields: { ...page.fields, [TAG.ImageWidth]: long(0) } }]).data)
				.reason,
		).toBe('damaged');
	});
});

describe('unsupported files, named', () => {
	test('JPEG compression (7), named with its page', () => {
		const jpeg = space.tiffcp(
			['-c', 'jpeg'],
			[space.file('grey.tif', writeTiff([grey()]).data)],
			'grey-jpeg.tif',
		);
		const error = refusal(jpeg);
		expect(error.reason).toBe('unsupported');
		expect(error.message).toBe(
			'TIFF page 1 uses JPEG compression (7), which this package does not convert; save the scan as CCITT Group 4 or PDF',
		);
		space.file('fax-first.tif', g4());
		const joined = space.tiffcp(
			[],
			[space.path('fax-first.tif'), space.path('grey-jpeg.tif')],
			'fax-then-jpeg.tif',
		);
		expect(refusal(joined).message).toContain('TIFF page 2 uses JPEG compression (7)');
	});

	test('BigTIFF', () => {
		const big = space.tiffcp(
			['-8', '-c', 'g4'],
			[space.file('big-source.tif', writeTiff([fax()]).data)],
			'big.tif',
		);
		expect(fileTypeOf(big)).toEqual({ kind: 'tiff', headerOffset: 0, bigTiff: true });
		expect(refusal(big)).toMatchObject({
			reason: 'unsupported',
			message: expect.stringContaining('BigTIFF'),
		});
	});

	test.each([
		['JBIG compression (34661)', { [TAG.Compression]: short(34661) }],
		['an unknown compression (12345)', { [TAG.Compression]: short(12345) }],
		['old-style JPEG compression (6)', { [TAG.Compression]: short(6) }],
		['YCbCr colour', { [TAG.PhotometricInterpretation]: short(6) }],
		['CIE L*a*b* colour', { [TAG.PhotometricInterpretation]: short(8) }],
		['12-bit samples', { [TAG.BitsPerSample]: short(12) }],
		['floating-point samples', { 339: short(3) }],
		['the floating-point predictor', { [TAG.Compression]: short(5), [TAG.Predictor]: short(3) }],
	])('%s', (name, fields) => {
		expect(refusal(writeTiff([grey(fields)]).data)).toMatchObject({
			reason: 'unsupported',
			message: expect.stringContaining(name),
		});
	});

	test('Group 3 with uncompressed mode allowed (T4Options bit 1)', () => {
		const page = fax();
		const tiff = writeTiff([
			{
				...page,
				fields: { ...page.fields, [TAG.Compression]: short(3), [TAG.T4Options]: long(2) },
			},
		]).data;
		expect(refusal(tiff)).toMatchObject({
			reason: 'unsupported',
			message: expect.stringContaining('uncompressed mode'),
		});
	});

	test('CMYK with other inks, and alpha beside 1-bit samples', () => {
		const cmyk = samplePage({
			width: 8,
			height: 8,
			samples: 4,
			photometric: 5,
			extra: { [TAG.InkSet]: short(2) },
		});
		expect(refusal(writeTiff([cmyk]).data)).toMatchObject({
			reason: 'unsupported',
			message: expect.stringContaining('inks other than CMYK'),
		});
		const twoBit = samplePage({
			width: 8,
			height: 8,
			samples: 2,
			photometric: 1,
			extra: { [TAG.BitsPerSample]: short(1, 1), [TAG.ExtraSamples]: short(2) },
		});
		expect(refusal(writeTiff([{ ...twoBit, parts: [Buffer.alloc(16)] }]).data)).toMatchObject({
			reason: 'unsupported',
			message: expect.stringContaining('extra samples at 1 bits'),
		});
	});
});

describe('too large, and no pages', () => {
	test('a page wider than 20,000 pixels is refused before its data are read', () => {
		const page = fax();
		expect(
			refusal(
				writeTiff([{ ...page, fields: { ...page.fields, [TAG.ImageWidth]: long(30_000) } }]).data,
			),
		).toMatchObject({ reason: 'tooLarge', message: expect.stringContaining('30000 x 40') });
	});

	test('a page that would decode past the limit (16-bit RGB, 9,000 x 9,000) is refused before decoding', () => {
		const page = samplePage({ width: 2, height: 2, samples: 3, photometric: 2, bits: 16 });
		const fields = {
			...page.fields,
			[TAG.ImageWidth]: long(9000),
			[TAG.ImageLength]: long(9000),
			[TAG.RowsPerStrip]: long(9000),
			[TAG.Compression]: short(8),
		};
		expect(refusal(writeTiff([{ fields, parts: [Buffer.alloc(10)] }]).data)).toMatchObject({
			reason: 'tooLarge',
			message: expect.stringContaining('the limit is 128 MiB'),
		});
	});

	test('a Deflate strip that inflates past its rows many times over (a bomb) is stopped', () => {
		const bomb = space.tiffcp(
			['-c', 'zip', '-r', '1000'],
			[
				space.file(
					'bomb-source.tif',
					writeTiff([
						samplePage({ width: 1000, height: 1000, samples: 1, photometric: 1, value: () => 0 }),
					]).data,
				),
			],
			'bomb.tif',
		);
		// The same strip, now said to be 10 x 10 pixels: its data inflate to 10,000 times what 10 rows need.
		const shrunk = Buffer.from(bomb);
		for (const tag of [TAG.ImageWidth, TAG.ImageLength, TAG.RowsPerStrip]) {
			for (const type of [3, 4]) {
				const entry = Buffer.alloc(8);
				entry.writeUInt16LE(tag, 0);
				entry.writeUInt16LE(type, 2);
				entry.writeUInt32LE(1, 4);
				const at = shrunk.indexOf(entry);
				if (at >= 0 && type === 3) shrunk.writeUInt16LE(10, at + 8);
				if (at >= 0 && type === 4) shrunk.writeUInt32LE(10, at + 8);
			}
		}
		expect(refusal(shrunk)).toMatchObject({
			reason: 'tooLarge',
			message: expect.stringContaining('decodes to more than 4296 bytes'),
		});
	});

	test('a file whose first directory offset is 0, or that holds only a thumbnail', () => {
		const { data } = writeTiff([fax()]);
		data.writeUInt32LE(0, 4);
		expect(refusal(data).reason).toBe('noPages');
		const page = fax();
		expect(
			refusal(
				writeTiff([{ ...page, fields: { ...page.fields, [TAG.NewSubfileType]: long(1) } }]).data,
			).reason,
		).toBe('noPages');
	});
});
