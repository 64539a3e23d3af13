'use strict';
/**
 * The pictures of an Arabic and a Hebrew letter in docs/letters-fonts.md (issue 56): each the first
 * page of a fixed clinic letter (test/fixtures/letters/) as the letter writer draws it, rasterised by
 * poppler's pdftoppm and cropped to the text area, so each PNG stays small and legible.
 *
 *   npx tsc -p tsconfig.build.json && node scripts/letter-pictures.js
 *
 * writes docs/images/letter-arabic.png and letter-hebrew.png from dist/.
 * test/package/letter-pictures.test.ts draws the same letters with the source's renderLetter and
 * rasterises them with `pictureOf`, and fails when the pixels differ from the committed PNGs.
 */
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const FONTS = path.join(ROOT, 'node_modules', '@expo-google-fonts');

/** Dots per inch: harakat and niqqud stay readable, and each picture under 150 KB. */
const DPI = 120;
/**
 * What of the page is shown, in points from its top left: the text area (72 pt margins on Letter)
 * with a little white around it, down past the letter's last line (`height`, each letter's own), so
 * the empty rest of the page is left out.
 */
const CROP = { x: 48, y: 48, width: 516 };

const LETTERS = [
	{
		name: 'arabic',
		text: 'test/fixtures/letters/arabic.md',
		format: 'markdown',
		font: {
			regular: 'vazirmatn/400Regular/Vazirmatn_400Regular.ttf',
			bold: 'vazirmatn/700Bold/Vazirmatn_700Bold.ttf',
		},
		picture: 'docs/images/letter-arabic.png',
		height: 470,
	},
	{
		name: 'hebrew',
		text: 'test/fixtures/letters/hebrew.md',
		format: 'markdown',
		font: {
			regular: 'noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf',
			bold: 'noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf',
		},
		picture: 'docs/images/letter-hebrew.png',
		height: 345,
	},
];

/** renderLetter's arguments for a letter: its text and options with the font files read. */
function letterInput(letter) {
	const font = {};
	for (const [face, file] of Object.entries(letter.font))
		font[face] = fs.readFileSync(path.join(FONTS, file));
	return {
		text: fs.readFileSync(path.join(ROOT, letter.text), 'utf8'),
		options: { format: letter.format, font },
	};
}

/** Points to pixels at DPI. */
function pixels(points) {
	return String(Math.round((points * DPI) / 72));
}

/** The first page of a letter's PDF as pdftoppm draws it at DPI, `height` points of it: PNG bytes. */
function pictureOf(pdf, height) {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'letter-picture-'));
	try {
		const file = path.join(directory, 'letter.pdf');
		fs.writeFileSync(file, pdf);
		const prefix = path.join(directory, 'page');
		execFileSync('pdftoppm', [
			...['-png', '-r', String(DPI), '-f', '1', '-l', '1', '-singlefile'],
			...['-x', pixels(CROP.x), '-y', pixels(CROP.y)],
			...['-W', pixels(CROP.width), '-H', pixels(height)],
			file,
			prefix,
		]);
		return fs.readFileSync(`${prefix}.png`);
	} finally {
		fs.rmSync(directory, { recursive: true, force: true });
	}
}

/** A letter's picture drawn by `renderLetter` (dist's, or the source's in the test). */
function drawLetter(letter, renderLetter) {
	const { text, options } = letterInput(letter);
	return pictureOf(renderLetter(text, options).pdf, letter.height);
}

function main() {
	const { renderLetter } = require(path.join(ROOT, 'dist', 'nodes', 'shared', 'pdf'));
	for (const letter of LETTERS) {
		const started = process.hrtime.bigint();
		const png = drawLetter(letter, renderLetter);
		fs.writeFileSync(path.join(ROOT, letter.picture), png);
		const milliseconds = Number(process.hrtime.bigint() - started) / 1e6;
		console.log(
			`${letter.picture}: ${png.length} bytes, ${DPI} dpi, ${milliseconds.toFixed(0)} ms`,
		);
	}
}

if (require.main === module) main();

module.exports = { CROP, DPI, LETTERS, drawLetter, letterInput, pictureOf };
