/**
 * The shaper against HarfBuzz with the same font: every run of the corpus (Arabic names and sentences
 * with and without harakat, both kinds of digits, lam-alef, ZWJ/ZWNJ, Persian with ZWNJ, Urdu,
 * Hebrew with and without niqqud and cantillation) shaped by shapeRun and by harfbuzzjs (direction,
 * script and language the same) gives the same glyphs, the same clusters, and every glyph drawn
 * within 0.02 em of where HarfBuzz draws it. shapeRun returns logical order; HarfBuzz returns a
 * right-to-left run in visual order, so ours is reversed before comparing. Noto Nastaliq Urdu joins
 * its letters by GPOS cursive attachment, the others by joining forms and marks.
 */
import type { ShapingFontName } from '../../../harness/pdf/fonts';
import type { CorpusRun } from '../../../harness/pdf/shaping';
import { differencesFromHarfBuzz, shapingCorpus } from '../../../harness/pdf/shaping';

const corpus = shapingCorpus();
const arabic = corpus.filter((run) => run.script === 'Arabic');
const hebrew = corpus.filter((run) => run.script === 'Hebrew');

describe.each<[ShapingFontName, CorpusRun[]]>([
	['Noto Naskh Arabic', arabic],
	['Noto Naskh Arabic Bold', arabic],
	['Vazirmatn', arabic],
	['Noto Nastaliq Urdu', arabic],
	['Noto Sans Hebrew', hebrew],
])('%s', (fontName, runs) => {
	test(`shapes the corpus's runs as HarfBuzz does (glyphs, clusters, positions within 0.02 em)`, () => {
		const { differences, shaped } = differencesFromHarfBuzz(fontName, runs);
		expect(differences).toEqual([]);
		// The corpus reached HarfBuzz whole.
		expect(shaped).toBe(runs.length);
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
