'use strict';
/**
 * The same Markdown letter drawn with pdfkit (0.20, the dev dependency), as a Code node with a PDF
 * library would: the package's own parser reads the Markdown (timed too), pdfkit lays out and writes
 * it in the same standard fonts and sizes: headings 1.5/1.3/1.15 times the body size, bold and italic
 * runs, Courier code, bullet and numbered lists with hanging indents, quotes with a bar, rules, and
 * tables with the package's column widths, a ruled grid and the header repeated on a new page;
 * "Page x of y" at the foot of every page. pdfkit compresses its content streams (its default).
 */

const path = require('path');
const { letterDocument, MARGIN } = require('./pdfkit-document');

const LINE_GAP_FACTOR = 0.35;
const HEADING_SCALE = [1.5, 1.3, 1.15];

function fontOf(style, bold = false) {
	if (style.code) return 'Courier';
	const isBold = style.bold || bold;
	if (isBold && style.italic) return 'Helvetica-BoldOblique';
	if (isBold) return 'Helvetica-Bold';
	return style.italic ? 'Helvetica-Oblique' : 'Helvetica';
}

/** The package's parser, from the built dist/ next to `pdfModule` (dist/nodes/shared/pdf/index.js). */
function markdownParser(pdfModule) {
	const letterDir = path.join(path.dirname(pdfModule), 'letter', 'markdown');
	return {
		parseBlocks: require(path.join(letterDir, 'blocks.js')).parseBlocks,
		parseInline: require(path.join(letterDir, 'inline.js')).parseInline,
		columnWidths: require(path.join(letterDir, 'tableColumns.js')).columnWidths,
	};
}

