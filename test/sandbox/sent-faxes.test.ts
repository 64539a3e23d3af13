import type { Sandbox } from '../../sandbox';
import {
	call,
	file,
	pdf,
	PNG,
	sendFax,
	start,
	TIFF_BE,
	TIFF_LE,
	waitFor,
	type Json,
} from './helpers';

const SENT_FAX_KEYS = [
	'sendToken',
	'fromNumber',
	'toNumber',
	'sentStatus',
	'sentAt',
	'completedAt',
	'numPages',
	'errorDetails',
	'isTest',
	'patientName',
	'patientDob',
	'senderName',
	'recipientName',
	'note',
	'recordStatus',
	'documentType',
	'expiry',
	'viewCount',
	'secureLink',
];

let sb: Sandbox;
beforeAll(async () => {
	sb = await start();
});
afterAll(() => sb.stop());
beforeEach(() => sb.reset());

const get = async (token: string) => (await call(sb, 'GET', `/sent_faxes/${token}`)).body;

describe('POST /sent_faxes', () => {
	it('queues a fax: 201 {message, faxId} and a sent fax record with every field', async () => {
		// A sandbox whose faxes stay queued a minute: the read sees the new record whatever the machine's load.
		const held = await start({ timing: { inProgressAfterMs: 60_000, completeAfterMs: 120_000 } });
		try {
			const res = await call(held, 'POST', '/sent_faxes', {
				multipart: {
					file: file(pdf(3)),
					from_number: '+12125550001',
					to_number: '+13105551234',
					callback_url: 'http://127.0.0.1:1/none',
					patient_name: 'John Smith',
					patient_dob: '1970-05-06',
					sender_name: 'Dr. Who',
					recipient_name: 'Dr. Strange',
					note: 'urgent',
					document_type: 'document_only',
				},
			});
			expect(res.status).toBe(201);
			expect(Object.keys(res.body).sort()).toEqual(['faxId', 'message']);
			expect(typeof res.body.message).toBe('string');
			const fax = (await call(held, 'GET', `/sent_faxes/${res.body.faxId}`)).body;
			expect(Object.keys(fax)).toEqual(SENT_FAX_KEYS);
			expect(fax).toMatchObject({
				sendToken: res.body.faxId,
				fromNumber: '+12125550001',
				toNumber: '+13105551234',
				completedAt: null,
				numPages: 3,
				errorDetails: null,
				isTest: true,
				patientName: 'John Smith',
				patientDob: '1970-05-06',
				senderName: 'Dr. Who',
				recipientName: 'Dr. Strange',
				note: 'urgent',
				recordStatus: 'activated',
				documentType: 'document_only',
				viewCount: 0,
			});
			expect(fax.sentStatus).toBe('queued'); // the transitions: 'asynchronous life'
			const sentAt = Date.parse(fax.sentAt);
			expect(Math.abs(sentAt - Date.now())).toBeLessThan(5000);
			expect(Date.parse(fax.expiry) - sentAt).toBe(30 * 24 * 3600 * 1000);
			expect(fax.secureLink).toMatch(new RegExp(`^${held.origin}/files/[A-Za-z0-9_-]+$`));
		} finally {
			await held.stop();
		}
	});

	it('defaults: document_type both, optional fields null, isTest false with the live key', async () => {
		const token = await sendFax(sb, {}, sb.liveKey);
		const fax = await get(token);
		expect(fax).toMatchObject({
			documentType: 'both',
			patientName: null,
			patientDob: null,
			senderName: null,
			recipientName: null,
			note: null,
			isTest: false,
		});
	});

	it.each([
		['PDF', pdf(1), 'application/pdf'],
		['little-endian TIFF', TIFF_LE, 'image/tiff'],
		['big-endian TIFF', TIFF_BE, 'image/tiff'],
	])('accepts a %s by its magic bytes (declared type ignored)', async (_name, bytes) => {
		const token = await sendFax(sb, { file: file(bytes, 'x.bin', 'application/octet-stream') });
		const fax = await get(token);
		expect(fax.numPages).toBe(1);
	});

	it('counts PDF pages by /Type /Page objects, not /Pages', async () => {
		const token = await sendFax(sb, { file: file(pdf(4)) });
		expect((await get(token)).numPages).toBe(4);
	});

	it.each([
		['a PNG', PNG],
		['a PDF without its header', pdf(1).subarray(1)],
		['text', Buffer.from('hello')],
	])('rejects %s with 400 on file', async (_name, bytes) => {
		const res = await call(sb, 'POST', '/sent_faxes', {
			multipart: {
				file: file(bytes, 'x.pdf'),
				from_number: '+12125550001',
				to_number: '+13105551234',
			},
		});
		expect(res.status).toBe(400);
		expect(res.body.error.detail).toEqual({ file: ['must be a PDF or TIFF file'] });
	});

	it('reports every invalid field at once', async () => {
		const res = await call(sb, 'POST', '/sent_faxes', {
			multipart: {
				from_number: '2125550001',
				to_number: '+0123',
				callback_url: 'mailto:x@y.z',
				patient_dob: '1970-02-30',
				document_type: 'everything',
				colour: 'red',
			},
		});
		expect(res.status).toBe(400);
		expect(res.body.error.detail).toEqual({
			colour: ['is not a known field'],
			file: ['is required'],
			from_number: [expect.stringContaining('E.164')],
			to_number: [expect.stringContaining('E.164')],
			callback_url: ['must be an absolute http or https URL'],
			patient_dob: ['must be a date (YYYY-MM-DD)'],
			document_type: ['must be one of: both, document_only, access_code_sheet_only'],
		});
		expect((await call(sb, 'GET', '/sent_faxes')).body.meta.totalCount).toBe(0);
	});

	it('requires from_number and to_number, one file, and text fields as text', async () => {
		const res = await call(sb, 'POST', '/sent_faxes', {
			multipart: {
				file: file(pdf()),
				to_number: file(Buffer.from('+13105551234'), 'n.txt', 'text/plain'),
			},
		});
		expect(res.status).toBe(400);
		expect(res.body.error.detail).toEqual({
			from_number: ['is required'],
			to_number: ['must be a text field, not a file'],
		});
		const fd = new FormData();
		fd.append('file', new Blob([new Uint8Array(pdf())]), 'a.pdf');
		fd.append('file', new Blob([new Uint8Array(pdf())]), 'b.pdf');
		fd.append('from_number', '+12125550001');
		fd.append('to_number', '+13105551234');
		const two = await fetch(`${sb.baseUrl}/sent_faxes`, {
			method: 'POST',
			body: fd,
			headers: { authorization: `Bearer ${sb.testKey}` },
		});
		expect(two.status).toBe(400);
		expect(((await two.json()) as Json).error.detail).toEqual({
			file: ['must be given only once'],
		});
	});

	it('rejects an upload above maxUploadBytes with a clean 400', async () => {
		const small = await start({ maxUploadBytes: 1000 });
		try {
			const exact = Buffer.concat([pdf(1), Buffer.alloc(1000 - pdf(1).length, 0x20)]);
			const ok = await call(small, 'POST', '/sent_faxes', {
				multipart: { file: file(exact), from_number: '+12125550001', to_number: '+13105551234' },
			});
			expect(ok.status).toBe(201);
			const big = await call(small, 'POST', '/sent_faxes', {
				multipart: {
					file: file(Buffer.concat([exact, Buffer.from(' ')])),
					from_number: '+12125550001',
					to_number: '+13105551234',
				},
			});
			expect(big.status).toBe(400);
			expect(big.body.error.detail).toEqual({ file: ['must be at most 1000 bytes'] });
		} finally {
			await small.stop();
		}
	});
});

