/**
 * Issue 56: where right-to-left letters go on the page. Each letter is read back by the content-stream
 * interpreter (harness contentDrawing.ts: each text line drawn from one Tm, where its glyphs reach by
 * the /W widths, its text as a reader reads it; the strokes), and plain paragraphs also through
 * pdftotext -bbox:
 * - a plain Arabic paragraph's lines end at the right margin, the English paragraph after it starts
 *   at the left one; tabs in a right-to-left paragraph reach stops measured from the right margin;
 * - a Markdown letter in Arabic: heading and paragraph right-aligned, a bullet list's markers right of
 *   their text and the text indented from the right, a nested ordered list further in, a block
 *   quote's bar right of its text, a table's first column rightmost; an English Markdown letter with
 *   an Arabic name stays on the left;
 * - the cover page: a right-to-left value starts where the English values do, beside its label; a
 *   right-to-left message is right-aligned;
 * - a letter in Noto Nastaliq Urdu is refused (cursive attachment: its lines would overlap).
 */
import { renderLetter } from '../../../nodes/shared/pdf';
import { TAB_STOP_POINTS } from '../../../nodes/shared/pdf/letter/tabStops';
import { drawnRuns, pageDrawing, type DrawnRun } from '../../harness/pdf/contentDrawing';
import { shapingFont, type ShapingFontName } from '../../harness/pdf/fonts';
import { pdfTools, type PdfTools } from './helpers/tools';

const LEFT = 72;
const RIGHT = 612 - 72;
/** Points: how near an edge a line must end (the writer writes 0.01 pt; pdftotext rounds further). */
const EDGE = 0.5;

const letter = (text: string, font: ShapingFontName, options: object = {}) =>
	renderLetter(text, { font: { regular: shapingFont(font) }, ...options }).pdf;

/** A word as a right-to-left run reads in drawing order (its letters reversed; no ligatures or marks in it). */
const drawn = (word: string) => [...word].reverse().join('');

/** The one run whose text has `word` drawn right to left (or, Latin, as it is). */
function runOf(runs: readonly DrawnRun[], word: string, rightToLeft = true): DrawnRun {
	const found = runs.filter((run) => run.text.includes(rightToLeft ? drawn(word) : word));
	if (found.length !== 1) throw new Error(`${found.length} runs draw the word ${word}`);
	return found[0];
}

/** The page's text lines at body size: runs on one baseline joined, where they reach. */
function bodyLines(runs: readonly DrawnRun[], size = 11) {
	const lines = new Map<number, { left: number; right: number }>();
	for (const run of runs.filter((candidate) => candidate.size === size)) {
		const line = lines.get(run.baseline) ?? { left: Infinity, right: -Infinity };
		lines.set(run.baseline, {
			left: Math.min(line.left, run.left),
			right: Math.max(line.right, run.right),
		});
	}
	return [...lines].sort((a, b) => b[0] - a[0]).map(([baseline, line]) => ({ baseline, ...line }));
}

const ARABIC_PARAGRAPH =
	'نرجو من المريض الحضور إلى العيادة قبل الموعد بربع ساعة على الأقل، وإحضار بطاقة التأمين الصحي ' +
	'وقائمة كاملة بالأدوية التي يتناولها حاليا، مع نتائج التحاليل والصور الشعاعية السابقة إن وجدت، ' +
	'وفي حال تعذر الحضور يرجى الاتصال بنا قبل يوم واحد لتحديد موعد جديد.';
const ENGLISH_PARAGRAPH =
	'Please bring your insurance card and a list of the medicines you take to the appointment, ' +
	'together with any earlier test results and images, and call us a day ahead if you cannot come.';

let tools: PdfTools;
beforeAll(() => (tools = pdfTools('fax-rtl-layout-')));
afterAll(() => tools.dispose());

