/**
 * Decodes a page's strips or tiles (uncompressed, LZW, Deflate, PackBits), undoes the horizontal
 * predictor and assembles the samples into whole-page rows, one buffer per plane.
 */

import { DocumentError } from '../errors';
import { inflate } from '../filters/inflate';
import { lzwDecode } from '../filters/lzw';
import { undoPredictor } from '../filters/predictors';
import { DEFLATE, DEFLATE_OLD, LZW, NONE, PACKBITS, compressionName } from './compression';
import { packBitsDecode } from './packBits';
import type { TiffPage } from './page';
import type { Segment } from './segments';
import { damaged } from '../damage';

/** The most bytes one page may decode to (its samples, before conversion): a 600 dpi Letter RGB scan is about 100 MiB. */
export const MAX_DECODED_BYTES = 128 * 1024 * 1024;
/** The most bytes all decoded pages of one file may come to: a few full-size colour scans, not a bomb of many. */
export const MAX_DOCUMENT_DECODED_BYTES = 512 * 1024 * 1024;

/** TIFF LZW codes grow one code early, like PDF's default /EarlyChange 1. */
const TIFF_EARLY_CHANGE = 1;

export interface Raster {
	/** One buffer for chunky data, one per sample for planar data; each `rowBytes` x page height. */
	planes: Uint8Array[];
	rowBytes: number;
}

/** Bytes a row of `pixels` takes in one plane. */
function planeRowBytes(page: TiffPage, pixels: number): number {
	return Math.ceil((pixels * (page.planar ? 1 : page.samplesPerPixel) * page.bitsPerSample) / 8);
}

/** Throws 'tooLarge' before decoding when the page's samples would pass MAX_DECODED_BYTES; returns their size. */
export function checkDecodedSize(page: TiffPage): number {
	const planes = page.planar ? page.samplesPerPixel : 1;
	const bytes = planeRowBytes(page, page.width) * page.height * planes;
	if (bytes > MAX_DECODED_BYTES) {
		throw new DocumentError(
			'tooLarge',
			`TIFF page ${page.number} decodes to ${Math.ceil(bytes / 1048576)} MiB; the limit is ${MAX_DECODED_BYTES / 1048576} MiB`,
		);
	}
	return bytes;
}

/** Old LZW (libtiff before 5.0): codes least significant bit first, told apart by its first code. */
function isOldStyleLzw(data: Uint8Array): boolean {
	return data.length >= 2 && data[0] === 0 && (data[1] & 1) !== 0;
}

/** The segment's bytes, decompressed: at least `wanted` bytes unless the data are cut short. */
function decompress(page: TiffPage, data: Uint8Array, wanted: number): Uint8Array {
	// Room for a strip that codes more rows than it needs (libtiff reads past none of them); more is a bomb.
	const limit = Math.min(MAX_DECODED_BYTES, wanted * 2 + 4096);
	switch (page.compression) {
		case NONE:
			return data;
		case PACKBITS:
			return packBitsDecode(data, wanted);
		case LZW:
			if (isOldStyleLzw(data))
				throw new DocumentError(
					'unsupported',
					`TIFF page ${page.number} uses old-style LZW compression (5), which this package does not convert; save the scan as CCITT Group 4 or PDF`,
				);
			return lzwDecode(data, TIFF_EARLY_CHANGE, limit);
		case DEFLATE:
		case DEFLATE_OLD:
			return inflate(data, limit);
		default:
			throw new Error(`decodePage: ${compressionName(page.compression)} is not decoded here`);
	}
}

/** 16-bit samples in an "II" file are little-endian; the predictor and PDF want them big-endian. */
function swapPairs(data: Uint8Array): void {
	for (let index = 0; index + 1 < data.length; index += 2) {
		const low = data[index];
		data[index] = data[index + 1];
		data[index + 1] = low;
	}
}

/** One segment's rows, decoded and with the predictor undone: exactly rowBytes x coded rows. */
function decodeSegment(page: TiffPage, segment: Segment, index: number): Uint8Array {
	const rowBytes = planeRowBytes(page, segment.width);
	const wanted = rowBytes * segment.height;
	const part = `${page.tiled ? 'tile' : 'strip'} ${index + 1}`;
	// The filters' own errors (damaged data, a bomb) pass through as they are.
	const decoded = decompress(page, segment.data, wanted);
	if (decoded.length < wanted)
		throw damaged(`TIFF page ${page.number}, ${part}: the data end before the last row`);
	// A copy: uncompressed data are the file's own bytes, and the steps below change bytes in place.
	let rows: Uint8Array = decoded.slice(0, wanted);
	if (page.bitsPerSample === 16 && page.littleEndian) swapPairs(rows);
	if (page.predictor === 2) {
		rows = undoPredictor(rows, {
			predictor: 2,
			colors: page.planar ? 1 : page.samplesPerPixel,
			bitsPerComponent: page.bitsPerSample,
			columns: segment.width,
		});
	}
	return rows;
}

/** The page's samples. Call checkDecodedSize first. */
export function decodePage(page: TiffPage): Raster {
	const rowBytes = planeRowBytes(page, page.width);
	const planes = Array.from(
		{ length: page.planar ? page.samplesPerPixel : 1 },
		() => new Uint8Array(rowBytes * page.height),
	);
	page.segments.forEach((segment, index) => {
		const rows = decodeSegment(page, segment, index);
		const segmentRowBytes = planeRowBytes(page, segment.width);
		// Tile widths are multiples of 16 pixels, so a tile's first sample starts on a byte boundary.
		const firstByte =
			(segment.x * (page.planar ? 1 : page.samplesPerPixel) * page.bitsPerSample) / 8;
		if (!Number.isInteger(firstByte))
			throw damaged(`TIFF page ${page.number}: TileWidth is not a multiple of 16`);
		const copied = Math.min(segmentRowBytes, rowBytes - firstByte);
		const visibleRows = Math.min(segment.height, page.height - segment.y);
		const plane = planes[segment.plane];
		for (let row = 0; row < visibleRows; row++) {
			const from = row * segmentRowBytes;
			plane.set(rows.subarray(from, from + copied), (segment.y + row) * rowBytes + firstByte);
		}
	});
	return { planes, rowBytes };
}
