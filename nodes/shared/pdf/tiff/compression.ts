/**
 * TIFF compression codes (tag 259): which ones this package reads, and their names for messages.
 * Codes from TIFF 6.0 section 8 and the registered extensions libtiff knows.
 */

import { DocumentError } from '../errors';

export const NONE = 1;
/** CCITT Modified Huffman run-length coding: Group 3 1-D codes, no EOLs, each row byte-aligned. */
export const CCITT_RLE = 2;
/** CCITT Group 3 (T.4), 1-D or 2-D by T4Options. */
export const CCITT_G3 = 3;
/** CCITT Group 4 (T.6). */
export const CCITT_G4 = 4;
export const LZW = 5;
/** Adobe's Deflate code, and the older code some writers still use for the same zlib stream. */
export const DEFLATE = 8;
export const DEFLATE_OLD = 32946;
export const PACKBITS = 32773;

/** The codes whose pages this package decodes (or copies, for bilevel CCITT and uncompressed data). */
export const READABLE = new Set([
	NONE,
	CCITT_RLE,
	CCITT_G3,
	CCITT_G4,
	LZW,
	DEFLATE,
	DEFLATE_OLD,
	PACKBITS,
]);

/** CCITT codes: their data are bilevel rows that go into the PDF as CCITTFaxDecode streams. */
export const CCITT = new Set([CCITT_RLE, CCITT_G3, CCITT_G4]);

const NAMES = new Map<number, string>([
	[NONE, 'no compression'],
	[CCITT_RLE, 'CCITT Modified Huffman RLE compression'],
	[CCITT_G3, 'CCITT Group 3 compression'],
	[CCITT_G4, 'CCITT Group 4 compression'],
	[LZW, 'LZW compression'],
	[6, 'old-style JPEG compression'],
	[7, 'JPEG compression'],
	[DEFLATE, 'Deflate compression'],
	[DEFLATE_OLD, 'Deflate compression'],
	[PACKBITS, 'PackBits compression'],
	[32771, 'CCITT RLE word-aligned compression'],
	[32809, 'ThunderScan compression'],
	[32895, 'IT8 compression'],
	[32908, 'Pixar film compression'],
	[32909, 'Pixar log compression'],
	[34661, 'JBIG compression'],
	[34676, 'SGI LogL compression'],
	[34677, 'SGI LogLuv compression'],
	[34712, 'JPEG 2000 compression'],
	[34887, 'LERC compression'],
	[34925, 'LZMA compression'],
	[50000, 'Zstandard compression'],
	[50001, 'WebP compression'],
	[50002, 'JPEG XL compression'],
]);

/** "JPEG compression (7)", or "an unknown compression (N)". */
export function compressionName(code: number): string {
	const name = NAMES.get(code);
	return name === undefined ? `an unknown compression (${code})` : `${name} (${code})`;
}

/** The 'unsupported' error for a page whose compression this package does not read. */
export function unsupportedCompression(page: number, code: number): DocumentError {
	return new DocumentError(
		'unsupported',
		`TIFF page ${page} uses ${compressionName(code)}, which this package does not convert; save the scan as CCITT Group 4 or PDF`,
	);
}
