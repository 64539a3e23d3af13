/**
 * Hand-written PDFs whose pages look as they do because of their catalog (catalog.test.ts): forms whose
 * values the viewer draws (/NeedAppearances, no /AP) or that carry their own appearances, and layers
 * that are off by default, by /OFF or by /BaseState /OFF, next to layers that are on.
 */
import { renderCoverSheet } from '../../../../nodes/shared/pdf';
import type { HandObject } from '../../../harness/pdf/handmade';
import { HELVETICA, handmadePdf, textContent } from '../../../harness/pdf/handmade';

/** The cover sheet a fax of `followingPages` pages starts with. */
export const coverSheet = (followingPages: number): Buffer =>
	renderCoverSheet({ confidentialityNotice: 'Confidential.' }, followingPages).pdf;

const page = (entries: string) =>
	`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${entries} >>`;
const content = (data: string): HandObject => ({ entries: '', data });
const ZAPF_DINGBATS = '<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>';

/**
 * Two pages of a form filled for the viewer to draw (as pdfkit leaves one): no widget has an appearance
 * stream, the /AcroForm says /NeedAppearances true. Page 1's widget is the kid of "patient.name" (whose
 * root is "patient"), page 2's is a field itself ("dob"). /DR's /Helv is an object of its own.
 */
export function formForTheViewer(): Buffer {
	return handmadePdf([
		'<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [7 0 R 10 0 R] /NeedAppearances true /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv 6 0 R >> >> >> >>',
		'<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
		page('/Resources << /Font << /F1 5 0 R >> >> /Contents 11 0 R /Annots [8 0 R]'),
		page('/Resources << /Font << /F1 5 0 R >> >> /Contents 12 0 R /Annots [10 0 R]'),
		HELVETICA,
		HELVETICA,
		'<< /T (patient) /Kids [9 0 R] >>',
		'<< /Type /Annot /Subtype /Widget /Parent 9 0 R /P 3 0 R /Rect [72 500 320 524] /F 4 /Border [0 0 0] >>',
		'<< /FT /Tx /T (name) /V (Jane Roe) /Parent 7 0 R /Kids [8 0 R] >>',
		'<< /Type /Annot /Subtype /Widget /FT /Tx /T (dob) /V (1970-01-01) /P 4 0 R /Rect [72 500 320 524] /F 4 /Border [0 0 0] >>',
		content(textContent(['Intake form, page 1', 'Patient name:'])),
		content(textContent(['Intake form, page 2', 'Date of birth:'])),
	]).pdf;
}

/**
 * One page of a form whose widgets carry their appearance streams (no /NeedAppearances): a text field and
 * a checked box. Its /DR also names a /Helv (a Helvetica of its own) and /ZaDb.
 */
export function formWithAppearances(): Buffer {
	return handmadePdf([
		'<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [5 0 R 6 0 R] /DA (/Helv 12 Tf 0 g) /DR << /Font << /Helv 7 0 R /ZaDb 8 0 R >> >> >> >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		page('/Resources << /Font << /F1 4 0 R >> >> /Contents 9 0 R /Annots [5 0 R 6 0 R]'),
		HELVETICA,
		'<< /Type /Annot /Subtype /Widget /FT /Tx /T (physician) /V (Dr. Amelia Hartmann) /P 3 0 R /Rect [72 500 320 524] /F 4 /AP << /N 10 0 R >> >>',
		'<< /Type /Annot /Subtype /Widget /FT /Btn /T (urgent) /V /Yes /AS /Yes /P 3 0 R /Rect [72 440 92 460] /F 4 /AP << /N << /Yes 11 0 R /Off 12 0 R >> >> >>',
		HELVETICA,
		ZAPF_DINGBATS,
		content(textContent(['Referral form', 'Physician:', '', 'Urgent:'])),
		{
			entries:
				'/Type /XObject /Subtype /Form /BBox [0 0 248 24] /Resources << /Font << /Helv 7 0 R >> >>',
			data: '0.9 g 0 0 248 24 re f BT /Helv 12 Tf 0 g 4 7 Td (Dr. Amelia Hartmann) Tj ET',
		},
		{
			entries:
				'/Type /XObject /Subtype /Form /BBox [0 0 20 20] /Resources << /Font << /ZaDb 8 0 R >> >>',
			data: '0 g 1 1 18 18 re S BT /ZaDb 16 Tf 3 4 Td (4) Tj ET',
		},
		{ entries: '/Type /XObject /Subtype /Form /BBox [0 0 20 20]', data: '0 g 1 1 18 18 re S' },
	]).pdf;
}

/** Content in a layer: a grey box and a line of text over it, shown only when the layer is. */
const inLayer = (layer: string, y: number, words: string) =>
	`/OC /${layer} BDC 0.5 g 300 ${y} 240 40 re f BT /F1 14 Tf 0 g 310 ${y + 14} Td (${words}) Tj ET EMC`;

/**
 * Layers off by /OFF: "Draft" is off (its box and words hidden), "Signature" on; "Unused" is listed and
 * off but no page uses it (it need not be copied).
 */
export function layersOffByList(): Buffer {
	return handmadePdf([
		'<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [6 0 R 7 0 R 8 0 R] /D << /Order [6 0 R 7 0 R 8 0 R] /OFF [6 0 R 8 0 R] >> >> >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		page(
			'/Resources << /Font << /F1 5 0 R >> /Properties << /Draft 6 0 R /Signature 7 0 R >> >> /Contents 4 0 R',
		),
		content(
			`${textContent(['Discharge summary', 'Layers: a draft mark (off), a signature (on)'])} ${inLayer('Draft', 400, 'DRAFT not for release')} ${inLayer('Signature', 300, 'Signed Dr. Roe')}`,
		),
		HELVETICA,
		'<< /Type /OCG /Name (Draft) >>',
		'<< /Type /OCG /Name (Signature) >>',
		'<< /Type /OCG /Name (Unused) >>',
	]).pdf;
}

/**
 * Layers off by /BaseState /OFF: "Watermark" is off (not in /ON), "Stamp" on (in /ON); a membership
 * dictionary visible when "Watermark" is off (/AllOff) shows its content only because of that.
 */
export function layersOffByBaseState(): Buffer {
	return handmadePdf([
		'<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [6 0 R 7 0 R] /D << /BaseState /OFF /ON [7 0 R] >> >> >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		page(
			'/Resources << /Font << /F1 5 0 R >> /Properties << /Watermark 6 0 R /Stamp 7 0 R /Clean 8 0 R >> >> /Contents 4 0 R',
		),
		content(
			`${textContent(['Lab report', 'Layers: a watermark (off), a stamp (on), a clean-copy note'])} ${inLayer('Watermark', 450, 'COPY watermark')} ${inLayer('Stamp', 350, 'Received stamp')} ${inLayer('Clean', 250, 'Clean copy')}`,
		),
		HELVETICA,
		'<< /Type /OCG /Name (Watermark) >>',
		'<< /Type /OCG /Name (Stamp) >>',
		'<< /Type /OCMD /OCGs [6 0 R] /P /AllOff >>',
	]).pdf;
}
