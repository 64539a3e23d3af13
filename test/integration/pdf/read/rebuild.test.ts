import { joinDocuments } from '../../../../nodes/shared/pdf/compose/join';
import { DecodeBudget } from '../../../../nodes/shared/pdf/read/decode';
import { readPdf } from '../../../../nodes/shared/pdf/read/document';
import { rebuildCrossReference } from '../../../../nodes/shared/pdf/read/rebuild';
import { readCrossReference } from '../../../../nodes/shared/pdf/read/xref';
import { words } from '../../../harness/pdf-reader';
import { documentError } from '../../../harness/pdf/documentError';
import type { HandObject } from '../../../harness/pdf/handmade';
import {
	HELVETICA,
	appendUpdate,
	handmadePdf,
	standardEntry,
	textContent,
} from '../../../harness/pdf/handmade';
import { letter } from '../helpers/sources';
import { expectSameAsSources, pdfTools } from '../helpers/tools';

/**
 * Files whose cross-reference is missing, cut off or wrong are rebuilt by scanning for objects, as
 * readers do; a file cut short with page objects lost is refused ('damaged'), never read with fewer
 * pages or a missing font.
 */

const tools = pdfTools('fax-pdf-rebuild-');
afterAll(() => tools.dispose());

const budget = () => new DecodeBudget(1 << 26);
const latin1 = (pdf: Buffer) => pdf.toString('latin1');
const fromLatin1 = (text: string) => Buffer.from(text, 'latin1');

const PAGES: HandObject[] = [
	'<< /Type /Catalog /Pages 2 0 R >>',
	'<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
	'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 7 0 R >> >> /Contents 5 0 R >>',
	'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 7 0 R >> >> /Contents 6 0 R >>',
	{ entries: '', data: textContent(['First page of the referral']) },
	{ entries: '', data: textContent(['Second page of the referral']) },
	HELVETICA,
];
const clean = handmadePdf(PAGES);

/** Reads `pdf` (which must need a rebuild) and checks the join against the clean file. */
function expectRebuiltLikeClean(pdf: Buffer, reference = clean.pdf, pages = 2): void {
	expect(documentError(() => readCrossReference(pdf, budget())).reason).toBe('damaged');
	expectSameAsSources(tools, joinDocuments([readPdf(pdf)]).pdf, [reference], pages);
}

describe('a cross-reference that is wrong: rebuilt', () => {
	test('startxref some bytes off', () => {
		const pdf = fromLatin1(
			latin1(clean.pdf).replace(
				`startxref\n${clean.xrefOffset}`,
				`startxref\n${clean.xrefOffset + 7}`,
			),
		);
		expectRebuiltLikeClean(pdf);
	});

	test('startxref past the end of the file', () => {
		expectRebuiltLikeClean(
			fromLatin1(
				latin1(clean.pdf).replace(`startxref\n${clean.xrefOffset}`, 'startxref\n99999999'),
			),
		);
	});

	test('every entry some bytes off: the table reads, the objects are not there, so rebuilt', () => {
		const shifted = handmadePdf(PAGES, { entry: (offset) => standardEntry(offset + 3) });
		expect(readCrossReference(shifted.pdf, budget()).entries.get(3)).toEqual({
			kind: 'offset',
			offset: clean.offsets[3] + 3,
		});
		expectSameAsSources(tools, joinDocuments([readPdf(shifted.pdf)]).pdf, [clean.pdf], 2);
	});

	test('a damaged table (an entry overwritten)', () => {
		expectRebuiltLikeClean(
			fromLatin1(
				latin1(clean.pdf).replace(standardEntry(clean.offsets[4]), '00000#$%\u0000garbage\r\n'),
			),
		);
	});

	test('no table and no trailer at all: the catalog is found by its /Type', () => {
		const pdf = clean.pdf.subarray(0, clean.xrefOffset);
		expect(rebuildCrossReference(pdf, budget()).root?.objectNumber).toBe(1);
		expectRebuiltLikeClean(pdf);
	});

	test('the last version of an object wins (an update appended without its table)', () => {
		const edited = appendUpdate(
			clean,
			new Map([[5, { entries: '', data: textContent(['Edited first page']) }]]),
			8,
		);
		const cut = edited.pdf.subarray(0, edited.xrefOffset);
		expect(documentError(() => readCrossReference(cut, budget())).message).toBe(
			'the file ends in an update that has no cross-reference table',
		);
		const { joined } = expectSameAsSources(
			tools,
			joinDocuments([readPdf(cut)]).pdf,
			[edited.pdf],
			2,
		);
		expect(joined.pageTexts.map(words)).toEqual([
			'Edited first page',
			'Second page of the referral',
		]);
	});

	test('objects in object streams are found too (the cross-reference stream cut off)', () => {
		const compressed = tools.qpdf(letter(60), ['--object-streams=generate']);
		const xrefStreamAt = latin1(compressed).lastIndexOf('/Type /XRef');
		const cut = compressed.subarray(0, latin1(compressed).lastIndexOf(' obj', xrefStreamAt) - 3);
		const rebuilt = rebuildCrossReference(cut, budget());
		expect(
			[...rebuilt.entries.values()].filter((entry) => entry.kind === 'compressed').length,
		).toBeGreaterThan(3);
		expectRebuiltLikeClean(cut, compressed);
	});
});

