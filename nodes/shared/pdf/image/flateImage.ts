/**
 * Decoded pixels -> the ImageXObject of a format decoded here (GIF, BMP): the samples Flate-compressed
 * with the package's own deflate, and the palette of an indexed image as an /Indexed colour space.
 */

import { deflate } from '../filters/deflate';
import type { ImageXObject } from './types';

export interface Raster {
	width: number;
	height: number;
	/** The /ColorSpace value: /DeviceGray, /DeviceRGB or an [/Indexed …] array. */
	colourSpace: string;
	bitsPerComponent: 1 | 2 | 4 | 8;
	/** The /Decode array, when the samples do not mean what the colour space says (1-bit white-is-zero). */
	decode?: string;
	/** Rows top to bottom, each starting on a byte. */
	samples: Uint8Array;
	resolution?: { x: number; y: number };
}

export function flateImage(raster: Raster): ImageXObject {
	const { width, height } = raster;
	const decode = raster.decode === undefined ? '' : ` /Decode ${raster.decode}`;
	const compressed = deflate(raster.samples);
	return {
		width,
		height,
		resolution: raster.resolution,
		orientation: 1,
		dictionaryEntries: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace ${raster.colourSpace} /BitsPerComponent ${raster.bitsPerComponent}${decode} /Filter /FlateDecode`,
		data: Buffer.from(compressed.buffer, compressed.byteOffset, compressed.byteLength),
	};
}

/** RGB triples (one per palette entry, at most 256) as [/Indexed /DeviceRGB hival <hex>]. */
export function indexedColourSpace(palette: Uint8Array): string {
	return `[/Indexed /DeviceRGB ${palette.length / 3 - 1} <${Buffer.from(palette.buffer, palette.byteOffset, palette.byteLength).toString('hex')}>]`;
}
