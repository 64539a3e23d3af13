/**
 * A GIF's first frame as it shows: the frame's pixels (LZW-decoded, de-interlaced) at their place on
 * a white logical screen, as an /Indexed /DeviceRGB image of 8 bits. The page is the logical screen,
 * not the frame: the screen is the picture every viewer shows (browsers, ImageMagick's -flatten), and
 * a frame smaller than it sits at its offset in it; parts of the frame outside it are cut off, as
 * there. Transparent pixels and the screen around the frame are white paper.
 */

import { gifLzwDecode } from './gifLzw';
import type { GifFrame } from './gifFile';
import { readGifFrame } from './gifFile';
import { flateImage, indexedColourSpace } from './flateImage';
import type { ImageXObject } from './types';

const WHITE = [255, 255, 255];

/** Interlaced rows come in four passes: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1. */
const PASSES = [
	{ start: 0, step: 8 },
	{ start: 4, step: 8 },
	{ start: 2, step: 4 },
	{ start: 1, step: 2 },
];

/** For each row of the frame, the row of the decoded data holding it. */
function storedRows(height: number, interlaced: boolean): Uint32Array {
	const rows = new Uint32Array(height);
	let stored = 0;
	for (const { start, step } of interlaced ? PASSES : [{ start: 0, step: 1 }]) {
		for (let row = start; row < height; row += step) rows[row] = stored++;
	}
	return rows;
}

/**
 * The palette the indices are looked up in: one entry per possible index (1 << min code size at
 * least). As ImageMagick does, an index past the colour table shows its first entry, and the
 * transparent index (when in the table) is white; when it is 0, so are the indices past the table.
 */
function lookupPalette(frame: GifFrame): Uint8Array {
	const tableEntries = frame.colourTable.length / 3;
	const entries = Math.max(tableEntries, 1 << frame.minCodeSize);
	const palette = new Uint8Array(entries * 3);
	palette.set(frame.colourTable);
	for (let entry = tableEntries; entry < entries; entry++) palette.copyWithin(entry * 3, 0, 3);
	const transparent = frame.transparentIndex;
	if (transparent !== undefined && transparent < tableEntries) {
		palette.set(WHITE, transparent * 3);
		if (transparent === 0)
			for (let entry = tableEntries; entry < entries; entry++) palette.set(WHITE, entry * 3);
	}
	return palette;
}

/** An index of the palette that is white: a new last entry when there is room, else one that already is. */
function whiteIndex(palette: Uint8Array): { palette: Uint8Array; index: number } | undefined {
	const entries = palette.length / 3;
	if (entries < 256) {
		const grown = new Uint8Array(palette.length + 3);
		grown.set(palette);
		grown.set(WHITE, palette.length);
		return { palette: grown, index: entries };
	}
	for (let entry = 0; entry < entries; entry++) {
		if (
			palette[entry * 3] === 255 &&
			palette[entry * 3 + 1] === 255 &&
			palette[entry * 3 + 2] === 255
		) {
			return { palette, index: entry };
		}
	}
	return undefined;
}

export function gifImage(data: Uint8Array): ImageXObject {
	const frame = readGifFrame(data);
	const { screenWidth: width, screenHeight: height } = frame;
	const pixels = gifLzwDecode(frame.lzwData, frame.minCodeSize, frame.width * frame.height);
	let palette = lookupPalette(frame);
	const covers =
		frame.left === 0 && frame.top === 0 && frame.width >= width && frame.height >= height;
	if (covers && frame.width === width && frame.height === height && !frame.interlaced) {
		return flateImage({
			width,
			height,
			colourSpace: indexedColourSpace(palette),
			bitsPerComponent: 8,
			samples: pixels,
		});
	}
	// Each screen pixel is a palette index, or RGB when the frame leaves screen uncovered and all 256 entries are colours.
	const white = covers ? { palette, index: 0 } : whiteIndex(palette);
	const channels = white === undefined ? 3 : 1;
	const screen = new Uint8Array(width * height * channels);
	if (white === undefined) screen.fill(255);
	else {
		palette = white.palette;
		screen.fill(white.index);
	}
	const rows = storedRows(frame.height, frame.interlaced);
	const shownWidth = Math.max(0, Math.min(frame.width, width - frame.left));
	const shownHeight = Math.min(frame.height, height - frame.top);
	for (let row = 0; row < shownHeight; row++) {
		const from = rows[row] * frame.width;
		const to = ((frame.top + row) * width + frame.left) * channels;
		if (channels === 1) screen.set(pixels.subarray(from, from + shownWidth), to);
		else {
			for (let column = 0; column < shownWidth; column++) {
				screen.set(
					palette.subarray(pixels[from + column] * 3, pixels[from + column] * 3 + 3),
					to + column * 3,
				);
			}
		}
	}
	const colourSpace = channels === 1 ? indexedColourSpace(palette) : '/DeviceRGB';
	return flateImage({ width, height, colourSpace, bitsPerComponent: 8, samples: screen });
}
