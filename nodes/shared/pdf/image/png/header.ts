/**
 * The PNG's IHDR: its fields read and checked against the PNG specification's combinations and the
 * package's image limits, before a byte of image data is inflated (a tiny file may declare 30,000 x
 * 30,000 pixels).
 */

import { DocumentError } from '../../errors';
import { damaged } from '../../damage';
import { checkImageSize, MAX_IMAGE_PIXELS } from '../limits';
import { scanlineBytes } from './rows';
import type { ColourType, PngHeader } from './pngHeader';

export type { ColourType, PngHeader } from './pngHeader';

/** The bit depths the specification allows for each colour type (PNG section 11.2.2, Table 11.1). */
const BIT_DEPTHS: Record<ColourType, readonly number[]> = {
	0: [1, 2, 4, 8, 16],
	2: [8, 16],
	3: [1, 2, 4, 8],
	4: [8, 16],
	6: [8, 16],
};
const CHANNELS: Record<ColourType, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const COLOUR_NAMES: Record<ColourType, string> = {
	0: 'greyscale',
	2: 'RGB',
	3: 'palette',
	4: 'greyscale with alpha',
	6: 'RGB with alpha',
};

/**
 * The most bytes the inflated image data may take (its rows with their filter bytes): an 8-bit RGBA
 * image at the pixel limit, 200 MB. Fewer pixels fit at 16 bits a sample (25 megapixels of 16-bit RGBA).
 */
export const MAX_SCANLINE_BYTES = MAX_IMAGE_PIXELS * 4;

const isColourType = (value: number): value is ColourType => value in BIT_DEPTHS;

/** The 13 bytes of IHDR's data, checked. Throws 'damaged', 'unsupported' or 'tooLarge'. */
export function readHeader(data: Uint8Array): PngHeader {
	if (data.length !== 13) throw damaged("the PNG's IHDR chunk has the wrong length");
	const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
	const width = view.getUint32(0);
	const height = view.getUint32(4);
	const bitDepth = data[8];
	const colourType = data[9];
	if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff)
		throw damaged("the PNG's IHDR chunk gives an invalid width or height");
	if (!isColourType(colourType))
		throw new DocumentError(
			'unsupported',
			'the PNG has a colour type the PNG specification does not define',
		);
	if (!BIT_DEPTHS[colourType].includes(bitDepth))
		throw new DocumentError(
			'unsupported',
			`the PNG's ${COLOUR_NAMES[colourType]} image has a bit depth the PNG specification does not allow for it`,
		);
	if (data[10] !== 0)
		throw new DocumentError('unsupported', 'the PNG uses a compression method other than deflate');
	if (data[11] !== 0)
		throw new DocumentError(
			'unsupported',
			'the PNG uses a filter method other than adaptive filtering',
		);
	if (data[12] > 1)
		throw new DocumentError(
			'unsupported',
			'the PNG uses an interlace method other than none or Adam7',
		);
	const header: PngHeader = {
		width,
		height,
		bitDepth,
		colourType,
		interlaced: data[12] === 1,
		channels: CHANNELS[colourType],
	};
	checkLimits(header);
	return header;
}

/** 50,000,000: digits in groups of three (not toLocaleString: its first call loads ICU, ~100 ms). */
/** 'tooLarge' when the image passes a side, pixel or decoded-byte limit. */
function checkLimits(header: PngHeader): void {
	checkImageSize('PNG', header.width, header.height);
	const bytes = scanlineBytes(header);
	if (bytes > MAX_SCANLINE_BYTES) {
		throw new DocumentError(
			'tooLarge',
			`the PNG's image data decodes to ${Math.round(bytes / 1e6)} MB; the limit is ${MAX_SCANLINE_BYTES / 1e6} MB`,
		);
	}
}
