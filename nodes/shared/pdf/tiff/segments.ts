/**
 * Where a TIFF page's data are: its strips (bands of whole rows) or tiles (rectangles), each coded on
 * its own, with the place each one takes on the page. Offsets and byte counts are checked against the
 * file here, so the decoders only ever see bytes that exist.
 */

import type { TiffDirectory } from './directory';
import { TAG } from './tags';

export interface Segment {
	/** The pixel column and row of the segment's top-left corner on the page. */
	x: number;
	y: number;
	/** The coded size in pixels: a strip's rows (the last strip may have fewer), a tile's full size (edge tiles reach past the page). */
	width: number;
	height: number;
	/** Which sample the segment holds when samples are stored in separate planes; 0 otherwise. */
	plane: number;
	/** The stored bytes, most significant bit first (FillOrder 2 data already reversed). */
	data: Uint8Array;
}

/** Strip rows when RowsPerStrip is absent: the whole image is one strip (TIFF's default 2^32 - 1). */
const WHOLE_IMAGE = 0xffffffff;

/**
 * Reverses the bits of every byte. FillOrder 2 stores each byte's pixels (or code bits) least
 * significant bit first, and PDF has no such option: for CCITT pages this is the one change made to
 * the bytes copied into the PDF. libtiff reverses the raw bytes of every other compression the same way
 * before decoding them.
 */
function reverseBits(data: Uint8Array): Uint8Array {
	const reversed = new Uint8Array(data.length);
	for (let index = 0; index < data.length; index++) {
		let byte = data[index];
		byte = ((byte & 0xf0) >> 4) | ((byte & 0x0f) << 4);
		byte = ((byte & 0xcc) >> 2) | ((byte & 0x33) << 2);
		reversed[index] = ((byte & 0xaa) >> 1) | ((byte & 0x55) << 1);
	}
	return reversed;
}

export interface SegmentLayout {
	width: number;
	height: number;
	/** Samples stored in separate planes (PlanarConfiguration 2): that many planes, else 1. */
	planes: number;
	/** FillOrder 2. */
	lsbFirst: boolean;
	/** Bytes an uncompressed segment of this many pixels and rows needs (used when StripByteCounts is missing). */
	uncompressedBytes?: (width: number, rows: number) => number;
}

/** The page's strips or tiles, in file order. Throws 'damaged' for missing or inconsistent tags. */
export function readSegments(
	directory: TiffDirectory,
	layout: SegmentLayout,
): { segments: Segment[]; tiled: boolean } {
	const tiled = directory.has(TAG.TileWidth) || directory.has(TAG.TileOffsets);
	const segmentWidth = tiled ? directory.integer(TAG.TileWidth, 'TileWidth', 0) : layout.width;
	const rowsPerStrip = directory.integer(TAG.RowsPerStrip, 'RowsPerStrip', WHOLE_IMAGE);
	const segmentHeight = tiled
		? directory.integer(TAG.TileLength, 'TileLength', 0)
		: Math.min(rowsPerStrip === 0 ? WHOLE_IMAGE : rowsPerStrip, layout.height);
	if (segmentWidth === 0 || segmentHeight === 0)
		throw directory.damaged('TileWidth or TileLength is missing or zero');
	const across = Math.ceil(layout.width / segmentWidth);
	const down = Math.ceil(layout.height / segmentHeight);
	const perPlane = across * down;
	const count = perPlane * layout.planes;

	const offsetsName = tiled ? 'TileOffsets' : 'StripOffsets';
	const countsName = tiled ? 'TileByteCounts' : 'StripByteCounts';
	const offsets = directory.integers(tiled ? TAG.TileOffsets : TAG.StripOffsets, offsetsName);
	if (offsets === undefined) throw directory.damaged(`${offsetsName} is missing`);
	if (offsets.length < count)
		throw directory.damaged(
			`${offsetsName} lists ${offsets.length} parts where the image has ${count}`,
		);
	let byteCounts = directory.integers(tiled ? TAG.TileByteCounts : TAG.StripByteCounts, countsName);
	if (byteCounts === undefined && layout.uncompressedBytes !== undefined && !tiled) {
		// Old writers leave StripByteCounts out of uncompressed files: each strip's size follows from its rows.
		const sizer = layout.uncompressedBytes;
		byteCounts = offsets.map((_, index) =>
			sizer(
				layout.width,
				Math.min(segmentHeight, layout.height - (index % perPlane) * segmentHeight),
			),
		);
	}
	if (byteCounts === undefined) throw directory.damaged(`${countsName} is missing`);
	if (byteCounts.length < count)
		throw directory.damaged(
			`${countsName} lists ${byteCounts.length} parts where the image has ${count}`,
		);

	const segments: Segment[] = [];
	for (let index = 0; index < count; index++) {
		const plane = Math.floor(index / perPlane);
		const inPlane = index % perPlane;
		const x = (inPlane % across) * segmentWidth;
		const y = Math.floor(inPlane / across) * segmentHeight;
		const stored = directory.file.bytes(
			offsets[index],
			byteCounts[index],
			`${tiled ? 'tile' : 'strip'} ${index + 1} of page ${directory.page}`,
		);
		segments.push({
			x,
			y,
			width: segmentWidth,
			height: tiled ? segmentHeight : Math.min(segmentHeight, layout.height - y),
			plane,
			data: layout.lsbFirst ? reverseBits(stored) : stored,
		});
	}
	return { segments, tiled };
}
