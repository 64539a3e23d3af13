/**
 * Markdown tables as laid out (drawing operations): whole words in cells, the table's type smaller down
 * to 8 pt when its words do not fit, a hyphen where a word must still break, rows kept whole on a page
 * with the header repeated; and the column plan (tableColumns.ts) on its own.
 */
import type { DrawOperation } from '../../../../nodes/shared/pdf/letter/content';
import { textWidth } from '../../../../nodes/shared/pdf/letter/fontWidths';
import { textArea } from '../../../../nodes/shared/pdf/letter/layout';
import { breakPieces } from '../../../../nodes/shared/pdf/letter/lineBreak';
import { layoutMarkdown } from '../../../../nodes/shared/pdf/letter/markdown/document';
import {
	MEDICATIONS,
	MEDICATION_HEADER,
	MEDICATION_TABLE,
	MEDICATION_WORDS,
	brokenWords,
	markdownTable,
} from '../../../harness/pdf/medicationTable';
import {
	TABLE_FONT_FLOOR,
	columnWidths,
	planTable,
} from '../../../../nodes/shared/pdf/letter/markdown/tableColumns';

type TextOperation = Extract<DrawOperation, { kind: 'text' }>;

const area = textArea('letter');
const layout = (markdown: string, size = 11) =>
	layoutMarkdown(
		markdown,
		() => ({ top: area.top, bottom: area.bottom }),
		{ x: area.left, width: area.width },
		size,
	);
const texts = (page: readonly DrawOperation[]) =>
	page.filter((operation): operation is TextOperation => operation.kind === 'text');
const allTexts = (pages: readonly DrawOperation[][]) => pages.flatMap(texts);
const table = markdownTable;
/** The pieces the line breaker never splits: a word, or a part of one after its own hyphen or slash. */
const piecesOf = (cells: readonly string[]) =>
	cells.flatMap((cell) => cell.split(/\s+/)).flatMap(breakPieces);

/** The medication list's longest words side by side at `size`, with the cells' padding (0.4 em a side). */
const longestWords = (size: number) =>
	MEDICATION_HEADER.map((heading, column) =>
		Math.max(
			...piecesOf([heading]).map((piece) => textWidth('Helvetica-Bold', piece, size)),
			...piecesOf(MEDICATIONS.map((row) => row[column])).map((piece) =>
				textWidth('Helvetica', piece, size),
			),
		),
	).reduce((total, width) => total + width + 0.8 * size, 0);

/** The columns' edges: the x of the grid's vertical rules, left to right. */
const columnEdges = (page: readonly DrawOperation[]) =>
	[
		...new Set(
			page.flatMap((operation) =>
				operation.kind === 'rule' && operation.x1 === operation.x2 ? [operation.x1] : [],
			),
		),
	].sort((a, b) => a - b);

