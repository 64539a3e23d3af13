/**
 * The run being shaped: one slot per glyph with what HarfBuzz keeps beside it (the character it came
 * from, cluster, feature mask, glyph properties, ligature component bookkeeping, position), and the
 * skipping iterator lookups match with: glyphs a lookup's flags ignore are stepped over, default
 * ignorable characters (ZWJ, ZWNJ) too where the feature lets them be.
 */

import type { GlyphDefinitions } from './glyphDefinitions';
import { CLASS_MASK, MARK, SUBSTITUTED } from './glyphDefinitions';
import { IGNORE_FLAGS, MARK_ATTACHMENT_TYPE, USE_MARK_FILTERING_SET } from './layoutTables';

export interface GlyphSlot {
	glyph: number;
	/** The character the slot started as (its Unicode properties stay the slot's). */
	codePoint: number;
	/** The index in the run's text of the first character of the slot's cluster. */
	cluster: number;
	mask: number;
	/** Glyph class bits, mark attachment class << 8, SUBSTITUTED/LIGATED/MULTIPLIED. */
	properties: number;
	/** Ligature id << 5 | IS_LIGATURE_BASE | component (or component count), as HarfBuzz packs it. */
	ligature: number;
	/** The character's combining class as HarfBuzz modifies it (0 for a starter). */
	combiningClass: number;
	/** Bits: UNICODE_MARK, DEFAULT_IGNORABLE, ZWJ, ZWNJ, NONSPACING_MARK, HIDDEN. */
	unicode: number;
	xAdvance: number;
	yAdvance: number;
	xOffset: number;
	yOffset: number;
	/** Offset to the slot this one is attached to (0: none), and how (ATTACH_MARK, ATTACH_CURSIVE). */
	attachChain: number;
	attachType: number;
}

export const UNICODE_MARK = 1;
export const DEFAULT_IGNORABLE = 2;
export const ZWJ = 4;
export const ZWNJ = 8;
export const NONSPACING_MARK = 16;
/** Default ignorables HarfBuzz never skips in GSUB (CGJ, Mongolian variation selectors, tags). */
export const HIDDEN = 32;

export const ATTACH_MARK = 1;
export const ATTACH_CURSIVE = 2;

const IS_LIGATURE_BASE = 0x10;

export function ligatureId(slot: GlyphSlot): number {
	return slot.ligature >>> 5;
}

/** Which component of a ligature a mark (or a piece of a multiple substitution) belongs to; 0 for none. */
export function ligatureComponent(slot: GlyphSlot): number {
	return slot.ligature & IS_LIGATURE_BASE ? 0 : slot.ligature & 0x0f;
}

export function componentCount(slot: GlyphSlot): number {
	return slot.properties & 0x04 && slot.ligature & IS_LIGATURE_BASE ? slot.ligature & 0x0f : 1;
}

export function setLigatureBase(slot: GlyphSlot, id: number, components: number): void {
	slot.ligature = (id << 5) | IS_LIGATURE_BASE | (components & 0x0f);
}

export function setLigatureMark(slot: GlyphSlot, id: number, component: number): void {
	slot.ligature = (id << 5) | (component & 0x0f);
}

export function isMark(slot: GlyphSlot): boolean {
	return (slot.properties & MARK) !== 0;
}

/** A default ignorable character no substitution has replaced. */
export function isDefaultIgnorable(slot: GlyphSlot): boolean {
	return (slot.unicode & DEFAULT_IGNORABLE) !== 0 && (slot.properties & SUBSTITUTED) === 0;
}

/** Whether a lookup with `flag` (and its mark filtering set) looks at the slot (HarfBuzz's check_glyph_property). */
export function lookupSees(
	definitions: GlyphDefinitions,
	slot: GlyphSlot,
	flag: number,
	markFilteringSet: number,
): boolean {
	const properties = slot.properties;
	if (properties & flag & IGNORE_FLAGS) return false;
	if (properties & MARK) {
		if (flag & USE_MARK_FILTERING_SET) return definitions.inMarkSet(markFilteringSet, slot.glyph);
		if (flag & MARK_ATTACHMENT_TYPE)
			return (flag & MARK_ATTACHMENT_TYPE) === (properties & MARK_ATTACHMENT_TYPE);
	}
	return true;
}

