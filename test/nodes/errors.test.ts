import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import {
	api,
	apiRequests,
	byId,
	byNumber,
	closedPortBaseUrl,
	errorOf,
	expectNoKeys,
	fileItem,
	LIVE_KEY,
	NODE,
	outputOf,
	pdf,
	seedNumber,
	seedSentFax,
	startDroppingProxy,
	useEngineSuite,
} from './fixtures';

const WRONG_TEST_KEY = 'sk_test_WRONG_SECRET789';
const WRONG_LIVE_KEY = 'sk_live_WRONG_SECRET789';
const UNKNOWN_UUID = '3f2b1c9e-8a6d-4e2f-9b1a-7c5d4e3f2a10';

type FieldMap = Record<string, string[]>;

/** Asks the sandbox the same question directly, to know the field map it answers with. */
async function sandboxFieldMap(sandbox: Sandbox, path: string): Promise<FieldMap> {
	const res = await api(sandbox, 'GET', path);
	expect(res.status).toBe(400);
	return (res.body.error as { detail: FieldMap }).detail;
}

describe('API errors become clear node errors', () => {
	const suite = useEngineSuite();

	describe('400 with a field map', () => {
		test('sort values the sandbox rejects: the message names the request and every field; the title and field messages are in the description, said once', async () => {
			const result = await suite.run({
				resource: 'sentFax',
				operation: 'getMany',
				returnAll: true,
				filters: { sort: 'priority', sortDir: 'sideways' },
			});
			const error = errorOf(result);
			expect(error.name).toBe('NodeApiError');
			expect(error.httpCode).toBe('400');
			expect(error.context?.itemIndex).toBe(0);
			expect(apiRequests(suite.sandbox, 'GET', '/sent_faxes')).toHaveLength(1);
			expect(suite.sandbox.requests[0]).toMatchObject({
				status: 400,
				query: expect.objectContaining({ sort: 'priority', sort_dir: 'sideways' }),
			});

			const detail = await sandboxFieldMap(
				suite.sandbox,
				'/sent_faxes?sort=priority&sort_dir=sideways&page=1&page_size=100',
			);
			expect(Object.keys(detail).sort()).toEqual(['sort', 'sort_dir']);
			// The service's words can quote what was sent (patient data): description only, never the message.
			expect(error.message).toBe(
				'The Fax Service refused GET /sent_faxes (HTTP 400): check sort, sort_dir',
			);
			expect(String(error.description)).toMatch(/^Bad Request:\n/);
			for (const [field, messages] of Object.entries(detail)) {
				for (const text of messages) {
					expect(String(error.description).split(`${field}: ${text}`)).toHaveLength(2);
					expect(error.message).not.toContain(text);
				}
			}
			expectNoKeys(result);
		});

		test("Simulate Inbound to a number that is not the account's: the to_number field message is shown", async () => {
			const result = await suite.run(
				{
					resource: 'receivedFax',
					operation: 'simulateInbound',
					toNumber: byNumber('+19995550123'),
					fromNumber: '+14155551234',
				},
				{ items: [fileItem(pdf(1))] },
			);
			const error = errorOf(result);
			expect(error.name).toBe('NodeApiError');
			expect(error.httpCode).toBe('400');
			expect(error.message).toBe(
				'The Fax Service refused POST /received_faxes/test_receive (HTTP 400): check to_number',
			);
			expect(String(error.description)).toContain('to_number: is not a fax number of this account');
			expect(apiRequests(suite.sandbox, 'POST', '/received_faxes/test_receive')).toHaveLength(1);
			expectNoKeys(result);
		});

		test('AI Get with an unknown token (only 400 is documented for it) names the token', async () => {
			const result = await suite.run({
				resource: 'aiDocument',
				operation: 'get',
				documentId: 'feedface0000',
			});
			const error = errorOf(result);
			expect(error.httpCode).toBe('400');
			expect(error.message).toContain('ai_token');
			expect(error.message).toContain('feedface0000');
		});
	});

	describe('401', () => {
		test('a wrong test key: authentication failed, and no key appears anywhere in the run', async () => {
			const result = await suite.run(
				{ resource: 'faxNumber', operation: 'getMany', returnAll: true },
				{ credentials: { testApiKey: WRONG_TEST_KEY } },
			);
			const error = errorOf(result);
			expect(error.name).toBe('NodeApiError');
			expect(error.httpCode).toBe('401');
			expect(error.message).toMatch(/Authentication failed/);
			expect(error.message).toContain('test key');
			expect(String(error.description)).toContain('Test API Key');
			expect(suite.sandbox.requests).toHaveLength(1);
			expect(suite.sandbox.requests[0]).toMatchObject({ path: '/api/v2/fax_numbers', status: 401 });
			expect(suite.sandbox.requests[0].headers.authorization).toBe(`Bearer ${WRONG_TEST_KEY}`);
			expectNoKeys(result, WRONG_TEST_KEY);
		});

		test('a wrong live key when the live key is selected: the message names the live key', async () => {
			const result = await suite.run(
				{ resource: 'sentFax', operation: 'get', faxId: 'abc' },
				{ credentials: { authenticateWith: 'live', liveApiKey: WRONG_LIVE_KEY } },
			);
			const error = errorOf(result);
			expect(error.httpCode).toBe('401');
			expect(error.message).toMatch(/Authentication failed/);
			expect(error.message).toContain('live key');
			expect(String(error.description)).toContain('Live API Key');
			expectNoKeys(result, WRONG_LIVE_KEY);
		});

		test('a key without its sk_test_ prefix is refused before any request, without echoing it', async () => {
			const result = await suite.run(
				{ resource: 'client', operation: 'getMany', returnAll: true },
				{ credentials: { testApiKey: 'SECRET_NO_PREFIX_42' } },
			);
			const error = errorOf(result);
			expect(error.name).toBe('NodeOperationError');
			expect(error.message).toContain('sk_test_');
			expect(suite.sandbox.requests).toEqual([]);
			expectNoKeys(result, 'SECRET_NO_PREFIX_42');
		});
	});

	describe('404 names the id that was not found', () => {
		const cases: Array<[string, INodeParameters, string]> = [
			[
				'Sent Fax Get',
				{ resource: 'sentFax', operation: 'get', faxId: 'deadbeef0001' },
				'Sent fax "deadbeef0001" was not found',
			],
			[
				'Sent Fax Download PDF',
				{ resource: 'sentFax', operation: 'downloadPdf', faxId: 'deadbeef0002' },
				'Sent fax "deadbeef0002" was not found',
			],
			[
				'Received Fax Get',
				{ resource: 'receivedFax', operation: 'get', faxId: 'deadbeef0003' },
				'Received fax "deadbeef0003" was not found',
			],
			[
				'Received Fax Forward',
				{
					resource: 'receivedFax',
					operation: 'forward',
					faxId: 'deadbeef0004',
					toNumber: '+13105551234',
				},
				'Received fax "deadbeef0004" was not found',
			],
			[
				'Received Fax Download PDF',
				{ resource: 'receivedFax', operation: 'downloadPdf', faxId: 'deadbeef0005' },
				'Received fax "deadbeef0005" was not found',
			],
			[
				'Fax Number Get',
				{ resource: 'faxNumber', operation: 'get', faxNumberId: byId(UNKNOWN_UUID) },
				`Fax number "${UNKNOWN_UUID}" was not found`,
			],
			[
				'Fax Number Update',
				{
					resource: 'faxNumber',
					operation: 'update',
					faxNumberId: byId(UNKNOWN_UUID),
					updateFields: { callbackUrl: '' },
				},
				`Fax number "${UNKNOWN_UUID}" was not found`,
			],
			[
				'Client Get',
				{ resource: 'client', operation: 'get', clientId: byId(UNKNOWN_UUID) },
				`Client "${UNKNOWN_UUID}" was not found`,
			],
			[
				'Client Rename',
				{ resource: 'client', operation: 'rename', clientId: byId(UNKNOWN_UUID), name: 'X' },
				`Client "${UNKNOWN_UUID}" was not found`,
			],
			[
				'Secure-Link Email Get',
				{ resource: 'secureLinkEmail', operation: 'get', emailId: 'deadbeef0006' },
				'E-mail "deadbeef0006" was not found',
			],
		];

		test.each(cases)('%s', async (_name, parameters, expected) => {
			const result = await suite.run(parameters);
			const error = errorOf(result);
			expect(error.name).toBe('NodeApiError');
			expect(error.httpCode).toBe('404');
			expect(error.message).toContain(expected);
			expect(error.context?.itemIndex).toBe(0);
			expect(suite.sandbox.requests).toHaveLength(1);
			expect(suite.sandbox.requests[0].status).toBe(404);
			expectNoKeys(result);
		});
	});

	describe('continueOnFail after an API error', () => {
		test('items 0 and 2 are read, the unknown item 1 yields {error} with its status', async () => {
			await seedNumber(suite.sandbox, '212');
			const token = await seedSentFax(suite.sandbox);
			suite.sandbox.requests.length = 0;
			const result = await suite.run(
				{ resource: 'sentFax', operation: 'get', faxId: '={{ $json.id }}' },
				{
					items: [
						{ json: { id: token } },
						{ json: { id: 'missing0001' } },
						{ json: { id: token } },
					],
					node: { continueOnFail: true },
				},
			);
			const output = outputOf(result);
			expect(output).toHaveLength(3);
			expect(output.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
			expect(output[0].json.sendToken).toBe(token);
			expect(output[2].json.sendToken).toBe(token);
			expect(output[1].json).toMatchObject({ httpCode: '404' });
			expect(String(output[1].json.error)).toContain('Sent fax "missing0001" was not found');
			expect(suite.sandbox.requests.map((r) => r.path)).toEqual([
				`/api/v2/sent_faxes/${token}`,
				'/api/v2/sent_faxes/missing0001',
				`/api/v2/sent_faxes/${token}`,
			]);
		});

		test('without it, one item at a time (Requests in Parallel 1): the node stops at the failing item, reads no further and says so', async () => {
			await seedNumber(suite.sandbox, '212');
			const token = await seedSentFax(suite.sandbox);
			suite.sandbox.requests.length = 0;
			const result = await suite.run(
				{
					resource: 'sentFax',
					operation: 'get',
					faxId: '={{ $json.id }}',
					requestOptions: { requestsInParallel: 1 },
				},
				{
					items: [
						{ json: { id: token } },
						{ json: { id: 'missing0002' } },
						{ json: { id: token } },
					],
				},
			);
			const error = errorOf(result);
			expect(error.httpCode).toBe('404');
			expect(error.context?.itemIndex).toBe(1);
			expect(suite.sandbox.requests).toHaveLength(2);
			expect(String(error.description)).toContain(
				'Of the 3 input items (numbered from 0): Sent and answered before the node stopped: item 0.',
			);
			expect(String(error.description)).toContain('Not sent: item 2.');
		});
	});

	describe('no fax is sent twice', () => {
		const send: INodeParameters = {
			resource: 'sentFax',
			operation: 'send',
			fromNumber: byNumber('+12125550001'),
			toNumber: '+13105551234',
		};

		test('a closed port: the upload never left, was tried twice, and the error says nothing was created', async () => {
			const result = await suite.run(send, {
				items: [fileItem(pdf(1))],
				credentials: { baseUrl: await closedPortBaseUrl() },
			});
			const error = errorOf(result);
			expect(error.name).toBe('NodeApiError');
			expect(error.message).toContain('Could not reach the Fax Service');
			expect(String(error.description)).toContain('ECONNREFUSED');
			expect(String(error.description)).toContain(
				'never reached the service, so nothing was created',
			);
			expect(String(error.description)).toContain('Tried 2 times');
			expect(suite.sandbox.requests).toEqual([]);
			expectNoKeys(result);
		});

		test('the connection drops after the upload reached the service: exactly one POST, one fax, and a clear error', async () => {
			await seedNumber(suite.sandbox, '212');
			suite.sandbox.requests.length = 0;
			const proxy = await startDroppingProxy(suite.sandbox);
			try {
				const file = pdf(2, 'only once');
				const result = await suite.run(send, {
					items: [fileItem(file)],
					credentials: { baseUrl: proxy.baseUrl },
				});
				const error = errorOf(result);
				expect(error.message).toContain('failed after the request was sent');
				expect(error.message).not.toContain('Could not reach');
				expect(String(error.description)).toContain('not repeated');
				expect(String(error.description)).toContain('may have taken effect');
				expect(proxy.connections).toBe(1);
				const posts = apiRequests(suite.sandbox, 'POST', '/sent_faxes');
				expect(posts).toHaveLength(1);
				expect(posts[0].files[0].data.equals(file)).toBe(true);
				const list = await api(suite.sandbox, 'GET', '/sent_faxes');
				expect((list.body.sentFaxes as unknown[]).length).toBe(1);
			} finally {
				await proxy.close();
			}
		});

		test('a GET whose connection drops is tried 3 times', async () => {
			const proxy = await startDroppingProxy(suite.sandbox);
			try {
				const result = await suite.run(
					{ resource: 'client', operation: 'getMany', returnAll: true },
					{ credentials: { baseUrl: proxy.baseUrl } },
				);
				const error = errorOf(result);
				expect(error.message).toContain('The connection to the Fax Service');
				expect(String(error.description)).toContain('Tried 3 times');
				expect(apiRequests(suite.sandbox, 'GET', '/clients')).toHaveLength(3);
				expect(proxy.connections).toBe(3);
			} finally {
				await proxy.close();
			}
		});
	});
});

describe('422 fax-number limit', () => {
	const suite = useEngineSuite({ sandbox: { faxNumberLimit: 1 } });

	test("the second provision shows the service's error text and the upgrade path", async () => {
		const first = await suite.run({
			resource: 'faxNumber',
			operation: 'provision',
			areaCode: '415',
		});
		expect(outputOf(first)[0].json.number).toMatch(/^\+1415/);

		const second = await suite.run({
			resource: 'faxNumber',
			operation: 'provision',
			areaCode: '212',
		});
		const error = errorOf(second);
		expect(error.name).toBe('NodeApiError');
		expect(error.httpCode).toBe('422');
		expect(apiRequests(suite.sandbox, 'POST', '/fax_numbers').map((r) => r.status)).toEqual([
			201, 422,
		]);

		// The same answer, asked directly: the node must show its `error` and `upgradePath`.
		const direct = await api(suite.sandbox, 'POST', '/fax_numbers', {
			json: { fax_number: { area_code: '212' } },
		});
		expect(direct.status).toBe(422);
		const { error: text, upgradePath } = direct.body as { error: string; upgradePath: string };
		expect(error.message).toBe('Fax number limit reached (HTTP 422)');
		expect(String(error.description)).toContain(text);
		expect(String(error.description)).toContain(upgradePath);
		expect(String(error.description)).toContain(
			new URL(upgradePath, suite.sandbox.baseUrl).toString(),
		);
		expectNoKeys(second);
		expect(second.error(NODE)?.context).toMatchObject({ itemIndex: 0 });
	});
});

describe("the credential's keys are checked before any request", () => {
	const suite = useEngineSuite();

	const listNumbers = { resource: 'faxNumber', operation: 'getMany', returnAll: true };

	test('a test key without the sk_test_ prefix is named, not shown, and nothing is sent', async () => {
		const misplaced = 'sk_live_PASTED_IN_THE_WRONG_FIELD';
		const result = await suite.run(listNumbers, { credentials: { testApiKey: misplaced } });
		expect(errorOf(result)?.message).toMatch(/Test API Key must start with sk_test_/);
		expect(suite.sandbox.requests).toHaveLength(0);
		expectNoKeys(result, misplaced);
	});

	test('selecting the live key while the live key field is empty says so', async () => {
		const result = await suite.run(listNumbers, {
			credentials: { authenticateWith: 'live', liveApiKey: '' },
		});
		expect(errorOf(result)?.message).toMatch(/has no Live API Key/);
		expect(suite.sandbox.requests).toHaveLength(0);
	});

	test('the live key authenticates when selected', async () => {
		const result = await suite.run(listNumbers, { credentials: { authenticateWith: 'live' } });
		expect(result.error(NODE)).toBeUndefined();
		expect(suite.sandbox.requests[0].headers.authorization).toBe(`Bearer ${LIVE_KEY}`);
	});
});
