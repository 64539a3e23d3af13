/**
 * The fax packet through n8n-core's real engine, against the sandbox: a cover page on every Document
 * Source, Further Documents after the document (from the item or an earlier node, PDF or TIFF), one PDF
 * out, for Send, Send and Wait and Secure-Link Email; Preview PDF returns that very PDF without a request. Every PDF the sandbox received goes through
 * qpdf --check, pdfinfo and pdftotext. A file the reader cannot take stops the item before any request.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RecordedRequest } from '../../sandbox';
import type { TestInputItem } from '../harness/test-input.node';
import { pdfReader, SOUND_PDF, words } from '../harness/pdf-reader';
import { apiRequests, byNumber, errorOf, fileItem, outputOf, useEngineSuite } from './fixtures';
import { bilevelTiff, qpdfVariant, textPdf } from './packet-fixtures';
import { runWait } from './wait-fixtures';

const TO = '+13105551234';
const REFERRAL = textPdf('Referral letter for Jane Roe, page one.', 'Referral letter, page two.');
const NOTES = qpdfVariant(
	textPdf('Clinical notes: stable, continue dose.'),
	'--object-streams=generate',
);
const INPUT_FILE = "={{ $('Input').item.binary.data }}";

const pdfs = pdfReader('fax-packet-');
afterAll(() => pdfs.dispose());

/** The one file of a request: a sound PDF, read back page by page. */
function receivedPdf(request: RecordedRequest): { pages: string[]; bytes: Buffer } {
	expect(request.files).toHaveLength(1);
	expect(request.files[0]).toMatchObject({ field: 'file', mimetype: 'application/pdf' });
	const document = pdfs.read(request.files[0].data);
	expect(document.check).toEqual(SOUND_PDF);
	return { pages: document.pageTexts.map(words), bytes: request.files[0].data };
}

/** An item with several binary fields, each a PDF or a TIFF. */
function filesItem(files: Record<string, { data: Buffer; fileName: string }>): TestInputItem {
	const binary: TestInputItem['binary'] = {};
	for (const [field, { data, fileName }] of Object.entries(files)) {
		binary[field] = {
			base64: data.toString('base64'),
			fileName,
			mimeType: fileName.endsWith('.pdf') ? 'application/pdf' : 'image/tiff',
		};
	}
	return { json: {}, binary };
}

