/**
 * The joiner on a corpus of real-world-shaped files (corpus.ts): every PDF of every producer, in every
 * shape qpdf and an editor leave it, and every TIFF, joined behind a cover sheet, must come out sound
 * with every page as it was (joins.ts). First, the corpus is checked to be what it says it is, so that
 * a producer that changes its output cannot quietly make the proof weaker.
 */
import { spawnSync } from 'child_process';
import type { CorpusDocument } from './corpus';
import { DOCUMENT_NAMES, PRODUCERS, VARIANTS } from './corpus';
import { useCorpusSuite } from './joins';
import { ceiling } from '../../../harness/machine';

jest.setTimeout(ceiling(60_000));

const suite = useCorpusSuite('pdf-corpus-join-');

const qpdf = (args: string[]) => spawnSync('qpdf', args, { encoding: 'utf8' });
/** The file as qpdf --qdf writes it: every object uncompressed and outside object streams, readable as text. */
const qdf = (document: CorpusDocument) =>
	qpdf(['--qdf', '--object-streams=disable', document.file, '-']).stdout;
const hasCompressedObjects = (document: CorpusDocument) =>
	/: compressed; stream = /.test(qpdf(['--show-xref', document.file]).stdout);
const rotations = (document: CorpusDocument) =>
	[
		...spawnSync('pdfinfo', ['-f', '1', '-l', '99', document.file], {
			encoding: 'utf8',
		}).stdout.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm),
	].map((match) => Number(match[1]));
const encodings = async (document: CorpusDocument) =>
	(await suite.checker.source(document)).images
		.flat()
		.map((image) => image.split(' ').slice(3).join(' '));

describe('the suite.corpus is what it says', () => {
	test('each producer wrote its own kind of file', () => {
		const producer = (name: string) =>
			/^Producer:\s+(.*)$/m.exec(
				spawnSync('pdfinfo', [suite.corpus.byName(`${name}.base`).file], { encoding: 'utf8' })
					.stdout,
			)?.[1];
		expect(
			Object.fromEntries(
				['pdflib', 'pdfkit', 'jspdf', 'ghostscript', 'reportlab'].map((name) => [
					name,
					producer(name),
				]),
			),
		).toEqual({
			pdflib: 'pdf-lib (https://github.com/Hopding/pdf-lib)',
			pdfkit: 'PDFKit',
			jspdf: expect.stringMatching(/^jsPDF 4\./),
			ghostscript: expect.stringMatching(/^GPL Ghostscript/),
			reportlab: expect.stringMatching(/^ReportLab PDF Library/),
		});
		expect(suite.corpus.byName('jspdf.base').bytes.subarray(0, 8).toString('latin1')).toBe(
			'%PDF-1.3',
		);
	});

	test('pages are turned, carry annotations with appearance streams, inherit from the page tree', () => {
		expect(rotations(suite.corpus.byName('pdflib.base'))).toEqual([0, 90, 0]);
		expect(rotations(suite.corpus.byName('ghostscript.base'))).toEqual([0, 90, 0]);
		expect(rotations(suite.corpus.byName('reportlab.base'))).toEqual([0, 90, 0]);
		expect(rotations(suite.corpus.byName('inherited.base'))).toEqual([90, 180, 0]);
		expect(qdf(suite.corpus.byName('pdflib.base'))).toMatch(
			/\/AP <<\s+\/N \d+ 0 R[\s\S]*\/Subtype \/Widget/,
		);
		expect(qdf(suite.corpus.byName('reportlab.base'))).toMatch(
			/\/AP <<\s+\/N \d+ 0 R[\s\S]*\/Subtype \/Widget/,
		);
		expect(qdf(suite.corpus.byName('pdfkit.base'))).toMatch(
			/\/AP <<\s+\/N \d+ 0 R[\s\S]*\/Subtype \/Stamp/,
		);
		// The hand-written tree: no page has a MediaBox of its own but the A4 one, the root gives it.
		expect(
			suite.corpus
				.byName('inherited.base')
				.bytes.toString('latin1')
				.match(/\/MediaBox/g),
		).toHaveLength(2);
	});

	test('pages have images: grey, JPEG scans, CCITT and inline bilevel ones', async () => {
		expect(await encodings(suite.corpus.byName('scanned.base'))).toEqual(
			Array(6).fill('gray 1 8 jpeg'),
		);
		expect(await encodings(suite.corpus.byName('ghostscript.base'))).toEqual([
			'gray 1 8 image',
			'gray 1 1 ccitt',
			'gray 1 1 ccitt',
		]);
		expect(qdf(suite.corpus.byName('ghostscript.base'))).toMatch(/\bBI\b[\s\S]*\bID\b/);
		for (const name of ['pdflib', 'pdfkit', 'jspdf', 'reportlab'])
			expect(await encodings(suite.corpus.byName(`${name}.base`))).toContainEqual(
				expect.stringMatching(/ 8 image$/),
			);
		// A bilevel TIFF page is copied strip by strip: one CCITT image each.
		expect(new Set(await encodings(suite.corpus.byName('tiff.g4')))).toEqual(
			new Set(['gray 1 1 ccitt']),
		);
	});

	test('the variants are what qpdf and the editor made', async () => {
		for (const producer of PRODUCERS) {
			const variant = (name: string) => suite.corpus.byName(`${producer}.${name}`);
			expect({ producer, objstm: hasCompressedObjects(variant('objstm')) }).toEqual({
				producer,
				objstm: true,
			});
			expect({
				producer,
				linearized: qpdf(['--check', variant('linearized').file]).stdout,
			}).toEqual({ producer, linearized: expect.stringContaining('\nFile is linearized\n') });
			expect({ producer, flate: variant('uncompressed').bytes.includes('/FlateDecode') }).toEqual({
				producer,
				flate: false,
			});
			const incremental = variant('incremental').bytes.toString('latin1');
			expect({
				producer,
				updates: incremental.match(/%%EOF/g)?.length,
				prev: incremental.includes('/Prev'),
			}).toEqual({
				producer,
				updates: (variant('base').bytes.toString('latin1').match(/%%EOF/g)?.length ?? 0) + 1,
				prev: true,
			});
			// The update changes the first page: poppler draws the box.
			expect({
				producer,
				sameFirstPage: (await suite.checker.source(variant('incremental'))).renders[0].equals(
					(await suite.checker.source(variant('base'))).renders[0],
				),
			}).toEqual({
				producer,
				sameFirstPage: false,
			});
		}
		// pdf-lib writes object streams itself; an update of it is a cross-reference stream.
		expect(hasCompressedObjects(suite.corpus.byName('pdflib.base'))).toBe(true);
		expect(suite.corpus.byName('pdflib.incremental').bytes.toString('latin1')).toMatch(
			/\/Type \/XRef[^]*\/Prev \d+[^]*%%EOF\n$/,
		);
		expect(suite.corpus.byName('reportlab.incremental').bytes.toString('latin1')).toMatch(
			/\nxref\n\d+ 1\n[^]*trailer\n<<.*\/Prev \d+/,
		);
	});
});

describe('a cover sheet and one document', () => {
	test.each(DOCUMENT_NAMES)('%s: sound, every page as it was', async (name) => {
		const document = suite.corpus.byName(name);
		expect(await suite.checker.expectJoined([document])).toBe(
			(await suite.checker.source(document)).read.pages + 1,
		);
	});
});

test('the matrix covers every producer in every variant, and the TIFFs', () => {
	expect(DOCUMENT_NAMES).toHaveLength(PRODUCERS.length * VARIANTS.length + 6);
});
