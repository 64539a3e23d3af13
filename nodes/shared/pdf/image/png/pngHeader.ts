/** What a PNG's IHDR says, as the decoder's modules share it (header.ts reads and checks it). */

/** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGB + alpha. */
export type ColourType = 0 | 2 | 3 | 4 | 6;

export interface PngHeader {
	width: number;
	height: number;
	bitDepth: number;
	colourType: ColourType;
	/** Adam7 (interlace method 1). */
	interlaced: boolean;
	/** Samples a pixel: 1, 2, 3 or 4. */
	channels: number;
}
