/**
 * Damaged PDFs from public test corpora (qpdf's and pdf.js's; test/fixtures/damaged-pdf/README.md:
 * source, commit, licence, damage). Each is taken the way the node takes a document (openDocument, then
 * joinDocuments alone) and either copied — qpdf --check finds the copy sound, and every page renders
 * (pdftoppm -r 50) to the same pixels as poppler renders the source's page — or refused with the reason
 * and message that say what cannot be read.
 */
import { spawnSync } from 'child_process';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { joinDocuments, openDocument } from '../../../nodes/shared/pdf';
import { PdfDict } from '../../../nodes/shared/pdf/read/objects';
import { documentError } from '../../harness/pdf/documentError';
import { SOUND_PDF } from '../../harness/pdf-reader';
import { compareJoined, pdfTools } from './helpers/tools';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'damaged-pdf');
const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));

const tools = pdfTools('damaged-corpus-');
afterAll(() => tools.dispose());

/** Files copied, with their page count as qpdf and poppler read it. */
const COPIED: ReadonlyArray<[name: string, pages: number]> = [
	['qpdf-bad24.pdf', 1],
	['qpdf-bad35.pdf', 1],
	['qpdf-indirect-r-arg.pdf', 1],
	['qpdf-duplicate-page-inherited.pdf', 2],
	['qpdf-page_api_2.pdf', 3],
	['qpdf-stream-line-enders.pdf', 1],
	['qpdf-dangling-bad-xref.pdf', 1],
	['qpdf-xref-errors.pdf', 1],
	['pdfjs-issue3323.pdf', 1],
	['pdfjs-issue11549_reduced.pdf', 1],
];

/** The one file poppler draws a page of differently: it follows the linearization hints, not /Kids. */
const HINTS_NOT_KIDS = 'qpdf-xref-compressed-in-compressed.pdf';

const REFUSED: ReadonlyArray<[name: string, reason: string, message: string]> = [
	['pdfjs-Pages-tree-refs.pdf', 'damaged', 'the page tree has a loop'],
	[
		'qpdf-issue-119.pdf',
		'damaged',
		'the file is damaged beyond repair: no document catalog was found',
	],
	['qpdf-c-empty.pdf', 'noPages', 'the PDF has no pages'],
	[
		'qpdf-V4-aes.pdf',
		'encrypted',
		'the PDF is encrypted (password-protected or restricted); save an unprotected copy',
	],
];