/** What a lookup application needs to know of the run and the lookup. */
export interface ApplyContext {
	run: GlyphSlot[];
	definitions: GlyphDefinitions;
	/** True for GPOS (ZWJ and ZWNJ are always skipped there). */
	positioning: boolean;
	rightToLeft: boolean;
	flag: number;
	markFilteringSet: number;
	lookupMask: number;
	autoZwj: boolean;
	autoZwnj: boolean;
	/** The next ligature id (1-7, as HarfBuzz cycles them). */
	nextLigatureId(): number;
	/** Applies lookup `index` once at `position` (a nested lookup of a contextual one). */
	applyNested(index: number, position: number): boolean;
}

/** Whether a glyph is what item `item` of a sequence must be. */
export type ItemTest = (item: number, slot: GlyphSlot) => boolean;

/**
 * HarfBuzz's skipping iterator: from `from`, the index of the next (or previous) glyph the lookup
 * does not skip that matches, or -1 when a glyph that cannot be skipped does not match first.
 * `context`: backtrack and lookahead matching (every mask; ZWJ, and ZWNJ where auto, skipped).
 */
export function skipTo(
	context: ApplyContext,
	from: number,
	step: 1 | -1,
	match: ItemTest | undefined,
	item = 0,
	isContext = false,
	flag = context.flag,
): number {
	const run = context.run;
	const mask = isContext ? -1 : context.lookupMask;
	for (let index = from + step; index >= 0 && index < run.length; index += step) {
		const slot = run[index];
		const skip = skipKind(context, slot, flag, isContext);
		if (skip === SKIP_YES) continue;
		// MATCH_NO (0), MATCH_YES (1), MATCH_MAYBE (2: no matcher).
		const matched =
			(slot.mask & mask) === 0 ? 0 : match === undefined ? 2 : match(item, slot) ? 1 : 0;
		if (matched === 1 || (matched === 2 && skip === SKIP_NO)) return index;
		if (skip === SKIP_NO) return -1;
	}
	return -1;
}

export const SKIP_NO = 0;
export const SKIP_YES = 1;
export const SKIP_MAYBE = 2;

/**
 * HarfBuzz's may_skip: a glyph the lookup's flags ignore is skipped; a default ignorable may be (ZWNJ
 * in GPOS and in context, ZWJ in context or where the feature lets it, hidden ones in GPOS).
 */
export function skipKind(
	context: ApplyContext,
	slot: GlyphSlot,
	flag: number,
	isContext: boolean,
): number {
	if (!lookupSees(context.definitions, slot, flag, context.markFilteringSet)) return SKIP_YES;
	if (
		isDefaultIgnorable(slot) &&
		(context.positioning || (isContext && context.autoZwnj) || (slot.unicode & ZWNJ) === 0) &&
		(isContext || context.autoZwj || (slot.unicode & ZWJ) === 0) &&
		(context.positioning || (slot.unicode & HIDDEN) === 0)
	)
		return SKIP_MAYBE;
	return SKIP_NO;
}

/** Positions of `count` input glyphs after `start` matching `matches` in turn, or undefined. */
export function matchInput(
	context: ApplyContext,
	start: number,
	count: number,
	matches: ItemTest,
): number[] | undefined {
	const positions = [start];
	let at = start;
	for (let item = 1; item < count; item += 1) {
		at = skipTo(context, at, 1, matches, item);
		if (at < 0) return undefined;
		positions.push(at);
	}
	return positions;
}

export function classOf(slot: GlyphSlot): number {
	return slot.properties & CLASS_MASK;
}

/**
 * Makes slots start..end-1 one cluster (the smallest), as HarfBuzz's merge_clusters: the range first
 * grows over neighbours that shared a cluster with its ends, so a cluster is never split.
 */
export function mergeClusters(run: GlyphSlot[], from: number, to: number): void {
	let start = from;
	let end = to;
	if (end - start < 2) return;
	let cluster = run[start].cluster;
	for (let index = start + 1; index < end; index += 1)
		cluster = Math.min(cluster, run[index].cluster);
	if (cluster !== run[end - 1].cluster)
		while (end < run.length && run[end - 1].cluster === run[end].cluster) end += 1;
	if (cluster !== run[start].cluster)
		while (start > 0 && run[start - 1].cluster === run[start].cluster) start -= 1;
	for (let index = start; index < end; index += 1) run[index].cluster = cluster;
}
