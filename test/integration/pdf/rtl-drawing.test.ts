/**
 * Issue 56: the PDF draws every glyph where the layout put it. Each case is a letter of right-to-left
 * and mixed lines in a shaping font; its page is read back by an interpreter of the content stream
 * (harness contentDrawing.ts: Tm, Td, TJ with /W widths, spans' ActualText, ToUnicode) and compared
 * with an independent layout of the same lines by visualLine at the letter's size, each line's left
 * end where its paragraph's direction puts it (the right margin for a right-to-left paragraph):
 * - every glyph of the layout (carriers, marks, dots) is drawn exactly once, with its code in the
 *   font's subset, at its position within 0.01 pt in x and y, and nothing else is drawn but the footer;
 * - reading each line as a reader does (a span's ActualText for its glyphs, ToUnicode for a glyph outside
 *   spans) gives every cluster's text exactly once: in drawing order, the clusters on the baseline in
 *   visual order, then the clusters of marks alone (the writer's order; none of these cases has one:
 *   the shaper gives a mark without a letter a dotted circle to sit on).
 * The subset's codes are the original glyph ids in ascending order (font/subset.ts); the mapping is
 * checked against the embedded font's glyph count and the /W widths before it is used.
 */
import { renderLetter } from '../../../nodes/shared/pdf';
import { subsetFont } from '../../../nodes/shared/pdf/font/subset';
import { readTrueType, type TrueTypeFont } from '../../../nodes/shared/pdf/font/trueType';
import { LINE_HEIGHT_FACTOR, MARGIN } from '../../../nodes/shared/pdf/letter/layout';
import { isRightToLeft, visualLine } from '../../../nodes/shared/pdf/letter/visualLine';
import { pageDrawing, type DrawnGlyph, type PageDrawing } from '../../harness/pdf/contentDrawing';
import { shapingFont, tablesOf, type ShapingFontName } from '../../harness/pdf/fonts';

const SIZE = 11;
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
/** Points: the writer rounds to 0.01 pt and lets the pen drift 0.5/1000 em (0.0055 pt at 11 pt). */
const TOLERANCE = 0.01;

interface DrawingCase {
	name: string;
	font: ShapingFontName;
	/** One paragraph a line, none wrapped. */
	lines: string[];
}

const cases: DrawingCase[] = [
	{
		name: 'Arabic with harakat',
		font: 'Noto Naskh Arabic',
		lines: [
			'مُحَمَّدٌ عَلِيٌّ',
			'بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ',
			'الْحَمْدُ لِلَّهِ',
			'فَاطِمَةُ الزَّهْرَاءُ',
		],
	},
	{
		// Noto Naskh Arabic draws many letters' dots as marks of their own (shin, tha, qaf, ya, ta).
		name: 'Arabic, Naskh dotted letters',
		font: 'Noto Naskh Arabic',
		lines: ['شمس ثابت قلب تفاح نجيب', 'لا إله إلا الله', 'موعدك القادم يوم الأحد', 'كيف حالك؟ ٣٤٥'],
	},
	{
		name: 'Persian',
		font: 'Vazirmatn',
		lines: ['می‌خواهم بروم', 'خانم زهرا رضایی', 'نامه به بیمار (شماره ۱۲)', 'پزشک: دکتر گلشیری'],
	},
	{
		name: 'Urdu in Naskh',
		font: 'Noto Naskh Arabic',
		lines: ['آپ کا نام کیا ہے', 'ڈاکٹر صاحب', 'مریض کی دوائی روزانہ دو بار'],
	},
	{
		name: 'Hebrew with niqqud',
		font: 'Noto Sans Hebrew',
		lines: ['שָׁלוֹם', 'בְּרֵאשִׁית בָּרָא', 'דָּוִד כֹּהֵן', 'מספר תיק 4521'],
	},
	{
		name: 'mixed',
		font: 'Vazirmatn',
		lines: [
			'الدواء: Amoxicillin 500 mg',
			'Patient محمد علي was seen today.',
			'الغرفة (رقم 5) [ب]',
			'Referral for فاطمة حسن, date 12/03/1980.',
		],
	},
	{
		name: 'mixed Hebrew',
		font: 'Noto Sans Hebrew',
		lines: ['התרופה: Amoxicillin 500 mg', 'Patient דָּוִד כֹּהֵן was seen (today).'],
	},
];

/** An embedded font file's glyph advances in font units, by glyph id (maxp, hhea, hmtx). */
function advancesOf(file: Uint8Array): number[] {
	const tables = tablesOf(file);
	const view = (tag: string) => {
		const table = tables.get(tag)!;
		return new DataView(table.buffer, table.byteOffset, table.byteLength);
	};
	const count = view('maxp').getUint16(4);
	const metrics = view('hhea').getUint16(34);
	const hmtx = view('hmtx');
	return Array.from({ length: count }, (_, glyph) =>
		hmtx.getUint16(4 * Math.min(glyph, metrics - 1)),
	);
}

