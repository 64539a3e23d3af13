/**
 * Writes one deflate block of LZ77 tokens in whichever form is smallest: dynamic Huffman codes built
 * for the block, the fixed codes, or stored (the raw bytes, for data that does not compress).
 */

import type { BitWriter } from './bitWriter';
import {
	CODE_LENGTH_ORDER,
	DISTANCE_BASE,
	DISTANCE_EXTRA_BITS,
	DISTANCE_SYMBOLS,
	END_OF_BLOCK,
	FIXED_DISTANCE_LENGTHS,
	FIXED_LITERAL_LENGTHS,
	LENGTH_BASE,
	LENGTH_EXTRA_BITS,
	LITERAL_LENGTH_SYMBOLS,
} from './flateTables';
import { canonicalCodes, huffmanCodeLengths } from './huffmanCodes';

/** A block's LZ77 output: literal bytes and (length, distance) matches. */
export interface TokenBuffer {
	/** A literal byte, or a match length (3 to 258) when distances[i] is not 0. */
	readonly literalsOrLengths: Uint16Array;
	/** 0 for a literal, else the match distance (1 to 32768). */
	readonly distances: Uint16Array;
	count: number;
}

/** Most bytes in one stored block (LEN is 16 bits). */
const MAX_STORED = 65535;

/** Length 3 to 258 → index of its length symbol (symbol - 257). 258 has its own symbol, 285. */
const LENGTH_INDEX = new Uint8Array(259);
for (let index = 0; index < 29; index++) {
	for (
		let length = LENGTH_BASE[index];
		length < LENGTH_BASE[index] + (1 << LENGTH_EXTRA_BITS[index]) && length <= 258;
		length++
	) {
		LENGTH_INDEX[length] = index;
	}
}

/** Distance 1 to 32768 → its distance symbol. */
const DISTANCE_SYMBOL = new Uint8Array(32769);
for (let symbol = 0; symbol < DISTANCE_SYMBOLS; symbol++) {
	DISTANCE_SYMBOL.fill(
		symbol,
		DISTANCE_BASE[symbol],
		DISTANCE_BASE[symbol] + (1 << DISTANCE_EXTRA_BITS[symbol]),
	);
}

const FIXED_LITERAL_CODES = canonicalCodes(FIXED_LITERAL_LENGTHS);
const FIXED_DISTANCE_CODES = canonicalCodes(FIXED_DISTANCE_LENGTHS);

/** A dynamic block's header: the code lengths run-length coded with the code length code. */
interface DynamicHeader {
	literalCount: number;
	distanceCount: number;
	/** Code length code symbols (0-15 a length, 16-18 a repeat) and each one's extra bits value. */
	symbols: number[];
	extras: number[];
	codeLengthLengths: Uint8Array;
	codeLengthCount: number;
	bits: number;
}

const REPEAT_EXTRA_BITS = [2, 3, 7];

/**
 * Writes the tokens as one block (or, stored, as several of at most 65535 bytes). raw is the input the
 * tokens cover, for the stored form.
 */
export function writeBlock(
	writer: BitWriter,
	tokens: TokenBuffer,
	raw: Uint8Array,
	isFinal: boolean,
): void {
	const literalFrequencies = new Uint32Array(LITERAL_LENGTH_SYMBOLS);
	const distanceFrequencies = new Uint32Array(DISTANCE_SYMBOLS);
	let extraBits = 0;
	const { literalsOrLengths, distances, count } = tokens;
	for (let i = 0; i < count; i++) {
		const distance = distances[i];
		if (distance === 0) {
			literalFrequencies[literalsOrLengths[i]]++;
		} else {
			const lengthIndex = LENGTH_INDEX[literalsOrLengths[i]];
			const distanceSymbol = DISTANCE_SYMBOL[distance];
			literalFrequencies[257 + lengthIndex]++;
			distanceFrequencies[distanceSymbol]++;
			extraBits += LENGTH_EXTRA_BITS[lengthIndex] + DISTANCE_EXTRA_BITS[distanceSymbol];
		}
	}
	literalFrequencies[END_OF_BLOCK] = 1;
	const literalLengths = huffmanCodeLengths(literalFrequencies, 15);
	const distanceLengths = huffmanCodeLengths(distanceFrequencies, 15);
	const header = dynamicHeader(literalLengths, distanceLengths);
	const dynamicBits =
		header.bits +
		cost(literalFrequencies, literalLengths) +
		cost(distanceFrequencies, distanceLengths) +
		extraBits;
	const fixedBits =
		3 +
		cost(literalFrequencies, FIXED_LITERAL_LENGTHS) +
		cost(distanceFrequencies, FIXED_DISTANCE_LENGTHS) +
		extraBits;
	const storedBlocks = Math.max(1, Math.ceil(raw.length / MAX_STORED));
	const storedBits = storedBlocks * (3 + 7 + 32) + raw.length * 8;
	if (storedBits <= dynamicBits && storedBits <= fixedBits) {
		writeStored(writer, raw, isFinal);
	} else if (fixedBits <= dynamicBits) {
		writer.writeBits(isFinal ? 0b011 : 0b010, 3);
		writeTokens(
			writer,
			tokens,
			FIXED_LITERAL_CODES,
			FIXED_LITERAL_LENGTHS,
			FIXED_DISTANCE_CODES,
			FIXED_DISTANCE_LENGTHS,
		);
	} else {
		writer.writeBits(isFinal ? 0b101 : 0b100, 3);
		writeDynamicHeader(writer, header);
		writeTokens(
			writer,
			tokens,
			canonicalCodes(literalLengths),
			literalLengths,
			canonicalCodes(distanceLengths),
			distanceLengths,
		);
	}
}

