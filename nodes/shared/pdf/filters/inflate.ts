/**
 * Inflate (RFC 1950 zlib, RFC 1951 deflate) for PDF /FlateDecode streams, tolerant the way PDF
 * readers are: a missing or wrong Adler-32 trailer and any bytes after the last block are ignored, and
 * data without a valid zlib header is read as raw deflate. Invalid or cut-short data is 'damaged';
 * output past maxOutputBytes is 'tooLarge' (the decompression bomb guard).
 */

import { DocumentError } from '../errors';
import {
	CODE_LENGTH_ORDER,
	DISTANCE_BASE,
	DISTANCE_EXTRA_BITS,
	END_OF_BLOCK,
	FIXED_DISTANCE_LENGTHS,
	FIXED_LITERAL_LENGTHS,
	LENGTH_BASE,
	LENGTH_EXTRA_BITS,
} from './flateTables';
import type { HuffmanDecoder } from './huffmanDecoder';
import {
	buildHuffmanDecoder,
	decodeLongCode,
	newHuffmanDecoder,
	ROOT_MASK,
} from './huffmanDecoder';
import { damaged } from '../damage';

/** Bit positions are kept in 31 bits, so the input is capped at 256 MiB (far above any PDF stream we read). */
const MAX_INPUT_BYTES = 1 << 28;
/** Zero bytes after the input, so reading 4 bytes a little past its end needs no bounds checks. */
const INPUT_PADDING = 16;

const FIXED_LITERAL_DECODER = newHuffmanDecoder(288);
const FIXED_DISTANCE_DECODER = newHuffmanDecoder(32);
buildHuffmanDecoder(FIXED_LITERAL_DECODER, FIXED_LITERAL_LENGTHS, 0, 288);
buildHuffmanDecoder(FIXED_DISTANCE_DECODER, FIXED_DISTANCE_LENGTHS, 0, 32);

/** The first output buffer is this many times the input (typical for PDF object streams); it doubles from there. */
const INITIAL_RATIO = 3;
/** Matches at least this long are copied with copyWithin; for shorter ones the call costs more than a byte loop. */
const LONG_COPY = 32;

/** Where decoding stands between blocks; the block loops keep it in locals. */
interface InflateState {
	/** The input with INPUT_PADDING zero bytes after it. */
	readonly input: Uint8Array;
	/** Input length in bits: reading past it means the stream was cut short. */
	readonly totalBits: number;
	readonly maxOutputBytes: number;
	bitPosition: number;
	output: Uint8Array;
	outputLength: number;
}

/** The decoders of a dynamic block, allocated once per stream and rebuilt per block. */
interface DynamicDecoders {
	readonly codeLengths: HuffmanDecoder;
	readonly literals: HuffmanDecoder;
	readonly distances: HuffmanDecoder;
	readonly lengths: Uint8Array;
}

/**
 * Decompresses a /FlateDecode stream. Empty input gives empty output (pdf.js reads an empty stream
 * as empty rather than failing). A stream that ends inside a block is 'damaged'.
 */
export function inflate(data: Uint8Array, maxOutputBytes: number): Uint8Array {
	if (data.length === 0) return new Uint8Array(0);
	if (data.length > MAX_INPUT_BYTES)
		throw new DocumentError('tooLarge', 'a compressed stream is larger than 256 MiB');
	const headerBytes = zlibHeaderLength(data);
	const input = new Uint8Array(data.length + INPUT_PADDING);
	input.set(data);
	const state: InflateState = {
		input,
		totalBits: data.length * 8,
		maxOutputBytes,
		bitPosition: headerBytes * 8,
		output: new Uint8Array(
			Math.max(0, Math.min(maxOutputBytes, INITIAL_RATIO * data.length + 1024)),
		),
		outputLength: 0,
	};
	const dynamic: DynamicDecoders = {
		codeLengths: newHuffmanDecoder(19),
		literals: newHuffmanDecoder(288),
		distances: newHuffmanDecoder(32),
		lengths: new Uint8Array(288 + 32),
	};
	let isFinal = false;
	while (!isFinal) {
		const position = state.bitPosition;
		if (position + 3 > state.totalBits)
			throw damaged('a compressed stream is damaged (it ends before its last block)');
		const header = readBits(input, position, 3);
		state.bitPosition = position + 3;
		isFinal = (header & 1) === 1;
		const blockType = header >>> 1;
		if (blockType === 0) copyStoredBlock(state);
		else if (blockType === 1)
			inflateHuffmanBlock(state, FIXED_LITERAL_DECODER, FIXED_DISTANCE_DECODER);
		else if (blockType === 2) {
			readDynamicCodes(state, dynamic);
			inflateHuffmanBlock(state, dynamic.literals, dynamic.distances);
		} else throw damaged('a compressed stream is damaged (invalid block type)');
	}
	const { output, outputLength } = state;
	return outputLength === output.length ? output : output.slice(0, outputLength);
}

/**
 * 2 for a valid zlib header (deflate method, window up to 32 KiB, check bits right), 0 when there is
 * none and the data is read as raw deflate. A preset dictionary is never used in PDF: 'unsupported'.
 */
