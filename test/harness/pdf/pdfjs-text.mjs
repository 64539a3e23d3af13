/**
 * A second reader of generated PDFs: pdf.js (pdfjs-dist, a dev dependency; ESM, so it runs in its own
 * Node process), the text a browser's PDF viewer gives when text is copied. Reads {files: [path]} as
 * JSON on stdin, writes each file's text as lines (pdf.js's items joined, a line ending where pdf.js
 * says one does) as JSON on stdout: [[line, ...], ...] per file.
 */
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const { files } = JSON.parse(readFileSync(0, 'utf8'));
const results = [];
for (const file of files) {
	const document = await getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 })
		.promise;
	const lines = [];
	for (let number = 1; number <= document.numPages; number += 1) {
		const content = await (await document.getPage(number)).getTextContent();
		let line = '';
		for (const item of content.items) {
			line += item.str;
			if (item.hasEOL) {
				lines.push(line);
				line = '';
			}
		}
		if (line !== '') lines.push(line);
	}
	results.push(lines);
	await document.destroy();
}
process.stdout.write(JSON.stringify(results));
