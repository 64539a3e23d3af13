/**
 * Composite glyphs (glyf entries with a negative contour count) draw other glyphs: an accented letter
 * is often its base letter and its accent, as Vietnamese ễ is e, a circumflex and a tilde. A subset
 * must carry those components too, and their ids change when the subset numbers its glyphs anew.
 */

import { damaged } from './fontData';

const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;
/** A composite's header: number of contours and bounding box. */
const HEADER = 10;

export function isComposite(glyph: Uint8Array): boolean {
	return glyph.length >= HEADER && (glyph[0] & 0x80) !== 0;
}

/** Each component of a composite glyph: its glyph id and where that id sits in the glyph's bytes. */
export function components(
	glyph: Uint8Array,
	field: string,
): Array<{ glyphId: number; at: number }> {
	if (!isComposite(glyph)) return [];
	const found: Array<{ glyphId: number; at: number }> = [];
	let at = HEADER;
	for (;;) {
		if (at + 4 > glyph.length) throw damaged(field, 'a composite glyph is cut short');
		const flags = (glyph[at] << 8) | glyph[at + 1];
		found.push({ glyphId: (glyph[at + 2] << 8) | glyph[at + 3], at: at + 2 });
		at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
		if (flags & WE_HAVE_A_SCALE) at += 2;
		else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
		else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
		if (!(flags & MORE_COMPONENTS)) return found;
	}
}

/** A copy of a glyph with its components' ids renumbered (a simple glyph is copied unchanged). */
export function renumberComponents(
	glyph: Uint8Array,
	newId: (oldId: number) => number,
	field: string,
): Uint8Array {
	const copy = Uint8Array.from(glyph);
	for (const component of components(glyph, field)) {
		const id = newId(component.glyphId);
		copy[component.at] = id >> 8;
		copy[component.at + 1] = id & 0xff;
	}
	return copy;
}
