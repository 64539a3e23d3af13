/**
 * The text each glyph of laid-out (shaped) text stands for in the font's ToUnicode, for readers that
 * read ToUnicode rather than a span's ActualText. A ligature of Arabic or Hebrew letters reads as the
 * one presentation-form character Unicode has for it where there is one (lam-alef is U+FEFB, which
 * NFKC makes lam + alef again): readers that lay a glyph's several characters out left to right would
 * otherwise read a right-to-left ligature reversed. A glyph drawn only beside others for one piece of
 * text (a letter's contextual form beside its marks) reads as the character the font maps to it, or
 * as the piece's one letter (partTexts).
 */

import type { TrueTypeFont } from '../font/trueType';
import type { GlyphCluster } from './glyphClusters';

/** The presentation-form blocks: Hebrew and Arabic A (U+FB1D-U+FDFF), Arabic B (U+FE70-U+FEFF). */
const PRESENTATION_RANGES: ReadonlyArray<readonly [number, number]> = [
	[0xfb1d, 0xfdff],
	[0xfe70, 0xfeff],
];

let presentationForms: Map<string, string> | undefined;

/** Each presentation form of two or more characters by what NFKC makes of it (the first form wins). */
function formsByText(): Map<string, string> {
	if (presentationForms !== undefined) return presentationForms;
	presentationForms = new Map();
	for (const [first, last] of PRESENTATION_RANGES) {
		for (let codePoint = first; codePoint <= last; codePoint += 1) {
			const form = String.fromCodePoint(codePoint);
			const text = form.normalize('NFKC');
			if (text !== form && [...text].length > 1 && !presentationForms.has(text))
				presentationForms.set(text, form);
		}
	}
	return presentationForms;
}

/** What a glyph drawn alone for `text` reads as: its presentation form when it is a ligature that has one. */
export function ligatureText(text: string): string {
	if ([...text].length < 2) return text;
	return formsByText().get(text.normalize('NFKC')) ?? text;
}

const MARK = /\p{M}/u;

/**
 * What each glyph of a cluster of several glyphs reads as: a glyph the font maps a character of the
 * cluster to reads as that character; the one glyph of width left (a letter's form beside its marks
 * or dots) reads as the one letter left; any other glyph reads as nothing.
 */
export function partTexts(font: TrueTypeFont, cluster: GlyphCluster): Map<number, string> {
	const characters = [...cluster.text];
	const texts = new Map<number, string>();
	const unmapped = cluster.glyphs.filter(({ glyph }) => {
		const mapped = characters.find(
			(character) => font.glyphId(character.codePointAt(0)!) === glyph,
		);
		if (mapped !== undefined) texts.set(glyph, mapped);
		return mapped === undefined;
	});
	const letters = characters.filter(
		(character) => !MARK.test(character) && ![...texts.values()].includes(character),
	);
	const wide = unmapped.filter((glyph) => glyph.advance > 0);
	if (letters.length === 1 && wide.length === 1) texts.set(wide[0].glyph, letters[0]);
	return texts;
}
