/**
 * One instance of a variable TrueType font: each glyph's outline with gvar's deltas applied at a
 * location of the design space (untouched points interpolated per contour, composite glyphs' component
 * offsets moved), its bounding box computed again, and its advance width and left side bearing (from
 * HVAR where the font has it, else from gvar's phantom points). Coordinates are rounded once, after
 * every delta is summed, as fontTools' instancer does; a glyph is instanced when first asked for.
 */

import type { AdvanceVariations } from './advanceVariations';
import type { FontData } from './fontData';
import { damaged } from './fontData';
import type { GlyphVariations } from './glyphVariations';
import type { CompositeOutline } from './glyphOutline';
import { ARGS_ARE_XY_VALUES, readOutline, writeComposite, writeSimple } from './glyphOutline';
import { inferDeltas } from './inferredDeltas';
import { scalar } from './tupleVariations';

/** What instancing reads of the font: its default (stored) glyphs and metrics. */
export interface DefaultGlyphs {
	data: FontData;
	defaultGlyph(glyphId: number): Uint8Array;
	defaultAdvance(glyphId: number): number;
	defaultLeftSideBearing(glyphId: number): number;
}

export interface InstancedGlyph {
	bytes: Uint8Array;
	advance: number;
	leftSideBearing: number;
	/** Every point the glyph draws, components resolved (a composite's bounding box is theirs). */
	xs: number[];
	ys: number[];
}

const SCALED_COMPONENT_OFFSET = 0x0800;
const OVERLAP_COMPOUND = 0x0400;
const UNSCALED_COMPONENT_OFFSET = 0x1000;
const MAX_DEPTH = 16;
/** fontTools' otRound: halves go up, on both sides of zero. */
const round = (value: number) => Math.floor(value + 0.5);

export class FontInstance {
	private readonly cache = new Map<number, InstancedGlyph>();

	constructor(
		private readonly font: DefaultGlyphs,
		private readonly variations: GlyphVariations | undefined,
		/** HVAR at the same location; undefined when the font has none (phantom points then). */
		private readonly advances: AdvanceVariations | undefined,
		/** Normalised coordinates, one per fvar axis. */
		private readonly location: readonly number[],
	) {}

	glyph(glyphId: number, depth = 0): InstancedGlyph {
		let instanced = this.cache.get(glyphId);
		if (instanced === undefined) {
			if (depth > MAX_DEPTH)
				throw damaged(this.font.data.field, 'its composite glyphs refer to each other in a loop');
			instanced = this.instance(glyphId, depth);
			this.cache.set(glyphId, instanced);
		}
		return instanced;
	}

	private instance(glyphId: number, depth: number): InstancedGlyph {
		const field = this.font.data.field;
		const bytes = this.font.defaultGlyph(glyphId);
		const outline = readOutline(bytes, field);
		const xMin = bytes.length >= 10 ? (((bytes[2] << 8) | bytes[3]) << 16) >> 16 : 0;
		const advance = this.font.defaultAdvance(glyphId);
		const left = xMin - this.font.defaultLeftSideBearing(glyphId);
		const xs =
			outline.kind === 'simple'
				? outline.xs
				: outline.kind === 'composite'
					? outline.components.map((component) => component.argument1)
					: [];
		const ys =
			outline.kind === 'simple'
				? outline.ys
				: outline.kind === 'composite'
					? outline.components.map((component) => component.argument2)
					: [];
		// The four phantom points: left and right (the advance), top and bottom (unused here).
		const pointsX = [...xs, left, left + advance, 0, 0];
		const pointsY = [...ys, 0, 0, 0, 0];
		const moved = this.deltas(
			glyphId,
			pointsX,
			pointsY,
			outline.kind === 'simple' ? outline.endPoints : undefined,
		);
		const newX = pointsX.map((x, index) => x + moved.x[index]);
		const newY = pointsY.map((y, index) => y + moved.y[index]);
		const count = xs.length;
		const newLeft = newX[count];
		const phantomAdvance = round(newX[count + 1] - newLeft);
		const instancedAdvance = Math.max(
			0,
			this.advances === undefined ? phantomAdvance : round(advance + this.advances.delta(glyphId)),
		);
		if (outline.kind === 'empty')
			return { bytes, advance: instancedAdvance, leftSideBearing: round(-newLeft), xs: [], ys: [] };
		if (outline.kind === 'simple') {
			const roundedX = newX.slice(0, count).map(round);
			const roundedY = newY.slice(0, count).map(round);
			// Marked as overlapping (a variable font's contours often are), as fontTools marks a static
			// instance's glyphs: rasterisers then smooth the overlaps instead of darkening them.
			const written = writeSimple({ ...outline, xs: roundedX, ys: roundedY, overlap: count > 0 });
			const boxLeft = roundedX.length === 0 ? 0 : Math.min(...roundedX);
			return {
				bytes: written,
				advance: instancedAdvance,
				leftSideBearing: round(boxLeft - newLeft),
				xs: roundedX,
				ys: roundedY,
			};
		}
		const moves = outline.components.map((component, index) => {
			const flags = index === 0 ? component.flags | OVERLAP_COMPOUND : component.flags;
			return component.flags & ARGS_ARE_XY_VALUES
				? { ...component, flags, argument1: round(newX[index]), argument2: round(newY[index]) }
				: { ...component, flags };
		});
		const composite: CompositeOutline = { ...outline, components: moves };
		const resolved = this.resolve(composite, depth);
		const box = [
			round(Math.min(...resolved.xs)),
			round(Math.min(...resolved.ys)),
			round(Math.max(...resolved.xs)),
			round(Math.max(...resolved.ys)),
		] as const;
		return {
			bytes: writeComposite(composite, resolved.xs.length === 0 ? [0, 0, 0, 0] : box),
			advance: instancedAdvance,
			leftSideBearing: resolved.xs.length === 0 ? round(-newLeft) : round(box[0] - newLeft),
			xs: resolved.xs,
			ys: resolved.ys,
		};
	}