describe('asynchronous life', () => {
	it('goes queued -> inprogress -> success, completedAt set at completion', async () => {
		// Seconds apart, so that even a busy machine reads each state before the next one begins.
		const slow = await start({ timing: { inProgressAfterMs: 1500, completeAfterMs: 3000 } });
		try {
			const token = await sendFax(slow);
			const read = async () => (await call(slow, 'GET', `/sent_faxes/${token}`)).body;
			const first = await read();
			expect(first.sentStatus).toBe('queued');
			const mid = await waitFor(read, (f) => f.sentStatus !== 'queued', 10_000);
			expect(mid.sentStatus).toBe('inprogress');
			expect(mid.completedAt).toBeNull();
			const done = await waitFor(read, (f) => f.sentStatus !== 'inprogress', 10_000);
			expect(done.sentStatus).toBe('success');
			expect(done.errorDetails).toBeNull();
			expect(done.sentAt).toBe(first.sentAt);
			expect(Date.parse(done.completedAt) - Date.parse(done.sentAt)).toBeGreaterThanOrEqual(2990);
		} finally {
			await slow.stop();
		}
	});

	it('a destination ending in 0000 fails with errorDetails.errorMessage', async () => {
		const token = await sendFax(sb, { to_number: '+13105550000' });
		await sb.settle();
		const fax = await get(token);
		expect(fax.sentStatus).toBe('failure');
		expect(fax.errorDetails).toEqual({ errorMessage: 'No answer from destination fax machine' });
		expect(fax.completedAt).not.toBeNull();
	});

	it('settle() resolves once every fax has completed', async () => {
		const tokens = [await sendFax(sb), await sendFax(sb, { to_number: '+14155550000' })];
		await sb.settle();
		const statuses = await Promise.all(tokens.map(async (t) => (await get(t)).sentStatus));
		expect(statuses).toEqual(['success', 'failure']);
	});
});

