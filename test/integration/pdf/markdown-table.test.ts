/**
 * Markdown tables as a reader of the PDF sees them (qpdf --check, pdftotext -bbox and -layout, the
 * content streams' type sizes through qpdf --qdf): the seven-column medication list on Letter at the
 * default size with every word whole, a hyphen only where a word cannot fit at 8 pt, rows kept whole
 * across page breaks with the header repeated, in a letter and in a cover page's message.
 */
import { renderLetter } from '../../../nodes/shared/pdf';
import type { LetterOptions } from '../../../nodes/shared/pdf';
import { SOUND_PDF, words } from '../../harness/pdf-reader';
import {
	MEDICATIONS,
	MEDICATION_HEADER,
	MEDICATION_TABLE,
	MEDICATION_WORDS,
	brokenWords,
	markdownTable,
} from '../../harness/pdf/medicationTable';
import { notoSans, notoSansBold } from '../../harness/pdf/fonts';
import type { WordBox } from './helpers/tools';
import { pdfTools } from './helpers/tools';

const tools = pdfTools('fax-markdown-table-');
afterAll(() => tools.dispose());

/** The footer "Page x of y" sits in the bottom margin (y 36 pt): the words above it. */
const FOOTER_TOP = 792 - 60;

function letter(markdown: string, options: LetterOptions = {}) {
	const pdf = renderLetter(markdown, { format: 'markdown', ...options }).pdf;
	const read = tools.read(pdf);
	expect(read.check).toEqual(SOUND_PDF);
	// In reading order of the page: line by line (a line's words share a top), left to right.
	const boxes = tools
		.wordBoxes(read.file)
		.filter((box) => box.yMin < FOOTER_TOP)
		.sort((a, b) => a.page - b.page || Math.round(a.yMin - b.yMin) || a.xMin - b.xMin);
	// The sizes text is set in (Tf operators), the footer's 9 pt left out.
	const sizes = new Set(
		[
			...tools
				.qpdf(pdf, ['--qdf', '--object-streams=disable'])
				.toString('latin1')
				.matchAll(/ (\d+(?:\.\d+)?) Tf/g),
		]
			.map((match) => Number(match[1]))
			.filter((size) => size !== 9),
	);
	return { read, boxes, sizes };
}

/** Words of one page, in the order pdftotext reads them. */
const onPage = (boxes: readonly WordBox[], page: number) =>
	boxes.filter((box) => box.page === page).map((box) => box.text);

/** Words only one medication row has: where they are, the row is. */
const ROW_MARKS = [
	['Montgomery', 'Refill', 'pharmacy'],
	['Lisinopril', '12.5', 'Papadopoulos', 'potassium,'],
	['Metoprolol', 'succinate', 'Nakamura', 'contraindicated'],
];
const pagesOfRow = (boxes: readonly WordBox[], row: number) =>
	new Set(boxes.filter((box) => ROW_MARKS[row].includes(box.text)).map((box) => box.page));

/** The words of the lines that are not filler paragraphs: the table's. */
const tableWords = (boxes: readonly WordBox[]) => {
	const fillerLines = new Set(
		boxes.filter((box) => box.text === 'Paragraph').map((box) => `${box.page}:${box.yMin}`),
	);
	return boxes.filter((box) => !fillerLines.has(`${box.page}:${box.yMin}`)).map((box) => box.text);
};

/** Seven long drug names: side by side they do not fit the page even at 8 pt. */
const drugs = [
	'Hydrochlorothiazide',
	'Sulfamethoxazole',
	'Dapagliflozinpropanediol',
	'Empagliflozin',
	'Spironolactone',
	'Sacubitrilvalsartan',
	'Oxybutyninchloride',
];
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

/** Each column of a one-row table read down; a line ending in a hyphen must go on in the line under it. */
function readDown(boxes: readonly WordBox[], cellsInOrder: readonly string[]): string[][] {
	const cells = boxes.filter((box) => !LETTERS.includes(box.text));
	const columns = [...new Set(cells.map((box) => Math.round(box.xMin)))].sort((a, b) => a - b);
	expect(columns).toHaveLength(cellsInOrder.length);
	const read = columns.map((x) =>
		cells
			.filter((box) => Math.round(box.xMin) === x)
			.sort((a, b) => a.yMin - b.yMin)
			.map((box) => box.text),
	);
	read.forEach((lines, column) => {
		for (const line of lines.slice(0, -1)) expect(line).toMatch(/^[A-Za-z]{2,}-$/);
		expect(lines.map((line) => line.replace(/-$/, '')).join('')).toBe(cellsInOrder[column]);
	});
	return read;
}

const filler = (paragraphs: number) =>
	Array.from({ length: paragraphs }, (_, index) => `Paragraph ${index} of the letter.`).join(
		'\n\n',
	);

