/**
 * A PNG's chunk sequence (PNG section 5): the signature, each chunk's length, type and CRC-32 checked,
 * IHDR first (read and checked against the limits at once, before anything else), the chunks the
 * conversion uses collected, every other ancillary chunk skipped. Messages name a chunk by its type
 * only when it is one the specification defines.
 */

import { DocumentError } from '../../errors';
import { damaged } from '../../damage';
import { crc32 } from '../crc32';
import type { PngHeader } from './header';
import { readHeader } from './header';

export interface PngChunks {
	header: PngHeader;
	/** PLTE's data: 3 bytes an entry. */
	palette?: Uint8Array;
	/** tRNS's data, when it comes before the image data. */
	transparency?: Uint8Array;
	/** pHYs's data. */
	physical?: Uint8Array;
	/** eXIf's data: a TIFF-structured EXIF block. */
	exif?: Uint8Array;
	/** The IDAT chunks' data, in order: together one zlib stream. */
	imageData: Uint8Array[];
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Length, type, CRC: the bytes around a chunk's data. */
const CHUNK_FRAME = 12;
const MAX_CHUNK_LENGTH = 0x7fffffff;

/** Chunk types of the PNG specification and its registered extensions, which messages may name. */
const KNOWN_TYPES = new Set(
	(
		'IHDR PLTE IDAT IEND tRNS pHYs eXIf gAMA cHRM sRGB iCCP sBIT cICP mDCV cLLI mDCv cLLi ' +
		'tEXt zTXt iTXt bKGD hIST sPLT tIME acTL fcTL fdAT oFFs pCAL sCAL sTER gIFg gIFx'
	).split(' '),
);

const isLetter = (byte: number): boolean =>
	(byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);

/** "the PNG's IHDR chunk" for a chunk the specification defines, "a chunk of the PNG" for any other. */
function chunkName(type: string): string {
	return KNOWN_TYPES.has(type) ? `the PNG's ${type} chunk` : 'a chunk of the PNG';
}

/** Reads the chunks up to IEND. Throws 'damaged', 'unsupported' or 'tooLarge' (from IHDR). */
export function readChunks(data: Uint8Array): PngChunks {
	if (data.length < SIGNATURE.length || SIGNATURE.some((byte, index) => data[index] !== byte))
		throw damaged('the file is not a PNG (its signature is wrong)');
	const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
	let header: PngHeader | undefined;
	const chunks: Omit<PngChunks, 'header'> = { imageData: [] };
	/** 'before' the first IDAT, 'inside' the IDAT run, 'after' it. */
	let imageData: 'before' | 'inside' | 'after' = 'before';
	let offset = SIGNATURE.length;
	for (;;) {
		if (offset + CHUNK_FRAME > data.length) throw endsEarly(imageData, offset === data.length);
		const length = view.getUint32(offset);
		if (length > MAX_CHUNK_LENGTH) throw damaged('a chunk of the PNG has an invalid length');
		const start = offset + 8;
		const end = start + length;
		if (end + 4 > data.length) throw endsEarly(imageData, false);
		const typeBytes = data.subarray(offset + 4, start);
		if (!typeBytes.every(isLetter)) throw damaged('a chunk of the PNG has an invalid type');
		const type = String.fromCharCode(...typeBytes);
		if (crc32(data, offset + 4, end) !== view.getUint32(end))
			throw damaged(`${chunkName(type)} fails its CRC`);
		const body = data.subarray(start, end);
		offset = end + 4;
		if (header === undefined) {
			if (type !== 'IHDR') throw damaged('the PNG does not start with its IHDR chunk');
			header = readHeader(body);
			continue;
		}
		if (type === 'IDAT') {
			if (imageData === 'after') throw damaged("the PNG's IDAT chunks are not consecutive");
			imageData = 'inside';
			chunks.imageData.push(body);
			continue;
		}
		if (imageData === 'inside') imageData = 'after';
		if (type === 'IEND') break;
		collect(chunks, type, body, imageData === 'before');
	}
	if (chunks.imageData.length === 0) throw damaged('the PNG has no image data (no IDAT chunk)');
	if (header.colourType === 3 && chunks.palette === undefined)
		throw damaged('the PNG is a palette image without a PLTE chunk');
	return { header, ...chunks };
}

/** Keeps the chunks the conversion uses (the first of each); refuses an unknown critical chunk. */
function collect(
	chunks: Omit<PngChunks, 'header'>,
	type: string,
	body: Uint8Array,
	beforeImageData: boolean,
): void {
	switch (type) {
		case 'PLTE':
			if (body.length === 0 || body.length % 3 !== 0 || body.length > 3 * 256)
				throw damaged("the PNG's PLTE chunk has an invalid length");
			if (beforeImageData) chunks.palette ??= body;
			return;
		case 'tRNS':
			if (beforeImageData) chunks.transparency ??= body;
			return;
		case 'pHYs':
			chunks.physical ??= body;
			return;
		case 'eXIf':
			chunks.exif ??= body;
			return;
		case 'IHDR':
			throw damaged('the PNG has a second IHDR chunk');
	}
	// Bit 5 of the first letter clear (upper case): critical, and a decoder must not skip it.
	if ((type.charCodeAt(0) & 0x20) === 0)
		throw new DocumentError(
			'unsupported',
			'the PNG has a critical chunk the PNG specification does not define',
		);
}

/**
 * Cut short. A cut between chunks after image data has come may have left the image whole, and the
 * file only without its IEND; any other cut is inside or before the image data.
 */
function endsEarly(
	imageData: 'before' | 'inside' | 'after',
	betweenChunks: boolean,
): DocumentError {
	return damaged(
		imageData !== 'before' && betweenChunks
			? 'the PNG ends early (it has no IEND chunk)'
			: "the PNG's image data ends early",
	);
}
