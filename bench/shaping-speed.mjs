/**
 * Shaping speed (issue 56): a 10-page letter's worth of Arabic (about 30,000 characters, the corpus's
 * sentences and names repeated, cut into lines of at most 75 characters at spaces, one run a line),
 * shaped by shapeRun from dist/ (refresh it with `npx tsc -p tsconfig.build.json`) and by HarfBuzz
 * (harfbuzzjs, WebAssembly) with the same fonts. Reports the first pass (tables read, lookups parsed)
 * and the median of five further passes. Numbers from one run; no thresholds.
 *
 *   node bench/shaping-speed.mjs [path to the compiled nodes/ folder, default dist/nodes]
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as hb from 'harfbuzzjs';

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const compiled = process.argv[2] ?? join(ROOT, 'dist', 'nodes');
const { readTrueType } = require(join(compiled, 'shared/pdf/font/trueType.js'));
const { shapeRun } = require(join(compiled, 'shared/pdf/font/shaping/shape.js'));

const FONTS = {
	'Noto Naskh Arabic': 'noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf',
	Vazirmatn: 'vazirmatn/400Regular/Vazirmatn_400Regular.ttf',
	'Noto Nastaliq Urdu': 'noto-nastaliq-urdu/400Regular/NotoNastaliqUrdu_400Regular.ttf',
};
const corpus = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/shaping/corpus.json'), 'utf8'));
const sentences = corpus.runs
	.filter((run) => run.script === 'Arabic' && run.category.startsWith('arabic'))
	.map((run) => run.text);
const PAGE_CHARACTERS = 3000;
const words = [];
for (let length = 0; length < 10 * PAGE_CHARACTERS; ) {
	for (const word of sentences[words.length % sentences.length].split(' ')) {
		words.push(word);
		length += word.length + 1;
	}
}
const lines = [];
let line = '';
for (const word of words) {
	if (line !== '' && line.length + 1 + word.length > 75) {
		lines.push(line);
		line = word;
	} else line = line === '' ? word : `${line} ${word}`;
}
if (line !== '') lines.push(line);
const characters = lines.reduce((sum, text) => sum + text.length, 0);

function time(pass) {
	const start = performance.now();
	const glyphs = pass();
	return { ms: performance.now() - start, glyphs };
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

console.log(`${lines.length} lines, ${characters} characters (10 pages of ${PAGE_CHARACTERS})`);
for (const [name, file] of Object.entries(FONTS)) {
	const bytes = readFileSync(join(ROOT, 'node_modules/@expo-google-fonts', file));
	const ours = () => {
		let count = 0;
		for (const text of lines) count += shapeRun(font, text, { script: 'Arabic' }).length;
		return count;
	};
	const font = readTrueType(bytes, 'font');
	const first = time(ours);
	const warm = median(Array.from({ length: 5 }, () => time(ours).ms));
	const hbFont = new hb.Font(new hb.Face(new hb.Blob(bytes), 0));
	const reference = () => {
		let count = 0;
		for (const text of lines) {
			const buffer = new hb.Buffer();
			buffer.addText(text);
			buffer.setDirection(hb.Direction.RTL);
			buffer.setScript('Arab');
			hb.shape(hbFont, buffer);
			count += buffer.getGlyphInfos().length;
		}
		return count;
	};
	const hbFirst = time(reference);
	const hbWarm = median(Array.from({ length: 5 }, () => time(reference).ms));
	console.log(
		`${name}: shapeRun first ${first.ms.toFixed(0)} ms, then ${warm.toFixed(0)} ms ` +
			`(${((characters / warm) * 1000).toFixed(0)} characters/s), ${first.glyphs} glyphs; ` +
			`HarfBuzz first ${hbFirst.ms.toFixed(0)} ms, then ${hbWarm.toFixed(0)} ms, ${hbFirst.glyphs} glyphs`,
	);
}
