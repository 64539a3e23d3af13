/**
 * BMP files written byte by byte for what ImageMagick does not write: RLE4, RLE with deltas and
 * absolute runs, 16-bit BI_RGB, top-down rows, a white-and-black palette, indices past the palette,
 * and damaged or refused headers.
 */

export interface CraftedBmp {
	width: number;
	/** Negative for top-down rows. */
	height: number;
	bitsPerPixel: number;
	/** 0 BI_RGB, 1 RLE8, 2 RLE4, 3 BI_BITFIELDS, 4 BI_JPEG, 5 BI_PNG. */
	compression?: number;
	/** RGB entries. */
	palette?: number[][];
	/** The pixel data as stored (rows padded, or RLE codes). */
	pixels: ArrayLike<number>;
	/** 40 (BITMAPINFOHEADER) or 124 (V5). */
	headerSize?: 40 | 124;
	/** Red, green, blue and (V5) alpha masks. */
	masks?: number[];
	pixelsPerMetre?: [number, number];
}

export function craftBmp(bmp: CraftedBmp): Buffer {
	const headerSize = bmp.headerSize ?? 40;
	const palette = bmp.palette ?? [];
	const masks = bmp.masks ?? [];
	const separateMasks = headerSize === 40 && bmp.compression === 3 ? 12 : 0;
	const pixelOffset = 14 + headerSize + separateMasks + palette.length * 4;
	const file = Buffer.alloc(pixelOffset + bmp.pixels.length);
	file.write('BM', 0, 'latin1');
	file.writeUInt32LE(file.length, 2);
	file.writeUInt32LE(pixelOffset, 10);
	file.writeUInt32LE(headerSize, 14);
	file.writeInt32LE(bmp.width, 18);
	file.writeInt32LE(bmp.height, 22);
	file.writeUInt16LE(1, 26);
	file.writeUInt16LE(bmp.bitsPerPixel, 28);
	file.writeUInt32LE(bmp.compression ?? 0, 30);
	file.writeUInt32LE(bmp.pixels.length, 34);
	file.writeInt32LE(bmp.pixelsPerMetre?.[0] ?? 0, 38);
	file.writeInt32LE(bmp.pixelsPerMetre?.[1] ?? 0, 42);
	file.writeUInt32LE(palette.length, 46);
	// Right after the 40 bytes of BITMAPINFOHEADER: its own fields there in V5, three masks of their own in BI_BITFIELDS.
	masks
		.slice(0, headerSize === 40 ? 3 : 4)
		.forEach((mask, index) => file.writeUInt32LE(mask, 54 + index * 4));
	if (headerSize === 124) file.write('BGRs', 70, 'latin1');
	palette.forEach(([red, green, blue], index) => {
		const at = 14 + headerSize + separateMasks + index * 4;
		file[at] = blue;
		file[at + 1] = green;
		file[at + 2] = red;
	});
	file.set(Array.from(bmp.pixels), pixelOffset);
	return file;
}

/** A BMP of ImageMagick's turned into its top-down form: the rows in reverse order and the height negative. */
export function topDown(bmp: Buffer, stride: number): Buffer {
	const flipped = Buffer.from(bmp);
	const offset = bmp.readUInt32LE(10);
	const height = bmp.readInt32LE(22);
	for (let row = 0; row < height; row++) {
		bmp.copy(
			flipped,
			offset + row * stride,
			offset + (height - 1 - row) * stride,
			offset + (height - row) * stride,
		);
	}
	flipped.writeInt32LE(-height, 22);
	return flipped;
}
