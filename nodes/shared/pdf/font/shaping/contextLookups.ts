/**
 * Contextual and chained contextual lookups (GSUB 5 and 6, GPOS 7 and 8), all three formats each:
 * a sequence of glyphs (by glyph, by class or by coverage), with what comes before and after it for
 * the chained kind, triggers nested lookups at positions in the sequence. When a nested lookup
 * changes the run's length, the remaining positions move as HarfBuzz moves them.
 */

import type { FontData } from '../fontData';
import type { ApplyContext, GlyphSlot, ItemTest } from './glyphRun';
import { matchInput, skipTo } from './glyphRun';
import type { ClassDefinition, Coverage } from './layoutTables';
import { readClassDefinition, readCoverage, readUint16Array } from './layoutTables';

interface Rule {
	backtrack: readonly number[];
	input: readonly number[];
	lookahead: readonly number[];
	/** [sequence index, lookup index] pairs. */
	lookups: ReadonlyArray<readonly [number, number]>;
}

/** A rule's sequences as tests (built once): input items from 1, backtrack and lookahead from 0. */
interface RuleTests {
	inputCount: number;
	input: ItemTest;
	backtrackCount: number;
	backtrack: ItemTest;
	lookaheadCount: number;
	lookahead: ItemTest;
	lookups: ReadonlyArray<readonly [number, number]>;
}

export interface ContextSubtable {
	/** The glyphs the subtable can apply at (its first glyph's coverage). */
	coverage: Coverage;
	apply(context: ApplyContext, index: number): number;
}

/** A contextual (chained: true for the chained kind) subtable at `at`. */
export function readContextSubtable(data: FontData, at: number, chained: boolean): ContextSubtable {
	const format = data.uint16(at);
	if (format === 3) return chained ? chainedCoverageFormat(data, at) : coverageFormat(data, at);
	const coverage = readCoverage(data, at + data.uint16(at + 2));
	let classes: ClassDefinition[] | undefined;
	let setsAt: number;
	if (format === 2) {
		const classAt = (field: number) => {
			const offset = data.uint16(at + field);
			return offset === 0 ? new Map<number, number>() : readClassDefinition(data, at + offset);
		};
		classes = chained ? [classAt(4), classAt(6), classAt(8)] : [classAt(4), classAt(4), classAt(4)];
		setsAt = at + (chained ? 10 : 6);
	} else if (format === 1) setsAt = at + 4;
	else return { coverage, apply: () => -1 };
	const setCount = data.uint16(setsAt);
	const [backtrackClasses, inputClasses, lookaheadClasses] = classes ?? [];
	const value = (definition: ClassDefinition | undefined, slot: GlyphSlot) =>
		definition === undefined ? slot.glyph : (definition.get(slot.glyph) ?? 0);
	const ruleSets: Array<RuleTests[] | undefined> = Array.from({ length: setCount }, (_, index) => {
		const offset = data.uint16(setsAt + 2 + index * 2);
		if (offset === 0) return undefined;
		return readRuleSet(data, at + offset, chained).map(
			(rule): RuleTests => ({
				inputCount: rule.input.length + 1,
				input: (item, slot) => value(inputClasses, slot) === rule.input[item - 1],
				backtrackCount: rule.backtrack.length,
				backtrack: (item, slot) => value(backtrackClasses, slot) === rule.backtrack[item],
				lookaheadCount: rule.lookahead.length,
				lookahead: (item, slot) => value(lookaheadClasses, slot) === rule.lookahead[item],
				lookups: rule.lookups,
			}),
		);
	});
	return {
		coverage,
		apply(context, index) {
			const first = context.run[index].glyph;
			const covered = coverage.get(first);
			if (covered === undefined) return -1;
			const rules = ruleSets[inputClasses === undefined ? covered : (inputClasses.get(first) ?? 0)];
			if (rules === undefined) return -1;
			for (const rule of rules) {
				const next = applyRule(context, index, rule);
				if (next >= 0) return next;
			}
			return -1;
		},
	};
}

function readRuleSet(data: FontData, at: number, chained: boolean): Rule[] {
	return readUint16Array(data, at).map((offset) => {
		let cursor = at + offset;
		const list = (less: number) => {
			const count = data.uint16(cursor) - less;
			const values = Array.from({ length: count }, (_, index) =>
				data.uint16(cursor + 2 + index * 2),
			);
			cursor += 2 + count * 2;
			return values;
		};
		if (!chained) {
			const inputCount = data.uint16(cursor);
			const lookupCount = data.uint16(cursor + 2);
			const input = Array.from({ length: Math.max(0, inputCount - 1) }, (_, index) =>
				data.uint16(cursor + 4 + index * 2),
			);
			cursor += 4 + input.length * 2;
			return {
				backtrack: [],
				input,
				lookahead: [],
				lookups: readRecords(data, cursor, lookupCount),
			};
		}
		const backtrack = list(0);
		const input = list(1);
		const lookahead = list(0);
		const lookupCount = data.uint16(cursor);
		return { backtrack, input, lookahead, lookups: readRecords(data, cursor + 2, lookupCount) };
	});
}

