/**
 * The images a clinic is handed, made at test time with Debian's tools (ImageMagick, exiftool), and how
 * the end-to-end suites look at them in the PDF the sandbox received: a page rendered by pdftoppm and
 * split into the quadrants of its drawn picture, and pdfimages' list of a page's images.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';

import { readPnm, type Samples } from '../../integration/pdf/image/jpegTools';

/** ImageMagick itself: a stand-in `convert` earlier on PATH (as on some machines) is not. */
const CONVERT = '/usr/bin/convert';
const run = (program: string, args: readonly string[]): Buffer =>
	execFileSync(program, args, { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });

/** The picture's grey and its dark block's: a page is white (255), so the picture stands out from it. */
const PICTURE_GREY = 200;
const BLOCK_GREY = 20;

/**
 * A phone photo as a phone stores it: the upright picture is portrait (`upright`, a dark block in its
 * top-left corner, a third of each side; grey with colour noise), stored turned a quarter anticlockwise (`stored`, 1200 x 900)
 * with EXIF Orientation 6 (turn it a quarter clockwise to show it), as a phone held upright writes it.
 */
export function phonePhoto(directory: string): {
	jpeg: Buffer;
	stored: { width: number; height: number };
	upright: { width: number; height: number };
} {
	const path = join(directory, 'photo.jpg');
	run(CONVERT, [
		'-size',
		'900x1200',
		`xc:rgb(${PICTURE_GREY},${PICTURE_GREY},${PICTURE_GREY})`,
		'-fill',
		`rgb(${BLOCK_GREY},${BLOCK_GREY},${BLOCK_GREY})`,
		'-draw',
		'rectangle 0,0 299,399',
		// Sensor-like colour noise: a colour JPEG of about 600 kB, as a photo compresses, not a flat 5 kB one.
		'-attenuate',
		'0.5',
		'+noise',
		'Gaussian',
		'-rotate',
		'-90',
		'-quality',
		'90',
		path,
	]);
	run('exiftool', ['-q', '-overwrite_original', '-Orientation#=6', '-n', path]);
	return {
		jpeg: readFileSync(path),
		stored: { width: 1200, height: 900 },
		upright: { width: 900, height: 1200 },
	};
}

/** A screenshot of a payer portal: 1280 x 800 PNG, a title bar and a line of text on a pale grey (not the page's white). */
export function screenshotPng(directory: string): { png: Buffer; width: number; height: number } {
	const path = join(directory, 'screenshot.png');
	run(CONVERT, [
		'-size',
		'1280x800',
		'xc:rgb(225,230,235)',
		'-fill',
		'rgb(30,60,140)',
		'-draw',
		'rectangle 0,0 1279,63',
		'-fill',
		'black',
		'-pointsize',
		'32',
		'-annotate',
		'+40+140',
		'Claim status: approved',
		`png:${path}`,
	]);
	return { png: readFileSync(path), width: 1280, height: 800 };
}

/**
 * An iPhone photo's first bytes: an ISO base media file whose `ftyp` box names the brand `heic` (with
 * `mif1`), then a `meta` and an `mdat` box of filler. Nothing decodes it; a file is told by its bytes.
 */
export function heicPhoto(): Buffer {
	const box = (type: string, body: Buffer) => {
		const size = Buffer.alloc(4);
		size.writeUInt32BE(8 + body.length);
		return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
	};
	return Buffer.concat([
		box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1')),
		box('meta', Buffer.alloc(64)),
		box('mdat', Buffer.alloc(4096, 0x5a)),
	]);
}

/**
 * A real HEIC photo (ImageMagick's HEIF writer, libheif): what an iPhone sends, for the remedy the
 * refusal names: n8n's Edit Image node turning it into a JPEG. Upright 600 x 800, a dark block top-left.
 */
