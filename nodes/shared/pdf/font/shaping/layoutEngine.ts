/**
 * A font's OpenType layout (GDEF, GSUB, GPOS) read once, and the lookups of a plan applied to a run
 * as HarfBuzz applies them: each lookup over the whole run in turn, at each glyph its mask and flags
 * allow, the first subtable that applies winning; reverse chaining lookups from the end; nested
 * lookups of contextual ones at their positions.
 */

import type { TrueTypeFont } from '../trueType';
import type { GlyphDefinitions } from './glyphDefinitions';
import { readGlyphDefinitions } from './glyphDefinitions';
import type { ApplyContext, GlyphSlot } from './glyphRun';
import { lookupSees } from './glyphRun';
import type { LayoutTable, Lookup } from './layoutTables';
import { readLayoutTable } from './layoutTables';
import type { PlannedLookup, ShapingPlan, ShapingScript } from './plan';
import { buildPlan } from './plan';
import { readPositioning } from './positioning';
import type { Subtable } from './substitution';
import { readSubstitution } from './substitution';

/** Contextual lookups nest no deeper than HarfBuzz lets them. */
const MAX_NESTING = 64;

class LayoutTableLookups {
	private readonly subtables = new Map<number, Subtable[]>();
	private readonly coverages = new Map<number, ReadonlySet<number>>();

	constructor(
		private readonly font: TrueTypeFont,
		readonly table: LayoutTable,
		private readonly positioning: boolean,
	) {}

	/** A lookup's subtables, read the first time it is used. */
	subtablesOf(index: number, lookup: Lookup): Subtable[] {
		let subtables = this.subtables.get(index);
		if (subtables === undefined) {
			subtables = lookup.subtables.map((at) =>
				this.positioning
					? readPositioning(this.font.data, lookup.type, at)
					: readSubstitution(this.font.data, lookup.type, at),
			);
			this.subtables.set(index, subtables);
		}
		return subtables;
	}

	/** Every glyph a lookup's subtables start at (HarfBuzz's digest, exact): the others are passed over quickly. */
	coverageOf(index: number, lookup: Lookup): ReadonlySet<number> {
		let glyphs = this.coverages.get(index);
		if (glyphs === undefined) {
			const union = new Set<number>();
			for (const subtable of this.subtablesOf(index, lookup))
				for (const glyph of subtable.coverage.keys()) union.add(glyph);
			glyphs = union;
			this.coverages.set(index, glyphs);
		}
		return glyphs;
	}
}

export class LayoutEngine {
	readonly definitions: GlyphDefinitions;
	private readonly substitution?: LayoutTableLookups;
	private readonly positioning?: LayoutTableLookups;
	private readonly plans = new Map<string, ShapingPlan>();

	constructor(readonly font: TrueTypeFont) {
		const data = font.data;
		this.definitions = readGlyphDefinitions(data, font.tables.get('GDEF')?.offset);
		const gsub = font.tables.get('GSUB');
		const gpos = font.tables.get('GPOS');
		if (gsub !== undefined)
			this.substitution = new LayoutTableLookups(
				font,
				readLayoutTable(data, gsub.offset, 7),
				false,
			);
		if (gpos !== undefined)
			this.positioning = new LayoutTableLookups(font, readLayoutTable(data, gpos.offset, 9), true);
	}

	plan(script: ShapingScript, language: string | undefined, rightToLeft: boolean): ShapingPlan {
		const key = `${script}/${language ?? ''}/${rightToLeft ? 'rtl' : 'ltr'}`;
		let plan = this.plans.get(key);
		if (plan === undefined) {
			plan = buildPlan(
				this.substitution?.table,
				this.positioning?.table,
				script,
				language,
				rightToLeft,
			);
			this.plans.set(key, plan);
		}
		return plan;
	}

	substitute(run: GlyphSlot[], plan: ShapingPlan): void {
		if (this.substitution === undefined) return;
		// Ligature ids count 1 to 7 over the whole run, as HarfBuzz's buffer serial does.
		const serial = { value: 0 };
		for (const stage of plan.substitutionStages)
			for (const planned of stage)
				this.applyLookup(this.substitution, run, planned, plan, false, serial);
	}

	position(run: GlyphSlot[], plan: ShapingPlan): void {
		if (this.positioning === undefined) return;
		for (const planned of plan.positioning)
			this.applyLookup(this.positioning, run, planned, plan, true, { value: 0 });
	}

	private applyLookup(
		lookups: LayoutTableLookups,
		run: GlyphSlot[],
		planned: PlannedLookup,
		plan: ShapingPlan,
		positioning: boolean,
		serial: { value: number },
	): void {
		const lookup = lookups.table.lookups[planned.index];
		if (lookup === undefined) return;
		let depth = 0;
		const context: ApplyContext = {
			run,
			definitions: this.definitions,
			positioning,
			rightToLeft: plan.rightToLeft,
			flag: lookup.flag,
			markFilteringSet: lookup.markFilteringSet,
			lookupMask: planned.mask,
			autoZwj: planned.autoZwj,
			autoZwnj: planned.autoZwnj,
			nextLigatureId: () => {
				serial.value = (serial.value % 7) + 1;
				return serial.value;
			},
			applyNested: (index, position) => {
				const nested = lookups.table.lookups[index];
				if (nested === undefined || depth >= MAX_NESTING) return false;
				const saved = [context.flag, context.markFilteringSet];
				context.flag = nested.flag;
				context.markFilteringSet = nested.markFilteringSet;
				depth += 1;
				try {
					return applySubtables(lookups.subtablesOf(index, nested), context, position) >= 0;
				} finally {
					depth -= 1;
					[context.flag, context.markFilteringSet] = saved;
				}
			},
		};
		const subtables = lookups.subtablesOf(planned.index, lookup);
		const covered = lookups.coverageOf(planned.index, lookup);
		const applies = (slot: GlyphSlot) =>
			(slot.mask & planned.mask) !== 0 &&
			covered.has(slot.glyph) &&
			lookupSees(this.definitions, slot, lookup.flag, lookup.markFilteringSet);
		if (!positioning && lookup.type === 8) {
			for (let index = run.length - 1; index >= 0; index -= 1)
				if (applies(run[index])) applySubtables(subtables, context, index);
			return;
		}
		let index = 0;
		while (index < run.length) {
			if (applies(run[index])) {
				const next = applySubtables(subtables, context, index);
				if (next >= 0) {
					index = next;
					continue;
				}
			}
			index += 1;
		}
	}
}

/** The first of a lookup's subtables that applies at `index`: where to continue, or -1. */
function applySubtables(subtables: Subtable[], context: ApplyContext, index: number): number {
	const glyph = context.run[index].glyph;
	for (const subtable of subtables) {
		if (!subtable.coverage.has(glyph)) continue;
		const next = subtable.apply(context, index);
		if (next >= 0) return next;
	}
	return -1;
}