function zlibHeaderLength(data: Uint8Array): number {
	if (data.length < 2) return 0;
	const method = data[0];
	const flags = data[1];
	if ((method & 0x0f) !== 8 || method >>> 4 > 7 || ((method << 8) | flags) % 31 !== 0) return 0;
	if ((flags & 0x20) !== 0)
		throw new DocumentError('unsupported', 'a compressed stream needs a preset dictionary');
	return 2;
}

/** `count` (at most 25) bits at bitPosition, first bit lowest; the input must be padded. */
function readBits(input: Uint8Array, bitPosition: number, count: number): number {
	const at = bitPosition >>> 3;
	const word =
		(input[at] | (input[at + 1] << 8) | (input[at + 2] << 16) | (input[at + 3] << 24)) >>>
		(bitPosition & 7);
	return word & ((1 << count) - 1);
}

/** Room for `extra` more output bytes: doubles the buffer, within maxOutputBytes. */
function grow(state: InflateState, output: Uint8Array, used: number, extra: number): Uint8Array {
	const needed = used + extra;
	if (needed > state.maxOutputBytes) {
		throw new DocumentError(
			'tooLarge',
			`a compressed stream decodes to more than ${state.maxOutputBytes} bytes`,
		);
	}
	const grown = new Uint8Array(Math.min(state.maxOutputBytes, Math.max(needed, output.length * 2)));
	grown.set(output.subarray(0, used));
	return grown;
}

/**
 * A long match: copyWithin in chunks. When the match overlaps its own output (distance < length),
 * the copied bytes repeat with period distance, so each chunk can be as long as all bytes copied so far.
 */
function copyMatch(output: Uint8Array, at: number, distance: number, length: number): void {
	const from = at - distance;
	let copied = 0;
	while (copied < length) {
		const chunk = Math.min(length - copied, copied + distance);
		output.copyWithin(at + copied, from, from + chunk);
		copied += chunk;
	}
}

/** A stored block: from the next byte boundary, LEN, its complement NLEN, then LEN bytes as they are. */
function copyStoredBlock(state: InflateState): void {
	const { input } = state;
	const start = Math.ceil(state.bitPosition / 8);
	const inputLength = state.totalBits / 8;
	if (start + 4 > inputLength)
		throw damaged('a compressed stream is damaged (it ends inside a block)');
	const length = input[start] | (input[start + 1] << 8);
	const complement = input[start + 2] | (input[start + 3] << 8);
	if ((length ^ 0xffff) !== complement)
		throw damaged('a compressed stream is damaged (stored block length check failed)');
	if (start + 4 + length > inputLength)
		throw damaged('a compressed stream is damaged (it ends inside a block)');
	if (state.outputLength + length > state.output.length)
		state.output = grow(state, state.output, state.outputLength, length);
	state.output.set(input.subarray(start + 4, start + 4 + length), state.outputLength);
	state.outputLength += length;
	state.bitPosition = (start + 4 + length) * 8;
}

/** Decodes one symbol of the code length code (codes of at most 7 bits, all in the root table). */
function readCodeLengthSymbol(state: InflateState, decoder: HuffmanDecoder): number {
	const entry = decoder.table[readBits(state.input, state.bitPosition, 10) & ROOT_MASK];
	if (entry === 0) throw damaged('a compressed stream is damaged (invalid code lengths)');
	state.bitPosition += entry & 15;
	return entry >>> 4;
}

/** A dynamic block's header: the code length code, then the literal/length and distance code lengths. */
function readDynamicCodes(state: InflateState, decoders: DynamicDecoders): void {
	const { input, totalBits } = state;
	const { lengths } = decoders;
	let position = state.bitPosition;
	if (position + 14 > totalBits)
		throw damaged('a compressed stream is damaged (it ends inside a block)');
	const literalCount = readBits(input, position, 5) + 257;
	const distanceCount = readBits(input, position + 5, 5) + 1;
	const codeLengthCount = readBits(input, position + 10, 4) + 4;
	position += 14;
	const codeLengthLengths = new Uint8Array(19);
	for (let i = 0; i < codeLengthCount; i++, position += 3)
		codeLengthLengths[CODE_LENGTH_ORDER[i]] = readBits(input, position, 3);
	state.bitPosition = position;
	if (!buildHuffmanDecoder(decoders.codeLengths, codeLengthLengths, 0, 19))
		throw damaged('a compressed stream is damaged (invalid code lengths)');
	// Literal and distance lengths form one sequence: a repeat may run from one into the other.
	const total = literalCount + distanceCount;
	let filled = 0;
	while (filled < total) {
		const symbol = readCodeLengthSymbol(state, decoders.codeLengths);
		if (symbol < 16) {
			lengths[filled++] = symbol;
		} else {
			let value = 0;
			let repeat: number;
			if (symbol === 16) {
				if (filled === 0) throw damaged('a compressed stream is damaged (invalid code lengths)');
				value = lengths[filled - 1];
				repeat = 3 + readBits(input, state.bitPosition, 2);
				state.bitPosition += 2;
			} else if (symbol === 17) {
				repeat = 3 + readBits(input, state.bitPosition, 3);
				state.bitPosition += 3;
			} else {
				repeat = 11 + readBits(input, state.bitPosition, 7);
				state.bitPosition += 7;
			}
			if (filled + repeat > total)
				throw damaged('a compressed stream is damaged (invalid code lengths)');
			lengths.fill(value, filled, filled + repeat);
			filled += repeat;
		}
		if (state.bitPosition > totalBits)
			throw damaged('a compressed stream is damaged (it ends inside a block)');
	}
	if (lengths[END_OF_BLOCK] === 0)
		throw damaged('a compressed stream is damaged (no end-of-block code)');
	if (!buildHuffmanDecoder(decoders.literals, lengths, 0, literalCount))
		throw damaged('a compressed stream is damaged (invalid literal/length code)');
	if (!buildHuffmanDecoder(decoders.distances, lengths, literalCount, distanceCount))
		throw damaged('a compressed stream is damaged (invalid distance code)');
}

