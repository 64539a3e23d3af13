/**
 * The Unicode Bidirectional Algorithm (UAX #9, Unicode 16.0.0) for laid-out text. Levels are resolved
 * once for a text's paragraphs (resolveBidi); a layout breaks the text into lines in logical order
 * and asks for each line's visual order (visualRuns or visualOrder), which applies L1 and L2 to it.
 * Characters at an odd level show their mirrored glyph where one exists (L4, mirroredCodePoint).
 * Offsets are UTF-16 code units, as in the text; both halves of a surrogate pair share a level.
 */

import { AL, AN, B, bidiClass, bracketKey, FSI, L, LRE, LRI, ON, PDI, R, RLI } from './characters';
import { resolveParagraph, paragraphLevelOf } from './paragraph';
import { applyLineRule, reorderLevels } from './reorder';

export { mirroredCodePoint } from './characters';
export { UNICODE_VERSION } from './bidiClasses';

/** A paragraph's direction: from its first strong character (P2, P3), or given (HL1). */
export type TextDirection = 'auto' | 'ltr' | 'rtl';

export interface BidiParagraph {
	/** Code unit offsets in the text: the paragraph ends after its separator, if it has one. */
	readonly start: number;
	readonly end: number;
	/** 0 left to right, 1 right to left. */
	readonly level: number;
}

export interface BidiText {
	readonly text: string;
	readonly paragraphs: readonly BidiParagraph[];
	/** Each code unit's resolved embedding level (before the line rule L1). */
	readonly levels: Uint8Array;
	/** Each code unit's bidi class as Unicode gives it (characters.ts BIDI_CLASS_NAMES order). */
	readonly classes: Uint8Array;
}

/** A piece of a line shown as one: its code unit range in logical order and its level. */
export interface BidiRun {
	readonly start: number;
	readonly end: number;
	readonly level: number;
}

/** Whether every level is 0: the text shows in logical order and needs no reordering. */
export function isAllLeftToRight(bidi: BidiText): boolean {
	return bidi.levels.every((level) => level === 0);
}

/**
 * Whether a text holds a character that can put anything at a right-to-left level: a right-to-left
 * letter or mark (R, AL), an Arabic number (AN), or an explicit embedding, override or isolate. Text
 * without one lays out left to right in its logical order; the scan is cheap below U+0590.
 */
export function mayReorder(text: string): boolean {
	for (let unit = 0; unit < text.length; unit += 1) {
		const code = text.charCodeAt(unit);
		if (code < 0x0590) continue;
		let codePoint = code;
		if ((code & 0xfc00) === 0xd800 && (text.charCodeAt(unit + 1) & 0xfc00) === 0xdc00) {
			codePoint = 0x10000 + ((code - 0xd800) << 10) + (text.charCodeAt(unit + 1) - 0xdc00);
			unit += 1;
		}
		const type = bidiClass(codePoint);
		if (type === R || type === AL || type === AN || (type >= LRE && type <= PDI)) return true;
	}
	return false;
}

/**
 * The level P2 and P3 give the first paragraph of a text: 1 when its first strong character (outside
 * isolates) is right to left, else 0. Reads only as far as that character.
 */
export function firstParagraphLevel(text: string): number {
	let isolates = 0;
	for (let unit = 0; unit < text.length; unit += 1) {
		let codePoint = text.charCodeAt(unit);
		if ((codePoint & 0xfc00) === 0xd800 && (text.charCodeAt(unit + 1) & 0xfc00) === 0xdc00) {
			codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (text.charCodeAt(unit + 1) - 0xdc00);
			unit += 1;
		}
		const type = bidiClass(codePoint);
		if (type === B) return 0;
		if (type === LRI || type === RLI || type === FSI) isolates += 1;
		else if (type === PDI) isolates = Math.max(0, isolates - 1);
		else if (isolates === 0 && type === L) return 0;
		else if (isolates === 0 && (type === R || type === AL)) return 1;
	}
	return 0;
}

