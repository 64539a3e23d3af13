'use strict';
/**
 * One measured process of the Markdown letter's pdfkit variant (lib/markdown-letter.js): the input is
 * the JSON of letter-child.js ({ pdfModule, textFile, runs, outFile }); see child-measure.js.
 */

const fs = require('fs');

const { measureMain } = require('./child-measure');
const { renderWithPdfkit } = require('./pdfkit-markdown');

const [mode, inputFile] = process.argv.slice(2);
const input = JSON.parse(fs.readFileSync(inputFile, 'utf8'));
const text = fs.readFileSync(input.textFile, 'utf8');

measureMain(mode, input, async () => {
	const { pdf, pages } = await renderWithPdfkit(text, input.pdfModule);
	return { pages, bytes: pdf.length, pdf };
});
