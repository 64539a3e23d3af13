/**
 * One TIFF page as this package uses it: the directory's tags read, defaulted and checked. Anything
 * the converters cannot take is refused here, by name, before a byte of image data is decoded.
 */

import { DocumentError } from '../errors';
import { CCITT, DEFLATE, DEFLATE_OLD, LZW, READABLE, unsupportedCompression } from './compression';
import type { TiffDirectory } from './directory';
import type { Resolution } from './resolution';
import { pageResolution } from './resolution';
import type { Segment } from './segments';
import { readSegments } from './segments';
import { TAG } from './tags';

/** Pages wider or taller than this many pixels are refused: 20,000 px is 98 inches at 204 dpi. */
export const MAX_SIDE = 20_000;

/** The colour models this package converts (PhotometricInterpretation 0, 1, 2, 3, 5). */
export type Photometric = 'whiteIsZero' | 'blackIsZero' | 'rgb' | 'palette' | 'cmyk';

/** What ExtraSamples says the samples after the colour ones are. */
export type ExtraSample = 'unspecified' | 'associatedAlpha' | 'unassociatedAlpha';

export interface TiffPage {
	/** 1-based, counting every directory of the file. */
	number: number;
	width: number;
	height: number;
	bitsPerSample: number;
	/** Colour samples plus extra samples. */
	samplesPerPixel: number;
	/** The extra samples after the colour ones, in order. */
	extraSamples: ExtraSample[];
	compression: number;
	photometric: Photometric;
	t4Options: number;
	t6Options: number;
	/** 1 (none) or 2 (horizontal differencing). */
	predictor: number;
	/** Samples stored in separate planes (PlanarConfiguration 2), one segment list per sample. */
	planar: boolean;
	/** Palette pages: 3 x 2^bits 16-bit values, all reds, then greens, then blues. */
	colorMap?: number[];
	resolution: Resolution;
	tiled: boolean;
	segments: Segment[];
	/** The file's byte order ("II"), which 16-bit samples are stored in. */
	littleEndian: boolean;
}

const PHOTOMETRICS: readonly (Photometric | undefined)[] = [
	'whiteIsZero',
	'blackIsZero',
	'rgb',
	'palette',
	undefined,
	'cmyk',
];
const COLOUR_SAMPLES: Record<Photometric, number> = {
	whiteIsZero: 1,
	blackIsZero: 1,
	rgb: 3,
	palette: 1,
	cmyk: 4,
};
const UNSUPPORTED_PHOTOMETRICS = new Map<number, string>([
	[4, 'a transparency mask'],
	[6, 'YCbCr colour'],
	[8, 'CIE L*a*b* colour'],
	[9, 'ICC L*a*b* colour'],
	[10, 'ITU L*a*b* colour'],
	[32803, 'a colour filter array (raw camera data)'],
	[32844, 'SGI LogL colour'],
	[32845, 'SGI LogLuv colour'],
	[34892, 'linear raw camera data'],
]);
const EXTRA_SAMPLES: readonly ExtraSample[] = [
	'unspecified',
	'associatedAlpha',
	'unassociatedAlpha',
];
const SAMPLE_FORMATS = new Map<number, string>([
	[2, 'signed integer samples'],
	[3, 'floating-point samples'],
	[4, 'samples of undefined format'],
	[5, 'complex integer samples'],
	[6, 'complex floating-point samples'],
]);
const BIT_DEPTHS = new Set([1, 2, 4, 8, 16]);
/** NewSubfileType bits: a reduced-resolution copy (thumbnail) of another page, or a transparency mask. */
const REDUCED_IMAGE = 1;
const MASK_IMAGE = 4;

/** False for directories that are not pages of their own: thumbnails and transparency masks. */
export function isPage(directory: TiffDirectory): boolean {
	return (
		(directory.integer(TAG.NewSubfileType, 'NewSubfileType', 0) & (REDUCED_IMAGE | MASK_IMAGE)) ===
		0
	);
}

function unsupported(page: number, what: string): DocumentError {
	return new DocumentError(
		'unsupported',
		`TIFF page ${page} has ${what}, which this package does not convert; save the scan as CCITT Group 4 or PDF`,
	);
}

/** PhotometricInterpretation, or what libtiff assumes without it: WhiteIsZero for 1 bit, RGB for 3 samples, else BlackIsZero. */
function readPhotometric(directory: TiffDirectory, bits: number, samples: number): Photometric {
	const code = directory.integers(TAG.PhotometricInterpretation, 'PhotometricInterpretation')?.[0];
	if (code === undefined) return bits === 1 ? 'whiteIsZero' : samples >= 3 ? 'rgb' : 'blackIsZero';
	const photometric = PHOTOMETRICS[code];
	if (photometric !== undefined) return photometric;
	throw unsupported(
		directory.page,
		UNSUPPORTED_PHOTOMETRICS.get(code) ??
			`an unknown colour model (PhotometricInterpretation ${code})`,
	);
}