describe('plain letters', () => {
	test('an Arabic paragraph ends every line at the right margin; the English one after it starts at the left', () => {
		const pdf = letter(`${ARABIC_PARAGRAPH}\n${ENGLISH_PARAGRAPH}`, 'Vazirmatn');
		const lines = bodyLines(drawnRuns(pageDrawing(pdf)));
		// Three Arabic lines, two English, as wrapped at 11 pt.
		expect(lines).toHaveLength(5);
		const [arabic, english] = [lines.slice(0, 3), lines.slice(3)];
		for (const line of arabic) expect(Math.abs(line.right - RIGHT)).toBeLessThanOrEqual(EDGE);
		// The last Arabic line is short: right-aligned, not stretched or left at the left margin.
		expect(arabic[2].left).toBeGreaterThan(LEFT + 100);
		for (const line of english) expect(Math.abs(line.left - LEFT)).toBeLessThanOrEqual(EDGE);
		// pdftotext -bbox agrees: the words of each Arabic row reach the right margin, the English start at the left.
		const boxes = tools
			.wordBoxes(tools.read(pdf).file)
			.filter((box) => !/^(Page|\d+|of)$/.test(box.text));
		const rows = new Map<number, { xMin: number; xMax: number; arabic: boolean }>();
		for (const box of boxes) {
			const key = Math.round(box.yMax);
			const row = rows.get(key) ?? { xMin: Infinity, xMax: -Infinity, arabic: false };
			rows.set(key, {
				xMin: Math.min(row.xMin, box.xMin),
				xMax: Math.max(row.xMax, box.xMax),
				arabic: row.arabic || /\p{Script=Arabic}/u.test(box.text),
			});
		}
		const sorted = [...rows].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
		expect(sorted.map((row) => row.arabic)).toEqual([true, true, true, false, false]);
		for (const row of sorted.slice(0, 3))
			expect(Math.abs(row.xMax - RIGHT)).toBeLessThanOrEqual(EDGE);
		for (const row of sorted.slice(3)) expect(Math.abs(row.xMin - LEFT)).toBeLessThanOrEqual(EDGE);
	});

	test('tabs in a right-to-left paragraph reach stops measured from the right margin', () => {
		const pdf = letter('المريض\tمحمد\tعلي حسن\nالعمر\t٤٢', 'Vazirmatn');
		const runs = drawnRuns(pageDrawing(pdf));
		const [label, first, last] = [runOf(runs, 'المريض'), runOf(runs, 'محمد'), runOf(runs, 'حسن')];
		expect(Math.abs(label.right - RIGHT)).toBeLessThanOrEqual(0.01);
		// Each part after a tab ends at the first stop past where the text before it reached, from the right.
		const stopAfter = (reached: number) =>
			(Math.floor(reached / TAB_STOP_POINTS) + 1) * TAB_STOP_POINTS;
		const firstStop = stopAfter(RIGHT - label.left);
		expect(Math.abs(first.right - (RIGHT - firstStop))).toBeLessThanOrEqual(0.01);
		const secondStop = stopAfter(RIGHT - first.left);
		expect(Math.abs(last.right - (RIGHT - secondStop))).toBeLessThanOrEqual(0.01);
		// The second paragraph's tab column lines up with the first's.
		const age = runs.filter(
			(run) => run.baseline < label.baseline && run.size === 11 && run.right < RIGHT - 1,
		);
		expect(age).toHaveLength(1);
		expect(Math.abs(age[0].right - (RIGHT - firstStop))).toBeLessThanOrEqual(0.01);
	});
});

const ARABIC_MARKDOWN = [
	'# رسالة المراجعة',
	'',
	'هذه فقرة عن حالة المريض.',
	'',
	'- البند الأول: ضغط الدم',
	'- البند الثاني: السكر',
	'  1. فحص صباحي',
	'  2. فحص مسائي',
	'',
	'> يرجى الانتباه للحمية',
	'',
	'| الصنف | الجرعة |',
	'|---|---|',
	'| دواء | مرتين |',
].join('\n');

