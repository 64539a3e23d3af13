/**
 * A GitHub table on the page: sized and measured by tableColumns.ts (words whole, the type smaller
 * down to 8 pt when they do not fit, a hyphen where a word must still break), cells wrapped, a ruled
 * grid, the header row (bold) repeated at the top of each new page. A row is kept whole on one page:
 * it goes onto the next (after the header) when it does not fit in what is left of this one; only a row
 * taller than a page continues across pages.
 */

import type { DrawOperation } from '../content';
import type { Alignment } from './blocks';
import { parseInline } from './inline';
import type { RichLine, RichRun } from './richText';
import { naturalWidth, widestPiece, wrapRich } from './richText';
import type { ColumnNeeds } from './tableColumns';
import { planTable } from './tableColumns';
import type { Writer } from './writer';
import { lineHeightOf, lineOperations, richRuns } from './writer';

export interface TableBlock {
	alignments: Alignment[];
	header: string[];
	rows: string[][];
}

const GRID_WIDTH = 0.5;
const HEADER_RULE_WIDTH = 1;

interface Column {
	x: number;
	width: number;
	align: Alignment;
}

const paddingOf = (size: number) => size * 0.4;

/** Each column's widest cell and longest word at `size`, the cell padding included. */
function columnNeeds(all: readonly RichRun[][][], size: number): ColumnNeeds {
	const padding = 2 * paddingOf(size);
	const columns = all[0].map((_, column) => all.map((row) => row[column]));
	return {
		natural: columns.map(
			(cells) => Math.max(...cells.map((runs) => naturalWidth(runs, size))) + padding,
		),
		minimum: columns.map(
			(cells) => Math.max(...cells.map((runs) => widestPiece(runs, size))) + padding,
		),
	};
}

/**
 * `direction`: the table's, which its cells' paragraphs inherit; right to left, the first column is on
 * the right and the columns go left.
 */
export function layoutTable(
	writer: Writer,
	table: TableBlock,
	area: { x: number; width: number },
	size: number,
	direction: 'ltr' | 'rtl' = 'ltr',
): void {
	const rightToLeft = direction === 'rtl';
	const header = table.header.map((cell) => richRuns(parseInline(cell), true, writer.faces));
	const rows = table.rows.map((row) =>
		row.map((cell) => richRuns(parseInline(cell), false, writer.faces)),
	);
	const all = [header, ...rows];
	// About six characters and the padding: narrower, a column would print a few letters a line.
	const narrowest = (at: number) => at * 3.3 + 2 * paddingOf(at);
	const plan = planTable((at) => columnNeeds(all, at), size, area.width, narrowest);
	for (const { first, widths } of plan.groups) {
		let x = area.x;
		const columns: Column[] = widths.map((width, index) => {
			const column = { x, width, align: table.alignments[first + index] };
			x += width;
			return column;
		});
		// Mirrored: the same columns from the area's right edge leftwards.
		if (rightToLeft)
			for (const column of columns) column.x = 2 * area.x + area.width - column.x - column.width;
		const slice = <T>(cells: T[]) => cells.slice(first, first + widths.length);
		if (first > 0) writer.flow.gap(lineHeightOf(size) * 0.5);
		drawRows(writer, columns, slice(header), rows.map(slice), plan.size, direction);
	}
}

function drawRows(
	writer: Writer,
	columns: readonly Column[],
	header: RichRun[][],
	rows: RichRun[][][],
	size: number,
	direction: 'ltr' | 'rtl',
): void {
	const padding = paddingOf(size);
	const verticalPadding = size * 0.25;
	const lineHeight = lineHeightOf(size);
	const wrap = (cells: RichRun[][]) =>
		cells.map((runs, index) =>
			wrapRich(runs, size, columns[index].width - 2 * padding, {
				hyphenate: true,
				direction,
			}),
		);
	const headerLines = wrap(header);
	const flow = writer.flow;

	/** Draws lines [from, from + count) of each cell as one row box at the cursor. */
	const drawRow = (cells: RichLine[][], from: number, count: number, isHeader: boolean) => {
		const top = flow.y;
		const height = count * lineHeight + 2 * verticalPadding;
		const operations: DrawOperation[] = [];
		const left = Math.min(...columns.map((column) => column.x));
		const right = Math.max(...columns.map((column) => column.x + column.width));
		const rule = (x1: number, y1: number, x2: number, y2: number, lineWidth = GRID_WIDTH) =>
			operations.push({ kind: 'rule', x1, y1, x2, y2, lineWidth });
		rule(left, top, right, top);
		rule(left, top - height, right, top - height, isHeader ? HEADER_RULE_WIDTH : GRID_WIDTH);
		for (const column of columns) rule(column.x, top, column.x, top - height);
		rule(right, top, right, top - height);
		flow.draw(operations);
		// The text: each cell's lines in the row's box, aligned in the column.
		let baselineTop = top - verticalPadding;
		for (let line = from; line < from + count; line += 1) {
			cells.forEach((lines, index) => {
				const placed = lines[line];
				if (placed === undefined) return;
				const column = columns[index];
				const inner = { x: column.x + padding, width: column.width - 2 * padding };
				flow.draw(lineOperations(placed, inner, size, baselineTop - size, column.align));
			});
			baselineTop -= lineHeight;
		}
		flow.advance(height);
	};

	const lineCount = (cells: RichLine[][]) => Math.max(...cells.map((lines) => lines.length));
	const heightOf = (lines: number) => lines * lineHeight + 2 * verticalPadding;
	const headerLineCount = lineCount(headerLines);
	const headerHeight = heightOf(headerLineCount);
	const fitsHere = (height: number) => flow.room() >= height - 1e-6;
	/** Whether a row of `height` fits under the header on a fresh page (else it is split wherever it falls). */
	const fitsFreshPage = (height: number) => flow.nextFrameRoom() >= headerHeight + height - 1e-6;
	const fittingLines = () => Math.floor((flow.room() - 2 * verticalPadding) / lineHeight + 1e-9);
	let onlyHeader = true;
	const newPage = () => {
		flow.newFrame();
		drawRow(headerLines, 0, headerLineCount, true);
		onlyHeader = true;
	};

	const wrapped = rows.map(wrap);
	// The header goes with the first row: the whole row when it fits on a page, else its first line.
	const firstRow = wrapped.length === 0 ? 0 : heightOf(lineCount(wrapped[0]));
	const withHeader = fitsFreshPage(firstRow) ? firstRow : heightOf(Math.min(1, wrapped.length));
	if (!fitsHere(headerHeight + withHeader) && !flow.isFrameEmpty) flow.newFrame();
	drawRow(headerLines, 0, headerLineCount, true);
	for (const cells of wrapped) {
		const total = lineCount(cells);
		// A row goes whole onto the next page when it does not fit here but fits there.
		if (!fitsHere(heightOf(total)) && fitsFreshPage(heightOf(total)) && !onlyHeader) newPage();
		let from = 0;
		while (from < total) {
			// A row taller than a page: the lines that fit here, the rest on the next pages.
			if (fittingLines() < 1 && !onlyHeader) newPage();
			const count = Math.max(1, Math.min(total - from, fittingLines()));
			drawRow(cells, from, count, false);
			onlyHeader = false;
			from += count;
		}
	}
}
