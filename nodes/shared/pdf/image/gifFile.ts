/**
 * The parts of a GIF file (GIF87a or GIF89a) its first frame needs: the logical screen, the colour
 * table that frame uses, its transparent index (from the Graphic Control Extension before it), its
 * place and size, whether it is interlaced, and its LZW data with the sub-blocks joined. Blocks after
 * the first frame are never read.
 */

import { damaged } from '../damage';
import { DocumentError } from '../errors';
import { checkImageSize } from './limits';

export interface GifFrame {
	screenWidth: number;
	screenHeight: number;
	left: number;
	top: number;
	width: number;
	height: number;
	interlaced: boolean;
	/** The frame's colour table (its local one, else the global one) as RGB triples. */
	colourTable: Uint8Array;
	transparentIndex?: number;
	minCodeSize: number;
	/** The image data's sub-blocks joined. */
	lzwData: Uint8Array;
}

const EXTENSION = 0x21;
const IMAGE_DESCRIPTOR = 0x2c;
const TRAILER = 0x3b;
const GRAPHIC_CONTROL = 0xf9;
const TABLE_PRESENT = 0x80;
const INTERLACED = 0x40;
const TRANSPARENT_PRESENT = 0x01;

/** Reads the file front to back; a read past its end is 'damaged'. */
class GifReader {
	at = 0;
	constructor(private readonly data: Uint8Array) {}

	private need(count: number): void {
		if (this.at + count > this.data.length) throw damaged('the GIF file is cut short');
	}

	byte(): number {
		this.need(1);
		return this.data[this.at++];
	}

	uint16(): number {
		this.need(2);
		const value = this.data[this.at] | (this.data[this.at + 1] << 8);
		this.at += 2;
		return value;
	}

	bytes(count: number): Uint8Array {
		this.need(count);
		this.at += count;
		return this.data.subarray(this.at - count, this.at);
	}

	/** A colour table of 2^(size + 1) entries when the flags say there is one. */
	colourTable(flags: number): Uint8Array | undefined {
		return flags & TABLE_PRESENT ? this.bytes(3 << ((flags & 0x07) + 1)) : undefined;
	}

	/** Data sub-blocks up to the zero-length one, as one array (or skipped). */
	subBlocks(keep: boolean): Uint8Array {
		const parts: Uint8Array[] = [];
		for (let size = this.byte(); size > 0; size = this.byte()) {
			const block = this.bytes(size);
			if (keep) parts.push(block);
		}
		return keep ? Buffer.concat(parts) : new Uint8Array(0);
	}
}

function isGifSignature(data: Uint8Array): boolean {
	const signature = Buffer.from(data.subarray(0, 6)).toString('latin1');
	return signature === 'GIF87a' || signature === 'GIF89a';
}

export function readGifFrame(data: Uint8Array): GifFrame {
	if (!isGifSignature(data)) throw damaged('the file is not a GIF (no GIF87a or GIF89a signature)');
	const reader = new GifReader(data);
	reader.bytes(6);
	const screenWidth = reader.uint16();
	const screenHeight = reader.uint16();
	checkImageSize('GIF', screenWidth, screenHeight);
	const screenFlags = reader.byte();
	reader.bytes(2); // background colour index (a fax page's background is white) and pixel aspect ratio
	const globalTable = reader.colourTable(screenFlags);
	let transparentIndex: number | undefined;
	for (;;) {
		const introducer = reader.byte();
		if (introducer === TRAILER) throw damaged('the GIF file has no image');
		if (introducer === EXTENSION) {
			const label = reader.byte();
			if (label === GRAPHIC_CONTROL) {
				const control = reader.subBlocks(true);
				if (control.length < 4)
					throw damaged('the GIF file has a damaged graphic control extension');
				transparentIndex = control[0] & TRANSPARENT_PRESENT ? control[3] : undefined;
			} else reader.subBlocks(false);
			continue;
		}
		if (introducer !== IMAGE_DESCRIPTOR)
			throw damaged('the GIF file has an unknown block before its first image');
		const left = reader.uint16();
		const top = reader.uint16();
		const width = reader.uint16();
		const height = reader.uint16();
		if (width === 0 || height === 0) throw damaged('the first image of the GIF file has no pixels');
		checkImageSize('GIF', width, height);
		const flags = reader.byte();
		const colourTable = reader.colourTable(flags) ?? globalTable;
		if (colourTable === undefined) {
			throw new DocumentError('unsupported', 'a GIF without a colour table is not supported');
		}
		const minCodeSize = reader.byte();
		const lzwData = reader.subBlocks(true);
		// A screen of no size (some writers leave it 0) is taken as just holding the frame.
		const screen = { width: screenWidth || left + width, height: screenHeight || top + height };
		checkImageSize('GIF', screen.width, screen.height);
		return {
			screenWidth: screen.width,
			screenHeight: screen.height,
			left,
			top,
			width,
			height,
			interlaced: (flags & INTERLACED) !== 0,
			colourTable,
			transparentIndex,
			minCodeSize,
			lzwData,
		};
	}
}
