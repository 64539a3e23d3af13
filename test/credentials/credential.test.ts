import { startSandbox, type Sandbox } from '../../sandbox';
import { testCredential } from '../harness/engine';

describe('Fax Service API credential test request', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0 });
	});
	afterAll(async () => {
		await sandbox.stop();
	});

	const data = (overrides: Record<string, string> = {}) => ({
		baseUrl: sandbox.baseUrl,
		authenticateWith: 'test',
		testApiKey: sandbox.testKey,
		liveApiKey: sandbox.liveKey,
		...overrides,
	});

	test('succeeds with the good test key and sends it as a Bearer token', async () => {
		sandbox.reset();
		await expect(testCredential('faxServiceApi', data())).resolves.toEqual({ ok: true });
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: '/api/v2/fax_numbers',
			status: 200,
		});
		expect(sandbox.requests[0].headers.authorization).toBe(`Bearer ${sandbox.testKey}`);
	});

	test('authenticates with the live key when the credential says so', async () => {
		sandbox.reset();
		await expect(
			testCredential('faxServiceApi', data({ authenticateWith: 'live' })),
		).resolves.toEqual({ ok: true });
		expect(sandbox.requests[0].headers.authorization).toBe(`Bearer ${sandbox.liveKey}`);
	});

	test('a trailing slash on the base URL still reaches the endpoint', async () => {
		sandbox.reset();
		await expect(
			testCredential('faxServiceApi', data({ baseUrl: `${sandbox.baseUrl}/` })),
		).resolves.toEqual({ ok: true });
		expect(sandbox.requests[0].path).toBe('/api/v2/fax_numbers');
	});

	test('fails with 401 on a wrong key', async () => {
		sandbox.reset();
		const result = await testCredential('faxServiceApi', data({ testApiKey: 'sk_test_wrong' }));
		expect(result).toMatchObject({ ok: false, statusCode: 401 });
		expect(sandbox.requests[0].status).toBe(401);
	});

	test('fails when the selected key is empty', async () => {
		sandbox.reset();
		const result = await testCredential(
			'faxServiceApi',
			data({ authenticateWith: 'live', liveApiKey: '' }),
		);
		expect(result).toMatchObject({ ok: false, statusCode: 401 });
	});
});
