import { readPdf } from '../../../../nodes/shared/pdf/read/document';
import type { PdfValue } from '../../../../nodes/shared/pdf/read/objects';
import { PdfDict, PdfName, PdfRef } from '../../../../nodes/shared/pdf/read/objects';
import { documentError } from '../../../harness/pdf/documentError';
import type { HandObject } from '../../../harness/pdf/handmade';
import { HELVETICA, handmadePdf, objectStream, textContent } from '../../../harness/pdf/handmade';
import { letter } from '../helpers/sources';
import { pdfTools } from '../helpers/tools';

/**
 * readPdf as the node meets it: what it refuses (not a PDF, encrypted, no pages, a broken page tree,
 * too much to decode) with which reason and message, the pages it finds and what they inherit, and the
 * version it reports.
 */

const tools = pdfTools('fax-pdf-document-');
afterAll(() => tools.dispose());

const ENCRYPTED =
	'the PDF is encrypted (password-protected or restricted); save an unprotected copy';

function refusal(
	pdf: Buffer,
	options?: { maxDecodedBytes?: number },
): { reason: string; message: string } {
	const error = documentError(() => readPdf(pdf, options));
	return { reason: error.reason, message: error.message };
}

/** A page tree: catalog 1, root /Pages 2, then the objects given from 3 on; each page shows one line. */
function tree(objects: HandObject[]): Buffer {
	return handmadePdf(['<< /Type /Catalog /Pages 2 0 R >>', ...objects]).pdf;
}
const page = (parent: number, content: number, extra = '') =>
	`<< /Type /Page /Parent ${parent} 0 R /Contents ${content} 0 R ${extra} >>`;
const text = (line: string): HandObject => ({ entries: '', data: textContent([line]) });

describe('what readPdf refuses', () => {
	const NOT_PDF = {
		reason: 'notPdf',
		message: 'the file is not a PDF (no %PDF- header at its start)',
	};

	test.each([
		['an empty file', Buffer.alloc(0)],
		['text', Buffer.from('Dear Dr. Hartmann, please find the results attached.')],
		['a TIFF', Buffer.concat([Buffer.from('II*\0\x08\0\0\0', 'latin1'), Buffer.alloc(200)])],
		['a PDF header after 1100 bytes of junk', Buffer.concat([Buffer.alloc(1100, 0x20), letter(5)])],
	])('%s: notPdf', (_, bytes) => expect(refusal(bytes)).toEqual(NOT_PDF));

	test('a PDF header after 900 bytes of junk is read', () => {
		expect(readPdf(Buffer.concat([Buffer.alloc(900, 0x20), letter(5)])).pageCount).toBe(1);
	});

	test.each([
		['AES-256 with a user password', ['--encrypt', 'patient', 'owner', '256', '--']],
		[
			'AES-128, no user password but restricted',
			['--encrypt', '', 'owner', '128', '--print=none', '--use-aes=y', '--'],
		],
		['RC4 40-bit', ['--allow-weak-crypto', '--encrypt', 'patient', 'owner', '40', '--']],
		[
			'AES-256 with object streams',
			['--object-streams=generate', '--encrypt', 'patient', 'owner', '256', '--'],
		],
	])('%s: encrypted', (_, options) => {
		expect(refusal(tools.qpdf(letter(50), options))).toEqual({
			reason: 'encrypted',
			message: ENCRYPTED,
		});
	});

	test('encrypted, with a cross-reference table that has to be rebuilt: still encrypted', () => {
		const pdf = tools.qpdf(letter(50), [
			'--object-streams=disable',
			'--encrypt',
			'patient',
			'owner',
			'256',
			'--',
		]);
		const broken = Buffer.from(
			pdf.toString('latin1').replace(/startxref\s+\d+/, 'startxref\n17'),
			'latin1',
		);
		expect(refusal(broken)).toEqual({ reason: 'encrypted', message: ENCRYPTED });
	});

	test('no pages', () => {
		expect(refusal(tree(['<< /Type /Pages /Kids [] /Count 0 >>']))).toEqual({
			reason: 'noPages',
			message: 'the PDF has no pages',
		});
	});

	test.each([
		[
			'a loop',
			[
				'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
				'<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
			],
		],
		[
			'a /Pages node under two parents',
			[
				'<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>',
				'<< /Type /Pages /Parent 2 0 R /Kids [4 0 R] /Count 1 >>',
				page(3, 5),
				text('Twice'),
			],
		],
	])('a page tree with %s: damaged', (_, objects) => {
		expect(refusal(tree(objects))).toEqual({
			reason: 'damaged',
			message: 'the page tree has a loop',
		});
	});

	test('a page listed twice is read twice (as qpdf and poppler show it), not refused', () => {
		const pdf = tree([
			'<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>',
			page(2, 4),
			text('Twice'),
		]);
		const document = readPdf(pdf);
		expect(document.pages.map((each) => each.objectNumber)).toEqual([3, 3]);
		expect(document.pageIndex.get(3)).toBe(0);
	});

	test('a /Kids entry that leads nowhere: damaged (never fewer pages)', () => {
		const pdf = tree([
			'<< /Type /Pages /Kids [3 0 R 9 0 R] /Count 2 >>',
			page(2, 4),
			text('Only page left'),
		]);
		// Object 9 is undefined, so null (section 7.3.10): a page that is no page, never skipped.
		expect(refusal(pdf)).toEqual({
			reason: 'damaged',
			message: 'a page or page tree node is missing',
		});
	});

	test('object streams decoding past maxDecodedBytes: tooLarge', () => {
		const pdf = tools.qpdf(letter(200), ['--object-streams=generate']);
		expect(readPdf(pdf).pageCount).toBe(5);
		expect(refusal(pdf, { maxDecodedBytes: 64 }).reason).toBe('tooLarge');
	});

	test('an object stream with a filter not carried: unsupported', () => {
		// No table: the rebuild finds the object stream, which holds the page's font, and cannot open it.
		const stream = objectStream([[5, HELVETICA]]) as { entries: string; data: Buffer };
		const made = handmadePdf([
			'<< /Type /Catalog /Pages 2 0 R >>',
			'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
			page(2, 4, '/Resources << /Font << /F1 5 0 R >> >>'),
			text('Font in a stream'),
			null,
			{ entries: stream.entries.replace('/FlateDecode', '/JBIG2Decode'), data: stream.data },
		]);
		expect(refusal(made.pdf.subarray(0, made.xrefOffset)).reason).toBe('unsupported');
	});

	test('messages never carry the document: a damaged letter full of patient data', () => {
		const pdf = handmadePdf([
			'<< /Type /Catalog /Pages 2 0 R >>',
			'<< /Type /Pages /Kids [3 0 R] >>',
			page(2, 4),
			text('Jane Q. Patient, DOB 1970-01-01'),
		]).pdf;
		const cut = pdf.subarray(0, pdf.indexOf('Jane') + 6);
		const { message } = refusal(cut);
		expect(message).not.toMatch(/Jane|Patient|1970/);
	});
});