/** Renders `markdown` with pdfkit; resolves { pdf, pages }. */
function renderWithPdfkit(markdown, pdfModule, size = 11) {
	const { parseBlocks, parseInline, columnWidths } = markdownParser(pdfModule);
	const { doc, finish } = letterDocument();
	const bottom = () => doc.page.height - MARGIN;

	/** Styled runs as one wrapped paragraph at x, width (pdfkit's `continued` text). */
	const runsText = (runs, x, width, runSize, bold = false) => {
		// One chain of `continued` text per line: a line break ends the chain.
		const lines = [[]];
		for (const run of runs) {
			if ('lineBreak' in run) lines.push([]);
			else lines[lines.length - 1].push({ text: run.text, font: fontOf(run.style, bold) });
		}
		for (const pieces of lines) {
			if (pieces.length === 0) pieces.push({ text: ' ', font: fontOf({}, bold) });
			pieces.forEach((piece, index) => {
				doc.font(piece.font).fontSize(runSize);
				const options = {
					width,
					lineGap: runSize * LINE_GAP_FACTOR,
					continued: index < pieces.length - 1,
				};
				if (index === 0) doc.text(piece.text, x, doc.y, options);
				else doc.text(piece.text, options);
			});
		}
	};

	const blocks = (list, x, width, depth) => {
		list.forEach((block, index) => {
			if (index > 0) doc.moveDown(0.5);
			drawBlock(block, x, width, depth);
		});
	};

	const drawBlock = (block, x, width, depth) => {
		switch (block.kind) {
			case 'paragraph':
				runsText(parseInline(block.text), x, width, size);
				return;
			case 'heading': {
				const headingSize = size * HEADING_SCALE[Math.min(block.level, 3) - 1];
				// Kept with the next line.
				if (doc.y + headingSize * 1.35 + size * 2.5 > bottom()) doc.addPage();
				runsText(parseInline(block.text), x, width, headingSize, true);
				return;
			}
			case 'list': {
				const markers = block.items.map((_, i) =>
					block.ordered ? `${block.start + i}.` : depth % 2 === 0 ? '\u2022' : '\u2013',
				);
				doc.font('Helvetica').fontSize(size);
				const markerWidth = Math.max(...markers.map((marker) => doc.widthOfString(marker)));
				const indent = markerWidth + size * 0.6;
				block.items.forEach((item, i) => {
					if (doc.y + size * 1.35 > bottom()) doc.addPage();
					const y = doc.y;
					doc.font('Helvetica').fontSize(size).text(markers[i], x, y, { lineBreak: false });
					doc.y = y;
					blocks(item, x + indent, width - indent, depth + 1);
				});
				return;
			}
			case 'quote': {
				const top = doc.y;
				const page = doc.bufferedPageRange().count;
				blocks(block.children, x + 14, width - 14, depth);
				if (doc.bufferedPageRange().count === page)
					doc
						.moveTo(x + 2, top)
						.lineTo(x + 2, doc.y)
						.lineWidth(1.5)
						.stroke();
				return;
			}
			case 'code':
				doc.font('Courier').fontSize(size * 0.9);
				for (const line of block.lines)
					doc.text(line || ' ', x + size, doc.y, { width: width - size });
				return;
			case 'rule': {
				const y = doc.y + size * 0.3;
				doc
					.moveTo(x, y)
					.lineTo(x + width, y)
					.lineWidth(0.75)
					.stroke();
				doc.y = y + size * 0.3;
				return;
			}
			case 'table':
				drawTable(block, x, width);
				return;
			case 'pageBreak':
				doc.addPage();
				return;
		}
	};

	const drawTable = (table, x, width) => {
		const padding = size * 0.4;
		const cellText = (cell) =>
			parseInline(cell)
				.map((run) => ('lineBreak' in run ? '\n' : run.text))
				.join('');
		const header = table.header.map(cellText);
		const rows = table.rows.map((row) => row.map(cellText));
		const measure = (font, text) => doc.font(font).fontSize(size).widthOfString(text);
		const natural = header.map(
			(cell, column) =>
				Math.max(
					measure('Helvetica-Bold', cell),
					...rows.map((row) => measure('Helvetica', row[column])),
				) +
				2 * padding,
		);
		const minimum = header.map(
			(cell, column) =>
				Math.max(
					...[cell, ...rows.map((row) => row[column])].flatMap((text) =>
						text.split(/\s+/).map((word) => measure('Helvetica', word)),
					),
				) +
				2 * padding,
		);
		// Our column rule (tableColumns.ts): one set of widths, each column at least its longest word.
		for (const widths of [columnWidths(natural, minimum, width)]) {
			const drawRow = (cells, font) => {
				doc.font(font).fontSize(size);
				const height =
					Math.max(
						...cells.map((cell, i) =>
							doc.heightOfString(cell, {
								width: widths[i] - 2 * padding,
								lineGap: size * LINE_GAP_FACTOR,
							}),
						),
					) +
					2 * padding * 0.6;
				return height;
			};
			const place = (cells, font, isHeader) => {
				const height = drawRow(cells, font);
				if (doc.y + height > bottom()) {
					doc.addPage();
					if (!isHeader) place(header.slice(0, widths.length), 'Helvetica-Bold', true);
				}
				const top = doc.y;
				let left = x;
				cells.forEach((cell, i) => {
					doc
						.font(font)
						.fontSize(size)
						.text(cell, left + padding, top + padding * 0.6, {
							width: widths[i] - 2 * padding,
							lineGap: size * LINE_GAP_FACTOR,
							align: table.alignments[i] === 'center' ? 'center' : table.alignments[i],
						});
					left += widths[i];
				});
				doc.lineWidth(isHeader ? 1 : 0.5);
				doc.rect(x, top, left - x, height).stroke();
				let rule = x;
				for (const w of widths.slice(0, -1)) {
					rule += w;
					doc
						.moveTo(rule, top)
						.lineTo(rule, top + height)
						.lineWidth(0.5)
						.stroke();
				}
				doc.y = top + height;
			};
			place(header.slice(0, widths.length), 'Helvetica-Bold', true);
			for (const row of rows) place(row.slice(0, widths.length), 'Helvetica', false);
			header.splice(0, widths.length);
			rows.forEach((row) => row.splice(0, widths.length));
		}
		doc.x = x;
	};

	blocks(parseBlocks(markdown), MARGIN, doc.page.width - 2 * MARGIN, 0);
	return finish('Helvetica');
}

module.exports = { renderWithPdfkit };
