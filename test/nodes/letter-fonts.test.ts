/**
 * Letter Font through n8n-core's real engine, against the sandbox: a TrueType font from the item's
 * binary field or from an earlier node's file (the AI tool's way) prints Greek, Cyrillic, Vietnamese,
 * Japanese and Korean in the letter and on the cover page, embedded as a subset (pdffonts) and read back
 * exactly (pdftotext); a file the writer cannot embed, a character the font lacks and a script that
 * needs shaping stop the item before any request, naming the field, the item and why.
 */
import { execFileSync } from 'child_process';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RecordedRequest } from '../../sandbox';
import { cffFont, nanumGothic, notoSans, notoSansBold, sawarabiGothic } from '../harness/pdf/fonts';
import { pdfReader, words } from '../harness/pdf-reader';
import { type BinaryMode } from '../harness/engine';
import { runAsAgentTool } from '../harness/workflows';
import { apiRequests, byNumber, errorOf, outputOf, pdf, useEngineSuite } from './fixtures';
import type { TestInputItem } from '../harness/test-input.node';
import { receivedPdf as receivedLetter } from './letter-fixtures';

const TO = '+13105551234';
const pdfs = pdfReader('fax-letter-fonts-');
afterAll(() => pdfs.dispose());
const receivedPdf = (request: RecordedRequest) => receivedLetter(pdfs, request);

/** An item carrying font files (and optionally a document) in binary fields, as HTTP Request leaves them. */
const withFiles = (files: Record<string, Buffer>): TestInputItem => ({
	json: {},
	binary: Object.fromEntries(
		Object.entries(files).map(([field, data]) => [
			field,
			{
				base64: data.toString('base64'),
				fileName: field === 'data' ? 'referral.pdf' : `${field}.ttf`,
				mimeType: field === 'data' ? 'application/pdf' : 'font/ttf',
			},
		]),
	),
});

/** pdffonts' rows: name, type, encoding, embedded, subset, unicode. */
const fontsOf = (file: string) =>
	execFileSync('pdffonts', [file], { encoding: 'utf8' })
		.split('\n')
		.slice(2)
		.filter(Boolean)
		.map((row) => {
			const [name] = row.split(/\s+/);
			return { name, row };
		});

