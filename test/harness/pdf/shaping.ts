/**
 * The shaping tests' fonts and reference: right-to-left fonts from the dev dependencies (Google
 * Fonts' files as @expo-google-fonts packages them) and HarfBuzz (harfbuzzjs, run in its own Node
 * process by harfbuzz-shape.mjs, since it is an ES module), whose output the shaper must equal.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';
import type { ShapeOptions } from '../../../nodes/shared/pdf/font/shaping/shape';

const PACKAGES = join(__dirname, '..', '..', '..', 'node_modules', '@expo-google-fonts');

/** A font's file path by the name the tests call it. */
export const SHAPING_FONTS = {
	'Noto Naskh Arabic': join(
		PACKAGES,
		'noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf',
	),
	'Noto Naskh Arabic Bold': join(PACKAGES, 'noto-naskh-arabic/700Bold/NotoNaskhArabic_700Bold.ttf'),
	Vazirmatn: join(PACKAGES, 'vazirmatn/400Regular/Vazirmatn_400Regular.ttf'),
	/** Nastaliq: glyphs joined by GPOS cursive attachment, long chained contexts. */
	'Noto Nastaliq Urdu': join(
		PACKAGES,
		'noto-nastaliq-urdu/400Regular/NotoNastaliqUrdu_400Regular.ttf',
	),
	'Noto Sans Hebrew': join(PACKAGES, 'noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf'),
} as const;

export type ShapingFontName = keyof typeof SHAPING_FONTS;

export const shapingFont = (name: ShapingFontName): Buffer => readFileSync(SHAPING_FONTS[name]);

export interface CorpusRun extends ShapeOptions {
	category: string;
	text: string;
}

/** The corpus of one-line runs (test/fixtures/shaping/corpus.json). */
export function shapingCorpus(): CorpusRun[] {
	const path = join(__dirname, '..', '..', 'fixtures', 'shaping', 'corpus.json');
	return (JSON.parse(readFileSync(path, 'utf8')) as { runs: CorpusRun[] }).runs;
}

/** HarfBuzz's glyph: id, cluster, x and y advance, x and y offset (font units). */
export type ReferenceGlyph = [number, number, number, number, number, number];

/** HarfBuzz's shaping of each run with the font, as hb_shape returns it (visual order for RTL). */
export function harfbuzzShape(
	font: ShapingFontName,
	runs: ReadonlyArray<ShapeOptions & { text: string }>,
): { version: string; results: ReferenceGlyph[][] } {
	const output = execFileSync('node', [join(__dirname, 'harfbuzz-shape.mjs')], {
		input: JSON.stringify({ font: SHAPING_FONTS[font], runs }),
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	return JSON.parse(output) as { version: string; results: ReferenceGlyph[][] };
}