describe('Markdown letters', () => {
	const arabic = () => {
		const drawing = pageDrawing(letter(ARABIC_MARKDOWN, 'Vazirmatn', { format: 'markdown' }));
		return { drawing, runs: drawnRuns(drawing) };
	};

	test('in Arabic: the heading and the paragraph end at the right margin', () => {
		const { runs } = arabic();
		const heading = runOf(runs, 'رسالة');
		expect(heading.size).toBeGreaterThan(11);
		expect(Math.abs(heading.right - RIGHT)).toBeLessThanOrEqual(EDGE);
		expect(Math.abs(runOf(runs, 'فقرة').right - RIGHT)).toBeLessThanOrEqual(EDGE);
	});

	test("in Arabic: a bullet list's markers stand right of their text, a nested ordered list further in", () => {
		const { runs } = arabic();
		const onBaseline = (run: DrawnRun) =>
			runs.filter((other) => other.baseline === run.baseline && other !== run);
		const items = [runOf(runs, 'ضغط'), runOf(runs, 'السكر')];
		for (const item of items) {
			const markers = onBaseline(item);
			expect(markers.map((marker) => marker.text)).toEqual(['•']);
			expect(markers[0].left).toBeGreaterThan(item.right);
			expect(markers[0].right).toBeLessThanOrEqual(RIGHT + EDGE);
			// The text is indented from the right margin.
			expect(item.right).toBeLessThan(RIGHT - 10);
		}
		const nested = [runOf(runs, 'صباحي'), runOf(runs, 'مسائي')];
		nested.forEach((item, index) => {
			const markers = onBaseline(item);
			// "1." at a right-to-left level: the full stop left of the number, both right of the item.
			expect(markers.map((marker) => marker.text).join('')).toBe(`.${index + 1}`);
			for (const marker of markers) expect(marker.left).toBeGreaterThan(item.right);
			// Further in: the markers where the bullets' items start, the items further left than theirs.
			expect(Math.max(...markers.map((marker) => marker.right))).toBeLessThanOrEqual(
				items[0].right + 0.01,
			);
			expect(item.right).toBeLessThan(items[0].right - 10);
		});
	});

	test("in Arabic: a block quote's bar is right of its text", () => {
		const { drawing, runs } = arabic();
		const quote = runOf(runs, 'للحمية');
		const bars = drawing.strokes.filter(
			(stroke) =>
				stroke.x1 === stroke.x2 &&
				Math.min(stroke.y1, stroke.y2) <= quote.baseline &&
				Math.max(stroke.y1, stroke.y2) >= quote.baseline,
		);
		expect(bars).toHaveLength(1);
		expect(bars[0].x1).toBeGreaterThan(quote.right);
		expect(bars[0].x1).toBeLessThanOrEqual(RIGHT);
		expect(quote.right).toBeLessThan(RIGHT - 5);
	});

	test("in Arabic: a table's first column is the rightmost", () => {
		const { drawing, runs } = arabic();
		const [first, second] = [runOf(runs, 'الصنف'), runOf(runs, 'الجرعة')];
		expect(first.baseline).toBe(second.baseline);
		expect(first.left).toBeGreaterThan(second.right);
		const [cellFirst, cellSecond] = [runOf(runs, 'دواء'), runOf(runs, 'مرتين')];
		expect(cellFirst.left).toBeGreaterThan(cellSecond.right);
		// A column rule between them, and the table's right edge at the right margin.
		const columnRules = drawing.strokes.filter(
			(stroke) => stroke.x1 === stroke.x2 && stroke.x1 > second.right && stroke.x1 < first.left,
		);
		expect(columnRules.length).toBeGreaterThan(0);
		const rightmost = Math.max(...drawing.strokes.map((stroke) => Math.max(stroke.x1, stroke.x2)));
		expect(Math.abs(rightmost - RIGHT)).toBeLessThanOrEqual(EDGE);
	});

	test('in English with an Arabic name: everything stays on the left', () => {
		const pdf = letter(
			'# Referral\n\nPatient محمد علي was seen today.\n\n- Follow up with محمد next week\n',
			'Vazirmatn',
			{ format: 'markdown' },
		);
		const runs = drawnRuns(pageDrawing(pdf)).filter((run) => run.size !== 9);
		const heading = runOf(runs, 'Referral', false);
		expect(Math.abs(heading.left - LEFT)).toBeLessThanOrEqual(EDGE);
		expect(Math.abs(runOf(runs, 'Patient', false).left - LEFT)).toBeLessThanOrEqual(EDGE);
		const name = runs.filter((run) => run.text.includes(drawn('علي')));
		expect(name).toHaveLength(1);
		expect(name[0].left).toBeGreaterThan(runOf(runs, 'Patient', false).right - EDGE);
		const marker = runs.find((run) => run.text === '•')!;
		const item = runOf(runs, 'Follow', false);
		expect(marker.baseline).toBe(item.baseline);
		expect(marker.right).toBeLessThan(item.left);
		expect(marker.left).toBeGreaterThanOrEqual(LEFT - EDGE);
		// Nothing reaches the right margin.
		expect(Math.max(...runs.map((run) => run.right))).toBeLessThan(RIGHT - 50);
	});
});

