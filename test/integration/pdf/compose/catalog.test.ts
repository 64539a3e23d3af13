import { joinDocuments } from '../../../../nodes/shared/pdf/compose/join';
import { readPdf } from '../../../../nodes/shared/pdf/read/document';
import type { PdfRef, PdfValue } from '../../../../nodes/shared/pdf/read/objects';
import { PdfDict } from '../../../../nodes/shared/pdf/read/objects';
import { words } from '../../../harness/pdf-reader';
import { pdfKitFormDocument } from '../corpus/producers';
import { handmadePdf } from '../../../harness/pdf/handmade';
import { letter } from '../helpers/sources';
import { compareJoined, expectSameAsSources, pdfTools } from '../helpers/tools';
import {
	coverSheet,
	formForTheViewer,
	formWithAppearances,
	layersOffByBaseState,
	layersOffByList,
} from './catalogSources';
import { qpdfCatalog } from './qpdfCatalog';

/**
 * What the joined catalog carries of the sources' catalogs (compose/catalog.ts): the forms, so a value
 * left for the viewer to draw still shows, and the layers that are off, so what they hide stays hidden.
 * Every join is checked as a fax is (qpdf --check, each page rendered and read as its source page), and
 * its catalog by value as qpdf reads it.
 */

const tools = pdfTools('fax-pdf-catalog-');
afterAll(() => tools.dispose());

/** Joins the sources behind a cover sheet; checks every page against its source; qpdf's view of the catalog. */
function joinedBehindCover(sources: readonly Buffer[]) {
	const pages = sources.reduce((sum, source) => sum + readPdf(source).pageCount, 0);
	const all = [coverSheet(pages), ...sources];
	const joined = joinDocuments(all.map((source) => readPdf(source))).pdf;
	const check = expectSameAsSources(tools, joined, all, pages + 1);
	return { joined, read: check.joined, catalog: qpdfCatalog(check.joined.file) };
}

const distinct = (references: readonly string[]) => new Set(references).size;

describe('forms: every copied widget is a field of the joined form', () => {
	test('filled for the viewer to draw (no /AP, /NeedAppearances): the values show, the form says so, its /DR copied', () => {
		const { read, catalog } = joinedBehindCover([formForTheViewer()]);
		expect(words(read.pageTexts[1])).toContain('Patient name: Jane Roe');
		expect(words(read.pageTexts[2])).toContain('Date of birth: 1970-01-01');
		expect(catalog.fields).toEqual([
			'patient.name = Jane Roe (page 2)',
			'dob = 1970-01-01 (page 3)',
		]);
		expect(catalog.needAppearances).toBe(true);
		expect(Object.keys(catalog.form!)).toEqual(['/DA', '/DR', '/Fields', '/NeedAppearances']);
		expect(catalog.form!['/DA']).toBe('u:/Helv 0 Tf 0 g');
		expect(catalog.fonts).toEqual({ '/Helv': '/Helvetica' });
		// The roots: "patient" (over "name", over page 2's widget) and "dob", a widget that is its own field.
		expect(catalog.fieldReferences.map((reference) => catalog.object(reference)['/T'])).toEqual([
			'u:patient',
			'u:dob',
		]);
	});

	test('with its own appearance streams (no /NeedAppearances): drawn from them, and the joined form does not ask for appearances', () => {
		const { read, catalog } = joinedBehindCover([formWithAppearances()]);
		expect(words(read.pageTexts[1])).toContain('Dr. Amelia Hartmann');
		expect(catalog.fields).toEqual([
			'physician = Dr. Amelia Hartmann (page 2)',
			'urgent = /Yes (page 2)',
		]);
		expect(catalog.needAppearances).toBe(false);
		expect(Object.keys(catalog.form!)).toEqual(['/DA', '/DR', '/Fields']);
		expect(catalog.fonts).toEqual({ '/Helv': '/Helvetica', '/ZaDb': '/ZapfDingbats' });
	});

	test("two forms the viewer draws, with different defaults: /DR merged, the first's /DA, the second's written into its root field", async () => {
		const { catalog } = joinedBehindCover([formForTheViewer(), await pdfKitFormDocument()]);
		expect(catalog.fields).toEqual([
			'patient.name = Jane Roe (page 2)',
			'dob = 1970-01-01 (page 3)',
			'patient = Jane Roe (page 4)',
		]);
		expect(catalog.needAppearances).toBe(true);
		expect(catalog.form!['/DA']).toBe('u:/Helv 0 Tf 0 g');
		expect(catalog.fonts).toEqual({ '/Helv': '/Helvetica', '/F1': '/Helvetica' });
		const [patient, dob, pdfKitPatient] = catalog.fieldReferences.map(catalog.object);
		expect([patient['/DA'], dob['/DA'], pdfKitPatient['/DA']]).toEqual([
			undefined,
			undefined,
			'u:/F1 0 Tf 0 g',
		]);
	});

	test('one with appearance streams, then one the viewer draws: the values of both show; /DR clashes go to the first', () => {
		const sources = [formWithAppearances(), formForTheViewer()];
		const joined = joinDocuments([
			readPdf(coverSheet(3)),
			...sources.map((source) => readPdf(source)),
		]).pdf;
		const check = compareJoined(tools, joined, [coverSheet(3), ...sources]);
		// /NeedAppearances is for the whole file: a viewer redraws the first form's fields from their values
		// (its page may look different, its values stay); the cover and the second form are as they were.
		expect(check.differentRenders.filter((index) => index !== 1)).toEqual([]);
		expect(check.differentTexts.filter((index) => index !== 1)).toEqual([]);
		expect(words(check.joined.pageTexts[1])).toContain('Dr. Amelia Hartmann');
		const catalog = qpdfCatalog(check.joined.file);
		expect(catalog.needAppearances).toBe(true);
		expect(catalog.fields).toEqual([
			'physician = Dr. Amelia Hartmann (page 2)',
			'urgent = /Yes (page 2)',
			'patient.name = Jane Roe (page 3)',
			'dob = 1970-01-01 (page 4)',
		]);
		expect(catalog.form!['/DA']).toBe('u:/Helv 12 Tf 0 g');
		// Both name a /Helv: the first form's (the one its appearance stream uses) is kept.
		const physician = catalog.object(catalog.fieldReferences[0]);
		const appearance = catalog.object((physician['/AP'] as Record<string, string>)['/N']);
		expect((catalog.form!['/DR'] as Record<string, Record<string, string>>)['/Font']['/Helv']).toBe(
			(appearance['/Resources'] as Record<string, Record<string, string>>)['/Font']['/Helv'],
		);
		const [, , patient, dob] = catalog.fieldReferences.map(catalog.object);
		expect([patient['/DA'], dob['/DA']]).toEqual(['u:/Helv 0 Tf 0 g', 'u:/Helv 0 Tf 0 g']);
	});

	test('the same form given twice: its fields twice, each copy a field of its own', () => {
		const form = formForTheViewer();
		const { catalog } = joinedBehindCover([form, form]);
		expect(catalog.fields).toEqual([
			'patient.name = Jane Roe (page 2)',
			'dob = 1970-01-01 (page 3)',
			'patient.name = Jane Roe (page 4)',
			'dob = 1970-01-01 (page 5)',
		]);
		expect(distinct(catalog.fieldReferences)).toBe(4);
	});
});

