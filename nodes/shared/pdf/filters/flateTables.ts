/**
 * The fixed tables of the deflate format (RFC 1951 section 3.2.5 to 3.2.7), shared by inflate and
 * deflate: what each length and distance symbol means, the order of the code length code lengths and
 * the lengths of the fixed Huffman codes.
 */

/** Length symbols 257 to 285, indexed from 0: the shortest length each stands for. */
export const LENGTH_BASE = new Uint16Array([
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
	163, 195, 227, 258,
]);

/** Length symbols 257 to 285, indexed from 0: how many extra bits follow the symbol. */
export const LENGTH_EXTRA_BITS = new Uint8Array([
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
]);

/** Distance symbols 0 to 29: the shortest distance each stands for. */
export const DISTANCE_BASE = new Uint16Array([
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
	3073, 4097, 6145, 8193, 12289, 16385, 24577,
]);

/** Distance symbols 0 to 29: how many extra bits follow the symbol. */
export const DISTANCE_EXTRA_BITS = new Uint8Array([
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
]);

/** The order in which a dynamic block header lists the code length code lengths. */
export const CODE_LENGTH_ORDER = new Uint8Array([
	16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
]);

/** Symbol 256 ends a block; the literal/length alphabet has 286 used symbols (288 with the fixed code's two unused ones). */
export const END_OF_BLOCK = 256;
export const LITERAL_LENGTH_SYMBOLS = 286;
export const DISTANCE_SYMBOLS = 30;

/** Code lengths of the fixed literal/length code: 288 symbols, the last two never used. */
export const FIXED_LITERAL_LENGTHS = new Uint8Array(288)
	.fill(8, 0, 144)
	.fill(9, 144, 256)
	.fill(7, 256, 280)
	.fill(8, 280, 288);

/** Code lengths of the fixed distance code: 32 symbols of 5 bits, the last two never used. */
export const FIXED_DISTANCE_LENGTHS = new Uint8Array(32).fill(5);
