/**
 * The sandbox's callback retries (spec 6.7): the schedule, what ends them, hanging and broken
 * receivers; and waitForCallbacks. Payloads: callbacks.test.ts.
 */
import { callbackSandbox, scripted } from './callback-harness';
import { call, deadUrl, file, pdf, provision, receiveFax, sendFax } from './helpers';

const env = callbackSandbox();

describe('retries (spec 6.7)', () => {
	it('retries a fax callback after non-2xx answers on the schedule, same body and signature', async () => {
		const r = await env.receiver(scripted(500, 503, 200));
		await sendFax(env.sb, { callback_url: r.url });
		await env.sb.waitForCallbacks((a) => a.some((x) => x.status === 200));
		await env.sb.settle();
		expect(env.sb.callbackAttempts.map((a) => [a.attempt, a.status])).toEqual([
			[1, 500],
			[2, 503],
			[3, 200],
		]);
		expect(new Set(r.received.map((x) => x.body.toString())).size).toBe(1);
		expect(new Set(r.received.map((x) => x.headers['x-service-signature'])).size).toBe(1);
		const times = env.sb.callbackAttempts.map((a) => Date.parse(a.at));
		expect(times[1] - times[0]).toBeGreaterThanOrEqual(20);
		expect(times[2] - times[1]).toBeGreaterThanOrEqual(20);
	});

	it('gives up after the schedule is exhausted; received fax callbackStatus becomes failed', async () => {
		const r = await env.receiver(() => 500);
		const n = await provision(env.sb, { callback_url: r.url });
		const token = await receiveFax(env.sb, n.number);
		await env.sb.settle();
		expect(env.sb.callbackAttempts.map((a) => [a.type, a.attempt, a.status])).toEqual([
			['receivedFax', 1, 500],
			['receivedFax', 2, 500],
			['receivedFax', 3, 500],
			['receivedFax', 4, 500],
		]);
		expect(r.received).toHaveLength(4);
		expect((await call(env.sb, 'GET', `/received_faxes/${token}`)).body.callbackStatus).toBe(
			'failed',
		);
	});

	it('received fax callbackStatus becomes success after a retry succeeds', async () => {
		const r = await env.receiver(scripted(500, 200));
		const n = await provision(env.sb, { callback_url: r.url });
		const token = await receiveFax(env.sb, n.number);
		await env.sb.settle();
		expect(env.sb.callbackAttempts.map((a) => a.status)).toEqual([500, 200]);
		expect((await call(env.sb, 'GET', `/received_faxes/${token}`)).body.callbackStatus).toBe(
			'success',
		);
	});

	it('never retries after a 405', async () => {
		const r = await env.receiver(() => 405);
		await sendFax(env.sb, { callback_url: r.url });
		const n = await provision(env.sb, { callback_url: r.url });
		const token = await receiveFax(env.sb, n.number);
		await env.sb.settle();
		expect(env.sb.callbackAttempts.map((a) => [a.type, a.attempt, a.status]).sort()).toEqual([
			['receivedFax', 1, 405],
			['sentFax', 1, 405],
		]);
		expect(r.received).toHaveLength(2);
		expect((await call(env.sb, 'GET', `/received_faxes/${token}`)).body.callbackStatus).toBe(
			'failed',
		);
	});

	it('retries a fax callback after a timeout', async () => {
		const r = await env.receiver(scripted('hang', 200));
		await sendFax(env.sb, { callback_url: r.url });
		await env.sb.settle();
		expect(env.sb.callbackAttempts.map((a) => [a.attempt, a.status])).toEqual([
			[1, null],
			[2, 200],
		]);
		expect(env.sb.callbackAttempts[0].error).toMatch(/timeout/);
	});

	it('retries a fax callback after a connection failure', async () => {
		const url = await deadUrl();
		await sendFax(env.sb, { callback_url: url });
		await env.sb.settle();
		expect(env.sb.callbackAttempts.map((a) => [a.attempt, a.status])).toEqual([
			[1, null],
			[2, null],
			[3, null],
			[4, null],
		]);
		expect(env.sb.callbackAttempts.every((a) => typeof a.error === 'string' && a.url === url)).toBe(
			true,
		);
	});

	it('retries an e-mail callback after a non-2xx answer', async () => {
		const r = await env.receiver(scripted(500, 204));
		await call(env.sb, 'POST', '/emails', {
			multipart: {
				file: file(pdf()),
				recipient_email: 'pat@example.test',
				expire_after: '3',
				callback_url: r.url,
			},
		});
		await env.sb.settle();
		expect(env.sb.callbackAttempts.map((a) => [a.type, a.status])).toEqual([
			['email', 500],
			['email', 204],
		]);
	});

	it('does not retry an AI callback once the receiver answered, even with 500', async () => {
		const r = await env.receiver(() => 500);
		await call(env.sb, 'POST', '/ai_documents', {
			multipart: { file: file(pdf()), callback_url: r.url },
		});
		await env.sb.settle();
		expect(env.sb.callbackAttempts.map((a) => [a.type, a.attempt, a.status])).toEqual([
			['aiDocument', 1, 500],
		]);
		expect(r.received).toHaveLength(1);
	});

	it('re-attempts an AI callback after a timeout', async () => {
		const r = await env.receiver(scripted('hang', 200));
		await call(env.sb, 'POST', '/ai_documents', {
			multipart: { file: file(pdf()), callback_url: r.url },
		});
		await env.sb.settle();
		expect(env.sb.callbackAttempts.map((a) => [a.type, a.attempt, a.status])).toEqual([
			['aiDocument', 1, null],
			['aiDocument', 2, 200],
		]);
		expect(r.received).toHaveLength(2);
		expect(r.received[0].body.toString()).toBe(r.received[1].body.toString());
	});

	it('re-attempts an AI callback after a connection failure until the schedule is exhausted', async () => {
		const url = await deadUrl();
		await call(env.sb, 'POST', '/ai_documents', {
			multipart: { file: file(pdf()), callback_url: url },
		});
		await env.sb.settle();
		expect(env.sb.callbackAttempts.map((a) => [a.attempt, a.status])).toEqual([
			[1, null],
			[2, null],
			[3, null],
			[4, null],
		]);
	});

	it('re-attempts an AI callback whose connection was dropped, then stops at the first answer', async () => {
		const r = await env.receiver(scripted('destroy', 502));
		await call(env.sb, 'POST', '/ai_documents', {
			multipart: { file: file(pdf()), callback_url: r.url },
		});
		await env.sb.settle();
		expect(env.sb.callbackAttempts.map((a) => a.status)).toEqual([null, 502]);
	});
});

describe('waitForCallbacks', () => {
	it('rejects after its timeout when the condition is not met', async () => {
		await expect(env.sb.waitForCallbacks((a) => a.length > 0, 50)).rejects.toThrow(/within 50 ms/);
	});

	it('resolves at once when the condition already holds', async () => {
		await expect(env.sb.waitForCallbacks(() => true, 50)).resolves.toEqual([]);
	});
});
