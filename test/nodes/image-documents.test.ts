/**
 * Images as fax pages through n8n-core's real engine, against the sandbox: a JPEG, PNG, GIF or BMP
 * wherever a document goes (Send, Send and Wait, Preview PDF, Secure-Link Email, AI Document Upload,
 * Simulate Inbound) reaches the service as a PDF, one page an image: alone on Letter, in a packet
 * behind the cover page in the order given on the size of the first PDF or the letter's Page Size. A
 * JPEG's bytes are in the page as they were. HEIC is refused by name, with the remedy, before any
 * request. The images are made with ImageMagick (/usr/bin/convert) when the suite starts.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { RecordedRequest } from '../../sandbox';
import type { ReadPdf } from '../harness/pdf-reader';
import { pdfReader, SOUND_PDF, words } from '../harness/pdf-reader';
import type { TestInputItem } from '../harness/test-input.node';
import {
	apiRequests,
	byNumber,
	errorOf,
	fileItem,
	NODE,
	outputOf,
	useEngineSuite,
} from './fixtures';
import { renderLetter } from '../../nodes/shared/pdf';
import { runWait } from './wait-fixtures';

const TO = '+13105551234';
const pdfs = pdfReader('fax-images-');
afterAll(() => pdfs.dispose());

/** ImageMagick's rose (70 x 46) made into `name`, with these options before it is written. */
function made(name: string, options: string[] = []): Buffer {
	const path = join(pdfs.directory, name);
	execFileSync('/usr/bin/convert', ['rose:', ...options, path]);
	return readFileSync(path);
}
const PHOTO = made('photo.jpg', ['-resize', '640x420!']);
const SCREENSHOT = made('screenshot.png');
const SCAN = made('scan.gif', ['-resize', '80x50!']);
const CARD = made('card.bmp', ['-resize', '60x40!']);
const HEIC = made('photo.heic');
const A4_REFERRAL = renderLetter('Referral letter on A4.\fPage two of the referral.', {
	pageSize: 'a4',
}).pdf;

const MIME: Record<string, string> = {
	jpg: 'image/jpeg',
	png: 'image/png',
	gif: 'image/gif',
	bmp: 'image/bmp',
	heic: 'image/heic',
	pdf: 'application/pdf',
};
const mimeOf = (fileName: string) => MIME[fileName.split('.').pop() ?? ''];

/** An item with one binary field per file. */
function filesItem(files: Record<string, [Buffer, string]>): TestInputItem {
	const binary: TestInputItem['binary'] = {};
	for (const [field, [data, fileName]] of Object.entries(files))
		binary[field] = { base64: data.toString('base64'), fileName, mimeType: mimeOf(fileName) };
	return { json: {}, binary };
}

/** The one file of a request: a sound PDF, read back. */
function receivedPdf(request: RecordedRequest, fileName: string): ReadPdf & { bytes: Buffer } {
	expect(request.files).toHaveLength(1);
	expect(request.files[0]).toMatchObject({
		field: 'file',
		filename: fileName,
		mimetype: 'application/pdf',
	});
	const document = pdfs.read(request.files[0].data);
	expect(document.check).toEqual(SOUND_PDF);
	return { ...document, bytes: request.files[0].data };
}

/** Each page's size in points, as pdfinfo prints it. */
function pageSizes(document: ReadPdf): string[] {
	const info = execFileSync('pdfinfo', ['-f', '1', '-l', String(document.pages), document.file], {
		encoding: 'utf8',
	});
	return [...info.matchAll(/^Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts/gm)].map((match) => match[1]);
}
const LETTER = '612 x 792';
const A4 = '595.28 x 841.89';

/** The images of a PDF as pdfimages lists them: page, width x height, encoding. */
function images(document: ReadPdf): string[] {
	return execFileSync('pdfimages', ['-list', document.file], { encoding: 'utf8' })
		.split('\n')
		.slice(2)
		.filter((line) => line.trim() !== '')
		.map((line) => {
			const cells = line.trim().split(/\s+/);
			return `page ${cells[0]}: ${cells[3]} x ${cells[4]} ${cells[8]}`;
		});
}

