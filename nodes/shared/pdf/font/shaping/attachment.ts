/**
 * GPOS attachments: cursive (3: a glyph's entry joined to the previous glyph's exit) and marks on
 * bases (4), on ligature components (5) and on marks (6). An attachment records the offset to the
 * glyph it hangs from; propagateAttachments adds the carrier's offsets and the advances between
 * them once every lookup has run, as HarfBuzz does.
 */

import type { FontData } from '../fontData';
import { MULTIPLIED } from './glyphDefinitions';
import type { ApplyContext, GlyphSlot } from './glyphRun';
import {
	ATTACH_CURSIVE,
	ATTACH_MARK,
	SKIP_NO,
	isMark,
	ligatureComponent,
	ligatureId,
	skipKind,
	skipTo,
} from './glyphRun';
import type { Coverage } from './layoutTables';
import { IGNORE_FLAGS, IGNORE_MARKS, RIGHT_TO_LEFT, readCoverage } from './layoutTables';
import type { Subtable } from './substitution';

type Anchor = readonly [x: number, y: number] | undefined;

function readAnchor(data: FontData, at: number): Anchor {
	return [data.int16(at + 2), data.int16(at + 4)];
}

/** Rows of anchors (a base array, one component's row of a ligature), `columns` a row; 0 offsets are no anchor. */
function readAnchorRows(data: FontData, at: number, columns: number, rows: number): Anchor[][] {
	return Array.from({ length: rows }, (_, row) =>
		Array.from({ length: columns }, (__, column) => {
			const offset = data.uint16(at + 2 + (row * columns + column) * 2);
			return offset === 0 ? undefined : readAnchor(data, at + offset);
		}),
	);
}

interface Marks {
	coverage: Coverage;
	classes: number[];
	anchors: Anchor[];
}

function readMarks(data: FontData, coverageAt: number, arrayAt: number): Marks {
	const count = data.uint16(arrayAt);
	const classes: number[] = [];
	const anchors: Anchor[] = [];
	for (let index = 0; index < count; index += 1) {
		const record = arrayAt + 2 + index * 4;
		classes.push(data.uint16(record));
		anchors.push(readAnchor(data, arrayAt + data.uint16(record + 2)));
	}
	return { coverage: readCoverage(data, coverageAt), classes, anchors };
}

/** Mark-to-base (4), mark-to-ligature (5) or mark-to-mark (6). */
export function readMarkAttachment(data: FontData, type: number, at: number): Subtable {
	const marks = readMarks(data, at + data.uint16(at + 2), at + data.uint16(at + 8));
	const carriers = readCoverage(data, at + data.uint16(at + 4));
	const classCount = data.uint16(at + 6);
	const carrierArray = at + data.uint16(at + 10);
	let rows: Anchor[][] | undefined;
	const coverage = marks.coverage;
	const ligatureRows = new Map<number, Anchor[][]>();
	const anchorsOf = (carrier: number, component: number | undefined): Anchor[] | undefined => {
		if (component === undefined) {
			rows ??= readAnchorRows(data, carrierArray, classCount, data.uint16(carrierArray));
			return rows[carrier];
		}
		let components = ligatureRows.get(carrier);
		if (components === undefined) {
			const attach = carrierArray + data.uint16(carrierArray + 2 + carrier * 2);
			components = readAnchorRows(data, attach, classCount, data.uint16(attach));
			ligatureRows.set(carrier, components);
		}
		return components[component];
	};
	return {
		coverage,
		apply(context, index) {
			const run = context.run;
			const mark = run[index];
			const markIndex = marks.coverage.get(mark.glyph);
			if (markIndex === undefined) return -1;
			const found =
				type === 6
					? previousMark(context, index)
					: previousBase(context, index, type === 4, carriers);
			if (found < 0) return -1;
			const carrierIndex = carriers.get(run[found].glyph);
			if (carrierIndex === undefined) return -1;
			let component: number | undefined;
			if (type === 5) {
				const count = ligatureComponents(data, carrierArray, carrierIndex);
				if (count === 0) return -1;
				const id = ligatureId(run[found]);
				component =
					id !== 0 && id === ligatureId(mark) && ligatureComponent(mark) > 0
						? Math.min(count, ligatureComponent(mark)) - 1
						: count - 1;
			}
			const carrierAnchor = anchorsOf(carrierIndex, component)?.[marks.classes[markIndex]];
			const markAnchor = marks.anchors[markIndex];
			if (carrierAnchor === undefined || markAnchor === undefined) return -1;
			mark.xOffset = carrierAnchor[0] - markAnchor[0];
			// The carrier's height now (with its cursive chain's), as HarfBuzz 11+ does: never added again.
			mark.yOffset = carrierAnchor[1] - markAnchor[1] + crossOffset(run, found);
			mark.attachType = ATTACH_MARK;
			mark.attachChain = found - index;
			return index + 1;
		},
	};
}

