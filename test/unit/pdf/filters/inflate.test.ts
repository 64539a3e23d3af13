import * as zlib from 'node:zlib';
import { BitWriter } from '../../../../nodes/shared/pdf/filters/bitWriter';
import {
	CODE_LENGTH_ORDER,
	DISTANCE_BASE,
	DISTANCE_EXTRA_BITS,
	FIXED_DISTANCE_LENGTHS,
	FIXED_LITERAL_LENGTHS,
	LENGTH_BASE,
	LENGTH_EXTRA_BITS,
} from '../../../../nodes/shared/pdf/filters/flateTables';
import {
	canonicalCodes,
	huffmanCodeLengths,
} from '../../../../nodes/shared/pdf/filters/huffmanCodes';
import { inflate } from '../../../../nodes/shared/pdf/filters/inflate';
import {
	documentError,
	firstDifference,
	grayscaleImage,
	pdfLikeText,
	randomBytes,
	scannedRows,
} from './helpers';

/**
 * inflate against Node's zlib: everything zlib writes comes back byte for byte; the tolerances PDF
 * readers have (no or a wrong Adler-32, raw deflate, trailing bytes) hold; damaged and oversized
 * streams fail with the right reason and a message without the data.
 */

const NO_LIMIT = 1 << 30;
const FIXED_LITERAL_CODES = canonicalCodes(FIXED_LITERAL_LENGTHS);
const FIXED_DISTANCE_CODES = canonicalCodes(FIXED_DISTANCE_LENGTHS);

function expectInflatesTo(compressed: Uint8Array, expected: Uint8Array): void {
	const output = inflate(compressed, NO_LIMIT);
	expect(firstDifference(output, expected)).toBe(-1);
}

/** The index of the last base at most value: the symbol of a length or distance. */
function lastAtMost(bases: Uint16Array, value: number): number {
	let index = bases.length - 1;
	while (bases[index] > value) index--;
	return index;
}

/** A fixed-Huffman symbol: a literal/length symbol as such, a [length, distance] match, or a bare distance symbol. */
type FixedSymbol = number | [number, number] | { distanceSymbol: number };

/** Raw deflate: one fixed-Huffman block of the given symbols (the end-of-block code is not added). */
function fixedBlock(symbols: FixedSymbol[], isFinal = true): Uint8Array {
	const writer = new BitWriter(64);
	writer.writeBits(isFinal ? 0b011 : 0b010, 3);
	const writeLiteral = (symbol: number) =>
		writer.writeBits(FIXED_LITERAL_CODES[symbol], FIXED_LITERAL_LENGTHS[symbol]);
	for (const symbol of symbols) {
		if (typeof symbol === 'number') {
			writeLiteral(symbol);
		} else if (Array.isArray(symbol)) {
			const [length, distance] = symbol;
			const lengthIndex = lastAtMost(LENGTH_BASE, length);
			writeLiteral(257 + lengthIndex);
			writer.writeBits(length - LENGTH_BASE[lengthIndex], LENGTH_EXTRA_BITS[lengthIndex]);
			const distanceSymbol = lastAtMost(DISTANCE_BASE, distance);
			writer.writeBits(FIXED_DISTANCE_CODES[distanceSymbol], 5);
			writer.writeBits(
				distance - DISTANCE_BASE[distanceSymbol],
				DISTANCE_EXTRA_BITS[distanceSymbol],
			);
		} else {
			writer.writeBits(FIXED_DISTANCE_CODES[symbol.distanceSymbol], 5);
		}
	}
	return writer.finish();
}

/** A code length code symbol: a length 0-15, or a repeat [16-18, extra bits value]. */
type CodeLengthSymbol = number | [number, number];

/**
 * Raw deflate: one final dynamic block. Its header codes `sequence` (the literal/length then distance
 * code lengths, literalCount + distanceCount of them) with a code length code built for it; then
 * body writes the data, given the literal/length and distance codes.
 */