/** Bits the symbols take with these code lengths. */
function cost(frequencies: Uint32Array, lengths: Uint8Array): number {
	let bits = 0;
	for (let symbol = 0; symbol < frequencies.length; symbol++)
		bits += frequencies[symbol] * lengths[symbol];
	return bits;
}

function writeStored(writer: BitWriter, raw: Uint8Array, isFinal: boolean): void {
	let start = 0;
	do {
		const end = Math.min(start + MAX_STORED, raw.length);
		const isLast = end === raw.length;
		writer.writeBits(isFinal && isLast ? 1 : 0, 3);
		writer.alignToByte();
		const length = end - start;
		writer.writeBits(length, 16);
		writer.writeBits(length ^ 0xffff, 16);
		writer.writeBytes(raw.subarray(start, end));
		start = end;
	} while (start < raw.length);
}

function writeTokens(
	writer: BitWriter,
	tokens: TokenBuffer,
	literalCodes: Uint16Array,
	literalLengths: Uint8Array,
	distanceCodes: Uint16Array,
	distanceLengths: Uint8Array,
): void {
	const { literalsOrLengths, distances, count } = tokens;
	for (let i = 0; i < count; i++) {
		const distance = distances[i];
		const value = literalsOrLengths[i];
		if (distance === 0) {
			writer.writeBits(literalCodes[value], literalLengths[value]);
			continue;
		}
		const lengthIndex = LENGTH_INDEX[value];
		writer.writeBits(literalCodes[257 + lengthIndex], literalLengths[257 + lengthIndex]);
		if (LENGTH_EXTRA_BITS[lengthIndex] !== 0)
			writer.writeBits(value - LENGTH_BASE[lengthIndex], LENGTH_EXTRA_BITS[lengthIndex]);
		const distanceSymbol = DISTANCE_SYMBOL[distance];
		writer.writeBits(distanceCodes[distanceSymbol], distanceLengths[distanceSymbol]);
		if (DISTANCE_EXTRA_BITS[distanceSymbol] !== 0)
			writer.writeBits(
				distance - DISTANCE_BASE[distanceSymbol],
				DISTANCE_EXTRA_BITS[distanceSymbol],
			);
	}
	writer.writeBits(literalCodes[END_OF_BLOCK], literalLengths[END_OF_BLOCK]);
}

/** Run-length codes the two codes' lengths as one sequence (RFC 1951 section 3.2.7) and sizes the header. */
function dynamicHeader(literalLengths: Uint8Array, distanceLengths: Uint8Array): DynamicHeader {
	let literalCount = LITERAL_LENGTH_SYMBOLS;
	while (literalCount > 257 && literalLengths[literalCount - 1] === 0) literalCount--;
	let distanceCount = DISTANCE_SYMBOLS;
	while (distanceCount > 1 && distanceLengths[distanceCount - 1] === 0) distanceCount--;
	const sequence = new Uint8Array(literalCount + distanceCount);
	sequence.set(literalLengths.subarray(0, literalCount));
	sequence.set(distanceLengths.subarray(0, distanceCount), literalCount);
	const symbols: number[] = [];
	const extras: number[] = [];
	const push = (symbol: number, extra: number) => {
		symbols.push(symbol);
		extras.push(extra);
	};
	for (let i = 0; i < sequence.length; ) {
		const value = sequence[i];
		let run = 1;
		while (i + run < sequence.length && sequence[i + run] === value) run++;
		i += run;
		if (value === 0) {
			for (; run >= 11; run -= Math.min(run, 138)) push(18, Math.min(run, 138) - 11);
			if (run >= 3) {
				push(17, run - 3);
				run = 0;
			}
		} else {
			push(value, 0);
			run--;
			for (; run >= 3; run -= Math.min(run, 6)) push(16, Math.min(run, 6) - 3);
		}
		for (; run > 0; run--) push(value, 0);
	}
	const codeLengthFrequencies = new Uint32Array(19);
	for (const symbol of symbols) codeLengthFrequencies[symbol]++;
	const codeLengthLengths = huffmanCodeLengths(codeLengthFrequencies, 7);
	let codeLengthCount = 19;
	while (codeLengthCount > 4 && codeLengthLengths[CODE_LENGTH_ORDER[codeLengthCount - 1]] === 0)
		codeLengthCount--;
	let bits = 3 + 5 + 5 + 4 + 3 * codeLengthCount;
	for (const symbol of symbols)
		bits += codeLengthLengths[symbol] + (symbol >= 16 ? REPEAT_EXTRA_BITS[symbol - 16] : 0);
	return { literalCount, distanceCount, symbols, extras, codeLengthLengths, codeLengthCount, bits };
}

function writeDynamicHeader(writer: BitWriter, header: DynamicHeader): void {
	writer.writeBits(header.literalCount - 257, 5);
	writer.writeBits(header.distanceCount - 1, 5);
	writer.writeBits(header.codeLengthCount - 4, 4);
	for (let i = 0; i < header.codeLengthCount; i++)
		writer.writeBits(header.codeLengthLengths[CODE_LENGTH_ORDER[i]], 3);
	const codes = canonicalCodes(header.codeLengthLengths);
	header.symbols.forEach((symbol, i) => {
		writer.writeBits(codes[symbol], header.codeLengthLengths[symbol]);
		if (symbol >= 16) writer.writeBits(header.extras[i], REPEAT_EXTRA_BITS[symbol - 16]);
	});
}
