/**
 * The source documents the reader and joiner suites share: letters from renderLetter (the cover page
 * source), a page of images (Flate RGB and a JPEG that pdftoppm makes), and what qpdf and the file
 * system say of a file's cross-reference.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { deflateSync } from 'node:zlib';
import { DEFAULT_CONFIDENTIALITY_NOTICE, renderLetter } from '../../../../nodes/shared/pdf';
import type { CrossReference } from '../../../../nodes/shared/pdf/read/xref';
import { HELVETICA, handmadePdf, textContent } from '../../../harness/pdf/handmade';
import type { PdfTools } from './tools';

export const COVER = {
	to: 'Dr. Amelia Hartmann',
	toFax: '+1 555 0100',
	from: 'Riverside Clinic',
	fromFax: '+1 555 0199',
	date: '2026-11-25',
	subject: 'Referral: cardiology consult',
	confidentialityNotice: DEFAULT_CONFIDENTIALITY_NOTICE,
};

/** A letter of `lines` numbered lines (43 fit a Letter page at 11 pt). */
export function letter(lines: number, withCover = false): Buffer {
	const text = Array.from(
		{ length: lines },
		(_, index) => `Line ${index + 1}: results of the panel, reviewed and signed.`,
	).join('\n');
	return renderLetter(text, withCover ? { coverPage: COVER } : undefined).pdf;
}

/** A cover page and its note (2 pages), rendered as its own PDF as the node does, joined in front of the documents. */
export const cover = (): Buffer =>
	renderLetter('Please see the attached documents.', { coverPage: COVER }).pdf;

/** A 16 x 8 RGB gradient, Flate-compressed. */
function rgbImage(): Buffer {
	const pixels = Buffer.alloc(16 * 8 * 3);
	for (let index = 0; index < 16 * 8; index++)
		pixels.set([(index * 16) & 0xff, (index * 5) & 0xff, 255 - ((index * 16) & 0xff)], index * 3);
	return deflateSync(pixels);
}

/** A JPEG of a rendered letter page, made by pdftoppm (grey, small). */
export function jpeg(tools: PdfTools): { data: Buffer; width: number; height: number } {
	const source = tools.read(letter(5)).file;
	const prefix = tools.path(`jpeg-${Date.now()}`);
	execFileSync('pdftoppm', ['-jpeg', '-gray', '-r', '20', '-singlefile', source, prefix]);
	const data = readFileSync(`${prefix}.jpg`);
	// The frame header (SOF0/SOF2) holds height then width.
	let at = 2;
	while (data[at + 1] !== 0xc0 && data[at + 1] !== 0xc2) at += 2 + data.readUInt16BE(at + 2);
	return { data, height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
}

/** Two pages: one with a Flate RGB image and a JPEG, one with text and the same JPEG (shared, one object). */
export function imagePages(tools: PdfTools): Buffer {
	const photo = jpeg(tools);
	return handmadePdf([
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Rgb 5 0 R /Photo 6 0 R >> >> /Contents 7 0 R >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Photo 6 0 R >> /Font << /F1 9 0 R >> >> /Contents 8 0 R >>',
		{
			entries:
				'/Type /XObject /Subtype /Image /Width 16 /Height 8 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode',
			data: rgbImage(),
		},
		{
			entries: `/Type /XObject /Subtype /Image /Width ${photo.width} /Height ${photo.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode`,
			data: photo.data,
		},
		{ entries: '', data: 'q 320 0 0 160 72 560 cm /Rgb Do Q q 300 0 0 380 72 100 cm /Photo Do Q' },
		{
			entries: '',
			data: `q 200 0 0 250 300 400 cm /Photo Do Q ${textContent(['Scanned lab results, page 2'])}`,
		},
		HELVETICA,
	]).pdf;
}

/** qpdf --show-xref as entries: number -> 'offset N' or 'stream S index I'. */
export function qpdfXref(tools: PdfTools, file: string): Map<number, string> {
	const lines = execFileSync('qpdf', ['--show-xref', file], { encoding: 'utf8' })
		.trim()
		.split('\n');
	const entries = new Map<number, string>();
	for (const line of lines) {
		const plainEntry = /^(\d+)\/\d+: uncompressed; offset = (\d+)$/.exec(line);
		const compressed = /^(\d+)\/\d+: compressed; stream = (\d+), index = (\d+)$/.exec(line);
		if (plainEntry) entries.set(Number(plainEntry[1]), `offset ${plainEntry[2]}`);
		else if (compressed)
			entries.set(Number(compressed[1]), `stream ${compressed[2]} index ${compressed[3]}`);
		else throw new Error(`unexpected qpdf --show-xref line: ${line}`);
	}
	return entries;
}

/** Our cross-reference's in-use entries in the same words. */
export function ourXref(crossReference: CrossReference): Map<number, string> {
	const entries = new Map<number, string>();
	for (const [objectNumber, entry] of [...crossReference.entries].sort(([a], [b]) => a - b)) {
		if (entry.kind === 'offset') entries.set(objectNumber, `offset ${entry.offset}`);
		else if (entry.kind === 'compressed')
			entries.set(objectNumber, `stream ${entry.stream} index ${entry.index}`);
	}
	return entries;
}
