import type { Sandbox } from '../../sandbox';
import {
	call,
	file,
	pdf,
	PNG,
	provision,
	receiveFax,
	start,
	startReceiver,
	TIFF_LE,
	waitFor,
	type Json,
} from './helpers';

const RECEIVED_FAX_KEYS = [
	'sendToken',
	'fromNumber',
	'toNumber',
	'callerName',
	'faxStatus',
	'sentAt',
	'completedAt',
	'numPages',
	'isTest',
	'errorDetails',
	'callbackStatus',
	'client',
	'documentClassification',
	'secondaryCategory',
	'patientName',
	'patientFirstName',
	'patientMiddleName',
	'patientLastName',
	'patientDob',
	'insuranceMemberId',
	'referenceNumber',
	'authorizationNumber',
	'codes',
	'authDateRangeStart',
	'authDateRangeEnd',
	'denialReason',
	'secureLink',
];

let sb: Sandbox;
beforeAll(async () => {
	sb = await start();
});
afterAll(() => sb.stop());
beforeEach(() => sb.reset());

const get = async (token: string) => (await call(sb, 'GET', `/received_faxes/${token}`)).body;

describe('POST /received_faxes/test_receive', () => {
	it('answers 201 {message} and creates a received fax with every field', async () => {
		const n = await provision(sb);
		const res = await call(sb, 'POST', '/received_faxes/test_receive', {
			multipart: {
				file: file(pdf(2, 'REFERRAL to cardiology')),
				to_number: n.number,
				from_number: '+14155551234',
			},
		});
		expect(res.status).toBe(201);
		expect(Object.keys(res.body)).toEqual(['message']);
		const list = (await call(sb, 'GET', '/received_faxes')).body;
		expect(list.meta.totalCount).toBe(1);
		const fax = list.receivedFaxes[0];
		expect(res.body.message).toContain(fax.sendToken);
		expect(Object.keys(fax)).toEqual(RECEIVED_FAX_KEYS);
		expect(fax).toMatchObject({
			fromNumber: '+14155551234',
			toNumber: n.number,
			callerName: 'Sandbox Caller',
			faxStatus: 'success',
			numPages: 2,
			isTest: true,
			errorDetails: null,
			callbackStatus: null,
			client: null,
			documentClassification: 'referral',
			secondaryCategory: 'cardiology_referral',
			patientName: 'Jane Q Sample',
			patientFirstName: 'Jane',
			patientMiddleName: 'Q',
			patientLastName: 'Sample',
			patientDob: '1980-01-15',
			insuranceMemberId: 'SBX123456789',
			referenceNumber: expect.stringMatching(/^REF-[0-9A-F]{8}$/),
			authorizationNumber: null,
			codes: '[{"code":"I10"},{"code":"E11.9"}]',
			authDateRangeStart: null,
			authDateRangeEnd: null,
			denialReason: null,
		});
		expect(Date.parse(fax.completedAt)).toBeGreaterThan(Date.parse(fax.sentAt));
		expect(await get(fax.sendToken)).toEqual(fax);
	});

	it('classifies prior authorizations, denials and other documents deterministically', async () => {
		const n = await provision(sb);
		const auth = await get(
			await receiveFax(sb, n.number, { file: file(pdf(1, 'Prior Auth request')) }),
		);
		expect(auth).toMatchObject({
			documentClassification: 'prior_authorization',
			authorizationNumber: expect.stringMatching(/^AUTH-[0-9A-F]{8}$/),
			authDateRangeStart: '2025-01-01',
			authDateRangeEnd: '2025-06-30',
			codes: '[{"code":"M54.5"},{"code":"72148"}]',
			denialReason: null,
		});
		const denied = await get(
			await receiveFax(sb, n.number, { file: file(pdf(1, 'request DENIED')) }),
		);
		expect(denied).toMatchObject({
			documentClassification: 'prior_authorization',
			secondaryCategory: 'authorization_denial',
			denialReason: 'Service not medically necessary',
		});
		const other = await get(
			await receiveFax(sb, n.number, { file: file(TIFF_LE, 'a.tif', 'image/tiff') }),
		);
		expect(other).toMatchObject({
			documentClassification: 'medical_records',
			codes: '[{"code":"E11.9"}]',
			numPages: 1,
		});
		const again = await get(
			await receiveFax(sb, n.number, { file: file(pdf(1, 'Prior Auth request')) }),
		);
		expect(again.referenceNumber).toBe(auth.referenceNumber);
	});

	it('a from_number ending in 0000 gives faxStatus failure without AI fields', async () => {
		const n = await provision(sb);
		const fax = await get(await receiveFax(sb, n.number, { from_number: '+14155550000' }));
		expect(fax.faxStatus).toBe('failure');
		expect(fax.errorDetails).toEqual({ errorMessage: expect.any(String) });
		expect(fax.documentClassification).toBeNull();
		expect(fax.codes).toBeNull();
	});

	it('isTest follows the key; client is the number client id', async () => {
		const client = (await call(sb, 'POST', '/clients', { json: { client: { name: 'C' } } })).body
			.client;
		const n = await provision(sb, { client_id: client.clientId });
		const fax = await get(await receiveFax(sb, n.number, {}, sb.liveKey));
		expect(fax.isTest).toBe(false);
		expect(fax.client).toBe(client.clientId);
	});

	it('AI extraction fields stay null when the feature is off', async () => {
		const plain = await start({ aiExtraction: false });
		try {
			const n = await provision(plain);
			const token = await receiveFax(plain, n.number, { file: file(pdf(1, 'REFERRAL')) });
			const fax = (await call(plain, 'GET', `/received_faxes/${token}`)).body;
			for (const key of RECEIVED_FAX_KEYS.slice(12, 26)) expect(fax[key]).toBeNull();
			expect(fax.faxStatus).toBe('success');
		} finally {
			await plain.stop();
		}
	});

	it('validates: to_number must be one of the account numbers, E.164 numbers, PDF or TIFF file', async () => {
		await provision(sb);
		const res = await call(sb, 'POST', '/received_faxes/test_receive', {
			multipart: { file: file(pdf()), to_number: '+19995551234', from_number: '+14155551234' },
		});
		expect(res.status).toBe(400);
		expect(res.body.error.detail).toEqual({ to_number: ['is not a fax number of this account'] });
		const bad = await call(sb, 'POST', '/received_faxes/test_receive', {
			multipart: { file: file(PNG), to_number: 'x', from_number: '' },
		});
		expect(bad.status).toBe(400);
		expect(bad.body.error.detail).toEqual({
			file: ['must be a PDF or TIFF file'],
			to_number: [expect.stringContaining('E.164')],
			from_number: ['is required'],
		});
		const missing = await call(sb, 'POST', '/received_faxes/test_receive', {
			multipart: { to_number: '+19995551234' },
		});
		expect(missing.body.error.detail.file).toEqual(['is required']);
		expect((await call(sb, 'GET', '/received_faxes')).body.meta.totalCount).toBe(0);
	});

	it('serves the received document at its secure link', async () => {
		const n = await provision(sb);
		const bytes = pdf(1, 'inbound');
		const fax = await get(await receiveFax(sb, n.number, { file: file(bytes) }));
		const res = await fetch(fax.secureLink);
		expect(res.status).toBe(200);
		expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), bytes)).toBe(0);
	});

	it('callbackStatus is pending while the callback is under way, then success', async () => {
		const hold = await startReceiver(() => 'hang');
		const other = await start({ callbackTimeoutMs: 5000 });
		try {
			const n = await provision(other, { callback_url: hold.url });
			const token = await receiveFax(other, n.number);
			await waitFor(
				async () => hold.received.length,
				(c) => c === 1,
			);
			expect((await call(other, 'GET', `/received_faxes/${token}`)).body.callbackStatus).toBe(
				'pending',
			);
		} finally {
			await other.stop();
			await hold.close();
		}
		const receiver = await startReceiver(() => 200);
		try {
			const n = await provision(sb, { callback_url: receiver.url });
			const token = await receiveFax(sb, n.number);
			await sb.settle();
			expect((await get(token)).callbackStatus).toBe('success');
			expect(receiver.received).toHaveLength(1);
		} finally {
			await receiver.close();
		}
	});
});