test('the cover page: a right-to-left value starts beside its label as the others do; a right-to-left message is right-aligned', () => {
	const message =
		'نرجو الحضور قبل الموعد بربع ساعة، وإحضار بطاقة التأمين وقائمة الأدوية التي تتناولها حاليا مع أي نتائج تحاليل سابقة.';
	const pdf = letter('نص الرسالة', 'Vazirmatn', {
		coverPage: {
			to: 'محمد علي',
			from: 'City Clinic',
			subject: 'تحديد المراجعة',
			message,
			confidentialityNotice: 'Confidential.',
		},
	});
	const runs = drawnRuns(pageDrawing(pdf, 0));
	const english = runOf(runs, 'City Clinic', false);
	for (const value of [runOf(runs, 'محمد'), runOf(runs, 'تحديد')]) {
		expect(Math.abs(value.left - english.left)).toBeLessThanOrEqual(0.01);
		const label = runs.find((run) => run.baseline === value.baseline && run !== value)!;
		expect(label.right).toBeLessThan(value.left);
		expect(Math.abs(label.left - LEFT)).toBeLessThanOrEqual(EDGE);
	}
	const lines = [runOf(runs, 'الحضور'), runOf(runs, 'سابقة')];
	expect(lines[0].baseline).toBeGreaterThan(lines[1].baseline);
	for (const line of lines) expect(Math.abs(line.right - RIGHT)).toBeLessThanOrEqual(EDGE);
	expect(lines[1].left).toBeGreaterThan(LEFT + 200);
});

/**
 * Noto Nastaliq Urdu joins its letters by cursive attachment: most letters sit above or below the
 * baseline, some 17 pt above and 6 pt below it at 11 pt, on lines 14.85 pt apart, and readers give
 * its words back broken. The writer refuses it, naming what it lacks, and draws nothing.
 */
describe('a letter in Noto Nastaliq Urdu', () => {
	test('is refused naming cursive attachment, never spelling the text', () => {
		let error: unknown;
		try {
			renderLetter('ڈاکٹر صاحب نے کہا', { font: { regular: shapingFont('Noto Nastaliq Urdu') } });
		} catch (caught) {
			error = caught;
		}
		expect(error).toMatchObject({ reason: 'character', script: 'Arabic' });
		expect((error as Error).message).toBe(
			"text: 14 Arabic letters, the first at line 1, column 1: Arabic cannot be shaped with the letter's font (NotoNastaliqUrdu-Regular): it joins its letters by cursive attachment (Nastaliq), whose lines the letter cannot space; use a Naskh font such as Noto Naskh Arabic or Vazirmatn; replace or remove them",
		);
	});
});
