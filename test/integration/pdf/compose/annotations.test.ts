import { joinDocuments } from '../../../../nodes/shared/pdf/compose/join';
import type { PdfDocument } from '../../../../nodes/shared/pdf/read/document';
import { readPdf } from '../../../../nodes/shared/pdf/read/document';
import type { PdfValue } from '../../../../nodes/shared/pdf/read/objects';
import {
	PdfDict,
	PdfName,
	PdfRef,
	PdfStream,
	PdfString,
} from '../../../../nodes/shared/pdf/read/objects';
import type { HandObject } from '../../../harness/pdf/handmade';
import { HELVETICA, handmadePdf, textContent } from '../../../harness/pdf/handmade';
import { cover } from '../helpers/sources';
import { expectSameAsSources, pdfTools } from '../helpers/tools';

/**
 * Annotations go with their pages: appearance streams (a stamp, filled form fields) so they print,
 * /P and GoTo destinations (explicit, named, in the name tree, in actions) pointing at the new pages,
 * and whatever leads to a page that is not copied dropped or written as null.
 */

const tools = pdfTools('fax-pdf-annotations-');
afterAll(() => tools.dispose());

const annotation = (entries: string) => `<< /Type /Annot ${entries} >>`;
const link = (entries: string, rect = '[72 500 200 520]') =>
	annotation(`/Subtype /Link /Rect ${rect} /Border [0 0 0] /P 3 0 R ${entries}`);
const form = (box: string, content: string): HandObject => ({
	entries: `/Type /XObject /Subtype /Form /BBox ${box} /Resources << /Font << /F1 7 0 R >> >>`,
	data: content,
});

/** Pages 3-5 in the tree, 6 a page outside it; annotations 10-18 and 21-23 on page 3, 22 on page 4. */
const OBJECTS = new Map<number, HandObject>([
	[
		1,
		'<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [20 0 R 23 0 R] >> /Dests << /Chapter2 [4 0 R /Fit] >> /Names << /Dests 30 0 R >> >>',
	],
	[2, '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>'],
	[
		3,
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 7 0 R >> >> /Contents 8 0 R /Annots [10 0 R 11 0 R 12 0 R 13 0 R 14 0 R 15 0 R 16 0 R 17 0 R 18 0 R 21 0 R 23 0 R] >>',
	],
	[
		4,
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 7 0 R >> >> /Contents 9 0 R /Annots [22 0 R] >>',
	],
	[
		5,
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 7 0 R >> >> /Contents 19 0 R >>',
	],
	[6, '<< /Type /Page /MediaBox [0 0 612 792] /Contents 9 0 R >>'],
	[7, HELVETICA],
	[
		8,
		{
			entries: '',
			data: textContent([
				'Consent form',
				'Links: page 2, chapter 2, appendix, goto, lost, web, lost action',
			]),
		},
	],
	[9, { entries: '', data: textContent(['Page 2: the second widget of the same field']) }],
	[19, { entries: '', data: textContent(['Page 3: appendix']) }],
	[
		10,
		annotation(
			'/Subtype /Stamp /Rect [350 600 550 660] /P 3 0 R /AP << /N 40 0 R >> /F 4 /Popup 18 0 R /Contents <FEFF004100700070> /NM (stamp \\(1\\) a\\\\b)',
		),
	],
	[11, link('/Dest [4 0 R /XYZ 0 792 0]')],
	[12, link('/Dest /Chapter2')],
	[13, link('/Dest (Appendix)')],
	[14, link('/A << /S /GoTo /D [5 0 R /Fit] >>')],
	[15, link('/Dest [6 0 R /Fit]')],
	[16, link('/A << /S /URI /URI (https://example.org/results) >>')],
	[17, link('/A 24 0 R')],
	[18, annotation('/Subtype /Popup /Rect [350 500 550 600] /Parent 10 0 R /Open false')],
	[
		20,
		'<< /FT /Tx /T (patient) /V (Jane Q. Patient) /DA (/Helv 12 Tf 0 g) /Kids [21 0 R 22 0 R] >>',
	],
	[
		21,
		annotation(
			'/Subtype /Widget /Parent 20 0 R /P 3 0 R /Rect [72 300 300 330] /F 4 /AP << /N 41 0 R >>',
		),
	],
	[
		22,
		annotation(
			'/Subtype /Widget /Parent 20 0 R /P 4 0 R /Rect [72 300 300 330] /F 4 /AP << /N 42 0 R >>',
		),
	],
	[
		23,
		annotation(
			'/Subtype /Widget /FT /Btn /T (stray) /P 6 0 R /Rect [400 300 420 320] /F 4 /AS /On /AP << /N << /On 43 0 R >> >>',
		),
	],
	[24, '<< /S /GoTo /D [6 0 R /Fit] >>'],
	[30, '<< /Names [(Appendix) [5 0 R /Fit] (Other) [4 0 R /Fit]] >>'],
	[
		40,
		form(
			'[0 0 200 60]',
			'1 0 0 rg 0 0 200 60 re f BT /F1 20 Tf 1 1 1 rg 20 20 Td (APPROVED) Tj ET',
		),
	],
	[
		41,
		form('[0 0 228 30]', '0.9 g 0 0 228 30 re f BT /F1 12 Tf 0 g 2 10 Td (Jane Q. Patient) Tj ET'),
	],
	[
		42,
		form('[0 0 228 30]', '0.9 g 0 0 228 30 re f BT /F1 12 Tf 0 g 2 10 Td (Jane Q. Patient) Tj ET'),
	],
	[43, form('[0 0 20 20]', '0 0 1 rg 0 0 20 20 re f')],
]);
const source = handmadePdf(
	Array.from({ length: 43 }, (_, index) => OBJECTS.get(index + 1) ?? null),
).pdf;

