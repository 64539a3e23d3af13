/**
 * The sandbox's callbacks as the spec words them (section 6): the signature checker against OpenSSL's
 * vectors, then each callback's payload, headers and signature. Retries: callback-retries.test.ts.
 */
import { callbackSandbox, HEX64, localHmac } from './callback-harness';
import {
	call,
	file,
	parseMultipart,
	parseUrlencoded,
	pdf,
	provision,
	receiveFax,
	sendFax,
	start,
} from './helpers';
import { OPENSSL_VECTORS } from './signature-vectors';

const env = callbackSandbox();

describe('signature checker', () => {
	it.each(OPENSSL_VECTORS.map((v) => [v.key, v.message, v.hex]))(
		'HMAC(%s, %j) equals the OpenSSL vector',
		(key, message, hex) => {
			expect(localHmac(message, key)).toBe(hex);
		},
	);
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
		const r = await env.receiver();
		const token = await sendFax(
			env.sb,
			{ callback_url: r.url, file: file(pdf(2)) },
			env.sb.testKey,
		);
		await env.sb.waitForCallbacks((a) => a.length === 1);
		expect(r.received).toHaveLength(1);
		const req = r.received[0];
		expect(req.method).toBe('POST');
		expect(req.url).toBe('/callback');
		expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
		const form = parseUrlencoded(req.body);
		expect(Object.keys(form)).toEqual(['recordDetails']);
		const payload = JSON.parse(form.recordDetails);
		expect(Object.keys(payload)).toEqual(FIELDS);
		const record = (await call(env.sb, 'GET', `/sent_faxes/${token}`)).body;
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

		const [attempt] = env.sb.callbackAttempts;
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
		const r = await env.receiver();
		await sendFax(env.sb, { callback_url: r.url, to_number: '+13105550000' }, env.sb.liveKey);
		await env.sb.waitForCallbacks((a) => a.length === 1);
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
		const r = await env.receiver();
		await sendFax(env.sb);
		const n = await provision(env.sb);
		const token = await receiveFax(env.sb, n.number);
		await call(env.sb, 'POST', `/received_faxes/${token}/forward_as_fax`, {
			form: { to_number: '+16175551234' },
		});
		await env.sb.settle();
		expect(env.sb.callbackAttempts).toEqual([]);
		expect(r.received).toEqual([]);
	});
});

describe('received-fax callback (spec 6.1, 6.4, 6.6)', () => {
	it('is multipart with recordDetails and the file, sent to the number callback URL, test key signature', async () => {
		const r = await env.receiver();
		const client = (await call(env.sb, 'POST', '/clients', { json: { client: { name: 'C' } } }))
			.body.client;
		const n = await provision(env.sb, { callback_url: r.url, client_id: client.clientId });
		const bytes = pdf(2, 'REFERRAL');
		const token = await receiveFax(env.sb, n.number, { file: file(bytes) }, env.sb.testKey);
		await env.sb.waitForCallbacks((a) => a.length === 1);
		const req = r.received[0];
		expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		const parts = parseMultipart(req.body, String(req.headers['content-type']));
		expect(parts.map((p) => p.name)).toEqual(['recordDetails', 'file']);
		expect(parts[0].filename).toBeUndefined();
		expect(parts[1].filename).toBe(`${token}.pdf`);
		expect(parts[1].contentType).toBe('application/pdf');
		expect(Buffer.compare(parts[1].data, bytes)).toBe(0);

		const payload = JSON.parse(parts[0].data.toString('utf8'));
		const record = (await call(env.sb, 'GET', `/received_faxes/${token}`)).body;
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
		expect(env.sb.callbackAttempts[0]).toMatchObject({
			type: 'receivedFax',
			status: 200,
			signature,
		});
		expect(Buffer.compare(env.sb.callbackAttempts[0].body as Buffer, req.body)).toBe(0);
	});

	it('a live received fax is signed with the live key; no AI fields when extraction is off', async () => {
		const plain = await start({ aiExtraction: false });
		try {
			const r = await env.receiver();
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
		const r = await env.receiver();
		const n = await provision(env.sb, { callback_url: r.url });
		await receiveFax(env.sb, n.number, { from_number: '+14155550000' });
		await env.sb.waitForCallbacks((a) => a.length === 1);
		const parts = parseMultipart(r.received[0].body, String(r.received[0].headers['content-type']));
		const payload = JSON.parse(parts[0].data.toString('utf8'));
		expect(payload.faxStatus).toBe('failure');
		expect(payload.errorDetails).toEqual({ errorMessage: expect.any(String) });
		expect(payload.codes).toEqual([]);
		expect(payload.documentClassification).toBeNull();
	});

	it('no callback when the number has no callback URL (callbackStatus null)', async () => {
		const n = await provision(env.sb);
		const token = await receiveFax(env.sb, n.number);
		await env.sb.settle();
		expect(env.sb.callbackAttempts).toEqual([]);
		expect((await call(env.sb, 'GET', `/received_faxes/${token}`)).body.callbackStatus).toBeNull();
	});
});

describe('AI-document callback (spec 6.5, 6.6)', () => {
	it('is an urlencoded AiDocumentDetails {aiResult}, always signed with the live key', async () => {
		const r = await env.receiver();
		const res = await call(env.sb, 'POST', '/ai_documents', {
			key: env.sb.testKey,
			multipart: { file: file(pdf(1, 'REFERRAL')), callback_url: r.url },
		});
		await env.sb.waitForCallbacks((a) => a.length === 1);
		const req = r.received[0];
		expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
		const form = parseUrlencoded(req.body);
		expect(Object.keys(form)).toEqual(['AiDocumentDetails']);
		const payload = JSON.parse(form.AiDocumentDetails);
		expect(Object.keys(payload)).toEqual(['aiResult']);
		const stored = (await call(env.sb, 'GET', `/ai_documents/${res.body.aiToken}`)).body.aiResult;
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
		expect(env.sb.callbackAttempts[0]).toMatchObject({
			type: 'aiDocument',
			attempt: 1,
			status: 200,
		});
	});
});

describe('e-mail callback (payload not shown in the spec: sandbox choice)', () => {
	it('is an urlencoded emailDetails JSON of the e-mail resource with an X-Service-Signature header', async () => {
		const r = await env.receiver();
		const res = await call(env.sb, 'POST', '/emails', {
			multipart: {
				file: file(pdf()),
				recipient_email: 'pat@example.test',
				expire_after: '3',
				callback_url: r.url,
			},
		});
		await env.sb.waitForCallbacks((a) => a.length === 1);
		const req = r.received[0];
		expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
		const form = parseUrlencoded(req.body);
		expect(Object.keys(form)).toEqual(['emailDetails']);
		const payload = JSON.parse(form.emailDetails);
		expect(payload).toEqual((await call(env.sb, 'GET', `/emails/${res.body.emailId}`)).body);
		expect(payload.emailStatus).toBe('success');
		expect(req.headers['x-service-signature']).toMatch(HEX64);
		expect(env.sb.callbackAttempts[0].type).toBe('email');
	});
});
