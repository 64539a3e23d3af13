/**
 * Document Source "Text" through n8n-core's real engine, against the sandbox: the node renders the
 * letter (nodes/shared/pdf) and uploads it as the fax's or e-mail's file. Every PDF the sandbox
 * received goes through qpdf --check and pdftotext; text the fonts cannot show stops the item before
 * any request; a saved workflow without Document Source sends its binary file as before; the AI tool
 * variant defaults to Text and explains why a Binary File cannot reach it.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { getGlobalState } from 'n8n-workflow';

import { today } from '../../nodes/FaxService/actions/document';
import type { RecordedRequest } from '../../sandbox';
import { pdfReader, words } from '../harness/pdf-reader';
import { runAsAgentTool } from '../harness/workflows';
import {
	api,
	apiRequests,
	byNumber,
	errorOf,
	fileItem,
	outputOf,
	pdf,
	TIFF,
	useEngineSuite,
} from './fixtures';
import { receivedPdf as receivedLetter } from './letter-fixtures';
import { LEGACY, runWait } from './wait-fixtures';

const TO = '+13105551234';
const LETTER =
	'Dear Dr. Adams,\n\nPlease see Jane Roe on Monday, 10:30.\nDose: 5 mg ± 0.5 mg, twice daily.\n\nKind regards,\nClinic North';

const pdfs = pdfReader('fax-text-documents-');
afterAll(() => pdfs.dispose());

const receivedPdf = (request: RecordedRequest) => receivedLetter(pdfs, request);

describe('Document Source "Text" through the engine', () => {
	const suite = useEngineSuite({ accountNumbers: 1, receiver: true });
	const send = (parameters: INodeParameters = {}): INodeParameters => ({
		resource: 'sentFax',
		operation: 'send',
		documentSource: 'text',
		text: LETTER,
		fromNumber: byNumber(suite.accountNumber),
		toNumber: TO,
		...parameters,
	});

	describe('Sent Fax → Send', () => {
		test('one multipart POST whose file is a checked PDF letter holding the text; the node emits the queued fax', async () => {
			const result = await suite.run(send({ additionalFields: { patientName: 'Jane Roe' } }));
			expect(suite.sandbox.requests).toHaveLength(1);
			const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
			expect(String(post.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
			expect(post.body).toEqual({
				from_number: suite.accountNumber,
				to_number: TO,
				patient_name: 'Jane Roe',
			});
			expect(post.files[0].filename).toBe('letter.pdf');
			const letter = receivedPdf(post);
			for (const line of LETTER.split('\n').filter(Boolean))
				expect(words(letter.text)).toContain(line);
			expect(letter.pages).toHaveLength(1);
			expect(words(letter.pages[0])).toContain('Page 1 of 1');
			expect(letter.info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
			expect(letter.text).not.toContain('FAX');

			const output = outputOf(result);
			expect(output).toEqual([
				{
					json: { message: expect.any(String), faxId: expect.any(String) },
					pairedItem: { item: 0 },
				},
			]);
			const stored = await api(suite.sandbox, 'GET', `/sent_faxes/${String(output[0].json.faxId)}`);
			expect(stored.body).toMatchObject({ toNumber: TO, numPages: 1, patientName: 'Jane Roe' });
		});

		test("with a cover page: its labels and values, the fax numbers by default, today in the workflow's time zone, the page count; Letter Options", async () => {
			await suite.run(
				send({
					text: `${LETTER}\fPage two of the letter.`,
					letterOptions: { pageSize: 'a4', fontSize: 12, fileName: 'referral.pdf' },
					addCoverPage: true,
					coverPage: {
						to: 'Dr. Adams',
						from: 'Clinic North',
						subject: 'Referral',
						message: 'Two pages follow.',
					},
				}),
			);
			const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
			expect(post.files[0].filename).toBe('referral.pdf');
			const letter = receivedPdf(post);
			expect(letter.info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
			expect(letter.pages).toHaveLength(3);
			const cover = words(letter.pages[0]);
			for (const row of [
				'To: Dr. Adams',
				`Fax: ${TO}`,
				'From: Clinic North',
				`Fax: ${suite.accountNumber}`,
				`Date: ${today(getGlobalState().defaultTimezone)}`,
				'Pages: 3',
				'Subject: Referral',
			]) {
				expect(cover).toContain(row);
			}
			expect(cover).toContain('Message: Two pages follow.');
			expect(cover).toContain(
				'CONFIDENTIALITY NOTICE: This fax may contain protected health information',
			);
			expect(cover).toContain('Page 1 of 3');
			expect(words(letter.pages[1])).toContain('Please see Jane Roe on Monday, 10:30.');
			expect(words(letter.pages[2])).toContain('Page two of the letter. Page 3 of 3');
		});

		test('cover page fields given replace the defaults; an empty Confidentiality Notice fails before any request', async () => {
			await suite.run(
				send({
					addCoverPage: true,
					coverPage: {
						toFax: '+13105550002',
						fromFax: '+12125559999',
						date: 'March 3, 2026',
						confidentialityNotice: 'Private: for Dr. Adams only.',
					},
				}),
			);
			const cover = words(
				receivedPdf(apiRequests(suite.sandbox, 'POST', '/sent_faxes')[0]).pages[0],
			);
			for (const row of [
				'Fax: +13105550002',
				'Fax: +12125559999',
				'Date: March 3, 2026',
				'Private: for Dr. Adams only.',
			])
				expect(cover).toContain(row);
			expect(cover).not.toContain(TO);
			expect(cover).not.toContain('CONFIDENTIALITY NOTICE');

			suite.sandbox.requests.length = 0;
			const error = errorOf(
				await suite.run(send({ addCoverPage: true, coverPage: { confidentialityNotice: '  ' } })),
			);
			expect(error.message).toBe('Cover Page → Confidentiality Notice must not be empty [item 0]');
			expect(suite.sandbox.requests).toHaveLength(0);
		});
	});

	describe('Sent Fax → Send and Wait for Completion', () => {
		test.each(['sendAndWaitForCompletion', LEGACY])(
			'%s: the POST carries the rendered letter and the resume URL; the run waits',
			async (operation) => {
				const waitRun = await runWait(
					suite.sandbox,
					`${new URL(suite.receiver.url).origin}/webhook-waiting`,
					send({ operation }),
					[{ json: {} }],
				);
				const posts = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
				expect(posts).toHaveLength(1);
				expect(posts[0].body).toEqual({
					from_number: suite.accountNumber,
					to_number: TO,
					callback_url: waitRun.resumeUrl,
				});
				expect(words(receivedPdf(posts[0]).text)).toContain(
					'Please see Jane Roe on Monday, 10:30.',
				);
				expect(outputOf(waitRun.result)).toEqual([
					{
						json: {
							sendToken: expect.stringMatching(/^[0-9a-f]{24}$/),
							message: expect.any(String),
						},
						pairedItem: { item: 0 },
					},
				]);
				expect(waitRun.result.run.status).toBe('waiting');
			},
		);
	});

	describe('Secure-Link Email → Send', () => {
		test('the uploaded file is the letter; the cover page has no fax rows unless given', async () => {
			const result = await suite.run({
				resource: 'secureLinkEmail',
				operation: 'send',
				documentSource: 'text',
				text: LETTER,
				recipientEmail: 'patient@example.com',
				expireAfter: 7,
				addCoverPage: true,
				coverPage: { to: 'Jane Roe', subject: 'Your referral' },
			});
			expect(outputOf(result)).toEqual([
				{
					json: { message: expect.any(String), emailId: expect.any(String) },
					pairedItem: { item: 0 },
				},
			]);
			const posts = apiRequests(suite.sandbox, 'POST', '/emails');
			expect(suite.sandbox.requests).toHaveLength(1);
			expect(posts[0].body).toEqual({ recipient_email: 'patient@example.com', expire_after: '7' });
			expect(posts[0].files[0].filename).toBe('letter.pdf');
			const letter = receivedPdf(posts[0]);
			expect(letter.pages).toHaveLength(2);
			const cover = words(letter.pages[0]);
			expect(cover).toContain('To: Jane Roe');
			expect(cover).toContain('Subject: Your referral');
			expect(cover).toContain('Pages: 2');
			expect(cover).not.toContain('Fax:');
			expect(words(letter.pages[1])).toContain('Please see Jane Roe on Monday, 10:30.');
		});

		test('a character outside the fonts stops the e-mail before any request', async () => {
			const error = errorOf(
				await suite.run({
					resource: 'secureLinkEmail',
					operation: 'send',
					documentSource: 'text',
					text: 'Hello Ζωή',
					recipientEmail: 'a@example.com',
					expireAfter: 7,
				}),
			);
			expect(error.message).toBe(
				'Text cannot be put in the PDF: 3 Greek letters, the first at line 1, column 7: not in the standard fax fonts [item 0]',
			);
			expect(suite.sandbox.requests).toHaveLength(0);
		});
	});

	describe('text the letter cannot hold: nothing is sent, the message names the item and counts the letters by script, never the text', () => {
		test.each([
			[
				'empty text',
				{ text: ' \n\t ' },
				'Text must not be empty [item 0]',
				/write the letter in Text/,
			],
			[
				'a Chinese character',
				{ text: 'Patient Wang\nDiagnosis: 中风 confirmed' },
				'Text cannot be faxed: 2 Chinese (Han) characters, the first at line 2, column 12: not in the standard fax fonts [item 0]',
				/standard PDF fonts, which show Latin letters/,
			],
			[
				'an emoji in a cover page field',
				{ addCoverPage: true, coverPage: { subject: 'Re: Wang 🙂' } },
				'Cover Page → Subject cannot be faxed: symbol U+1F642 at line 1, column 10: not in the standard fax fonts [item 0]',
				/in Cover Page → Subject/,
			],
			[
				'a font size out of range',
				{ letterOptions: { fontSize: 30 } },
				'Letter Options → Font Size must be a number from 9 to 16 [item 0]',
				/points/,
			],
		])('%s', async (_name, parameters, message, description) => {
			const error = errorOf(await suite.run(send(parameters)));
			expect(error.message).toBe(message);
			expect(String(error.description)).toMatch(description);
			for (const patientValue of ['Wang', 'Diagnosis']) {
				expect(error.message).not.toContain(patientValue);
				expect(String(error.description)).not.toContain(patientValue);
			}
			expect(apiRequests(suite.sandbox, 'POST')).toHaveLength(0);
			expect(suite.sandbox.requests).toHaveLength(0);
		});

		test('among several items the bad one stops all before any request; with Continue On Fail it fails alone', async () => {
			const letters = ['First letter', 'Second letter for Wang: 中', 'Third letter'];
			const parameters = send({ text: '={{ $json.letter }}' });
			const items = letters.map((letter) => ({ json: { letter } }));

			const stopped = errorOf(await suite.run(parameters, { items }));
			expect(stopped.message).toBe(
				'Text cannot be faxed: 1 Chinese (Han) character at line 1, column 25: not in the standard fax fonts [item 1]',
			);
			expect(String(stopped.description)).toContain('No item was sent');
			expect(suite.sandbox.requests).toHaveLength(0);

			const output = outputOf(
				await suite.run(parameters, { items, node: { continueOnFail: true } }),
			);
			expect(output.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
			expect(output[0].json.faxId).toEqual(expect.any(String));
			expect(output[2].json.faxId).toEqual(expect.any(String));
			expect(output[1].json).toEqual({
				error:
					'Text cannot be faxed: 1 Chinese (Han) character at line 1, column 25: not in the standard fax fonts [item 1]',
				description: expect.any(String),
			});
			expect(JSON.stringify(output[1].json)).not.toContain('Wang');
			const posts = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
			expect(posts).toHaveLength(2);
			const sent = posts.map((post) => words(receivedPdf(post).text)).sort();
			expect(sent[0]).toContain('First letter');
			expect(sent[1]).toContain('Third letter');
		});
	});

	describe('Binary File', () => {
		test("a saved workflow without Document Source (0.1.0) still sends the item's binary file, byte for byte", async () => {
			const file = pdf(2, 'saved workflow');
			const result = await suite.run(
				{
					resource: 'sentFax',
					operation: 'send',
					binaryPropertyName: 'scan',
					fromNumber: byNumber(suite.accountNumber),
					toNumber: TO,
				},
				{ items: [fileItem(file, 'saved.pdf', 'application/pdf', {}, 'scan')] },
			);
			expect(outputOf(result)).toHaveLength(1);
			const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
			expect(post.files[0]).toMatchObject({ filename: 'saved.pdf', mimetype: 'application/pdf' });
			expect(post.files[0].data.equals(file)).toBe(true);
		});

		test('Binary File chosen, with Text fields left over: the file is sent, not the text', async () => {
			await suite.run(
				{
					resource: 'secureLinkEmail',
					operation: 'send',
					documentSource: 'binary',
					text: LETTER,
					recipientEmail: 'a@example.com',
					expireAfter: 7,
				},
				{ items: [fileItem(TIFF, 'scan.tif', 'image/tiff')] },
			);
			const [post] = apiRequests(suite.sandbox, 'POST', '/emails');
			expect(post.files[0]).toMatchObject({ filename: 'scan.tif', mimetype: 'image/tiff' });
			expect(post.files[0].data.equals(TIFF)).toBe(true);
		});
	});

	describe("as an AI agent's tool (faxServiceTool, called by an agent as n8n calls it)", () => {
		const runAsTool = (parameters: IDataObject) =>
			runAsAgentTool(suite.sandbox, parameters as INodeParameters);
		const toolSend = (parameters: IDataObject = {}): IDataObject => ({
			resource: 'sentFax',
			operation: 'send',
			fromNumber: byNumber(suite.accountNumber),
			toNumber: TO,
			text: 'Letter written by the model.',
			...parameters,
		});

		test('Document Source defaults to Text: the tool faxes the letter it was given', async () => {
			const result = await runAsTool(toolSend());
			expect(result.error('Test Agent')).toBeUndefined();
			expect(result.output('Test Agent')[0].json.answer).toEqual([
				{ message: expect.any(String), faxId: expect.any(String) },
			]);
			const posts = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
			expect(posts).toHaveLength(1);
			expect(words(receivedPdf(posts[0]).text)).toContain('Letter written by the model.');
		});

		test('set to Binary File, the tool fails before any request and says what to use instead', async () => {
			const result = await runAsTool(toolSend({ documentSource: 'binary' }));
			const error = result.error('Test Agent');
			// n8n's tool wrapper fails the agent's run with the node's error, its description appended to the message.
			expect(error?.message.split('\n')[0]).toBe(
				"A file cannot reach this tool: n8n gives an AI agent's tool no binary data [item 0]",
			);
			expect(`${error?.message} ${String(error?.description)}`).toContain(
				'Set Document Source to "Text" so the model writes the letter, or to "Earlier Node\'s File" with an expression such as {{ $(\'Get PDF\').item.binary.data }}.',
			);
			expect(suite.sandbox.requests).toHaveLength(0);
		});
	});
});