function ligatureComponents(data: FontData, array: number, index: number): number {
	return data.uint16(array + data.uint16(array + 2 + index * 2));
}

/**
 * The glyph a mark attaches to: the nearest earlier glyph that is not a mark (nor a default ignorable
 * the feature lets be skipped: not ZWJ for mark and mkmk, so a mark after ZWJ stays unattached);
 * for mark-to-base, not a later piece of a multiple substitution unless the subtable covers it.
 * Like HarfBuzz's scan, a glyph outside the lookup's mask is passed over, not a stop.
 */
function previousBase(
	context: ApplyContext,
	index: number,
	toBase: boolean,
	carriers: Coverage,
): number {
	const run = context.run;
	for (let at = index - 1; at >= 0; at -= 1) {
		const slot = run[at];
		// Only a MATCH stops the scan: a skipped glyph or one outside the lookup's mask does not.
		if (skipKind(context, slot, IGNORE_MARKS, false) !== SKIP_NO) continue;
		if ((slot.mask & context.lookupMask) === 0) continue;
		if (toBase && !acceptsBase(run, at) && !carriers.has(slot.glyph)) continue;
		return at;
	}
	return -1;
}

/** A glyph's y offset with those of the glyphs its cursive attachment hangs it from. */
function crossOffset(run: GlyphSlot[], from: number): number {
	let at = from;
	let offset = run[at].yOffset;
	while (run[at].attachType & ATTACH_CURSIVE && run[at].attachChain !== 0) {
		const parent = at + run[at].attachChain;
		if (parent < 0 || parent >= run.length) break;
		at = parent;
		offset += run[at].yOffset;
	}
	return offset;
}

/** Whether a glyph may carry marks: not the second or later piece of a multiple substitution. */
function acceptsBase(run: GlyphSlot[], at: number): boolean {
	const slot = run[at];
	const before: GlyphSlot | undefined = run[at - 1];
	return (
		!(slot.properties & MULTIPLIED) ||
		ligatureComponent(slot) === 0 ||
		before === undefined ||
		isMark(before) ||
		!(before.properties & MULTIPLIED) ||
		ligatureId(slot) !== ligatureId(before) ||
		ligatureComponent(slot) !== ligatureComponent(before) + 1
	);
}

/** The mark a mark attaches to: the previous glyph the lookup sees, a mark of the same base or component. */
function previousMark(context: ApplyContext, index: number): number {
	const run = context.run;
	const at = skipTo(context, index, -1, undefined, 0, false, context.flag & ~IGNORE_FLAGS);
	if (at < 0 || !isMark(run[at])) return -1;
	const id1 = ligatureId(run[index]);
	const id2 = ligatureId(run[at]);
	const component1 = ligatureComponent(run[index]);
	const component2 = ligatureComponent(run[at]);
	if (
		id1 === id2
			? id1 === 0 || component1 === component2
			: (id1 > 0 && component1 === 0) || (id2 > 0 && component2 === 0)
	)
		return at;
	return -1;
}

