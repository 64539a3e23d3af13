/**
 * The Debian tools the reader and joiner tests run, on top of test/harness/pdf-reader.ts (qpdf --check,
 * pdfinfo, pdftotext): qpdf to make the variants of a file, pdftoppm to render pages and pdfimages to
 * list their images, pdffonts to list the fonts and pdftotext -bbox to place the words, and the
 * comparison of a joined file with its sources page by page.
 */
import { execFileSync, spawnSync } from 'child_process';
import { readFileSync, readdirSync, writeFileSync } from 'fs';
import { join } from 'path';
import { pdfReader, SOUND_PDF, type ReadPdf } from '../../../harness/pdf-reader';

export interface PdfTools {
	/** qpdf --check, pdfinfo, pdftotext of a file (its temp copy is `.file`). */
	read(pdf: Buffer): ReadPdf;
	/** The file qpdf makes of `pdf` with these options (e.g. ['--object-streams=generate']). */
	qpdf(pdf: Buffer, options: readonly string[]): Buffer;
	/** Each page rendered by pdftoppm -r 50, as PPM bytes. */
	renders(file: string): Buffer[];
	/** pdfimages -list per page: each image's type, size, colour, bits, encoding, resolution and byte size. */
	images(file: string, pages: number): string[][];
	/** pdffonts: each font's name, type, encoding and its emb, sub and uni columns. */
	fonts(file: string): PdfFont[];
	/** pdftotext -bbox: each word (a run of text without spaces) with its page (from 1) and box in points from the top left. */
	wordBoxes(file: string): WordBox[];
	/** Writes a file of the temp folder (for a tool that needs another name). */
	path(name: string): string;
	dispose(): void;
}

export interface PdfFont {
	name: string;
	type: string;
	encoding: string;
	embedded: boolean;
	subset: boolean;
	toUnicode: boolean;
}

export interface WordBox {
	page: number;
	xMin: number;
	yMin: number;
	xMax: number;
	yMax: number;
	text: string;
}

export function pdfTools(prefix: string): PdfTools {
	// The reader's temp folder holds the tools' files too (removed by dispose).
	const reader = pdfReader(prefix);
	const { directory } = reader;
	let count = 0;
	const path = (name: string): string => join(directory, name);
	return {
		read: (pdf) => reader.read(pdf),
		path,
		qpdf(pdf, options) {
			const input = path(`qpdf-in-${++count}.pdf`);
			const output = path(`qpdf-out-${count}.pdf`);
			writeFileSync(input, pdf);
			const run = spawnSync('qpdf', [...options, input, output], { encoding: 'utf8' });
			if (run.status !== 0)
				throw new Error(`qpdf ${options.join(' ')} failed (${run.status}): ${run.stderr}`);
			return readFileSync(output);
		},
		renders(file) {
			const prefixPath = path(`render-${++count}`);
			execFileSync('pdftoppm', ['-r', '50', file, prefixPath]);
			const name = prefixPath.slice(prefixPath.lastIndexOf('/') + 1);
			return readdirSync(directory)
				.filter((entry) => entry.startsWith(`${name}-`) && entry.endsWith('.ppm'))
				.sort()
				.map((entry) => readFileSync(join(directory, entry)));
		},
		images(file, pages) {
			const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
				.split('\n')
				.slice(2)
				.filter((line) => line.trim() !== '');
			const byPage: string[][] = Array.from({ length: pages }, () => []);
			for (const line of list) {
				// page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio:
				// the image's number and object ID change when it is copied, the rest must not.
				const [page, , ...rest] = line.trim().split(/\s+/);
				const [type, width, height, color, components, bits, encoding, interpolate, , , ...tail] =
					rest;
				byPage[Number(page) - 1].push(
					[type, width, height, color, components, bits, encoding, interpolate, ...tail].join(' '),
				);
			}
			return byPage;
		},
		fonts(file) {
			// The columns are aligned under the header's dashes: cut each row at the same widths.
			const [, dashes, ...rows] = execFileSync('pdffonts', [file], { encoding: 'utf8' })
				.split('\n')
				.filter((line) => line.trim() !== '');
			const columns: Array<[number, number]> = [];
			for (const match of dashes.matchAll(/-+/g))
				columns.push([match.index, match.index + match[0].length]);
			return rows.map((row) => {
				const [name, type, encoding, embedded, subset, toUnicode] = columns.map(([start, end]) =>
					row.slice(start, end + 1).trim(),
				);
				return {
					name,
					type,
					encoding,
					embedded: embedded === 'yes',
					subset: subset === 'yes',
					toUnicode: toUnicode === 'yes',
				};
			});
		},
		wordBoxes(file) {
			const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
			const boxes: WordBox[] = [];
			let page = 0;
			for (const match of html.matchAll(
				/<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
			)) {
				if (match[0] === '<page ') {
					page += 1;
					continue;
				}
				const [xMin, yMin, xMax, yMax] = match.slice(1, 5).map(Number);
				boxes.push({ page, xMin, yMin, xMax, yMax, text: match[5] });
			}
			return boxes;
		},
		dispose: () => reader.dispose(),
	};
}

/** What a joined file must be: sound, with exactly the pages of its sources, each rendered, read and imaged the same. */
export interface JoinCheck {
	joined: ReadPdf;
	/** Indexes (from 0) of joined pages whose render, text or images differ from their source page's. */
	differentRenders: number[];
	differentTexts: number[];
	differentImages: number[];
}

/** Compares a joined file with its sources (given as clean files: a damaged source's reference is its undamaged self). */
export function compareJoined(
	tools: PdfTools,
	joinedPdf: Buffer,
	sources: readonly Buffer[],
): JoinCheck {
	const joined = tools.read(joinedPdf);
	const read = sources.map((source) => tools.read(source));
	const sourceRenders = read.flatMap((source) => tools.renders(source.file));
	const sourceTexts = read.flatMap((source) => source.pageTexts);
	const sourceImages = read.flatMap((source) => tools.images(source.file, source.pages));
	const renders = tools.renders(joined.file);
	const images = tools.images(joined.file, joined.pages);
	const pages = Math.max(renders.length, sourceRenders.length);
	const indexes = Array.from({ length: pages }, (_, index) => index);
	return {
		joined,
		differentRenders: indexes.filter(
			(index) =>
				!(
					renders[index] !== undefined &&
					sourceRenders[index] !== undefined &&
					renders[index].equals(sourceRenders[index])
				),
		),
		differentTexts: indexes.filter((index) => joined.pageTexts[index] !== sourceTexts[index]),
		differentImages: indexes.filter(
			(index) => JSON.stringify(images[index]) !== JSON.stringify(sourceImages[index]),
		),
	};
}

/** The expectation every joined file meets: qpdf --check clean, the page count, every page the same as its source. */
export function expectSameAsSources(
	tools: PdfTools,
	joinedPdf: Buffer,
	sources: readonly Buffer[],
	pages: number,
): JoinCheck {
	const check = compareJoined(tools, joinedPdf, sources);
	expect(check.joined.check).toEqual(SOUND_PDF);
	expect(check.joined.pages).toBe(pages);
	expect({
		renders: check.differentRenders,
		texts: check.differentTexts,
		images: check.differentImages,
	}).toEqual({ renders: [], texts: [], images: [] });
	return check;
}
