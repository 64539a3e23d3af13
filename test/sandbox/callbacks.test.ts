import { createHmac } from 'crypto';
import type { Sandbox } from '../../sandbox';
import {
	call,
	deadUrl,
	file,
	parseMultipart,
	parseUrlencoded,
	pdf,
	provision,
	receiveFax,
	sendFax,
	start,
	startReceiver,
	type Answer,
	type Json,
	type Receiver,
} from './helpers';
import { OPENSSL_VECTORS } from './signature-vectors';

/** The test's own HMAC; trusted only because it reproduces the OpenSSL vectors first. */
function localHmac(message: string, key: string): string {
	return createHmac('sha256', Buffer.from(key, 'utf8'))
		.update(Buffer.from(message, 'utf8'))
		.digest('hex');
}

function checkerIsAnchored(): void {
	for (const v of OPENSSL_VECTORS) {
		if (localHmac(v.message, v.key) !== v.hex)
			throw new Error(`local HMAC does not reproduce the OpenSSL vector for ${JSON.stringify(v)}`);
	}
}

const HEX64 = /^[0-9a-f]{64}$/;

describe('signature checker', () => {
	it.each(OPENSSL_VECTORS.map((v) => [v.key, v.message, v.hex]))(
		'HMAC(%s, %j) equals the OpenSSL vector',
		(key, message, hex) => {
			expect(localHmac(message, key)).toBe(hex);
		},
	);
});

/** Answers each callback with the next entry of a script (then the last one forever). */
function scripted(...answers: Answer[]) {
	return (_req: unknown, index: number) => answers[Math.min(index, answers.length - 1)];
}

let sb: Sandbox;
let receivers: Receiver[] = [];
async function receiver(answer: (req: Json, i: number) => Answer = () => 200): Promise<Receiver> {
	const r = await startReceiver(answer);
	receivers.push(r);
	return r;
}

beforeAll(async () => {
	checkerIsAnchored();
	// Long enough for a loopback callback on a loaded machine (250 ms timed some out and made them retry); the two
	// tests of a receiver that hangs wait this long once each.
	sb = await start({ callbackTimeoutMs: 2000 });
});
afterAll(() => sb.stop());
beforeEach(() => sb.reset());
afterEach(async () => {
	sb.reset();
	await Promise.all(receivers.map((r) => r.close()));
	receivers = [];
});

