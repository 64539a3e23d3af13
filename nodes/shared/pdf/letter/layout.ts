/**
 * Lays ruled text out as pages of positioned lines: greedy word wrap on measured AFM widths, a page
 * break at every form feed and whenever the text area is full. Positions are PDF points from the
 * bottom-left corner; y is the baseline.
 */

import type { DrawOperation } from './content';
import type { Face, FontName } from './fontWidths';
import { textWidthUnits } from './fontWidths';
import { breakPieces, cutIntoLines, joinUnbreakableSpaces } from './lineBreak';
import { whitespaceUnits } from './tabStops';
import type { TextDirection } from '../text/bidi';
import type { LinePlacement } from './visualLine';
import { isRightToLeft, lineDrawing, needsVisualLayout } from './visualLine';

export type PageSize = 'letter' | 'a4';

export const PAGE_SIZES: Readonly<Record<PageSize, { width: number; height: number }>> = {
	letter: { width: 612, height: 792 },
	a4: { width: 595.28, height: 841.89 },
};

/** One inch on every side: fax machines crop edges, and the footer lives in the bottom margin. */
export const MARGIN = 72;
export const LINE_HEIGHT_FACTOR = 1.35;
export const BODY_FONT: FontName = 'Helvetica';

export interface TextArea {
	pageWidth: number;
	pageHeight: number;
	left: number;
	right: number;
	top: number;
	bottom: number;
	width: number;
}

export function textArea(pageSize: PageSize): TextArea {
	const { width, height } = PAGE_SIZES[pageSize];
	return {
		pageWidth: width,
		pageHeight: height,
		left: MARGIN,
		right: width - MARGIN,
		top: height - MARGIN,
		bottom: MARGIN,
		width: width - 2 * MARGIN,
	};
}

/** A wrapped line and its paragraph's direction (a right-to-left paragraph's lines align right). */
export interface WrappedLine {
	text: string;
	rightToLeft: boolean;
}

export interface PlacedLine extends WrappedLine {
	/** The column's left edge. */
	x: number;
	y: number;
	width: number;
}

/** Whether a width in 1/1000 em fits a width in points; whole-number units keep the comparison exact. */
function fits(units: number, size: number, maxWidth: number): boolean {
	return units * size <= maxWidth * 1000;
}

export { wordPieces } from './lineBreak';

/**
 * Wraps one paragraph (a line of the text, no LF) greedily. Breaks at runs of U+0020 and tabs (a tab
 * reaches the next measured stop, see tabStops; a no-break space holds words together), after a hyphen or slash inside a word (see wordPieces; the hyphen or
 * slash stays at the end of the first line) and between CJK characters, never where UAX #14 forbids
 * it, spaces included (lineBreak.ts); the spaces at a break are dropped, the indentation a
 * paragraph starts with is kept. A piece that does not fit on the current line starts a new one; a
 * piece wider than a whole line (a URL, an ID) is cut where the line is full, or a little before
 * when closing punctuation would start the next line (cutIntoLines). An
 * empty paragraph is one empty line: blank lines are paragraph breaks and stay.
 */
export function wrapParagraph(
	paragraph: string,
	font: Face,
	size: number,
	maxWidth: number,
): string[] {
	if (paragraph === '') return [''];
	const lines: string[] = [];
	let line = '';
	let lineUnits = 0;
	let spaces = '';
	const place = (piece: string) => {
		const spaceUnits = whitespaceUnits(font, size, spaces, lineUnits);
		const pieceUnits = textWidthUnits(font, piece);
		if (fits(lineUnits + spaceUnits + pieceUnits, size, maxWidth)) {
			line += spaces + piece;
			lineUnits += spaceUnits + pieceUnits;
			spaces = '';
			return;
		}
		if (line !== '') {
			lines.push(line);
			line = '';
			lineUnits = 0;
			if (fits(pieceUnits, size, maxWidth)) {
				line = piece;
				lineUnits = pieceUnits;
				spaces = '';
				return;
			}
		} else if (fits(spaceUnits, size, maxWidth)) {
			// Start of the paragraph: keep its indentation, break the piece after it.
			line = spaces;
			lineUnits = spaceUnits;
		}
		spaces = '';
		// Cut where the line is full, but never before closing punctuation or after an opening bracket.
		const characters = [...piece];
		const widths = characters.map((character) => textWidthUnits(font, character));
		const startUnits = lineUnits;
		const cuts = cutIntoLines(
			characters,
			(index) => widths[index],
			(units, first) => fits((first ? startUnits : 0) + units, size, maxWidth),
			line !== '',
		);
		[0, ...cuts].forEach((from, part) => {
			const to = part < cuts.length ? cuts[part] : characters.length;
			if (part > 0) {
				lines.push(line);
				line = '';
				lineUnits = 0;
			}
			line += characters.slice(from, to).join('');
			lineUnits += widths.slice(from, to).reduce((sum, units) => sum + units, 0);
		});
	};
	const tokens = joinUnbreakableSpaces(
		paragraph.match(/[ \t]+|[^ \t]+/g) ?? [],
		(token) => token,
		(parts) => parts.join(''),
	);
	for (const token of tokens) {
		if (token.startsWith(' ') || token.startsWith('\t')) spaces += token;
		else breakPieces(token).forEach(place);
	}
	lines.push(line);
	return lines;
}

