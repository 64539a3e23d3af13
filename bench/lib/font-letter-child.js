'use strict';
/**
 * One measured process of part 5c (lib/font-letter.js): a plain letter in an embedded TrueType font,
 * by renderLetter from dist/ (`producer: 'ours'`) or by pdfkit (`'pdfkit'`, lib/pdfkit-font.js). The
 * input is a JSON file { producer, pdfModule, textFile, fontFile, fontSize, runs, outFile, pdfkit }
 * (`pdfkit`: more of pdfkit's text options for this letter, such as `align`); the text and the font
 * file are read once, before anything is measured, as the node has the font's bytes from its item;
 * every render then parses the font and embeds its subset anew. See child-measure.js.
 */

const fs = require('fs');

const { measureMain } = require('./child-measure');

const [mode, inputFile] = process.argv.slice(2);
const input = JSON.parse(fs.readFileSync(inputFile, 'utf8'));
const text = fs.readFileSync(input.textFile, 'utf8');
const font = fs.readFileSync(input.fontFile);

let work;
if (input.producer === 'ours') {
	const { renderLetter } = require(input.pdfModule);
	const options = { pageSize: 'letter', fontSize: input.fontSize, font: { regular: font } };
	work = () => {
		const letter = renderLetter(text, options);
		return { pages: letter.pages, bytes: letter.pdf.length, pdf: letter.pdf };
	};
} else if (input.producer === 'pdfkit') {
	const { renderWithPdfkitFont } = require('./pdfkit-font');
	work = async () => {
		const { pdf, pages } = await renderWithPdfkitFont(text, font, input.fontSize, input.pdfkit);
		return { pages, bytes: pdf.length, pdf };
	};
} else {
	throw new Error(`unknown producer ${input.producer}`);
}

measureMain(mode, input, work);
