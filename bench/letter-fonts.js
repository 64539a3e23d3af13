#!/usr/bin/env node
'use strict';
/**
 * Time to write a 10-page letter in an embedded TrueType font (Japanese in Sawarabi Gothic, Vietnamese
 * in Noto Sans), from the TypeScript sources (transpiled on load: no build needed). Each case runs
 * BENCH_REPS times (default 5) after one warm-up; prints the median and the file size.
 *
 *   node bench/letter-fonts.js
 */
const { readFileSync } = require('fs');
const { join } = require('path');
const ts = require('typescript');

// Load .ts files by transpiling them (no type check): the library has no runtime dependency.
require.extensions['.ts'] = (module, filename) => {
	const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
		compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
		fileName: filename,
	});
	module._compile(outputText, filename);
};

const root = join(__dirname, '..');
const { renderLetter } = require(join(root, 'nodes/shared/pdf/index.ts'));
const fonts = join(root, 'node_modules/@expo-google-fonts');
const sawarabi = readFileSync(
	join(fonts, 'sawarabi-gothic/400Regular/SawarabiGothic_400Regular.ttf'),
);
const noto = readFileSync(join(fonts, 'noto-sans/400Regular/NotoSans_400Regular.ttf'));
const reps = Number(process.env.BENCH_REPS ?? 5);

/** Paragraphs of `sentence` until the letter has `pages` pages. */
function letterOf(sentence, font, pages) {
	let paragraphs = 1;
	for (;;) {
		const text = Array.from({ length: paragraphs }, () => sentence.repeat(4)).join('\n\n');
		const { pages: count } = renderLetter(text, { font: { regular: font } });
		if (count >= pages) return text;
		paragraphs += Math.max(1, Math.floor(paragraphs * 0.2));
	}
}

for (const [name, sentence, font] of [
	[
		'Japanese (Sawarabi Gothic, 1.9 MB)',
		'本日は東京都千代田区丸の内の診療所にて、山田太郎様の検査結果をお送りいたします。',
		sawarabi,
	],
	[
		'Vietnamese (Noto Sans, 0.6 MB)',
		'Kính gửi bác sĩ Nguyễn Thị Hương, chúng tôi xin gửi kết quả xét nghiệm của bệnh nhân. ',
		noto,
	],
]) {
	const text = letterOf(sentence, font, 10);
	renderLetter(text, { font: { regular: font } });
	const times = [];
	let letter;
	for (let rep = 0; rep < reps; rep += 1) {
		const start = process.hrtime.bigint();
		letter = renderLetter(text, { font: { regular: font } });
		times.push(Number(process.hrtime.bigint() - start) / 1e6);
	}
	times.sort((a, b) => a - b);
	console.log(
		`${name}: ${letter.pages} pages, ${[...text].length} characters, median ${times[times.length >> 1].toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[times.length - 1].toFixed(1)}), ${letter.pdf.length} bytes`,
	);
}