export function lineHeight(size: number): number {
	return size * LINE_HEIGHT_FACTOR;
}

/** The first baseline sits one font size below the top margin, so capitals start at the margin. */
function firstBaseline(area: TextArea, size: number): number {
	return area.top - size;
}

/** How many lines fit from a baseline down to the bottom margin (the last baseline may sit on it). */
export function linesFitting(fromBaseline: number, bottom: number, size: number): number {
	if (fromBaseline < bottom) return 0;
	// The small tolerance keeps a baseline that lands on the margin up to rounding.
	return Math.floor((fromBaseline - bottom) / lineHeight(size) + 1e-9) + 1;
}

/**
 * Puts wrapped lines onto full pages. A blank line that would open a page (the paragraph break fell
 * on the page break) is left out; no lines at all still make one (empty) page. A page the lines
 * overflowed onto that ends up holding no text (the section's closing line breaks filled the last row)
 * is dropped: it would be a blank page before the next form feed.
 */
export function paginate(
	lines: readonly WrappedLine[],
	area: TextArea,
	size: number,
): PlacedLine[][] {
	const top = firstBaseline(area, size);
	const perPage = linesFitting(top, area.bottom, size);
	const pages: PlacedLine[][] = [];
	let page: PlacedLine[] = [];
	let row = 0;
	for (const line of lines) {
		if (row === perPage) {
			pages.push(page);
			page = [];
			row = 0;
			if (line.text === '') continue;
		}
		if (line.text !== '')
			page.push({
				...line,
				x: area.left,
				width: area.width,
				y: top - row * lineHeight(size),
			});
		row += 1;
	}
	if (page.length > 0 || pages.length === 0) pages.push(page);
	return pages;
}

/** Wraps every paragraph of a ruled text (LF-separated, no form feeds); each line knows its paragraph's direction. */
export function wrapText(
	ruledText: string,
	font: Face,
	size: number,
	maxWidth: number,
	direction: TextDirection = 'auto',
): WrappedLine[] {
	return ruledText.split('\n').flatMap((paragraph) => {
		const rightToLeft = isRightToLeft(paragraph, direction);
		return wrapParagraph(paragraph, font, size, maxWidth).map((text) => ({ text, rightToLeft }));
	});
}

/**
 * The letter body as pages of lines. Every form feed starts a new page; whitespace at the very end
 * (a closing form feed, trailing blank lines) adds no empty page.
 */
export function layoutBody(
	ruledText: string,
	area: TextArea,
	size: number,
	face: Face = BODY_FONT,
	direction: TextDirection = 'auto',
): PlacedLine[][] {
	return ruledText
		.trimEnd()
		.split('\f')
		.flatMap((section) =>
			paginate(wrapText(section, face, size, area.width, direction), area, size),
		);
}

/**
 * A line of text in one face on a baseline, aligned in its column ('start': right for a right-to-left
 * paragraph). Text that needs no bidi or shaping is one text operation at the column's left edge, as
 * letters have always been drawn.
 */
export function textLine(
	text: string,
	face: Face,
	size: number,
	y: number,
	placement: LinePlacement,
): DrawOperation[] {
	if (!placement.rightToLeft && !needsVisualLayout(text))
		return [{ kind: 'text', font: face, size, x: placement.column.x, y, text }];
	return lineDrawing([{ text, font: face }], size, y, placement);
}

/** Placed lines of body text as drawing operations. */
export function linesToOperations(
	lines: readonly PlacedLine[],
	size: number,
	face: Face = BODY_FONT,
): DrawOperation[] {
	return lines.flatMap((line) =>
		textLine(line.text, face, size, line.y, {
			column: { x: line.x, width: line.width },
			rightToLeft: line.rightToLeft,
		}),
	);
}
