/**
 * A BMP file's headers: the file header, the bitmap header (OS/2's 12-byte core header, Windows'
 * BITMAPINFOHEADER and its V2 to V5 extensions), the channel masks of BI_BITFIELDS and the palette,
 * checked against the limits before any pixel is read.
 */

import { damaged } from '../damage';
import { DocumentError } from '../errors';
import { checkImageSize } from './limits';

export type BmpCompression = 'none' | 'rle8' | 'rle4' | 'bitFields';

export interface ChannelMasks {
	red: number;
	green: number;
	blue: number;
	/** 0 when the pixels have no alpha. */
	alpha: number;
}

export interface BmpHeader {
	width: number;
	height: number;
	/** Rows stored last row first (a positive height), as most BMPs are. */
	bottomUp: boolean;
	bitsPerPixel: number;
	compression: BmpCompression;
	/** The channels of 16 and 32 bits; the alpha mask, when not 0, is used only if some pixel's alpha is not 0. */
	masks: ChannelMasks;
	/** RGB triples; empty above 8 bits per pixel. */
	palette: Uint8Array;
	/** Where the pixel data start in the file. */
	pixelOffset: number;
	resolution?: { x: number; y: number };
}

const FILE_HEADER_SIZE = 14;
const CORE_HEADER_SIZE = 12;
const INFO_HEADER_SIZE = 40;
/** BITMAPV2INFOHEADER (RGB masks), V3 (and alpha), V4 (colour space), V5 (ICC profile). */
const MASKED_HEADER_SIZES = [52, 56, 108, 124];
const INCHES_PER_METRE = 0.0254;

/** The compressions read, by their value, with the bits per pixel each may have. */
const COMPRESSIONS: Record<number, { name: BmpCompression; bits: number[] }> = {
	0: { name: 'none', bits: [1, 4, 8, 16, 24, 32] },
	1: { name: 'rle8', bits: [8] },
	2: { name: 'rle4', bits: [4] },
	3: { name: 'bitFields', bits: [16, 32] },
};
/** The compressions refused by name; JPEG and PNG are whole files inside, meant for printers. */
const REFUSED_COMPRESSIONS: Record<number, string> = {
	4: 'a JPEG inside a BMP (BI_JPEG)',
	5: 'a PNG inside a BMP (BI_PNG)',
	6: 'BMP alpha bit fields (BI_ALPHABITFIELDS)',
};

function unsupported(what: string): DocumentError {
	return new DocumentError(
		'unsupported',
		`${what} is not supported; save the image as PNG or JPEG`,
	);
}

/** A resolution in pixels per metre as dots per inch; 0 (or less) states none. */
function resolution(xPerMetre: number, yPerMetre: number): BmpHeader['resolution'] {
	const x = xPerMetre > 0 ? xPerMetre : yPerMetre;
	const y = yPerMetre > 0 ? yPerMetre : xPerMetre;
	if (x <= 0) return undefined;
	return { x: x * INCHES_PER_METRE, y: y * INCHES_PER_METRE };
}

function compressionOf(value: number, bitsPerPixel: number): BmpCompression {
	if (REFUSED_COMPRESSIONS[value] !== undefined) throw unsupported(REFUSED_COMPRESSIONS[value]);
	const compression = COMPRESSIONS[value];
	if (compression === undefined) throw unsupported('this BMP compression');
	if (bitsPerPixel === 2 && value === 0) throw unsupported('a 2-bit BMP');
	if (!compression.bits.includes(bitsPerPixel)) {
		throw damaged('the BMP header states bits per pixel its compression cannot have');
	}
	return compression.name;
}

/**
 * The masks BI_RGB implies: 5-5-5 for 16 bits, 8-8-8 for 32. The fourth byte of 32 bits is alpha in
 * a BITMAPINFOHEADER file only, and only if some pixel has it non-zero (ImageMagick's reading: a V4
 * or V5 header says alpha by BI_BITFIELDS).
 */
function impliedMasks(bitsPerPixel: number, headerSize: number): ChannelMasks {
	return bitsPerPixel === 16
		? { red: 0x7c00, green: 0x03e0, blue: 0x001f, alpha: 0 }
		: {
				red: 0xff0000,
				green: 0xff00,
				blue: 0xff,
				alpha: bitsPerPixel === 32 && headerSize === INFO_HEADER_SIZE ? 0xff000000 : 0,
			};
}

export function readBmpHeader(data: Uint8Array): BmpHeader {
	const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
	const need = (end: number) => {
		if (end > data.length) throw damaged('the BMP file is cut short (it ends inside its header)');
	};
	need(FILE_HEADER_SIZE + 4);
	if (data[0] !== 0x42 || data[1] !== 0x4d)
		throw damaged('the file is not a BMP (no BM signature)');
	const pixelOffset = view.getUint32(10, true);
	const headerSize = view.getUint32(FILE_HEADER_SIZE, true);
	const core = headerSize === CORE_HEADER_SIZE;
	if (!core && headerSize !== INFO_HEADER_SIZE && !MASKED_HEADER_SIZES.includes(headerSize)) {
		throw unsupported('this BMP header (neither Windows BITMAPINFOHEADER to V5 nor OS/2 1.x)');
	}
	need(FILE_HEADER_SIZE + headerSize);
	const at = FILE_HEADER_SIZE + 4;
	const width = core ? view.getUint16(at, true) : view.getInt32(at, true);
	const storedHeight = core ? view.getUint16(at + 2, true) : view.getInt32(at + 4, true);
	const height = Math.abs(storedHeight);
	checkImageSize('BMP', width, height);
	if (width <= 0 || height === 0) throw damaged('the BMP header states an image without pixels');
	const bitsPerPixel = view.getUint16(core ? at + 6 : at + 10, true);
	const compression = compressionOf(core ? 0 : view.getUint32(at + 12, true), bitsPerPixel);
	let masks = impliedMasks(bitsPerPixel, headerSize);
	let tableAt = FILE_HEADER_SIZE + headerSize;
	if (compression === 'bitFields') {
		// A BITMAPINFOHEADER is followed by the three masks; the longer headers hold them (V3 on: and alpha).
		const masksAt = headerSize === INFO_HEADER_SIZE ? tableAt : FILE_HEADER_SIZE + INFO_HEADER_SIZE;
		need(masksAt + 12);
		masks = {
			red: view.getUint32(masksAt, true),
			green: view.getUint32(masksAt + 4, true),
			blue: view.getUint32(masksAt + 8, true),
			alpha: headerSize >= 56 ? view.getUint32(masksAt + 12, true) : 0,
		};
		if (headerSize === INFO_HEADER_SIZE) tableAt += 12;
	}
	let palette = new Uint8Array(0);
	if (bitsPerPixel <= 8) {
		const used = core ? 0 : view.getUint32(at + 28, true);
		const entries = used > 0 && used < 1 << bitsPerPixel ? used : 1 << bitsPerPixel;
		const entrySize = core ? 3 : 4;
		need(tableAt + entries * entrySize);
		palette = new Uint8Array(entries * 3);
		for (let entry = 0; entry < entries; entry++) {
			const from = tableAt + entry * entrySize;
			// Stored blue, green, red.
			palette[entry * 3] = data[from + 2];
			palette[entry * 3 + 1] = data[from + 1];
			palette[entry * 3 + 2] = data[from];
		}
	}
	return {
		width,
		height,
		bottomUp: storedHeight > 0,
		bitsPerPixel,
		compression,
		masks,
		palette,
		pixelOffset,
		resolution: core
			? undefined
			: resolution(view.getInt32(at + 20, true), view.getInt32(at + 24, true)),
	};
}
