import type { Sandbox } from '../../sandbox';
import { call, provision, start, type Json } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MISSING = '3f2b8c9e-1d4a-4b5c-9e8f-0a1b2c3d4e5f';

let sb: Sandbox;
beforeAll(async () => {
	sb = await start();
});
afterAll(() => sb.stop());
beforeEach(() => sb.reset());

describe('fax numbers (spec 4.3)', () => {
	it('POST provisions a number in the area code with the fax number shape', async () => {
		const res = await call(sb, 'POST', '/fax_numbers', {
			json: { fax_number: { area_code: '415', callback_url: 'https://example.test/hook' } },
		});
		expect(res.status).toBe(201);
		expect(Object.keys(res.body)).toEqual(['faxNumber']);
		const n = res.body.faxNumber;
		expect(Object.keys(n)).toEqual(['id', 'number', 'callbackUrl', 'createdAt', 'client', 'uri']);
		expect(n.id).toMatch(UUID);
		expect(n.number).toMatch(/^\+1415555\d{4}$/);
		expect(n.number.endsWith('0000')).toBe(false);
		expect(n.callbackUrl).toBe('https://example.test/hook');
		expect(new Date(n.createdAt).toISOString()).toBe(n.createdAt);
		expect(n.client).toBeNull();
		expect(n.uri).toBe(`${sb.baseUrl}/fax_numbers/${n.id}`);
	});

	it('numbers are unique and callbackUrl defaults to null', async () => {
		const a = await provision(sb);
		const b = await provision(sb);
		expect(a.number).not.toBe(b.number);
		expect(a.callbackUrl).toBeNull();
	});

	it('GET lists every number and GET by id returns one', async () => {
		const a = await provision(sb, { area_code: '212' });
		const b = await provision(sb, { area_code: '646' });
		const list = await call(sb, 'GET', '/fax_numbers', { key: sb.liveKey });
		expect(list.status).toBe(200);
		expect(list.body).toEqual({ faxNumbers: [a, b] });
		const one = await call(sb, 'GET', `/fax_numbers/${b.id}`);
		expect(one.status).toBe(200);
		expect(one.body).toEqual({ faxNumber: b });
	});

	it('the uri of a number is fetchable', async () => {
		const a = await provision(sb);
		const res = await fetch(a.uri, { headers: { authorization: `Bearer ${sb.testKey}` } });
		expect(res.status).toBe(200);
		expect(((await res.json()) as Json).faxNumber.id).toBe(a.id);
	});

	it('answers 422 {error, upgradePath} at the account limit', async () => {
		for (let i = 0; i < 5; i++) await provision(sb);
		const res = await call(sb, 'POST', '/fax_numbers', {
			json: { fax_number: { area_code: '212' } },
		});
		expect(res.status).toBe(422);
		expect(Object.keys(res.body).sort()).toEqual(['error', 'upgradePath']);
		expect(typeof res.body.error).toBe('string');
		expect(res.body.upgradePath).toBe('/account/upgrade');
		expect((await call(sb, 'GET', '/fax_numbers')).body.faxNumbers).toHaveLength(5);
	});

	it('honours a configured limit', async () => {
		const small = await start({ faxNumberLimit: 1 });
		try {
			await provision(small);
			expect(
				(await call(small, 'POST', '/fax_numbers', { json: { fax_number: { area_code: '212' } } }))
					.status,
			).toBe(422);
		} finally {
			await small.stop();
		}
	});

	it.each([
		[{}, { fax_number: ['is required'] }],
		[{ fax_number: {} }, { 'fax_number.area_code': ['is required'] }],
		[{ fax_number: { area_code: 212 } }, { 'fax_number.area_code': ['must be a string'] }],
		[
			{ fax_number: { area_code: '2125' } },
			{ 'fax_number.area_code': ['must be exactly three digits'] },
		],
		[
			{ fax_number: { area_code: 'abc' } },
			{ 'fax_number.area_code': ['must be exactly three digits'] },
		],
		[
			{ fax_number: { area_code: '212', callback_url: 'ftp://x.test' } },
			{ 'fax_number.callback_url': ['must be an absolute http or https URL'] },
		],
		[
			{ fax_number: { area_code: '212', client_id: 'abc' } },
			{ 'fax_number.client_id': ['must be a UUID'] },
		],
		[
			{ fax_number: { area_code: '212', client_id: MISSING } },
			{ 'fax_number.client_id': ['does not match any client of this account'] },
		],
		[{ fax_number: 'x' }, { fax_number: ['must be an object'] }],
	])('POST %j answers 400 %j', async (json, detail) => {
		const res = await call(sb, 'POST', '/fax_numbers', { json });
		expect(res.status).toBe(400);
		expect(res.body).toEqual({ error: { status: 400, title: 'Bad Request', detail } });
	});

	it('POST accepts callback_url null and assigns a client', async () => {
		const client = (
			await call(sb, 'POST', '/clients', { json: { client: { name: 'North Clinic' } } })
		).body.client;
		const res = await call(sb, 'POST', '/fax_numbers', {
			json: { fax_number: { area_code: '303', callback_url: null, client_id: client.clientId } },
		});
		expect(res.status).toBe(201);
		expect(res.body.faxNumber.callbackUrl).toBeNull();
		expect(res.body.faxNumber.client).toEqual({ clientId: client.clientId, name: 'North Clinic' });
	});

	it('PATCH updates the callback URL and the client, null clears either', async () => {
		const n = await provision(sb);
		const client = (await call(sb, 'POST', '/clients', { json: { client: { name: 'A' } } })).body
			.client;
		let res = await call(sb, 'PATCH', `/fax_numbers/${n.id}`, {
			json: { fax_number: { callback_url: 'http://cb.test/x' } },
		});
		expect(res.status).toBe(200);
		expect(res.body.faxNumber).toEqual({ ...n, callbackUrl: 'http://cb.test/x' });
		res = await call(sb, 'PATCH', `/fax_numbers/${n.id}`, {
			json: { fax_number: { client_id: client.clientId } },
		});
		expect(res.body.faxNumber.client).toEqual({ clientId: client.clientId, name: 'A' });
		expect(res.body.faxNumber.callbackUrl).toBe('http://cb.test/x');
		res = await call(sb, 'PATCH', `/fax_numbers/${n.id}`, {
			json: { fax_number: { callback_url: null, client_id: null } },
		});
		expect(res.status).toBe(200);
		expect(res.body.faxNumber).toEqual(n);
		expect((await call(sb, 'GET', `/fax_numbers/${n.id}`)).body.faxNumber).toEqual(n);
	});

	it.each([
		[{}, { fax_number: ['is required'] }],
		[{ fax_number: {} }, { fax_number: ['must contain at least one property'] }],
		[{ fax_number: { area_code: '212' } }, { 'fax_number.area_code': ['is not a known field'] }],
		[
			{ fax_number: { callback_url: 'nope' } },
			{ 'fax_number.callback_url': ['must be an absolute http or https URL'] },
		],
		[{ fax_number: { client_id: 5 } }, { 'fax_number.client_id': ['must be a string or null'] }],
		[
			{ fax_number: { client_id: MISSING } },
			{ 'fax_number.client_id': ['does not match any client of this account'] },
		],
	])('PATCH %j answers 400 %j', async (json, detail) => {
		const n = await provision(sb);
		const res = await call(sb, 'PATCH', `/fax_numbers/${n.id}`, { json });
		expect(res.status).toBe(400);
		expect(res.body.error.detail).toEqual(detail);
	});

	it('PATCH and GET answer 404 for an unknown number', async () => {
		const res = await call(sb, 'PATCH', `/fax_numbers/${MISSING}`, {
			json: { fax_number: { callback_url: null } },
		});
		expect(res.status).toBe(404);
		expect(res.body.error).toMatchObject({ status: 404, title: 'Not Found' });
		expect((await call(sb, 'GET', '/fax_numbers/not-a-uuid')).status).toBe(404);
	});
});