describe('sent-fax callback (spec 6.1, 6.3, 6.6)', () => {
	const FIELDS = [
		'sendToken',
		'fromNumber',
		'toNumber',
		'sentStatus',
		'sentAt',
		'completedAt',
		'numPages',
		'errorDetails',
		'isTest',
		'secureLink',
	];

	it('is an urlencoded recordDetails JSON, signed with the test key for a test fax', async () => {
		const r = await receiver();
		const token = await sendFax(sb, { callback_url: r.url, file: file(pdf(2)) }, sb.testKey);
		await sb.waitForCallbacks((a) => a.length === 1);
		expect(r.received).toHaveLength(1);
		const req = r.received[0];
		expect(req.method).toBe('POST');
		expect(req.url).toBe('/callback');
		expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
		const form = parseUrlencoded(req.body);
		expect(Object.keys(form)).toEqual(['recordDetails']);
		const payload = JSON.parse(form.recordDetails);
		expect(Object.keys(payload)).toEqual(FIELDS);
		const record = (await call(sb, 'GET', `/sent_faxes/${token}`)).body;
		expect(payload).toEqual({
			sendToken: token,
			fromNumber: '+12125550001',
			toNumber: '+13105551234',
			sentStatus: 'success',
			sentAt: record.sentAt,
			completedAt: record.completedAt,
			numPages: 2,
			errorDetails: null,
			isTest: true,
			secureLink: record.secureLink,
		});
		const signature = req.headers['x-service-signature'];
		expect(signature).toMatch(HEX64);
		expect(signature).toBe(
			localHmac(`${payload.sendToken}${payload.completedAt}`, 'sk_test_sandbox'),
		);
		expect(signature).not.toBe(
			localHmac(`${payload.sendToken}${payload.completedAt}`, 'sk_live_sandbox'),
		);

		const [attempt] = sb.callbackAttempts;
		expect(attempt).toMatchObject({
			type: 'sentFax',
			url: r.url,
			attempt: 1,
			status: 200,
			signature,
			contentType: 'application/x-www-form-urlencoded',
		});
		expect(attempt.body).toBe(req.body.toString('utf8'));
		expect(new Date(attempt.at).toISOString()).toBe(attempt.at);
	});

	it('a live failure carries sentStatus failure, the error message, and the live key signature', async () => {
		const r = await receiver();
		await sendFax(sb, { callback_url: r.url, to_number: '+13105550000' }, sb.liveKey);
		await sb.waitForCallbacks((a) => a.length === 1);
		const payload = JSON.parse(parseUrlencoded(r.received[0].body).recordDetails);
		expect(payload).toMatchObject({
			sentStatus: 'failure',
			errorDetails: 'No answer from destination fax machine',
			isTest: false,
		});
		expect(r.received[0].headers['x-service-signature']).toBe(
			localHmac(`${payload.sendToken}${payload.completedAt}`, 'sk_live_sandbox'),
		);
	});

	it('forwarded faxes and faxes without callback_url send no callback', async () => {
		const r = await receiver();
		await sendFax(sb);
		const n = await provision(sb);
		const token = await receiveFax(sb, n.number);
		await call(sb, 'POST', `/received_faxes/${token}/forward_as_fax`, {
			form: { to_number: '+16175551234' },
		});
		await sb.settle();
		expect(sb.callbackAttempts).toEqual([]);
		expect(r.received).toEqual([]);
	});
});

