/**
 * GSUB lookups: single (1), multiple (2), alternate (3: the first alternate, as a feature value of 1
 * asks), ligature (4), contextual (5), chained contextual (6), extension (7, resolved when the lookup
 * list is read) and reverse chained single (8). Each subtable is read once, the first time a lookup
 * uses it; application follows HarfBuzz's (ligature components and the marks between them, glyph
 * properties of what a substitution outputs).
 */

import type { FontData } from '../fontData';
import type { ContextSubtable } from './contextLookups';
import { readContextSubtable } from './contextLookups';
import { BASE_GLYPH, LIGATED, LIGATURE, MULTIPLIED, SUBSTITUTED } from './glyphDefinitions';
import type { ApplyContext, GlyphSlot } from './glyphRun';
import {
	NONSPACING_MARK,
	componentCount,
	isMark,
	ligatureComponent,
	ligatureId,
	matchInput,
	mergeClusters,
	setLigatureBase,
	setLigatureMark,
	skipTo,
} from './glyphRun';
import type { Coverage } from './layoutTables';
import { readCoverage, readUint16Array } from './layoutTables';

/** A subtable applied at `index`: the index to continue from, or -1 when it does not apply. */
export type Subtable = ContextSubtable;

const NEVER: Subtable = { coverage: new Map(), apply: () => -1 };

export function readSubstitution(data: FontData, type: number, at: number): Subtable {
	switch (type) {
		case 1:
			return single(data, at);
		case 2:
			return sequences(data, at, false);
		case 3:
			return sequences(data, at, true);
		case 4:
			return ligatures(data, at);
		case 5:
			return readContextSubtable(data, at, false);
		case 6:
			return readContextSubtable(data, at, true);
		case 8:
			return reverseChained(data, at);
		default:
			return NEVER;
	}
}

/** The glyph properties of a substitution's output, as HarfBuzz sets them (GDEF's class when the font has classes). */
export function substitutedProperties(
	context: ApplyContext,
	slot: GlyphSlot,
	glyph: number,
	classGuess: number,
	ligated: boolean,
	component: boolean,
): number {
	let properties = slot.properties | SUBSTITUTED;
	if (ligated) properties = (properties | LIGATED) & ~MULTIPLIED;
	if (component) properties |= MULTIPLIED;
	const preserved = properties & (SUBSTITUTED | LIGATED | MULTIPLIED);
	if (context.definitions.hasGlyphClasses) return preserved | context.definitions.properties(glyph);
	return classGuess !== 0 ? preserved | classGuess : properties;
}

function replace(context: ApplyContext, index: number, glyph: number): void {
	const slot = context.run[index];
	slot.properties = substitutedProperties(context, slot, glyph, 0, false, false);
	slot.glyph = glyph;
}

function single(data: FontData, at: number): Subtable {
	const format = data.uint16(at);
	const coverage = readCoverage(data, at + data.uint16(at + 2));
	const delta = format === 1 ? data.uint16(at + 4) : 0;
	const substitutes = format === 2 ? readUint16Array(data, at + 4) : [];
	return {
		coverage,
		apply(context, index) {
			const covered = coverage.get(context.run[index].glyph);
			if (covered === undefined) return -1;
			const glyph =
				format === 1 ? (context.run[index].glyph + delta) & 0xffff : substitutes[covered];
			if (glyph === undefined) return -1;
			replace(context, index, glyph);
			return index + 1;
		},
	};
}

/** Multiple (each glyph -> a sequence) or alternate (each glyph -> its first alternate). */
function sequences(data: FontData, at: number, alternate: boolean): Subtable {
	const coverage = readCoverage(data, at + data.uint16(at + 2));
	const lists = readUint16Array(data, at + 4).map((offset) => readUint16Array(data, at + offset));
	return {
		coverage,
		apply(context, index) {
			const covered = coverage.get(context.run[index].glyph);
			if (covered === undefined || lists[covered] === undefined) return -1;
			const sequence = lists[covered];
			if (alternate) {
				if (sequence.length === 0) return -1;
				replace(context, index, sequence[0]);
				return index + 1;
			}
			if (sequence.length === 1) {
				replace(context, index, sequence[0]);
				return index + 1;
			}
			const slot = context.run[index];
			if (sequence.length === 0) {
				context.run.splice(index, 1);
				return index;
			}
			const guess = slot.properties & LIGATURE ? BASE_GLYPH : 0;
			const inLigature = ligatureId(slot) !== 0;
			const pieces = sequence.map((glyph, component) => {
				const piece = {
					...slot,
					glyph,
					properties: substitutedProperties(context, slot, glyph, guess, false, true),
				};
				// Each piece knows its place (0 the first), unless the glyph belongs to a ligature.
				if (!inLigature) setLigatureMark(piece, 0, component);
				return piece;
			});
			context.run.splice(index, 1, ...pieces);
			return index + pieces.length;
		},
	};
}

