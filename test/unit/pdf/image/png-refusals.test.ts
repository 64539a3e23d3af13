import { deflateSync } from 'zlib';
import { DocumentError } from '../../../../nodes/shared/pdf/errors';
import { pngImage } from '../../../../nodes/shared/pdf/image/png';
import { bitwiseCrc32, chunk, chunkOffset, idat, ihdr, pngFile } from './png-files';

/**
 * Every way a PNG is refused, each by what is wrong and with the package's words only: a chunk failing
 * its CRC, a file or stream that ends early, a broken zlib stream (its CRCs right: only an inflate
 * finds it), combinations the PNG specification does not define, and a decompression bomb, refused
 * from IHDR alone, in milliseconds.
 */

const HEADER = { width: 4, height: 3, bitDepth: 8, colourType: 2 };
/** 4 x 3 RGB: each row a filter byte and 12 sample bytes. */
const SCANLINES = Buffer.from(
	Array.from({ length: 3 * 13 }, (_, index) => (index % 13 === 0 ? 1 : index * 7)),
);
const GOOD = pngFile(HEADER, [idat(SCANLINES)]);

function refusal(file: Uint8Array): DocumentError {
	try {
		pngImage(file);
	} catch (error) {
		if (error instanceof DocumentError) return error;
		throw error;
	}
	throw new Error('the PNG was converted');
}

function expectRefused(
	file: Uint8Array,
	reason: DocumentError['reason'],
	message: string | RegExp,
): void {
	const error = refusal(file);
	expect({ reason: error.reason, message: error.message }).toEqual({
		reason,
		message: typeof message === 'string' ? message : expect.stringMatching(message),
	});
}

/** The file with the chunk at `offset` given new data bytes from `at` on, and its CRC made right again. */
function patched(file: Buffer, type: string, at: number, bytes: number[]): Buffer {
	const out = Buffer.from(file);
	const offset = chunkOffset(out, type);
	const length = out.readUInt32BE(offset);
	out.set(bytes, offset + 8 + at);
	out.writeUInt32BE(
		bitwiseCrc32(out.subarray(offset + 4, offset + 8 + length)),
		offset + 8 + length,
	);
	return out;
}

/** The file with the IDAT's zlib stream replaced (its CRC right). */
function withStream(stream: Uint8Array): Buffer {
	return pngFile(HEADER, [chunk('IDAT', stream)]);
}

test('the good file converts (every refusal below is a change to it)', () => {
	expect(pngImage(GOOD).width).toBe(4);
});

describe('a chunk that fails its CRC is named', () => {
	test.each([
		['IHDR', "the PNG's IHDR chunk fails its CRC"],
		['IDAT', "the PNG's IDAT chunk fails its CRC"],
		['IEND', "the PNG's IEND chunk fails its CRC"],
	])('%s', (type, message) => {
		const file = Buffer.from(GOOD);
		const crcAt = chunkOffset(file, type) + 8 + file.readUInt32BE(chunkOffset(file, type));
		file[crcAt + 2] ^= 0x01;
		expectRefused(file, 'damaged', message);
	});

	test('a data byte flipped under a right CRC field', () => {
		const file = Buffer.from(GOOD);
		file[chunkOffset(file, 'IDAT') + 10] ^= 0x40;
		expectRefused(file, 'damaged', "the PNG's IDAT chunk fails its CRC");
	});

	test('a chunk type of no specification is not named', () => {
		const file = pngFile(HEADER, [chunk('quXz', Buffer.from([1, 2])), idat(SCANLINES)]);
		file[chunkOffset(file, 'quXz') + 10] ^= 0xff;
		expectRefused(file, 'damaged', 'a chunk of the PNG fails its CRC');
	});
});

describe('a file or image data that ends early', () => {
	test.each([
		['inside IHDR', 20],
		['inside IDAT', chunkOffset(GOOD, 'IDAT') + 12],
		['right after IHDR', chunkOffset(GOOD, 'IDAT')],
	])('cut %s', (_, length) => {
		expectRefused(GOOD.subarray(0, length), 'damaged', "the PNG's image data ends early");
	});

	test('cut after the image data, before IEND', () => {
		expectRefused(
			GOOD.subarray(0, chunkOffset(GOOD, 'IEND')),
			'damaged',
			'the PNG ends early (it has no IEND chunk)',
		);
	});

	test('a zlib stream of fewer rows than the image has', () => {
		expectRefused(
			withStream(deflateSync(SCANLINES.subarray(0, 26))),
			'damaged',
			"the PNG's image data ends early",
		);
	});

	test('not a PNG at all: the signature', () => {
		expectRefused(GOOD.subarray(0, 5), 'damaged', 'the file is not a PNG (its signature is wrong)');
	});
});

