/**
 * The corpus's PDFs from producers that run in Node: pdf-lib (object streams, a filled form field with
 * its appearance, a rotated page, a PNG), pdfkit (a stamp annotation with an appearance stream, a
 * landscape page, a PNG with a predictor), jspdf (PDF 1.3, a PNG it re-encodes), the package's own
 * renderLetter, and a hand-written file whose pages inherit MediaBox, Resources and Rotate from the
 * page tree. Each page carries words that name it (images.ts pageWords).
 */
import { jsPDF } from 'jspdf';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { renderLetter } from '../../../../nodes/shared/pdf';
import { HELVETICA, handmadePdf, textContent } from '../../../harness/pdf/handmade';
import { pageWords, png, scannedPage } from './images';

const LETTER: [number, number] = [612, 792];
// Fixed dates: the producers write them into the file.
const CREATED = new Date('2026-11-20T09:30:00Z');

/** Lines of a text page: the page's words, then numbered lines that fill it like a letter. */
export function pageLines(producer: string, page: number, lines: number): string[] {
	return [
		pageWords(producer, page),
		...Array.from(
			{ length: lines - 1 },
			(_, index) => `Line ${index + 1} of page ${page}: the results were reviewed and signed.`,
		),
	];
}

/** pdf-lib 1.17: text, a grey PNG, a page turned 90 degrees, a filled text field; saved with its default object streams. */
export async function pdfLibDocument(): Promise<Buffer> {
	const document = await PDFDocument.create();
	document.setCreationDate(CREATED);
	document.setModificationDate(CREATED);
	const font = await document.embedFont(StandardFonts.Helvetica);
	const draw = (page: ReturnType<typeof document.addPage>, lines: string[]) =>
		lines.forEach((line, index) =>
			page.drawText(line, { x: 72, y: 720 - index * 16, size: 12, font }),
		);
	const first = document.addPage(LETTER);
	draw(first, pageLines('pdflib', 1, 6));
	first.drawImage(await document.embedPng(png(scannedPage(160, 200, 11))), {
		x: 72,
		y: 260,
		width: 240,
		height: 300,
	});
	const turned = document.addPage(LETTER);
	turned.setRotation(degrees(90));
	draw(turned, pageLines('pdflib', 2, 8));
	const withForm = document.addPage(LETTER);
	draw(withForm, pageLines('pdflib', 3, 4));
	const field = document.getForm().createTextField('patient.name');
	field.setText('Jane Roe, born 1970-01-01');
	field.addToPage(withForm, { x: 72, y: 520, width: 300, height: 28, font });
	return Buffer.from(await document.save());
}

