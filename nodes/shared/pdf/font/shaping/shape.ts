/**
 * Shapes a run of text of one script and one direction with a font's own OpenType tables, as
 * HarfBuzz's Arabic and Hebrew shapers do: characters to glyphs (mirrored in right-to-left runs),
 * clusters, normalization, Arabic joining forms, GSUB, advances, GPOS, mark widths zeroed, default
 * ignorables drawn as nothing. The glyphs come back in LOGICAL order, positions in font units:
 * HarfBuzz with direction RTL returns the same glyphs reversed (visual order); the bidi step reverses
 * a right-to-left run when it lays the line out. Each glyph names the text it came from (its cluster:
 * the characters from `textStart` to `textEnd`, UTF-16 indices into the run's text), so a ligature
 * or a base with its marks reads back as its characters.
 */

import type { TrueTypeFont } from '../trueType';
import { joiningActions, JOINING_FEATURES } from './arabicJoining';
import { mirroredCodePoint } from '../../text/bidi';
import { BASE_GLYPH, MARK } from './glyphDefinitions';
import type { GlyphSlot } from './glyphRun';
import { NONSPACING_MARK, isDefaultIgnorable, isMark } from './glyphRun';
import { LayoutEngine } from './layoutEngine';
import {
	compose,
	decompose,
	formClusters,
	reorderMarks,
	slotOf,
	unhideCombiningGraphemeJoiners,
} from './normalize';
import type { ShapingScript } from './plan';
import { propagateAttachments } from './attachment';

export type { ShapingScript } from './plan';

export interface ShapedGlyph {
	glyph: number;
	/** The cluster's first and (exclusive) last UTF-16 index in the run's text. */
	textStart: number;
	textEnd: number;
	/** Font units; y upwards. */
	xAdvance: number;
	yAdvance: number;
	xOffset: number;
	yOffset: number;
}

export interface ShapeOptions {
	script: ShapingScript;
	/** BCP 47 language ('ar', 'fa', 'ur', 'he' ...): picks the font's language system (FAR, URD ...). */
	language?: string;
	/** The run's direction; right to left unless said. */
	direction?: 'rtl' | 'ltr';
}

const engines = new WeakMap<TrueTypeFont, LayoutEngine>();

/** The font's layout tables, read once per font. */
export function layoutEngine(font: TrueTypeFont): LayoutEngine {
	let engine = engines.get(font);
	if (engine === undefined) {
		engine = new LayoutEngine(font);
		engines.set(font, engine);
	}
	return engine;
}

/**
 * Why the font cannot shape the script as HarfBuzz would with these tables alone, or undefined when
 * it can: HarfBuzz draws Arabic in a font without Arabic substitutions (GSUB for arab) from its
 * presentation forms, and positions Hebrew marks in a font without Hebrew mark positioning (GPOS for
 * hebr) by its fallback rules, neither of which this shaper does.
 */
export function shapingGap(font: TrueTypeFont, script: ShapingScript): string | undefined {
	const plan = layoutEngine(font).plan(script, undefined, true);
	if (script === 'Arabic' && plan.substitutionScript !== 'arab')
		return 'it has no Arabic joining forms (GSUB for the arab script)';
	if (script === 'Hebrew' && plan.positioningScript !== 'hebr')
		return 'it has no Hebrew mark positioning (GPOS for the hebr script)';
	return undefined;
}

export function shapeRun(font: TrueTypeFont, text: string, options: ShapeOptions): ShapedGlyph[] {
	const engine = layoutEngine(font);
	const rightToLeft = (options.direction ?? 'rtl') === 'rtl';
	const plan = engine.plan(options.script, options.language, rightToLeft);
	const rtlm = plan.featureMask('rtlm');
	let run: GlyphSlot[] = [];
	for (let index = 0; index < text.length; ) {
		let codePoint = text.codePointAt(index) ?? 0;
		let mask = plan.globalMask;
		if (rightToLeft) {
			const mirror = mirroredCodePoint(codePoint);
			if (mirror !== undefined && font.has(mirror)) codePoint = mirror;
			else mask |= rtlm;
		}
		const slot = slotOf(codePoint, index, font.glyphId(codePoint));
		slot.mask = mask;
		run.push(slot);
		index += codePoint > 0xffff ? 2 : 1;
	}
	formClusters(run);
	run = decompose(run, font);
	reorderMarks(run, options.script);
	unhideCombiningGraphemeJoiners(run);
	run = compose(run, font);
	for (const slot of run) slot.mask |= plan.globalMask;
	if (options.script === 'Arabic') {
		const actions = joiningActions(run);
		run.forEach((slot, index) => {
			if (actions[index] >= 0) slot.mask |= plan.featureMask(JOINING_FEATURES[actions[index]]);
		});
	}
	const definitions = engine.definitions;
	for (const slot of run) {
		slot.properties = definitions.hasGlyphClasses
			? definitions.properties(slot.glyph)
			: slot.unicode & NONSPACING_MARK && !isDefaultIgnorable(slot)
				? MARK
				: BASE_GLYPH;
	}
	engine.substitute(run, plan);
	for (const slot of run) slot.xAdvance = font.advance(slot.glyph);
	// HarfBuzz's Hebrew shaper positions marks only with the font's Hebrew GPOS.
	if (options.script !== 'Hebrew' || plan.positioningScript === 'hebr') engine.position(run, plan);
	for (const slot of run) {
		if (isMark(slot)) slot.xAdvance = slot.yAdvance = 0;
		if (isDefaultIgnorable(slot)) slot.xAdvance = slot.yAdvance = slot.xOffset = slot.yOffset = 0;
	}
	propagateAttachments(run, rightToLeft);
	return shapedGlyphs(run, font, text.length);
}

/** The run's glyphs, default ignorables as the (zero-width) space glyph or left out when the font has none. */
function shapedGlyphs(run: GlyphSlot[], font: TrueTypeFont, textLength: number): ShapedGlyph[] {
	const space = font.glyphId(0x20);
	const kept = run.filter((slot) => space !== 0 || !isDefaultIgnorable(slot));
	const starts = [...new Set(kept.map((slot) => slot.cluster))].sort((a, b) => a - b);
	return kept.map((slot) => {
		const next = starts.find((start) => start > slot.cluster);
		return {
			glyph: isDefaultIgnorable(slot) ? space : slot.glyph,
			textStart: slot.cluster,
			textEnd: next ?? textLength,
			xAdvance: slot.xAdvance,
			yAdvance: slot.yAdvance,
			xOffset: slot.xOffset,
			yOffset: slot.yOffset,
		};
	});
}
