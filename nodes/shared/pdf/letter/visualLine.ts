/**
 * One laid-out line in visual order, as the Unicode Bidirectional Algorithm shows it: the line's
 * levels resolved with its paragraph's direction given (UAX #9 HL1), its level runs reordered (L1,
 * L2), each run in each face drawn as glyph clusters (glyphClusters: Arabic and Hebrew shaped,
 * mirrored at right-to-left levels) or, in a standard face, as its characters reversed and mirrored.
 * Tabs reach the next stop from the line's start edge: the right one in a right-to-left paragraph.
 */

import type { DrawOperation } from './content';
import type { EmbeddedFace, Face } from './fontWidths';
import { textWidthUnits } from './fontWidths';
import type { GlyphCluster } from './glyphClusters';
import { clustersWidth, glyphClusters, needsShaping, withoutIgnorables } from './glyphClusters';
import type { TextDirection } from '../text/bidi';
import {
	firstParagraphLevel,
	mayReorder,
	mirroredCodePoint,
	resolveBidi,
	visualRuns,
} from '../text/bidi';
import { nextTabStop } from './tabStops';
import { winAnsiByte } from './winAnsi';

/** Text in one face, in logical order: a line's part. */
export interface LogicalSegment {
	text: string;
	font: Face;
}

/** A piece of a visual line: text in a standard face (already in visual order), or glyph clusters. */
export type VisualPiece =
	| { x: number; font: Face; text: string }
	| { x: number; font: EmbeddedFace; clusters: GlyphCluster[] };

export interface VisualLine {
	/** Left to right; x in points from the line's left end. */
	pieces: VisualPiece[];
	/** Points. */
	width: number;
}

/** Whether a line needs the bidi algorithm or shaping: otherwise it draws as it is, left to right. */
export function needsVisualLayout(text: string): boolean {
	return mayReorder(text) || needsShaping(text);
}

/**
 * Whether a paragraph reads right to left: as `direction` says, or by its first strong character
 * ('auto': UAX #9 P2, P3; left to right without one).
 */
export function isRightToLeft(paragraph: string, direction: TextDirection = 'auto'): boolean {
	if (direction !== 'auto') return direction === 'rtl';
	return mayReorder(paragraph) && firstParagraphLevel(paragraph) === 1;
}

/** A standard face's text at a right-to-left level: reversed, brackets mirrored (all of them are WinAnsi). */
function reversedText(text: string): string {
	return [...withoutIgnorables(text)]
		.reverse()
		.map((character) => {
			const mirror = mirroredCodePoint(character.codePointAt(0) ?? 0);
			return mirror !== undefined && winAnsiByte(mirror) !== undefined
				? String.fromCodePoint(mirror)
				: character;
		})
		.join('');
}

/** A line without tabs in visual order, x from its left end. */
function tabFreeLine(
	segments: readonly LogicalSegment[],
	size: number,
	rightToLeft: boolean,
): VisualLine {
	const text = segments.map((segment) => segment.text).join('');
	if (text === '') return { pieces: [], width: 0 };
	const ends: number[] = [];
	let end = 0;
	for (const segment of segments) ends.push((end += segment.text.length));
	const bidi = resolveBidi(text, rightToLeft ? 'rtl' : 'ltr');
	const pieces: VisualPiece[] = [];
	let x = 0;
	for (const run of visualRuns(bidi, 0, text.length)) {
		const odd = run.level % 2 === 1;
		// The run split where its faces change, in logical order.
		const parts: Array<{ start: number; end: number; font: Face }> = [];
		let start = run.start;
		segments.forEach((segment, index) => {
			const segmentEnd = ends[index];
			if (segmentEnd <= start || start >= run.end) return;
			const partEnd = Math.min(segmentEnd, run.end);
			parts.push({ start, end: partEnd, font: segment.font });
			start = partEnd;
		});
		if (odd) parts.reverse();
		for (const part of parts) {
			const partText = text.slice(part.start, part.end);
			if (typeof part.font === 'string') {
				const shown = odd ? reversedText(partText) : withoutIgnorables(partText);
				pieces.push({ x, font: part.font, text: shown });
				x += (textWidthUnits(part.font, shown) * size) / 1000;
			} else {
				const clusters = glyphClusters(part.font.font, partText, odd);
				pieces.push({ x, font: part.font, clusters });
				x += (clustersWidth(clusters) * size) / 1000;
			}
		}
	}
	return { pieces, width: x };
}

/**
 * A line of a paragraph in visual order. `rightToLeft`: the paragraph's direction (isRightToLeft of
 * the whole paragraph, so that a line of Latin words in an Arabic paragraph still reads right to left).
 */
export function visualLine(
	segments: readonly LogicalSegment[],
	size: number,
	rightToLeft: boolean,
): VisualLine {
	if (!segments.some((segment) => segment.text.includes('\t')))
		return tabFreeLine(segments, size, rightToLeft);
	// Split at the tabs: each part is its own piece of the line, placed at its stop.
	const parts: LogicalSegment[][] = [[]];
	for (const segment of segments) {
		segment.text.split('\t').forEach((text, index) => {
			if (index > 0) parts.push([]);
			if (text !== '') parts[parts.length - 1].push({ text, font: segment.font });
		});
	}
	const lines = parts.map((part) => tabFreeLine(part, size, rightToLeft));
	const starts: number[] = [];
	let reached = 0;
	lines.forEach((line, index) => {
		const start = index === 0 ? 0 : nextTabStop(reached);
		starts.push(start);
		reached = start + line.width;
	});
	const pieces = lines.flatMap((line, index) =>
		line.pieces.map((piece) => ({
			...piece,
			// Measured from the start edge: the right one for a right-to-left paragraph.
			x: rightToLeft ? reached - starts[index] - line.width + piece.x : starts[index] + piece.x,
		})),
	);
	if (rightToLeft) pieces.sort((a, b) => a.x - b.x);
	return { pieces, width: reached };
}

/** A visual line's drawing operations, its left end at `left`, on the baseline `y`. */
function visualLineOperations(
	line: VisualLine,
	left: number,
	y: number,
	size: number,
): DrawOperation[] {
	return line.pieces
		.filter((piece) => ('text' in piece ? piece.text !== '' : piece.clusters.length > 0))
		.map(
			(piece): DrawOperation =>
				'text' in piece
					? { kind: 'text', font: piece.font, size, x: left + piece.x, y, text: piece.text }
					: {
							kind: 'glyphs',
							font: piece.font,
							size,
							x: left + piece.x,
							y,
							clusters: piece.clusters,
						},
		);
}

/** Where a line goes: its column, its paragraph's direction, and its alignment ('start': the direction's side). */
export interface LinePlacement {
	column: { x: number; width: number };
	rightToLeft: boolean;
	align?: 'start' | 'left' | 'center' | 'right';
}

/**
 * The drawing of one line of logical text in one or more faces, in visual order, aligned in its
 * column. (Lines that need no visual layout are drawn as they always were, a text operation a
 * segment: the callers check needsVisualLayout.)
 */
export function lineDrawing(
	segments: readonly LogicalSegment[],
	size: number,
	y: number,
	placement: LinePlacement,
): DrawOperation[] {
	const line = visualLine(segments, size, placement.rightToLeft);
	const { column } = placement;
	const align = placement.align ?? 'start';
	const side = align === 'start' ? (placement.rightToLeft ? 'right' : 'left') : align;
	const left =
		side === 'left'
			? column.x
			: side === 'right'
				? column.x + column.width - line.width
				: column.x + (column.width - line.width) / 2;
	return visualLineOperations(line, left, y, size);
}