/** The subset of pdfkit's API the corpus uses (pdfkit ships no types). */
interface PdfKitReference {
	end(data: string): void;
}
interface PdfKitDocument {
	on(event: 'data', listener: (chunk: Buffer) => void): void;
	on(event: 'end', listener: () => void): void;
	font(name: string): PdfKitDocument;
	fontSize(size: number): PdfKitDocument;
	text(text: string, x?: number, y?: number): PdfKitDocument;
	image(
		data: Buffer,
		x: number,
		y: number,
		options: { width: number; height: number },
	): PdfKitDocument;
	addPage(options?: { size?: string; layout?: string }): PdfKitDocument;
	ref(data: Record<string, unknown>): PdfKitReference;
	initForm(): void;
	formText(
		name: string,
		x: number,
		y: number,
		width: number,
		height: number,
		options: { value: string },
	): PdfKitDocument;
	annotate(
		x: number,
		y: number,
		width: number,
		height: number,
		options: Record<string, unknown>,
	): PdfKitDocument;
	end(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const PdfKit = require('pdfkit') as new (options: Record<string, unknown>) => PdfKitDocument;

function pdfKitBytes(write: (document: PdfKitDocument) => void): Promise<Buffer> {
	const document = new PdfKit({
		size: 'LETTER',
		info: { CreationDate: CREATED, Producer: 'PDFKit' },
	});
	const chunks: Buffer[] = [];
	const done = new Promise<Buffer>((resolve) =>
		document.on('end', () => resolve(Buffer.concat(chunks))),
	);
	document.on('data', (chunk) => chunks.push(chunk));
	write(document);
	document.end();
	return done;
}

const writeLines = (document: PdfKitDocument, lines: string[]) =>
	lines.forEach((line, index) => document.text(line, 72, 72 + index * 16));

/** pdfkit 0.20: a stamp annotation with its own appearance stream, a landscape page, a PNG (passed through with its predictor). */
export function pdfKitDocument(): Promise<Buffer> {
	return pdfKitBytes((document) => {
		document.font('Helvetica').fontSize(12);
		writeLines(document, pageLines('pdfkit', 1, 6));
		const appearance = document.ref({
			Type: 'XObject',
			Subtype: 'Form',
			BBox: [0, 0, 160, 48],
			Resources: {},
		});
		appearance.end(
			'0.8 0 0 rg 0 0 160 48 re f 1 1 1 rg 8 8 144 32 re f 0.8 0 0 rg 16 16 128 16 re f',
		);
		document.annotate(360, 300, 160, 48, {
			Subtype: 'Stamp',
			Name: 'Approved',
			AP: { N: appearance },
		});
		document.addPage({ layout: 'landscape' });
		writeLines(document, pageLines('pdfkit', 2, 4));
		document.image(png(scannedPage(200, 120, 12)), 72, 200, { width: 400, height: 240 });
		document.addPage();
		document.font('Times-Roman').fontSize(14);
		writeLines(document, pageLines('pdfkit', 3, 30));
	});
}

/**
 * pdfkit's form: a text field filled with a value, no appearance stream, and /NeedAppearances true in the
 * catalog's /AcroForm, so the viewer draws the value (as many form fillers leave a form).
 */
export function pdfKitFormDocument(): Promise<Buffer> {
	return pdfKitBytes((document) => {
		document.font('Helvetica').fontSize(12);
		writeLines(document, pageLines('pdfkitform', 1, 4));
		document.initForm();
		document.formText('patient', 72, 200, 250, 24, { value: 'Jane Roe' });
	});
}

/** Many text pages from pdfkit (the bench's text document before qpdf puts its objects in streams). */
export function pdfKitText(pages: number, linesPerPage = 40): Promise<Buffer> {
	return pdfKitBytes((document) => {
		document.font('Helvetica').fontSize(11);
		for (let page = 1; page <= pages; page++) {
			if (page > 1) document.addPage();
			pageLines('text', page, linesPerPage).forEach((line, index) =>
				document.text(line, 72, 60 + index * 16.5),
			);
		}
	});
}

/** jspdf 4: PDF 1.3 with a classic table, text in points, a grey PNG it decodes and writes again. */
export function jsPdfDocument(pages = 3, linesPerPage = 8): Buffer {
	const document = new jsPDF({ unit: 'pt', format: 'letter', compress: true });
	document.setCreationDate(CREATED);
	document.setFileId('0123456789ABCDEF0123456789ABCDEF');
	for (let page = 1; page <= pages; page++) {
		if (page > 1) document.addPage();
		document.setFont('helvetica', 'normal').setFontSize(12);
		pageLines('jspdf', page, linesPerPage).forEach((line, index) =>
			document.text(line, 72, 72 + index * 16),
		);
		if (page === 2) document.addImage(png(scannedPage(120, 150, 13)), 'PNG', 72, 300, 180, 225);
	}
	return Buffer.from(document.output('arraybuffer'));
}

/** The package's own writer: a two-page letter (the words of each page at its top lines). */
export function letterDocument(): Buffer {
	const lines = [...pageLines('letter', 1, 43), ...pageLines('letter', 2, 12)];
	return renderLetter(lines.join('\n'), { creationDate: CREATED }).pdf;
}

/**
 * Written by hand: a page whose optional content group (a layer, as drawing and layout programs export
 * them) is off in the catalog's /OCProperties, so viewers and printers do not show the black box in it.
 */
export function hiddenLayerDocument(): Buffer {
	return handmadePdf([
		'<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [5 0 R] /D << /OFF [5 0 R] /Order [5 0 R] >> >> >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 6 0 R >> /Properties << /Layer 5 0 R >> >> /Contents 4 0 R >>',
		{
			entries: '',
			data: `${textContent(pageLines('layers', 1, 3))} /OC /Layer BDC 0 g 72 300 300 100 re f EMC`,
		},
		'<< /Type /OCG /Name (Draft marks) >>',
		HELVETICA,
	]).pdf;
}

/**
 * Written by hand: a two-level page tree whose root gives MediaBox, Resources (the font) and Rotate to
 * the pages under it; one page has its own A4 MediaBox and a CropBox, one its own Rotate.
 */
export function inheritedDocument(): Buffer {
	const content = (page: number) => ({
		entries: '',
		data: textContent(pageLines('inherited', page, 4), 14),
	});
	return handmadePdf([
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 3 /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> /ProcSet [/PDF /Text] >> /Rotate 0 >>',
		'<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 7 0 R] /Count 2 /Rotate 90 >>',
		HELVETICA,
		'<< /Type /Page /Parent 3 0 R /Contents 8 0 R >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /CropBox [20 20 575 822] /Contents 9 0 R >>',
		'<< /Type /Page /Parent 3 0 R /Rotate 180 /Contents 10 0 R >>',
		content(1),
		content(3),
		content(2),
	]).pdf;
}