function dynamicBlock(
	literalCount: number,
	distanceCount: number,
	sequence: CodeLengthSymbol[],
	body: (
		writer: BitWriter,
		literal: (symbol: number) => void,
		distance: (symbol: number) => void,
	) => void,
): Uint8Array {
	const symbols = sequence.map((entry) => (typeof entry === 'number' ? entry : entry[0]));
	const frequencies = new Array<number>(19).fill(0);
	for (const symbol of symbols) frequencies[symbol]++;
	const codeLengthLengths = huffmanCodeLengths(frequencies, 7);
	const codeLengthCodes = canonicalCodes(codeLengthLengths);
	let codeLengthCount = 19;
	while (codeLengthLengths[CODE_LENGTH_ORDER[codeLengthCount - 1]] === 0) codeLengthCount--;
	const writer = new BitWriter(64);
	writer.writeBits(0b101, 3);
	writer.writeBits(literalCount - 257, 5);
	writer.writeBits(distanceCount - 1, 5);
	writer.writeBits(codeLengthCount - 4, 4);
	for (let i = 0; i < codeLengthCount; i++)
		writer.writeBits(codeLengthLengths[CODE_LENGTH_ORDER[i]], 3);
	const lengths: number[] = [];
	sequence.forEach((entry, i) => {
		writer.writeBits(codeLengthCodes[symbols[i]], codeLengthLengths[symbols[i]]);
		if (typeof entry === 'number') {
			lengths.push(entry);
			return;
		}
		const [symbol, extra] = entry;
		writer.writeBits(extra, [2, 3, 7][symbol - 16]);
		const repeat = symbol === 16 ? 3 + extra : symbol === 17 ? 3 + extra : 11 + extra;
		for (let n = 0; n < repeat; n++) lengths.push(symbol === 16 ? lengths[lengths.length - 1] : 0);
	});
	const literalLengths = Uint8Array.from(lengths.slice(0, literalCount));
	const distanceLengths = Uint8Array.from(lengths.slice(literalCount));
	const literalCodes = canonicalCodes(literalLengths);
	const distanceCodes = canonicalCodes(distanceLengths);
	body(
		writer,
		(symbol) => writer.writeBits(literalCodes[symbol], literalLengths[symbol]),
		(symbol) => writer.writeBits(distanceCodes[symbol], distanceLengths[symbol]),
	);
	return writer.finish();
}

/** 255 zero code lengths (symbols 1 to 255): two repeats of code 18. */
const ZEROS_1_TO_255: CodeLengthSymbol[] = [
	[18, 127],
	[18, 106],
];