interface LigatureRule {
	glyph: number;
	components: readonly number[];
}

function ligatures(data: FontData, at: number): Subtable {
	const coverage: Coverage = readCoverage(data, at + data.uint16(at + 2));
	const sets = readUint16Array(data, at + 4).map((setOffset) =>
		readUint16Array(data, at + setOffset).map((offset): LigatureRule => {
			const rule = at + setOffset + offset;
			const count = data.uint16(rule + 2);
			return {
				glyph: data.uint16(rule),
				components: Array.from({ length: Math.max(0, count - 1) }, (_, index) =>
					data.uint16(rule + 4 + index * 2),
				),
			};
		}),
	);
	return {
		coverage,
		apply(context, index) {
			const covered = coverage.get(context.run[index].glyph);
			const rules = covered === undefined ? undefined : sets[covered];
			if (rules === undefined) return -1;
			for (const rule of rules) {
				const positions = matchInput(
					context,
					index,
					rule.components.length + 1,
					(item, slot) => slot.glyph === rule.components[item - 1],
				);
				if (positions !== undefined) return ligate(context, positions, rule.glyph);
			}
			return -1;
		},
	};
}

/**
 * Replaces the matched glyphs with the ligature: the first slot becomes it, the others go; marks
 * skipped between them stay after it, told which component they belong to (for mark-to-ligature).
 */
function ligate(context: ApplyContext, positions: number[], glyph: number): number {
	const run = context.run;
	const first = run[positions[0]];
	const slots = positions.map((position) => run[position]);
	const markLigature = slots.every(isMark);
	const isLigature = !markLigature;
	let total = 0;
	for (const slot of slots) total += componentCount(slot);
	const id = isLigature ? context.nextLigatureId() : 0;
	let lastId = ligatureId(first);
	let lastCount = componentCount(first);
	let soFar = lastCount;
	const end = positions[positions.length - 1] + 1;
	mergeClusters(run, positions[0], end);
	if (isLigature) {
		setLigatureBase(first, id, total);
		first.unicode &= ~NONSPACING_MARK;
	}
	first.properties = substitutedProperties(
		context,
		first,
		glyph,
		isLigature ? LIGATURE : 0,
		true,
		false,
	);
	first.glyph = glyph;
	for (let item = 1; item < positions.length; item += 1) {
		for (let at = positions[item - 1] + 1; at < positions[item]; at += 1) {
			if (!isLigature) continue;
			let component = ligatureComponent(run[at]);
			if (component === 0) component = lastCount;
			setLigatureMark(run[at], id, soFar - lastCount + Math.min(component, lastCount));
		}
		const component = run[positions[item]];
		lastId = ligatureId(component);
		lastCount = componentCount(component);
		soFar += lastCount;
	}
	if (!markLigature && lastId !== 0) {
		// Marks after the last component that belonged to it now belong to the new ligature.
		for (let at = end; at < run.length; at += 1) {
			if (ligatureId(run[at]) !== lastId) break;
			const component = ligatureComponent(run[at]);
			if (component === 0) break;
			setLigatureMark(run[at], id, soFar - lastCount + Math.min(component, lastCount));
		}
	}
	for (let item = positions.length - 1; item >= 1; item -= 1) run.splice(positions[item], 1);
	return end - (positions.length - 1);
}

function reverseChained(data: FontData, at: number): Subtable {
	const coverage = readCoverage(data, at + data.uint16(at + 2));
	let cursor = at + 4;
	const list = () => {
		const offsets = readUint16Array(data, cursor);
		cursor += 2 + offsets.length * 2;
		return offsets.map((offset) => readCoverage(data, at + offset));
	};
	const backtrack = list();
	const lookahead = list();
	const substitutes = readUint16Array(data, cursor);
	const inBacktrack = (item: number, slot: GlyphSlot) => backtrack[item].has(slot.glyph);
	const inLookahead = (item: number, slot: GlyphSlot) => lookahead[item].has(slot.glyph);
	return {
		coverage,
		apply(context, index) {
			const covered = coverage.get(context.run[index].glyph);
			if (covered === undefined || substitutes[covered] === undefined) return -1;
			let position = index;
			for (let item = 0; item < backtrack.length; item += 1) {
				position = skipTo(context, position, -1, inBacktrack, item, true);
				if (position < 0) return -1;
			}
			position = index;
			for (let item = 0; item < lookahead.length; item += 1) {
				position = skipTo(context, position, 1, inLookahead, item, true);
				if (position < 0) return -1;
			}
			replace(context, index, substitutes[covered]);
			return index + 1;
		},
	};
}