describe('a Markdown table read back', () => {
	test('the seven-column medication list at 11 pt on Letter: every word whole, the type between 8 and 11 pt', () => {
		const { read, boxes, sizes } = letter(MEDICATION_TABLE);
		expect(read.pages).toBe(1);
		expect(brokenWords(onPage(boxes, 1), MEDICATION_WORDS)).toEqual({ foreign: [], missing: [] });
		expect(words(read.text)).toContain(MEDICATION_HEADER.join(' '));
		expect(sizes.size).toBe(1);
		const [size] = sizes;
		expect(size).toBeGreaterThanOrEqual(8);
		expect(size).toBeLessThan(11);
	});

	test('a word that cannot fit its column at 8 pt breaks with a hyphen ("prefix-" then "suffix"); only such words', () => {
		// At 8 pt, with the cells' padding, the words take 77, 70, 94, 54, 60, 72 and 74 pt, 501 in all
		// against 468: the three narrowest keep theirs, the four widest share the rest (71 pt each).
		const { boxes, sizes } = letter(markdownTable(LETTERS, [drugs]));
		expect([...sizes]).toEqual([8]);
		const read = readDown(boxes, drugs);
		const hyphenated = drugs.filter((_, column) => read[column].length > 1);
		expect(hyphenated).toEqual([
			'Hydrochlorothiazide',
			'Dapagliflozinpropanediol',
			'Sacubitrilvalsartan',
			'Oxybutyninchloride',
		]);
	});

	test('in a TrueType font too: its hyphen in the subset, the words back whole', () => {
		const font = { regular: notoSans(), bold: notoSansBold() };
		const { read, boxes } = letter(markdownTable(LETTERS, [drugs]), { font });
		expect(read.pages).toBe(1);
		expect(readDown(boxes, drugs).some((lines) => lines.length > 1)).toBe(true);
	});

	test('a row that would straddle the page break moves to the next page, under the header repeated', () => {
		let moved = 0;
		for (let paragraphs = 22; paragraphs <= 30; paragraphs += 1) {
			const { read, boxes } = letter(`${filler(paragraphs)}\n\n${MEDICATION_TABLE}`);
			MEDICATIONS.forEach((_, row) => expect(pagesOfRow(boxes, row).size).toBe(1));
			if (read.pages === 1) continue;
			// The table goes on under its header on page 2 (or the whole table is there).
			const second = tableWords(boxes.filter((box) => box.page === 2));
			expect(second.slice(0, MEDICATION_HEADER.length)).toEqual(MEDICATION_HEADER);
			if (onPage(boxes, 1).includes('Medication')) moved += 1;
			expect(brokenWords(tableWords(boxes), MEDICATION_WORDS)).toEqual({
				foreign: [],
				missing: [],
			});
		}
		expect(moved).toBeGreaterThan(0);
	});

	test('a cell taller than a page continues across pages, the header on each', () => {
		const long = Array.from({ length: 1500 }, (_, index) => `w${index}`).join(' ');
		const { read, boxes } = letter(
			markdownTable(MEDICATION_HEADER, [[...MEDICATIONS[0].slice(0, 6), long]]),
		);
		expect(read.pages).toBeGreaterThan(1);
		for (let page = 1; page <= read.pages; page += 1)
			expect(onPage(boxes, page).slice(0, MEDICATION_HEADER.length)).toEqual(MEDICATION_HEADER);
		expect(boxes.map((box) => box.text).filter((text) => /^w\d+$/.test(text))).toEqual(
			long.split(' '),
		);
	});
});

describe("a cover page's Markdown message with a table", () => {
	const withCover = (message: string) =>
		letter('Body.', {
			coverPage: { to: 'Cardiology', message, confidentialityNotice: 'Private.' },
		});

	test('the medication list on the cover page: every word whole', () => {
		const { boxes } = withCover(MEDICATION_TABLE);
		const cover = onPage(boxes, 1);
		const table = cover.slice(cover.indexOf('Medication'), cover.indexOf('Private.'));
		expect(brokenWords(table, MEDICATION_WORDS)).toEqual({ foreign: [], missing: [] });
	});

	test('a row that does not fit on the cover page goes on under "Message (continued):" and the header', () => {
		let moved = 0;
		for (let paragraphs = 10; paragraphs <= 18; paragraphs += 1) {
			const { read, boxes } = withCover(`${filler(paragraphs)}\n\n${MEDICATION_TABLE}`);
			MEDICATIONS.forEach((_, row) => expect(pagesOfRow(boxes, row).size).toBe(1));
			const continued = words(read.pageTexts[1]);
			if (!continued.startsWith('Message (continued):')) continue;
			if (!continued.includes('Medication')) continue;
			expect(continued).toMatch(
				/^Message \(continued\): (Paragraph .*)?Medication Dose Route Frequency Prescriber Start Notes/,
			);
			if (onPage(boxes, 1).includes('Medication')) moved += 1;
		}
		expect(moved).toBeGreaterThan(0);
	});
});
