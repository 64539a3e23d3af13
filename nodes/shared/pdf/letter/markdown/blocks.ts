/**
 * Markdown text -> blocks, by CommonMark's block rules (with GitHub's tables): ATX and setext headings,
 * paragraphs, bullet and numbered lists nested by indentation, block quotes, fenced and indented code,
 * thematic breaks, tables. A form feed is a page break, as in a plain letter. What CommonMark does not
 * make a block (`#5 Main St`, `-5 mg`, raw HTML) stays paragraph text.
 */

/** A table column's alignment; 'start' (no colon) is the left, or the right in a right-to-left cell. */
export type Alignment = 'start' | 'left' | 'center' | 'right';

export type Block =
	| { kind: 'heading'; level: number; text: string }
	| { kind: 'paragraph'; text: string }
	| { kind: 'list'; ordered: boolean; start: number; tight: boolean; items: Block[][] }
	| { kind: 'quote'; children: Block[] }
	| { kind: 'code'; lines: string[] }
	| { kind: 'rule' }
	| { kind: 'table'; alignments: Alignment[]; header: string[]; rows: string[][] }
	| { kind: 'pageBreak' };

/** A block's text in reading order (its paragraphs, headings and cells): what decides its direction. */
export function blockText(block: Block): string {
	switch (block.kind) {
		case 'heading':
		case 'paragraph':
			return block.text;
		case 'list':
			return block.items.map((item) => item.map(blockText).join('\n')).join('\n');
		case 'quote':
			return block.children.map(blockText).join('\n');
		case 'table':
			return [block.header, ...block.rows].map((row) => row.join(' ')).join('\n');
		default:
			return '';
	}
}

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( {0,3})([-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/** Leading tabs as spaces to the next multiple of four (CommonMark's tab stops for block structure). */
function expandIndentation(line: string): string {
	let column = 0;
	let index = 0;
	let spaces = '';
	for (; index < line.length; index += 1) {
		if (line[index] === ' ') {
			spaces += ' ';
			column += 1;
		} else if (line[index] === '\t') {
			const width = 4 - (column % 4);
			spaces += ' '.repeat(width);
			column += width;
		} else break;
	}
	return spaces + line.slice(index);
}

const indentation = (line: string) => line.length - line.trimStart().length;
const isBlank = (line: string) => line.trim() === '';

/** Whether a table's delimiter row has a pipe or several cells (a lone `---` is a setext underline or a rule). */
function isTableStart(lines: readonly string[], at: number): boolean {
	const header = lines[at];
	const delimiter = lines[at + 1];
	if (delimiter === undefined || !header.includes('|') || !TABLE_DELIMITER.test(delimiter))
		return false;
	return delimiter.includes('|') && indentation(header) < 4;
}

/** Splits a table row at pipes that are not escaped or inside a code span; the outer pipes are optional. */
export function tableCells(row: string): string[] {
	let text = row.trim();
	if (text.startsWith('|')) text = text.slice(1);
	if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
	const cells: string[] = [];
	let cell = '';
	let codeFence = 0;
	for (let index = 0; index < text.length; index += 1) {
		const character = text[index];
		if (character === '\\' && text[index + 1] === '|') {
			// GitHub: `\|` is a pipe inside a cell, in code spans too.
			cell += '|';
			index += 1;
			continue;
		}
		if (character === '`') {
			let run = 0;
			while (text[index + run] === '`') run += 1;
			codeFence = codeFence === 0 ? run : codeFence === run ? 0 : codeFence;
			cell += '`'.repeat(run);
			index += run - 1;
			continue;
		}
		if (character === '|' && codeFence === 0) {
			cells.push(cell.trim());
			cell = '';
			continue;
		}
		cell += character;
	}
	cells.push(cell.trim());
	return cells;
}

function alignmentOf(cell: string): Alignment {
	const left = cell.startsWith(':');
	const right = cell.endsWith(':');
	if (left && right) return 'center';
	return right ? 'right' : left ? 'left' : 'start';
}

/** A list item's marker on a line: its kind, number, and the column its content starts at. */
function listMarker(
	line: string,
):
	| { bullet: string; ordered: boolean; start: number; contentColumn: number; empty: boolean }
	| undefined {
	if (THEMATIC_BREAK.test(line)) return undefined;
	const match = LIST_ITEM.exec(line);
	if (match === null) return undefined;
	const markerEnd = match[0].length;
	const rest = line.slice(markerEnd);
	const spaces = rest.length - rest.trimStart().length;
	const empty = rest.trim() === '';
	// Five or more spaces after the marker: the content is indented code, one space belongs to the marker.
	const contentColumn = empty || spaces > 4 ? markerEnd + 1 : markerEnd + spaces;
	const ordered = /\d/.test(match[2]);
	return {
		bullet: ordered ? match[2].slice(-1) : match[2],
		ordered,
		start: ordered ? Number(match[2].slice(0, -1)) : 1,
		contentColumn,
		empty,
	};
}

/** Whether a line starts a block that ends a paragraph (a list only when CommonMark lets it interrupt one). */
function interruptsParagraph(lines: readonly string[], at: number): boolean {
	const line = lines[at];
	if (ATX_HEADING.test(line) || THEMATIC_BREAK.test(line) || FENCE.test(line) || QUOTE.test(line))
		return true;
	if (isTableStart(lines, at)) return true;
	const marker = listMarker(line);
	return marker !== undefined && !marker.empty && (!marker.ordered || marker.start === 1);
}

/** Parses lines (no form feeds) into blocks. */
function parseLines(input: readonly string[]): Block[] {
	const lines = input.map(expandIndentation);
	const blocks: Block[] = [];
	let index = 0;
	while (index < lines.length) {
		const line = lines[index];
		if (isBlank(line)) {
			index += 1;
			continue;
		}
		if (indentation(line) >= 4) {
			const code: string[] = [];
			while (index < lines.length && (isBlank(lines[index]) || indentation(lines[index]) >= 4)) {
				code.push(lines[index].slice(Math.min(4, indentation(lines[index]))));
				index += 1;
			}
			while (code.length > 0 && isBlank(code[code.length - 1])) code.pop();
			blocks.push({ kind: 'code', lines: code });
			continue;
		}
		const fence = FENCE.exec(line);
		if (fence !== null && !(fence[2][0] === '`' && fence[3].includes('`'))) {
			const [, indent, marks] = fence;
			const code: string[] = [];
			index += 1;
			while (index < lines.length) {
				const closing = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(lines[index]);
				if (closing !== null && closing[1][0] === marks[0] && closing[1].length >= marks.length) {
					index += 1;
					break;
				}
				const text = lines[index];
				code.push(text.slice(Math.min(indent.length, indentation(text))));
				index += 1;
			}
			blocks.push({ kind: 'code', lines: code });
			continue;
		}
		const heading = ATX_HEADING.exec(line);
		if (heading !== null) {
			blocks.push({ kind: 'heading', level: heading[1].length, text: (heading[2] ?? '').trim() });
			index += 1;
			continue;
		}
		if (THEMATIC_BREAK.test(line)) {
			blocks.push({ kind: 'rule' });
			index += 1;
			continue;
		}
		if (QUOTE.test(line)) {
			const quoted: string[] = [];
			while (index < lines.length) {
				const current = lines[index];
				if (QUOTE.test(current)) quoted.push(current.replace(QUOTE, ''));
				else if (
					// A lazy continuation: paragraph text right after quoted paragraph text.
					!isBlank(current) &&
					quoted.length > 0 &&
					!isBlank(quoted[quoted.length - 1]) &&
					!interruptsParagraph(lines, index)
				)
					quoted.push(current);
				else break;
				index += 1;
			}
			blocks.push({ kind: 'quote', children: parseLines(quoted) });
			continue;
		}
		if (isTableStart(lines, index)) {
			const header = tableCells(line);
			const alignments = tableCells(lines[index + 1]).map(alignmentOf);
			const rows: string[][] = [];
			index += 2;
			while (
				index < lines.length &&
				!isBlank(lines[index]) &&
				!(interruptsParagraph(lines, index) && !lines[index].includes('|'))
			) {
				rows.push(tableCells(lines[index]));
				index += 1;
			}
			// A row with more cells than the header widens the table rather than losing them.
			const columns = Math.max(header.length, alignments.length, ...rows.map((row) => row.length));
			const fill = (cells: string[]) => [
				...cells,
				...Array<string>(columns - cells.length).fill(''),
			];
			blocks.push({
				kind: 'table',
				alignments: Array.from({ length: columns }, (_, column) => alignments[column] ?? 'start'),
				header: fill(header),
				rows: rows.map(fill),
			});
			continue;
		}
		const marker = listMarker(line);
		if (marker !== undefined) {
			index = parseList(lines, index, blocks);
			continue;
		}
		// A paragraph, up to a blank line, a block that interrupts it, or a setext underline.
		const paragraph: string[] = [line.trimStart()];
		index += 1;
		let level = 0;
		while (index < lines.length && !isBlank(lines[index])) {
			const underline = SETEXT_UNDERLINE.exec(lines[index]);
			if (underline !== null) {
				level = underline[1][0] === '=' ? 1 : 2;
				index += 1;
				break;
			}
			if (interruptsParagraph(lines, index)) break;
			paragraph.push(lines[index].trimStart());
			index += 1;
		}
		// Trailing spaces of the last line are no hard break.
		const text = paragraph.join('\n').replace(/[ \t]+$/, '');
		blocks.push(level > 0 ? { kind: 'heading', level, text } : { kind: 'paragraph', text });
	}
	return blocks;
}

/** A list starting at `start`: its items (each parsed as blocks), pushed to `blocks`; returns the next line. */
function parseList(lines: readonly string[], start: number, blocks: Block[]): number {
	const first = listMarker(lines[start])!;
	const items: Block[][] = [];
	let tight = true;
	let index = start;
	for (;;) {
		const marker = listMarker(lines[index]);
		if (marker === undefined || marker.ordered !== first.ordered || marker.bullet !== first.bullet)
			break;
		const column = marker.contentColumn;
		const itemLines = [lines[index].slice(column)];
		index += 1;
		let blankBefore = false;
		while (index < lines.length) {
			const current = lines[index];
			if (isBlank(current)) {
				itemLines.push('');
				blankBefore = true;
				index += 1;
				continue;
			}
			if (indentation(current) >= column) {
				if (blankBefore && itemLines.some((text) => !isBlank(text))) tight = false;
				itemLines.push(current.slice(column));
				blankBefore = false;
				index += 1;
				continue;
			}
			// A lazy continuation of the item's paragraph.
			if (
				!blankBefore &&
				!isBlank(itemLines[itemLines.length - 1]) &&
				!interruptsParagraph(lines, index) &&
				listMarker(current) === undefined
			) {
				itemLines.push(current.trim());
				index += 1;
				continue;
			}
			break;
		}
		// Blank lines that end the item separate it from the next one: the list is loose.
		let trailingBlanks = 0;
		while (itemLines.length > 1 && isBlank(itemLines[itemLines.length - 1])) {
			itemLines.pop();
			trailingBlanks += 1;
		}
		items.push(parseLines(itemLines));
		if (index >= lines.length || listMarker(lines[index]) === undefined) break;
		if (trailingBlanks > 0) tight = false;
	}
	blocks.push({ kind: 'list', ordered: first.ordered, start: first.start, tight, items });
	return index;
}

/** Markdown text (through the character rule: LF line breaks, form feeds) as blocks; a form feed is a page break. */
export function parseBlocks(text: string): Block[] {
	return text
		.split('\f')
		.flatMap((section, index) => [
			...(index > 0 ? [{ kind: 'pageBreak' } as const] : []),
			...parseLines(section.split('\n')),
		]);
}
