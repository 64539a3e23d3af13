/**
 * More of the corpus proof (corpus.ts, joins.ts): a cover sheet and two or three documents of different
 * producers and shapes joined into one fax (every corpus document in one), the same document twice,
 * and the files a reader must not join as they are: encrypted ones are refused as 'encrypted'; a file
 * cut short is either rebuilt with every page of the file it was cut from, each as it was, or refused
 * as 'damaged', never joined with fewer pages. Last, two pages whose look depends on the catalog.
 */
import { DocumentError, joinDocuments, openDocument } from '../../../../nodes/shared/pdf';
import { SOUND_PDF } from '../../../harness/pdf-reader';
import { documentError } from '../../../harness/pdf/documentError';
import type { CorpusDocument } from './corpus';
import { DOCUMENT_NAMES, REFUSED } from './corpus';
import { coverSheet, useCorpusSuite } from './joins';
import { hiddenLayerDocument, pdfKitFormDocument } from './producers';
import { differences } from './tools';
import { ceiling } from '../../../harness/machine';

jest.setTimeout(ceiling(60_000));

const suite = useCorpusSuite('pdf-corpus-more-');

/**
 * Every suite.corpus document once more, in a packet of three with a cover sheet: the first half of the list
 * each with one of the second half (producers, cross-reference kinds and page shapes mixed); then a
 * packet of four, and the same document twice.
 */
const HALF = Math.ceil(DOCUMENT_NAMES.length / 2);
const PACKETS = [
	...DOCUMENT_NAMES.slice(0, HALF).map((name, index) => [
		name,
		DOCUMENT_NAMES[(index + HALF) % DOCUMENT_NAMES.length],
	]),
	['letter.base', 'pdflib.incremental', 'tiff.g3-2d'],
	['pdfkit.objstm', 'pdfkit.objstm'],
];

describe('a cover sheet and several documents', () => {
	test.each(PACKETS.map((names) => [names.join(' + '), names]))(
		'%s: sound, every page as it was',
		async (_, names) => {
			const documents = names.map((name) => suite.corpus.byName(name));
			const sourcePages = await Promise.all(
				documents.map(async (document) => (await suite.checker.source(document)).read.pages),
			);
			expect(await suite.checker.expectJoined(documents)).toBe(
				1 + sourcePages.reduce((sum, pages) => sum + pages, 0),
			);
		},
	);

	test('one opened document given twice: its pages twice, each copy whole', async () => {
		const document = suite.corpus.byName('ghostscript.objstm');
		const source = await suite.checker.source(document);
		const opened = openDocument(document.bytes);
		const joined = joinDocuments([openDocument(coverSheet(2 * source.read.pages)), opened, opened]);
		const output = await suite.tools.profile(joined.pdf);
		expect(output.read.check).toEqual(SOUND_PDF);
		expect(output.read.pages).toBe(1 + 2 * source.read.pages);
		expect(
			differences(output, [
				await suite.tools.profile(coverSheet(2 * source.read.pages)),
				source,
				source,
			]),
		).toEqual({ renders: [], texts: [], images: [] });
	});
});

describe('files that are not joined as they are', () => {
	const encrypted = REFUSED.filter((refused) => refused.expected === 'encrypted').map(
		(refused) => refused.name,
	);
	const damaged = REFUSED.filter((refused) => refused.expected === 'damagedOrComplete').map(
		(refused) => refused.name,
	);
	const refused = (name: string) =>
		suite.corpus.refused.find((document) => document.name === name)!;

	test.each(encrypted)('%s: DocumentError encrypted', (name) => {
		expect(documentError(() => openDocument(refused(name).bytes)).reason).toBe('encrypted');
	});

	test.each(damaged)(
		'%s: rebuilt with every page of the whole file, or DocumentError damaged',
		async (name) => {
			const document = refused(name);
			let opened: ReturnType<typeof openDocument> | undefined;
			try {
				opened = openDocument(document.bytes);
			} catch (error) {
				expect(error).toBeInstanceOf(DocumentError);
				expect((error as DocumentError).reason).toBe('damaged');
				return;
			}
			expect(opened.pageCount).toBe((await suite.checker.source(document.original)).read.pages);
			await suite.checker.expectJoined([document], [document.original]);
		},
	);

	test('a file cut before its cross-reference is rebuilt, not refused (every object is there)', () => {
		expect(
			damaged
				.filter((name) => name.endsWith('cut-before-xref'))
				.map((name) => openDocument(refused(name).bytes).pageCount),
		).toEqual([3, 3, 3]);
	});
});

/**
 * What a viewer shows of these pages depends on the source's catalog (/AcroForm /NeedAppearances,
 * /OCProperties), which the joiner carries over (compose/catalog.ts). The fax must show what the clinic's file showed.
 */
describe('what depends on the catalog', () => {
	const document = (name: string, bytes: Buffer): CorpusDocument => ({
		name,
		kind: 'pdf',
		file: '',
		bytes,
	});

	test('a form filled without appearance streams (pdfkit, /NeedAppearances): the value still shows', async () => {
		await suite.checker.expectJoined([document('pdfkit-form', await pdfKitFormDocument())]);
	});

	test('a layer that is off (optional content, /OCProperties /D /OFF): still hidden', async () => {
		await suite.checker.expectJoined([document('hidden-layer', hiddenLayerDocument())]);
	});
});
