/**
 * What the PNG suites share: ImageMagick's convert makes the PNG variants and decodes them as the
 * reference (flattened onto white); each converted image goes into a one-page PDF (page = pixels at
 * 72 dpi), checked by qpdf, read back exactly by pdfimages and rendered by pdftoppm.
 */
import { execFileSync } from 'child_process';
import { readFileSync, readdirSync } from 'fs';
import type { ImageXObject } from '../../../../nodes/shared/pdf/image/types';
import { serialisePdf } from '../../../../nodes/shared/pdf/write/objects';
import { workspace, type Workspace } from '../tiff/tools';

export { differences, imageList, qpdfCheck, renderPage } from '../tiff/tools';
export type { Workspace };

/** A temp folder for the suite's files; dispose() in afterAll. */
export function pngWorkspace(prefix: string): Workspace {
	return workspace(prefix);
}

/**
 * convert's arguments, then the output file in the workspace (space.path(output)), written in
 * `format` when given ('PNG8' for palettes); returns the output's bytes.
 */
export function convert(space: Workspace, args: string[], output: string, format?: string): Buffer {
	const file = space.path(output);
	execFileSync('convert', [...args, format === undefined ? file : `${format}:${file}`], {
		stdio: ['ignore', 'ignore', 'pipe'],
	});
	return readFileSync(file);
}

export interface Ihdr {
	width: number;
	height: number;
	bitDepth: number;
	colourType: number;
	interlaced: boolean;
	/** Whether a tRNS chunk is there. */
	trns: boolean;
}

/** What a PNG file's IHDR says (and whether it has tRNS), read straight from its bytes. */
export function ihdrOf(png: Buffer): Ihdr {
	return {
		width: png.readUInt32BE(16),
		height: png.readUInt32BE(20),
		bitDepth: png[24],
		colourType: png[25],
		interlaced: png[28] === 1,
		trns: png.includes('tRNS', 8, 'latin1'),
	};
}

/** The image as the only thing on a page its own size in points (w 0 0 h 0 0 cm /Im1 Do). */
export function onePagePdf(image: ImageXObject): Buffer {
	const { width, height } = image;
	return serialisePdf(
		[
			'<< /Type /Catalog /Pages 2 0 R >>',
			'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
			`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>`,
			{ dictionaryEntries: '', data: Buffer.from(`q ${width} 0 0 ${height} 0 0 cm /Im1 Do Q`) },
			{ dictionaryEntries: image.dictionaryEntries, data: image.data },
		],
		{ root: 1 },
	);
}

/** convert's decoding of a file, flattened onto white: RGB samples, 16 bits big-endian. */
function convertRgb16(file: string): Buffer {
	return execFileSync(
		'convert',
		[
			file,
			'-background',
			'white',
			'-alpha',
			'remove',
			'-flatten',
			'-depth',
			'16',
			'-endian',
			'MSB',
			'rgb:-',
		],
		{ maxBuffer: 1 << 30 },
	);
}

/**
 * A PNG's pixels as the reference decoder gives them, on white: RGB, 16 bits a sample, or 8 bits
 * rounded from those 16. convert's own 8-bit output truncates its 16-bit composite (14.79 → 14), where
 * libpng's compositing (png_composite) and this package round; without alpha both are the same.
 */
export function referenceRgb(file: string, depth: 8 | 16): Uint8Array {
	const wide = convertRgb16(file);
	if (depth === 16) return wide;
	const narrow = new Uint8Array(wide.length / 2);
	for (let index = 0; index < narrow.length; index++)
		narrow[index] = Math.round(wide.readUInt16BE(index * 2) / 257);
	return narrow;
}

/**
 * The PDF's first image as stored, in RGB: pdfimages -png for 8 bits or less (it writes a 1-bit
 * Indexed image as 1-bit grey, its palette lost: not for those), its 16-bit samples' high bytes only,
 * so a 16-bit image's stream as qpdf decodes it (Flate and PNG predictor), grey widened to RGB.
 */
export function extractedRgb(
	space: Workspace,
	pdf: string,
	depth: 8 | 16,
	grey: boolean,
): Uint8Array {
	if (depth === 16) {
		const samples = execFileSync('qpdf', ['--show-object=5', '--filtered-stream-data', pdf], {
			maxBuffer: 1 << 30,
		});
		if (!grey) return samples;
		const rgb = Buffer.alloc(samples.length * 3);
		for (let at = 0; at < samples.length; at += 2)
			for (let copy = 0; copy < 3; copy++) samples.copy(rgb, at * 3 + copy * 2, at, at + 2);
		return rgb;
	}
	const prefix = space.path(`${pdf.slice(pdf.lastIndexOf('/') + 1)}-image`);
	execFileSync('pdfimages', ['-png', '-f', '1', '-l', '1', pdf, prefix]);
	const name = prefix.slice(prefix.lastIndexOf('/') + 1);
	const file = readdirSync(space.path('')).find((entry) => entry.startsWith(`${name}-`));
	if (file === undefined) throw new Error('pdfimages wrote no image');
	return referenceRgb(space.path(file), 8);
}
