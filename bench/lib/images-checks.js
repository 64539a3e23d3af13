'use strict';
/**
 * The correctness checks of part 7 (lib/images.js) on one tool's PDF: the page count (pdfinfo) and
 * qpdf --check; for JPEG inputs, each page's DCT stream (pdfimages -j writes it as it is in the PDF)
 * against its source file: the same markers and bytes once the metadata segments (APPn, COM) are set
 * aside on both sides, i.e. the same tables, frame header and entropy-coded scans; and a page rendered
 * by pdftoppm at 20 dpi against ours' rendering of the same page.
 */

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const { check } = require('./config');

const run = (command, args) =>
	spawnSync(command, args, { encoding: 'utf8', timeout: 300000, maxBuffer: 1 << 26 });

/** Page count and qpdf --check without a warning. */
function checkPdf(name, outFile, pages) {
	const info = run('pdfinfo', [outFile]);
	const counted = Number(/^Pages:\s+(\d+)$/m.exec(info.stdout)?.[1]);
	check(
		`${name}: ${pages} pages`,
		counted === pages,
		`pdfinfo: ${counted} (${info.stderr.slice(0, 200)})`,
	);
	const qpdf = run('qpdf', ['--check', outFile]);
	const output = `${qpdf.stdout}${qpdf.stderr}`;
	check(
		`${name}: qpdf --check`,
		qpdf.status === 0 &&
			!/warning/i.test(output) &&
			/No syntax or stream encoding errors found/.test(output),
		output.slice(0, 300),
	);
}

/**
 * A JPEG split into what a decoder draws from (SOI, tables, frame, scan headers with their
 * entropy-coded data, EOI; `core`: the APPn and COM segments left out) and the count of its metadata
 * segments (EXIF, XMP, ICC, comments…: the APPn and COM segments but JFIF's and Adobe's).
 */
function jpegParts(data) {
	const core = [];
	let metadata = 0;
	let at = 0;
	while (at + 1 < data.length) {
		if (data[at] !== 0xff) throw new Error(`no marker at byte ${at}`);
		const marker = data[at + 1];
		if (marker === 0xff) {
			at += 1; // fill byte
			continue;
		}
		if (marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7)) {
			core.push(data.subarray(at, at + 2));
			at += 2;
			if (marker === 0xd9) break;
			continue;
		}
		let end = at + 2 + data.readUInt16BE(at + 2);
		if (marker === 0xda) {
			// The scan's entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
			for (;;) {
				end = data.indexOf(0xff, end);
				if (end < 0) throw new Error('scan without end');
				const next = data[end + 1];
				if (next === 0 || (next >= 0xd0 && next <= 0xd7)) end += 2;
				else break;
			}
		}
		if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
			// JFIF's APP0 and Adobe's APP14 tell a decoder the colour transform: not metadata.
			const identifier = data.toString('latin1', at + 4, at + 9);
			const decoding =
				(marker === 0xe0 && identifier === 'JFIF\0') || (marker === 0xee && identifier === 'Adobe');
			if (!decoding) metadata += 1;
		} else core.push(data.subarray(at, end));
		at = end;
	}
	return { core: Buffer.concat(core), metadata };
}

/**
 * Each page's DCT stream against its source: the same core bytes (tables, frame, scans) on every page;
 * `wholeFile` tools (img2pdf, pdf-lib) copy the whole file, ours leaves the metadata out.
 */