describe('a file cut short: every page read, or refused', () => {
	/** Where the last object (the last page's content stream) is complete. */
	const complete = (pdf: Buffer) => latin1(pdf).lastIndexOf('endstream') + 'endstream'.length;

	test('a letter cut at 60 places: all 3 pages from the last object on, else damaged', () => {
		const pdf = letter(100);
		const outcomes = Array.from({ length: 60 }, (_, index) => {
			const at = Math.round(((index + 1) * pdf.length) / 61);
			try {
				return { at, read: readPdf(pdf.subarray(0, at)).pageCount };
			} catch (error) {
				return { at, read: (error as { reason?: string }).reason };
			}
		});
		const expected = outcomes.map(({ at }) => ({ at, read: at >= complete(pdf) ? 3 : 'damaged' }));
		expect(outcomes).toEqual(expected);
		expect(expected.filter(({ read }) => read === 3).length).toBeGreaterThan(0);
	});

	test.each([
		['with object streams', ['--object-streams=generate']],
		['linearized', ['--linearize']],
	])('qpdf %s, cut at 40 places: all pages or damaged, never fewer', (_, options) => {
		const pdf = tools.qpdf(letter(100), options);
		const results = new Set<string>();
		for (let index = 1; index <= 40; index++) {
			try {
				results.add(
					`pages ${readPdf(pdf.subarray(0, Math.round((index * pdf.length) / 41))).pageCount}`,
				);
			} catch (error) {
				results.add((error as { reason?: string }).reason ?? 'other');
			}
		}
		expect([...results].filter((result) => result !== 'damaged' && result !== 'pages 3')).toEqual(
			[],
		);
		expect(results.has('damaged')).toBe(true);
	});

	test('a page whose font object is gone: damaged in a rebuilt file, null where the table says free', () => {
		const withoutFont = handmadePdf([...PAGES.slice(0, 6), null]);
		expect(readPdf(withoutFont.pdf).pageCount).toBe(2);
		const noTable = withoutFont.pdf.subarray(0, withoutFont.xrefOffset);
		const error = documentError(() => readPdf(noTable));
		expect({ reason: error.reason, message: error.message }).toEqual({
			reason: 'damaged',
			message: 'an object the pages use is missing (the file may be cut short)',
		});
	});

	test('nothing to rebuild from', () => {
		const error = documentError(() =>
			readPdf(fromLatin1(`%PDF-1.7\n${'garbage '.repeat(100)}\n%%EOF\n`)),
		);
		expect({ reason: error.reason, message: error.message }).toEqual({
			reason: 'damaged',
			message: 'the file is damaged beyond repair: no document catalog was found',
		});
	});

	test('bytes that look like an object header inside a stream are not taken for one', () => {
		// Object 8, after the font (7), is a stream whose bytes hold "7 0 obj": were it read as a header, it would win.
		const decoy = handmadePdf([
			...PAGES,
			{ entries: '', data: 'junk\n7 0 obj << /Decoy true >> endobj\n' },
		]);
		const cut = decoy.pdf.subarray(0, decoy.xrefOffset);
		expect(rebuildCrossReference(cut, budget()).entries.get(7)).toEqual({
			kind: 'offset',
			offset: decoy.offsets[7],
		});
		expect(readPdf(cut).pageCount).toBe(2);
	});
});
