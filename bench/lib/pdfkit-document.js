'use strict';
/**
 * A pdfkit document on Letter paper with 72 pt margins, its pages buffered, as parts 5b and 5c lay
 * their letters out. `finish(footerFont)` writes "Page x of y" centred at the foot of every page, as
 * renderLetter does (9 pt, in `footerFont`, else the document's current font), ends the document and
 * resolves { pdf, pages }.
 */

const PDFDocument = require('pdfkit');

const MARGIN = 72;
const FOOTER_SIZE = 9;

function letterDocument() {
	const doc = new PDFDocument({
		size: 'LETTER',
		margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
		bufferPages: true,
	});
	const chunks = [];
	doc.on('data', (chunk) => chunks.push(chunk));
	const done = new Promise((resolve) => doc.on('end', resolve));
	const finish = (footerFont) => {
		const range = doc.bufferedPageRange();
		for (let page = 0; page < range.count; page++) {
			doc.switchToPage(range.start + page);
			const label = `Page ${page + 1} of ${range.count}`;
			if (footerFont !== undefined) doc.font(footerFont);
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
	};
	return { doc, finish };
}

module.exports = { letterDocument, MARGIN };
