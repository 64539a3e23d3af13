/**
 * A GitHub table on the page: columns measured from their cells (as wide as their text when the table
 * fits, else sharing the width by what their text needs), cells wrapped, a ruled grid, the header row
 * (bold) repeated at the top of each new page. A table too wide even at a few characters a column is
 * printed as several tables of consecutive columns, so no cell's text is lost; a row taller than a
 * page continues on the next.
 */

import type { DrawOperation } from '../content';
import type { Alignment } from './blocks';
import { parseInline } from './inline';
import type { RichLine } from './richText';
import { naturalWidth, widestPiece, wrapRich } from './richText';
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

/** Column widths within `width`: natural when they fit, else shared by need; undefined entries start a new group. */
export function columnWidths(
	natural: readonly number[],
	minimum: readonly number[],
	width: number,
	floor: number,
): number[][] {
	const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
	if (sum(natural) <= width) return [[...natural]];
	if (sum(minimum) <= width) {
		const spare = width - sum(minimum);
		const wanted = sum(natural) - sum(minimum);
		return [minimum.map((min, index) => min + (spare * (natural[index] - min)) / wanted)];
	}
	// Words must break: columns share the width by their longest word, none below `floor`.
	const perGroup = Math.max(1, Math.floor(width / floor));
	const groups: number[][] = [];
	for (let start = 0; start < natural.length; start += perGroup) {
		const group = minimum.slice(start, start + perGroup).map((min) => Math.max(min, floor));
		const total = sum(group);
		groups.push(
			total <= width
				? group.map((value, index) => Math.min(natural[start + index], value))
				: group.map((value) => (width * value) / total),
		);
	}
	return groups;
}

export function layoutTable(
	writer: Writer,
	table: TableBlock,
	area: { x: number; width: number },
	size: number,
): void {
	const padding = size * 0.4;
	const verticalPadding = size * 0.25;
	const header = table.header.map((cell) => richRuns(parseInline(cell), true, writer.faces));
	const rows = table.rows.map((row) =>
		row.map((cell) => richRuns(parseInline(cell), false, writer.faces)),
	);
	const all = [header, ...rows];
	const natural = header.map(
		(_, column) => Math.max(...all.map((row) => naturalWidth(row[column], size))) + 2 * padding,
	);
	const minimum = header.map(
		(_, column) => Math.max(...all.map((row) => widestPiece(row[column], size))) + 2 * padding,
	);
	// About six characters and the padding: narrower, a column would print a few letters a line.
	const floor = size * 3.3 + 2 * padding;
	let first = 0;
	for (const widths of columnWidths(natural, minimum, area.width, floor)) {
		let x = area.x;
		const columns: Column[] = widths.map((width, index) => {
			const column = { x, width, align: table.alignments[first + index] };
			x += width;
			return column;
		});
		const slice = <T>(cells: T[]) => cells.slice(first, first + widths.length);
		if (first > 0) writer.flow.gap(lineHeightOf(size) * 0.5);
		drawRows(writer, columns, slice(header), rows.map(slice), size, padding, verticalPadding);
		first += widths.length;
	}
}

function drawRows(
	writer: Writer,
	columns: readonly Column[],
	header: ReturnType<typeof richRuns>[],
	rows: Array<ReturnType<typeof richRuns>[]>,
	size: number,
	padding: number,
	verticalPadding: number,
): void {
	const lineHeight = lineHeightOf(size);
	const wrap = (cells: ReturnType<typeof richRuns>[]) =>
		cells.map((runs, index) => wrapRich(runs, size, columns[index].width - 2 * padding));
	const headerLines = wrap(header);
	const flow = writer.flow;

	/** Draws lines [from, from + count) of each cell as one row box at the cursor. */
	const drawRow = (cells: RichLine[][], from: number, count: number, isHeader: boolean) => {
		const top = flow.y;
		const height = count * lineHeight + 2 * verticalPadding;
		const operations: DrawOperation[] = [];
		const left = columns[0].x;
		const right = columns[columns.length - 1].x + columns[columns.length - 1].width;
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

	const headerLineCount = Math.max(...headerLines.map((lines) => lines.length));
	const placeHeader = () => drawRow(headerLines, 0, headerLineCount, true);
	const fittingLines = () => Math.floor((flow.room() - 2 * verticalPadding) / lineHeight + 1e-9);
	// The header and the first line of the first row stay together.
	if (fittingLines() < headerLineCount + 1 && !flow.isFrameEmpty) flow.newFrame();
	placeHeader();
	let onlyHeader = true;
	for (const row of rows) {
		const cells = wrap(row);
		const total = Math.max(...cells.map((lines) => lines.length));
		let from = 0;
		while (from < total) {
			// A row goes whole onto the next page when it does not fit here; one taller than a page is split.
			if (fittingLines() < total - from && !onlyHeader) {
				flow.newFrame();
				placeHeader();
				onlyHeader = true;
			}
			const count = Math.max(1, Math.min(total - from, fittingLines()));
			drawRow(cells, from, count, false);
			onlyHeader = false;
			from += count;
		}
	}
}