describe('received-fax callback (spec 6.1, 6.4, 6.6)', () => {
	it('is multipart with recordDetails and the file, sent to the number callback URL, test key signature', async () => {
		const r = await receiver();
		const client = (await call(sb, 'POST', '/clients', { json: { client: { name: 'C' } } })).body
			.client;
		const n = await provision(sb, { callback_url: r.url, client_id: client.clientId });
		const bytes = pdf(2, 'REFERRAL');
		const token = await receiveFax(sb, n.number, { file: file(bytes) }, sb.testKey);
		await sb.waitForCallbacks((a) => a.length === 1);
		const req = r.received[0];
		expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		const parts = parseMultipart(req.body, String(req.headers['content-type']));
		expect(parts.map((p) => p.name)).toEqual(['recordDetails', 'file']);
		expect(parts[0].filename).toBeUndefined();
		expect(parts[1].filename).toBe(`${token}.pdf`);
		expect(parts[1].contentType).toBe('application/pdf');
		expect(Buffer.compare(parts[1].data, bytes)).toBe(0);

		const payload = JSON.parse(parts[0].data.toString('utf8'));
		const record = (await call(sb, 'GET', `/received_faxes/${token}`)).body;
		expect(payload).toEqual({
			sendToken: token,
			fromNumber: '+14155551234',
			toNumber: n.number,
			callerName: 'Sandbox Caller',
			sentAt: record.sentAt,
			completedAt: record.completedAt,
			numPages: 2,
			isTest: true,
			faxStatus: 'success',
			errorDetails: null,
			client: client.clientId,
			callbackStatus: 'pending',
			documentClassification: 'referral',
			secondaryCategory: 'cardiology_referral',
			patientName: 'Jane Q Sample',
			patientFirstName: 'Jane',
			patientMiddleName: 'Q',
			patientLastName: 'Sample',
			patientDob: '1980-01-15',
			insuranceMemberId: 'SBX123456789',
			referenceNumber: record.referenceNumber,
			authorizationNumber: null,
			codes: [{ code: 'I10' }, { code: 'E11.9' }],
			authDateRangeStart: null,
			authDateRangeEnd: null,
			denialReason: null,
		});
		// the read endpoint stores the same codes as text
		expect(JSON.parse(record.codes)).toEqual(payload.codes);
		expect(record.callbackStatus).toBe('success');
		const signature = req.headers['x-service-signature'];
		expect(signature).toBe(localHmac(`${token}${payload.completedAt}`, 'sk_test_sandbox'));
		expect(sb.callbackAttempts[0]).toMatchObject({ type: 'receivedFax', status: 200, signature });
		expect(Buffer.compare(sb.callbackAttempts[0].body as Buffer, req.body)).toBe(0);
	});

	it('a live received fax is signed with the live key; no AI fields when extraction is off', async () => {
		const plain = await start({ aiExtraction: false });
		try {
			const r = await receiver();
			const n = await provision(plain, { callback_url: r.url });
			const token = await receiveFax(plain, n.number, {}, plain.liveKey);
			await plain.waitForCallbacks((a) => a.length === 1);
			const parts = parseMultipart(
				r.received[0].body,
				String(r.received[0].headers['content-type']),
			);
			const payload = JSON.parse(parts[0].data.toString('utf8'));
			expect(Object.keys(payload)).toEqual([
				'sendToken',
				'fromNumber',
				'toNumber',
				'callerName',
				'sentAt',
				'completedAt',
				'numPages',
				'isTest',
				'faxStatus',
				'errorDetails',
				'client',
				'callbackStatus',
			]);
			expect(payload.isTest).toBe(false);
			expect(r.received[0].headers['x-service-signature']).toBe(
				localHmac(`${token}${payload.completedAt}`, 'sk_live_sandbox'),
			);
		} finally {
			await plain.stop();
		}
	});

	it('a failed reception carries faxStatus failure and errorDetails', async () => {
		const r = await receiver();
		const n = await provision(sb, { callback_url: r.url });
		await receiveFax(sb, n.number, { from_number: '+14155550000' });
		await sb.waitForCallbacks((a) => a.length === 1);
		const parts = parseMultipart(r.received[0].body, String(r.received[0].headers['content-type']));
		const payload = JSON.parse(parts[0].data.toString('utf8'));
		expect(payload.faxStatus).toBe('failure');
		expect(payload.errorDetails).toEqual({ errorMessage: expect.any(String) });
		expect(payload.codes).toEqual([]);
		expect(payload.documentClassification).toBeNull();
	});

	it('no callback when the number has no callback URL (callbackStatus null)', async () => {
		const n = await provision(sb);
		const token = await receiveFax(sb, n.number);
		await sb.settle();
		expect(sb.callbackAttempts).toEqual([]);
		expect((await call(sb, 'GET', `/received_faxes/${token}`)).body.callbackStatus).toBeNull();
	});
});

describe('AI-document callback (spec 6.5, 6.6)', () => {
	it('is an urlencoded AiDocumentDetails {aiResult}, always signed with the live key', async () => {
		const r = await receiver();
		const res = await call(sb, 'POST', '/ai_documents', {
			key: sb.testKey,
			multipart: { file: file(pdf(1, 'REFERRAL')), callback_url: r.url },
		});
		await sb.waitForCallbacks((a) => a.length === 1);
		const req = r.received[0];
		expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
		const form = parseUrlencoded(req.body);
		expect(Object.keys(form)).toEqual(['AiDocumentDetails']);
		const payload = JSON.parse(form.AiDocumentDetails);
		expect(Object.keys(payload)).toEqual(['aiResult']);
		const stored = (await call(sb, 'GET', `/ai_documents/${res.body.aiToken}`)).body.aiResult;
		expect(payload.aiResult).toEqual(stored);
		expect(payload.aiResult).toMatchObject({
			aiToken: res.body.aiToken,
			documentClassification: 'referral',
			patientDob: '1980-01-15',
			patientGender: 'female',
			insuranceMemberId: 'SBX123456789',
			errorDetails: null,
		});
		expect(Array.isArray(payload.aiResult.icdCodesJson)).toBe(true);
		expect(Array.isArray(payload.aiResult.cptCodesJson)).toBe(true);
		const message = `${payload.aiResult.aiToken}${payload.aiResult.completedAt}`;
		expect(req.headers['x-service-signature']).toBe(localHmac(message, 'sk_live_sandbox'));
		expect(req.headers['x-service-signature']).not.toBe(localHmac(message, 'sk_test_sandbox'));
		expect(sb.callbackAttempts[0]).toMatchObject({ type: 'aiDocument', attempt: 1, status: 200 });
	});
});

