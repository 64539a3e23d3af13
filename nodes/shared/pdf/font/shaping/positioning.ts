/**
 * GPOS lookups: single (1) and pair (2, by glyph pairs and by classes) adjustments here; cursive (3)
 * and the mark attachments (4, 5, 6) in attachment.ts; contextual (7, 8) in contextLookups.ts;
 * extension (9) resolved when the lookup list is read. Horizontal text only: a value's Y advance is
 * not applied (HarfBuzz applies it only vertically). Device tables are not read: fonts are drawn at
 * their design units, where they adjust nothing, and only a variable font's variation deltas would.
 */

import type { FontData } from '../fontData';
import { readContextSubtable } from './contextLookups';
import { readCursive, readMarkAttachment } from './attachment';
import type { GlyphSlot } from './glyphRun';
import { skipTo } from './glyphRun';
import { readClassDefinition, readCoverage } from './layoutTables';
import type { Subtable } from './substitution';

const NEVER: Subtable = { coverage: new Map(), apply: () => -1 };

export function readPositioning(data: FontData, type: number, at: number): Subtable {
	switch (type) {
		case 1:
			return singleAdjustment(data, at);
		case 2:
			return data.uint16(at) === 1 ? glyphPairs(data, at) : classPairs(data, at);
		case 3:
			return readCursive(data, at);
		case 4:
		case 5:
		case 6:
			return readMarkAttachment(data, type, at);
		case 7:
			return readContextSubtable(data, at, false);
		case 8:
			return readContextSubtable(data, at, true);
		default:
			return NEVER;
	}
}

/** A value record's placement and advance; [x placement, y placement, x advance]. */
type Value = readonly [number, number, number];

const ZERO: Value = [0, 0, 0];

function valueSize(format: number): number {
	let size = 0;
	for (let bits = format & 0xff; bits !== 0; bits >>= 1) size += (bits & 1) * 2;
	return size;
}

function readValue(data: FontData, at: number, format: number): Value {
	if (format === 0) return ZERO;
	let cursor = at;
	const field = (bit: number) => {
		if (!(format & bit)) return 0;
		const value = data.int16(cursor);
		cursor += 2;
		return value;
	};
	const xPlacement = field(1);
	const yPlacement = field(2);
	const xAdvance = field(4);
	return [xPlacement, yPlacement, xAdvance];
}

function applyValue(slot: GlyphSlot, value: Value): void {
	slot.xOffset += value[0];
	slot.yOffset += value[1];
	slot.xAdvance += value[2];
}

function singleAdjustment(data: FontData, at: number): Subtable {
	const format = data.uint16(at);
	const coverage = readCoverage(data, at + data.uint16(at + 2));
	const valueFormat = data.uint16(at + 4);
	const size = valueSize(valueFormat);
	const count = format === 2 ? data.uint16(at + 6) : 1;
	const values = Array.from({ length: count }, (_, index) =>
		readValue(data, at + (format === 2 ? 8 : 6) + index * size, valueFormat),
	);
	return {
		coverage,
		apply(context, index) {
			const covered = coverage.get(context.run[index].glyph);
			if (covered === undefined) return -1;
			const value = format === 2 ? values[covered] : values[0];
			if (value === undefined) return -1;
			applyValue(context.run[index], value);
			return index + 1;
		},
	};
}

/** After a pair: continue at the second glyph, or after it when the second glyph's value moved it. */
function applyPair(
	run: GlyphSlot[],
	index: number,
	second: number,
	first: Value,
	secondValue: Value,
	secondFormat: number,
): number {
	applyValue(run[index], first);
	applyValue(run[second], secondValue);
	return secondFormat !== 0 ? second + 1 : second;
}

function glyphPairs(data: FontData, at: number): Subtable {
	const coverage = readCoverage(data, at + data.uint16(at + 2));
	const format1 = data.uint16(at + 4);
	const format2 = data.uint16(at + 6);
	const size1 = valueSize(format1);
	const size2 = valueSize(format2);
	const setCount = data.uint16(at + 8);
	const sets = new Map<number, ReadonlyMap<number, readonly [Value, Value]>>();
	const setAt = (index: number) => {
		let set = sets.get(index);
		if (set === undefined) {
			const start = at + data.uint16(at + 10 + index * 2);
			const pairs = new Map<number, readonly [Value, Value]>();
			const count = data.uint16(start);
			const record = 2 + size1 + size2;
			for (let pair = count - 1; pair >= 0; pair -= 1) {
				const entry = start + 2 + pair * record;
				pairs.set(data.uint16(entry), [
					readValue(data, entry + 2, format1),
					readValue(data, entry + 2 + size1, format2),
				]);
			}
			set = pairs;
			sets.set(index, set);
		}
		return set;
	};
	return {
		coverage,
		apply(context, index) {
			const covered = coverage.get(context.run[index].glyph);
			if (covered === undefined || covered >= setCount) return -1;
			const second = skipTo(context, index, 1, undefined);
			if (second < 0) return -1;
			const values = setAt(covered).get(context.run[second].glyph);
			if (values === undefined) return -1;
			return applyPair(context.run, index, second, values[0], values[1], format2);
		},
	};
}

function classPairs(data: FontData, at: number): Subtable {
	const coverage = readCoverage(data, at + data.uint16(at + 2));
	const format1 = data.uint16(at + 4);
	const format2 = data.uint16(at + 6);
	const classes1 = readClassDefinition(data, at + data.uint16(at + 8));
	const classes2 = readClassDefinition(data, at + data.uint16(at + 10));
	const class1Count = data.uint16(at + 12);
	const class2Count = data.uint16(at + 14);
	const size1 = valueSize(format1);
	const record = size1 + valueSize(format2);
	return {
		coverage,
		apply(context, index) {
			const run = context.run;
			if (!coverage.has(run[index].glyph)) return -1;
			const second = skipTo(context, index, 1, undefined);
			if (second < 0) return -1;
			const class2 = classes2.get(run[second].glyph) ?? 0;
			const class1 = classes1.get(run[index].glyph) ?? 0;
			if (class1 >= class1Count || class2 >= class2Count) return -1;
			const entry = at + 16 + (class1 * class2Count + class2) * record;
			return applyPair(
				run,
				index,
				second,
				readValue(data, entry, format1),
				readValue(data, entry + size1, format2),
				format2,
			);
		},
	};
}