describe.each<BinaryMode>(['default', 'filesystem'])('Letter Font in %s binary mode', (mode) => {
	const suite = useEngineSuite({ binaryMode: mode, accountNumbers: 1 });
	const send = (parameters: IDataObject = {}): INodeParameters => ({
		resource: 'sentFax',
		operation: 'send',
		documentSource: 'text',
		fromNumber: byNumber(suite.accountNumber),
		toNumber: TO,
		letterFont: 'trueType',
		...parameters,
	});
	const posts = () => apiRequests(suite.sandbox, 'POST', '/sent_faxes');

	test("a font from the item's binary field prints Greek, Cyrillic and Vietnamese names in the letter and on its cover page, embedded as a subset", async () => {
		const text =
			'Patients: Γεώργιος Παπαδόπουλος, Иван Петров, Олена Ковальчук, Nguyễn Thị Hương.\n\nPlease see them this week.';
		await suite.run(
			send({
				text,
				fontFile: 'font',
				addCoverPage: true,
				coverPage: { to: 'Δρ. Νικολάου', subject: 'Παραπομπή' },
			}),
			{ items: [withFiles({ font: notoSans() })] },
		);
		const letter = receivedPdf(posts()[0]);
		expect(words(letter.pages[0])).toContain('To: Δρ. Νικολάου');
		expect(words(letter.pages[0])).toContain('Subject: Παραπομπή');
		expect(words(letter.pages[1])).toContain(words(text));
		const fonts = fontsOf(letter.file);
		expect(fonts.length).toBeGreaterThan(0);
		for (const { name, row } of fonts) {
			expect(name).toMatch(/^[A-Z]{6}\+NotoSans/);
			expect(row).toMatch(/CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
		}
	});

	test('the bold file draws Markdown bold and the headings', async () => {
		await suite.run(
			send({
				text: '# Παραπομπή\n\n**Ασθενής:** Γεώργιος Παπαδόπουλος',
				textFormat: 'markdown',
				fontFile: 'font',
				fontFaces: { bold: 'bold' },
			}),
			{ items: [withFiles({ font: notoSans(), bold: notoSansBold() })] },
		);
		const letter = receivedPdf(posts()[0]);
		expect(words(letter.text)).toContain('Ασθενής: Γεώργιος Παπαδόπουλος');
		expect(
			fontsOf(letter.file)
				.map(({ name }) => name.replace(/^[A-Z]{6}\+/, ''))
				.sort(),
		).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
	});

	test("in the AI tool, whose item has no files, Font File as an expression reaches an earlier node's font: Japanese and Korean", async () => {
		for (const [font, text] of [
			[sawarabiGothic(), '山田太郎 様\n東京都千代田区丸の内1-1'],
			[nanumGothic(), '김민준 님께'],
		] as const) {
			suite.sandbox.requests.length = 0;
			const result = await runAsAgentTool(
				suite.sandbox,
				send({ text, fontFile: "={{ $('Get Font').item.binary.font }}" }),
				{ items: [withFiles({ font })], inputName: 'Get Font' },
			);
			expect(result.error('Test Agent')).toBeUndefined();
			expect(result.output('Test Agent')[0].json.answer).toEqual([
				expect.objectContaining({ faxId: expect.any(String) }),
			]);
			expect(words(receivedPdf(posts()[0]).text)).toContain(words(text));
		}
	});

	test('a cover page in front of a PDF takes Letter Font too', async () => {
		const document = pdf(1, 'the referral');
		await suite.run(
			send({
				documentSource: 'binary',
				binaryPropertyName: 'data',
				fontFile: 'font',
				addCoverPage: true,
				coverPage: { to: 'Иван Петров' },
			}),
			{ items: [withFiles({ font: notoSans(), data: document })] },
		);
		const packet = receivedPdf(posts()[0]);
		expect(packet.pages).toHaveLength(2);
		expect(words(packet.pages[0])).toContain('To: Иван Петров');
		expect(words(packet.pages[0])).toContain('Pages: 2');
	});

	test.each([
		{
			why: 'a CFF-flavoured OpenType file',
			parameters: { text: 'Γεια', fontFile: 'font' },
			files: { font: Buffer.from(cffFont()) },
			message:
				'Font File cannot be used: it is an OpenType font with PostScript (CFF) outlines [item 0]',
		},
		{
			why: 'a binary field the item lacks',
			parameters: { text: 'Γεια', fontFile: 'ttf' },
			files: { font: notoSans() },
			message: 'Font File: the input item has no binary field "ttf" [item 0]',
		},
		{
			why: 'a character the font lacks, by code point and font',
			parameters: { text: 'Γεια σου\n王小明', fontFile: 'font' },
			files: { font: notoSans() },
			message:
				"Text cannot be faxed: 3 Chinese (Han) characters, the first at line 2, column 1: not in the letter's font (NotoSans-Regular) [item 0]",
		},
		{
			why: 'a script that needs shaping the writer does not do, by name',
			parameters: { text: 'สวัสดี', fontFile: 'font' },
			files: { font: notoSans() },
			message:
				'Text cannot be faxed: 6 Thai characters, the first at line 1, column 1: Thai needs shaping (stacked marks) and dictionary line breaking, which the letter writer does not do [item 0]',
		},
		{
			why: 'Arabic in a font without it',
			parameters: { text: 'مرحبا', fontFile: 'font' },
			files: { font: notoSans() },
			message:
				"Text cannot be faxed: 5 Arabic letters, the first at line 1, column 1: not in the letter's font (NotoSans-Regular) [item 0]",
		},
	])('$why stops the item before any request', async ({ parameters, files, message }) => {
		const result = await suite.run(send(parameters), { items: [withFiles(files)] });
		const error = errorOf(result);
		if (typeof message === 'string') expect(error.message).toBe(message);
		else expect(error.message).toMatch(message);
		expect(String(error.message)).not.toMatch(/Γεια|王小明|مرحبا|สวัสดี/);
		expect(posts()).toHaveLength(0);
	});

	test('the standard font, the default, sends what it always did: no font embedded', async () => {
		const result = await suite.run(send({ letterFont: undefined, text: 'Dear Dr. Adams' }));
		expect(outputOf(result)).toHaveLength(1);
		for (const { name, row } of fontsOf(receivedPdf(posts()[0]).file)) {
			expect(name).toMatch(/^Helvetica/);
			expect(row).toMatch(/Type 1\s+\S+\s+no\s+no\s+no/);
		}
	});
});
