/**
 * The text each glyph of laid-out (shaped) text stands for in the font's ToUnicode, for readers that
 * read ToUnicode rather than a span's ActualText. A ligature of Arabic or Hebrew letters reads as the
 * one presentation-form character Unicode has for it where there is one (lam-alef is U+FEFB, which
 * NFKC makes lam + alef again): readers that lay a glyph's several characters out left to right would
 * otherwise read a right-to-left ligature reversed. The carrier of a cluster of several glyphs (a
 * letter's form beside its marks or dots) reads as its letters (carrierText).
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

/** A cluster's carrier: the glyph drawn on the line's run (its first with an advance), the others drawn apart. */
export function carrierIndex(cluster: GlyphCluster): number {
	return Math.max(
		0,
		cluster.glyphs.findIndex((glyph) => glyph.advance > 0),
	);
}

/**
 * What the carrier of a cluster of several glyphs reads as: the cluster's letters (its marks read
 * through the span's ActualText) when it is the cluster's one glyph of width, else the character the
 * font maps to it, else nothing. The glyphs drawn apart read as nothing.
 */
export function carrierText(font: TrueTypeFont, cluster: GlyphCluster): string {
	const carrier = cluster.glyphs[carrierIndex(cluster)];
	const wide = cluster.glyphs.filter((glyph) => glyph.advance > 0).length;
	const letters = [...cluster.text].filter((character) => !MARK.test(character)).join('');
	if (wide === 1 && letters !== '') return letters;
	return (
		[...cluster.text].find(
			(character) => font.glyphId(character.codePointAt(0)!) === carrier.glyph,
		) ?? ''
	);
}
