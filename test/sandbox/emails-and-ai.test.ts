import type { Sandbox } from '../../sandbox';
import {
	call,
	file,
	pdf,
	PNG,
	start,
	startReceiver,
	TIFF_LE,
	waitFor,
	type FilePart,
	type Receiver,
	type Json,
} from './helpers';
import { ceiling } from '../harness/machine';

const EMAIL_KEYS = [
	'emailId',
	'recipientEmail',
	'recipientName',
	'senderName',
	'replyToEmail',
	'subject',
	'note',
	'patientName',
	'patientDob',
	'recordStatus',
	'emailStatus',
	'secureLink',
	'expiry',
	'sentAt',
	'lastViewedAt',
	'isTest',
	'errorDetails',
];

const AI_KEYS = [
	'aiToken',
	'patientName',
	'patientFirstName',
	'patientMiddleName',
	'patientLastName',
	'patientDob',
	'patientPhoneNumber',
	'patientGender',
	'patientAddress',
	'documentClassification',
	'documentSummary',
	'insurancePlanName',
	'insurancePayer',
	'insuranceGroupNumber',
	'insuranceMemberId',
	'insuranceSubscriberName',
	'insuranceMemberNames',
	'primaryInsurancePayorBranch',
	'primaryInsurancePayorAddress',
	'primaryInsurancePayorCity',
	'primaryInsurancePayorState',
	'primaryInsurancePayorZipCode',
	'primaryInsurancePayorPhoneNumber',
	'primaryInsurancePayorPoBoxNumber',
	'secondaryInsurancePlanName',
	'secondaryInsurancePayer',
	'secondaryInsuranceGroupNumber',
	'secondaryInsuranceMemberId',
	'secondarySubscriberName',
	'secondaryMemberNames',
	'secondaryInsurancePayorBranch',
	'secondaryInsurancePayorAddress',
	'secondaryInsurancePayorCity',
	'secondaryInsurancePayorState',
	'secondaryInsurancePayorZipCode',
	'secondaryInsurancePayorPhoneNumber',
	'secondaryInsurancePayorPoBoxNumber',
	'icdCodesJson',
	'cptCodesJson',
	'hcpcsCodesJson',
	'completedAt',
	'errorDetails',
];

let sb: Sandbox;
let receiver: Receiver;
beforeAll(async () => {
	sb = await start();
	receiver = await startReceiver(() => 200);
});
afterAll(async () => {
	await sb.stop();
	await receiver.close();
});
beforeEach(() => {
	sb.reset();
	receiver.received.length = 0;
});

async function sendEmail(
	fields: Record<string, string | FilePart> = {},
	key?: string,
	sandbox: Sandbox = sb,
) {
	return call(sandbox, 'POST', '/emails', {
		key,
		multipart: {
			file: file(pdf()),
			recipient_email: 'pat@example.test',
			expire_after: '7',
			...fields,
		},
	});
}

