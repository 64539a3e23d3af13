/**
 * What the GIF and BMP suites share: fixtures made with ImageMagick (/usr/bin/convert: a stand-in
 * `convert` elsewhere on PATH is not it), ImageMagick as the reference decoder (the first frame on
 * white, 8-bit RGB), and the proof of an image XObject as a reader sees it: in a one-page PDF the
 * size of its pixels, qpdf --check clean, one Flate image, and poppler's rendering equal to the
 * reference's pixels.
 */
import { execFileSync, spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import type { ImageXObject } from '../../../../nodes/shared/pdf/image/types';
import { serialisePdf } from '../../../../nodes/shared/pdf/write/objects';
import type { Workspace } from '../tiff/tools';
import { differences, imageList, qpdfCheck, renderPage } from '../tiff/tools';

const IMAGEMAGICK = '/usr/bin/convert';

/** convert with the arguments to a new file of the workspace (in `format`, else by its name); returns its bytes. */
export function magick(space: Workspace, args: string[], output: string, format?: string): Buffer {
	const target = format === undefined ? space.path(output) : `${format}:${space.path(output)}`;
	execFileSync(IMAGEMAGICK, [...args, target], { stdio: ['ignore', 'ignore', 'pipe'] });
	return readFileSync(space.path(output));
}

/**
 * convert's standard output. A warning (an index past the colour table) makes convert exit with 1
 * after writing the image, so only no output at all is a failure.
 */
function convertOutput(args: string[]): Buffer {
	const result = spawnSync(IMAGEMAGICK, args, { maxBuffer: 1 << 28 });
	if (result.stdout.length === 0) throw new Error(`convert failed: ${result.stderr.toString()}`);
	return result.stdout;
}

/** The reference decoder's pixels: the file's first frame flattened onto white, RGB 8 bits, top row first. */
export function referencePixels(file: string): { width: number; height: number; rgb: Uint8Array } {
	const flattened = [`${file}[0]`, '-background', 'white', '-flatten'];
	const size = convertOutput([...flattened, '-format', '%w %h', 'info:']).toString('latin1');
	const [width, height] = size.trim().split(' ').map(Number);
	const rgb = convertOutput([...flattened, '-depth', '8', 'rgb:-']);
	expect(rgb.length).toBe(width * height * 3);
	return { width, height, rgb: new Uint8Array(rgb) };
}

/** The image alone on a page of its pixel size (1 pt a pixel). */
export function onePagePdf(image: ImageXObject): Buffer {
	const { width, height } = image;
	return serialisePdf(
		[
			'<< /Type /Catalog /Pages 2 0 R >>',
			'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
			`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>`,
			{
				dictionaryEntries: '',
				data: Buffer.from(`q ${width} 0 0 ${height} 0 0 cm /Im1 Do Q`, 'latin1'),
			},
			{ dictionaryEntries: image.dictionaryEntries, data: image.data },
		],
		{ root: 1 },
	);
}

/**
 * Writes the image's one-page PDF, checks it with qpdf and pdfimages (one Flate image of the file's
 * pixel size and the given colour), renders it with poppler and returns where it differs from the
 * reference decoder's pixels of `source` (an empty list when equal).
 */
export function differencesFromReference(
	space: Workspace,
	name: string,
	image: ImageXObject,
	source: string,
	color: 'index' | 'rgb' | 'gray',
): string[] {
	const reference = referencePixels(source);
	expect({ width: image.width, height: image.height }).toEqual({
		width: reference.width,
		height: reference.height,
	});
	const pdf = space.file(`${name}.pdf`, onePagePdf(image));
	const qpdf = qpdfCheck(pdf);
	expect(qpdf.status).toBe(0);
	expect(qpdf.output).toContain('No syntax or stream encoding errors found');
	expect(imageList(pdf).map(({ enc, color: c }) => ({ enc, color: c }))).toEqual([
		{ enc: 'image', color },
	]);
	expect(image.dictionaryEntries).toContain('/Filter /FlateDecode');
	const rendered = renderPage(pdf, 1, image.width, image.height, 'rgb');
	return differences(rendered, reference.rgb, image.width, 3);
}