describe('clients (spec 4.4)', () => {
	it('POST creates a client with an empty faxNumbers list', async () => {
		const res = await call(sb, 'POST', '/clients', {
			json: { client: { name: 'Westside Cardiology' } },
		});
		expect(res.status).toBe(201);
		expect(Object.keys(res.body)).toEqual(['client']);
		expect(Object.keys(res.body.client)).toEqual(['clientId', 'name', 'faxNumbers']);
		expect(res.body.client.clientId).toMatch(UUID);
		expect(res.body.client).toMatchObject({ name: 'Westside Cardiology', faxNumbers: [] });
	});

	it('POST with fax_number_id assigns that number (client fax number shape)', async () => {
		const n = await provision(sb, { callback_url: 'http://cb.test/in' });
		const res = await call(sb, 'POST', '/clients', {
			json: { client: { name: 'B', fax_number_id: n.id } },
		});
		expect(res.status).toBe(201);
		expect(res.body.client.faxNumbers).toEqual([
			{ id: n.id, number: n.number, callbackUrl: 'http://cb.test/in', uri: n.uri },
		]);
		const number = (await call(sb, 'GET', `/fax_numbers/${n.id}`)).body.faxNumber;
		expect(number.client).toEqual({ clientId: res.body.client.clientId, name: 'B' });
	});

	it('POST accepts fax_number_id null', async () => {
		const res = await call(sb, 'POST', '/clients', {
			json: { client: { name: 'C', fax_number_id: null } },
		});
		expect(res.status).toBe(201);
		expect(res.body.client.faxNumbers).toEqual([]);
	});

	it.each([
		[{}, { client: ['is required'] }],
		[{ client: {} }, { 'client.name': ['is required'] }],
		[{ client: { name: '   ' } }, { 'client.name': ['must not be blank'] }],
		[{ client: { name: 7 } }, { 'client.name': ['must be a string'] }],
		[{ client: { name: 'x', color: 'red' } }, { 'client.color': ['is not a known field'] }],
		[
			{ client: { name: 'x', fax_number_id: 'abc' } },
			{ 'client.fax_number_id': ['must be a UUID'] },
		],
		[
			{ client: { name: 'x', fax_number_id: MISSING } },
			{ 'client.fax_number_id': ['does not match any fax number of this account'] },
		],
	])('POST %j answers 400 %j', async (json, detail) => {
		const res = await call(sb, 'POST', '/clients', { json });
		expect(res.status).toBe(400);
		expect(res.body.error.detail).toEqual(detail);
	});

	it('GET lists clients and GET by id returns one with its numbers', async () => {
		const a = (await call(sb, 'POST', '/clients', { json: { client: { name: 'A' } } })).body.client;
		const b = (await call(sb, 'POST', '/clients', { json: { client: { name: 'B' } } })).body.client;
		const n = await provision(sb, { client_id: b.clientId });
		const list = await call(sb, 'GET', '/clients');
		expect(list.status).toBe(200);
		expect(list.body).toEqual({
			clients: [
				a,
				{ ...b, faxNumbers: [{ id: n.id, number: n.number, callbackUrl: null, uri: n.uri }] },
			],
		});
		const one = await call(sb, 'GET', `/clients/${b.clientId}`);
		expect(one.status).toBe(200);
		expect(one.body.client.faxNumbers).toHaveLength(1);
		expect(Object.keys(one.body.client.faxNumbers[0])).toEqual([
			'id',
			'number',
			'callbackUrl',
			'uri',
		]);
	});

	it('PATCH renames; the new name shows on assigned numbers', async () => {
		const c = (await call(sb, 'POST', '/clients', { json: { client: { name: 'Old' } } })).body
			.client;
		const n = await provision(sb, { client_id: c.clientId });
		const res = await call(sb, 'PATCH', `/clients/${c.clientId}`, {
			json: { client: { name: 'New' } },
		});
		expect(res.status).toBe(200);
		expect(res.body.client).toMatchObject({ clientId: c.clientId, name: 'New' });
		expect((await call(sb, 'GET', `/fax_numbers/${n.id}`)).body.faxNumber.client.name).toBe('New');
	});

	it('PATCH validates its body and answers 404 for an unknown client', async () => {
		const c = (await call(sb, 'POST', '/clients', { json: { client: { name: 'Old' } } })).body
			.client;
		const bad = await call(sb, 'PATCH', `/clients/${c.clientId}`, {
			json: { client: { name: 'x', fax_number_id: null } },
		});
		expect(bad.status).toBe(400);
		expect(bad.body.error.detail).toEqual({ 'client.fax_number_id': ['is not a known field'] });
		const missing = await call(sb, 'PATCH', `/clients/${MISSING}`, {
			json: { client: { name: 'x' } },
		});
		expect(missing.status).toBe(404);
		expect(missing.body.error.detail).toContain(MISSING);
	});
});
