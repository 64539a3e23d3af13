'use strict';
/**
 * One measured process of part 5 (lib/letter.js): loads renderLetter from dist/ and renders the letter
 * in `input` (a JSON file: { pdfModule, textFile, options, runs, outFile }), then prints one JSON line.
 *
 *   node --expose-gc letter-child.js time <input>     the first render, then `runs` more (ms each)
 *   node --expose-gc letter-child.js memory <input>   one render: VmHWM before and after, heap and
 *                                                     arrayBuffers growth; writes the PDF to outFile
 *   node --expose-gc letter-child.js baseline <input> loads the module and reads the text, no render
 */

const fs = require('fs');

const { measureMain } = require('./child-measure');

const [mode, inputFile] = process.argv.slice(2);
const input = JSON.parse(fs.readFileSync(inputFile, 'utf8'));
const { renderLetter } = require(input.pdfModule);
const text = fs.readFileSync(input.textFile, 'utf8');

measureMain(mode, input, () => {
	const letter = renderLetter(text, input.options);
	return { pages: letter.pages, bytes: letter.pdf.length, pdf: letter.pdf };
});
