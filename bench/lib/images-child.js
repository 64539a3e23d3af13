'use strict';
/**
 * One measured process of part 7 (lib/images.js): images in `input` (a JSON file: { tool, pdfModule,
 * files: [{ file, kind }], runs, outFile }) into one PDF, files in and a file out, then one JSON line.
 * `tool` is `ours` (openDocument(bytes, { pageSize: 'letter' }) of each image and joinDocuments, from
 * dist/, as the node's packet.ts does) or `pdf-lib` (embedJpg / embedPng, one Letter page each, the
 * image drawn where ours puts it: inside half-inch margins, aspect kept, turned a quarter anticlockwise
 * when that prints it larger; pdf-lib reads no EXIF orientation, so an upright photo stays sideways).
 *
 *   node --expose-gc images-child.js time <input>     the first conversion, then `runs` more (ms each)
 *   node --expose-gc images-child.js memory <input>   one conversion between two readings of VmHWM
 *   node --expose-gc images-child.js baseline <input> loads the library, converts nothing
 */

const fs = require('fs');

const { measureMain } = require('./child-measure');

const [mode, inputFile] = process.argv.slice(2);
const input = JSON.parse(fs.readFileSync(inputFile, 'utf8'));

const LETTER = { width: 612, height: 792 };
const MARGIN = 36;
const DEFAULT_DPI = 96;

function oursConvert() {
	const { openDocument, joinDocuments } = require(input.pdfModule);
	return () => {
		const documents = input.files.map(({ file }) =>
			openDocument(fs.readFileSync(file), { pageSize: 'letter' }),
		);
		return joinDocuments(documents);
	};
}

/** Where ours puts an image of width x height pixels (96 dpi, no EXIF): { x, y, width, height, turned }. */
function placement(width, height) {
	const box = { width: LETTER.width - 2 * MARGIN, height: LETTER.height - 2 * MARGIN };
	const size = { width: (width / DEFAULT_DPI) * 72, height: (height / DEFAULT_DPI) * 72 };
	const fit = (w, h) => Math.min(1, box.width / w, box.height / h);
	const asIs = fit(size.width, size.height);
	const quarter = size.width > size.height ? fit(size.height, size.width) : 0;
	const turned = quarter > asIs * (1 + 1e-9);
	const scale = turned ? quarter : asIs;
	const drawn = { width: size.width * scale, height: size.height * scale };
	const footprint = turned ? { width: drawn.height, height: drawn.width } : drawn;
	const left = (LETTER.width - footprint.width) / 2;
	const bottom = (LETTER.height - footprint.height) / 2;
	// pdf-lib turns about the drawing point (the image's lower left corner): anticlockwise, the image
	// then lies left of that point, so the point moves right by the footprint's width.
	return { x: turned ? left + footprint.width : left, y: bottom, ...drawn, turned };
}

function pdfLibConvert() {
	const { PDFDocument, degrees } = require('pdf-lib');
	return async () => {
		const document = await PDFDocument.create();
		for (const { file, kind } of input.files) {
			const bytes = fs.readFileSync(file);
			const image =
				kind === 'jpeg' ? await document.embedJpg(bytes) : await document.embedPng(bytes);
			const page = document.addPage([LETTER.width, LETTER.height]);
			const { x, y, width, height, turned } = placement(image.width, image.height);
			page.drawImage(image, { x, y, width, height, rotate: degrees(turned ? 90 : 0) });
		}
		const pdf = await document.save();
		return { pdf, pages: document.getPageCount() };
	};
}

const convert = input.tool === 'ours' ? oursConvert() : pdfLibConvert();
// Files in, a file out, in every run: what img2pdf does too.
measureMain(mode, { runs: input.runs }, async () => {
	const { pdf, pages } = await convert();
	fs.writeFileSync(input.outFile, pdf);
	return { pages, bytes: pdf.length };
});