export function realHeicPhoto(directory: string): { heic: Buffer; width: number; height: number } {
	const path = join(directory, 'IMG_0002.heic');
	run(CONVERT, [
		'-size',
		'600x800',
		`xc:rgb(${PICTURE_GREY},${PICTURE_GREY},${PICTURE_GREY})`,
		'-fill',
		`rgb(${BLOCK_GREY},${BLOCK_GREY},${BLOCK_GREY})`,
		'-draw',
		'rectangle 0,0 199,266',
		path,
	]);
	return { heic: readFileSync(path), width: 600, height: 800 };
}

/** The stored picture as ImageMagick shows it, upright by its EXIF orientation (-auto-orient), in grey. */
export function autoOrientedGrey(jpeg: string): Samples {
	return readPnm(run(CONVERT, [jpeg, '-auto-orient', '-colorspace', 'gray', 'pgm:-']));
}

/** The stored pixels as they are (no orientation applied), in grey. */
export function storedGrey(jpeg: string): Samples {
	return readPnm(run(CONVERT, [jpeg, '-colorspace', 'gray', 'pgm:-']));
}

/** One page of a PDF rendered by poppler (pdftoppm, grey, 36 dpi). */
export function renderedPage(pdf: string, page: number): Samples {
	return readPnm(
		run('pdftoppm', ['-f', String(page), '-l', String(page), '-r', '36', '-gray', pdf]),
	);
}

export interface Quadrants {
	/** The picture's box: every sample darker than the white page. */
	box: { left: number; top: number; width: number; height: number };
	/** The mean grey of each quarter of the box. */
	topLeft: number;
	topRight: number;
	bottomLeft: number;
	bottomRight: number;
}

/** Where the picture is on a grey rendering (its samples darker than 240), and its quarters' mean greys. */
export function quadrants(image: Samples): Quadrants {
	if (image.channels !== 1) throw new Error('quadrants() reads a grey rendering');
	const { width, height, data } = image;
	let [left, top, right, bottom] = [width, height, -1, -1];
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++)
			if (data[y * width + x] < 240) {
				left = Math.min(left, x);
				right = Math.max(right, x);
				top = Math.min(top, y);
				bottom = Math.max(bottom, y);
			}
	if (right < 0) throw new Error('nothing is drawn: the rendering is white');
	const [middleX, middleY] = [(left + right + 1) / 2, (top + bottom + 1) / 2];
	const mean = (x0: number, x1: number, y0: number, y1: number) => {
		let [sum, count] = [0, 0];
		for (let y = Math.ceil(y0); y < y1; y++)
			for (let x = Math.ceil(x0); x < x1; x++) {
				sum += data[y * width + x];
				count += 1;
			}
		return Math.round(sum / count);
	};
	return {
		box: { left, top, width: right - left + 1, height: bottom - top + 1 },
		topLeft: mean(left, middleX, top, middleY),
		topRight: mean(middleX, right + 1, top, middleY),
		bottomLeft: mean(left, middleX, middleY, bottom + 1),
		bottomRight: mean(middleX, right + 1, middleY, bottom + 1),
	};
}

/** Where the dark block is: the one quarter clearly darker than the picture's grey, or 'none'. */
export function darkQuarter(found: Quadrants): string {
	const quarters = (['topLeft', 'topRight', 'bottomLeft', 'bottomRight'] as const).filter(
		(quarter) => found[quarter] < (PICTURE_GREY + BLOCK_GREY) / 2 + 50,
	);
	return quarters.length === 1 ? quarters[0] : `none of one: ${quarters.join(', ')}`;
}

export interface ListedImage {
	page: number;
	type: string;
	width: number;
	height: number;
	color: string;
	encoding: string;
}

/** pdfimages -list: each image of the file with its page, type, stored size, colour and encoding. */
export function listedImages(pdf: string): ListedImage[] {
	return execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' })
		.split('\n')
		.slice(2)
		.filter((line) => line.trim() !== '')
		.map((line) => {
			const [page, , type, width, height, color, , , encoding] = line.trim().split(/\s+/);
			return {
				page: Number(page),
				type,
				width: Number(width),
				height: Number(height),
				color,
				encoding,
			};
		});
}