export function readCursive(data: FontData, at: number): Subtable {
	const coverage = readCoverage(data, at + data.uint16(at + 2));
	const count = data.uint16(at + 4);
	const records = Array.from({ length: count }, (_, index) => {
		const entry = data.uint16(at + 6 + index * 4);
		const exit = data.uint16(at + 8 + index * 4);
		return {
			entry: entry === 0 ? undefined : readAnchor(data, at + entry),
			exit: exit === 0 ? undefined : readAnchor(data, at + exit),
		};
	});
	return {
		coverage,
		apply(context, index) {
			const run = context.run;
			const here = coverage.get(run[index].glyph);
			const entry = here === undefined ? undefined : records[here]?.entry;
			if (entry === undefined) return -1;
			const previous = skipTo(context, index, -1, undefined);
			if (previous < 0) return -1;
			const there = coverage.get(run[previous].glyph);
			const exit = there === undefined ? undefined : records[there]?.exit;
			if (exit === undefined) return -1;
			cursiveJoin(context, previous, index, exit, entry);
			return index + 1;
		},
	};
}

/** Joins glyph i's exit to glyph j's entry (i before j in logical order), as HarfBuzz does. */
function cursiveJoin(
	context: ApplyContext,
	i: number,
	j: number,
	exit: readonly [number, number],
	entry: readonly [number, number],
): void {
	const run = context.run;
	if (context.rightToLeft) {
		const d = exit[0] + run[i].xOffset;
		run[i].xAdvance -= d;
		run[i].xOffset -= d;
		run[j].xAdvance = entry[0] + run[j].xOffset;
	} else {
		run[i].xAdvance = exit[0] + run[i].xOffset;
		const d = entry[0] + run[j].xOffset;
		run[j].xAdvance -= d;
		run[j].xOffset -= d;
	}
	let child = i;
	let parent = j;
	let yOffset = entry[1] - exit[1];
	if (!(context.flag & RIGHT_TO_LEFT)) {
		child = j;
		parent = i;
		yOffset = -yOffset;
	}
	reverseCursiveChain(run, child, parent);
	run[child].attachType = ATTACH_CURSIVE;
	run[child].attachChain = parent - child;
	run[child].yOffset = yOffset;
	if (run[parent].attachChain === -run[child].attachChain) {
		run[parent].attachChain = 0;
		run[parent].yOffset = 0;
	}
}

function reverseCursiveChain(run: GlyphSlot[], i: number, newParent: number): void {
	const chain = run[i].attachChain;
	const type = run[i].attachType;
	if (chain === 0 || !(type & ATTACH_CURSIVE)) return;
	run[i].attachChain = 0;
	const j = i + chain;
	if (j === newParent) return;
	reverseCursiveChain(run, j, newParent);
	run[j].yOffset = -run[i].yOffset;
	run[j].attachChain = -chain;
	run[j].attachType = type;
}

/**
 * Adds each attached glyph's carrier's offset: a cursive glyph its parent's y, a mark its carrier's x
 * and the advances between them (logical order).
 */
export function propagateAttachments(run: GlyphSlot[], rightToLeft: boolean): void {
	for (let index = 0; index < run.length; index += 1) propagate(run, index, rightToLeft, 64);
}

function propagate(run: GlyphSlot[], i: number, rightToLeft: boolean, depth: number): void {
	const chain = run[i].attachChain;
	const type = run[i].attachType;
	if (chain === 0) return;
	run[i].attachChain = 0;
	const j = i + chain;
	if (j < 0 || j >= run.length || depth === 0) return;
	propagate(run, j, rightToLeft, depth - 1);
	if (type & ATTACH_CURSIVE) {
		run[i].yOffset += run[j].yOffset;
		return;
	}
	// A mark's height was its carrier's when it attached; only the carrier's x is added now.
	run[i].xOffset += run[j].xOffset;
	if (rightToLeft) for (let k = j + 1; k <= i; k += 1) run[i].xOffset += run[k].xAdvance;
	else for (let k = j; k < i; k += 1) run[i].xOffset -= run[k].xAdvance;
}