/** qpdf --check of the source: its exit status (0 sound, 2 errors, 3 warnings only) and what it says. */
function qpdfCheck(name: string): { status: number | null; output: string } {
	const run = spawnSync('qpdf', ['--check', join(FIXTURES, name)], { encoding: 'utf8' });
	return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Opened and joined as the node does; the joined file and its page count. */
function copy(name: string): { pdf: Buffer; pages: number } {
	const document = openDocument(fixture(name));
	const joined = joinDocuments([document]);
	expect(joined.pages).toBe(document.pageCount);
	return joined;
}

describe('damaged PDFs from public corpora', () => {
	test('every fixture is listed in the README with its damage, and is one of the cases here', () => {
		const readme = readFileSync(join(FIXTURES, 'README.md'), 'utf8');
		const files = readdirSync(FIXTURES).filter((name) => name.endsWith('.pdf'));
		const cases = [
			...COPIED.map(([name]) => name),
			HINTS_NOT_KIDS,
			...REFUSED.map(([name]) => name),
		];
		expect(files.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
		expect([...files].sort()).toEqual([...cases].sort());
		for (const name of files) expect(fixture(name).length).toBeLessThan(200 * 1024);
	});

	describe('copied as poppler renders them', () => {
		test.each(COPIED)('%s: %i page(s), each the same pixels as the source', (name, pages) => {
			// Damaged indeed: qpdf opens the source only with warnings.
			expect(qpdfCheck(name)).toEqual({
				status: 3,
				output: expect.stringContaining('WARNING'),
			});
			const joined = copy(name);
			expect(joined.pages).toBe(pages);
			const check = compareJoined(tools, joined.pdf, [fixture(name)]);
			expect(check.joined.check).toEqual(SOUND_PDF);
			expect(check.joined.pages).toBe(pages);
			expect(check.differentRenders).toEqual([]);
		});

		test('a page listed twice is two pages, each its own page object sharing the content', () => {
			const joined = copy('qpdf-page_api_2.pdf');
			const text = joined.pdf.toString('latin1');
			const kids = /\/Kids \[([^\]]*)\]/
				.exec(text)![1]
				.trim()
				.split(/\s+0 R\s*/)
				.filter(Boolean);
			expect(kids).toHaveLength(3);
			expect(new Set(kids).size).toBe(3);
			const contents = kids.map(
				(number) => new RegExp(`\\n${number} 0 obj\\s*<<[^]*?/Contents (\\d+) 0 R`).exec(text)![1],
			);
			// Pages 1 and 2 are the source's page 1 (listed twice): one content stream, written once.
			expect(contents[1]).toBe(contents[0]);
			expect(contents[2]).not.toBe(contents[0]);
		});
	});

	test(`${HINTS_NOT_KIDS}: an object stream nested in another, a page listed twice; page 28 as /Kids lists it, not as the hint tables do`, () => {
		// qpdf --check crashes on the nested object streams (SIGSEGV) or reports the copied page.
		const source = qpdfCheck(HINTS_NOT_KIDS);
		expect(source.status).not.toBe(0);
		const joined = copy(HINTS_NOT_KIDS);
		expect(joined.pages).toBe(30);
		const check = compareJoined(tools, joined.pdf, [fixture(HINTS_NOT_KIDS)]);
		expect(check.joined.check).toEqual(SOUND_PDF);
		// poppler draws page 28 from the linearization hints (object 53); /Kids lists object 13 there, page 8.
		expect(check.differentRenders).toEqual([27]);
		const copied = tools.renders(check.joined.file);
		expect(copied[27].equals(copied[7])).toBe(true);
		expect(check.joined.pageTexts[27]).toBe(check.joined.pageTexts[7]);
		expect(check.joined.pageTexts[27]).toContain('Potato 7');
	});

	test(`${HINTS_NOT_KIDS} with page 1 using an object of the nested object stream: read through the rebuilt table`, () => {
		// Object 70 (the outlines) is in object stream 69, which the table puts inside 81, itself inside 69:
		// no table can lead to it, the object stream is found by scanning the file.
		const source = fixture(HINTS_NOT_KIDS).toString('latin1');
		const procSet = source.indexOf('/ProcSet 68 0 R', source.indexOf('65 0 obj'));
		const edited = Buffer.from(
			`${source.slice(0, procSet)}/ProcSet 70 0 R${source.slice(procSet + 15)}`,
			'latin1',
		);
		const document = openDocument(edited);
		const outlines = document.context.get(70);
		expect(outlines).toBeInstanceOf(PdfDict);
		expect((outlines as PdfDict).name('Type')).toBe('Outlines');
		const joined = joinDocuments([document]);
		expect(joined.pages).toBe(30);
		expect(joined.pdf.toString('latin1')).toContain('/Type /Outlines');
		expect(tools.read(joined.pdf).check).toEqual(SOUND_PDF);
	});

	describe('refused with what cannot be read', () => {
		test.each(REFUSED)('%s: %s, "%s"', (name, reason, message) => {
			const error = documentError(() => openDocument(fixture(name)));
			expect({ reason: error.reason, message: error.message }).toEqual({ reason, message });
		});

		test('the loop: qpdf reports it as an error, poppler has no page for the looped branch', () => {
			const check = qpdfCheck('pdfjs-Pages-tree-refs.pdf');
			expect(check.status).toBe(2);
			expect(check.output).toContain('Loop detected in /Pages structure');
			const read = tools.read(fixture('pdfjs-Pages-tree-refs.pdf'));
			expect(read.pages).toBe(2);
			// /Count says 2; in the place of the branch that leads back into itself poppler draws page 1 again.
			const [first, second] = tools.renders(read.file);
			expect(second.equals(first)).toBe(true);
		});

		test.each(['qpdf-issue-119.pdf', 'qpdf-c-empty.pdf'])(
			'%s: poppler cannot open it either',
			(name) => {
				const run = spawnSync('pdfinfo', [join(FIXTURES, name)], { encoding: 'utf8' });
				expect(run.status).not.toBe(0);
			},
		);
	});
});
