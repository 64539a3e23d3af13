/**
 * Canonical Huffman decoding for inflate. A table indexed by the next ROOT_BITS input bits (deflate
 * packs codes from their first bit up, so the table is indexed by bit-reversed codes) gives symbol and
 * code length in one look-up; the few codes longer than ROOT_BITS, by construction the rare ones, are
 * decoded bit by bit from the code length counts.
 */

export const ROOT_BITS = 10;
export const ROOT_MASK = (1 << ROOT_BITS) - 1;
const MAX_CODE_LENGTH = 15;

export interface HuffmanDecoder {
	/** Indexed by the next ROOT_BITS bits: symbol << 4 | code length, or 0 for a longer or unassigned code. */
	readonly table: Int32Array;
	/** counts[n]: how many symbols have a code of n bits. */
	readonly counts: Uint16Array;
	/** The coded symbols in canonical order: by code length, then by symbol value. */
	readonly symbols: Uint16Array;
}

export function newHuffmanDecoder(maxSymbols: number): HuffmanDecoder {
	return {
		table: new Int32Array(1 << ROOT_BITS),
		counts: new Uint16Array(MAX_CODE_LENGTH + 1),
		symbols: new Uint16Array(maxSymbols),
	};
}

/**
 * Sets the decoder up for the code lengths lengths[start, start + count) (0: symbol not coded).
 * Returns false when the lengths over-subscribe the code space (no prefix code has them). An
 * incomplete code is accepted, as deflate allows for a single distance code; its unassigned
 * codes fail when read.
 */
export function buildHuffmanDecoder(
	decoder: HuffmanDecoder,
	lengths: Uint8Array,
	start: number,
	count: number,
): boolean {
	const { table, counts, symbols } = decoder;
	counts.fill(0);
	for (let i = 0; i < count; i++) counts[lengths[start + i]]++;
	counts[0] = 0;
	let left = 1;
	for (let length = 1; length <= MAX_CODE_LENGTH; length++) {
		left = (left << 1) - counts[length];
		if (left < 0) return false;
	}
	const offsets = new Uint16Array(MAX_CODE_LENGTH + 2);
	for (let length = 1; length <= MAX_CODE_LENGTH; length++)
		offsets[length + 1] = offsets[length] + counts[length];
	for (let symbol = 0; symbol < count; symbol++) {
		const length = lengths[start + symbol];
		if (length !== 0) symbols[offsets[length]++] = symbol;
	}
	table.fill(0);
	let code = 0;
	let index = 0;
	for (let length = 1; length <= ROOT_BITS; length++) {
		for (let n = counts[length]; n > 0; n--) {
			const entry = (symbols[index++] << 4) | length;
			for (let slot = reverseBits(code, length); slot <= ROOT_MASK; slot += 1 << length)
				table[slot] = entry;
			code++;
		}
		code <<= 1;
	}
	return true;
}

/**
 * Decodes the code at bit position bitPosition bit by bit (RFC 1951's canonical order: codes of one
 * length are consecutive numbers). Returns symbol << 4 | code length, or -1 for no code.
 */
export function decodeLongCode(
	decoder: HuffmanDecoder,
	input: Uint8Array,
	bitPosition: number,
): number {
	const { counts, symbols } = decoder;
	let code = 0;
	let first = 0;
	let index = 0;
	for (let length = 1; length <= MAX_CODE_LENGTH; length++) {
		code |= (input[bitPosition >>> 3] >>> (bitPosition & 7)) & 1;
		bitPosition++;
		const count = counts[length];
		if (code - first < count) return (symbols[index + code - first] << 4) | length;
		index += count;
		first = (first + count) << 1;
		code <<= 1;
	}
	return -1;
}

/** The low `length` bits of code in reverse order. */
export function reverseBits(code: number, length: number): number {
	let reversed = 0;
	for (let i = 0; i < length; i++) {
		reversed = (reversed << 1) | (code & 1);
		code >>>= 1;
	}
	return reversed;
}
