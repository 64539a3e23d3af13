import { binaryBuffer } from '../harness/engine';
import {
	api,
	apiRequests,
	byNumber,
	fileItem,
	fromList,
	outputOf,
	pdf,
	seedReceivedFax,
	TIFF,
	useEngineSuite,
} from './fixtures';

describe('Received Fax through the engine', () => {
	const suite = useEngineSuite({ accountNumbers: 1 });

	async function receivedList(): Promise<Array<Record<string, unknown>>> {
		const res = await api(suite.sandbox, 'GET', '/received_faxes?page_size=100');
		return res.body.receivedFaxes as Array<Record<string, unknown>>;
	}

	test('Simulate Inbound: the sandbox receives both numbers and the exact file; the node emits the message response', async () => {
		const file = pdf(2, 'inbound referral');
		const result = await suite.run(
			{
				resource: 'receivedFax',
				operation: 'simulateInbound',
				toNumber: byNumber(suite.accountNumber),
				fromNumber: '+14155551234',
			},
			{ items: [fileItem(file, 'inbound.pdf')] },
		);
		const output = outputOf(result);
		expect(output).toHaveLength(1);
		expect(output[0].json).toEqual({ message: expect.any(String) });
		expect(output[0].pairedItem).toEqual({ item: 0 });

		const posts = apiRequests(suite.sandbox, 'POST', '/received_faxes/test_receive');
		expect(suite.sandbox.requests).toHaveLength(1);
		expect(posts[0].body).toEqual({ to_number: suite.accountNumber, from_number: '+14155551234' });
		expect(posts[0].files).toHaveLength(1);
		expect(posts[0].files[0]).toMatchObject({
			field: 'file',
			filename: 'inbound.pdf',
			mimetype: 'application/pdf',
		});
		expect(posts[0].files[0].data.equals(file)).toBe(true);

		const list = await receivedList();
		expect(list).toHaveLength(1);
		expect(list[0]).toMatchObject({
			fromNumber: '+14155551234',
			toNumber: suite.accountNumber,
			numPages: 2,
			isTest: true,
		});
	});

	test('Simulate Inbound: a TIFF and a number picked from the list', async () => {
		const result = await suite.run(
			{
				resource: 'receivedFax',
				operation: 'simulateInbound',
				toNumber: fromList(suite.accountNumber),
				fromNumber: '+14155550100',
			},
			{ items: [fileItem(TIFF, 'inbound.tif', 'image/tiff')] },
		);
		expect(outputOf(result)).toHaveLength(1);
		const [post] = apiRequests(suite.sandbox, 'POST', '/received_faxes/test_receive');
		expect(post.body).toEqual({ to_number: suite.accountNumber, from_number: '+14155550100' });
		expect(post.files[0]).toMatchObject({ filename: 'inbound.tif', mimetype: 'image/tiff' });
		expect(post.files[0].data.equals(TIFF)).toBe(true);
	});

	test('Get: emits the received fax record itself, AI fields included', async () => {
		const token = await seedReceivedFax(suite.sandbox, suite.accountNumber, '+14155551234');
		suite.sandbox.requests.length = 0;
		const result = await suite.run({ resource: 'receivedFax', operation: 'get', faxId: token });
		const output = outputOf(result);
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			sendToken: token,
			fromNumber: '+14155551234',
			toNumber: suite.accountNumber,
			faxStatus: 'success',
			isTest: true,
		});
		expect(output[0].json).toHaveProperty('documentClassification');
		expect(output[0].json).toHaveProperty('secureLink');
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(suite.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /api/v2/received_faxes/${token}`,
		]);
	});

	test('Get Many: one item per received fax, paired with its input item', async () => {
		const tokens = [
			await seedReceivedFax(suite.sandbox, suite.accountNumber, '+14155550001'),
			await seedReceivedFax(suite.sandbox, suite.accountNumber, '+14155550002'),
		];
		const result = await suite.run({
			resource: 'receivedFax',
			operation: 'getMany',
			returnAll: true,
		});
		const output = outputOf(result);
		expect(output).toHaveLength(2);
		expect(new Set(output.map((item) => item.json.sendToken))).toEqual(new Set(tokens));
		for (const item of output) {
			expect(item.pairedItem).toEqual({ item: 0 });
			expect(item.json).not.toHaveProperty('receivedFaxes');
		}
	});

	test('Forward: posts the destination as a form and emits the queued fax of the forward', async () => {
		const token = await seedReceivedFax(
			suite.sandbox,
			suite.accountNumber,
			'+14155551234',
			pdf(2, 'forward me'),
		);
		suite.sandbox.requests.length = 0;
		const result = await suite.run({
			resource: 'receivedFax',
			operation: 'forward',
			faxId: token,
			toNumber: '+13105559876',
		});
		const output = outputOf(result);
		expect(output).toHaveLength(1);
		expect(output[0].json).toEqual({ message: expect.any(String), faxId: expect.any(String) });
		expect(output[0].pairedItem).toEqual({ item: 0 });

		const posts = apiRequests(suite.sandbox, 'POST', `/received_faxes/${token}/forward_as_fax`);
		expect(suite.sandbox.requests).toHaveLength(1);
		expect(posts).toHaveLength(1);
		expect(String(posts[0].headers['content-type'])).toMatch(/^application\/x-www-form-urlencoded/);
		expect(posts[0].body).toEqual({ to_number: '+13105559876' });

		const forwarded = await api(
			suite.sandbox,
			'GET',
			`/sent_faxes/${String(output[0].json.faxId)}`,
		);
		expect(forwarded.status).toBe(200);
		expect(forwarded.body).toMatchObject({
			fromNumber: suite.accountNumber,
			toNumber: '+13105559876',
			numPages: 2,
		});
	});

	test('Download PDF: the binary holds exactly the bytes of the simulated inbound fax', async () => {
		const file = pdf(4, 'received document');
		await suite.run(
			{
				resource: 'receivedFax',
				operation: 'simulateInbound',
				toNumber: byNumber(suite.accountNumber),
				fromNumber: '+14155551234',
			},
			{ items: [fileItem(file, 'inbound.pdf')] },
		);
		const [record] = await receivedList();
		const token = String(record.sendToken);

		const result = await suite.run({
			resource: 'receivedFax',
			operation: 'downloadPdf',
			faxId: token,
			binaryPropertyName: 'data',
		});
		const output = outputOf(result);
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({ sendToken: token, numPages: 4 });
		const binary = output[0].binary?.data;
		expect(binary?.mimeType).toBe('application/pdf');
		expect((await binaryBuffer(binary!)).equals(file)).toBe(true);
		expect(output[0].pairedItem).toEqual({ item: 0 });
	});
});
