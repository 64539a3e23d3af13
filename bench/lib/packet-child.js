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
const { performance } = require('perf_hooks');

/** VmHWM (peak RSS) and VmRSS of this process, in bytes. */
function vm() {
	const text = fs.readFileSync('/proc/self/status', 'utf8');
	const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)[1]) * 1024;
	return { hwm: field('VmHWM'), rss: field('VmRSS') };
}

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
			for (const page of await joined.copyPages(source, source.getPageIndices())) joined.addPage(page);
		}
		const pdf = await joined.save({ useObjectStreams: input.useObjectStreams });
		return { pdf, pages: joined.getPageCount() };
	};
}

async function main() {
	const join = input.tool === 'ours' ? oursJoin() : pdfLibJoin();
	// Files in, a file out: what qpdf does too.
	const once = async (outFile) => {
		const { pdf, pages } = await join();
		fs.writeFileSync(outFile, pdf);
		return { pages, bytes: pdf.length };
	};
	let result;
	if (mode === 'time') {
		const times = [];
		let joined;
		for (let run = 0; run <= input.runs; run++) {
			const started = performance.now();
			joined = await once(input.outFile);
			times.push(performance.now() - started);
		}
		result = { firstMs: times[0], laterMs: times.slice(1), ...joined };
	} else if (mode === 'memory' || mode === 'baseline') {
		global.gc();
		const before = { ...process.memoryUsage(), ...vm() };
		const joined = mode === 'memory' ? await once(input.outFile) : { pages: 0, bytes: 0 };
		// No gc before reading: the growth counts what the join allocated, garbage included.
		const after = { ...process.memoryUsage(), ...vm() };
		result = {
			peakRssBytes: after.hwm,
			peakRssBeforeBytes: before.hwm,
			heapUsedGrowthBytes: after.heapUsed - before.heapUsed,
			arrayBuffersGrowthBytes: after.arrayBuffers - before.arrayBuffers,
			...joined,
		};
	} else {
		throw new Error(`unknown mode ${mode}`);
	}
	process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error) => {
	process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
	process.exit(1);
});