describe('a broken zlib stream, its chunk CRCs right', () => {
	const stream = deflateSync(SCANLINES);

	test('bytes of the deflate data changed', () => {
		const broken = Buffer.from(stream);
		broken.fill(0xff, 2, 8);
		expectRefused(withStream(broken), 'damaged', /^the PNG's compressed data is broken \(/);
	});

	test('a wrong Adler-32', () => {
		expectRefused(
			patched(GOOD, 'IDAT', stream.length - 1, [stream[stream.length - 1] ^ 1]),
			'damaged',
			"the PNG's compressed data is broken (its Adler-32 check fails)",
		);
	});

	test('no zlib header (raw deflate)', () => {
		expectRefused(
			withStream(stream.subarray(2)),
			'damaged',
			"the PNG's compressed data is broken (its zlib header is invalid)",
		);
	});

	test('more data than the image has rows for', () => {
		const longer = Buffer.concat([SCANLINES, SCANLINES.subarray(0, 13)]);
		expectRefused(
			withStream(deflateSync(longer)),
			'damaged',
			"the PNG's compressed data is broken (it holds more than the image)",
		);
	});

	test('a row of filter type 5', () => {
		const rows = Buffer.from(SCANLINES);
		rows[13] = 5;
		expectRefused(
			withStream(deflateSync(rows)),
			'damaged',
			"the PNG's image data has a row of an undefined filter type",
		);
	});
});

describe('what the PNG specification does not define', () => {
	test.each([
		[
			'RGB at 4 bits',
			{ colourType: 2, bitDepth: 4 },
			"the PNG's RGB image has a bit depth the PNG specification does not allow for it",
		],
		[
			'palette at 16 bits',
			{ colourType: 3, bitDepth: 16 },
			"the PNG's palette image has a bit depth the PNG specification does not allow for it",
		],
		[
			'grey with alpha at 2 bits',
			{ colourType: 4, bitDepth: 2 },
			"the PNG's greyscale with alpha image has a bit depth the PNG specification does not allow for it",
		],
		[
			'colour type 5',
			{ colourType: 5, bitDepth: 8 },
			'the PNG has a colour type the PNG specification does not define',
		],
		[
			'interlace method 2',
			{ interlace: 2 },
			'the PNG uses an interlace method other than none or Adam7',
		],
	])('%s', (_, fields, message) => {
		expectRefused(pngFile({ ...HEADER, ...fields }, [idat(SCANLINES)]), 'unsupported', message);
	});

	test('an unknown critical chunk (its type not quoted)', () => {
		const error = refusal(pngFile(HEADER, [chunk('QXZW', Buffer.from([0])), idat(SCANLINES)]));
		expect(error.reason).toBe('unsupported');
		expect(error.message).toBe(
			'the PNG has a critical chunk the PNG specification does not define',
		);
	});

	test.each([
		[
			'a palette image without PLTE',
			pngFile({ ...HEADER, colourType: 3 }, [idat(SCANLINES)]),
			'the PNG is a palette image without a PLTE chunk',
		],
		['no IDAT', pngFile(HEADER, []), 'the PNG has no image data (no IDAT chunk)'],
		[
			'IDAT chunks apart',
			pngFile(HEADER, [idat(SCANLINES), chunk('tEXt', Buffer.from('a\0b')), idat(SCANLINES)]),
			"the PNG's IDAT chunks are not consecutive",
		],
		[
			'a width of 0',
			pngFile({ ...HEADER, width: 0 }, [idat(SCANLINES)]),
			"the PNG's IHDR chunk gives an invalid width or height",
		],
		[
			'a PLTE of 4 bytes',
			pngFile({ ...HEADER, colourType: 3 }, [
				chunk('PLTE', Buffer.from([1, 2, 3, 4])),
				idat(SCANLINES),
			]),
			"the PNG's PLTE chunk has an invalid length",
		],
	])('%s is damaged', (_, file, message) => {
		expectRefused(file, 'damaged', message);
	});
});

describe('a decompression bomb is refused from IHDR, before anything is inflated', () => {
	/** IHDR of the given size, then IDAT of a few bytes (a real bomb's stream would come after). */
	const bomb = (width: number, height: number, bitDepth = 8, colourType = 2) =>
		pngFile({ width, height, bitDepth, colourType }, [idat(Buffer.alloc(16))]);

	test('30,000 x 30,000 pixels in a file of under 100 bytes, in milliseconds', () => {
		const file = bomb(30_000, 30_000);
		expect(file.length).toBeLessThan(100);
		const memoryBefore = process.memoryUsage().arrayBuffers;
		const started = process.hrtime.bigint();
		const error = refusal(file);
		const milliseconds = Number(process.hrtime.bigint() - started) / 1e6;
		// Decoding would take 2.7 GB; the refusal takes nothing worth measuring.
		expect(process.memoryUsage().arrayBuffers - memoryBefore).toBeLessThan(1 << 20);
		expect(error.reason).toBe('tooLarge');
		expect(error.message).toBe(
			'the PNG image is larger than an image may be (20,000 pixels a side, 50,000,000 pixels in all)',
		);
		expect(milliseconds).toBeLessThan(50);
	});

	test('7,072 x 7,072 (just over 50 megapixels) and 20,001 x 1 (a side too long)', () => {
		expect(refusal(bomb(7072, 7072)).reason).toBe('tooLarge');
		expect(refusal(bomb(20_001, 1)).reason).toBe('tooLarge');
	});

	test('16-bit RGBA of 30 megapixels: within the pixels, past the 200 MB of image data', () => {
		expect(refusal(bomb(6000, 5000, 16, 6)).message).toBe(
			"the PNG's image data decodes to 240 MB; the limit is 200 MB",
		);
	});

	test('the IHDR is read before the rest: a bomb with a broken chunk after it is still named a bomb', () => {
		const file = Buffer.concat([
			bomb(30_000, 30_000).subarray(0, 33),
			chunk('IDAT', Buffer.from([1, 2, 3])).subarray(0, 9),
		]);
		expect(refusal(file).reason).toBe('tooLarge');
	});

	test('a stream inflating past its image stops there (an image of 4 x 3, a stream of 10 MB)', () => {
		const error = refusal(withStream(deflateSync(Buffer.alloc(10_000_000))));
		expect(error.message).toBe(
			"the PNG's compressed data is broken (it holds more than the image)",
		);
	});
});

test('IHDR chunk itself is the first: another chunk before it is damaged', () => {
	const file = Buffer.concat([
		GOOD.subarray(0, 8),
		chunk('tEXt', Buffer.from('a\0b')),
		ihdr(HEADER),
		idat(SCANLINES),
		chunk('IEND'),
	]);
	expectRefused(file, 'damaged', 'the PNG does not start with its IHDR chunk');
});
