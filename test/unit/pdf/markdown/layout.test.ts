import type { DrawOperation } from '../../../../nodes/shared/pdf/letter/content';
import { layoutMarkdown } from '../../../../nodes/shared/pdf/letter/markdown/document';
import { textArea } from '../../../../nodes/shared/pdf/letter/layout';

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
const find = (pages: readonly DrawOperation[][], text: string) =>
	allTexts(pages).find((operation) => operation.text.includes(text));

describe('Markdown laid out as a document', () => {
	test('no marker prints; bold, italic, bold italic and code in their faces; headings larger and bold', () => {
		const pages = layout(
			'# Referral\n\n**Patient:** Jane *intermittent* ***worse*** `ECG`\n\n## Plan\n\ntext',
		);
		const printed = allTexts(pages)
			.map((operation) => operation.text)
			.join(' ');
		expect(printed).not.toMatch(/\*|#|`/);
		expect(find(pages, 'Patient:')?.font).toBe('Helvetica-Bold');
		expect(find(pages, 'intermittent')?.font).toBe('Helvetica-Oblique');
		expect(find(pages, 'worse')?.font).toBe('Helvetica-BoldOblique');
		expect(find(pages, 'ECG')?.font).toBe('Courier');
		expect(find(pages, ' Jane')?.font).toBe('Helvetica');
		const heading = find(pages, 'Referral')!;
		const subheading = find(pages, 'Plan')!;
		expect(heading.font).toBe('Helvetica-Bold');
		expect(heading.size).toBeGreaterThan(subheading.size);
		expect(subheading.size).toBeGreaterThan(11);
		// Runs of one line share its baseline and follow each other.
		const patient = find(pages, 'Patient:')!;
		const jane = find(pages, ' Jane')!;
		expect(jane.y).toBe(patient.y);
		expect(jane.x).toBeGreaterThan(patient.x);
	});

	test("a wrapped bullet's continuation lines up with its text, not with the bullet; nested items further in", () => {
		const long = 'word '.repeat(40).trim();
		const pages = layout(`- ${long}\n  - nested item\n1. first\n10. tenth`);
		const lines = texts(pages[0]).filter((operation) => operation.text.startsWith('word'));
		expect(lines.length).toBeGreaterThan(1);
		const bullet = find(pages, '\u2022')!;
		expect(bullet.x).toBe(area.left);
		expect(lines[0].x).toBeGreaterThan(bullet.x);
		expect(new Set(lines.map((line) => line.x))).toEqual(new Set([lines[0].x]));
		expect(find(pages, 'nested item')!.x).toBeGreaterThan(lines[0].x);
		expect(find(pages, '\u2013')!.x).toBe(lines[0].x);
	});

	test("a table's cells of one column share an x; the header is bold; a grid is ruled", () => {
		const pages = layout(
			'| Test | Result |\n|---|---|\n| LDL | 162 mg/dL |\n| HbA1c | 7.2 % |\n| Glucose fasting | 6.1 mmol/L |',
		);
		const firstColumn = ['Test', 'LDL', 'HbA1c', 'Glucose fasting'].map(
			(text) => find(pages, text)!,
		);
		expect(new Set(firstColumn.map((operation) => operation.x)).size).toBe(1);
		const secondColumn = ['Result', '162 mg/dL', '7.2 %', '6.1 mmol/L'].map(
			(text) => find(pages, text)!,
		);
		expect(new Set(secondColumn.map((operation) => operation.x)).size).toBe(1);
		expect(secondColumn[0].x).toBeGreaterThan(firstColumn[3].x);
		expect(find(pages, 'Test')!.font).toBe('Helvetica-Bold');
		expect(find(pages, 'LDL')!.font).toBe('Helvetica');
		expect(pages[0].filter((operation) => operation.kind === 'rule').length).toBeGreaterThanOrEqual(
			5 * 2,
		);
	});

	// Column widths, type size, hyphens and rows across pages: table.test.ts.
	test('a long table repeats its header on each page', () => {
		const rows = Array.from({ length: 120 }, (_, index) => `| row ${index} | ${index * 2} |`);
		const long = layout(`| Name | Value |\n|---|---|\n${rows.join('\n')}`);
		expect(long.length).toBeGreaterThan(2);
		for (const page of long) expect(texts(page)[0].text).toBe('Name');
		const rowTexts = allTexts(long)
			.map((operation) => operation.text)
			.filter((text) => text.startsWith('row '));
		expect(rowTexts).toEqual(rows.map((_, index) => `row ${index}`));
	});

	test('a heading is never the last line of a page: it moves to the next with its paragraph', () => {
		// Every filler length from well under a page to well over: one of them leaves room for the
		// heading but not for the line after it.
		let headingsMoved = 0;
		for (let fillerLines = 30; fillerLines <= 60; fillerLines += 1) {
			const filler = Array.from({ length: fillerLines }, (_, index) => `line ${index}`).join('\n');
			const pages = layout(`${filler}\n\n## Assessment\n\nFirst line of the assessment.`);
			const pageOf = (text: string) =>
				pages.findIndex((ops) => texts(ops).some((op) => op.text.startsWith(text)));
			expect(pageOf('Assessment')).toBe(pageOf('First line of the assessment'));
			if (pageOf('Assessment') > pageOf(`line ${fillerLines - 1}`)) headingsMoved += 1;
		}
		expect(headingsMoved).toBeGreaterThan(0);
	});

	test('deep nesting stops moving right: every line keeps room on the page', () => {
		const list = Array.from(
			{ length: 40 },
			(_, depth) => `${'  '.repeat(depth)}- level ${depth} item text`,
		).join('\n');
		const quotes = `${'> '.repeat(40)}deeply quoted text that wraps ${'word '.repeat(30)}`;
		for (const pages of [layout(list), layout(quotes)]) {
			for (const operation of allTexts(pages)) {
				expect(operation.x).toBeGreaterThanOrEqual(area.left);
				expect(operation.x).toBeLessThanOrEqual(area.right - 11 * 10);
			}
		}
		expect(
			allTexts(layout(list)).filter((operation) => operation.text.startsWith('level')),
		).toHaveLength(40);
	});

	test('quotes get a bar beside their lines; code keeps its spaces in Courier; a rule is drawn', () => {
		const pages = layout('> Note: mornings only.\n\n```\na  =  1\n    indented\n```\n\n---');
		const note = find(pages, 'Note: mornings only.')!;
		expect(note.x).toBeGreaterThan(area.left);
		const rules = pages[0].filter((operation) => operation.kind === 'rule');
		expect(rules.some((rule) => rule.kind === 'rule' && rule.x1 === rule.x2)).toBe(true);
		expect(rules.some((rule) => rule.kind === 'rule' && rule.y1 === rule.y2)).toBe(true);
		expect(find(pages, 'a  =  1')!.font).toBe('Courier');
		expect(find(pages, '    indented')!.font).toBe('Courier');
	});
});