describe('a table keeps its words whole', () => {
	test('the medication list at 11 pt: set smaller (not below 8 pt), every word on one line, no hyphen added', () => {
		const pages = layout(MEDICATION_TABLE);
		const operations = allTexts(pages);
		const printed = operations.flatMap((operation) => operation.text.split(' '));
		// Every word printed whole, or across lines only where it has a hyphen or slash of its own.
		expect(brokenWords(printed, MEDICATION_WORDS)).toEqual({ foreign: [], missing: [] });
		// Read column by column, down each: the cells' text in order, nothing lost.
		const down = [...operations].sort((a, b) => a.x - b.x || b.y - a.y);
		const columns = MEDICATION_HEADER.map((heading, column) =>
			[heading, ...MEDICATIONS.map((row) => row[column])].join(' '),
		);
		// A line ending in a date's own hyphen goes on without a space.
		const read = down
			.map((operation) => operation.text)
			.reduce((text, line) => (text.endsWith('-') ? text + line : `${text} ${line}`));
		expect(read).toBe(columns.join(' '));
		const sizes = new Set(operations.map((operation) => operation.size));
		expect(sizes.size).toBe(1);
		const [size] = sizes;
		expect(size).toBeLessThan(11);
		expect(size).toBeGreaterThanOrEqual(TABLE_FONT_FLOOR);
		// The largest tenth of a point that keeps them whole: a tenth more would not.
		expect(Math.round(size * 10)).toBe(size * 10);
		expect(longestWords(size)).toBeLessThanOrEqual(area.width);
		expect(longestWords(size + 0.1)).toBeGreaterThan(area.width);
	});

	test('a table whose words fit at the letter size keeps it, and its columns as wide as their text', () => {
		const pages = layout(table(['Test', 'Result'], [['LDL', '162 mg/dL']]));
		expect(new Set(allTexts(pages).map((operation) => operation.size))).toEqual(new Set([11]));
	});

	test('words too long for their column at 8 pt break with a hyphen, counted in the width; only those', () => {
		const drugs = [
			'Hydrochlorothiazide',
			'Sulfamethoxazole',
			'Dapagliflozinpropanediol',
			'Empagliflozin',
			'Spironolactone',
			'Sacubitrilvalsartan',
			'Oxybutyninchloride',
		];
		const pages = layout(
			table(['A', 'B', 'C', 'D', 'E', 'F', 'G'], [drugs, ['x', 'y', 'z', 'u', 'v', 'w', 'q']]),
		);
		const operations = allTexts(pages);
		expect(new Set(operations.map((operation) => operation.size))).toEqual(new Set([8]));
		const edges = columnEdges(pages[0]);
		expect(edges).toHaveLength(8);
		const padding = 8 * 0.4;
		const columnOf = (operation: TextOperation) =>
			edges.findIndex((edge, index) => operation.x < edges[index + 1] && operation.x >= edge);
		for (const operation of operations) {
			const column = columnOf(operation);
			expect(operation.x + textWidth(operation.font, operation.text, 8)).toBeLessThanOrEqual(
				edges[column + 1] - padding + 1e-6,
			);
		}
		// Each column read down: a line ending in a hyphen continues on the next; the word comes back whole.
		const byColumn = edges
			.slice(0, -1)
			.map((_, column) =>
				operations
					.filter(
						(operation) => columnOf(operation) === column && !/^[A-Gxyzuvwq]$/.test(operation.text),
					)
					.map((operation) => operation.text),
			);
		byColumn.forEach((lines, column) => {
			const word = drugs[column];
			const width = edges[column + 1] - edges[column];
			const fits = textWidth('Helvetica', word, 8) + 2 * padding <= width + 1e-6;
			if (fits) expect(lines).toEqual([word]);
			else {
				expect(lines.length).toBeGreaterThan(1);
				for (const line of lines.slice(0, -1)) expect(line).toMatch(/^[A-Za-z]+-$/);
				// No letter or two left alone on the last line ("Hydrochlorothiaz-" "ide").
				expect(lines[lines.length - 1].length).toBeGreaterThanOrEqual(3);
				expect(lines.map((line) => line.replace(/-$/, '')).join('')).toBe(word);
			}
		});
		// The longest words break, the others stay whole.
		expect(byColumn[2].length).toBeGreaterThan(1);
		expect(byColumn[3]).toEqual(['Empagliflozin']);
	});

	test('a table far too wide for the page is split into tables of consecutive columns, no cell text lost', () => {
		const columns = 30;
		const header = Array.from({ length: columns }, (_, index) => `H${index}`);
		const row = Array.from({ length: columns }, (_, index) => `value${index}abcdefghij`);
		const pages = layout(table(header, [row]));
		const operations = allTexts(pages);
		expect(new Set(operations.map((operation) => operation.size))).toEqual(new Set([8]));
		// Header cells print in order, in more than one table (a header row more than once).
		const headers = operations.filter((operation) => /^H\d+$/.test(operation.text));
		expect(headers.map((operation) => operation.text)).toEqual(header);
		expect(new Set(headers.map((operation) => operation.y)).size).toBeGreaterThan(1);
		// Each column read down (a line ending in a hyphen joined to the next): every cell whole.
		const byColumn = new Map<string, string>();
		pages.forEach((page, pageIndex) => {
			for (const operation of texts(page)) {
				const key = `${pageIndex}:${operation.x.toFixed(1)}`;
				byColumn.set(key, `${byColumn.get(key) ?? ''}${operation.text.replace(/-$/, '')}`);
			}
		});
		for (const cell of row)
			expect([...byColumn.values()].some((text) => text.includes(cell))).toBe(true);
		for (const operation of operations) {
			expect(operation.x).toBeGreaterThanOrEqual(area.left);
			expect(operation.x).toBeLessThan(area.right);
		}
	});
});