/** A glyph where the layout puts it: its line, cluster and place in the cluster. */
interface LaidGlyph {
	line: number;
	cluster: number;
	glyph: number;
	x: number;
	y: number;
}

interface LaidCluster {
	line: number;
	text: string;
	/** Nothing of it on the baseline: drawn apart, after the line's carriers. */
	marksAlone: boolean;
	glyphs: LaidGlyph[];
}

/** The letter's lines laid out independently: each glyph's page position, each cluster's text. */
function layout(font: TrueTypeFont, lines: readonly string[]): LaidCluster[] {
	const clusters: LaidCluster[] = [];
	lines.forEach((text, line) => {
		const rightToLeft = isRightToLeft(text);
		const visual = visualLine([{ text, font: { kind: 'embedded', font } }], SIZE, rightToLeft);
		const left = rightToLeft ? PAGE_WIDTH - MARGIN - visual.width : MARGIN;
		const baseline = PAGE_HEIGHT - MARGIN - SIZE - line * SIZE * LINE_HEIGHT_FACTOR;
		for (const piece of visual.pieces) {
			if (!('clusters' in piece)) throw new Error('an embedded face drew a standard-font piece');
			let pen = left + piece.x;
			for (const cluster of piece.clusters) {
				const glyphs = cluster.glyphs.map((glyph) => {
					const laid = {
						line,
						cluster: clusters.length,
						glyph: glyph.glyph,
						x: pen + (glyph.xOffset * SIZE) / 1000,
						y: baseline + (glyph.yOffset * SIZE) / 1000,
					};
					pen += (glyph.advance * SIZE) / 1000;
					return laid;
				});
				const carrier = cluster.glyphs.find((glyph) => glyph.advance !== 0) ?? cluster.glyphs[0];
				clusters.push({ line, text: cluster.text, marksAlone: carrier.yOffset !== 0, glyphs });
			}
		}
	});
	return clusters;
}

interface Checked {
	drawing: PageDrawing;
	clusters: LaidCluster[];
	/** Each drawn glyph's laid glyph, by the drawn glyph's index (the footer's have none). */
	matched: Array<LaidGlyph | undefined>;
	unmatched: LaidGlyph[];
	footer: DrawnGlyph[];
	worst: number;
}

function check(drawingCase: DrawingCase): Checked {
	const bytes = shapingFont(drawingCase.font);
	const font = readTrueType(bytes, 'font.regular');
	const { pdf } = renderLetter(drawingCase.lines.join('\n'), { font: { regular: bytes } });
	const drawing = pageDrawing(pdf);
	const clusters = layout(font, drawingCase.lines);
	// The footer ("Page 1 of 1") is the page's only text at another size: its glyphs join the subset.
	const footer = drawing.glyphs.filter((glyph) => glyph.size !== SIZE);
	const fontOf = drawing.fonts.get(drawing.glyphs[0].font)!;
	const footerText = footer.map((glyph) => fontOf.toUnicode.get(glyph.code) ?? '').join('');
	const used = new Set(clusters.flatMap((cluster) => cluster.glyphs.map((glyph) => glyph.glyph)));
	for (const character of footerText) used.add(font.glyphId(character.codePointAt(0) ?? 0));
	const subset = subsetFont(font, used);
	// The mapping checked: as many glyphs as the embedded subset has, each code's advance in its hmtx
	// and its /W width that of the original glyph.
	const embedded = advancesOf(fontOf.fontFile!);
	if (embedded.length !== subset.glyphIds.length)
		throw new Error(
			`the subset has ${embedded.length} glyphs, the mapping ${subset.glyphIds.length}`,
		);
	subset.glyphIds.forEach((glyph, code) => {
		const advance = font.advance(glyph);
		const width = (advance * 1000) / font.unitsPerEm;
		if (embedded[code] !== advance || Math.abs(fontOf.width(code) - width) > 0.5)
			throw new Error(`code ${code} is not glyph ${glyph}`);
	});
	const matched: Array<LaidGlyph | undefined> = drawing.glyphs.map(() => undefined);
	const unmatched: LaidGlyph[] = [];
	let worst = 0;
	for (const laid of clusters.flatMap((cluster) => cluster.glyphs)) {
		const code = subset.newGlyphId.get(laid.glyph);
		const index = drawing.glyphs.findIndex(
			(drawn, at) =>
				matched[at] === undefined &&
				drawn.size === SIZE &&
				drawn.code === code &&
				Math.abs(drawn.x - laid.x) <= TOLERANCE &&
				Math.abs(drawn.y - laid.y) <= TOLERANCE,
		);
		if (index < 0) {
			unmatched.push(laid);
			continue;
		}
		matched[index] = laid;
		const drawn = drawing.glyphs[index];
		worst = Math.max(worst, Math.abs(drawn.x - laid.x), Math.abs(drawn.y - laid.y));
	}
	return { drawing, clusters, matched, unmatched, footer, worst };
}