/** Resolves the levels of every paragraph of `text` (split after each paragraph separator, P1). */
export function resolveBidi(text: string, direction: TextDirection = 'auto'): BidiText {
	const units = text.length;
	const classes = new Uint8Array(units);
	const levels = new Uint8Array(units);
	// The algorithm runs on code points: their classes, bracket keys and first code units.
	const pointClasses = new Uint8Array(units);
	const pointKeys = new Int32Array(units);
	const pointUnits = new Int32Array(units + 1);
	let points = 0;
	for (let unit = 0; unit < units; ) {
		let codePoint = text.charCodeAt(unit);
		let width = 1;
		if ((codePoint & 0xfc00) === 0xd800 && (text.charCodeAt(unit + 1) & 0xfc00) === 0xdc00) {
			codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (text.charCodeAt(unit + 1) - 0xdc00);
			width = 2;
		}
		const type = bidiClass(codePoint);
		pointClasses[points] = type;
		// Every paired bracket is ON.
		if (type === ON) pointKeys[points] = bracketKey(codePoint);
		pointUnits[points] = unit;
		points += 1;
		classes[unit] = type;
		if (width === 2) classes[unit + 1] = type;
		unit += width;
	}
	pointUnits[points] = units;

	const paragraphs: BidiParagraph[] = [];
	const pointLevels = new Uint8Array(points);
	let first = 0;
	while (first < points) {
		let end = first;
		while (end < points && pointClasses[end] !== B) end += 1;
		if (end < points) end += 1;
		const types = pointClasses.slice(first, end);
		const level = direction === 'rtl' ? 1 : direction === 'ltr' ? 0 : paragraphLevelOf(types);
		const paragraphLevels = pointLevels.subarray(first, end);
		resolveParagraph(types, level, pointKeys.subarray(first, end), paragraphLevels);
		paragraphs.push({ start: pointUnits[first], end: pointUnits[end], level });
		first = end;
	}
	for (let point = 0; point < points; point += 1) {
		const unit = pointUnits[point];
		levels[unit] = pointLevels[point];
		if (pointUnits[point + 1] - unit === 2) levels[unit + 1] = pointLevels[point];
	}
	return { text, paragraphs, levels, classes };
}

function paragraphAt(bidi: BidiText, start: number, end: number): BidiParagraph {
	const paragraph = bidi.paragraphs.find((p) => start >= p.start && start < p.end);
	if (paragraph === undefined || end > paragraph.end || end < start)
		throw new RangeError(`The line [${start}, ${end}) is not within one paragraph of the text`);
	return paragraph;
}

/** The levels of the line [start, end) after L1, one per code unit. */
export function lineLevels(bidi: BidiText, start: number, end: number): Uint8Array {
	if (start === end) return new Uint8Array(0);
	const { level } = paragraphAt(bidi, start, end);
	return applyLineRule(bidi.levels, bidi.classes, level, start, end);
}

/** The line [start, end) as runs of one level in visual order, leftmost first (L1, L2). */
export function visualRuns(bidi: BidiText, start: number, end: number): BidiRun[] {
	const levels = lineLevels(bidi, start, end);
	const runs: BidiRun[] = [];
	for (let i = 0; i < levels.length; ) {
		let runEnd = i + 1;
		while (runEnd < levels.length && levels[runEnd] === levels[i]) runEnd += 1;
		runs.push({ start: start + i, end: start + runEnd, level: levels[i] });
		i = runEnd;
	}
	const order = reorderLevels(runs.map((run) => run.level));
	return Array.from(order, (index) => runs[index]);
}

/**
 * The line [start, end) in visual order, leftmost first: the code unit offset of each code point
 * (a surrogate pair is one entry, at its first unit).
 */
export function visualOrder(bidi: BidiText, start: number, end: number): number[] {
	const order: number[] = [];
	for (const run of visualRuns(bidi, start, end)) {
		const starts: number[] = [];
		for (let unit = run.start; unit < run.end; unit += 1) {
			const isTrail = (bidi.text.charCodeAt(unit) & 0xfc00) === 0xdc00;
			const afterLead = unit > run.start && (bidi.text.charCodeAt(unit - 1) & 0xfc00) === 0xd800;
			if (!(isTrail && afterLead)) starts.push(unit);
		}
		if (run.level % 2 === 1) starts.reverse();
		order.push(...starts);
	}
	return order;
}
