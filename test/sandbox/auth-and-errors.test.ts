import type { Sandbox } from '../../sandbox';
import { call, file, pdf, start, type Json } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
	sb = await start();
});
afterAll(() => sb.stop());
beforeEach(() => sb.reset());

function expectEnvelope(body: Json, status: number, title: string) {
	expect(Object.keys(body)).toEqual(['error']);
	expect(body.error.status).toBe(status);
	expect(body.error.title).toBe(title);
	expect(['string', 'object']).toContain(typeof body.error.detail);
}

describe('authentication (spec 5)', () => {
	const endpoints: Array<[string, string]> = [
		['GET', '/sent_faxes'],
		['POST', '/sent_faxes'],
		['GET', '/sent_faxes/abc'],
		['GET', '/received_faxes'],
		['GET', '/received_faxes/abc'],
		['POST', '/received_faxes/test_receive'],
		['POST', '/received_faxes/abc/forward_as_fax'],
		['GET', '/fax_numbers'],
		['POST', '/fax_numbers'],
		['GET', '/fax_numbers/abc'],
		['PATCH', '/fax_numbers/abc'],
		['GET', '/clients'],
		['POST', '/clients'],
		['GET', '/clients/abc'],
		['PATCH', '/clients/abc'],
		['POST', '/emails'],
		['GET', '/emails/abc'],
		['GET', '/ai_documents'],
		['POST', '/ai_documents'],
		['GET', '/ai_documents/abc'],
	];

	it.each(endpoints)('%s %s without a key answers 401 with the envelope', async (method, path) => {
		const res = await call(sb, method, path, { key: null });
		expect(res.status).toBe(401);
		expectEnvelope(res.body, 401, 'Unauthorized');
	});

	it.each(endpoints)('%s %s with an unknown key answers 401', async (method, path) => {
		const res = await call(sb, method, path, { key: 'sk_test_nope' });
		expect(res.status).toBe(401);
		expectEnvelope(res.body, 401, 'Unauthorized');
		expect(res.body.error.detail).toBe('Invalid API key');
	});

	it('rejects a key outside the Bearer scheme', async () => {
		const res = await call(sb, 'GET', '/fax_numbers', {
			key: null,
			headers: { authorization: `Basic ${sb.testKey}` },
		});
		expect(res.status).toBe(401);
		expectEnvelope(res.body, 401, 'Unauthorized');
		const raw = await call(sb, 'GET', '/fax_numbers', {
			key: null,
			headers: { authorization: sb.testKey },
		});
		expect(raw.status).toBe(401);
	});

	it('accepts both the test key and the live key', async () => {
		expect(sb.testKey).toBe('sk_test_sandbox');
		expect(sb.liveKey).toBe('sk_live_sandbox');
		expect((await call(sb, 'GET', '/fax_numbers', { key: sb.testKey })).status).toBe(200);
		expect((await call(sb, 'GET', '/fax_numbers', { key: sb.liveKey })).status).toBe(200);
	});

	it('does not create anything on a 401', async () => {
		const res = await call(sb, 'POST', '/fax_numbers', {
			key: 'sk_live_wrong',
			json: { fax_number: { area_code: '212' } },
		});
		expect(res.status).toBe(401);
		expect((await call(sb, 'GET', '/fax_numbers')).body.faxNumbers).toEqual([]);
	});

	it('uses configured keys', async () => {
		const other = await start({ testKey: 'sk_test_custom', liveKey: 'sk_live_custom' });
		try {
			expect(other.testKey).toBe('sk_test_custom');
			expect((await call(other, 'GET', '/clients', { key: 'sk_live_custom' })).status).toBe(200);
			expect((await call(other, 'GET', '/clients', { key: 'sk_test_sandbox' })).status).toBe(401);
		} finally {
			await other.stop();
		}
	});
});