describe('e-mail callback (payload not shown in the spec: sandbox choice)', () => {
	it('is an urlencoded emailDetails JSON of the e-mail resource with an X-Service-Signature header', async () => {
		const r = await receiver();
		const res = await call(sb, 'POST', '/emails', {
			multipart: {
				file: file(pdf()),
				recipient_email: 'pat@example.test',
				expire_after: '3',
				callback_url: r.url,
			},
		});
		await sb.waitForCallbacks((a) => a.length === 1);
		const req = r.received[0];
		expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
		const form = parseUrlencoded(req.body);
		expect(Object.keys(form)).toEqual(['emailDetails']);
		const payload = JSON.parse(form.emailDetails);
		expect(payload).toEqual((await call(sb, 'GET', `/emails/${res.body.emailId}`)).body);
		expect(payload.emailStatus).toBe('success');
		expect(req.headers['x-service-signature']).toMatch(HEX64);
		expect(sb.callbackAttempts[0].type).toBe('email');
	});
});

describe('retries (spec 6.7)', () => {
	it('retries a fax callback after non-2xx answers on the schedule, same body and signature', async () => {
		const r = await receiver(scripted(500, 503, 200));
		await sendFax(sb, { callback_url: r.url });
		await sb.waitForCallbacks((a) => a.some((x) => x.status === 200));
		await sb.settle();
		expect(sb.callbackAttempts.map((a) => [a.attempt, a.status])).toEqual([
			[1, 500],
			[2, 503],
			[3, 200],
		]);
		expect(new Set(r.received.map((x) => x.body.toString())).size).toBe(1);
		expect(new Set(r.received.map((x) => x.headers['x-service-signature'])).size).toBe(1);
		const times = sb.callbackAttempts.map((a) => Date.parse(a.at));
		expect(times[1] - times[0]).toBeGreaterThanOrEqual(20);
		expect(times[2] - times[1]).toBeGreaterThanOrEqual(20);
	});

	it('gives up after the schedule is exhausted; received fax callbackStatus becomes failed', async () => {
		const r = await receiver(() => 500);
		const n = await provision(sb, { callback_url: r.url });
		const token = await receiveFax(sb, n.number);
		await sb.settle();
		expect(sb.callbackAttempts.map((a) => [a.type, a.attempt, a.status])).toEqual([
			['receivedFax', 1, 500],
			['receivedFax', 2, 500],
			['receivedFax', 3, 500],
			['receivedFax', 4, 500],
		]);
		expect(r.received).toHaveLength(4);
		expect((await call(sb, 'GET', `/received_faxes/${token}`)).body.callbackStatus).toBe('failed');
	});

	it('received fax callbackStatus becomes success after a retry succeeds', async () => {
		const r = await receiver(scripted(500, 200));
		const n = await provision(sb, { callback_url: r.url });
		const token = await receiveFax(sb, n.number);
		await sb.settle();
		expect(sb.callbackAttempts.map((a) => a.status)).toEqual([500, 200]);
		expect((await call(sb, 'GET', `/received_faxes/${token}`)).body.callbackStatus).toBe('success');
	});

	it('never retries after a 405', async () => {
		const r = await receiver(() => 405);
		await sendFax(sb, { callback_url: r.url });
		const n = await provision(sb, { callback_url: r.url });
		const token = await receiveFax(sb, n.number);
		await sb.settle();
		expect(sb.callbackAttempts.map((a) => [a.type, a.attempt, a.status]).sort()).toEqual([
			['receivedFax', 1, 405],
			['sentFax', 1, 405],
		]);
		expect(r.received).toHaveLength(2);
		expect((await call(sb, 'GET', `/received_faxes/${token}`)).body.callbackStatus).toBe('failed');
	});

	it('retries a fax callback after a timeout', async () => {
		const r = await receiver(scripted('hang', 200));
		await sendFax(sb, { callback_url: r.url });
		await sb.settle();
		expect(sb.callbackAttempts.map((a) => [a.attempt, a.status])).toEqual([
			[1, null],
			[2, 200],
		]);
		expect(sb.callbackAttempts[0].error).toMatch(/timeout/);
	});

	it('retries a fax callback after a connection failure', async () => {
		const url = await deadUrl();
		await sendFax(sb, { callback_url: url });
		await sb.settle();
		expect(sb.callbackAttempts.map((a) => [a.attempt, a.status])).toEqual([
			[1, null],
			[2, null],
			[3, null],
			[4, null],
		]);
		expect(sb.callbackAttempts.every((a) => typeof a.error === 'string' && a.url === url)).toBe(
			true,
		);
	});

	it('retries an e-mail callback after a non-2xx answer', async () => {
		const r = await receiver(scripted(500, 204));
		await call(sb, 'POST', '/emails', {
			multipart: {
				file: file(pdf()),
				recipient_email: 'pat@example.test',
				expire_after: '3',
				callback_url: r.url,
			},
		});
		await sb.settle();
		expect(sb.callbackAttempts.map((a) => [a.type, a.status])).toEqual([
			['email', 500],
			['email', 204],
		]);
	});

	it('does not retry an AI callback once the receiver answered, even with 500', async () => {
		const r = await receiver(() => 500);
		await call(sb, 'POST', '/ai_documents', {
			multipart: { file: file(pdf()), callback_url: r.url },
		});
		await sb.settle();
		expect(sb.callbackAttempts.map((a) => [a.type, a.attempt, a.status])).toEqual([
			['aiDocument', 1, 500],
		]);
		expect(r.received).toHaveLength(1);
	});

	it('re-attempts an AI callback after a timeout', async () => {
		const r = await receiver(scripted('hang', 200));
		await call(sb, 'POST', '/ai_documents', {
			multipart: { file: file(pdf()), callback_url: r.url },
		});
		await sb.settle();
		expect(sb.callbackAttempts.map((a) => [a.type, a.attempt, a.status])).toEqual([
			['aiDocument', 1, null],
			['aiDocument', 2, 200],
		]);
		expect(r.received).toHaveLength(2);
		expect(r.received[0].body.toString()).toBe(r.received[1].body.toString());
	});

	it('re-attempts an AI callback after a connection failure until the schedule is exhausted', async () => {
		const url = await deadUrl();
		await call(sb, 'POST', '/ai_documents', {
			multipart: { file: file(pdf()), callback_url: url },
		});
		await sb.settle();
		expect(sb.callbackAttempts.map((a) => [a.attempt, a.status])).toEqual([
			[1, null],
			[2, null],
			[3, null],
			[4, null],
		]);
	});

	it('re-attempts an AI callback whose connection was dropped, then stops at the first answer', async () => {
		const r = await receiver(scripted('destroy', 502));
		await call(sb, 'POST', '/ai_documents', {
			multipart: { file: file(pdf()), callback_url: r.url },
		});
		await sb.settle();
		expect(sb.callbackAttempts.map((a) => a.status)).toEqual([null, 502]);
	});
});

describe('waitForCallbacks', () => {
	it('rejects after its timeout when the condition is not met', async () => {
		await expect(sb.waitForCallbacks((a) => a.length > 0, 50)).rejects.toThrow(/within 50 ms/);
	});

	it('resolves at once when the condition already holds', async () => {
		await expect(sb.waitForCallbacks(() => true, 50)).resolves.toEqual([]);
	});
});
