/**
 * Draws wrapped lines into the page flow: styled runs in their fonts, at a column's x (aligned, in a table cell), with a
 * list item's marker on the first line the item places. The one place Markdown text becomes text
 * operations.
 */

import type { DrawOperation } from '../content';
import type { LetterFaces } from '../faces';
import { STANDARD_FACES, codeFace } from '../faces';
import type { Face } from '../fontWidths';
import { LINE_HEIGHT_FACTOR } from '../layout';
import type { Alignment } from './blocks';
import type { Flow } from './flow';
import type { InlineRun, RunStyle } from './inline';
import type { RichLine, RichRun } from './richText';
import { lineDrawing, needsVisualLayout } from '../visualLine';

/** The face a run's style is drawn in (code: Courier, or the regular face for text beyond WinAnsi, faces.ts). */
export function fontOf(style: RunStyle, faces: LetterFaces = STANDARD_FACES, text = ''): Face {
	if (style.code) return codeFace(text, faces);
	if (style.bold && style.italic) return faces.boldItalic;
	if (style.bold) return faces.bold;
	return style.italic ? faces.italic : faces.regular;
}

/** Inline runs in their fonts; `bold` makes every run bold (a heading, a table's header row). */
export function richRuns(
	runs: readonly InlineRun[],
	bold = false,
	faces: LetterFaces = STANDARD_FACES,
): RichRun[] {
	return runs.map((run) => {
		if ('lineBreak' in run) return run;
		// Tabs in running text are spaces: Markdown's tab stops are for indentation only.
		const text = run.text.replace(/\t/g, ' ');
		return { text, font: fontOf({ ...run.style, bold: run.style.bold || bold }, faces, text) };
	});
}

export const lineHeightOf = (size: number) => size * LINE_HEIGHT_FACTOR;

export class Writer {
	private marker: ((baseline: number) => DrawOperation[]) | undefined;

	constructor(
		readonly flow: Flow,
		readonly faces: LetterFaces = STANDARD_FACES,
	) {}

	/** The list marker the next line placed carries, drawn on that line's baseline. */
	setMarker(marker: (baseline: number) => DrawOperation[]): void {
		this.marker = marker;
	}

	/** Places one wrapped line at the column's start, in a box of `height` (default: the size's line height). */
	line(
		line: RichLine,
		column: { x: number; width: number },
		size: number,
		{ height = lineHeightOf(size) }: { height?: number } = {},
	): number {
		return this.flow.line(height, height - size, (baseline) => {
			const operations: DrawOperation[] = [];
			if (this.marker !== undefined) {
				operations.push(...this.marker(baseline));
				this.marker = undefined;
			}
			operations.push(...lineOperations(line, column, size, baseline));
			return operations;
		});
	}
}

/**
 * A wrapped line's text operations on `baseline`, aligned in the column (a table cell's inner width):
 * 'start' is the left, or the right for a right-to-left paragraph. A line with right-to-left or
 * shaped text is drawn in visual order (visualLine); any other as its segments, as always.
 */
export function lineOperations(
	line: RichLine,
	column: { x: number; width: number },
	size: number,
	baseline: number,
	align: Alignment = 'start',
): DrawOperation[] {
	const rightToLeft = line.rightToLeft === true;
	if (rightToLeft || line.segments.some((segment) => needsVisualLayout(segment.text)))
		return lineDrawing(line.segments, size, baseline, { column, rightToLeft, align });
	const offset =
		align === 'left' || align === 'start'
			? 0
			: align === 'right'
				? column.width - line.width
				: (column.width - line.width) / 2;
	return line.segments
		.filter((segment) => segment.text !== '')
		.map((segment) => ({
			kind: 'text',
			font: segment.font,
			size,
			x: column.x + offset + segment.x,
			y: baseline,
			text: segment.text,
		}));
}