describe('error envelope (spec 7)', () => {
	it('unknown routes under /api/v2 answer the 404 envelope', async () => {
		const res = await call(sb, 'GET', '/nothing_here');
		expect(res.status).toBe(404);
		expectEnvelope(res.body, 404, 'Not Found');
		const wrongMethod = await call(sb, 'DELETE', '/fax_numbers');
		expect(wrongMethod.status).toBe(404);
		expectEnvelope(wrongMethod.body, 404, 'Not Found');
	});

	it('unknown ids answer 404 with the id in the detail', async () => {
		for (const path of ['/sent_faxes/tok-x', '/received_faxes/tok-x', '/emails/tok-x']) {
			const res = await call(sb, 'GET', path);
			expect(res.status).toBe(404);
			expectEnvelope(res.body, 404, 'Not Found');
			expect(res.body.error.detail).toContain('tok-x');
		}
		const uuid = '3f2b8c9e-1d4a-4b5c-9e8f-0a1b2c3d4e5f';
		for (const path of [`/fax_numbers/${uuid}`, `/clients/${uuid}`]) {
			const res = await call(sb, 'GET', path);
			expect(res.status).toBe(404);
			expect(res.body.error.detail).toContain(uuid);
		}
	});

	it('GET /ai_documents/{token} for an unknown token answers 400 (only 400/401 are documented)', async () => {
		const res = await call(sb, 'GET', '/ai_documents/unknown-token');
		expect(res.status).toBe(400);
		expectEnvelope(res.body, 400, 'Bad Request');
		expect(res.body.error.detail).toEqual({ ai_token: [expect.stringContaining('unknown-token')] });
	});

	it('a malformed JSON body answers 400 with a string detail', async () => {
		const res = await call(sb, 'POST', '/clients', {
			rawBody: '{"client": ',
			headers: { 'content-type': 'application/json' },
		});
		expect(res.status).toBe(400);
		expectEnvelope(res.body, 400, 'Bad Request');
		expect(typeof res.body.error.detail).toBe('string');
	});

	it('a body of the wrong content type answers 400', async () => {
		const json = await call(sb, 'POST', '/sent_faxes', { json: { from_number: '+12125550001' } });
		expect(json.status).toBe(400);
		expect(json.body.error.detail).toBe('Content-Type must be multipart/form-data');
		const form = await call(sb, 'POST', '/clients', { form: { name: 'x' } });
		expect(form.status).toBe(400);
		expect(form.body.error.detail).toBe('Content-Type must be application/json');
		const xml = await call(sb, 'POST', '/clients', {
			rawBody: '<x/>',
			headers: { 'content-type': 'application/xml' },
		});
		expect(xml.status).toBe(400);
		expectEnvelope(xml.body, 400, 'Bad Request');
	});

	it('validation errors map every failing field to an array of messages', async () => {
		const res = await call(sb, 'POST', '/fax_numbers', {
			json: { fax_number: { area_code: '21', callback_url: 'not a url', client_id: 'nope' } },
		});
		expect(res.status).toBe(400);
		expect(res.body.error.detail).toEqual({
			'fax_number.area_code': ['must be exactly three digits'],
			'fax_number.callback_url': ['must be an absolute http or https URL'],
			'fax_number.client_id': ['must be a UUID'],
		});
	});
});

describe('request log', () => {
	it('records every /api/v2 request with method, path, query, headers, body, files and status', async () => {
		const bytes = pdf(2, 'recorded');
		await call(sb, 'GET', '/sent_faxes', { query: { page: '2', to_number: '+13105551234' } });
		await call(sb, 'POST', '/clients', { json: { client: { name: 'Clinic' } } });
		await call(sb, 'POST', '/sent_faxes', {
			multipart: {
				file: file(bytes, 'scan.pdf'),
				from_number: '+12125550001',
				to_number: '+13105551234',
				note: 'hi',
			},
		});
		await call(sb, 'GET', '/fax_numbers', { key: 'sk_live_bad' });
		await call(sb, 'POST', '/received_faxes/abc/forward_as_fax', {
			form: { to_number: '+13105551234' },
		});
		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', '/api/v2/sent_faxes', 200],
			['POST', '/api/v2/clients', 201],
			['POST', '/api/v2/sent_faxes', 201],
			['GET', '/api/v2/fax_numbers', 401],
			['POST', '/api/v2/received_faxes/abc/forward_as_fax', 404],
		]);
		const [list, client, fax, , forward] = sb.requests;
		expect(list.query).toEqual({ page: '2', to_number: '+13105551234' });
		expect(list.headers.authorization).toBe('Bearer sk_test_sandbox');
		expect(client.body).toEqual({ client: { name: 'Clinic' } });
		expect(fax.body).toEqual({
			from_number: '+12125550001',
			to_number: '+13105551234',
			note: 'hi',
		});
		expect(fax.files).toHaveLength(1);
		expect(fax.files[0]).toMatchObject({
			field: 'file',
			filename: 'scan.pdf',
			mimetype: 'application/pdf',
		});
		expect(Buffer.compare(fax.files[0].data, bytes)).toBe(0);
		expect(forward.body).toEqual({ to_number: '+13105551234' });
	});

	it('does not record requests outside /api/v2 and reset() clears the log', async () => {
		await fetch(`${sb.origin}/files/nothing`);
		expect(sb.requests).toEqual([]);
		await call(sb, 'GET', '/clients');
		expect(sb.requests).toHaveLength(1);
		const log = sb.requests;
		sb.reset();
		expect(log).toHaveLength(0);
		expect(sb.requests).toBe(log);
	});
});
