import { execFileSync } from 'child_process';
import type { IBinaryData } from 'n8n-workflow';

import { binaryBuffer, type BinaryMode } from '../harness/engine';
import type { RunResult } from '../harness/engine';
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

/** Proves the binary really went through the configured storage: on disk it has an id, in memory it has none. */
function expectStoredIn(mode: BinaryMode, binary: IBinaryData | undefined): void {
	expect(binary).toBeDefined();
	if (mode === 'filesystem') expect(binary?.id).toMatch(/^filesystem/);
	else expect(binary?.id).toBeUndefined();
}

function inputBinary(result: RunResult): IBinaryData | undefined {
	return result.output('Input')[0]?.binary?.data;
}

describe.each<BinaryMode>(['default', 'filesystem'])('binary data in %s mode', (mode) => {
	const suite = useEngineSuite({ binaryMode: mode, accountNumbers: 1, receiver: true });

	const sendFax = {
		resource: 'sentFax',
		operation: 'send',
		fromNumber: byNumber('+12125550001'),
		toNumber: '+13105551234',
	};

	test('Send Fax uploads a two-page PDF byte for byte', async () => {
		const file = pdf(2, `two pages in ${mode} mode`);
		const result = await suite.run(sendFax, { items: [fileItem(file, 'two-pages.pdf')] });
		expectStoredIn(mode, inputBinary(result));
		expect(outputOf(result)).toHaveLength(1);
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(post.files[0]).toMatchObject({ filename: 'two-pages.pdf', mimetype: 'application/pdf' });
		expect(post.files[0].data.equals(file)).toBe(true);
	});

	test('Send Fax uploads a TIFF byte for byte', async () => {
		const result = await suite.run(sendFax, { items: [fileItem(TIFF, 'page.tiff', 'image/tiff')] });
		expectStoredIn(mode, inputBinary(result));
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(post.files[0]).toMatchObject({ filename: 'page.tiff', mimetype: 'image/tiff' });
		expect(post.files[0].data.equals(TIFF)).toBe(true);
	});

	test('Send Fax reads an image from storage and uploads it as one PDF page holding its bytes', async () => {
		const jpeg = execFileSync('/usr/bin/convert', ['rose:', 'jpeg:-']);
		const result = await suite.run(sendFax, { items: [fileItem(jpeg, 'photo.jpg', 'image/jpeg')] });
		expectStoredIn(mode, inputBinary(result));
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(post.files[0]).toMatchObject({ filename: 'photo.pdf', mimetype: 'application/pdf' });
		expect(post.files[0].data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
		expect(post.files[0].data.indexOf(jpeg)).toBeGreaterThan(0);
	});

	test('Simulate Inbound, Secure-Link Email and AI Upload upload their files byte for byte', async () => {
		const inbound = pdf(1, 'inbound');
		const emailed = TIFF;
		const extracted = pdf(3, 'REFERRAL');
		await suite.run(
			{
				resource: 'receivedFax',
				operation: 'simulateInbound',
				toNumber: byNumber(suite.accountNumber),
				fromNumber: '+14155551234',
			},
			{ items: [fileItem(inbound, 'inbound.pdf')] },
		);
		await suite.run(
			{
				resource: 'secureLinkEmail',
				operation: 'send',
				recipientEmail: 'someone@example.com',
				expireAfter: 7,
			},
			{ items: [fileItem(emailed, 'emailed.tif', 'image/tiff')] },
		);
		await suite.run(
			{ resource: 'aiDocument', operation: 'upload', callbackUrl: suite.receiver.url },
			{ items: [fileItem(extracted, 'extract.pdf')] },
		);
		const uploads = suite.sandbox.requests.filter((r) => r.method === 'POST');
		expect(uploads.map((r) => r.path)).toEqual([
			'/api/v2/received_faxes/test_receive',
			'/api/v2/emails',
			'/api/v2/ai_documents',
		]);
		expect(uploads.map((r) => r.status)).toEqual([201, 201, 201]);
		expect(uploads[0].files[0].data.equals(inbound)).toBe(true);
		expect(uploads[1].files[0].data.equals(emailed)).toBe(true);
		expect(uploads[2].files[0].data.equals(extracted)).toBe(true);
	});

	test('a file of the wrong kind is refused by its first bytes, before any request', async () => {
		const text = Buffer.from('not a PDF, only text', 'utf8');
		const result = await suite.run(
			{ resource: 'aiDocument', operation: 'upload', callbackUrl: suite.receiver.url },
			{ items: [fileItem(text, 'notes.pdf')] },
		);
		expectStoredIn(mode, inputBinary(result));
		expect(errorOf(result).message).toMatch(
			/Input Binary Field "data" must be a PDF or image file \(JPEG, PNG, GIF or BMP\)/,
		);
		expect(apiRequests(suite.sandbox, 'POST')).toEqual([]);
	});

	test('a large file is sent whole (streamed from storage in filesystem mode)', async () => {
		const large = Buffer.concat([pdf(1, 'large'), Buffer.alloc(3 * 1024 * 1024 + 17, '%')]);
		const result = await suite.run(
			{ resource: 'aiDocument', operation: 'upload', callbackUrl: suite.receiver.url },
			{ items: [fileItem(large, 'large.pdf')] },
		);
		expectStoredIn(mode, inputBinary(result));
		expect(outputOf(result)[0].json).toHaveProperty('aiToken');
		const [post] = apiRequests(suite.sandbox, 'POST', '/ai_documents');
		// Sent with its length declared up front (not chunked): a wrong length would truncate or stall the upload.
		expect(post.headers['content-length']).toMatch(/^\d+$/);
		expect(post.headers['transfer-encoding']).toBeUndefined();
		expect(post.files[0].data.equals(large)).toBe(true);
	});

	test('a sent fax comes back from Download PDF with the uploaded bytes', async () => {
		const file = pdf(2, `round trip in ${mode} mode`);
		const sent = await suite.run(sendFax, { items: [fileItem(file, 'round-trip.pdf')] });
		const faxId = String(outputOf(sent)[0].json.faxId);

		const output = outputOf(
			await suite.run({
				resource: 'sentFax',
				operation: 'downloadPdf',
				faxId,
				binaryPropertyName: 'pdf',
			}),
		);
		const binary = output[0].binary?.pdf;
		expectStoredIn(mode, binary);
		expect(binary?.mimeType).toBe('application/pdf');
		expect((await binaryBuffer(binary!)).equals(file)).toBe(true);
	});

	test('a received TIFF comes back from Download PDF with the uploaded bytes', async () => {
		await suite.run(
			{
				resource: 'receivedFax',
				operation: 'simulateInbound',
				toNumber: byNumber(suite.accountNumber),
				fromNumber: '+14155551234',
			},
			{ items: [fileItem(TIFF, 'inbound.tif', 'image/tiff')] },
		);
		const list = await api(suite.sandbox, 'GET', '/received_faxes');
		const token = String((list.body.receivedFaxes as Array<{ sendToken: string }>)[0].sendToken);

		const output = outputOf(
			await suite.run({ resource: 'receivedFax', operation: 'downloadPdf', faxId: token }),
		);
		const binary = output[0].binary?.data;
		expectStoredIn(mode, binary);
		expect((await binaryBuffer(binary!)).equals(TIFF)).toBe(true);
	});
});
