/**
 * Decoded TIFF samples -> one Flate-compressed PDF image: DeviceGray, DeviceRGB, DeviceCMYK or an
 * Indexed palette, at the TIFF's own bit depth where PDF 1.4 has it. 16-bit samples keep their high
 * byte, planar samples are interleaved, and alpha is composited onto white paper (a fax has no
 * transparency).
 */

import { DocumentError } from '../errors';
import { deflate } from '../filters/deflate';
import type { Raster } from './decode';
import type { Photometric, TiffPage } from './page';
import type { PlacedImage } from './placement';

const COLOUR_SPACES: Record<Exclude<Photometric, 'palette'>, string> = {
	whiteIsZero: '/DeviceGray',
	blackIsZero: '/DeviceGray',
	rgb: '/DeviceRGB',
	cmyk: '/DeviceCMYK',
};

/** The sample value of white paper in each colour model (WhiteIsZero and CMYK count ink, not light). */
const PAPER: Record<Exclude<Photometric, 'palette'>, number> = {
	whiteIsZero: 0,
	blackIsZero: 255,
	rgb: 255,
	cmyk: 0,
};

/** 16-bit samples (big-endian by now) -> their high bytes. */
function highBytes(plane: Uint8Array): Uint8Array {
	const out = new Uint8Array(plane.length / 2);
	for (let index = 0; index < out.length; index++) out[index] = plane[index * 2];
	return out;
}

/** Planar 8-bit samples -> one chunky buffer (RGBRGB...). */
function interleave(planes: Uint8Array[]): Uint8Array {
	const samples = planes.length;
	const out = new Uint8Array(planes[0].length * samples);
	planes.forEach((plane, sample) => {
		for (let index = 0; index < plane.length; index++) out[index * samples + sample] = plane[index];
	});
	return out;
}

/**
 * Chunky 8-bit pixels of `samples` samples -> their first `colours`, extra samples dropped; the first
 * extra sample composited onto paper when it is alpha. Premultiplied (associated) alpha already holds
 * colour x alpha, so only the paper's share is added.
 */
function dropExtras(
	pixels: Uint8Array,
	samples: number,
	colours: number,
	page: TiffPage,
	paper: number,
): Uint8Array {
	const count = pixels.length / samples;
	const out = new Uint8Array(count * colours);
	const alpha = page.extraSamples[0];
	for (let pixel = 0; pixel < count; pixel++) {
		const a = pixels[pixel * samples + colours];
		for (let sample = 0; sample < colours; sample++) {
			const value = pixels[pixel * samples + sample];
			let shown = value;
			if (alpha === 'unassociatedAlpha') shown = (value * a + paper * (255 - a)) / 255;
			else if (alpha === 'associatedAlpha')
				shown = Math.min(255, value + (paper * (255 - a)) / 255);
			out[pixel * colours + sample] = Math.round(shown);
		}
	}
	return out;
}

function unsupported(page: TiffPage, what: string): DocumentError {
	return new DocumentError(
		'unsupported',
		`TIFF page ${page.number} has ${what}, which this package does not convert; save the scan as CCITT Group 4 or PDF`,
	);
}

/** The palette as an Indexed colour space. 16-bit entries keep their high byte, unless every entry fits 8 bits (a common writer's mistake, which libtiff also accepts). */
function indexedSpace(page: TiffPage): string {
	const entries = 1 << page.bitsPerSample;
	const map = page.colorMap ?? [];
	const eightBit = map.slice(0, 3 * entries).every((value) => value < 256);
	let hex = '';
	for (let index = 0; index < entries; index++) {
		for (let channel = 0; channel < 3; channel++) {
			const value = map[channel * entries + index];
			hex += (eightBit ? value : value >> 8).toString(16).padStart(2, '0');
		}
	}
	return `[/Indexed /DeviceRGB ${entries - 1} <${hex}>]`;
}

/** The page's one image, filling the page. */
export function colourImage(page: TiffPage, raster: Raster): PlacedImage {
	let planes = raster.planes;
	let bits = page.bitsPerSample;
	if (bits === 16) {
		planes = planes.map(highBytes);
		bits = 8;
	}
	const colours = page.samplesPerPixel - page.extraSamples.length;
	const needsEightBit = page.planar || page.extraSamples.length > 0;
	if (needsEightBit && bits !== 8) {
		throw unsupported(
			page,
			`${page.planar ? 'separate sample planes' : 'extra samples'} at ${bits} bits per sample`,
		);
	}
	let pixels = planes.length > 1 ? interleave(planes) : planes[0];
	if (page.extraSamples.length > 0) {
		if (page.photometric === 'palette') throw unsupported(page, 'a palette with extra samples');
		pixels = dropExtras(pixels, page.samplesPerPixel, colours, page, PAPER[page.photometric]);
	}
	const space =
		page.photometric === 'palette' ? indexedSpace(page) : COLOUR_SPACES[page.photometric];
	const decode = page.photometric === 'whiteIsZero' ? ' /Decode [1 0]' : '';
	const compressed = deflate(pixels);
	return {
		x: 0,
		y: 0,
		width: page.width,
		height: page.height,
		dictionaryEntries: `/Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} /ColorSpace ${space} /BitsPerComponent ${bits}${decode} /Filter /FlateDecode`,
		data: Buffer.from(compressed.buffer, compressed.byteOffset, compressed.byteLength),
	};
}