describe('Images as fax pages through the engine', () => {
	const suite = useEngineSuite({ accountNumbers: 1, receiver: true });
	const send = (parameters: IDataObject = {}): INodeParameters => ({
		resource: 'sentFax',
		operation: 'send',
		fromNumber: byNumber(suite.accountNumber),
		toNumber: TO,
		...parameters,
	});

	test('a JPEG alone via Binary File: the service receives photo.pdf, one Letter page holding the JPEG as it was', async () => {
		await suite.run(send(), { items: [fileItem(PHOTO, 'photo.jpg', 'image/jpeg')] });
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(post.status).toBe(201);
		const received = receivedPdf(post, 'photo.pdf');
		expect(pageSizes(received)).toEqual([LETTER]);
		expect(images(received)).toEqual(['page 1: 640 x 420 jpeg']);
		expect(received.bytes.indexOf(PHOTO)).toBeGreaterThan(0);
	});

	test("a PNG with a cover page and Further Documents (an A4 PDF, a GIF from an earlier node): in the order given, each image a page, all on the PDF's A4", async () => {
		const item = filesItem({
			data: [SCREENSHOT, 'portal.png'],
			referral: [A4_REFERRAL, 'referral.pdf'],
			scan: [SCAN, 'scan.gif'],
		});
		await suite.run(
			send({
				addCoverPage: true,
				furtherDocuments: {
					documents: [
						{ source: 'binary', binaryPropertyName: 'referral' },
						{ source: 'binaryData', binaryData: "={{ $('Input').item.binary.scan }}" },
					],
				},
			}),
			{ items: [item] },
		);
		const received = receivedPdf(
			apiRequests(suite.sandbox, 'POST', '/sent_faxes')[0],
			'portal.pdf',
		);
		const pages = received.pageTexts.map(words);
		expect(pages).toHaveLength(5);
		expect(pages[0]).toContain('Pages: 5');
		expect(pages[1]).toBe('');
		expect(pages[2]).toContain('Referral letter on A4.');
		expect(pages[3]).toContain('Page two of the referral.');
		expect(pages[4]).toBe('');
		expect(pageSizes(received)).toEqual([A4, A4, A4, A4, A4]);
		expect(images(received)).toEqual(['page 2: 70 x 46 image', 'page 5: 80 x 50 image']);
	});

	test("with Text, an image in Further Documents takes the letter's Page Size (A4)", async () => {
		await suite.run(
			send({
				documentSource: 'text',
				text: 'Please find the insurance card attached.',
				letterOptions: { pageSize: 'a4' },
				furtherDocuments: { documents: [{ source: 'binary', binaryPropertyName: 'data' }] },
			}),
			{ items: [fileItem(CARD, 'card.bmp', 'image/bmp')] },
		);
		const received = receivedPdf(
			apiRequests(suite.sandbox, 'POST', '/sent_faxes')[0],
			'letter.pdf',
		);
		expect(received.pageTexts.map(words)[0]).toContain('Please find the insurance card attached.');
		expect(pageSizes(received)).toEqual([A4, A4]);
		expect(images(received)).toEqual(['page 2: 60 x 40 image']);
	});

	test('Send and Wait sends the image as its page too', async () => {
		const waitRun = await runWait(
			suite.sandbox,
			'http://127.0.0.1:1/webhook-waiting',
			send({ operation: 'sendAndWaitForCompletion' }),
			[fileItem(PHOTO, 'photo.jpg', 'image/jpeg')],
		);
		expect(waitRun.result.run.status).toBe('waiting');
		const received = receivedPdf(apiRequests(suite.sandbox, 'POST', '/sent_faxes')[0], 'photo.pdf');
		expect(images(received)).toEqual(['page 1: 640 x 420 jpeg']);
	});

	test('Preview PDF of an image: the one-page PDF Send would fax, counted, nothing sent', async () => {
		const [item] = outputOf(
			await suite.run(send({ operation: 'previewPdf' }), {
				items: [fileItem(PHOTO, 'photo.jpg', 'image/jpeg')],
			}),
		);
		expect(suite.sandbox.requests).toHaveLength(0);
		expect(item.json).toEqual({
			fileName: 'photo.pdf',
			mimeType: 'application/pdf',
			fileSize: expect.any(Number),
			numPages: 1,
		});
		const previewed = Buffer.from(String(item.binary?.data.data), 'base64');
		await suite.run(send(), { items: [fileItem(PHOTO, 'photo.jpg', 'image/jpeg')] });
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(receivedPdf(post, 'photo.pdf').bytes.equals(previewed)).toBe(true);
	});

	test('AI Document Upload, Simulate Inbound and Secure-Link Email: each image reaches the service as a one-page PDF', async () => {
		await suite.run(
			{ resource: 'aiDocument', operation: 'upload', callbackUrl: suite.receiver.url },
			{ items: [fileItem(SCREENSHOT, 'portal.png', 'image/png')] },
		);
		await suite.run(
			{
				resource: 'receivedFax',
				operation: 'simulateInbound',
				toNumber: byNumber(suite.accountNumber),
				fromNumber: '+14155551234',
			},
			{ items: [fileItem(SCAN, 'scan.gif', 'image/gif')] },
		);
		await suite.run(
			{
				resource: 'secureLinkEmail',
				operation: 'send',
				recipientEmail: 'someone@example.com',
				expireAfter: 7,
			},
			{ items: [fileItem(CARD, 'card.bmp', 'image/bmp')] },
		);
		const posts = apiRequests(suite.sandbox, 'POST').filter((post) => post.files.length > 0);
		expect(posts.map((post) => [post.path, post.status])).toEqual([
			['/api/v2/ai_documents', 201],
			['/api/v2/received_faxes/test_receive', 201],
			['/api/v2/emails', 201],
		]);
		const [ai, inbound, email] = posts.map((post, index) =>
			receivedPdf(post, ['portal.pdf', 'scan.pdf', 'card.pdf'][index]),
		);
		expect(images(ai)).toEqual(['page 1: 70 x 46 image']);
		expect(images(inbound)).toEqual(['page 1: 80 x 50 image']);
		expect(images(email)).toEqual(['page 1: 60 x 40 image']);
		for (const document of [ai, inbound, email]) expect(pageSizes(document)).toEqual([LETTER]);
	});

	test('a HEIC is refused by name with the remedy before any request, on the error output; the JPEG beside it is sent', async () => {
		const result = await suite.run(send(), {
			items: [
				fileItem(HEIC, 'IMG_0042.heic', 'image/heic'),
				fileItem(PHOTO, 'photo.jpg', 'image/jpeg'),
			],
			node: { onError: 'continueErrorOutput' },
		});
		const [success, failed] = result.outputs(NODE);
		expect(success.map((item) => item.pairedItem)).toEqual([{ item: 1 }]);
		expect(failed).toHaveLength(1);
		expect(failed[0].pairedItem).toEqual({ item: 0 });
		expect(failed[0].json.error).toBe(
			'Input Binary Field "data" must be a PDF, TIFF or image file (JPEG, PNG, GIF or BMP), got a HEIC image (the iPhone\'s photo format) [item 0]',
		);
		expect(failed[0].json.message).toContain('Settings → Camera → Formats → "Most Compatible"');
		expect(failed[0].json.message).toContain("n8n's Edit Image node");
		const posts = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(posts).toHaveLength(1);
		expect(receivedPdf(posts[0], 'photo.pdf').bytes.indexOf(PHOTO)).toBeGreaterThan(0);
	});

	test('a JPEG cut short stops the item before any request, saying what is wrong', async () => {
		const error = errorOf(
			await suite.run(send({ addCoverPage: true }), {
				items: [fileItem(PHOTO.subarray(0, PHOTO.length >> 1), 'photo.jpg', 'image/jpeg')],
			}),
		);
		expect(error.message).toBe(
			'Input Binary Field "data" cannot be faxed: it is damaged and cannot be read [item 0]',
		);
		expect(String(error.description)).toMatch(/^the JPEG .*cut short/);
		expect(suite.sandbox.requests).toHaveLength(0);
	});
});
