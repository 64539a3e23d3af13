import { binaryBuffer } from '../harness/engine';
import {
	api,
	apiRequests,
	byNumber,
	fileItem,
	fromList,
	outputOf,
	pdf,
	seedSentFax,
	TEST_KEY,
	TIFF,
	useEngineSuite,
} from './fixtures';

describe('Sent Fax through the engine', () => {
	// The account's numbers +12125550001 and +12125550002 send the faxes below.
	const suite = useEngineSuite({ accountNumbers: 2, receiver: true });

	test('Send: the sandbox receives every field and the exact file; the node emits the queued fax', async () => {
		const file = pdf(2, 'referral for Jane Roe');
		const result = await suite.run(
			{
				resource: 'sentFax',
				operation: 'send',
				binaryPropertyName: 'data',
				fromNumber: byNumber('+12125550001'),
				toNumber: '+13105551234',
				additionalFields: {
					callbackUrl: suite.receiver.url,
					documentType: 'document_only',
					note: 'Please call back',
					patientDob: '1980-01-15',
					patientName: 'Jane Roe',
					recipientName: 'Dr. Adams',
					senderName: 'Clinic North',
				},
			},
			{ items: [fileItem(file, 'referral.pdf')] },
		);

		const posts = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(suite.sandbox.requests).toHaveLength(1);
		expect(posts).toHaveLength(1);
		expect(posts[0].headers.authorization).toBe(`Bearer ${TEST_KEY}`);
		expect(String(posts[0].headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
		expect(posts[0].body).toEqual({
			from_number: '+12125550001',
			to_number: '+13105551234',
			callback_url: suite.receiver.url,
			document_type: 'document_only',
			note: 'Please call back',
			patient_dob: '1980-01-15',
			patient_name: 'Jane Roe',
			recipient_name: 'Dr. Adams',
			sender_name: 'Clinic North',
		});
		expect(posts[0].files).toHaveLength(1);
		expect(posts[0].files[0]).toMatchObject({
			field: 'file',
			filename: 'referral.pdf',
			mimetype: 'application/pdf',
		});
		expect(posts[0].files[0].data.equals(file)).toBe(true);
		expect(posts[0].status).toBe(201);

		const output = outputOf(result);
		expect(output).toHaveLength(1);
		expect(output[0].json).toEqual({ message: expect.any(String), faxId: expect.any(String) });
		expect(output[0].pairedItem).toEqual({ item: 0 });

		const stored = await api(suite.sandbox, 'GET', `/sent_faxes/${String(output[0].json.faxId)}`);
		expect(stored.status).toBe(200);
		expect(stored.body).toMatchObject({
			patientName: 'Jane Roe',
			documentType: 'document_only',
			numPages: 2,
			isTest: true,
		});
	});

	test('Send: only the required fields go out when no additional field is set, and a list-picked number works', async () => {
		const result = await suite.run(
			{
				resource: 'sentFax',
				operation: 'send',
				fromNumber: fromList('+12125550002'),
				toNumber: '+13105551234',
			},
			{ items: [fileItem(TIFF, 'scan.tif', 'image/tiff')] },
		);
		expect(outputOf(result)).toHaveLength(1);
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(post.body).toEqual({ from_number: '+12125550002', to_number: '+13105551234' });
		expect(post.files[0]).toMatchObject({
			field: 'file',
			filename: 'scan.tif',
			mimetype: 'image/tiff',
		});
		expect(post.files[0].data.equals(TIFF)).toBe(true);
	});

	test('Send: a file without a name is uploaded under a name that fits its content', async () => {
		const result = await suite.run(
			{
				resource: 'sentFax',
				operation: 'send',
				fromNumber: byNumber('+12125550001'),
				toNumber: '+13105551234',
			},
			{
				items: [
					{
						json: {},
						binary: {
							data: { base64: TIFF.toString('base64'), mimeType: 'application/octet-stream' },
						},
					},
				],
			},
		);
		expect(outputOf(result)).toHaveLength(1);
		const [post] = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(post.files[0]).toMatchObject({ filename: 'document.tif', mimetype: 'image/tiff' });
		expect(post.files[0].data.equals(TIFF)).toBe(true);
	});

	test('Send: three input items make three faxes, each with its own file and pairedItem', async () => {
		const files = [pdf(1, 'first'), pdf(3, 'second'), pdf(2, 'third')];
		const destinations = ['+13105550001', '+13105550002', '+13105550003'];
		const result = await suite.run(
			{
				resource: 'sentFax',
				operation: 'send',
				fromNumber: byNumber('+12125550001'),
				toNumber: '={{ $json.to }}',
			},
			{
				items: files.map((file, i) =>
					fileItem(file, `doc-${i}.pdf`, 'application/pdf', { to: destinations[i] }),
				),
			},
		);
		const output = outputOf(result);
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const posts = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
		expect(posts).toHaveLength(3);
		// Several items are in flight at once: the sandbox may see them in any order.
		destinations.forEach((destination, i) => {
			const post = posts.find((p) => (p.body as Record<string, string>).to_number === destination)!;
			expect(post.files[0].filename).toBe(`doc-${i}.pdf`);
			expect(post.files[0].data.equals(files[i])).toBe(true);
		});
		for (const [i, item] of output.entries()) {
			const stored = await api(suite.sandbox, 'GET', `/sent_faxes/${String(item.json.faxId)}`);
			expect(stored.body.toNumber).toBe(destinations[i]);
		}
	});

	test("the README's Quick start: Send answers {message, faxId}; Get with Fax ID {{ $json.faxId }} reads that fax", async () => {
		const sent = outputOf(
			await suite.run(
				{
					resource: 'sentFax',
					operation: 'send',
					fromNumber: fromList('+12125550002'),
					toNumber: '+13105551234',
				},
				{ items: [fileItem(TIFF, 'scan.tif', 'image/tiff')] },
			),
		);
		expect(sent.map((item) => Object.keys(item.json).sort())).toEqual([['faxId', 'message']]);
		const read = outputOf(
			await suite.run(
				{ resource: 'sentFax', operation: 'get', faxId: '={{ $json.faxId }}' },
				{ items: [{ json: sent[0].json }] },
			),
		);
		expect(read).toEqual([
			expect.objectContaining({
				json: expect.objectContaining({
					sendToken: sent[0].json.faxId,
					toNumber: '+13105551234',
					sentStatus: expect.stringMatching(/^(queued|inprogress|success)$/),
				}),
			}),
		]);
	});

	test('Get: emits the sent fax record itself', async () => {
		const token = await seedSentFax(suite.sandbox, {
			patient_name: 'Ann Lee',
			sender_name: 'Clinic South',
		});
		const result = await suite.run({ resource: 'sentFax', operation: 'get', faxId: token });
		const output = outputOf(result);
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			sendToken: token,
			fromNumber: '+12125550001',
			toNumber: '+13105551234',
			patientName: 'Ann Lee',
			senderName: 'Clinic South',
			isTest: true,
		});
		expect(['queued', 'inprogress', 'success', 'failure']).toContain(output[0].json.sentStatus);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(apiRequests(suite.sandbox, 'GET', `/sent_faxes/${token}`)).toHaveLength(1);
	});

	test('Get Many: one item per record for every input item, paired with the item it came from', async () => {
		const tokens = [
			await seedSentFax(suite.sandbox),
			await seedSentFax(suite.sandbox),
			await seedSentFax(suite.sandbox),
		];
		const result = await suite.run(
			{ resource: 'sentFax', operation: 'getMany', returnAll: true },
			{ items: [{ json: {} }, { json: {} }] },
		);
		const output = outputOf(result);
		expect(output).toHaveLength(6);
		expect(output.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
			{ item: 1 },
		]);
		for (const item of output) {
			expect(item.json).not.toHaveProperty('sentFaxes');
			expect(item.json).not.toHaveProperty('meta');
		}
		expect(new Set(output.slice(0, 3).map((item) => item.json.sendToken))).toEqual(new Set(tokens));
		expect(apiRequests(suite.sandbox, 'GET', '/sent_faxes')).toHaveLength(2);
	});

	test('Download PDF: the binary holds exactly the bytes that were sent, next to the record', async () => {
		const file = pdf(3, 'download me');
		const sent = await suite.run(
			{
				resource: 'sentFax',
				operation: 'send',
				fromNumber: byNumber('+12125550001'),
				toNumber: '+13105551234',
			},
			{ items: [fileItem(file, 'original.pdf')] },
		);
		const faxId = String(outputOf(sent)[0].json.faxId);

		const result = await suite.run({
			resource: 'sentFax',
			operation: 'downloadPdf',
			faxId,
			binaryPropertyName: 'fax',
		});
		const output = outputOf(result);
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({ sendToken: faxId, numPages: 3 });
		expect(output[0].pairedItem).toEqual({ item: 0 });
		const binary = output[0].binary?.fax;
		expect(binary).toBeDefined();
		expect(binary?.mimeType).toBe('application/pdf');
		expect((await binaryBuffer(binary!)).equals(file)).toBe(true);
		// The secure link is fetched without the key; only the record lookup is an API request.
		expect(apiRequests(suite.sandbox, 'GET').map((r) => r.path)).toEqual([
			`/api/v2/sent_faxes/${faxId}`,
		]);
	});
});