function readRecords(data: FontData, at: number, count: number): Array<[number, number]> {
	return Array.from({ length: count }, (_, index) => [
		data.uint16(at + index * 4),
		data.uint16(at + index * 4 + 2),
	]);
}

function coverages(data: FontData, base: number, at: number, count: number): Coverage[] {
	return Array.from({ length: count }, (_, index) =>
		readCoverage(data, base + data.uint16(at + index * 2)),
	);
}

function coverageFormat(data: FontData, at: number): ContextSubtable {
	const count = data.uint16(at + 2);
	const lookupCount = data.uint16(at + 4);
	const input = coverages(data, at, at + 6, count);
	const lookups = readRecords(data, at + 6 + count * 2, lookupCount);
	return coverageRule([], input, [], lookups);
}

function chainedCoverageFormat(data: FontData, at: number): ContextSubtable {
	let cursor = at + 2;
	const next = () => {
		const count = data.uint16(cursor);
		const list = coverages(data, at, cursor + 2, count);
		cursor += 2 + count * 2;
		return list;
	};
	const backtrack = next();
	const input = next();
	const lookahead = next();
	const lookups = readRecords(data, cursor + 2, data.uint16(cursor));
	return coverageRule(backtrack, input, lookahead, lookups);
}

function coverageRule(
	backtrack: Coverage[],
	input: Coverage[],
	lookahead: Coverage[],
	lookups: Array<[number, number]>,
): ContextSubtable {
	const rule: RuleTests = {
		inputCount: input.length,
		input: (item, slot) => input[item].has(slot.glyph),
		backtrackCount: backtrack.length,
		backtrack: (item, slot) => backtrack[item].has(slot.glyph),
		lookaheadCount: lookahead.length,
		lookahead: (item, slot) => lookahead[item].has(slot.glyph),
		lookups,
	};
	const coverage = input[0] ?? new Map<number, number>();
	return {
		coverage,
		apply(context, index) {
			if (!coverage.has(context.run[index].glyph)) return -1;
			return applyRule(context, index, rule);
		},
	};
}

/** Matches a rule at `index`; applies its nested lookups and gives the index after the input, or -1. */
function applyRule(context: ApplyContext, index: number, rule: RuleTests): number {
	const positions = matchInput(context, index, rule.inputCount, rule.input);
	if (positions === undefined) return -1;
	let at = index;
	for (let item = 0; item < rule.backtrackCount; item += 1) {
		at = skipTo(context, at, -1, rule.backtrack, item, true);
		if (at < 0) return -1;
	}
	at = positions[positions.length - 1];
	for (let item = 0; item < rule.lookaheadCount; item += 1) {
		at = skipTo(context, at, 1, rule.lookahead, item, true);
		if (at < 0) return -1;
	}
	return applyNestedLookups(context, positions, rule.lookups);
}

/** The nested lookups in record order, moving later positions as HarfBuzz does when the run's length changes. */
function applyNestedLookups(
	context: ApplyContext,
	positions: number[],
	lookups: ReadonlyArray<readonly [number, number]>,
): number {
	const run = context.run;
	let end = positions[positions.length - 1] + 1;
	for (const [sequenceIndex, lookupIndex] of lookups) {
		let count = positions.length;
		if (sequenceIndex >= count) continue;
		const before = run.length;
		if (positions[sequenceIndex] >= before) continue;
		if (!context.applyNested(lookupIndex, positions[sequenceIndex])) continue;
		let delta = run.length - before;
		if (delta === 0) continue;
		// Growth is taken as glyphs added after the position, shrinkage as positions after it removed.
		end += delta;
		if (end < positions[sequenceIndex]) {
			delta += positions[sequenceIndex] - end;
			end = positions[sequenceIndex];
		}
		let next = sequenceIndex + 1;
		if (delta > 0) positions.splice(next, 0, ...new Array<number>(delta).fill(0));
		else {
			delta = Math.max(delta, next - count);
			next -= delta;
			positions.splice(next + delta, -delta);
		}
		next += delta;
		count += delta;
		for (let item = sequenceIndex + 1; item < next; item += 1)
			positions[item] = positions[item - 1] + 1;
		for (; next < count; next += 1) positions[next] += delta;
	}
	return end;
}
