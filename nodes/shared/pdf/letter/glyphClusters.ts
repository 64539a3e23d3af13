/**
 * Text in an embedded TrueType face as clusters of glyphs in visual order, each cluster with the text
 * it stands for. Arabic and Hebrew are shaped with the font's own tables (font/shaping, as HarfBuzz
 * shapes them); any other text is a glyph a character from the cmap with its hmtx advance, as the
 * letter has always drawn it. A right-to-left text has its mirrored characters (UAX #9 L4) and its
 * clusters reversed. Advances and offsets are in 1/1000 em.
 */

import { mirroredCodePoint } from '../text/bidi';
import type { ShapingScript } from '../font/shaping/shape';
import { shapeRun } from '../font/shaping/shape';
import type { TrueTypeFont } from '../font/trueType';

export interface ClusterGlyph {
	glyph: number;
	advance: number;
	xOffset: number;
	yOffset: number;
}

/** Glyphs drawn for a piece of text: one character, a ligature's characters, a letter with its marks. */
export interface GlyphCluster {
	/** The characters in logical order. */
	text: string;
	/** Left to right as drawn. */
	glyphs: readonly ClusterGlyph[];
}

const ARABIC = /\p{Script=Arabic}/u;
const HEBREW = /\p{Script=Hebrew}/u;
/** Characters of no script of their own (spaces, digits, punctuation, marks): they take their neighbours'. */
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const IGNORABLES = /\p{Default_Ignorable_Code_Point}/gu;

/** A text without its invisible format characters (ZWJ, ZWNJ, bidi marks): what a standard face draws of it. */
export function withoutIgnorables(text: string): string {
	return text.replace(IGNORABLES, '');
}
/** What makes a text need more than one glyph a character left to right. */
const NEEDS_SHAPING =
	/[\p{Script_Extensions=Arabic}\p{Script_Extensions=Hebrew}\p{Default_Ignorable_Code_Point}]/u;

/** Whether a text holds Arabic or Hebrew (letters, marks, digits) or an invisible format character. */
export function needsShaping(text: string): boolean {
	return NEEDS_SHAPING.test(text);
}

type ItemScript = ShapingScript | 'other';

function scriptOf(character: string): ItemScript | undefined {
	if (character.charCodeAt(0) < 0x0590) return SHARED.test(character) ? undefined : 'other';
	if (ARABIC.test(character)) return 'Arabic';
	if (HEBREW.test(character)) return 'Hebrew';
	return SHARED.test(character) ? undefined : 'other';
}

/**
 * The text as runs of one script, in logical order: a character of no script of its own (a space, a
 * digit, a harakah) joins the run before it, or the first run when it leads.
 */
function scriptRuns(text: string): Array<{ text: string; script: ItemScript }> {
	const runs: Array<{ text: string; script: ItemScript | undefined }> = [];
	for (const character of text) {
		const script = scriptOf(character);
		const last = runs[runs.length - 1];
		if (last !== undefined && (script === undefined || script === last.script)) {
			last.text += character;
		} else if (last !== undefined && last.script === undefined) {
			last.text += character;
			last.script = script;
		} else runs.push({ text: character, script });
	}
	return runs.map((run) => ({ text: run.text, script: run.script ?? 'other' }));
}

const CACHE_LIMIT = 4096;
const cached = new WeakMap<TrueTypeFont, Map<string, GlyphCluster[]>>();

/**
 * The clusters of `text` in `font`, left to right as drawn: `rightToLeft` for a text the bidi
 * algorithm put at an odd level (its clusters come out reversed, its brackets mirrored).
 * Invisible format characters are drawn as nothing.
 */
export function glyphClusters(
	font: TrueTypeFont,
	text: string,
	rightToLeft: boolean,
): GlyphCluster[] {
	let byText = cached.get(font);
	if (byText === undefined) cached.set(font, (byText = new Map()));
	const key = `${rightToLeft ? 'r' : 'l'}${text}`;
	const found = byText.get(key);
	if (found !== undefined) return found;
	const runs = scriptRuns(text).map((run) =>
		run.script === 'other'
			? characterClusters(font, run.text, rightToLeft)
			: shapedClusters(font, run.text, run.script, rightToLeft),
	);
	if (rightToLeft) runs.reverse();
	const clusters = runs.flat();
	if (byText.size >= CACHE_LIMIT) byText.clear();
	byText.set(key, clusters);
	return clusters;
}

/** The width of clusters in 1/1000 em. */
export function clustersWidth(clusters: readonly GlyphCluster[]): number {
	let width = 0;
	for (const cluster of clusters) for (const glyph of cluster.glyphs) width += glyph.advance;
	return width;
}

/** One glyph a character, from the cmap (the mirrored one at a right-to-left level, when the font has it). */
function characterClusters(font: TrueTypeFont, text: string, rightToLeft: boolean): GlyphCluster[] {
	const clusters: GlyphCluster[] = [];
	for (const character of text) {
		if (IGNORABLE.test(character)) continue;
		let codePoint = character.codePointAt(0) ?? 0;
		const mirror = rightToLeft ? mirroredCodePoint(codePoint) : undefined;
		if (mirror !== undefined && font.has(mirror)) codePoint = mirror;
		const glyph = font.glyphId(codePoint);
		clusters.push({
			text: character,
			glyphs: [{ glyph, advance: font.advanceUnits(glyph), xOffset: 0, yOffset: 0 }],
		});
	}
	if (rightToLeft) clusters.reverse();
	return clusters;
}

/** The shaper's glyphs grouped by cluster, in visual order; invisible characters' glyphs left out. */
function shapedClusters(
	font: TrueTypeFont,
	text: string,
	script: ShapingScript,
	rightToLeft: boolean,
): GlyphCluster[] {
	const scale = 1000 / font.unitsPerEm;
	const space = font.glyphId(0x20);
	const shaped = shapeRun(font, text, { script, direction: rightToLeft ? 'rtl' : 'ltr' });
	if (rightToLeft) shaped.reverse();
	const clusters: Array<GlyphCluster & { glyphs: ClusterGlyph[]; start: number }> = [];
	for (const glyph of shaped) {
		const clusterText = text.slice(glyph.textStart, glyph.textEnd);
		let last = clusters[clusters.length - 1];
		if (last === undefined || last.start !== glyph.textStart) {
			last = { text: clusterText, glyphs: [], start: glyph.textStart };
			clusters.push(last);
		}
		// A default ignorable (ZWJ, ZWNJ, a bidi mark) comes back as a zero-width space glyph: nothing to draw.
		if (glyph.glyph === space && glyph.xAdvance === 0) continue;
		last.glyphs.push({
			glyph: glyph.glyph,
			advance: glyph.xAdvance * scale,
			xOffset: glyph.xOffset * scale,
			yOffset: glyph.yOffset * scale,
		});
	}
	return clusters
		.filter((cluster) => cluster.glyphs.length > 0)
		.map(({ text: clusterText, glyphs }) => ({ text: clusterText, glyphs }));
}