/** BitsPerSample: one depth for every sample (1, 2, 4, 8 or 16). */
function readBits(directory: TiffDirectory, samples: number): number {
	const depths = directory.integers(TAG.BitsPerSample, 'BitsPerSample') ?? [1];
	const bits = depths[0] ?? 1;
	if (depths.slice(0, samples).some((depth) => depth !== bits))
		throw unsupported(directory.page, 'samples of different bit depths');
	if (!BIT_DEPTHS.has(bits)) throw unsupported(directory.page, `${bits}-bit samples`);
	const format = (directory.integers(TAG.SampleFormat, 'SampleFormat') ?? [1]).find(
		(value) => value !== 1,
	);
	if (format !== undefined)
		throw unsupported(
			directory.page,
			SAMPLE_FORMATS.get(format) ?? `samples of an unknown format (SampleFormat ${format})`,
		);
	return bits;
}

/** The page's tags, checked. Throws 'unsupported' naming what it cannot convert, 'damaged', 'tooLarge'. */
export function readPage(directory: TiffDirectory): TiffPage {
	const page = directory.page;
	const compression = directory.integer(TAG.Compression, 'Compression', 1);
	if (!READABLE.has(compression)) throw unsupportedCompression(page, compression);
	const width = directory.integer(TAG.ImageWidth, 'ImageWidth', 0);
	const height = directory.integer(TAG.ImageLength, 'ImageLength', 0);
	if (width === 0 || height === 0)
		throw directory.damaged('ImageWidth or ImageLength is missing or zero');
	if (width > MAX_SIDE || height > MAX_SIDE) {
		throw new DocumentError(
			'tooLarge',
			`TIFF page ${page} is ${width} x ${height} pixels; the limit is ${MAX_SIDE} pixels a side`,
		);
	}
	const samplesPerPixel = directory.integer(TAG.SamplesPerPixel, 'SamplesPerPixel', 1);
	if (samplesPerPixel === 0) throw directory.damaged('SamplesPerPixel is zero');
	const bitsPerSample = readBits(directory, samplesPerPixel);
	const photometric = readPhotometric(directory, bitsPerSample, samplesPerPixel);
	const colourSamples = COLOUR_SAMPLES[photometric];
	if (samplesPerPixel < colourSamples)
		throw directory.damaged(
			`${samplesPerPixel} samples per pixel are too few for its colour model`,
		);
	const declaredExtras = directory.integers(TAG.ExtraSamples, 'ExtraSamples') ?? [];
	const extraSamples = Array.from(
		{ length: samplesPerPixel - colourSamples },
		(_, index) => EXTRA_SAMPLES[declaredExtras[index] ?? 0] ?? 'unspecified',
	);
	if (photometric === 'cmyk' && directory.integer(TAG.InkSet, 'InkSet', 1) !== 1)
		throw unsupported(page, 'inks other than CMYK');
	if (photometric === 'palette' && bitsPerSample > 8)
		throw unsupported(page, 'a palette of more than 256 colours');
	if (CCITT.has(compression) && (bitsPerSample !== 1 || samplesPerPixel !== 1)) {
		throw directory.damaged('CCITT compression is only defined for 1 bit per pixel');
	}
	if (CCITT.has(compression) && photometric !== 'whiteIsZero' && photometric !== 'blackIsZero') {
		throw unsupported(page, 'CCITT compression with a palette');
	}

	// Only LZW and Deflate apply a predictor (as in libtiff); other compressions ignore the tag.
	const predictor =
		compression === LZW || compression === DEFLATE || compression === DEFLATE_OLD
			? directory.integer(TAG.Predictor, 'Predictor', 1)
			: 1;
	if (predictor === 3) throw unsupported(page, 'the floating-point predictor');
	if (predictor !== 1 && predictor !== 2)
		throw directory.damaged(`Predictor ${predictor} is not defined`);
	if (predictor === 2 && bitsPerSample < 8)
		throw unsupported(page, `horizontal differencing of ${bitsPerSample}-bit samples`);
	const planar =
		samplesPerPixel > 1 &&
		directory.integer(TAG.PlanarConfiguration, 'PlanarConfiguration', 1) === 2;
	const lsbFirst = directory.integer(TAG.FillOrder, 'FillOrder', 1) === 2;

	let colorMap: number[] | undefined;
	if (photometric === 'palette') {
		colorMap = directory.integers(TAG.ColorMap, 'ColorMap');
		if (colorMap === undefined || colorMap.length < 3 << bitsPerSample)
			throw directory.damaged('a palette image has no complete ColorMap');
	}

	const rowBytes = (pixels: number) =>
		Math.ceil((pixels * (planar ? 1 : samplesPerPixel) * bitsPerSample) / 8);
	const { segments, tiled } = readSegments(directory, {
		width,
		height,
		planes: planar ? samplesPerPixel : 1,
		lsbFirst,
		uncompressedBytes: compression === 1 ? (pixels, rows) => rowBytes(pixels) * rows : undefined,
	});

	return {
		number: page,
		width,
		height,
		bitsPerSample,
		samplesPerPixel,
		extraSamples,
		compression,
		photometric,
		t4Options: directory.integer(TAG.T4Options, 'T4Options', 0),
		t6Options: directory.integer(TAG.T6Options, 'T6Options', 0),
		predictor,
		planar,
		colorMap,
		resolution: pageResolution(directory, width, bitsPerSample === 1 && samplesPerPixel === 1),
		tiled,
		segments,
		littleEndian: directory.file.littleEndian,
	};
}
