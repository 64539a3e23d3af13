/**
 * How the corpus suites look at a PDF, with Debian's tools (.ci/run installs qpdf, poppler-utils and
 * libtiff-tools): qpdf --check, pdfinfo's page count and each page's pdftotext, as
 * test/harness/pdf-reader.ts reads them (its ReadPdf) but run side by side, so the suite uses both
 * cores; pdftoppm -r 40 -gray for each page's pixels, pdfimages -list for each page's images, tiffinfo
 * for a TIFF's pages, and the page-by-page comparison of a joined file with its sources.
 */
import { execFile } from 'child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { basename, join } from 'path';
import { promisify } from 'util';
import type { ReadPdf } from '../../../harness/pdf-reader';

/** What the tools see of one PDF, page by page. */
export interface PdfProfile {
	read: ReadPdf;
	/** Each page rendered by pdftoppm -r 40 -gray: the PGM file's bytes. */
	renders: Buffer[];
	/** Each page's images from pdfimages -list: type, width, height, color, comp, bpc, enc. */
	images: string[][];
}

export interface CorpusTools {
	profile(pdf: Buffer): Promise<PdfProfile>;
	/** tiffinfo's pages of a TIFF: each directory's width and length in pixels. */
	tiffPages(tiff: Buffer): Promise<{ width: number; height: number }[]>;
	dispose(): void;
}

const execute = promisify(execFile);
const output = async (command: string, args: string[]) =>
	(await execute(command, args, { encoding: 'latin1', maxBuffer: 1 << 28 })).stdout;

async function renderPages(directory: string, file: string): Promise<Buffer[]> {
	const prefix = join(directory, `${basename(file, '.pdf')}-render`);
	await execute('pdftoppm', ['-r', '40', '-gray', file, prefix]);
	const name = basename(prefix);
	// pdftoppm pads the page number to the width of the last one: sort by the number.
	const pages = readdirSync(directory)
		.filter((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.pgm'))
		.map((entry) => ({ entry, page: Number(entry.slice(name.length + 1, -4)) }))
		.sort((a, b) => a.page - b.page);
	return pages.map(({ entry }) => readFileSync(join(directory, entry)));
}

async function pageImages(file: string, pages: number): Promise<string[][]> {
	const byPage: string[][] = Array.from({ length: pages }, () => []);
	const rows = (await output('pdfimages', ['-list', file])).split('\n').slice(2);
	for (const row of rows.filter((line) => line.trim() !== '')) {
		// page num type width height color comp bpc enc interp object ID x-ppi ...: the number and the object change when copied.
		const [page, , type, width, height, color, components, bits, encoding] = row
			.trim()
			.split(/\s+/);
		byPage[Number(page) - 1].push(
			[type, width, height, color, components, bits, encoding].join(' '),
		);
	}
	return byPage;
}

/** qpdf --check, pdfinfo's page count and pdftotext -layout of each page, as test/harness/pdf-reader.ts reads them, but side by side. */
async function readPdf(file: string): Promise<ReadPdf> {
	const [check, info] = await Promise.all([
		execute('qpdf', ['--check', file], { encoding: 'utf8' }).then(
			({ stdout, stderr }) => ({ status: 0, output: `${stdout}${stderr}` }),
			(error) => ({
				status: typeof error.code === 'number' ? error.code : null,
				output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
			}),
		),
		output('pdfinfo', [file]),
	]);
	const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
	const pdftotext = (range: string[]) =>
		execute('pdftotext', ['-layout', ...range, file, '-'], { encoding: 'utf8' }).then(
			({ stdout }) => stdout,
		);
	const pageTexts = await Promise.all(
		Array.from({ length: pages }, (_, index) =>
			pdftotext(['-f', String(index + 1), '-l', String(index + 1)]),
		),
	);
	return {
		file,
		check: { ...check, warnings: check.output.match(/warning.*/gi) ?? [] },
		info,
		pages,
		text: pageTexts.join(''),
		pageTexts,
	};
}

/** The tools' temp folder (removed by dispose); each profile's files in it. */
export function corpusTools(prefix: string): CorpusTools {
	const directory = mkdtempSync(join(tmpdir(), prefix));
	let files = 0;
	const write = (bytes: Buffer, extension: string) => {
		const file = join(directory, `file-${++files}.${extension}`);
		writeFileSync(file, bytes);
		return file;
	};
	return {
		async profile(pdf) {
			const file = write(pdf, 'pdf');
			const read = await readPdf(file);
			const [renders, images] = await Promise.all([
				renderPages(directory, file),
				pageImages(file, read.pages),
			]);
			return { read, renders, images };
		},
		async tiffPages(tiff) {
			const info = await output('tiffinfo', [write(tiff, 'tif')]);
			return [...info.matchAll(/Image Width: (\d+) Image Length: (\d+)/g)].map((match) => ({
				width: Number(match[1]),
				height: Number(match[2]),
			}));
		},
		dispose: () => rmSync(directory, { recursive: true, force: true }),
	};
}

/** The pages of a joined file that differ from their source pages, by what differs (indexes from 0 in the joined file). */
export interface JoinDifferences {
	renders: number[];
	texts: number[];
	images: number[];
}

/** Compares the joined file's pages, in order, with the pages of its sources. */
export function differences(joined: PdfProfile, sources: readonly PdfProfile[]): JoinDifferences {
	const renders = sources.flatMap((source) => source.renders);
	const texts = sources.flatMap((source) => source.read.pageTexts);
	const images = sources.flatMap((source) => source.images);
	const indexes = Array.from(
		{ length: Math.max(joined.read.pages, renders.length) },
		(_, index) => index,
	);
	return {
		renders: indexes.filter(
			(index) =>
				!(
					joined.renders[index] !== undefined &&
					renders[index] !== undefined &&
					joined.renders[index].equals(renders[index])
				),
		),
		texts: indexes.filter((index) => joined.read.pageTexts[index] !== texts[index]),
		images: indexes.filter(
			(index) => JSON.stringify(joined.images[index]) !== JSON.stringify(images[index]),
		),
	};
}
