import * as zlib from 'node:zlib';
import { adler32 } from '../../../../nodes/shared/pdf/filters/adler32';
import { deflate } from '../../../../nodes/shared/pdf/filters/deflate';
import {
	canonicalCodes,
	huffmanCodeLengths,
} from '../../../../nodes/shared/pdf/filters/huffmanCodes';
import { inflate } from '../../../../nodes/shared/pdf/filters/inflate';
import { firstDifference, grayscaleImage, pdfLikeText, randomBytes, scannedRows } from './helpers';

/**
 * deflate writes zlib streams that Node's zlib reads back byte for byte, about as small as zlib's
 * level 6, and the Huffman codes under it are prefix codes within deflate's length limits.
 */

/** Compresses with deflate, checks zlib and inflate both give the data back, returns the stream. */
function roundTrip(data: Uint8Array): Buffer {
	const compressed = Buffer.from(deflate(data));
	expect(firstDifference(zlib.inflateSync(compressed), data)).toBe(-1);
	expect(firstDifference(inflate(compressed, data.length), data)).toBe(-1);
	return compressed;
}

/** Adler-32 straight from RFC 1950, one byte at a time. */
function referenceAdler32(data: Uint8Array): number {
	let a = 1;
	let b = 0;
	for (const byte of data) {
		a = (a + byte) % 65521;
		b = (b + a) % 65521;
	}
	return b * 65536 + a;
}

/** The Kraft sum of code lengths, times 2^15: exactly 2^15 for a complete prefix code. */
function kraftSum(lengths: Uint8Array): number {
	let sum = 0;
	for (const length of lengths) if (length !== 0) sum += 2 ** (15 - length);
	return sum;
}

describe('deflate: zlib reads it back', () => {
	it('writes the smallest stream for empty input, byte for byte', () => {
		expect([...deflate(new Uint8Array(0))]).toEqual([
			0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01,
		]);
	});

	it('starts with the zlib header and ends with the Adler-32 of the data', () => {
		const data = pdfLikeText(1, 10_000);
		const compressed = roundTrip(data);
		expect([...compressed.subarray(0, 2)]).toEqual([0x78, 0x9c]);
		expect(compressed.readUInt32BE(compressed.length - 4)).toBe(referenceAdler32(data));
	});

	it('round-trips one byte, two bytes and short inputs', () => {
		for (const text of [
			'a',
			'ab',
			'abc',
			'aaaa',
			'abcabcabc',
			'x'.repeat(258),
			'x'.repeat(259),
			'x'.repeat(1000),
		])
			roundTrip(Buffer.from(text));
		for (let size = 0; size < 40; size++) roundTrip(randomBytes(size, size, 3, 2));
	});

	it('round-trips many random inputs of varied size and entropy', () => {
		const sizes = [
			100, 1000, 16_383, 16_384, 32_767, 32_768, 32_769, 65_535, 65_536, 100_000, 250_000,
		];
		let seed = 1000;
		for (const size of sizes) {
			for (const [alphabet, maxRun] of [
				[2, 1],
				[2, 20],
				[5, 8],
				[30, 2],
				[256, 1],
				[256, 400],
			]) {
				roundTrip(randomBytes(seed++, size, alphabet, maxRun));
			}
		}
	});

	it('round-trips repeats at the edge of the 32 KiB window', () => {
		for (const period of [32_766, 32_767, 32_768, 32_769]) {
			const block = randomBytes(period, period);
			roundTrip(Buffer.concat([block, block, block.subarray(0, 1000)]));
		}
	});

	it('round-trips compressible and incompressible stretches mixed, and long runs', () => {
		const mixed = Buffer.concat([
			pdfLikeText(2, 100_000),
			randomBytes(3, 150_000),
			pdfLikeText(4, 50_000),
			randomBytes(5, 70_000, 256, 1),
		]);
		roundTrip(mixed);
		const zeros = roundTrip(new Uint8Array(3_000_000));
		expect(zeros.length).toBeLessThan(4000);
	});

	it('stores random data: at most 5 bytes per 64 KiB block more than the data', () => {
		const data = randomBytes(6, 500_000);
		const compressed = roundTrip(data);
		expect(compressed.length).toBeLessThanOrEqual(
			data.length + 6 + 5 * Math.ceil(data.length / 65535) + 5 * Math.ceil(data.length / 16_383),
		);
	});

	it.each([
		['PDF-like text', pdfLikeText(7, 1_000_000)],
		['8-bit grayscale', grayscaleImage(8, 1_000_000)],
		['1-bit scan rows', scannedRows(9, 1_000_000)],
	])('compresses %s within 15%% of zlib level 6', (_kind, data) => {
		const ours = roundTrip(data).length;
		const zlibs = zlib.deflateSync(data, { level: 6 }).length;
		expect(ours / zlibs).toBeLessThan(1.15);
	});
});

describe('deflate: its parts', () => {
	it('computes Adler-32 as RFC 1950 defines it, past the 5552-byte reduction interval', () => {
		for (const size of [0, 1, 5551, 5552, 5553, 100_000]) {
			const data = randomBytes(size + 1, size, 256, 1).fill(0xff, 0, size >>> 1);
			expect(adler32(data)).toBe(referenceAdler32(data));
		}
		expect(adler32(Buffer.from('Wikipedia'))).toBe(0x11e60398);
	});

	it('gives the shortest codes to the most frequent symbols, in a complete code', () => {
		const lengths = huffmanCodeLengths([10, 1, 1, 2, 0, 4], 15);
		expect([...lengths]).toEqual([1, 4, 4, 3, 0, 2]);
		expect(kraftSum(lengths)).toBe(2 ** 15);
	});

	it('limits code lengths to 15 (and 7) bits for Fibonacci frequencies, keeping the code complete', () => {
		const fibonacci = [1, 1];
		while (fibonacci.length < 40)
			fibonacci.push(fibonacci[fibonacci.length - 1] + fibonacci[fibonacci.length - 2]);
		for (const limit of [7, 15]) {
			const lengths = huffmanCodeLengths(fibonacci.slice(0, limit === 7 ? 19 : 40), limit);
			expect(Math.max(...lengths)).toBe(limit);
			expect(kraftSum(lengths)).toBe(2 ** 15);
			// More frequent symbols never get longer codes.
			for (let i = 1; i < lengths.length; i++)
				expect(lengths[i]).toBeLessThanOrEqual(lengths[i - 1]);
		}
	});

	it('codes one used symbol (or none) with two 1-bit codes', () => {
		expect([...huffmanCodeLengths([0, 0, 7, 0], 15)]).toEqual([1, 0, 1, 0]);
		expect([...huffmanCodeLengths([5, 0, 0], 15)]).toEqual([1, 1, 0]);
		expect([...huffmanCodeLengths([0, 0, 0], 15)]).toEqual([1, 1, 0]);
	});

	it('assigns canonical codes, bit-reversed for writing (RFC 1951 section 3.2.2 example)', () => {
		// Lengths (3, 3, 3, 3, 3, 2, 4, 4) give codes 010 011 100 101 110 00 1110 1111.
		const codes = canonicalCodes(Uint8Array.of(3, 3, 3, 3, 3, 2, 4, 4));
		expect([...codes]).toEqual([0b010, 0b110, 0b001, 0b101, 0b011, 0b00, 0b0111, 0b1111]);
	});
});
