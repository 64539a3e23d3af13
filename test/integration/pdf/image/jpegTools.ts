/**
 * What the JPEG suites make their files with and check them against (Debian's tools, .ci/run installs
 * them): ImageMagick's built-in photo (rose:, 70 x 46) as the source, cjpeg for the encodings, exiftool
 * for the metadata, djpeg and ImageMagick as the reference decoders; and a one-page PDF around an image
 * XObject, drawn at its pixel size through the orientation's matrix, rendered by poppler.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import type { ImageXObject } from '../../../../nodes/shared/pdf/image/types';
import { orientationMatrix, uprightSize } from '../../../../nodes/shared/pdf/image/orientation';
import { serialisePdf } from '../../../../nodes/shared/pdf/write/objects';
import { renderPage, type Workspace } from '../tiff/tools';

/** ImageMagick itself: a stand-in `convert` earlier on PATH (as on some machines) is not (scripts/system-packages.js). */
const CONVERT = '/usr/bin/convert';

/** A program's standard output; its standard error is the test's when it fails. */
export function run(program: string, args: readonly string[]): Buffer {
	return execFileSync(program, args, { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The source photo as a PPM file in the workspace; its path. */
export function rose(space: Workspace): string {
	const path = space.path('rose.ppm');
	run(CONVERT, ['rose:', path]);
	return path;
}

/** cjpeg's encoding of a PPM with these options (quality 90 unless given). */
export function cjpeg(source: string, options: readonly string[]): Buffer {
	return run('cjpeg', ['-quality', '90', ...options, source]);
}

/** ImageMagick's conversion of a file (e.g. to CMYK); the JPEG's bytes. */
export function convert(space: Workspace, source: string, options: readonly string[]): Buffer {
	const output = space.path(`convert-${options.join('-')}.jpg`);
	run(CONVERT, [source, ...options, output]);
	return readFileSync(output);
}

/** exiftool's copy of a JPEG with these tag assignments (e.g. '-Orientation#=6'). */
export function exiftool(
	space: Workspace,
	jpeg: Buffer,
	name: string,
	tags: readonly string[],
): Buffer {
	const input = space.file(`${name}-in.jpg`, jpeg);
	const output = space.path(`${name}-out.jpg`);
	run('exiftool', ['-q', ...tags, '-o', output, input]);
	return readFileSync(output);
}

export interface Samples {
	width: number;
	height: number;
	channels: number;
	data: Uint8Array;
}

/** A binary PGM (P5) or PPM (P6) of 8-bit samples. */
export function readPnm(pnm: Buffer): Samples {
	const header = /^P([56])\s+(\d+)\s+(\d+)\s+255\s/.exec(pnm.subarray(0, 64).toString('latin1'));
	if (header === null) throw new Error('not a binary 8-bit PGM or PPM');
	return {
		width: Number(header[2]),
		height: Number(header[3]),
		channels: header[1] === '5' ? 1 : 3,
		data: pnm.subarray(header[0].length),
	};
}

/** djpeg's decoding (libjpeg-turbo, as stored: no orientation applied). */
export function djpeg(space: Workspace, jpeg: Buffer, name: string): Samples {
	return readPnm(run('djpeg', ['-pnm', space.file(`${name}.jpg`, jpeg)]));
}

/** ImageMagick's decoding turned upright by the EXIF orientation (-auto-orient), as RGB. */
export function autoOriented(space: Workspace, jpeg: Buffer, name: string): Samples {
	return readPnm(run(CONVERT, [space.file(`${name}.jpg`, jpeg), '-auto-orient', 'ppm:-']));
}

/** ImageMagick's decoding of a CMYK JPEG as CMYK samples, uninverted (0 no ink). */
export function cmykSamples(space: Workspace, jpeg: Buffer, name: string): Buffer {
	return run(CONVERT, [space.file(`${name}.jpg`, jpeg), '-depth', '8', 'cmyk:-']);
}

/**
 * A one-page PDF drawing an image at one point a pixel: the page is the upright picture's box, the
 * image goes through orientationMatrix (as image/page.ts draws it, scaled).
 */
export function onePagePdf(
	image: Pick<ImageXObject, 'width' | 'height' | 'orientation' | 'dictionaryEntries' | 'data'>,
): Buffer {
	const box = uprightSize(image.orientation, image.width, image.height);
	const matrix = orientationMatrix(image.orientation, image.width, image.height);
	return serialisePdf(
		[
			'<< /Type /Catalog /Pages 2 0 R >>',
			'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
			`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${box.width} ${box.height}] /Resources << /XObject << /Im 4 0 R >> >> /Contents 5 0 R >>`,
			{ dictionaryEntries: image.dictionaryEntries, data: image.data },
			{ dictionaryEntries: '', data: Buffer.from(`q ${matrix.join(' ')} cm /Im Do Q\n`, 'latin1') },
		],
		{ root: 1 },
	);
}

/** The page as poppler draws it, one sample set a pixel of the upright picture (tiff/tools.ts renderPage: at 4x, block centres). */
export function rendered(pdfPath: string, width: number, height: number, grey: boolean): Samples {
	const data = renderPage(pdfPath, 1, width, height, grey ? 'grey' : 'rgb');
	return { width, height, channels: grey ? 1 : 3, data };
}

/** The largest difference of two renderings' samples; Infinity when their sizes differ. */
export function maxDifference(actual: Samples, expected: Samples): number {
	if (
		actual.width !== expected.width ||
		actual.height !== expected.height ||
		actual.channels !== expected.channels
	)
		return Infinity;
	let max = 0;
	for (let index = 0; index < expected.data.length; index++)
		max = Math.max(max, Math.abs(actual.data[index] - expected.data[index]));
	return max;
}

/**
 * The bytes from the first scan header (SOS) to the end: what must stay byte for byte. Found by its
 * marker, which is sound where nothing before the scans holds 0xFFDA (encoder-made tables do not; an
 * ICC profile or EXIF thumbnail may, so it is used on jpegImage's copy, which has neither).
 */
export function scansOf(jpeg: Buffer): Buffer {
	const at = jpeg.indexOf(Buffer.from([0xff, 0xda]));
	if (at < 0) throw new Error('no scan header');
	return jpeg.subarray(at);
}