function checkJpegStreams(name, outFile, sources, directory, { wholeFile }) {
	const prefix = path.join(directory, 'extracted');
	fs.rmSync(directory, { recursive: true, force: true });
	fs.mkdirSync(directory, { recursive: true });
	const extracted = run('pdfimages', ['-j', outFile, prefix]);
	const files = fs
		.readdirSync(directory)
		.filter((file) => file.startsWith('extracted-'))
		.sort();
	const jpegs = files.filter((file) => file.endsWith('.jpg'));
	check(
		`${name}: one DCT stream per page, nothing else (pdfimages -j)`,
		extracted.status === 0 && jpegs.length === sources.length && files.length === sources.length,
		`${jpegs.length} JPEG of ${files.length} images for ${sources.length} pages ${extracted.stderr.slice(0, 200)}`,
	);
	let sameScans = 0;
	let sameFiles = 0;
	let metadataLeft = 0;
	let bytesInPdf = 0;
	jpegs.forEach((file, index) => {
		if (index >= sources.length) return;
		const stream = fs.readFileSync(path.join(directory, file));
		const source = fs.readFileSync(sources[index]);
		const [inPdf, original] = [jpegParts(stream), jpegParts(source)];
		if (inPdf.core.equals(original.core)) sameScans += 1;
		if (stream.equals(source)) sameFiles += 1;
		metadataLeft += inPdf.metadata;
		bytesInPdf += stream.length;
	});
	check(
		`${name}: every page's tables, frame and entropy-coded scans byte-identical to its file's`,
		sameScans === sources.length,
		`${sameScans} of ${sources.length}`,
	);
	if (wholeFile)
		check(
			`${name}: every stream is its whole file`,
			sameFiles === sources.length,
			`${sameFiles} of ${sources.length}`,
		);
	else
		check(
			`${name}: no EXIF, XMP, thumbnail or comment left in the streams (JFIF and Adobe segments aside)`,
			metadataLeft === 0,
			`${metadataLeft} metadata segments in ${sources.length} streams`,
		);
	fs.rmSync(directory, { recursive: true, force: true });
	return { sameScans, sameFiles, metadataSegments: metadataLeft, streamBytes: bytesInPdf };
}

/** Page `page` of the PDF at 20 dpi: { width, height, pixels } (RGB). */
function render(outFile, page, directory) {
	const prefix = path.join(directory, `page-${page}-${path.basename(outFile, '.pdf')}`);
	const result = run('pdftoppm', [
		'-r',
		'20',
		'-f',
		String(page),
		'-l',
		String(page),
		'-singlefile',
		outFile,
		prefix,
	]);
	if (result.status !== 0) throw new Error(`pdftoppm ${outFile} failed: ${result.stderr}`);
	const data = fs.readFileSync(`${prefix}.ppm`);
	fs.rmSync(`${prefix}.ppm`);
	const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(data.toString('latin1', 0, 40));
	return {
		width: Number(header[1]),
		height: Number(header[2]),
		pixels: data.subarray(header[0].length),
	};
}

/** Mean difference of the RGB samples, and the share of samples off by more than 32 levels. */
function pageDifference(ours, other) {
	if (other.width !== ours.width || other.height !== ours.height) return { comparable: false };
	let sum = 0;
	let far = 0;
	for (let index = 0; index < ours.pixels.length; index++) {
		const difference = Math.abs(ours.pixels[index] - other.pixels[index]);
		sum += difference;
		if (difference > 32) far += 1;
	}
	return {
		comparable: true,
		meanDifference: sum / ours.pixels.length,
		farShare: far / ours.pixels.length,
	};
}

/**
 * Ours' page `page` against another tool's: a mean difference of at most 2 levels and under 3 % of
 * samples off by more than 32 (a soft mask's edge is smoothed otherwise than a picture put on white
 * first: a one-pixel line around the picture, about 1.5 % of a page at 20 dpi). A landscape page
 * where ours is portrait (img2pdf --auto-orient's page for a wide picture, which ours turns) is turned
 * a quarter anticlockwise by qpdf --rotate=-90 first, so that poppler draws both pictures turned.
 */
function checkSamePixels(name, oursFile, otherFile, page, directory) {
	fs.mkdirSync(directory, { recursive: true });
	const ours = render(oursFile, page, directory);
	let other = render(otherFile, page, directory);
	let turned = false;
	if (other.width === ours.height && other.height === ours.width && ours.width !== ours.height) {
		const turnedFile = path.join(directory, `turned-${path.basename(otherFile)}`);
		const rotated = run('qpdf', [otherFile, `--rotate=-90:${page}`, turnedFile]);
		if (rotated.status !== 0) throw new Error(`qpdf --rotate failed: ${rotated.stderr}`);
		other = render(turnedFile, page, directory);
		fs.rmSync(turnedFile);
		turned = true;
	}
	const difference = { ...pageDifference(ours, other), turned };
	check(
		`${name}: page ${page} renders as ours does (pdftoppm -r 20)`,
		difference.comparable && difference.meanDifference <= 2 && difference.farShare < 0.03,
		JSON.stringify(difference),
	);
	return difference;
}

module.exports = { checkPdf, checkJpegStreams, checkSamePixels, jpegParts };
