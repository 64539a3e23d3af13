/**
 * Text Format through n8n-core's real engine, against the sandbox: Markdown prints as a document
 * (read back from the PDF the sandbox received), Plain and saved workflows without the parameter print
 * the text as written, with the bytes of the writer's plain letter; the cover page's message takes the
 * format; the AI tool variant defaults to Markdown; a bad value and refused characters stop the item
 * before any request.
 */
import { execFileSync } from 'child_process';
import type { INodeParameters } from 'n8n-workflow';

import { renderLetter } from '../../nodes/shared/pdf';
import type { RecordedRequest } from '../../sandbox';
import { pdfReader, words } from '../harness/pdf-reader';
import { MEDICATION_TABLE, MEDICATION_WORDS, brokenWords } from '../harness/pdf/medicationTable';
import { apiRequests, byNumber, errorOf, fileItem, pdf, useEngineSuite } from './fixtures';
import { runAsAgentTool } from '../harness/workflows';
import { receivedPdf as receivedLetter } from './letter-fixtures';

const TO = '+13105551234';
const REFERRAL = `# Referral

**Patient:** Jane Roe
**Reason:** *intermittent* chest pain

| Test | Result |
|------|-------:|
| LDL | 162 mg/dL |

- ECG attached
- echo booked`;

const pdfs = pdfReader('fax-markdown-letters-');
afterAll(() => pdfs.dispose());
const receivedPdf = (request: RecordedRequest) => receivedLetter(pdfs, request);

describe('Text Format through the engine', () => {
	const suite = useEngineSuite({ accountNumbers: 1 });
	const send = (parameters: INodeParameters = {}): INodeParameters => ({
		resource: 'sentFax',
		operation: 'send',
		documentSource: 'text',
		text: REFERRAL,
		fromNumber: byNumber(suite.accountNumber),
		toNumber: TO,
		...parameters,
	});
	const sentLetter = () => receivedPdf(apiRequests(suite.sandbox, 'POST', '/sent_faxes')[0]);

	test('Markdown: the fax shows headings, bold and italic in their faces, the table and the list, no marker', async () => {
		await suite.run(send({ textFormat: 'markdown' }));
		const letter = sentLetter();
		const text = words(letter.text);
		for (const expected of [
			'Referral',
			'Patient: Jane Roe',
			'Reason: intermittent chest pain',
			'Test Result',
			'LDL 162 mg/dL',
			'• ECG attached',
			'• echo booked',
		])
			expect(text).toContain(expected);
		expect(text).not.toMatch(/\*|\||#/);
		const fonts = execFileSync('pdffonts', [letter.file], { encoding: 'utf8' });
		expect(fonts).toMatch(/^Helvetica-Oblique\s+Type 1/m);
	});

	test('a seven-column medication list: read back from the fax, no word broken without a hyphen', async () => {
		await suite.run(send({ textFormat: 'markdown', text: MEDICATION_TABLE }));
		const letter = sentLetter();
		expect(letter.pages).toHaveLength(1);
		// pdftotext -layout's words, the footer left out: each a whole word of the list (or a date's part).
		const printed = words(letter.text.replace(/Page 1 of 1/, '')).split(' ');
		expect(brokenWords(printed, MEDICATION_WORDS)).toEqual({ foreign: [], missing: [] });
	});

	test('Plain, and a saved workflow without Text Format: the text as written, the bytes of the plain letter', async () => {
		for (const parameters of [{ textFormat: 'plain' }, {}]) {
			suite.sandbox.requests.length = 0;
			await suite.run(send(parameters));
			const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
			expect(post.files[0].data.equals(renderLetter(REFERRAL).pdf)).toBe(true);
			expect(words(receivedPdf(post).text)).toContain('**Patient:** Jane Roe');
		}
	});

	test("the cover page's message takes the format, with a letter and in front of a file", async () => {
		await suite.run(
			send({
				textFormat: 'markdown',
				addCoverPage: true,
				coverPage: { message: '**Urgent:** call before *noon*' },
			}),
		);
		expect(words(sentLetter().pages[0])).toContain('Message: Urgent: call before noon');

		suite.sandbox.requests.length = 0;
		await suite.run(
			send({
				documentSource: 'binary',
				textFormat: 'markdown',
				addCoverPage: true,
				coverPage: { message: '**Urgent:** call before *noon*' },
			}),
			{ items: [fileItem(pdf(1), 'scan.pdf', 'application/pdf')] },
		);
		expect(words(sentLetter().pages[0])).toContain('Message: Urgent: call before noon');
	});

	test('a Text Format an expression gives that is neither, and refused characters, stop the item before any request', async () => {
		const bad = errorOf(await suite.run(send({ textFormat: 'html' })));
		expect(bad.message).toBe('Text Format must be Plain or Markdown [item 0]');
		const refused = errorOf(
			await suite.run(send({ textFormat: 'markdown', text: '# Пациент: Иван ✓' })),
		);
		expect(refused.message).toBe(
			'Text cannot be faxed: 11 Cyrillic letters, the first at line 1, column 3: not in the standard fax fonts. symbol U+2713 at line 1, column 17: not in the standard fax fonts [item 0]',
		);
		expect(suite.sandbox.requests).toHaveLength(0);
	});

	test('the AI tool variant reads the letter as Markdown unless told otherwise', async () => {
		const toolSend = (parameters: INodeParameters = {}): INodeParameters => ({
			resource: 'sentFax',
			operation: 'send',
			fromNumber: byNumber(suite.accountNumber),
			toNumber: TO,
			text: '## Letter\n\n**Written** by the model.',
			...parameters,
		});
		const result = await runAsAgentTool(suite.sandbox, toolSend());
		expect(result.error('Test Agent')).toBeUndefined();
		expect(words(sentLetter().text)).toContain('Letter Written by the model.');

		suite.sandbox.requests.length = 0;
		await runAsAgentTool(suite.sandbox, toolSend({ textFormat: 'plain' }));
		expect(words(sentLetter().text)).toContain('## Letter **Written** by the model.');
	});
});