describe('inflate: what zlib writes', () => {
	const text = pdfLikeText(1, 300_000);
	const image = grayscaleImage(2, 200_000);
	const scan = scannedRows(3, 200_000);

	it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])(
		'decodes zlib level %i (text, grayscale, 1-bit rows)',
		(level) => {
			for (const data of [text, image, scan])
				expectInflatesTo(zlib.deflateSync(data, { level }), data);
		},
	);

	it('decodes zlib with each strategy and window size', () => {
		const strategies = [
			zlib.constants.Z_FILTERED,
			zlib.constants.Z_HUFFMAN_ONLY,
			zlib.constants.Z_RLE,
			zlib.constants.Z_FIXED,
		];
		for (const strategy of strategies) expectInflatesTo(zlib.deflateSync(text, { strategy }), text);
		for (const windowBits of [9, 10, 12, 15])
			expectInflatesTo(zlib.deflateSync(image, { windowBits, memLevel: 1 }), image);
	});

	it('decodes raw deflate (no zlib header) as well', () => {
		for (const level of [0, 1, 6, 9]) expectInflatesTo(zlib.deflateRawSync(text, { level }), text);
	});

	it('decodes many random inputs of varied size and entropy', () => {
		const sizes = [1, 2, 3, 10, 257, 1000, 4096, 65535, 65536, 70_000, 140_000];
		let seed = 100;
		for (const size of sizes) {
			for (const [alphabet, maxRun] of [
				[2, 1],
				[4, 40],
				[16, 3],
				[256, 1],
				[256, 300],
			]) {
				const data = randomBytes(seed++, size, alphabet, maxRun);
				expectInflatesTo(zlib.deflateSync(data, { level: 1 + (seed % 9) }), data);
				expectInflatesTo(zlib.deflateRawSync(data, { level: 1 + ((seed + 4) % 9) }), data);
			}
		}
	});

	it('decodes empty data, and an empty stream as empty', () => {
		expect(inflate(zlib.deflateSync(Buffer.alloc(0)), 10)).toEqual(new Uint8Array(0));
		expect(inflate(zlib.deflateRawSync(Buffer.alloc(0)), 10)).toEqual(new Uint8Array(0));
		expect(inflate(new Uint8Array(0), 10)).toEqual(new Uint8Array(0));
	});

	it('decodes stored blocks across the 65535-byte block limit', () => {
		const data = randomBytes(7, 65535 * 3 + 17);
		const stored = zlib.deflateSync(data, { level: 0 });
		expect(stored.length).toBeGreaterThan(data.length);
		expectInflatesTo(stored, data);
		expectInflatesTo(
			zlib.deflateSync(data.subarray(0, 65535), { level: 0 }),
			data.subarray(0, 65535),
		);
		expectInflatesTo(
			zlib.deflateSync(data.subarray(0, 65536), { level: 0 }),
			data.subarray(0, 65536),
		);
	});

	it('decodes matches that reach back across the whole 32 KiB window', () => {
		const block = randomBytes(8, 40_000);
		const repeated = Buffer.concat([block, block.subarray(0, 32768), block, block]);
		expectInflatesTo(zlib.deflateSync(repeated, { level: 9 }), repeated);
		// zlib never uses distance 32768 itself; a hand-written block does.
		const window = randomBytes(9, 32768, 200);
		const symbols: FixedSymbol[] = [...window, [258, 32768], [3, 32768], 256];
		const expected = Buffer.concat([window, window.subarray(0, 258), window.subarray(258, 261)]);
		expectInflatesTo(fixedBlock(symbols), expected);
	});

	it('decodes overlapping matches (a run of distance 1, and longer periods)', () => {
		expectInflatesTo(fixedBlock([0x41, [258, 1], [10, 1], 256]), Buffer.alloc(269, 0x41));
		expectInflatesTo(
			fixedBlock([1, 2, 3, [100, 3], 256]),
			Buffer.from(Array.from({ length: 103 }, (_, i) => (i % 3) + 1)),
		);
		expectInflatesTo(
			fixedBlock([1, 2, 3, 4, 5, [40, 5], [3, 44], 256]),
			Buffer.from([...Array.from({ length: 45 }, (_, i) => (i % 5) + 1), 2, 3, 4]),
		);
	});

	it('decodes a 5 MB stream exactly', () => {
		const data = Buffer.concat([
			pdfLikeText(10, 2_000_000),
			grayscaleImage(11, 2_000_000),
			scannedRows(12, 1_000_000),
		]);
		expectInflatesTo(zlib.deflateSync(data), data);
	});
});

describe('inflate: what PDF readers tolerate', () => {
	const data = pdfLikeText(20, 50_000);
	const compressed = zlib.deflateSync(data);

	it('ignores a wrong Adler-32', () => {
		const wrong = Buffer.from(compressed);
		wrong[wrong.length - 1] ^= 0xff;
		wrong[wrong.length - 3] ^= 0x10;
		expectInflatesTo(wrong, data);
	});

	it('accepts a missing or partial Adler-32', () => {
		for (let cut = 1; cut <= 4; cut++)
			expectInflatesTo(compressed.subarray(0, compressed.length - cut), data);
	});

	it('ignores bytes after the last block', () => {
		expectInflatesTo(Buffer.concat([compressed, randomBytes(21, 100)]), data);
		expectInflatesTo(Buffer.concat([compressed, Buffer.from('\r\nendstream\r\n')]), data);
	});
});