describe('GET /received_faxes (list)', () => {
	async function list(query: Record<string, string> = {}, key?: string) {
		const res = await call(sb, 'GET', '/received_faxes', { query, key });
		expect(res.status).toBe(200);
		return res.body as { receivedFaxes: Json[]; meta: Json };
	}

	it('paginates with meta, newest first', async () => {
		const n = await provision(sb);
		const tokens: string[] = [];
		for (let i = 0; i < 4; i++) tokens.push(await receiveFax(sb, n.number));
		const page = await list({ page_size: '3' });
		expect(page.meta).toEqual({ totalCount: 4, totalPages: 2, perPage: 3, page: 1 });
		expect(page.receivedFaxes.map((f) => f.sendToken)).toEqual([tokens[3], tokens[2], tokens[1]]);
		const second = await list({ page_size: '3', page: '2' });
		expect(second.receivedFaxes.map((f) => f.sendToken)).toEqual([tokens[0]]);
		expect((await list()).meta).toEqual({ totalCount: 4, totalPages: 1, perPage: 25, page: 1 });
	});

	it('applies every filter', async () => {
		const client = (await call(sb, 'POST', '/clients', { json: { client: { name: 'C' } } })).body
			.client;
		const a = await provision(sb, { client_id: client.clientId });
		const b = await provision(sb);
		const t1 = await receiveFax(sb, a.number, { from_number: '+14155551111' }, sb.testKey);
		const t2 = await receiveFax(sb, b.number, { from_number: '+14155550000' }, sb.liveKey);
		const tokens = async (q: Record<string, string>) =>
			(await list(q)).receivedFaxes.map((f) => f.sendToken);
		expect(await tokens({ from_number: '+14155551111' })).toEqual([t1]);
		expect(await tokens({ to_number: b.number })).toEqual([t2]);
		expect(await tokens({ caller_name: 'sandbox call' })).toEqual([t2, t1]);
		expect(await tokens({ caller_name: 'nobody' })).toEqual([]);
		expect(await tokens({ fax_status: 'failure' })).toEqual([t2]);
		expect(await tokens({ fax_status: 'success' })).toEqual([t1]);
		expect(await tokens({ is_test: 'true' })).toEqual([t1]);
		expect(await tokens({ is_test: 'false' })).toEqual([t2]);
		expect(await tokens({ client: client.clientId })).toEqual([t1]);
		expect(await tokens({ callback_status: 'pending' })).toEqual([]);
		const fax = await get(t1);
		const day = fax.sentAt.slice(0, 10);
		expect(await tokens({ date_start: day, date_end: day })).toEqual([t2, t1]);
		expect(
			await tokens({
				date_start: new Date(Date.parse(fax.sentAt) + 1).toISOString(),
				date_end: '2999-01-01',
			}),
		).toEqual([t2]);
		expect(await tokens({ date_end: '2000-01-01' })).toEqual([]);
	});

	it('filters by callback_status', async () => {
		const receiver = await startReceiver(() => 200);
		try {
			const n = await provision(sb, { callback_url: receiver.url });
			const plain = await provision(sb);
			const t1 = await receiveFax(sb, n.number);
			await receiveFax(sb, plain.number);
			await sb.settle();
			const res = await list({ callback_status: 'success' });
			expect(res.receivedFaxes.map((f) => f.sendToken)).toEqual([t1]);
			expect((await list({ callback_status: 'failed' })).meta.totalCount).toBe(0);
		} finally {
			await receiver.close();
		}
	});

	it.each([
		[{ page_size: '500' }, { page_size: ['must be an integer from 1 to 100'] }],
		[{ fax_status: 'queued' }, { fax_status: ['must be one of: success, failure'] }],
		[
			{ callback_status: 'done' },
			{ callback_status: ['must be one of: success, failed, pending'] },
		],
		[{ is_test: '1' }, { is_test: ['must be one of: true, false'] }],
		[{ from_number: '4155551234' }, { from_number: [expect.stringContaining('E.164')] }],
		[{ date_end: '31-12-2024' }, { date_end: [expect.stringContaining('YYYY-MM-DD')] }],
	])('rejects %j with 400 %j', async (query, detail) => {
		const res = await call(sb, 'GET', '/received_faxes', {
			query: query as Record<string, string>,
		});
		expect(res.status).toBe(400);
		expect(res.body.error.detail).toEqual(detail);
	});

	it('GET by token answers 404 for an unknown token', async () => {
		const res = await call(sb, 'GET', '/received_faxes/nope');
		expect(res.status).toBe(404);
		expect(res.body.error).toEqual({
			status: 404,
			title: 'Not Found',
			detail: 'Received fax nope not found',
		});
	});
});

