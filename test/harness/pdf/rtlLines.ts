/**
 * Whole lines of right-to-left and mixed text laid out two ways: by the letter writer (visualLine,
 * its bidi module and shaper) and by a reference pipeline as a renderer built on HarfBuzz lays them
 * out (libraqm's order of work): bidi-js's levels and reordering, the line cut into level runs, each
 * level run into script runs (a character of no script of its own takes its neighbours'), each
 * script run shaped by harfbuzzjs (harfbuzz-shape.mjs), the runs' glyphs put in bidi-js's visual order.
 * Both give every glyph in visual order with where it is drawn, in 1/1000 em.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';
import bidiFactory from 'bidi-js';
import { SHAPING_FONTS, shapingFont, type ShapingFontName } from './fonts';
import { shapingCorpus } from './shaping';
import { readTrueType, type TrueTypeFont } from '../../../nodes/shared/pdf/font/trueType';
import { isRightToLeft, visualLine } from '../../../nodes/shared/pdf/letter/visualLine';
import { lineLevels, resolveBidi } from '../../../nodes/shared/pdf/text/bidi';

export type LineDirection = 'auto' | 'ltr' | 'rtl';

export interface CorpusLine {
	category: string;
	text: string;
	fonts: ShapingFontName[];
	direction: LineDirection;
	/** A new line of mixed text (lines.json), not one of the shaping corpus's runs taken as a line. */
	mixed: boolean;
}

/** The shaping corpus's runs as whole lines (Arabic in both Naskh-style fonts, Hebrew in Noto Sans Hebrew), and lines.json's. */
export function lineCorpus(): CorpusLine[] {
	const runs = shapingCorpus().map(
		(run): CorpusLine => ({
			category: run.category,
			text: run.text,
			fonts: run.script === 'Hebrew' ? ['Noto Sans Hebrew'] : ['Noto Naskh Arabic', 'Vazirmatn'],
			direction: 'auto',
			mixed: false,
		}),
	);
	const path = join(__dirname, '..', '..', 'fixtures', 'shaping', 'lines.json');
	const { lines } = JSON.parse(readFileSync(path, 'utf8')) as {
		lines: Array<Omit<CorpusLine, 'mixed'>>;
	};
	return [...runs, ...lines.map((line) => ({ ...line, mixed: true }))];
}

/** A glyph as drawn: its id, x (pen + offset) and y offset from the line's left end, in 1/1000 em. */
export type PlacedGlyph = [glyph: number, x: number, y: number];

const bidiJs = bidiFactory();

/** bidi-js's paragraph level and per-character levels of a one-paragraph line. */
export function referenceLevels(
	text: string,
	direction: LineDirection,
): { paragraphLevel: number; levels: number[] } {
	const result = bidiJs.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
	return { paragraphLevel: result.paragraphs[0].level, levels: Array.from(result.levels) };
}

/** The letter writer's: the paragraph's direction (isRightToLeft for 'auto') and resolveBidi's line levels. */
export function ourLevels(
	text: string,
	direction: LineDirection,
): { paragraphLevel: number; levels: number[] } {
	const rightToLeft = direction === 'auto' ? isRightToLeft(text) : direction === 'rtl';
	const bidi = resolveBidi(text, rightToLeft ? 'rtl' : 'ltr');
	return {
		paragraphLevel: rightToLeft ? 1 : 0,
		levels: Array.from(lineLevels(bidi, 0, text.length)),
	};
}

type Script = 'Arab' | 'Hebr' | 'Latn';

/** A run HarfBuzz shapes: one level, one script. */
interface ShapingRun {
	text: string;
	script: Script;
	direction: 'ltr' | 'rtl';
	features: string[];
}

const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;

function scriptOf(character: string): Script | undefined {
	if (/\p{Script=Arabic}/u.test(character)) return 'Arab';
	if (/\p{Script=Hebrew}/u.test(character)) return 'Hebr';
	return SHARED.test(character) ? undefined : 'Latn';
}

/** A level run's script runs: a character of no script of its own takes the one before it (the first one's after it). */
function scriptRuns(text: string): Array<{ text: string; script: Script }> {
	const characters = [...text];
	const scripts = characters.map(scriptOf);
	const first = scripts.find((script) => script !== undefined) ?? 'Latn';
	const runs: Array<{ text: string; script: Script }> = [];
	let previous: Script = first;
	characters.forEach((character, index) => {
		const script = scripts[index] ?? previous;
		previous = script;
		const last = runs[runs.length - 1];
		if (last?.script === script) last.text += character;
		else runs.push({ text: character, script });
	});
	return runs;
}

/**
 * A line's shaping runs in visual order, by bidi-js: its levels, its reordering (getReorderSegments,
 * given the whole one-paragraph line, which its L1 handles right), the level runs (maximal, logical)
 * ordered by where reordering put them; each run's script runs reversed at an odd level.
 * Latin runs are shaped with `latinFeatures` turned off ("-kern": the letter writer draws text other
 * than Arabic and Hebrew a glyph a character from the cmap, never kerned).
 */