describe('The fax packet through the engine', () => {
	const suite = useEngineSuite({ accountNumbers: 1 });
	const send = (parameters: IDataObject = {}): INodeParameters => ({
		resource: 'sentFax',
		operation: 'send',
		fromNumber: byNumber(suite.accountNumber),
		toNumber: TO,
		...parameters,
	});

	test('a saved Send without the new fields still sends its binary file byte for byte', async () => {
		await suite.run(send(), { items: [fileItem(REFERRAL, 'referral.pdf')] });
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(post.files[0].data.equals(REFERRAL)).toBe(true);
	});

	test("Binary File with a cover page: the cover first, counting every page, then the document's pages as they were", async () => {
		await suite.run(
			send({ addCoverPage: true, coverPage: { to: 'Dr. Adams', subject: 'Referral' } }),
			{ items: [fileItem(REFERRAL, 'referral.pdf')] },
		);
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(post.files[0].filename).toBe('referral.pdf');
		const { pages } = receivedPdf(post);
		expect(pages).toHaveLength(3);
		for (const row of [
			'To: Dr. Adams',
			`Fax: ${TO}`,
			'Pages: 3',
			'Subject: Referral',
			'Page 1 of 3',
		])
			expect(pages[0]).toContain(row);
		expect(pages[1]).toContain('Referral letter for Jane Roe, page one.');
		expect(pages[2]).toContain('Referral letter, page two.');
	});

	test('Further Documents follow in the order given, from the item and from an earlier node; a TIFF becomes pages of the PDF', async () => {
		const item = filesItem({
			data: { data: REFERRAL, fileName: 'referral.pdf' },
			scan: { data: bilevelTiff(2), fileName: 'card.tif' },
			notes: { data: NOTES, fileName: 'notes.pdf' },
		});
		await suite.run(
			send({
				addCoverPage: true,
				furtherDocuments: {
					documents: [
						{ source: 'binary', binaryPropertyName: 'notes' },
						{ source: 'binaryData', binaryData: "={{ $('Input').item.binary.scan }}" },
					],
				},
			}),
			{ items: [item] },
		);
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		const { pages } = receivedPdf(post);
		expect(pages).toHaveLength(6);
		expect(pages[0]).toContain('Pages: 6');
		expect(pages[1]).toContain('page one');
		expect(pages[3]).toContain('Clinical notes: stable, continue dose.');
		expect(pages.slice(4)).toEqual(['', '']);
	});

	test("Earlier Node's File and Text take a cover page too; Text with Further Documents puts the letter before them", async () => {
		await suite.run(
			send({ documentSource: 'binaryData', binaryData: INPUT_FILE, addCoverPage: true }),
			{ items: [fileItem(REFERRAL, 'referral.pdf')] },
		);
		await suite.run(
			send({
				documentSource: 'text',
				text: 'A letter about Jane Roe.',
				addCoverPage: true,
				furtherDocuments: { documents: [{ source: 'binary', binaryPropertyName: 'data' }] },
			}),
			{ items: [fileItem(NOTES, 'notes.pdf')] },
		);
		const [earlier, text] = apiRequests(suite.sandbox, 'POST', '/sent_faxes').map(
			(post) => receivedPdf(post).pages,
		);
		expect(earlier).toHaveLength(3);
		expect(earlier[0]).toContain('Pages: 3');
		expect(text).toHaveLength(3);
		expect(text[0]).toContain('Pages: 3');
		expect(text[1]).toContain('A letter about Jane Roe. Page 2 of 3');
		expect(text[2]).toContain('Clinical notes');
	});

	test('Send and Wait for Completion sends the packet with its resume URL, then waits', async () => {
		const waitRun = await runWait(
			suite.sandbox,
			'http://127.0.0.1:1/webhook-waiting',
			send({ operation: 'sendAndWaitForCompletion', addCoverPage: true }),
			[fileItem(REFERRAL, 'referral.pdf')],
		);
		expect(waitRun.result.run.status).toBe('waiting');
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(post.body).toMatchObject({ callback_url: waitRun.resumeUrl });
		const { pages } = receivedPdf(post);
		expect(pages).toHaveLength(3);
		expect(pages[0]).toContain('Pages: 3');
	});

	test('Preview PDF returns the PDF Send would fax, with its page count, and sends nothing', async () => {
		const parameters = {
			addCoverPage: true,
			coverPage: { date: '2026-11-26' },
			furtherDocuments: { documents: [{ source: 'binary', binaryPropertyName: 'data' }] },
		};
		const preview = await suite.run(send({ ...parameters, operation: 'previewPdf' }), {
			items: [fileItem(REFERRAL, 'referral.pdf')],
		});
		expect(suite.sandbox.requests).toHaveLength(0);
		const [item] = outputOf(preview);
		expect(item.json).toEqual({
			fileName: 'referral.pdf',
			mimeType: 'application/pdf',
			fileSize: expect.any(Number),
			numPages: 5,
		});
		expect(item.binary?.data).toMatchObject({
			fileName: 'referral.pdf',
			mimeType: 'application/pdf',
		});
		const previewed = Buffer.from(String(item.binary?.data.data), 'base64');
		expect(previewed.length).toBe(item.json.fileSize);

		await suite.run(send(parameters), { items: [fileItem(REFERRAL, 'referral.pdf')] });
		expect(
			receivedPdf(apiRequests(suite.sandbox, 'POST', '/sent_faxes')[0]).bytes.equals(previewed),
		).toBe(true);
	});

	test('Preview PDF of a file going as it is: the same bytes, counted', async () => {
		const [item] = outputOf(
			await suite.run(send({ operation: 'previewPdf' }), {
				items: [fileItem(REFERRAL, 'referral.pdf')],
			}),
		);
		expect(item.json.numPages).toBe(2);
		expect(Buffer.from(String(item.binary?.data.data), 'base64').equals(REFERRAL)).toBe(true);
	});

	test('Secure-Link Email → Send puts the cover page in front of its file', async () => {
		await suite.run(
			{
				resource: 'secureLinkEmail',
				operation: 'send',
				recipientEmail: 'someone@example.com',
				expireAfter: 7,
				addCoverPage: true,
				coverPage: { subject: 'Lab results' },
			},
			{
				items: [fileItem(REFERRAL, 'lab.pdf')],
			},
		);
		const { pages } = receivedPdf(apiRequests(suite.sandbox, 'POST', '/emails')[0]);
		expect(pages).toHaveLength(3);
		expect(pages[0]).toContain('Subject: Lab results');
		expect(pages[0]).not.toContain('Fax:');
	});

	test.each([
		[
			'an encrypted PDF',
			() => qpdfVariant(REFERRAL, '--encrypt', 'user', 'owner', '256', '--'),
			/it is an encrypted PDF \[item 0\]$/,
		],
		[
			'a PDF cut short',
			() => REFERRAL.subarray(0, Math.floor(REFERRAL.length / 2)),
			/it is damaged and cannot be read \[item 0\]$/,
		],
		[
			'a file that is neither PDF, TIFF nor image',
			() => Buffer.from('Patient Jane Roe, not a document'),
			/must be a PDF, TIFF or image file \(JPEG, PNG, GIF or BMP\) \[item 0\]$/,
		],
	])(
		'%s among Further Documents stops the item before any request, naming the field and the item, never its text',
		async (_name, make, message) => {
			const item = filesItem({
				data: { data: REFERRAL, fileName: 'referral.pdf' },
				bad: { data: make(), fileName: 'bad.pdf' },
			});
			const result = await suite.run(
				send({
					furtherDocuments: { documents: [{ source: 'binary', binaryPropertyName: 'bad' }] },
				}),
				{ items: [item] },
			);
			const error = errorOf(result);
			expect(error.message).toMatch(
				/^Further Documents → Document 1 \(Input Binary Field "bad"\) /,
			);
			expect(error.message).toMatch(message);
			expect(JSON.stringify(error)).not.toMatch(/Jane Roe|Referral letter/);
			expect(suite.sandbox.requests).toHaveLength(0);
		},
	);

	test('with Continue On Fail, the failing item becomes an error item and the others are sent', async () => {
		const good = fileItem(REFERRAL, 'referral.pdf');
		const bad = fileItem(
			qpdfVariant(REFERRAL, '--encrypt', 'user', 'owner', '256', '--'),
			'locked.pdf',
		);
		const result = await suite.run(send({ addCoverPage: true }), {
			items: [good, bad],
			node: { continueOnFail: true },
		});
		const output = outputOf(result);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(output[0].json.faxId).toEqual(expect.any(String));
		expect(String(output[1].json.error)).toMatch(
			/^Input Binary Field "data" cannot be faxed: it is an encrypted PDF \[item 1\]$/,
		);
		expect(apiRequests(suite.sandbox, 'POST', '/sent_faxes')).toHaveLength(1);
	});

	test('a PDF with bytes before its header (as readers allow) goes out alone as a copy that starts with it; the same file in a packet is read', async () => {
		const prefixed = Buffer.concat([
			Buffer.from('From scanner@clinic.example\r\n\r\n', 'latin1'),
			REFERRAL,
		]);
		await suite.run(send(), { items: [fileItem(prefixed, 'referral.pdf')] });
		await suite.run(send({ addCoverPage: true }), { items: [fileItem(prefixed, 'referral.pdf')] });
		const [alone, packet] = apiRequests(suite.sandbox, 'POST', '/sent_faxes').map(receivedPdf);
		expect(alone.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(alone.pages).toEqual(receivedPdfOf(REFERRAL));
		expect(packet.pages.slice(1)).toEqual(receivedPdfOf(REFERRAL));
	});

	test('a BigTIFF is refused by name before any request', async () => {
		const bigTiff = Buffer.from([0x49, 0x49, 0x2b, 0x00, 0x08, 0x00, 0x00, 0x00]);
		const result = await suite.run(send(), {
			items: [fileItem(bigTiff, 'scan.tif', 'image/tiff')],
		});
		expect(errorOf(result).message).toBe(
			'Input Binary Field "data" must be a PDF, TIFF or image file (JPEG, PNG, GIF or BMP), got a BigTIFF [item 0]',
		);
		expect(suite.sandbox.requests).toHaveLength(0);
	});
});

/** The words of each page of a PDF, as poppler reads them. */
function receivedPdfOf(bytes: Buffer): string[] {
	return pdfs.read(bytes).pageTexts.map(words);
}
