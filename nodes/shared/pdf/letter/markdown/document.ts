/**
 * Markdown blocks into the page flow: headings in three sizes (bold, kept with the next line),
 * paragraphs, lists with hanging indents nested by level, block quotes with a bar, code in Courier,
 * horizontal rules, tables (table.ts), page breaks. A list, quote or table whose text starts right
 * to left (its first strong character, unless the letter's direction is set) is mirrored: markers,
 * indents and bars on the right, the first column on the right; its items and cells read in its
 * direction.
 */

import type { DrawOperation } from '../content';
import type { LetterFaces } from '../faces';
import { STANDARD_FACES, codeFace, fixedTextFace } from '../faces';
import type { Face } from '../fontWidths';
import { textWidth, textWidthUnits } from '../fontWidths';
import type { Block } from './blocks';
import { blockText, parseBlocks } from './blocks';
import type { Frame } from './flow';
import { Flow } from './flow';
import { parseInline } from './inline';
import { wrapRich } from './richText';
import { layoutTable } from './table';
import { Writer, lineHeightOf, richRuns } from './writer';
import { textLine } from '../layout';
import type { TextDirection } from '../../text/bidi';
import { isRightToLeft } from '../visualLine';

/** Heading sizes by level (1, 2, 3 and deeper) as multiples of the body size. */
export const HEADING_SCALE: readonly number[] = [1.5, 1.3, 1.15];
const CODE_SCALE = 0.9;
const QUOTE_INDENT = 14;
const BULLETS = ['\u2022', '\u2013'];
/** Deep nesting indents no further once a column would be narrower than this many font sizes. */
const NARROWEST_COLUMN = 12;

interface Column {
	x: number;
	width: number;
}

class DocumentLayout {
	private readonly writer: Writer;

	constructor(
		private readonly flow: Flow,
		private readonly size: number,
		private readonly faces: LetterFaces,
		private direction: TextDirection,
	) {
		this.writer = new Writer(flow, faces);
	}

	/** Whether a block reads right to left: its text's first strong character, or the letter's direction. */
	private mirrored(block: Block): boolean {
		return isRightToLeft(blockText(block), this.direction);
	}

	/**
	 * Lays a list's or quote's content out in the block's direction: its paragraphs inherit it, as
	 * HTML's do from a list or quote whose dir is auto, so an item that opens with a Latin word stays
	 * on the side its marker is.
	 */
	private inDirection(rightToLeft: boolean, layout: () => void): void {
		const outer = this.direction;
		this.direction = rightToLeft ? 'rtl' : 'ltr';
		try {
			layout();
		} finally {
			this.direction = outer;
		}
	}

	/**
	 * Where a quote's content starts: `indent` in from the column, but never so far that it is narrower
	 * than NARROWEST_COLUMN font sizes (columns share the right edge: deep nesting stops moving).
	 */
	private nestedX(column: Column, indent: number): number {
		const right = column.x + column.width;
		return Math.max(column.x, Math.min(column.x + indent, right - NARROWEST_COLUMN * this.size));
	}

	private get paragraphGap(): number {
		return lineHeightOf(this.size) * 0.5;
	}

	blocks(blocks: readonly Block[], column: Column, tight = false): void {
		blocks.forEach((block, index) => {
			if (index > 0 && !tight) this.flow.gap(this.paragraphGap);
			this.block(block, column, blocks[index + 1]);
		});
	}

	private block(block: Block, column: Column, next: Block | undefined): void {
		const size = this.size;
		switch (block.kind) {
			case 'paragraph':
				for (const line of wrapRich(
					richRuns(parseInline(block.text), false, this.faces),
					size,
					column.width,
					{ direction: this.direction },
				))
					this.writer.line(line, column, size);
				return;
			case 'heading': {
				const headingSize = size * HEADING_SCALE[Math.min(block.level, HEADING_SCALE.length) - 1];
				const lines = wrapRich(
					richRuns(parseInline(block.text), true, this.faces),
					headingSize,
					column.width,
					{ direction: this.direction },
				);
				this.flow.gap(lineHeightOf(size) * 0.4);
				// Kept with the next line: a heading never ends a page.
				const needed =
					lines.length * lineHeightOf(headingSize) +
					(next === undefined ? 0 : this.paragraphGap + lineHeightOf(size));
				if (this.flow.room() < needed && !this.flow.isFrameEmpty) this.flow.newFrame();
				for (const line of lines) this.writer.line(line, column, headingSize);
				return;
			}
			case 'list':
				this.list(block, column);
				return;
			case 'quote': {
				const x = this.nestedX(column, QUOTE_INDENT);
				const indent = x - column.x;
				const right = column.x + column.width;
				// Right to left: the bar and the indent on the right, mirrored.
				const mirrored = this.mirrored(block);
				this.flow.pushBar({
					x: mirrored ? right - indent + QUOTE_INDENT - 2 : x - QUOTE_INDENT + 2,
				});
				this.inDirection(mirrored, () =>
					this.blocks(
						block.children,
						mirrored ? { x: column.x, width: column.width - indent } : { x, width: right - x },
					),
				);
				this.flow.popBar();
				return;
			}
			case 'code':
				this.code(block.lines, column);
				return;
			case 'rule': {
				const height = lineHeightOf(size) * 0.6;
				this.flow.line(height, height / 2, (y) => [
					{
						kind: 'rule',
						x1: column.x,
						y1: y,
						x2: column.x + column.width,
						y2: y,
						lineWidth: 0.75,
					},
				]);
				return;
			}
			case 'table':
				layoutTable(this.writer, block, column, size, this.mirrored(block) ? 'rtl' : 'ltr');
				return;
			case 'pageBreak':
				if (!this.flow.isFrameEmpty) this.flow.newFrame();
				return;
		}
	}

