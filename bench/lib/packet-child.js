'use strict';
/**
 * One measured process of part 6 (lib/packet.js): joins a cover page and the documents in `input` (a
 * JSON file: { tool, pdfModule, cover, coverFile, files, runs, outFile, useObjectStreams }) into one PDF, files
 * in and a file out, then prints one JSON line. `tool` is `ours` (openDocument + joinDocuments from
 * dist/, the cover page rendered from `cover` by renderCoverSheet, as the node does) or `pdf-lib` (PDFDocument.load
 * of the cover PDF and each document, copyPages, save).
 *
 *   node --expose-gc packet-child.js time <input>     the first join, then `runs` more (ms each)
 *   node --expose-gc packet-child.js memory <input>   one join: VmHWM before and after, heap and
 *                                                     arrayBuffers growth; writes the PDF to outFile
 *   node --expose-gc packet-child.js baseline <input> loads the library, joins nothing
 */

const fs = require('fs');

const { measureMain } = require('./child-measure');

const [mode, inputFile] = process.argv.slice(2);
const input = JSON.parse(fs.readFileSync(inputFile, 'utf8'));

function oursJoin() {
	const { openDocument, joinDocuments, renderCoverSheet } = require(input.pdfModule);
	return () => {
		const documents = input.files.map((file) => openDocument(fs.readFileSync(file)));
		const following = documents.reduce((sum, document) => sum + document.pageCount, 0);
		const cover = openDocument(renderCoverSheet(input.cover, following).pdf);
		return joinDocuments([cover, ...documents]);
	};
}

function pdfLibJoin() {
	const { PDFDocument } = require('pdf-lib');
	return async () => {
		const joined = await PDFDocument.create();
		for (const file of [input.coverFile, ...input.files]) {
			const source = await PDFDocument.load(fs.readFileSync(file));
			for (const page of await joined.copyPages(source, source.getPageIndices()))
				joined.addPage(page);
		}
		const pdf = await joined.save({ useObjectStreams: input.useObjectStreams });
		return { pdf, pages: joined.getPageCount() };
	};
}

const join = input.tool === 'ours' ? oursJoin() : pdfLibJoin();
// Files in, a file out, in every run: what qpdf does too.
measureMain(mode, { runs: input.runs }, async () => {
	const { pdf, pages } = await join();
	fs.writeFileSync(input.outFile, pdf);
	return { pages, bytes: pdf.length };
});