describe('POST /received_faxes/{send_token}/forward_as_fax', () => {
	it('queues a sent fax from the receiving number with the same document', async () => {
		const n = await provision(sb);
		const bytes = pdf(3, 'forward me');
		const token = await receiveFax(sb, n.number, { file: file(bytes) }, sb.testKey);
		const res = await call(sb, 'POST', `/received_faxes/${token}/forward_as_fax`, {
			form: { to_number: '+16175551234' },
			key: sb.liveKey,
		});
		expect(res.status).toBe(201);
		expect(Object.keys(res.body).sort()).toEqual(['faxId', 'message']);
		const sent = (await call(sb, 'GET', `/sent_faxes/${res.body.faxId}`)).body;
		expect(sent).toMatchObject({
			sendToken: res.body.faxId,
			fromNumber: n.number,
			toNumber: '+16175551234',
			numPages: 3,
			isTest: false,
			documentType: 'both',
		});
		const link = await fetch(sent.secureLink);
		expect(Buffer.compare(Buffer.from(await link.arrayBuffer()), bytes)).toBe(0);
		await sb.settle();
		expect((await call(sb, 'GET', `/sent_faxes/${res.body.faxId}`)).body.sentStatus).toBe(
			'success',
		);
	});

	it('answers 404 for an unknown token and 400 for a bad body', async () => {
		const missing = await call(sb, 'POST', '/received_faxes/nope/forward_as_fax', {
			form: { to_number: '+16175551234' },
		});
		expect(missing.status).toBe(404);
		expect(missing.body.error.detail).toContain('nope');
		const n = await provision(sb);
		const token = await receiveFax(sb, n.number);
		const bad = await call(sb, 'POST', `/received_faxes/${token}/forward_as_fax`, {
			form: { to_number: '617' },
		});
		expect(bad.status).toBe(400);
		expect(bad.body.error.detail).toEqual({ to_number: [expect.stringContaining('E.164')] });
		const empty = await call(sb, 'POST', `/received_faxes/${token}/forward_as_fax`, { form: {} });
		expect(empty.body.error.detail).toEqual({ to_number: ['is required'] });
		const json = await call(sb, 'POST', `/received_faxes/${token}/forward_as_fax`, {
			json: { to_number: '+16175551234' },
		});
		expect(json.status).toBe(400);
		expect(json.body.error.detail).toBe('Content-Type must be application/x-www-form-urlencoded');
	});
});
