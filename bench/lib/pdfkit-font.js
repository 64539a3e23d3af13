'use strict';
/**
 * A plain letter in an embedded TrueType font drawn with pdfkit (0.20, the dev dependency), as a Code
 * node with a PDF library would (part 5c, lib/font-letter.js): the same text, font file, size, margins
 * and line pitch as renderLetter, text flowing across pages with pdfkit's own line breaking (UAX #14
 * through the `linebreak` package, so Japanese breaks between kana and kanji) and automatic page
 * breaks, "Page x of y" in the same font at the foot of every page. pdfkit embeds the font as a
 * subset through fontkit (`doc.font(<ttf bytes>)`) and compresses its content streams (its default).
 */

const { letterDocument, MARGIN } = require('./pdfkit-document');

const LINE_HEIGHT_FACTOR = 1.35; // renderLetter's line pitch: 1.35 × the font size

/**
 * Renders `text` with `font` (TrueType bytes) at `size` points on Letter paper; resolves { pdf, pages }.
 * `options` go to pdfkit's text() as well (such as `align: 'right'` for a right-to-left letter).
 */
function renderWithPdfkitFont(text, font, size = 11, options = {}) {
	const { doc, finish } = letterDocument();

	doc.font(font).fontSize(size);
	// pdfkit advances a line by the font's own line height (ascender, descender, gap) plus lineGap:
	// the gap that makes the pitch renderLetter's.
	const lineGap = size * LINE_HEIGHT_FACTOR - doc.currentLineHeight(true);
	doc.text(text, MARGIN, MARGIN, { ...options, width: doc.page.width - 2 * MARGIN, lineGap });

	return finish();
}

module.exports = { renderWithPdfkitFont };