/**
 * Each line read as a reader reads it, in drawing order: a span's ActualText once for its glyphs, a
 * glyph outside spans by its ToUnicode. Each reading with the clusters of its glyphs.
 */
function readings({
	drawing,
	matched,
}: Checked): Array<{ text: string; clusters: Set<number>; line: number; fromSpan: boolean }> {
	const read: Array<{ text: string; clusters: Set<number>; line: number; fromSpan: boolean }> = [];
	let lastSpan: number | undefined;
	drawing.glyphs.forEach((glyph, index) => {
		const laid = matched[index];
		if (laid === undefined) return;
		if (glyph.span !== undefined && glyph.span === lastSpan) {
			read[read.length - 1].clusters.add(laid.cluster);
			return;
		}
		lastSpan = glyph.span;
		const text =
			glyph.span !== undefined
				? (drawing.spans[glyph.span].actualText ?? '')
				: (drawing.fonts.get(glyph.font)!.toUnicode.get(glyph.code) ?? '');
		read.push({
			text,
			clusters: new Set([laid.cluster]),
			line: laid.line,
			fromSpan: glyph.span !== undefined,
		});
	});
	return read;
}

const checked = new Map<DrawingCase, Checked>();
const checkedCase = (drawingCase: DrawingCase) => {
	let found = checked.get(drawingCase);
	if (found === undefined) checked.set(drawingCase, (found = check(drawingCase)));
	return found;
};

describe.each(cases.map((drawingCase) => [drawingCase.name, drawingCase] as const))(
	'%s',
	(_name, drawingCase) => {
		test('every glyph of the layout is drawn once, with its code, within 0.01 pt of its place', () => {
			const result = checkedCase(drawingCase);
			expect(result.unmatched).toEqual([]);
			// Nothing else drawn: every glyph at the letter's size is one of the layout's.
			const strays = result.drawing.glyphs.filter(
				(glyph, index) => glyph.size === SIZE && result.matched[index] === undefined,
			);
			expect(strays).toEqual([]);
			expect(result.footer.length).toBeGreaterThan(0);
			expect(result.worst).toBeLessThanOrEqual(TOLERANCE);
		});

		test("reading the spans' ActualText and the ToUnicode of the rest gives each cluster's text once", () => {
			const result = checkedCase(drawingCase);
			const read = readings(result);
			// A reading with text belongs to one cluster; only an empty span (marks drawn after the line) spans several.
			const mixed = read.filter((reading) => reading.text !== '' && reading.clusters.size !== 1);
			expect(mixed).toEqual([]);
			const byCluster = result.clusters.map(() => [] as string[]);
			for (const reading of read)
				if (reading.text !== '')
					byCluster[[...reading.clusters][0]].push(
						reading.fromSpan ? reading.text : reading.text.normalize('NFKC'),
					);
			const wrong = result.clusters
				.map((cluster, index) => ({ text: cluster.text, read: byCluster[index] }))
				.filter(
					({ text, read: texts }) =>
						texts.length !== 1 || (texts[0] !== text && texts[0] !== text.normalize('NFKC')),
				);
			expect(wrong).toEqual([]);
			// In drawing order, line by line: the clusters on the baseline in visual order, then those of marks alone.
			result.clusters.forEach((_, line) => {
				const onLine = result.clusters
					.map((cluster, index) => ({ ...cluster, index }))
					.filter((cluster) => cluster.line === line);
				const expected = [
					...onLine.filter((cluster) => !cluster.marksAlone),
					...onLine.filter((cluster) => cluster.marksAlone),
				].map((cluster) => cluster.index);
				const order = read
					.filter((reading) => reading.line === line && reading.text !== '')
					.map((reading) => [...reading.clusters][0]);
				expect(order).toEqual(expected);
			});
		});
	},
);

test('the cases exercise what the writer does: marks drawn apart through Td, spans with ActualText', () => {
	const all = cases.map(checkedCase);
	const spans = all.flatMap((result) => result.drawing.spans);
	expect(spans.filter((span) => span.actualText === '').length).toBeGreaterThanOrEqual(5);
	expect(spans.filter((span) => (span.actualText ?? '') !== '').length).toBeGreaterThanOrEqual(20);
	// Marks above and below the baseline, drawn through Td.
	const off = all.flatMap((result) =>
		result.clusters.flatMap((cluster) =>
			cluster.glyphs.filter((glyph, index) => index > 0 && glyph.y !== cluster.glyphs[0].y),
		),
	);
	expect(off.length).toBeGreaterThanOrEqual(30);
	expect(
		all.reduce((count, result) => count + (result.drawing.operators.get('Td') ?? 0), 0),
	).toBeGreaterThanOrEqual(30);
});
