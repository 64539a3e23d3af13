/**
 * The shaper against HarfBuzz with the same font: every run of the corpus (Arabic names and sentences
 * with and without harakat, both kinds of digits, lam-alef, ZWJ/ZWNJ, Persian with ZWNJ, Urdu,
 * Hebrew with and without niqqud and cantillation) shaped by shapeRun and by harfbuzzjs (direction,
 * script and language the same) gives the same glyphs, the same clusters, and every glyph drawn
 * within 0.02 em of where HarfBuzz draws it. shapeRun returns logical order; HarfBuzz returns a
 * right-to-left run in visual order, so ours is reversed before comparing. Noto Nastaliq Urdu joins
 * its letters by GPOS cursive attachment, the others by joining forms and marks.
 */
import { readTrueType } from '../../../../nodes/shared/pdf/font/trueType';
import { shapeRun } from '../../../../nodes/shared/pdf/font/shaping/shape';
import type { ShapedGlyph } from '../../../../nodes/shared/pdf/font/shaping/shape';
import type { CorpusRun, ReferenceGlyph, ShapingFontName } from '../../../harness/pdf/shaping';
import { harfbuzzShape, shapingCorpus, shapingFont } from '../../../harness/pdf/shaping';

const corpus = shapingCorpus();
const arabic = corpus.filter((run) => run.script === 'Arabic');
const hebrew = corpus.filter((run) => run.script === 'Hebrew');

/** Where a run's glyphs are drawn: [glyph, cluster, x, y] in visual order, and the run's width. */
function drawn(glyphs: ReadonlyArray<readonly [number, number, number, number, number, number]>) {
	let pen = 0;
	const placed = glyphs.map(([glyph, cluster, xAdvance, , xOffset, yOffset]) => {
		const at = [glyph, cluster, pen + xOffset, yOffset] as const;
		pen += xAdvance;
		return at;
	});
	return { placed, width: pen };
}

function visual(glyphs: ShapedGlyph[], run: CorpusRun): ReferenceGlyph[] {
	const rows = glyphs.map(
		(glyph): ReferenceGlyph => [
			glyph.glyph,
			glyph.textStart,
			glyph.xAdvance,
			glyph.yAdvance,
			glyph.xOffset,
			glyph.yOffset,
		],
	);
	return (run.direction ?? 'rtl') === 'rtl' ? rows.reverse() : rows;
}

/** What differs between ours and HarfBuzz's for one run, or undefined when they agree. */
function difference(ours: ReferenceGlyph[], theirs: ReferenceGlyph[], tolerance: number) {
	const a = drawn(ours);
	const b = drawn(theirs);
	if (a.placed.length !== b.placed.length)
		return { glyphs: [ours.map((g) => g[0]), theirs.map((g) => g[0])] };
	for (let index = 0; index < a.placed.length; index += 1) {
		const [glyph, cluster, x, y] = a.placed[index];
		const [refGlyph, refCluster, refX, refY] = b.placed[index];
		if (glyph !== refGlyph || cluster !== refCluster)
			return { index, ours: a.placed[index], theirs: b.placed[index] };
		if (Math.abs(x - refX) > tolerance || Math.abs(y - refY) > tolerance)
			return { index, ours: a.placed[index], theirs: b.placed[index] };
	}
	if (Math.abs(a.width - b.width) > tolerance) return { width: [a.width, b.width] };
	return undefined;
}

describe.each<[ShapingFontName, CorpusRun[]]>([
	['Noto Naskh Arabic', arabic],
	['Noto Naskh Arabic Bold', arabic],
	['Vazirmatn', arabic],
	['Noto Nastaliq Urdu', arabic],
	['Noto Sans Hebrew', hebrew],
])('%s', (fontName, runs) => {
	test(`shapes the corpus's runs as HarfBuzz does (glyphs, clusters, positions within 0.02 em)`, () => {
		const font = readTrueType(shapingFont(fontName), 'font.regular');
		const reference = harfbuzzShape(fontName, runs);
		const tolerance = font.unitsPerEm * 0.02;
		const differences = runs.flatMap((run, index) => {
			const found = difference(
				visual(shapeRun(font, run.text, run), run),
				reference.results[index],
				tolerance,
			);
			return found === undefined ? [] : [{ text: run.text, ...found }];
		});
		expect(differences).toEqual([]);
		// The corpus reached HarfBuzz whole, and HarfBuzz shaped (joined forms, not one glyph per letter).
		expect(reference.results).toHaveLength(runs.length);
		expect(runs.length).toBeGreaterThanOrEqual(fontName === 'Noto Sans Hebrew' ? 60 : 200);
	});
});

test('the corpus holds at least 200 runs of each kind the issue names', () => {
	const count = (category: string) => corpus.filter((run) => run.category === category).length;
	expect(corpus.length).toBeGreaterThanOrEqual(250);
	for (const category of [
		'arabic-names',
		'arabic-names-harakat',
		'arabic-sentences',
		'arabic-harakat',
		'arabic-digits',
		'lam-alef',
		'zwj-zwnj',
		'persian',
		'urdu',
		'hebrew',
		'hebrew-niqqud',
		'hebrew-cantillation',
		'mark-order',
	])
		expect(count(category)).toBeGreaterThanOrEqual(5);
});
