/**
 * What each glyph a letter's pages draw in an embedded font stands for: the text its ToUnicode entry
 * gives it. Glyphs drawn as characters (text operations) come first, since a text operation has no
 * span to correct what ToUnicode says; then laid-out glyphs: a glyph drawn alone reads as its
 * cluster's text, a cluster's carrier as its letters (glyphText.ts), the glyphs drawn apart as
 * nothing ('', no entry): the spans' ActualText says the rest.
 */

import type { TrueTypeFont } from '../font/trueType';
import type { DrawOperation } from './content';
import { carrierIndex, carrierText } from './glyphText';

/** Per font, in the order first drawn: each glyph drawn and its text ('' for none). */
export function drawnGlyphTexts(
	operations: readonly DrawOperation[],
): Map<TrueTypeFont, Map<number, string>> {
	const drawn = new Map<TrueTypeFont, Map<number, string>>();
	const glyphsOf = (font: TrueTypeFont) => {
		let glyphs = drawn.get(font);
		if (glyphs === undefined) drawn.set(font, (glyphs = new Map()));
		return glyphs;
	};
	for (const operation of operations) {
		if (operation.kind !== 'text' || typeof operation.font === 'string') continue;
		const font = operation.font.font;
		const glyphs = glyphsOf(font);
		for (const character of operation.text) {
			// Tabs are not drawn: the content stream moves the text after them to their stop.
			if (character === '\t') continue;
			const glyph = font.glyphId(character.codePointAt(0) ?? 0);
			if (!glyphs.has(glyph)) glyphs.set(glyph, character);
		}
	}
	// A carrier's or an apart glyph's text waits until every glyph drawn alone has said its own.
	const parts = new Map<TrueTypeFont, Map<number, string>>();
	for (const operation of operations) {
		if (operation.kind !== 'glyphs') continue;
		const font = operation.font.font;
		const glyphs = glyphsOf(font);
		let fontParts = parts.get(font);
		if (fontParts === undefined) parts.set(font, (fontParts = new Map()));
		for (const cluster of operation.clusters) {
			if (cluster.glyphs.length === 1) {
				const { glyph } = cluster.glyphs[0];
				if (!glyphs.has(glyph)) glyphs.set(glyph, cluster.text);
				continue;
			}
			const carrier = carrierIndex(cluster);
			cluster.glyphs.forEach(({ glyph }, index) => {
				const text = index === carrier ? carrierText(font, cluster) : '';
				if (!fontParts.has(glyph) || fontParts.get(glyph) === '') fontParts.set(glyph, text);
			});
		}
	}
	for (const [font, fontParts] of parts) {
		const glyphs = glyphsOf(font);
		for (const [glyph, text] of fontParts) if (!glyphs.has(glyph)) glyphs.set(glyph, text);
	}
	return drawn;
}
