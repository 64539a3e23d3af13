/**
 * A BMP as one Flate image: 1, 4 and 8 bits a pixel (uncompressed, RLE8, RLE4) as an /Indexed palette
 * (1-bit black and white as /DeviceGray), 16, 24 and 32 bits as /DeviceRGB, alpha composited onto
 * white; its resolution from the pixels per metre it states. Rows are put top row first.
 */

import { damaged } from '../damage';
import type { BmpHeader } from './bmpHeader';
import { readBmpHeader } from './bmpHeader';
import { directColour } from './bmpColour';
import { decodeRle } from './bmpRle';
import type { Raster } from './flateImage';
import { flateImage, indexedColourSpace } from './flateImage';
import type { ImageXObject } from './types';

const BLACK_WHITE = '000000ffffff';
const WHITE_BLACK = 'ffffff000000';

/**
 * The palette as a colour space for indices of `bits` bits. An index past the palette shows its
 * first entry, as ImageMagick does; a black and white 1-bit palette is plain grey.
 */
function paletteSpace(header: BmpHeader): Pick<Raster, 'colourSpace' | 'decode'> {
	const entries = 1 << header.bitsPerPixel;
	const palette = new Uint8Array(entries * 3);
	palette.set(header.palette);
	for (let entry = header.palette.length / 3; entry < entries; entry++)
		palette.copyWithin(entry * 3, 0, 3);
	const hex = Buffer.from(palette).toString('hex');
	if (hex === BLACK_WHITE) return { colourSpace: '/DeviceGray' };
	if (hex === WHITE_BLACK) return { colourSpace: '/DeviceGray', decode: '[1 0]' };
	return { colourSpace: indexedColourSpace(palette) };
}

export function bmpImage(data: Uint8Array): ImageXObject {
	const header = readBmpHeader(data);
	const { width, height, bitsPerPixel, resolution } = header;
	if (header.compression === 'rle8' || header.compression === 'rle4') {
		const stored = decodeRle(data, header);
		const samples = header.bottomUp ? new Uint8Array(stored.length) : stored;
		if (header.bottomUp) {
			for (let row = 0; row < height; row++)
				samples.set(
					stored.subarray((height - 1 - row) * width, (height - row) * width),
					row * width,
				);
		}
		return flateImage({
			width,
			height,
			...paletteSpace(header),
			bitsPerComponent: 8,
			samples,
			resolution,
		});
	}
	// Each row is padded to 4 bytes; the last row's padding may be missing.
	const stride = ((width * bitsPerPixel + 31) >>> 5) * 4;
	const rowBytes = Math.ceil((width * bitsPerPixel) / 8);
	if (header.pixelOffset + stride * (height - 1) + rowBytes > data.length) {
		throw damaged('the BMP file is cut short (its pixel data end before the last row)');
	}
	const storedRow = (row: number) =>
		header.pixelOffset + stride * (header.bottomUp ? height - 1 - row : row);
	if (bitsPerPixel > 8) {
		const samples = directColour(data, header, storedRow);
		return flateImage({
			width,
			height,
			colourSpace: '/DeviceRGB',
			bitsPerComponent: 8,
			samples,
			resolution,
		});
	}
	// Packed indices are rows of PDF samples as they are (first pixel in the high bits).
	const samples = new Uint8Array(rowBytes * height);
	for (let row = 0; row < height; row++)
		samples.set(data.subarray(storedRow(row), storedRow(row) + rowBytes), row * rowBytes);
	return flateImage({
		width,
		height,
		...paletteSpace(header),
		bitsPerComponent: bitsPerPixel as 1 | 4 | 8,
		samples,
		resolution,
	});
}