describe('secure link', () => {
	it('serves the exact bytes without Bearer auth and counts views', async () => {
		const bytes = pdf(2, 'secret content');
		const token = await sendFax(sb, { file: file(bytes) });
		const { secureLink } = await get(token);
		const res = await fetch(secureLink);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('application/pdf');
		expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), bytes)).toBe(0);
		await (await fetch(secureLink)).arrayBuffer();
		expect((await get(token)).viewCount).toBe(2);
	});

	it('serves TIFF as image/tiff and answers 404 for unknown links', async () => {
		const token = await sendFax(sb, { file: file(TIFF_BE, 'a.tif', 'image/tiff') });
		const res = await fetch((await get(token)).secureLink);
		expect(res.headers.get('content-type')).toBe('image/tiff');
		expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), TIFF_BE)).toBe(0);
		const missing = await fetch(`${sb.origin}/files/unknown`);
		expect(missing.status).toBe(404);
		expect(((await missing.json()) as Json).error.status).toBe(404);
	});
});

describe('GET /sent_faxes (list)', () => {
	async function list(query: Record<string, string> = {}, key?: string) {
		const res = await call(sb, 'GET', '/sent_faxes', { query, key });
		expect(res.status).toBe(200);
		return res.body as { sentFaxes: Json[]; meta: Json };
	}

	it('paginates with meta; default page 1 and page_size 25; newest first', async () => {
		for (let i = 0; i < 27; i++) await sendFax(sb, { note: `n${i}` });
		const first = await list();
		expect(first.meta).toEqual({ totalCount: 27, totalPages: 2, perPage: 25, page: 1 });
		expect(first.sentFaxes).toHaveLength(25);
		expect(first.sentFaxes[0].note).toBe('n26');
		expect(Object.keys(first.sentFaxes[0])).toEqual(SENT_FAX_KEYS);
		const second = await list({ page: '2' });
		expect(second.meta).toEqual({ totalCount: 27, totalPages: 2, perPage: 25, page: 2 });
		expect(second.sentFaxes.map((f) => f.note)).toEqual(['n1', 'n0']);
		const sized = await list({ page: '3', page_size: '10' });
		expect(sized.meta).toEqual({ totalCount: 27, totalPages: 3, perPage: 10, page: 3 });
		expect(sized.sentFaxes).toHaveLength(7);
		const beyond = await list({ page: '9', page_size: '100' });
		expect(beyond.meta).toEqual({ totalCount: 27, totalPages: 1, perPage: 100, page: 9 });
		expect(beyond.sentFaxes).toEqual([]);
		await sb.settle();
	});

	it('an empty account has totalCount 0 and totalPages 0', async () => {
		expect((await list()).meta).toEqual({ totalCount: 0, totalPages: 0, perPage: 25, page: 1 });
	});

	it.each([
		[{ page: '0' }, { page: ['must be an integer of at least 1'] }],
		[{ page: 'x' }, { page: ['must be an integer of at least 1'] }],
		[{ page_size: '0' }, { page_size: ['must be an integer from 1 to 100'] }],
		[{ page_size: '101' }, { page_size: ['must be an integer from 1 to 100'] }],
		[{ is_test: 'yes' }, { is_test: ['must be one of: true, false'] }],
		[
			{ sort: 'colour' },
			{ sort: [expect.stringContaining('must be one of: sent_at, completed_at')] },
		],
		[{ sort_dir: 'up' }, { sort_dir: ['must be one of: asc, desc'] }],
		[{ to_number: ' 13105551234' }, { to_number: [expect.stringContaining('%2B')] }],
		[{ from_number: '555' }, { from_number: [expect.stringContaining('E.164')] }],
		[{ patient_dob: '06/05/1970' }, { patient_dob: ['must be a date (YYYY-MM-DD)'] }],
		[{ date_start: 'yesterday' }, { date_start: [expect.stringContaining('YYYY-MM-DD')] }],
		[{ date_end: '2024-02-30' }, { date_end: [expect.stringContaining('YYYY-MM-DD')] }],
		[{ date_start: '2024-01-01T10:00:00' }, { date_start: [expect.stringContaining('time zone')] }],
		[
			{ date_start: '2024-02-01', date_end: '2024-01-01' },
			{ date_end: ['must not be before date_start'] },
		],
	])('rejects %j with 400 %j', async (query, detail) => {
		const res = await call(sb, 'GET', '/sent_faxes', { query: query as Record<string, string> });
		expect(res.status).toBe(400);
		expect(res.body.error.detail).toEqual(detail);
	});

	it('filters by numbers (exact), names (partial, case-insensitive) and patient_dob (exact)', async () => {
		await sendFax(sb, {
			from_number: '+12125550001',
			to_number: '+13105551111',
			patient_name: 'Alice Walker',
			patient_dob: '1980-01-02',
			sender_name: 'Front Desk',
			recipient_name: 'Cardiology Dept',
		});
		await sendFax(sb, {
			from_number: '+12125550002',
			to_number: '+13105552222',
			patient_name: 'Bob Stone',
			patient_dob: '1990-03-04',
			sender_name: 'Billing',
			recipient_name: 'Radiology',
		});
		const notes = async (q: Record<string, string>) =>
			(await list(q)).sentFaxes.map((f) => f.patientName);
		expect(await notes({ from_number: '+12125550002' })).toEqual(['Bob Stone']);
		expect(await notes({ to_number: '+13105551111' })).toEqual(['Alice Walker']);
		expect(await notes({ to_number: '+1310555111' })).toEqual([]);
		expect(await notes({ patient_name: 'walk' })).toEqual(['Alice Walker']);
		expect(await notes({ patient_dob: '1990-03-04' })).toEqual(['Bob Stone']);
		expect(await notes({ sender_name: 'DESK' })).toEqual(['Alice Walker']);
		expect(await notes({ recipient_name: 'radio' })).toEqual(['Bob Stone']);
		expect(await notes({ patient_name: 'E', recipient_name: 'card' })).toEqual(['Alice Walker']);
		await sb.settle();
	});

	it('filters by date range on sentAt: dates are whole UTC days (date_end inclusive), date-times exact', async () => {
		const a = await sendFax(sb);
		const fax = await get(a);
		const day = fax.sentAt.slice(0, 10);
		const t = Date.parse(fax.sentAt);
		const count = async (q: Record<string, string>) => (await list(q)).meta.totalCount;
		expect(await count({ date_start: day, date_end: day })).toBe(1);
		expect(await count({ date_end: day })).toBe(1);
		const next = new Date(t + 86_400_000).toISOString().slice(0, 10);
		const prev = new Date(t - 86_400_000).toISOString().slice(0, 10);
		expect(await count({ date_start: next })).toBe(0);
		expect(await count({ date_end: prev })).toBe(0);
		expect(await count({ date_start: fax.sentAt, date_end: fax.sentAt })).toBe(1);
		expect(await count({ date_start: new Date(t + 1).toISOString() })).toBe(0);
		expect(await count({ date_end: new Date(t - 1).toISOString() })).toBe(0);
		const offset = new Date(t - 2 * 3600_000).toISOString().replace('Z', '+00:00');
		expect(await count({ date_start: offset })).toBe(1);
		await sb.settle();
	});

	it('is_test separates test and live records; both keys see both', async () => {
		await sendFax(sb, { note: 'test' }, sb.testKey);
		await sendFax(sb, { note: 'live' }, sb.liveKey);
		const notes = async (q: Record<string, string>, key?: string) =>
			(await list(q, key)).sentFaxes.map((f) => f.note).sort();
		expect(await notes({}, sb.testKey)).toEqual(['live', 'test']);
		expect(await notes({}, sb.liveKey)).toEqual(['live', 'test']);
		expect(await notes({ is_test: 'true' }, sb.liveKey)).toEqual(['test']);
		expect(await notes({ is_test: 'false' }, sb.testKey)).toEqual(['live']);
		await sb.settle();
	});

	it('sorts by sort and sort_dir (default sent_at desc), nulls last', async () => {
		await sendFax(sb, { to_number: '+13105550003', patient_name: 'carol' });
		await sendFax(sb, { to_number: '+13105550001' });
		await sendFax(sb, { to_number: '+13105550002', patient_name: 'Anna', file: file(pdf(5)) });
		const order = async (q: Record<string, string>) =>
			(await list(q)).sentFaxes.map((f) => f.toNumber.slice(-1));
		expect(await order({})).toEqual(['2', '1', '3']);
		expect(await order({ sort: 'sent_at', sort_dir: 'asc' })).toEqual(['3', '1', '2']);
		expect(await order({ sort: 'to_number', sort_dir: 'asc' })).toEqual(['1', '2', '3']);
		expect(await order({ sort: 'to_number' })).toEqual(['3', '2', '1']);
		expect(await order({ sort: 'patient_name', sort_dir: 'asc' })).toEqual(['2', '3', '1']);
		expect(await order({ sort: 'patient_name', sort_dir: 'desc' })).toEqual(['3', '2', '1']);
		expect(await order({ sort: 'num_pages' })).toEqual(['2', '1', '3']);
		await sb.settle();
		const done = await order({ sort: 'completed_at', sort_dir: 'asc' });
		expect(done).toHaveLength(3);
	});
});

describe('GET /sent_faxes/{send_token}', () => {
	it('answers 404 for an unknown token', async () => {
		const res = await call(sb, 'GET', '/sent_faxes/deadbeef');
		expect(res.status).toBe(404);
		expect(res.body).toEqual({
			error: { status: 404, title: 'Not Found', detail: 'Sent fax deadbeef not found' },
		});
	});
});