/** A value of the joined file with references to its pages as "page N" and streams as "stream". */
function described(value: PdfValue | undefined, document: PdfDocument): unknown {
	if (value instanceof PdfRef) {
		const page = document.pageIndex.get(value.objectNumber);
		return page === undefined
			? described(document.context.get(value.objectNumber), document)
			: `page ${page + 1}`;
	}
	if (value instanceof PdfName) return `/${value.value}`;
	if (value instanceof PdfString) return Buffer.from(value.bytes).toString('latin1');
	if (value instanceof PdfStream) return 'stream';
	if (value instanceof PdfDict)
		return Object.fromEntries(
			[...value.entries]
				.filter(([key]) => key !== 'Parent' && key !== 'Popup')
				.map(([key, item]) => [key, described(item, document)]),
		);
	return Array.isArray(value) ? value.map((item) => described(item, document)) : value;
}

describe('annotations in the joined file', () => {
	const joined = joinDocuments([readPdf(cover()), readPdf(source)]);
	const output = readPdf(joined.pdf);
	const annotations = (pageIndex: number) =>
		(output.context.resolve(output.pages[pageIndex].dictionary.get('Annots')) as PdfValue[]).map(
			(item) => output.context.resolve(item) as PdfDict,
		);

	test('every page renders and reads as its source: stamps and filled fields print from their appearance streams', () => {
		expectSameAsSources(tools, joined.pdf, [cover(), source], 5);
	});

	test('/P, destinations and actions point at the new pages; what leads elsewhere is left out', () => {
		expect(annotations(2).map((each) => described(each, output))).toEqual([
			{
				Type: '/Annot',
				Subtype: '/Stamp',
				Rect: [350, 600, 550, 660],
				P: 'page 3',
				AP: { N: 'stream' },
				F: 4,
				Contents: '\u00fe\u00ff\u0000A\u0000p\u0000p',
				NM: 'stamp (1) a\\b',
			},
			{
				Type: '/Annot',
				Subtype: '/Link',
				Rect: [72, 500, 200, 520],
				Border: [0, 0, 0],
				P: 'page 3',
				Dest: ['page 4', '/XYZ', 0, 792, 0],
			},
			{
				Type: '/Annot',
				Subtype: '/Link',
				Rect: [72, 500, 200, 520],
				Border: [0, 0, 0],
				P: 'page 3',
				Dest: ['page 4', '/Fit'],
			},
			{
				Type: '/Annot',
				Subtype: '/Link',
				Rect: [72, 500, 200, 520],
				Border: [0, 0, 0],
				P: 'page 3',
				Dest: ['page 5', '/Fit'],
			},
			{
				Type: '/Annot',
				Subtype: '/Link',
				Rect: [72, 500, 200, 520],
				Border: [0, 0, 0],
				P: 'page 3',
				A: { S: '/GoTo', D: ['page 5', '/Fit'] },
			},
			{
				Type: '/Annot',
				Subtype: '/Link',
				Rect: [72, 500, 200, 520],
				Border: [0, 0, 0],
				P: 'page 3',
			},
			{
				Type: '/Annot',
				Subtype: '/Link',
				Rect: [72, 500, 200, 520],
				Border: [0, 0, 0],
				P: 'page 3',
				A: { S: '/URI', URI: 'https://example.org/results' },
			},
			{
				Type: '/Annot',
				Subtype: '/Link',
				Rect: [72, 500, 200, 520],
				Border: [0, 0, 0],
				P: 'page 3',
			},
			{ Type: '/Annot', Subtype: '/Popup', Rect: [350, 500, 550, 600], Open: false },
			{
				Type: '/Annot',
				Subtype: '/Widget',
				P: 'page 3',
				Rect: [72, 300, 300, 330],
				F: 4,
				AP: { N: 'stream' },
			},
			{
				Type: '/Annot',
				Subtype: '/Widget',
				FT: '/Btn',
				T: 'stray',
				Rect: [400, 300, 420, 320],
				F: 4,
				AS: '/On',
				AP: { N: { On: 'stream' } },
			},
		]);
		expect(annotations(3).map((each) => described(each, output))).toEqual([
			{
				Type: '/Annot',
				Subtype: '/Widget',
				P: 'page 4',
				Rect: [72, 300, 300, 330],
				F: 4,
				AP: { N: 'stream' },
			},
		]);
		// The stray widget's /P led to a page outside the tree: written as null.
		expect(joined.pdf.toString('latin1')).toContain('/P null');
	});

	test("a popup's /Parent is its stamp; a widget's /Parent is its field, copied once, whose /Kids are both pages' widgets", () => {
		const [stamp, , , , , , , , popup, widget] = annotations(2);
		expect(output.context.resolve(popup.get('Parent'))).toBe(stamp);
		expect(output.context.resolve(stamp.get('Popup'))).toBe(popup);
		const field = output.context.resolve(widget.get('Parent')) as PdfDict;
		expect(described(field, output)).toEqual({
			FT: '/Tx',
			T: 'patient',
			V: 'Jane Q. Patient',
			DA: '/Helv 12 Tf 0 g',
			Kids: [
				{
					Type: '/Annot',
					Subtype: '/Widget',
					P: 'page 3',
					Rect: [72, 300, 300, 330],
					F: 4,
					AP: { N: 'stream' },
				},
				{
					Type: '/Annot',
					Subtype: '/Widget',
					P: 'page 4',
					Rect: [72, 300, 300, 330],
					F: 4,
					AP: { N: 'stream' },
				},
			],
		});
		expect(output.context.resolve(annotations(3)[0].get('Parent'))).toBe(field);
	});

	test("the joined /AcroForm lists the copied widgets' root fields: the field of both pages' widgets once, and the stray widget that is its own field", () => {
		const form = output.context.resolve(
			output.context.destinations.catalog.get('AcroForm'),
		) as PdfDict;
		const onPage3 = output.context.resolve(output.pages[2].dictionary.get('Annots')) as PdfRef[];
		const field = annotations(2)[9].get('Parent') as PdfRef;
		expect([...form.entries.keys()]).toEqual(['Fields']);
		expect((form.get('Fields') as PdfRef[]).map((reference) => reference.objectNumber)).toEqual([
			field.objectNumber,
			onPage3[10].objectNumber,
		]);
	});

	test('no page outside the tree and no source /Pages node is copied', () => {
		const text = joined.pdf.toString('latin1');
		expect(text.match(/\/Type \/Pages\b/g)).toHaveLength(1);
		expect(text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(5);
		expect(text).not.toContain('Chapter2');
		expect(text).not.toContain('Appendix');
	});
});
