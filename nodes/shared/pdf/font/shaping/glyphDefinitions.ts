/**
 * GDEF: which glyphs are bases, ligatures and marks, the marks' attachment classes and the mark
 * filtering sets lookups name. Without GDEF glyph classes, HarfBuzz takes a glyph's class from its
 * character (a nonspacing mark is a mark); glyphRun.ts does that.
 */

import type { FontData } from '../fontData';
import type { ClassDefinition, Coverage } from './layoutTables';
import { readClassDefinition, readCoverage } from './layoutTables';

/** Glyph property bits, as HarfBuzz keeps them: the class bits equal the LookupFlag Ignore* bits. */
export const BASE_GLYPH = 0x02;
export const LIGATURE = 0x04;
export const MARK = 0x08;
export const CLASS_MASK = BASE_GLYPH | LIGATURE | MARK;
export const SUBSTITUTED = 0x10;
export const LIGATED = 0x20;
export const MULTIPLIED = 0x40;

export interface GlyphDefinitions {
	hasGlyphClasses: boolean;
	/** The class bits of a glyph, and a mark's attachment class in bits 8-15. */
	properties(glyph: number): number;
	/** Whether mark filtering set `set` holds `glyph`. */
	inMarkSet(set: number, glyph: number): boolean;
}

const NONE: ClassDefinition = new Map();

export function readGlyphDefinitions(data: FontData, gdef: number | undefined): GlyphDefinitions {
	if (gdef === undefined)
		return { hasGlyphClasses: false, properties: () => 0, inMarkSet: () => false };
	const minor = data.uint16(gdef + 2);
	const classOffset = data.uint16(gdef + 4);
	const attachOffset = data.uint16(gdef + 10);
	const classes = classOffset === 0 ? NONE : readClassDefinition(data, gdef + classOffset);
	const attachClasses = attachOffset === 0 ? NONE : readClassDefinition(data, gdef + attachOffset);
	const markSets: Coverage[] = [];
	const setsOffset = minor >= 2 ? data.uint16(gdef + 12) : 0;
	if (setsOffset !== 0) {
		const sets = gdef + setsOffset;
		const count = data.uint16(sets + 2);
		for (let index = 0; index < count; index += 1)
			markSets.push(readCoverage(data, sets + data.uint32(sets + 4 + index * 4)));
	}
	const cache = new Map<number, number>();
	return {
		hasGlyphClasses: classes.size > 0,
		properties(glyph) {
			let found = cache.get(glyph);
			if (found === undefined) {
				switch (classes.get(glyph) ?? 0) {
					case 1:
						found = BASE_GLYPH;
						break;
					case 2:
						found = LIGATURE;
						break;
					case 3:
						found = MARK | ((attachClasses.get(glyph) ?? 0) << 8);
						break;
					default:
						found = 0;
				}
				cache.set(glyph, found);
			}
			return found;
		},
		inMarkSet: (set, glyph) => markSets[set]?.has(glyph) ?? false,
	};
}
