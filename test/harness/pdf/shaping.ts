/**
 * The shaping tests' reference: HarfBuzz (harfbuzzjs, run in its own Node process by
 * harfbuzz-shape.mjs, since it is an ES module), whose output the shaper must equal, with the
 * right-to-left fonts of fonts.ts.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';
import { SHAPING_FONTS, shapingFont, type ShapingFontName } from './fonts';
import { readTrueType } from '../../../nodes/shared/pdf/font/trueType';
import { shapeRun } from '../../../nodes/shared/pdf/font/shaping/shape';
import type { ShapeOptions, ShapedGlyph } from '../../../nodes/shared/pdf/font/shaping/shape';

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

/** Where a run's glyphs are drawn: [glyph, cluster, x, y] in visual order, and the run's width. */
function drawn(glyphs: readonly ReferenceGlyph[]) {
	let pen = 0;
	const placed = glyphs.map(([glyph, cluster, xAdvance, , xOffset, yOffset]) => {
		const at = [glyph, cluster, pen + xOffset, yOffset] as const;
		pen += xAdvance;
		return at;
	});
	return { placed, width: pen };
}

/** shapeRun's glyphs as HarfBuzz lists them: visual order (a right-to-left run reversed). */
function visual(glyphs: ShapedGlyph[], run: ShapeOptions): ReferenceGlyph[] {
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

/** What differs for one run: glyphs, clusters, or a glyph drawn more than `tolerance` away. */
function difference(ours: ReferenceGlyph[], theirs: ReferenceGlyph[], tolerance: number) {
	const a = drawn(ours);
	const b = drawn(theirs);
	if (a.placed.length !== b.placed.length)
		return { glyphs: [ours.map((glyph) => glyph[0]), theirs.map((glyph) => glyph[0])] };
	for (let index = 0; index < a.placed.length; index += 1) {
		const [glyph, cluster, x, y] = a.placed[index];
		const [refGlyph, refCluster, refX, refY] = b.placed[index];
		if (
			glyph !== refGlyph ||
			cluster !== refCluster ||
			Math.abs(x - refX) > tolerance ||
			Math.abs(y - refY) > tolerance
		)
			return { index, ours: a.placed[index], theirs: b.placed[index] };
	}
	if (Math.abs(a.width - b.width) > tolerance) return { width: [a.width, b.width] };
	return undefined;
}

/**
 * The runs shapeRun shapes otherwise than HarfBuzz with the same font: other glyphs or clusters, or a
 * glyph drawn more than 0.02 em from where HarfBuzz draws it (empty when they agree), and how many
 * runs HarfBuzz shaped.
 */
export function differencesFromHarfBuzz(
	fontName: ShapingFontName,
	runs: ReadonlyArray<ShapeOptions & { text: string }>,
): { differences: object[]; shaped: number } {
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
	return { differences, shaped: reference.results.length };
}
