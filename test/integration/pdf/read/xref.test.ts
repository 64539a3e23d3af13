import { joinDocuments } from '../../../../nodes/shared/pdf/compose/join';
import { DecodeBudget } from '../../../../nodes/shared/pdf/read/decode';
import { readPdf } from '../../../../nodes/shared/pdf/read/document';
import { PdfRef } from '../../../../nodes/shared/pdf/read/objects';
import { readCrossReference } from '../../../../nodes/shared/pdf/read/xref';
import { words } from '../../../harness/pdf-reader';
import type { HandObject } from '../../../harness/pdf/handmade';
import {
	HELVETICA,
	appendUpdate,
	handmadePdf,
	objectStream,
	standardEntry,
	textContent,
	xrefStream,
} from '../../../harness/pdf/handmade';
import { letter, ourXref, qpdfXref } from '../helpers/sources';
import { expectSameAsSources, pdfTools } from '../helpers/tools';

/**
 * Every cross-reference form a file comes in: what qpdf writes (classic, streams, linearized, QDF),
 * hybrid files, incremental updates (classic and stream sections), and the table faults readers
 * tolerate. Each is read into the entries qpdf reads, then joined and compared with its source.
 */

const tools = pdfTools('fax-pdf-xref-');
afterAll(() => tools.dispose());

const crossReference = (pdf: Buffer) => readCrossReference(pdf, new DecodeBudget(1 << 26));
const startxrefOf = (pdf: Buffer): number =>
	Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString('latin1'))![1]);

/** One page of text: catalog 1, pages 2, page 3, content 4, font 5. */
function onePage(text: string): HandObject[] {
	return [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
		{ entries: '', data: textContent([text]) },
		HELVETICA,
	];
}

describe('the forms qpdf writes: the entries qpdf reads, the same pages', () => {
	const base = letter(100, true);
	const PAGES = 4;

	test.each([
		['a classic table (renderLetter)', []],
		['object streams and a cross-reference stream', ['--object-streams=generate']],
		[
			'linearized: the first-page table at the front, the main one at the end, both merged',
			['--linearize'],
		],
		['linearized with object streams', ['--linearize', '--object-streams=generate']],
		['QDF', ['--qdf']],
		['compressed streams in object streams', ['--compress-streams=y', '--object-streams=generate']],
		['uncompressed streams', ['--stream-data=uncompress']],
	])('%s', (_, options) => {
		const pdf = options.length === 0 ? base : tools.qpdf(base, options);
		const source = tools.read(pdf);
		expect(ourXref(crossReference(pdf))).toEqual(qpdfXref(tools, source.file));
		const document = readPdf(pdf);
		expect(document.pageCount).toBe(PAGES);
		expectSameAsSources(tools, joinDocuments([document]).pdf, [pdf], PAGES);
	});
});

describe('hybrid files: a classic table and the cross-reference stream its trailer names (/XRefStm)', () => {
	/** The font (5) is in an object stream (6) that only the stream (7) lists; the table has 5 as free. */
	function hybrid(): Buffer {
		const objects: Array<HandObject | null> = [
			...onePage('Hybrid file').slice(0, 4),
			null,
			objectStream([[5, HELVETICA]]),
			{ entries: '', data: '' },
		];
		const layout = handmadePdf(objects);
		objects[6] = xrefStream([[2, 6, 0]], '/Index [5 1] /Size 8');
		return handmadePdf(objects, { trailer: `/XRefStm ${layout.offsets[7]}` }).pdf;
	}

	/** The same with object 5 left out of the table (subsections 0-4 and 6-7), as poppler needs it. */
	const leftOut = (pdf: Buffer): Buffer =>
		Buffer.from(
			pdf
				.toString('latin1')
				.replace('xref\n0 8\n', 'xref\n0 5\n')
				.replace('0000000000 00000 f\r\n', '6 2\n'),
			'latin1',
		);

	test.each([
		['the table leaves out', leftOut(hybrid()), leftOut(hybrid())],
		// poppler does not look past such a free entry: the reference is the same page without the object stream.
		['the table lists as free', hybrid(), handmadePdf(onePage('Hybrid file')).pdf],
	])('the stream adds the objects %s', (_, pdf, reference) => {
		const read = crossReference(pdf);
		expect(read.rebuilt).toBe(false);
		expect(ourXref(read)).toEqual(
			new Map([
				[1, 'offset 15'],
				[2, 'offset 64'],
				[3, 'offset 121'],
				[4, 'offset 247'],
				[5, 'stream 6 index 0'],
				[6, 'offset 349'],
				[7, 'offset 525'],
			]),
		);
		expectSameAsSources(tools, joinDocuments([readPdf(pdf)]).pdf, [reference], 1);
	});
});

