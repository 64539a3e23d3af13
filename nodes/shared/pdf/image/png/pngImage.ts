/**
 * pngImage: a PNG file -> one Flate-compressed PDF image XObject with the pixels a PNG decoder gives,
 * losslessly. A non-interlaced PNG without alpha or a tRNS colour keeps its IDAT zlib stream as it is
 * (PDF's /Predictor 15 is PNG's row filtering), after one checking inflate; every other PNG is
 * decoded (unfiltered, de-interlaced, transparency printed on white) and deflated again.
 */

import { deflate } from '../../filters/deflate';
import { readExif } from '../exif';
import type { ImageXObject } from '../types';
import { deinterlace } from './adam7';
import type { PngChunks } from './chunks';
import { readChunks } from './chunks';
import { colourSpace, onWhitePaper, outputChannels, transparentColour } from './colour';
import { inflateScanlines, unfilter, zlibStream } from './scanlines';

const METRES_PER_INCH = 0.0254;
const UNIT_METRE = 1;
/** Resolutions outside this range are taken as missing (as for TIFF pages). */
const MIN_DPI = 1;
const MAX_DPI = 100_000;

const asBuffer = (bytes: Uint8Array): Buffer =>
	Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Converts the PNG. Throws DocumentError: 'damaged' naming what is broken (a chunk's CRC, data that
 * ends early, a broken zlib stream), 'unsupported' for what the PNG specification does not define,
 * 'tooLarge' from IHDR's size alone, before anything is inflated. Messages never quote image data.
 */
export function pngImage(data: Uint8Array): ImageXObject {
	const chunks = readChunks(data);
	const { header, palette, transparency } = chunks;
	const { width, height, bitDepth } = header;
	const stream = zlibStream(chunks.imageData);
	// Inflated even when the stream is copied: a broken one must be refused now, not by the fax's reader.
	const scanlines = inflateScanlines(header, stream);
	const image = {
		width,
		height,
		resolution: resolutionOf(chunks.physical),
		orientation: chunks.exif === undefined ? 1 : (readExif(chunks.exif).orientation ?? 1),
	} as const;
	const entries = `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace ${colourSpace(header, palette, transparency)}`;
	if (isCopiedAsIs(chunks)) {
		return {
			...image,
			dictionaryEntries: `${entries} /BitsPerComponent ${bitDepth} /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors ${header.channels} /BitsPerComponent ${bitDepth} /Columns ${width} >>`,
			data: asBuffer(stream),
		};
	}
	let pixels = unfilter(header, scanlines);
	if (header.interlaced) pixels = deinterlace(header, pixels);
	pixels = onWhitePaper(header, pixels, transparency);
	return {
		...image,
		dictionaryEntries: `${entries} /BitsPerComponent ${bitDepth} /Filter /FlateDecode`,
		data: asBuffer(deflate(pixels)),
	};
}

/**
 * The IDAT stream can be the PDF image's own: rows in order (not interlaced), every sample shown as
 * it is (no alpha; no tRNS colour, or a palette's, whose alphas go into the palette).
 */
function isCopiedAsIs({ header, transparency }: PngChunks): boolean {
	if (header.interlaced || outputChannels(header) !== header.channels) return false;
	return transparentColour(header, transparency) === undefined;
}

/**
 * pHYs's resolution in dots per inch, when its unit is the metre. Writers store a whole number of
 * pixels per metre, rounded (72 dpi as 2835) or cut (ImageMagick: 96 dpi as 3779): a whole dpi less
 * than one pixel a metre away is the one meant (whole dpi are 39 pixels a metre apart).
 */
function resolutionOf(physical: Uint8Array | undefined): ImageXObject['resolution'] {
	if (physical === undefined || physical.length !== 9 || physical[8] !== UNIT_METRE)
		return undefined;
	const view = new DataView(physical.buffer, physical.byteOffset, 9);
	const x = toDpi(view.getUint32(0));
	const y = toDpi(view.getUint32(4));
	return x === undefined || y === undefined ? undefined : { x, y };
}

function toDpi(pixelsPerMetre: number): number | undefined {
	const dpi = pixelsPerMetre * METRES_PER_INCH;
	if (!(dpi >= MIN_DPI && dpi <= MAX_DPI)) return undefined;
	const whole = Math.round(dpi);
	return Math.abs(whole / METRES_PER_INCH - pixelsPerMetre) < 1 ? whole : dpi;
}