describe('inflate: damaged and oversized streams', () => {
	const data = pdfLikeText(30, 70_000);
	const compressed = zlib.deflateSync(data, { level: 6 });

	it('finds a stream cut short inside its blocks damaged', () => {
		for (
			let cut = 1;
			cut <= compressed.length - 5;
			cut += Math.max(1, Math.floor(compressed.length / 60))
		) {
			const error = documentError(() => inflate(compressed.subarray(0, cut), NO_LIMIT));
			expect({ cut, reason: error.reason }).toEqual({ cut, reason: 'damaged' });
		}
		const error = documentError(() =>
			inflate(compressed.subarray(0, compressed.length - 5), NO_LIMIT),
		);
		expect(error.message).toBe('a compressed stream is damaged (it ends inside a block)');
	});

	it('finds random bytes damaged', () => {
		for (let seed = 0; seed < 40; seed++) {
			const garbage = randomBytes(500 + seed, 200 + seed * 37);
			expect(documentError(() => inflate(garbage, NO_LIMIT)).reason).toBe('damaged');
		}
	});

	it('names what is wrong, never the data', () => {
		const damaged = (stream: Uint8Array) => documentError(() => inflate(stream, NO_LIMIT)).message;
		expect(damaged(Uint8Array.of(0x07))).toBe(
			'a compressed stream is damaged (invalid block type)',
		);
		expect(damaged(Uint8Array.of(0x01, 0x05, 0x00, 0x00, 0x00, 1, 2, 3, 4, 5))).toBe(
			'a compressed stream is damaged (stored block length check failed)',
		);
		expect(damaged(Uint8Array.of(0x01, 0x05, 0x00, 0xfa, 0xff, 1, 2))).toBe(
			'a compressed stream is damaged (it ends inside a block)',
		);
		expect(damaged(fixedBlock([0x41, [4, 2], 256]))).toBe(
			'a compressed stream is damaged (distance too far back)',
		);
		expect(damaged(fixedBlock([0x41, 286]))).toBe(
			'a compressed stream is damaged (invalid length code)',
		);
		expect(damaged(fixedBlock([0x41, 0x41, 257, { distanceSymbol: 30 }, 256]))).toBe(
			'a compressed stream is damaged (invalid distance code)',
		);
		expect(damaged(fixedBlock([0x41], false))).toBe(
			'a compressed stream is damaged (it ends inside a block)',
		);
		expect(damaged(Uint8Array.of(0x00, 0x01, 0x00, 0xfe, 0xff, 0x41))).toBe(
			'a compressed stream is damaged (it ends before its last block)',
		);
	});

	it('rejects a dynamic block whose code lengths over-subscribe the code', () => {
		const writer = new BitWriter(16);
		writer.writeBits(0b101, 3);
		writer.writeBits(0, 5);
		writer.writeBits(0, 5);
		writer.writeBits(0, 4);
		for (let i = 0; i < 4; i++) writer.writeBits(1, 3);
		writer.writeBits(0, 16);
		expect(documentError(() => inflate(writer.finish(), NO_LIMIT)).message).toBe(
			'a compressed stream is damaged (invalid code lengths)',
		);
	});

	it('decodes hand-made dynamic blocks: codes up to 15 bits, an incomplete code, a repeat across both codes', () => {
		// Symbols 0 to 14 get codes of 1 to 15 bits, end-of-block the second 15-bit code (a complete code).
		const long = [
			1,
			2,
			3,
			4,
			5,
			6,
			7,
			8,
			9,
			10,
			11,
			12,
			13,
			14,
			15,
			[18, 127],
			[18, 92],
			15,
			1,
		] as CodeLengthSymbol[];
		expectInflatesTo(
			dynamicBlock(257, 1, long, (_writer, literal) => [14, 13, 0, 12, 256].forEach(literal)),
			Uint8Array.of(14, 13, 0, 12),
		);
		// Literal 0, end-of-block and 257 (length 3): 2-bit codes, three of four. The repeat 16 runs from
		// symbol 257 into distance symbols 0 and 1.
		const incomplete: CodeLengthSymbol[] = [2, ...ZEROS_1_TO_255, 2, [16, 0]];
		const block = dynamicBlock(258, 2, incomplete, (_writer, literal, distance) => {
			literal(0);
			literal(257);
			distance(0);
			literal(256);
		});
		expectInflatesTo(block, Uint8Array.of(0, 0, 0, 0));
	});

	it('finds damaged dynamic block headers and codes not in the code', () => {
		const damaged = (stream: Uint8Array) =>
			documentError(() => inflate(stream, NO_LIMIT)).message.replace(
				'a compressed stream is damaged ',
				'',
			);
		const incomplete: CodeLengthSymbol[] = [2, ...ZEROS_1_TO_255, 2, 2, 2];
		expect(damaged(dynamicBlock(258, 1, incomplete, (writer) => writer.writeBits(0b11, 2)))).toBe(
			'(invalid Huffman code)',
		);
		const badDistance = dynamicBlock(258, 1, incomplete, (writer, literal) => {
			literal(0);
			literal(257);
			writer.writeBits(0b11, 2);
		});
		expect(damaged(badDistance)).toBe('(invalid Huffman code)');
		expect(damaged(dynamicBlock(257, 1, [1, 1, ...ZEROS_1_TO_255, 1], () => undefined))).toBe(
			'(no end-of-block code)',
		);
		expect(damaged(dynamicBlock(257, 1, [[16, 0], ...ZEROS_1_TO_255, 1, 1], () => undefined))).toBe(
			'(invalid code lengths)',
		);
		expect(damaged(dynamicBlock(257, 1, [1, ...ZEROS_1_TO_255, 1, [16, 3]], () => undefined))).toBe(
			'(invalid code lengths)',
		);
		expect(damaged(dynamicBlock(257, 3, [1, ...ZEROS_1_TO_255, 1, 1, 1, 1], () => undefined))).toBe(
			'(invalid distance code)',
		);
		expect(
			damaged(dynamicBlock(257, 1, [1, ...ZEROS_1_TO_255, 1, 1], () => undefined).subarray(0, 6)),
		).toBe('(it ends inside a block)');
		expect(damaged(Uint8Array.of(0x05, 0x00))).toBe('(it ends inside a block)');
	});

	it('calls a zlib header with a preset dictionary unsupported', () => {
		const withDictionary = zlib.deflateSync(data, { dictionary: Buffer.from('dictionary') });
		const error = documentError(() => inflate(withDictionary, NO_LIMIT));
		expect([error.reason, error.message]).toEqual([
			'unsupported',
			'a compressed stream needs a preset dictionary',
		]);
	});

	it('stops a decompression bomb at the limit', () => {
		const bomb = zlib.deflateSync(Buffer.alloc(20_000_000), { level: 9 });
		expect(bomb.length).toBeLessThan(25_000);
		const error = documentError(() => inflate(bomb, 1_000_000));
		expect([error.reason, error.message]).toEqual([
			'tooLarge',
			'a compressed stream decodes to more than 1000000 bytes',
		]);
	});

	it('allows output of exactly the limit, not a byte more', () => {
		const stored = zlib.deflateSync(data, { level: 0 });
		for (const stream of [compressed, stored]) {
			expect(inflate(stream, data.length).length).toBe(data.length);
			expect(documentError(() => inflate(stream, data.length - 1)).reason).toBe('tooLarge');
		}
	});
});