describe('incremental updates: the /Prev chain, the newest entry wins', () => {
	const base = handmadePdf(onePage('Original text'));
	const edited = appendUpdate(
		base,
		new Map([[4, { entries: '', data: textContent(['Updated text']) }]]),
		6,
	);
	const added = appendUpdate(
		edited,
		new Map<number, HandObject>([
			[2, '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>'],
			[
				6,
				'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 7 0 R >>',
			],
			[7, { entries: '', data: textContent(['Added page']) }],
		]),
		8,
	);

	test('an edited page and an added page, two updates deep', () => {
		expect(crossReference(added.pdf).entries.get(4)).toEqual({
			kind: 'offset',
			offset: edited.offsets[4],
		});
		const document = readPdf(added.pdf);
		expect(document.pageCount).toBe(2);
		const { joined } = expectSameAsSources(tools, joinDocuments([document]).pdf, [added.pdf], 2);
		expect(joined.pageTexts.map(words)).toEqual(['Updated text', 'Added page']);
	});

	test('a /Prev that points at its own section ends the chain (then the rebuild finds the rest)', () => {
		const looped = Buffer.from(
			edited.pdf
				.toString('latin1')
				.replace(`/Prev ${base.xrefOffset}`, `/Prev ${edited.xrefOffset}`),
			'latin1',
		);
		expect([...crossReference(looped).entries.keys()]).toEqual([4]);
		const { joined } = expectSameAsSources(
			tools,
			joinDocuments([readPdf(looped)]).pdf,
			[edited.pdf],
			1,
		);
		expect(words(joined.text)).toBe('Updated text');
	});

	test('a stream section (/Type /XRef with /Index and /Prev) on top of a file with object streams', () => {
		const compressed = tools.qpdf(base.pdf, ['--object-streams=generate']);
		const before = readPdf(compressed);
		const contents = before.pages[0].dictionary.get('Contents') as PdfRef;
		const root = crossReference(compressed).root!.objectNumber;
		const size = Math.max(...crossReference(compressed).entries.keys()) + 1;
		const stream = `${contents.objectNumber} 0 obj\n<< /Length 200 >>\nstream\n${textContent(['Updated in a stream section']).padEnd(200)}\nendstream\nendobj\n`;
		const xrefAt = compressed.length + stream.length;
		const section = xrefStream(
			[
				[1, compressed.length, 0],
				[1, xrefAt, 0],
			],
			`/Index [${contents.objectNumber} 1 ${size} 1] /Size ${size + 1} /Root ${root} 0 R /Prev ${startxrefOf(compressed)}`,
		) as { entries: string; data: Buffer };
		const update = Buffer.concat([
			compressed,
			Buffer.from(
				`${stream}${size} 0 obj\n<< /Length ${section.data.length} ${section.entries} >>\nstream\n`,
				'latin1',
			),
			section.data,
			Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'),
		]);
		expect(crossReference(update).entries.get(contents.objectNumber)).toEqual({
			kind: 'offset',
			offset: compressed.length,
		});
		const { joined } = expectSameAsSources(
			tools,
			joinDocuments([readPdf(update)]).pdf,
			[update],
			1,
		);
		expect(words(joined.text)).toBe('Updated in a stream section');
	});
});

describe('table faults that readers tolerate, read without a rebuild', () => {
	const pages = onePage('Tolerated table');

	test.each([
		[
			'entries of space and LF (as qpdf writes them)',
			(offset: number) => `${String(offset).padStart(10, '0')} 00000 n \n`,
		],
		[
			'entries of space and CR',
			(offset: number) => `${String(offset).padStart(10, '0')} 00000 n \r`,
		],
		[
			'19-byte entries ending in LF alone',
			(offset: number) => `${String(offset).padStart(10, '0')} 00000 n\n`,
		],
		[
			'entries ending in a space and CR LF',
			(offset: number) => `${String(offset).padStart(10, '0')} 00000 n \r\n`,
		],
		['short offsets without leading zeros', (offset: number) => `${offset} 0 n\n`],
	])('%s', (_, entry) => {
		const made = handmadePdf(pages, { entry });
		const read = crossReference(made.pdf);
		expect(ourXref(read)).toEqual(
			new Map(pages.map((_, index) => [index + 1, `offset ${made.offsets[index + 1]}`])),
		);
		expect(readPdf(made.pdf).pageCount).toBe(1);
	});

	test('a first subsection numbered 1 that starts with object 0 (the common off-by-one)', () => {
		const made = handmadePdf(pages, { firstObject: 1 });
		expect(made.pdf.toString('latin1')).toContain('xref\n1 6\n0000000000 65535 f\r\n');
		expect(crossReference(made.pdf).entries.get(1)).toEqual({
			kind: 'offset',
			offset: made.offsets[1],
		});
		expectSameAsSources(tools, joinDocuments([readPdf(made.pdf)]).pdf, [handmadePdf(pages).pdf], 1);
	});

	test('junk after %%EOF and before %PDF-', () => {
		const junk = `${'\0'.repeat(300)}<html><body>proxy error page</body></html>\n`;
		const made = handmadePdf(pages, { tail: junk, head: 'MIME-Version: 1.0\r\n\r\n' });
		expect(crossReference(made.pdf).rebuilt).toBe(false);
		expect(ourXref(crossReference(made.pdf)).get(3)).toBe(`offset ${made.offsets[3]}`);
		expectSameAsSources(tools, joinDocuments([readPdf(made.pdf)]).pdf, [handmadePdf(pages).pdf], 1);
	});

	test('an in-use entry with offset 0 is read as free', () => {
		const made = handmadePdf(pages);
		const withZero = Buffer.from(
			made.pdf.toString('latin1').replace(standardEntry(made.offsets[5]), standardEntry(0)),
			'latin1',
		);
		expect(crossReference(withZero).entries.get(5)).toEqual({ kind: 'free' });
	});
});