/**
 * The symbols of one Huffman-coded block up to its end-of-block code. Hot loop: state lives in
 * locals, and each 32-bit read serves a code and its extra bits (a code is at most 15 bits, then at
 * most 5 extra for a length; 25 bits are always there).
 */
function inflateHuffmanBlock(
	state: InflateState,
	literals: HuffmanDecoder,
	distances: HuffmanDecoder,
): void {
	const { input, totalBits } = state;
	const literalTable = literals.table;
	const distanceTable = distances.table;
	let output = state.output;
	let outputLength = state.outputLength;
	let position = state.bitPosition;
	for (;;) {
		let at = position >>> 3;
		let word =
			(input[at] | (input[at + 1] << 8) | (input[at + 2] << 16) | (input[at + 3] << 24)) >>>
			(position & 7);
		let entry = literalTable[word & ROOT_MASK];
		if (entry === 0) {
			entry = decodeLongCode(literals, input, position);
			if (entry < 0) throw damaged('a compressed stream is damaged (invalid Huffman code)');
		}
		let codeLength = entry & 15;
		position += codeLength;
		const symbol = entry >>> 4;
		if (symbol < END_OF_BLOCK) {
			// The word still holds at least ROOT_BITS bits: a second literal often comes from it.
			const next = literalTable[(word >>> codeLength) & ROOT_MASK];
			if (next !== 0 && next >>> 4 < END_OF_BLOCK) {
				position += next & 15;
				if (position > totalBits)
					throw damaged('a compressed stream is damaged (it ends inside a block)');
				if (outputLength + 2 > output.length) output = grow(state, output, outputLength, 2);
				output[outputLength++] = symbol;
				output[outputLength++] = next >>> 4;
				continue;
			}
			if (position > totalBits)
				throw damaged('a compressed stream is damaged (it ends inside a block)');
			if (outputLength === output.length) output = grow(state, output, outputLength, 1);
			output[outputLength++] = symbol;
			continue;
		}
		if (symbol === END_OF_BLOCK) break;
		const lengthIndex = symbol - 257;
		if (lengthIndex >= 29) throw damaged('a compressed stream is damaged (invalid length code)');
		const lengthExtra = LENGTH_EXTRA_BITS[lengthIndex];
		const length = LENGTH_BASE[lengthIndex] + ((word >>> codeLength) & ((1 << lengthExtra) - 1));
		position += lengthExtra;

		at = position >>> 3;
		word =
			(input[at] | (input[at + 1] << 8) | (input[at + 2] << 16) | (input[at + 3] << 24)) >>>
			(position & 7);
		entry = distanceTable[word & ROOT_MASK];
		if (entry === 0) {
			entry = decodeLongCode(distances, input, position);
			if (entry < 0) throw damaged('a compressed stream is damaged (invalid Huffman code)');
		}
		codeLength = entry & 15;
		position += codeLength;
		const distanceSymbol = entry >>> 4;
		if (distanceSymbol >= 30)
			throw damaged('a compressed stream is damaged (invalid distance code)');
		const distanceExtra = DISTANCE_EXTRA_BITS[distanceSymbol];
		let distance = DISTANCE_BASE[distanceSymbol];
		if (distanceExtra !== 0) {
			at = position >>> 3;
			word = (input[at] | (input[at + 1] << 8) | (input[at + 2] << 16)) >>> (position & 7);
			distance += word & ((1 << distanceExtra) - 1);
			position += distanceExtra;
		}
		if (position > totalBits)
			throw damaged('a compressed stream is damaged (it ends inside a block)');
		if (distance > outputLength)
			throw damaged('a compressed stream is damaged (distance too far back)');
		if (outputLength + length > output.length) output = grow(state, output, outputLength, length);
		if (length < LONG_COPY) {
			let from = outputLength - distance;
			const end = outputLength + length;
			while (outputLength < end) output[outputLength++] = output[from++];
		} else {
			copyMatch(output, outputLength, distance, length);
			outputLength += length;
		}
	}
	if (position > totalBits)
		throw damaged('a compressed stream is damaged (it ends inside a block)');
	state.output = output;
	state.outputLength = outputLength;
	state.bitPosition = position;
}
