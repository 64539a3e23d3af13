/**
 * Deflate (RFC 1951) in a zlib stream (RFC 1950), for the PDF streams the package writes (converted
 * TIFF pages, generated content). LZ77 with hash chains over a 32 KiB window and zlib's lazy matching
 * at its level 6 settings; each block of tokens is written in its smallest form (deflateBlock.ts).
 */

import { adler32 } from './adler32';
import { BitWriter } from './bitWriter';
import type { TokenBuffer } from './deflateBlock';
import { writeBlock } from './deflateBlock';

/** CMF 0x78 (deflate, 32 KiB window), FLG 0x9c (default level, check bits). */
const ZLIB_HEADER = [0x78, 0x9c];

const MIN_MATCH = 3;
const MAX_MATCH = 258;
const WINDOW_SIZE = 1 << 15;
const WINDOW_MASK = WINDOW_SIZE - 1;
/** One less than the window, so a chain never reads a slot the current position has just taken over. */
const MAX_DISTANCE = WINDOW_SIZE - 1;
const HASH_BITS = 16;
/** Tokens per block, as zlib (lit_bufsize - 1 at its default memory level). */
const BLOCK_TOKENS = 16383;

/** zlib level 6: lazy search only below 16, quarter the chain above 8, stop at 128, follow at most 128 links. */
const MAX_LAZY = 16;
const GOOD_LENGTH = 8;
const NICE_LENGTH = 128;
const MAX_CHAIN = 128;
/** A 3-byte match further back than this costs more bits than three literals. */
const TOO_FAR = 4096;

export function deflate(data: Uint8Array): Uint8Array {
	const writer = new BitWriter(Math.ceil(data.length / 2) + 64);
	for (const byte of ZLIB_HEADER) writer.writeBits(byte, 8);
	compress(data, writer);
	writer.alignToByte();
	const checksum = adler32(data);
	// The Adler-32 is stored most significant byte first.
	for (let shift = 24; shift >= 0; shift -= 8) writer.writeBits((checksum >>> shift) & 0xff, 8);
	return writer.finish();
}

/** Math.imul looked up once: a global look-up per byte is slow where code runs in a vm sandbox (as in Jest). */
const multiply32 = Math.imul;

/** A hash of the 3 bytes at position (Fibonacci hashing of their 24 bits). */
function hash3(data: Uint8Array, position: number): number {
	return (
		multiply32(
			data[position] | (data[position + 1] << 8) | (data[position + 2] << 16),
			0x9e3779b1,
		) >>>
		(32 - HASH_BITS)
	);
}

/**
 * zlib's deflate_slow: at each position the longest match is looked up, but a match is only taken if
 * the next position has no longer one; otherwise a literal is written and the search moves on.
 */
function compress(data: Uint8Array, writer: BitWriter): void {
	const end = data.length;
	/** Newest position per hash value, and per position (mod the window) the previous one with its hash. */
	const head = new Int32Array(1 << HASH_BITS).fill(-1);
	const previous = new Int32Array(WINDOW_SIZE);
	const tokens: TokenBuffer = {
		literalsOrLengths: new Uint16Array(BLOCK_TOKENS),
		distances: new Uint16Array(BLOCK_TOKENS),
		count: 0,
	};
	const { literalsOrLengths, distances } = tokens;
	let blockStart = 0;
	let blockEnd = 0;
	let matchLength = MIN_MATCH - 1;
	let matchDistance = 0;
	let pendingLiteral = false;
	let position = 0;
	while (position < end) {
		let chainStart = -1;
		if (position + MIN_MATCH <= end) {
			const hash = hash3(data, position);
			chainStart = head[hash];
			previous[position & WINDOW_MASK] = chainStart;
			head[hash] = position;
		}
		const previousLength = matchLength;
		const previousDistance = matchDistance;
		matchLength = MIN_MATCH - 1;
		if (chainStart >= 0 && previousLength < MAX_LAZY && position - chainStart <= MAX_DISTANCE) {
			const found = longestMatch(data, position, chainStart, previousLength, previous);
			matchLength = found >>> 16;
			matchDistance = found & 0xffff;
			if (matchLength === MIN_MATCH && matchDistance > TOO_FAR) matchLength = MIN_MATCH - 1;
		}
		if (previousLength >= MIN_MATCH && matchLength <= previousLength) {
			// The match found one position back wins: it starts at the pending literal.
			literalsOrLengths[tokens.count] = previousLength;
			distances[tokens.count++] = previousDistance;
			blockEnd += previousLength;
			const matchEnd = position - 1 + previousLength;
			for (let inserted = position + 1; inserted < matchEnd; inserted++) {
				if (inserted + MIN_MATCH > end) break;
				const hash = hash3(data, inserted);
				previous[inserted & WINDOW_MASK] = head[hash];
				head[hash] = inserted;
			}
			position = matchEnd;
			pendingLiteral = false;
			matchLength = MIN_MATCH - 1;
		} else {
			if (pendingLiteral) {
				literalsOrLengths[tokens.count] = data[position - 1];
				distances[tokens.count++] = 0;
				blockEnd++;
			}
			pendingLiteral = true;
			position++;
		}
		if (tokens.count === BLOCK_TOKENS) {
			writeBlock(writer, tokens, data.subarray(blockStart, blockEnd), false);
			tokens.count = 0;
			blockStart = blockEnd;
		}
	}
	if (pendingLiteral) {
		literalsOrLengths[tokens.count] = data[end - 1];
		distances[tokens.count++] = 0;
		blockEnd++;
	}
	writeBlock(writer, tokens, data.subarray(blockStart, blockEnd), true);
}

/**
 * The longest match for position along its hash chain that beats previousLength: length << 16 |
 * distance, or previousLength << 16 when none does.
 */
function longestMatch(
	data: Uint8Array,
	position: number,
	chainStart: number,
	previousLength: number,
	previous: Int32Array,
): number {
	const limit = data.length - position < MAX_MATCH ? data.length - position : MAX_MATCH;
	const nice = limit < NICE_LENGTH ? limit : NICE_LENGTH;
	const lowest = position > MAX_DISTANCE ? position - MAX_DISTANCE : 0;
	let chain = previousLength >= GOOD_LENGTH ? MAX_CHAIN >> 2 : MAX_CHAIN;
	let bestLength = previousLength;
	let bestDistance = 0;
	let candidate = chainStart;
	const first = data[position];
	const second = data[position + 1];
	let scanEnd = data[position + bestLength];
	let scanEndBefore = data[position + bestLength - 1];
	while (candidate >= lowest) {
		// Cheap rejections first: the two bytes that end a longer match, then the first two.
		if (
			data[candidate + bestLength] === scanEnd &&
			data[candidate + bestLength - 1] === scanEndBefore &&
			data[candidate] === first &&
			data[candidate + 1] === second
		) {
			let length = 2;
			while (length < limit && data[candidate + length] === data[position + length]) length++;
			if (length > bestLength) {
				bestLength = length;
				bestDistance = position - candidate;
				if (length >= nice) break;
				scanEnd = data[position + bestLength];
				scanEndBefore = data[position + bestLength - 1];
			}
		}
		if (--chain === 0) break;
		candidate = previous[candidate & WINDOW_MASK];
	}
	return (bestLength << 16) | bestDistance;
}