describe('pages: order, /Count not trusted, inherited attributes', () => {
	const plain = (value: PdfValue): unknown => {
		if (value instanceof PdfName) return `/${value.value}`;
		if (value instanceof PdfRef) return `${value.objectNumber} R`;
		if (value instanceof PdfDict)
			return Object.fromEntries([...value.entries].map(([key, item]) => [key, plain(item)]));
		return Array.isArray(value) ? value.map(plain) : value;
	};

	// 2: root (MediaBox A4, Resources 9), 3: middle node (Rotate 90, CropBox), 4 and 5 its pages (5 has its
	// own MediaBox and Rotate), 6 a page under the root; /Count says 7.
	const nested = tree([
		'<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 7 /MediaBox [0 0 595 842] /Resources 9 0 R >>',
		'<< /Type /Pages /Parent 2 0 R /Kids [4 0 R 5 0 R] /Count 2 /Rotate 90 /CropBox [10 10 500 800] >>',
		page(3, 7),
		page(3, 8, '/MediaBox [0 0 612 792] /Rotate 0'),
		page(2, 10),
		text('First page'),
		text('Second page'),
		'<< /Font << /F1 11 0 R >> >>',
		text('Third page'),
		HELVETICA,
	]);

	test('depth first, in /Kids order; what each page inherits from its nearest ancestor', () => {
		const document = readPdf(nested);
		expect(document.pageCount).toBe(3);
		expect(document.pages.map((each) => each.objectNumber)).toEqual([4, 5, 6]);
		expect(
			document.pages.map((each) =>
				Object.fromEntries([...each.inherited].map(([key, value]) => [key, plain(value)])),
			),
		).toEqual([
			{ MediaBox: [0, 0, 595, 842], Resources: '9 R', Rotate: 90, CropBox: [10, 10, 500, 800] },
			{ Resources: '9 R', CropBox: [10, 10, 500, 800] },
			{ MediaBox: [0, 0, 595, 842], Resources: '9 R' },
		]);
	});

	test('the letter writer: its pages', () => {
		expect(readPdf(letter(100, true)).pageCount).toBe(4);
		expect(readPdf(letter(1)).pageCount).toBe(1);
	});

	test('the objects the pages reach are read; the document-level ones are not', () => {
		// 7 (Info) and 8 (an outline) are reached from the catalog only.
		const pdf = handmadePdf([
			'<< /Type /Catalog /Pages 2 0 R /Outlines 8 0 R >>',
			'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
			page(2, 4, '/Resources << /Font << /F1 5 0 R >> >> /Annots [6 0 R]'),
			text('Reached'),
			HELVETICA,
			'<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /P 3 0 R /Contents (Note) >>',
			'<< /Producer (x) >>',
			'<< /Type /Outlines /Count 0 >>',
		]).pdf;
		expect(readPdf(pdf).objectNumbers.slice().sort()).toEqual([4, 5, 6]);
	});
});

describe('version: the header, or the catalog /Version when higher', () => {
	const withCatalog = (header: string, version?: string) =>
		handmadePdf(
			[
				`<< /Type /Catalog /Pages 2 0 R ${version === undefined ? '' : `/Version /${version}`} >>`,
				'<< /Type /Pages /Kids [3 0 R] >>',
				page(2, 4),
				text('v'),
			],
			{ version: header },
		).pdf;

	test.each([
		['1.4', undefined, '1.4'],
		['1.4', '1.7', '1.7'],
		['1.6', '1.3', '1.6'],
		['2.0', undefined, '2.0'],
		['1.3', 'bogus', '1.3'],
	])('header %s, catalog %s: %s', (header, catalog, version) => {
		expect(readPdf(withCatalog(header, catalog)).version).toBe(version);
	});

	test('qpdf with object streams writes 1.5; the letter writer 1.4', () => {
		expect(readPdf(tools.qpdf(letter(5), ['--object-streams=generate'])).version).toBe('1.5');
		expect(readPdf(letter(5)).version).toBe('1.4');
	});
});
