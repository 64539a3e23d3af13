import { readPdf } from '../../../../nodes/shared/pdf/read/document';
import type { PdfValue } from '../../../../nodes/shared/pdf/read/objects';
import { PdfName, PdfRef, PdfString } from '../../../../nodes/shared/pdf/read/objects';
import { HELVETICA, handmadePdf } from '../../../harness/pdf/handmade';

/**
 * What readPdf takes from the catalog for the joiner (read/form.ts, read/optionalContent.ts): the root
 * fields of the widgets on the pages and the form's defaults, with /DR reached only when there are
 * widgets; the layers and which are off by default, with a layer reached only when a page uses it.
 */

const page = (entries: string) =>
	`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${entries} >>`;
const widget = (entries: string) =>
	`<< /Type /Annot /Subtype /Widget /Rect [0 0 10 10] ${entries} >>`;
const numbers = (references: readonly PdfRef[] | undefined) =>
	references?.map((reference) => reference.objectNumber);
const shown = (value: PdfValue | undefined) =>
	value instanceof PdfString
		? Buffer.from(value.bytes).toString('latin1')
		: value instanceof PdfName
			? `/${value.value}`
			: value;

describe('the form', () => {
	/** Pages 3 and 4; widgets 5-8 and 12; fields 9-11; /DR's font 13 (used by no page). */
	const form = (acroForm: string) =>
		handmadePdf([
			`<< /Type /Catalog /Pages 2 0 R ${acroForm} >>`,
			'<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
			page('/Annots [5 0 R 6 0 R 12 0 R 7 0 R]'),
			page(
				'/Annots [8 0 R 5 0 R << /Type /Annot /Subtype /Widget /Rect [0 0 1 1] /Parent 11 0 R >>]',
			),
			widget('/Parent 9 0 R'),
			widget('/FT /Tx /T (own)'),
			widget('/Parent 10 0 R'),
			widget('/Parent 14 0 R'),
			'<< /T (root) /Kids [10 0 R 5 0 R] >>',
			'<< /T (kid) /Parent 9 0 R /Kids [7 0 R] >>',
			'<< /T (other) /Kids [] >>',
			'<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /Parent 9 0 R >>',
			HELVETICA,
			'<< /T (looped) /Parent 15 0 R >>',
			'<< /T (looped back) /Parent 14 0 R >>',
		]).pdf;
	const acroForm =
		'/AcroForm << /Fields [9 0 R 6 0 R] /NeedAppearances true /DA (/Helv 0 Tf 0 g) /Q 1 /DR << /Font << /Helv 13 0 R >> >> >>';

	test('the root of each widget, in page order, once: up its /Parent chain, the widget itself without one, a loop stopped', () => {
		const document = readPdf(form(acroForm));
		// Page 3: 5 -> 9, 6 itself, (12 is no widget), 7 -> 10 -> 9; page 4: 8 -> 14 -> 15 (-> 14: a loop), 5 again, an inline widget -> 11.
		expect(numbers(document.form?.fields)).toEqual([9, 6, 15, 11]);
		expect(document.form?.needAppearances).toBe(true);
		expect(shown(document.form?.defaultAppearance)).toBe('/Helv 0 Tf 0 g');
		expect(document.form?.quadding).toBe(1);
		expect([...(document.form?.resources.keys() ?? [])]).toEqual(['Font']);
		// The /DR font is read with what the pages reach, though no page uses it.
		expect(document.objectNumbers).toContain(13);
	});

	test('a form with no widget on the pages lends nothing: no defaults, /DR not reached', () => {
		const withoutWidgets = readPdf(
			handmadePdf([
				`<< /Type /Catalog /Pages 2 0 R ${acroForm.replace('13 0 R', '4 0 R')} >>`,
				'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
				page(''),
				HELVETICA,
			]).pdf,
		);
		expect(withoutWidgets.form).toEqual({
			fields: [],
			needAppearances: false,
			defaultAppearance: undefined,
			quadding: undefined,
			resources: new Map(),
		});
		expect(withoutWidgets.objectNumbers).not.toContain(4);
	});

	test('no /AcroForm: no form, whatever widgets the pages have', () => {
		expect(readPdf(form('')).form).toBeUndefined();
	});
});

describe('the layers', () => {
	/** Groups 5-9 in /OCGs (7 twice, and a number that is no reference); page 3 uses 5, 6 and 7 through /Properties, and 8 through an OCMD. */
	const layers = (defaults: string) =>
		handmadePdf([
			`<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [5 0 R 6 0 R 7 0 R 7 0 R 8 0 R 9 0 R 42] /D << ${defaults} >> >> >>`,
			'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
			page('/Resources << /Properties << /A 5 0 R /B 6 0 R /C 7 0 R /M 10 0 R >> >>'),
			null,
			'<< /Type /OCG /Name (A) >>',
			'<< /Type /OCG /Name (B) >>',
			'<< /Type /OCG /Name (C) >>',
			'<< /Type /OCG /Name (D) >>',
			'<< /Type /OCG /Name (unused) >>',
			'<< /Type /OCMD /OCGs [8 0 R] >>',
		]).pdf;
	const off = (defaults: string) => {
		const optionalContent = readPdf(layers(defaults)).optionalContent!;
		return [...optionalContent.off].sort();
	};

	test('every group of /OCGs once; a group is reached only when a page uses it (directly or through a membership dictionary)', () => {
		const document = readPdf(layers(''));
		expect(numbers(document.optionalContent?.groups)).toEqual([5, 6, 7, 8, 9]);
		expect(document.objectNumbers.slice().sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 10]);
	});

	test('off: in /OFF, or /BaseState /OFF and not in /ON; /OFF wins over /ON; /BaseState /ON and /Unchanged leave the rest on', () => {
		expect(off('')).toEqual([]);
		expect(off('/OFF [6 0 R]')).toEqual([6]);
		expect(off('/BaseState /OFF')).toEqual([5, 6, 7, 8, 9]);
		expect(off('/BaseState /OFF /ON [5 0 R 7 0 R]')).toEqual([6, 8, 9]);
		expect(off('/BaseState /OFF /ON [5 0 R 7 0 R] /OFF [7 0 R]')).toEqual([6, 7, 8, 9]);
		expect(off('/BaseState /ON /OFF [8 0 R]')).toEqual([8]);
		expect(off('/BaseState /Unchanged /ON [5 0 R] /OFF [9 0 R]')).toEqual([9]);
	});

	test('no /OCProperties: no layers', () => {
		expect(
			readPdf(
				handmadePdf([
					'<< /Type /Catalog /Pages 2 0 R >>',
					'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
					page(''),
				]).pdf,
			).optionalContent,
		).toBeUndefined();
	});
});