	/** The summed deltas of every variation that applies at the location, for each point and phantom point. */
	private deltas(
		glyphId: number,
		pointsX: readonly number[],
		pointsY: readonly number[],
		endPoints: readonly number[] | undefined,
	): { x: number[]; y: number[] } {
		const total = pointsX.length;
		const x = new Array<number>(total).fill(0);
		const y = new Array<number>(total).fill(0);
		if (this.variations === undefined) return { x, y };
		for (const variation of this.variations.of(glyphId, total)) {
			const weight = scalar(this.location, variation.peak, variation.start, variation.end);
			if (weight === 0) continue;
			let deltasX = variation.deltasX;
			let deltasY = variation.deltasY;
			if (variation.points !== undefined) {
				const fullX = new Array<number>(total).fill(0);
				const fullY = new Array<number>(total).fill(0);
				const touched = new Array<boolean>(total).fill(false);
				variation.points.forEach((point, index) => {
					if (point >= total) return;
					fullX[point] = variation.deltasX[index];
					fullY[point] = variation.deltasY[index];
					touched[point] = true;
				});
				// Composite glyphs' components are never inferred: an untouched offset stays put.
				if (endPoints !== undefined)
					inferDeltas(pointsX, pointsY, endPoints, fullX, fullY, touched);
				deltasX = fullX;
				deltasY = fullY;
			}
			for (let point = 0; point < total; point += 1) {
				x[point] += weight * (deltasX[point] ?? 0);
				y[point] += weight * (deltasY[point] ?? 0);
			}
		}
		return { x, y };
	}

	/** A composite's points: each component's instanced points transformed and placed, as fontTools' getCoordinates. */
	private resolve(outline: CompositeOutline, depth: number): { xs: number[]; ys: number[] } {
		const xs: number[] = [];
		const ys: number[] = [];
		for (const component of outline.components) {
			const child = this.glyph(component.glyphId, depth + 1);
			const [xx, xy, yx, yy] = component.transform;
			const transformX = (x: number, y: number) => x * xx + y * yx;
			const transformY = (x: number, y: number) => x * xy + y * yy;
			let cx = child.xs.map((x, index) => transformX(x, child.ys[index]));
			let cy = child.xs.map((x, index) => transformY(x, child.ys[index]));
			if (!(component.flags & ARGS_ARE_XY_VALUES)) {
				const parent = component.argument1;
				const own = component.argument2;
				if (parent >= xs.length || own >= cx.length)
					throw damaged(this.font.data.field, 'a composite glyph matches a point it does not have');
				const [moveX, moveY] = [xs[parent] - cx[own], ys[parent] - cy[own]];
				cx = cx.map((x) => x + moveX);
				cy = cy.map((y) => y + moveY);
			} else if (
				component.flags & SCALED_COMPONENT_OFFSET &&
				!(component.flags & UNSCALED_COMPONENT_OFFSET)
			) {
				const [moveX, moveY] = [component.argument1, component.argument2];
				cx = child.xs.map((x, index) => transformX(x + moveX, child.ys[index] + moveY));
				cy = child.xs.map((x, index) => transformY(x + moveX, child.ys[index] + moveY));
			} else {
				cx = cx.map((x) => x + component.argument1);
				cy = cy.map((y) => y + component.argument2);
			}
			xs.push(...cx);
			ys.push(...cy);
		}
		return { xs, ys };
	}
}
