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
const { performance } = require('perf_hooks');

/** VmHWM (peak RSS) and VmRSS of this process, in bytes. */
function vm() {
	const text = fs.readFileSync('/proc/self/status', 'utf8');
	const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)[1]) * 1024;
	return { hwm: field('VmHWM'), rss: field('VmRSS') };
}

const [mode, inputFile] = process.argv.slice(2);
const input = JSON.parse(fs.readFileSync(inputFile, 'utf8'));
const { renderLetter } = require(input.pdfModule);
const text = fs.readFileSync(input.textFile, 'utf8');
const render = () => renderLetter(text, input.options);

let result;
if (mode === 'time') {
	const times = [];
	let letter;
	for (let run = 0; run <= input.runs; run++) {
		const started = performance.now();
		letter = render();
		times.push(performance.now() - started);
	}
	result = { firstMs: times[0], laterMs: times.slice(1), pages: letter.pages, bytes: letter.pdf.length };
} else if (mode === 'memory' || mode === 'baseline') {
	global.gc();
	const before = { ...process.memoryUsage(), ...vm() };
	const letter = mode === 'memory' ? render() : null;
	// No gc before reading: the growth counts what the render allocated, garbage included.
	const after = { ...process.memoryUsage(), ...vm() };
	if (letter && input.outFile) fs.writeFileSync(input.outFile, letter.pdf);
	result = {
		peakRssBytes: after.hwm,
		peakRssBeforeBytes: before.hwm,
		heapUsedGrowthBytes: after.heapUsed - before.heapUsed,
		arrayBuffersGrowthBytes: after.arrayBuffers - before.arrayBuffers,
		pages: letter ? letter.pages : 0,
		bytes: letter ? letter.pdf.length : 0,
	};
} else {
	throw new Error(`unknown mode ${mode}`);
}
process.stdout.write(`${JSON.stringify(result)}\n`);
