'use strict';
/**
 * A plain letter in an embedded TrueType font drawn with pdfkit (0.20, the dev dependency), as a Code
 * node with a PDF library would (part 5c, lib/font-letter.js): the same text, font file, size, margins
 * and line pitch as renderLetter, text flowing across pages with pdfkit's own line breaking (UAX #14
 * through the `linebreak` package, so Japanese breaks between kana and kanji) and automatic page
 * breaks, "Page x of y" in the same font at the foot of every page. pdfkit embeds the font as a
 * subset through fontkit (`doc.font(<ttf bytes>)`) and compresses its content streams (its default).
 */

const PDFDocument = require('pdfkit');

const MARGIN = 72;
const LINE_HEIGHT_FACTOR = 1.35; // renderLetter's line pitch: 1.35 × the font size
const FOOTER_SIZE = 9;

/** Renders `text` with `font` (TrueType bytes) at `size` points on Letter paper; resolves { pdf, pages }. */
function renderWithPdfkitFont(text, font, size = 11) {
	const doc = new PDFDocument({
		size: 'LETTER',
		margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
		bufferPages: true,
	});
	const chunks = [];
	doc.on('data', (chunk) => chunks.push(chunk));
	const done = new Promise((resolve) => doc.on('end', resolve));

	doc.font(font).fontSize(size);
	// pdfkit advances a line by the font's own line height (ascender, descender, gap) plus lineGap:
	// the gap that makes the pitch renderLetter's.
	const lineGap = size * LINE_HEIGHT_FACTOR - doc.currentLineHeight(true);
	doc.text(text, MARGIN, MARGIN, { width: doc.page.width - 2 * MARGIN, lineGap });

	const range = doc.bufferedPageRange();
	for (let page = 0; page < range.count; page++) {
		doc.switchToPage(range.start + page);
		const label = `Page ${page + 1} of ${range.count}`;
		doc.fontSize(FOOTER_SIZE);
		// In the bottom margin: pdfkit would start a new page for text below it.
		doc.page.margins.bottom = 0;
		doc.text(
			label,
			(doc.page.width - doc.widthOfString(label)) / 2,
			doc.page.height - MARGIN / 2 - FOOTER_SIZE,
			{ lineBreak: false },
		);
	}
	doc.end();
	return done.then(() => ({ pdf: Buffer.concat(chunks), pages: range.count }));
}

module.exports = { renderWithPdfkitFont };