	private depth = 0;

	private list(block: Extract<Block, { kind: 'list' }>, column: Column): void {
		const size = this.size;
		const markers = block.items.map((_, index) =>
			block.ordered ? `${block.start + index}.` : BULLETS[this.depth % BULLETS.length],
		);
		const markerFace = (marker: string) => fixedTextFace(this.faces, 'regular', marker);
		const markerWidth = Math.max(
			...markers.map((marker) => textWidth(markerFace(marker), marker, size)),
		);
		const indent = markerWidth + size * 0.6;
		// The markers' column: the list's own, or (deep nesting) as far right as leaves its text room.
		const right = column.x + column.width;
		const x = Math.min(column.x, right - NARROWEST_COLUMN * size - indent);
		// Right to left: the markers' column mirrored onto the right, the text indented from it.
		const mirrored = this.mirrored(block);
		const markersRight = column.x + right - x;
		this.depth += 1;
		block.items.forEach((item, index) => {
			if (index > 0 && !block.tight) this.flow.gap(this.paragraphGap);
			const marker = markers[index];
			// Numbers right-aligned in their column, bullets at its start (mirrored: both at its right).
			const face = markerFace(marker);
			const markerColumn = mirrored
				? { x: markersRight - markerWidth, width: markerWidth }
				: { x, width: markerWidth };
			const markerX = block.ordered ? x + markerWidth - textWidth(face, marker, size) : x;
			this.writer.setMarker((baseline) =>
				mirrored
					? textLine(marker, face, size, baseline, { column: markerColumn, rightToLeft: true })
					: [{ kind: 'text', font: face, size, x: markerX, y: baseline, text: marker }],
			);
			const content = mirrored
				? { x: column.x, width: markersRight - indent - column.x }
				: { x: x + indent, width: right - x - indent };
			if (item.length === 0) this.writer.line({ segments: [], width: 0 }, content, size);
			else this.inDirection(mirrored, () => this.blocks(item, content, block.tight));
		});
		this.depth -= 1;
	}

	private code(lines: readonly string[], column: Column): void {
		const size = this.size * CODE_SCALE;
		const x = column.x + size;
		const perLine = Math.max(
			1,
			Math.floor((column.width - size) / textWidth('Courier', 'M', size)),
		);
		const height = size * 1.3;
		for (const source of lines.length === 0 ? [''] : lines) {
			// Tabs to the next multiple of four columns; long lines broken at the column's width.
			let text = '';
			for (const character of source)
				text += character === '\t' ? ' '.repeat(4 - (text.length % 4)) : character;
			const face = codeFace(text, this.faces);
			const chunks =
				face === 'Courier'
					? courierChunks(text, perLine)
					: measuredChunks(text, face, size, column.width - size);
			for (const chunk of chunks)
				this.writer.line(
					{ segments: [{ text: chunk, font: face, x: 0 }], width: 0 },
					{ x, width: column.width },
					size,
					{ height },
				);
		}
	}
}

/** A code line in Courier as pieces of `perLine` characters (an empty line is one empty piece). */
function courierChunks(text: string, perLine: number): string[] {
	const characters = [...text];
	const chunks: string[] = [];
	for (let start = 0; start < characters.length || start === 0; start += perLine)
		chunks.push(characters.slice(start, start + perLine).join(''));
	return chunks;
}

/** A code line in a proportional (embedded) face as pieces no wider than `width` points. */
function measuredChunks(text: string, face: Face, size: number, width: number): string[] {
	const chunks: string[] = [''];
	let units = 0;
	for (const character of text) {
		const characterUnits = textWidthUnits(face, character);
		if (chunks[chunks.length - 1] !== '' && (units + characterUnits) * size > width * 1000) {
			chunks.push('');
			units = 0;
		}
		chunks[chunks.length - 1] += character;
		units += characterUnits;
	}
	return chunks;
}

/**
 * A Markdown letter (after the character rule) as pages of drawings: the first page in `frames(0)`,
 * the next ones in `frames(1)`, …; at least one page.
 */
export function layoutMarkdown(
	text: string,
	frames: (index: number) => Frame,
	column: Column,
	size: number,
	faces: LetterFaces = STANDARD_FACES,
	direction: TextDirection = 'auto',
): DrawOperation[][] {
	const flow = new Flow(frames);
	new DocumentLayout(flow, size, faces, direction).blocks(parseBlocks(text), column);
	return flow.finish();
}