describe('layers: what is off by default in its document stays off', () => {
	test('off by /OFF: the draft mark hidden, the signature shown; a listed layer no page uses is not copied', () => {
		const { joined, read, catalog } = joinedBehindCover([layersOffByList()]);
		expect(words(read.pageTexts[1])).toContain('Signed Dr. Roe');
		expect(read.pageTexts[1]).not.toContain('DRAFT');
		expect(catalog.layers).toEqual(['Draft', 'Signature']);
		expect(catalog.layersOff).toEqual(['Draft']);
		expect(catalog.object('1 0 R')['/OCProperties']).toEqual({
			'/OCGs': catalog.layerReferences,
			'/D': { '/OFF': [catalog.layerReferences[0]] },
		});
		expect(joined.toString('latin1')).not.toContain('Unused');
	});

	test('off by /BaseState /OFF: the watermark hidden, the layer in /ON shown, and content shown because the watermark is off', () => {
		const { read, catalog } = joinedBehindCover([layersOffByBaseState()]);
		expect(words(read.pageTexts[1])).toContain('Received stamp');
		expect(words(read.pageTexts[1])).toContain('Clean copy');
		expect(read.pageTexts[1]).not.toContain('COPY watermark');
		expect(catalog.layers).toEqual(['Watermark', 'Stamp']);
		expect(catalog.layersOff).toEqual(['Watermark']);
	});

	test('two documents with layers, and one given twice: every copied layer listed, each document off as it was', () => {
		const byList = layersOffByList();
		const { catalog } = joinedBehindCover([byList, layersOffByBaseState(), byList]);
		expect(catalog.layers).toEqual([
			'Draft',
			'Signature',
			'Watermark',
			'Stamp',
			'Draft',
			'Signature',
		]);
		expect(catalog.layersOff).toEqual(['Draft', 'Watermark', 'Draft']);
		expect(distinct(catalog.layerReferences)).toBe(6);
	});
});

describe('forms and layers together, and documents with neither', () => {
	test('a form, layers and a letter: the catalog has both, every page as it was', async () => {
		const { catalog } = joinedBehindCover([
			await pdfKitFormDocument(),
			layersOffByList(),
			letter(10),
		]);
		expect(catalog.keys.sort()).toEqual(['/AcroForm', '/OCProperties', '/Pages', '/Type']);
		expect(catalog.fields).toEqual(['patient = Jane Roe (page 2)']);
		expect(catalog.layersOff).toEqual(['Draft']);
	});

	test('a broken catalog whose /OCGs name a page, and a widget whose /Parent is a page: no page listed as a field or a layer', () => {
		const broken = handmadePdf([
			'<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> /OCProperties << /OCGs [3 0 R 5 0 R] /D << /OFF [3 0 R] >> >> >>',
			'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
			'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Properties << /L 5 0 R >> >> /Annots [4 0 R] >>',
			'<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /Rect [0 0 10 10] /Parent 3 0 R >>',
			'<< /Type /OCG /Name (L) >>',
		]).pdf;
		const joined = readPdf(joinDocuments([readPdf(broken)]).pdf);
		const catalog = joined.context.destinations.catalog;
		const form = joined.context.resolve(catalog.get('AcroForm')) as PdfDict;
		const properties = joined.context.resolve(catalog.get('OCProperties')) as PdfDict;
		const listed = (value: PdfValue | undefined) =>
			(value as PdfRef[])
				.map((reference) => joined.context.resolve(reference) as PdfDict)
				.map((listed) => listed.name('Type'));
		expect(listed(form.get('Fields'))).toEqual(['Annot']);
		expect(listed(properties.get('OCGs'))).toEqual(['OCG']);
		expect(listed((properties.get('D') as PdfDict).get('OFF'))).toEqual([]);
	});

	test('documents without a form or layers: the catalog is /Type and /Pages alone', () => {
		const { catalog } = joinedBehindCover([letter(10)]);
		expect(catalog.keys.sort()).toEqual(['/Pages', '/Type']);
	});
});