describe('the column plan', () => {
	test('natural widths when they fit; the longest words and a share of the spare; then the widest narrowed', () => {
		expect(columnWidths([100, 200], [50, 60], 468)).toEqual([100, 200]);
		const shared = columnWidths([400, 400], [100, 200], 468);
		expect(shared[0] + shared[1]).toBeCloseTo(468);
		expect(shared[0]).toBeGreaterThanOrEqual(100);
		expect(shared[1]).toBeGreaterThanOrEqual(200);
		// Words that must break: the narrow columns keep theirs, the two widest share the rest equally.
		expect(columnWidths([60, 300, 400, 50], [60, 300, 400, 50], 400)).toEqual([60, 145, 145, 50]);
	});

	test('the type is made smaller by tenths of a point until the longest words fit, never below 8 pt', () => {
		// Widths grow with the size, as measured text and padding do.
		const needs = (perPoint: number[]) => (size: number) => ({
			natural: perPoint.map((width) => width * size * 2),
			minimum: perPoint.map((width) => width * size),
		});
		const narrowest = (size: number) => size * 4.1;
		expect(planTable(needs([10, 20]), 11, 468, narrowest).size).toBe(11);
		const shrunk = planTable(needs([20, 30]), 11, 468, narrowest);
		expect(shrunk.size).toBe(9.3);
		expect(shrunk.groups).toEqual([{ first: 0, widths: [expect.any(Number), expect.any(Number)] }]);
		const [a, b] = shrunk.groups[0].widths;
		expect(a).toBeGreaterThanOrEqual(20 * 9.3);
		expect(b).toBeGreaterThanOrEqual(30 * 9.3);
		const floor = planTable(needs([40, 40]), 11, 468, narrowest);
		expect(floor.size).toBe(8);
		expect(floor.groups[0].widths).toEqual([234, 234]);
		// The floor is never reached from a letter set smaller than it: the table keeps the letter's size.
		expect(planTable(needs([40, 40]), 7, 468, narrowest).size).toBe(7);
		// Split only when the columns cannot each keep `narrowest`: 20 columns of 4.1 × 8 = 32.8 pt.
		const split = planTable(needs(Array(20).fill(10)), 11, 468, narrowest);
		expect(split.groups.map((group) => group.first)).toEqual([0, 14]);
		expect(planTable(needs(Array(14).fill(10)), 11, 468, narrowest).groups).toHaveLength(1);
	});
});

describe('a row is kept whole on one page', () => {
	const NOTES =
		'Take with food in the morning, and again with the evening meal if the pressure stays above target';
	const rows = Array.from({ length: 12 }, (_, index) => [
		`Drug${index}`,
		`${index} mg / 12.5 mg`,
		'Oral',
		NOTES,
	]);
	const markdown = (fillerLines: number) =>
		`${Array.from({ length: fillerLines }, (_, index) => `line ${index}`).join('\n\n')}\n\n${table(['Medication', 'Dose', 'Route', 'Notes'], rows)}`;

	test('a row that would straddle the page break goes to the next page, under the header repeated', () => {
		let continued = 0;
		// Every filler length over two pages' worth: the page break falls inside each row in turn.
		for (let fillerLines = 10; fillerLines <= 30; fillerLines += 1) {
			const pages = layout(markdown(fillerLines));
			const notesX = allTexts(pages).find((operation) => operation.text === 'Notes')!.x;
			const linesPerRow = allTexts(layout(table(['Notes'], [[NOTES]]))).length - 1;
			for (const page of pages) {
				// Every row on a page has all its lines there: as many Notes lines as rows times a row's.
				const names = texts(page).filter((operation) => /^Drug\d+$/.test(operation.text));
				const notes = texts(page).filter(
					(operation) => operation.x === notesX && operation.text !== 'Notes',
				);
				expect(notes.length).toBe(names.length * linesPerRow);
			}
			for (const page of pages.slice(1)) {
				if (!texts(page).some((operation) => /^Drug\d+$/.test(operation.text))) continue;
				// A page the table continues on starts with its header.
				if (texts(page)[0].text !== 'Medication') expect(texts(page)[0].text).toMatch(/^line/);
				else continued += 1;
			}
		}
		expect(continued).toBeGreaterThan(10);
	});

	test('a cell taller than a page continues across pages, the header on each', () => {
		const long = Array.from({ length: 2500 }, (_, index) => `w${index}`).join(' ');
		const pages = layout(
			`line\n\n${table(
				['Item', 'Text'],
				[
					['first', 'short'],
					['second', long],
				],
			)}`,
		);
		expect(pages.length).toBeGreaterThan(2);
		for (const page of pages.slice(1)) expect(texts(page)[0].text).toBe('Item');
		// The long cell starts on the first page, right under the row before it, and loses no word.
		expect(texts(pages[0]).some((operation) => operation.text.startsWith('w0 '))).toBe(true);
		const words = allTexts(pages)
			.flatMap((operation) => operation.text.split(' '))
			.filter((word) => /^w\d+$/.test(word));
		expect(words).toEqual(long.split(' '));
	});
});
