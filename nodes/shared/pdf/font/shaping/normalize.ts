/**
 * What HarfBuzz does to characters before the font's lookups: clusters of a base and its marks,
 * decomposition of a character the font lacks into one it has and a mark, marks sorted by their
 * (modified) combining classes, Arabic's modifier combining marks moved first (UTR #53), and a base
 * and mark composed again where the font has the composed character.
 */

import type { TrueTypeFont } from '../trueType';
import {
	composition,
	decomposition,
	isDefaultIgnorableCharacter,
	markCategory,
	modifiedCombiningClass,
} from './characters';
import type { GlyphSlot } from './glyphRun';
import {
	DEFAULT_IGNORABLE,
	HIDDEN,
	NONSPACING_MARK,
	UNICODE_MARK,
	ZWJ,
	ZWNJ,
	mergeClusters,
} from './glyphRun';

/** A slot for a character, its Unicode properties set. */
export function slotOf(codePoint: number, cluster: number, glyph: number): GlyphSlot {
	const slot: GlyphSlot = {
		glyph,
		codePoint,
		cluster,
		mask: 0,
		properties: 0,
		ligature: 0,
		combiningClass: 0,
		unicode: 0,
		xAdvance: 0,
		yAdvance: 0,
		xOffset: 0,
		yOffset: 0,
		attachChain: 0,
		attachType: 0,
	};
	setCharacter(slot, codePoint);
	return slot;
}

function setCharacter(slot: GlyphSlot, codePoint: number): void {
	slot.codePoint = codePoint;
	const category = markCategory(codePoint);
	let unicode = category !== 0 ? UNICODE_MARK : 0;
	if (category === 1) unicode |= NONSPACING_MARK;
	if (isDefaultIgnorableCharacter(codePoint)) {
		unicode |= DEFAULT_IGNORABLE;
		if (codePoint === 0x200c) unicode |= ZWNJ;
		if (codePoint === 0x200d) unicode |= ZWJ;
		if (
			codePoint === 0x034f ||
			(codePoint >= 0x180b && codePoint <= 0x180f && codePoint !== 0x180e) ||
			(codePoint >= 0xe0020 && codePoint <= 0xe007f)
		)
			unicode |= HIDDEN;
	}
	slot.unicode = unicode;
	slot.combiningClass = category !== 0 ? modifiedCombiningClass(codePoint) : 0;
}

/** A base and the marks (and ZWJ) after it share the base's cluster. */
export function formClusters(run: GlyphSlot[]): void {
	for (let index = 1; index < run.length; index += 1)
		if (run[index].unicode & (UNICODE_MARK | ZWJ)) run[index].cluster = run[index - 1].cluster;
}

/**
 * HarfBuzz's first round: a character alone is kept when the font has it (else decomposed); a base
 * with marks after it is decomposed as far as the font has the pieces, so its marks can be sorted
 * and composed again (U+0622 with U+0655 comes out as U+0625 with U+0653).
 */
export function decompose(run: GlyphSlot[], font: TrueTypeFont): GlyphSlot[] {
	const out: GlyphSlot[] = [];
	for (let index = 0; index < run.length; ) {
		let end = index + 1;
		while (end < run.length && run[end].unicode & UNICODE_MARK) end += 1;
		const shortest = end - index === 1;
		for (; index < end; index += 1) {
			const slot = run[index];
			if (shortest && slot.glyph !== 0) out.push(slot);
			else if (decomposeInto(slot.codePoint, slot, font, out, shortest) === 0) out.push(slot);
		}
	}
	return out;
}

/** How many slots the decomposition of `codePoint` added to `out` (0: none, the font lacks a piece). */
function decomposeInto(
	codePoint: number,
	slot: GlyphSlot,
	font: TrueTypeFont,
	out: GlyphSlot[],
	shortest: boolean,
): number {
	const pair = decomposition(codePoint);
	if (pair === undefined || !font.has(pair[1])) return 0;
	const piece = (character: number) => {
		const made = slotOf(character, slot.cluster, font.glyphId(character));
		made.mask = slot.mask;
		out.push(made);
	};
	const hasFirst = font.has(pair[0]);
	if (!(shortest && hasFirst)) {
		const inner = decomposeInto(pair[0], slot, font, out, shortest);
		if (inner > 0) {
			piece(pair[1]);
			return inner + 1;
		}
	}
	if (!hasFirst) return 0;
	piece(pair[0]);
	piece(pair[1]);
	return 2;
}

/** HarfBuzz's modifier combining marks (UTR #53): moved before the other marks of their class group. */
const MODIFIER_MARKS = new Set([
	0x0654, 0x0655, 0x0658, 0x06dc, 0x06e3, 0x06e7, 0x06e8, 0x08ca, 0x08cb, 0x08cd, 0x08ce, 0x08cf,
	0x08d3, 0x08f3,
]);

/**
 * Sorts each sequence of marks by combining class (stably), then the script's own reordering:
 * Arabic's modifier marks first, Hebrew's meteg or below mark before a sheva or hiriq after patah or qamats.
 */
