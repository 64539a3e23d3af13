/**
 * The Debian tools the TIFF tests check against (.ci/run installs them): libtiff's tiffcp (makes the
 * compressed test files) and tiffdump (where their strips are), qpdf (structure), poppler's pdfinfo,
 * pdfimages and pdftoppm (pages, image encodings, rendered pixels); and pdf.js, a second CCITT decoder.
 */
import { execFileSync, spawnSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

export interface Workspace {
	/** Writes bytes to a new file in the workspace; returns its path. */
	file(name: string, bytes: Uint8Array): string;
	/** tiffcp with the given options from one or more input files to a new file; returns the output's bytes. */
	tiffcp(options: string[], inputs: string[], output: string): Buffer;
	path(name: string): string;
	dispose(): void;
}

export function workspace(prefix: string): Workspace {
	const directory = mkdtempSync(join(tmpdir(), prefix));
	// Test names become file names: only letters, digits, dots and dashes (tiffcp reads "file,1,2" as page numbers).
	const path = (name: string) => join(directory, name.replace(/[^A-Za-z0-9.-]+/g, '-'));
	return {
		path,
		file: (name, bytes) => {
			writeFileSync(path(name), bytes);
			return path(name);
		},
		tiffcp: (options, inputs, output) => {
			execFileSync('tiffcp', [...options, ...inputs, path(output)], {
				stdio: ['ignore', 'ignore', 'pipe'],
			});
			return readFileSync(path(output));
		},
		dispose: () => rmSync(directory, { recursive: true, force: true }),
	};
}

/** tiffdump's listing of a file's tags (values in full). */
export function tiffdump(file: string): string {
	return execFileSync('tiffdump', ['-m', '1000000', file], {
		encoding: 'utf8',
		maxBuffer: 64 << 20,
	});
}

/** Each directory's strip (or tile) byte ranges, as tiffdump reads them. */
export function storedParts(file: string): { offset: number; length: number }[][] {
	return tiffdump(file)
		.split(/^Directory \d+:/m)
		.slice(1)
		.map((directory) => {
			const values = (name: string) => {
				const match = new RegExp(
					`^(?:Strip|Tile)${name} \\(\\d+\\) \\w+ \\(\\d+\\) \\d+<([^>]*)>`,
					'm',
				).exec(directory);
				if (match === null) throw new Error(`tiffdump shows no ${name}`);
				return match[1].trim().split(/\s+/).map(Number);
			};
			const offsets = values('Offsets');
			const counts = values('ByteCounts');
			return offsets.map((offset, index) => ({ offset, length: counts[index] }));
		});
}

/** qpdf --check's exit status and output. */
export function qpdfCheck(pdf: string): { status: number | null; output: string } {
	const result = spawnSync('qpdf', ['--check', pdf], { encoding: 'utf8' });
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** pdfinfo's page count and each page's size in points, as it prints them. */
export function pageSizes(pdf: string): { pages: number; sizes: [number, number][] } {
	const info = execFileSync('pdfinfo', ['-f', '1', '-l', '100000', pdf], { encoding: 'utf8' });
	const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
	const sizes = [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map(
		(match): [number, number] => [Number(match[1]), Number(match[2])],
	);
	return { pages, sizes };
}

/** pdfimages -list rows: page, width, height, colour, bits per component, encoding, x and y ppi. */
export function imageList(pdf: string): {
	page: number;
	width: number;
	height: number;
	color: string;
	bpc: number;
	enc: string;
	xppi: number;
	yppi: number;
}[] {
	const list = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' });
	return list
		.split('\n')
		.slice(2)
		.filter((line) => line.trim() !== '')
		.map((line) => {
			const cells = line.trim().split(/\s+/);
			return {
				page: Number(cells[0]),
				width: Number(cells[3]),
				height: Number(cells[4]),
				color: cells[5],
				bpc: Number(cells[7]),
				enc: cells[8],
				xppi: Number(cells[12]),
				yppi: Number(cells[13]),
			};
		});
}

/**
 * poppler smooths (bilinear) any image it draws at less than four times its size, so a page is
 * rendered at exactly 4 x its pixel grid, where each image pixel is a sharp 4 x 4 block, and the
 * centre of each block is read back: grey (PGM) or RGB (PPM) samples at the TIFF's own pixel grid.
 */
const ZOOM = 4;

export function renderPage(
	pdf: string,
	page: number,
	width: number,
	height: number,
	colour: 'grey' | 'rgb',
): Uint8Array {
	const args = [
		'-f',
		String(page),
		'-l',
		String(page),
		'-scale-to-x',
		String(width * ZOOM),
		'-scale-to-y',
		String(height * ZOOM),
		'-aa',
		'no',
		'-aaVector',
		'no',
	];
	if (colour === 'grey') args.push('-gray');
	const pnm = execFileSync('pdftoppm', [...args, pdf], { maxBuffer: 1 << 30 });
	const header = /^P([56])\s+(\d+)\s+(\d+)\s+255\s/.exec(pnm.subarray(0, 64).toString('latin1'));
	if (header === null) throw new Error('pdftoppm did not write a PGM or PPM');
	expect({ width: Number(header[2]), height: Number(header[3]) }).toEqual({
		width: width * ZOOM,
		height: height * ZOOM,
	});
	const channels = colour === 'grey' ? 1 : 3;
	const zoomed = pnm.subarray(header[0].length);
	const samples = new Uint8Array(width * height * channels);
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const from = ((y * ZOOM + ZOOM / 2) * width * ZOOM + x * ZOOM + ZOOM / 2) * channels;
			for (let channel = 0; channel < channels; channel++)
				samples[(y * width + x) * channels + channel] = zoomed[from + channel];
		}
	}
	return samples;
}

/** The first pixels where two renderings differ (an empty list when they are identical). */
export function differences(
	actual: Uint8Array,
	expected: Uint8Array,
	width: number,
	channels = 1,
): string[] {
	const found: string[] = [];
	if (actual.length !== expected.length)
		return [`${actual.length} samples where ${expected.length} were expected`];
	for (let index = 0; index < actual.length && found.length < 5; index++) {
		if (actual[index] !== expected[index]) {
			const pixel = Math.floor(index / channels);
			found.push(
				`(${pixel % width}, ${Math.floor(pixel / width)}) channel ${index % channels}: ${actual[index]} instead of ${expected[index]}`,
			);
		}
	}
	return found;
}

/** pdf.js's build (the PDF reader of browsers), when installed: @n8n/node-cli brings it in through pdf-parse. */
export const PDFJS = ((): string | undefined => {
	try {
		return require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
	} catch {
		return undefined;
	}
})();

/** Run by node as an ES module: decodes the first image of page 1 with pdf.js, prints it as JSON. */
const PDFJS_SCRIPT = `
import { readFileSync } from 'fs';
const [pdfjsPath, file] = process.argv.slice(1);
const pdfjs = await import(pdfjsPath);
const document = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 }).promise;
const page = await document.getPage(1);
const operators = await page.getOperatorList();
const name = operators.argsArray[operators.fnArray.indexOf(pdfjs.OPS.paintImageXObject)][0];
const image = await new Promise((resolve) => page.objs.get(name, resolve));
process.stdout.write(JSON.stringify({ width: image.width, height: image.height, kind: image.kind, data: Buffer.from(image.data).toString('base64') }));
`;

/** The first image of page 1 as pdf.js decodes it, as grey samples (0 black, 255 white). */
export function pdfjsGrey(pdf: string): { width: number; height: number; grey: Uint8Array } {
	if (PDFJS === undefined) throw new Error('pdfjs-dist is not installed');
	const output = execFileSync(
		process.execPath,
		['--input-type=module', '-e', PDFJS_SCRIPT, PDFJS, pdf],
		{ encoding: 'utf8', maxBuffer: 256 << 20 },
	);
	const image = JSON.parse(output) as { width: number; height: number; kind: number; data: string };
	const data = Buffer.from(image.data, 'base64');
	const grey = new Uint8Array(image.width * image.height);
	const rowBytes = Math.ceil(image.width / 8);
	// pdf.js kinds: 1 is one bit a pixel (1 white), 2 RGB, 3 RGBA; grey is read from the red channel.
	for (let y = 0; y < image.height; y++) {
		for (let x = 0; x < image.width; x++) {
			const at = y * image.width + x;
			if (image.kind === 1)
				grey[at] = (data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
			else grey[at] = data[at * (image.kind === 2 ? 3 : 4)];
		}
	}
	return { width: image.width, height: image.height, grey };
}