describe('secure-link e-mails (spec 4.5)', () => {
	it('POST queues an e-mail: 201 {message, emailId}; GET returns every field', async () => {
		// A sandbox whose e-mails stay queued a minute: the read sees the new record whatever the machine's load.
		const held = await start({ timing: { inProgressAfterMs: 60_000, completeAfterMs: 120_000 } });
		try {
			const res = await sendEmail(
				{
					recipient_name: 'Pat',
					sender_name: 'Clinic',
					reply_to_email: 'desk@clinic.test',
					subject: 'Your results',
					note: 'see attached',
					patient_name: 'Pat Doe',
					patient_dob: '1985-07-08',
				},
				undefined,
				held,
			);
			expect(res.status).toBe(201);
			expect(Object.keys(res.body).sort()).toEqual(['emailId', 'message']);
			const email = (await call(held, 'GET', `/emails/${res.body.emailId}`)).body;
			expect(Object.keys(email)).toEqual(EMAIL_KEYS);
			expect(email).toMatchObject({
				emailId: res.body.emailId,
				recipientEmail: 'pat@example.test',
				recipientName: 'Pat',
				senderName: 'Clinic',
				replyToEmail: 'desk@clinic.test',
				subject: 'Your results',
				note: 'see attached',
				patientName: 'Pat Doe',
				patientDob: '1985-07-08',
				recordStatus: 'activated',
				sentAt: null,
				lastViewedAt: null,
				isTest: true,
				errorDetails: { errorCode: null, errorDetails: null },
			});
			expect(email.emailStatus).toBe('queued'); // the transitions: next test
			expect(Date.parse(email.expiry) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 10_000);
			expect(Date.parse(email.expiry) - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
		} finally {
			await held.stop();
		}
	});

	it('goes queued -> inprogress -> success; sentAt set on success; live key gives isTest false', async () => {
		// Seconds apart, so that even a busy machine reads each state before the next one begins.
		const slow = await start({ timing: { inProgressAfterMs: 1500, completeAfterMs: 3000 } });
		try {
			const res = await call(slow, 'POST', '/emails', {
				key: slow.liveKey,
				multipart: {
					file: file(TIFF_LE, 'a.tif', 'image/tiff'),
					recipient_email: 'a@b.test',
					expire_after: '1',
				},
			});
			const read = async () => (await call(slow, 'GET', `/emails/${res.body.emailId}`)).body;
			expect((await read()).emailStatus).toBe('queued');
			expect((await waitFor(read, (e) => e.emailStatus !== 'queued', 10_000)).emailStatus).toBe(
				'inprogress',
			);
			const done = await waitFor(read, (e) => e.emailStatus !== 'inprogress', 10_000);
			expect(done).toMatchObject({
				emailStatus: 'success',
				isTest: false,
				errorDetails: { errorCode: null, errorDetails: null },
			});
			expect(done.sentAt).not.toBeNull();
		} finally {
			await slow.stop();
		}
	});

	it('a recipient whose local part starts with "fail" fails with errorCode and errorDetails', async () => {
		const res = await sendEmail({ recipient_email: 'failing.inbox@example.test' });
		await sb.settle();
		const email = (await call(sb, 'GET', `/emails/${res.body.emailId}`)).body;
		expect(email.emailStatus).toBe('failure');
		expect(email.errorDetails).toEqual({
			errorCode: 'recipient_rejected',
			errorDetails: expect.any(String),
		});
		expect(email.sentAt).toBeNull();
	});

	it('the secure link serves the document and sets lastViewedAt', async () => {
		const bytes = pdf(1, 'for the patient');
		const res = await sendEmail({ file: file(bytes) });
		const email = (await call(sb, 'GET', `/emails/${res.body.emailId}`)).body;
		const link = await fetch(email.secureLink);
		expect(link.status).toBe(200);
		expect(Buffer.compare(Buffer.from(await link.arrayBuffer()), bytes)).toBe(0);
		const after = (await call(sb, 'GET', `/emails/${res.body.emailId}`)).body;
		expect(after.lastViewedAt).not.toBeNull();
		await sb.settle();
	});

	it('accepts an empty reply_to_email and expire_after bounds 1 and 180', async () => {
		for (const expire of ['1', '180'])
			expect((await sendEmail({ expire_after: expire, reply_to_email: '' })).status).toBe(201);
		await sb.settle();
	});

	it.each([
		[{ recipient_email: 'not-an-email' }, { recipient_email: ['must be an e-mail address'] }],
		[{ expire_after: '0' }, { expire_after: ['must be an integer from 1 to 180 (days)'] }],
		[{ expire_after: '181' }, { expire_after: ['must be an integer from 1 to 180 (days)'] }],
		[{ expire_after: '2.5' }, { expire_after: ['must be an integer from 1 to 180 (days)'] }],
		[{ reply_to_email: 'x' }, { reply_to_email: ['must be an e-mail address'] }],
		[{ patient_dob: '1985-13-01' }, { patient_dob: ['must be a date (YYYY-MM-DD)'] }],
		[
			{ callback_url: 'example.test/cb' },
			{ callback_url: ['must be an absolute http or https URL'] },
		],
		[{ file: file(PNG, 'a.png', 'image/png') }, { file: ['must be a PDF or TIFF file'] }],
		[{ cc: 'x@y.test' }, { cc: ['is not a known field'] }],
	])('POST %j answers 400 %j', async (fields, detail) => {
		const res = await sendEmail(fields);
		expect(res.status).toBe(400);
		expect(res.body.error.detail).toEqual(detail);
	});

	it('requires file, recipient_email and expire_after', async () => {
		const res = await call(sb, 'POST', '/emails', { multipart: { subject: 'x' } });
		expect(res.status).toBe(400);
		expect(res.body.error.detail).toEqual({
			file: ['is required'],
			recipient_email: ['is required'],
			expire_after: ['is required'],
		});
	});

	it('GET answers 404 for an unknown e-mail', async () => {
		const res = await call(sb, 'GET', '/emails/none');
		expect(res.status).toBe(404);
		expect(res.body.error).toEqual({
			status: 404,
			title: 'Not Found',
			detail: 'E-mail none not found',
		});
	});
});

describe('AI documents (spec 4.6)', () => {
	it('POST queues: 201 {message, aiToken}; result null until complete, then filled', async () => {
		const slow = await start({ timing: { aiCompleteAfterMs: 400 } });
		try {
			const res = await call(slow, 'POST', '/ai_documents', {
				multipart: { file: file(pdf(1, 'REFERRAL letter')), callback_url: receiver.url },
			});
			expect(res.status).toBe(201);
			expect(Object.keys(res.body).sort()).toEqual(['aiToken', 'message']);
			const token = res.body.aiToken;
			const pending = (await call(slow, 'GET', `/ai_documents/${token}`)).body;
			expect(Object.keys(pending)).toEqual(['aiResult']);
			expect(Object.keys(pending.aiResult)).toEqual(AI_KEYS);
			for (const key of AI_KEYS.slice(1)) expect(pending.aiResult[key]).toBeNull();
			expect(pending.aiResult.aiToken).toBe(token);
			await slow.settle();
			const done = (await call(slow, 'GET', `/ai_documents/${token}`)).body.aiResult;
			expect(Object.keys(done)).toEqual(AI_KEYS);
			expect(done).toMatchObject({
				aiToken: token,
				documentClassification: 'referral',
				documentSummary: expect.any(String),
				patientName: 'Jane Q Sample',
				patientFirstName: 'Jane',
				patientLastName: 'Sample',
				patientDob: '1980-01-15',
				patientPhoneNumber: expect.any(String),
				patientGender: 'female',
				patientAddress: expect.any(String),
				insuranceMemberId: 'SBX123456789',
				icdCodesJson: [
					expect.objectContaining({ code: 'I10' }),
					expect.objectContaining({ code: 'E11.9' }),
				],
				cptCodesJson: [expect.objectContaining({ code: '99204' })],
				hcpcsCodesJson: [],
				secondaryInsurancePlanName: null,
				errorDetails: null,
			});
			expect(new Date(done.completedAt).toISOString()).toBe(done.completedAt);
			expect(receiver.received).toHaveLength(1);
		} finally {
			await slow.stop();
		}
	});

	it('classifies prior authorizations and other documents; UNREADABLE sets errorDetails', async () => {
		const post = async (content: string) =>
			(
				await call(sb, 'POST', '/ai_documents', {
					multipart: { file: file(pdf(1, content)), callback_url: receiver.url },
				})
			).body.aiToken;
		const auth = await post('PRIOR AUTHORIZATION');
		const other = await post('lab values');
		const broken = await post('UNREADABLE scan');
		await sb.settle();
		const read = async (t: string) => (await call(sb, 'GET', `/ai_documents/${t}`)).body.aiResult;
		expect((await read(auth)).documentClassification).toBe('prior_authorization');
		expect((await read(other)).documentClassification).toBe('medical_records');
		const failed = await read(broken);
		expect(failed.errorDetails).toEqual(expect.any(String));
		expect(failed.documentClassification).toBeNull();
		expect(failed.completedAt).not.toBeNull();
	});

	it('GET /ai_documents lists every document as {aiResult}', async () => {
		const a = (
			await call(sb, 'POST', '/ai_documents', {
				multipart: { file: file(pdf()), callback_url: receiver.url },
			})
		).body.aiToken;
		const b = (
			await call(sb, 'POST', '/ai_documents', {
				multipart: { file: file(pdf()), callback_url: receiver.url },
				key: sb.liveKey,
			})
		).body.aiToken;
		const res = await call(sb, 'GET', '/ai_documents');
		expect(res.status).toBe(200);
		expect(Object.keys(res.body)).toEqual(['aiDocuments']);
		expect(res.body.aiDocuments.map((d: Json) => d.aiResult.aiToken)).toEqual([a, b]);
		expect(Object.keys(res.body.aiDocuments[0])).toEqual(['aiResult']);
		await sb.settle();
	});

	it('accepts PDF only and requires an http(s) callback_url', async () => {
		const tiff = await call(sb, 'POST', '/ai_documents', {
			multipart: { file: file(TIFF_LE, 'a.tif', 'image/tiff'), callback_url: receiver.url },
		});
		expect(tiff.status).toBe(400);
		expect(tiff.body.error.detail).toEqual({ file: ['must be a PDF file'] });
		const none = await call(sb, 'POST', '/ai_documents', { multipart: { file: file(pdf()) } });
		expect(none.body.error.detail).toEqual({ callback_url: ['is required'] });
		const bad = await call(sb, 'POST', '/ai_documents', {
			multipart: { file: file(pdf()), callback_url: 'nope' },
		});
		expect(bad.body.error.detail).toEqual({
			callback_url: ['must be an absolute http or https URL'],
		});
		expect((await call(sb, 'GET', '/ai_documents')).body.aiDocuments).toEqual([]);
	});

	it(
		'accepts exactly 52,428,800 bytes and answers a clean 400 for 52,428,801',
		async () => {
			const limit = 52_428_800;
			const big = Buffer.alloc(limit + 1, 0x20);
			pdf(1).copy(big, 0);
			const over = await call(sb, 'POST', '/ai_documents', {
				multipart: { file: file(big), callback_url: receiver.url },
			});
			expect(over.status).toBe(400);
			expect(over.body.error.detail).toEqual({ file: ['must be at most 52428800 bytes'] });
			const exact = await call(sb, 'POST', '/ai_documents', {
				multipart: { file: file(big.subarray(0, limit)), callback_url: receiver.url },
			});
			expect(exact.status).toBe(201);
			// the server is still healthy
			expect((await call(sb, 'GET', '/ai_documents')).body.aiDocuments).toHaveLength(1);
			sb.reset();
		},
		ceiling(20000),
	);
});