export function reorderMarks(run: GlyphSlot[], script: 'Arabic' | 'Hebrew'): void {
	for (let start = 0; start < run.length; start += 1) {
		if (run[start].combiningClass === 0) continue;
		let end = start + 1;
		while (end < run.length && run[end].combiningClass !== 0) end += 1;
		if (end - start <= 32) {
			insertionSort(run, start, end);
			if (script === 'Arabic') reorderModifierMarks(run, start, end);
			else reorderHebrewMarks(run, start, end);
		}
		start = end;
	}
}

/** Patah or qamats, then sheva or hiriq, then meteg or a below mark: the last two swap (as HarfBuzz's Hebrew shaper). */
function reorderHebrewMarks(run: GlyphSlot[], start: number, end: number): void {
	for (let index = start + 2; index < end; index += 1) {
		const [first, second, third] = [index - 2, index - 1, index].map(
			(at) => run[at].combiningClass,
		);
		// Modified classes: patah 20, qamats 21, sheva 22, hiriq 23, meteg 25; below 220.
		if (
			(first === 20 || first === 21) &&
			(second === 22 || second === 23) &&
			(third === 25 || third === 220)
		) {
			mergeClusters(run, index - 1, index + 1);
			[run[index - 1], run[index]] = [run[index], run[index - 1]];
			break;
		}
	}
}

/** HarfBuzz's buffer sort: each slot moved back past larger classes, the clusters it crosses merged. */
function insertionSort(run: GlyphSlot[], start: number, end: number): void {
	for (let index = start + 1; index < end; index += 1) {
		let place = index;
		while (place > start && run[place - 1].combiningClass > run[index].combiningClass) place -= 1;
		if (place === index) continue;
		mergeClusters(run, place, index + 1);
		const [moved] = run.splice(index, 1);
		run.splice(place, 0, moved);
	}
}

function reorderModifierMarks(run: GlyphSlot[], from: number, end: number): void {
	let start = from;
	let index = start;
	for (const target of [220, 230]) {
		while (index < end && run[index].combiningClass < target) index += 1;
		if (index === end) break;
		if (run[index].combiningClass > target) continue;
		let last = index;
		while (
			last < end &&
			run[last].combiningClass === target &&
			MODIFIER_MARKS.has(run[last].codePoint)
		)
			last += 1;
		if (last === index) continue;
		mergeClusters(run, start, last);
		const moved = run.splice(index, last - index);
		run.splice(start, 0, ...moved);
		// Renumbered so the sequence stays sorted: 25 and 26 sort before every Arabic class.
		const newStart = start + moved.length;
		for (; start < newStart; start += 1) run[start].combiningClass = target === 220 ? 25 : 26;
		index = last;
	}
}

/** CGJ that kept no marks apart (the next has class 0 or sorts after the previous) is skippable again. */
export function unhideCombiningGraphemeJoiners(run: GlyphSlot[]): void {
	for (let index = 1; index + 1 < run.length; index += 1)
		if (
			run[index].codePoint === 0x034f &&
			(run[index + 1].combiningClass === 0 ||
				run[index - 1].combiningClass <= run[index + 1].combiningClass)
		)
			run[index].unicode &= ~HIDDEN;
}

/** A base and a following mark composed where Unicode composes them and the font has the result. */
export function compose(run: GlyphSlot[], font: TrueTypeFont): GlyphSlot[] {
	if (run.length === 0) return run;
	const out: GlyphSlot[] = [run[0]];
	let starter = 0;
	for (let index = 1; index < run.length; index += 1) {
		const slot = run[index];
		if (slot.unicode & UNICODE_MARK) {
			const previous = out[out.length - 1];
			const composed =
				starter === out.length - 1 || previous.combiningClass < slot.combiningClass
					? composition(out[starter].codePoint, slot.codePoint)
					: undefined;
			if (composed !== undefined && font.has(composed)) {
				const base = out[starter];
				mergeComposed(out, run, starter, index);
				setCharacter(base, composed);
				base.glyph = font.glyphId(composed);
				continue;
			}
		}
		out.push(slot);
		if (slot.combiningClass === 0) starter = out.length - 1;
	}
	return out;
}

/**
 * The clusters from the starter to the mark composed into it become one, as HarfBuzz's
 * merge_out_clusters: grown over neighbours sharing a cluster, into the characters still to come.
 */
function mergeComposed(out: GlyphSlot[], run: GlyphSlot[], starter: number, index: number): void {
	const slots = [...out.slice(starter), run[index]];
	let cluster = slots[0].cluster;
	for (const slot of slots) cluster = Math.min(cluster, slot.cluster);
	let start = starter;
	while (start > 0 && out[start - 1].cluster === out[start].cluster) start -= 1;
	const last = run[index].cluster;
	for (let at = index + 1; at < run.length && run[at].cluster === last; at += 1)
		run[at].cluster = cluster;
	for (let at = start; at < out.length; at += 1) out[at].cluster = cluster;
}