export function referenceRuns(
	text: string,
	direction: LineDirection,
	latinFeatures: readonly string[],
): ShapingRun[] {
	const result = bidiJs.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
	const order = Array.from({ length: text.length }, (_, i) => i);
	for (const [first, last] of bidiJs.getReorderSegments(text, result)) {
		const reversed = order.slice(first, last + 1).reverse();
		order.splice(first, reversed.length, ...reversed);
	}
	const at = new Map(order.map((index, position) => [index, position]));
	const levelRuns: Array<{ start: number; end: number; level: number }> = [];
	for (let index = 0; index < text.length; index += 1) {
		const level = result.levels[index];
		const last = levelRuns[levelRuns.length - 1];
		if (last?.level === level) last.end = index + 1;
		else levelRuns.push({ start: index, end: index + 1, level });
	}
	const visual = levelRuns
		.map((run) => {
			// The run reordered as one block: its characters side by side, reversed at an odd level.
			const positions = Array.from(
				{ length: run.end - run.start },
				(_, i) => at.get(run.start + i)!,
			);
			const odd = run.level % 2 === 1;
			positions.forEach((position, i) => {
				if (i > 0 && position !== positions[i - 1] + (odd ? -1 : 1))
					throw new Error(`bidi-js did not keep a level run together at ${run.start + i}`);
			});
			return { ...run, position: Math.min(...positions) };
		})
		.sort((a, b) => a.position - b.position);
	return visual.flatMap((run) => {
		const odd = run.level % 2 === 1;
		const runs = scriptRuns(text.slice(run.start, run.end)).map(
			(scriptRun): ShapingRun => ({
				...scriptRun,
				direction: odd ? 'rtl' : 'ltr',
				features: scriptRun.script === 'Latn' ? [...latinFeatures] : [],
			}),
		);
		return odd ? runs.reverse() : runs;
	});
}

type HarfBuzzGlyph = [number, number, number, number, number, number];

/** HarfBuzz's glyphs of each run with the font (font units) and its units per em. */
function harfbuzzShape(
	font: ShapingFontName,
	runs: readonly ShapingRun[],
): { upem: number; results: HarfBuzzGlyph[][] } {
	const output = execFileSync('node', [join(__dirname, 'harfbuzz-shape.mjs')], {
		input: JSON.stringify({ font: SHAPING_FONTS[font], runs, removeDefaultIgnorables: true }),
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	return JSON.parse(output) as { upem: number; results: HarfBuzzGlyph[][] };
}

/** The reference's glyphs of each line in the font, in visual order: one HarfBuzz process for them all. */
export function referenceGlyphs(
	font: ShapingFontName,
	lines: ReadonlyArray<{ text: string; direction: LineDirection }>,
	latinFeatures: readonly string[],
): PlacedGlyph[][] {
	const perLine = lines.map((line) => referenceRuns(line.text, line.direction, latinFeatures));
	const { upem, results } = harfbuzzShape(font, perLine.flat());
	const scale = 1000 / upem;
	let next = 0;
	return perLine.map((runs) => {
		const placed: PlacedGlyph[] = [];
		let pen = 0;
		for (let run = 0; run < runs.length; run += 1) {
			for (const [glyph, , xAdvance, , xOffset, yOffset] of results[next + run]) {
				placed.push([glyph, (pen + xOffset) * scale, yOffset * scale]);
				pen += xAdvance;
			}
		}
		next += runs.length;
		return placed;
	});
}

const fonts = new Map<ShapingFontName, TrueTypeFont>();

/** The letter writer's glyphs of the line in the font, in visual order: visualLine at 1000 pt, so points are 1/1000 em. */
export function ourGlyphs(
	fontName: ShapingFontName,
	text: string,
	direction: LineDirection,
): PlacedGlyph[] {
	let font = fonts.get(fontName);
	if (font === undefined)
		fonts.set(fontName, (font = readTrueType(shapingFont(fontName), 'font.regular')));
	const rightToLeft = direction === 'auto' ? isRightToLeft(text) : direction === 'rtl';
	const line = visualLine([{ text, font: { kind: 'embedded', font } }], 1000, rightToLeft);
	const placed: PlacedGlyph[] = [];
	for (const piece of line.pieces) {
		if (!('clusters' in piece)) throw new Error('a piece in a standard face');
		let pen = piece.x;
		for (const cluster of piece.clusters)
			for (const glyph of cluster.glyphs) {
				placed.push([glyph.glyph, pen + glyph.xOffset, glyph.yOffset]);
				pen += glyph.advance;
			}
	}
	return placed;
}

/**
 * How the letter writer's line differs from the reference's: other glyphs (both lists of ids), or
 * the first glyph drawn more than `tolerance` (1/1000 em) away; undefined when they agree.
 */
export function lineDifference(
	ours: readonly PlacedGlyph[],
	theirs: readonly PlacedGlyph[],
	tolerance: number,
): object | undefined {
	const ids = (glyphs: readonly PlacedGlyph[]) => glyphs.map(([glyph]) => glyph);
	if (ids(ours).join() !== ids(theirs).join()) return { glyphs: [ids(ours), ids(theirs)] };
	for (let index = 0; index < ours.length; index += 1) {
		const [, x, y] = ours[index];
		const [, refX, refY] = theirs[index];
		if (Math.abs(x - refX) > tolerance || Math.abs(y - refY) > tolerance)
			return { index, ours: ours[index], theirs: theirs[index] };
	}
	return undefined;
}
