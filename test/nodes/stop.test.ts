/**
 * A Stop (or Timeout Workflow) in n8n's engine: nothing new is sent after it, at any Requests in
 * Parallel; a creation on the wire finishes; a Retry-After pause and a Return All paging loop end at
 * once; and the node logs, at warn, which items were sent and answered (with their ids), in flight, or
 * never sent: numbers and ids only.
 */
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import type { INodeParameters } from 'n8n-workflow';

import type { TestInputItem } from '../harness/test-input.node';
import { api, apiRequests, byNumber, fileItem, pdf, seedSentFax, useEngineSuite } from './fixtures';
import { ceiling } from '../harness/machine';

const SENT_FAXES = /^\/api\/v2\/sent_faxes$/;
const numbers = (count: number) =>
	Array.from({ length: count }, (_, i) => `+1310555${String(1000 + i)}`);

async function until(condition: () => boolean, timeoutMs = ceiling(20_000)): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

describe('after a Stop nothing new is sent, and the node logs what went out', () => {
	const suite = useEngineSuite({ accountNumbers: 1, faultProxy: true });
	let warnings: string[];
	beforeEach(() => {
		warnings = [];
		jest
			.spyOn(Container.get(Logger), 'warn')
			.mockImplementation((message: string) => void warnings.push(message));
	});
	afterEach(() => jest.restoreAllMocks());

	const stopReport = () =>
		warnings.find((line) => line.startsWith('Fax Service node "Fax Service" was stopped'));
	const send = (inParallel: number): INodeParameters => ({
		resource: 'sentFax',
		operation: 'send',
		fromNumber: byNumber(suite.accountNumber),
		toNumber: '={{ $json.to }}',
		requestOptions: { requestsInParallel: inParallel },
	});
	const faxItems = (count: number): TestInputItem[] =>
		numbers(count).map((to) =>
			fileItem(pdf(1), 'fax.pdf', 'application/pdf', { to, patientName: 'Ada Lovelace' }),
		);
	const posts = () => apiRequests(suite.sandbox, 'POST', '/sent_faxes').length;

	test.each([1, 4])(
		'30 sends at Requests in Parallel %i, 300 ms each, stopped after the 5th arrives: none starts after the stop, the log names what went out',
		async (inParallel) => {
			suite.proxy.plan('POST', SENT_FAXES, { kind: 'delay', ms: 300 }, 30);
			let answeredAtStop = 0;
			const stop = until(() => posts() >= 5).then(
				() =>
					(answeredAtStop = suite.proxy.requests.filter((r) => r.answeredAt !== undefined).length),
			);
			const result = await suite.run(send(inParallel), { items: faxItems(30), stopWhen: stop });
			expect(result.run.status).toBe('canceled');

			await until(() => stopReport() !== undefined);
			// Anything late would arrive within a second.
			await new Promise((resolve) => setTimeout(resolve, 1000));
			const total = suite.proxy.requests.length;
			// Whatever the node had started at the stop was answered by then or is one of at most Requests in Parallel in flight.
			expect(total).toBeLessThanOrEqual(answeredAtStop + inParallel);

			const report = stopReport()!;
			const [, answered, inFlight, failed, neverSent] = (
				/: (\d+) of 30 items sent and answered, (\d+) in flight \(may exist\), (\d+) failed, (\d+) never sent/.exec(
					report,
				) ?? []
			).map(Number);
			expect([answered + inFlight + failed + neverSent, failed]).toEqual([30, 0]);
			// A creation on the wire at the stop is let finish (STOP_GRACE_MS): every request the node made was answered, and is named.
			expect([answered, inFlight]).toEqual([total, 0]);
			// Every answered fax is named by its id, and exists.
			const ids = [...report.matchAll(/faxId "([^"]+)"/g)].map((match) => match[1]);
			expect(ids).toHaveLength(answered);
			const tokens = (
				(await api(suite.sandbox, 'GET', '/sent_faxes?page_size=100')).body.sentFaxes as Array<{
					sendToken: string;
				}>
			).map((fax) => fax.sendToken);
			expect(tokens).toEqual(expect.arrayContaining(ids));
			expect(report).toContain(`Never sent: items ${30 - neverSent}–29.`);
			expect(report).not.toMatch(/\+1310555|Ada Lovelace/);
		},
	);

	test('a 429 asking for 30 s: the pause ends at the stop and the item is not sent again', async () => {
		suite.proxy.plan(
			'POST',
			SENT_FAXES,
			{ kind: 'answer', status: 429, body: '{}', headers: { 'retry-after': '30' } },
			1,
		);
		const started = Date.now();
		const stop = until(() => suite.proxy.requests.length >= 1).then(
			async () => await new Promise((resolve) => setTimeout(resolve, 200)),
		);
		await suite.run(send(1), { items: faxItems(3), stopWhen: stop });
		await until(() => stopReport() !== undefined, 5000);
		expect(Date.now() - started).toBeLessThan(5000);
		expect(suite.proxy.requests).toHaveLength(1);
		expect(stopReport()).toContain(
			'0 of 3 items sent and answered, 0 in flight (may exist), 0 failed, 3 never sent',
		);
	});

	test('Return All over 6 pages, each 500 ms, stopped with pages 2-5 on the wire: no page and no retry is asked for after the stop', async () => {
		await Promise.all(Array.from({ length: 600 }, () => seedSentFax(suite.sandbox)));
		suite.proxy.plan('GET', /^\/api\/v2\/sent_faxes\?/, { kind: 'delay', ms: 500 }, 20);
		const stop = until(() => suite.proxy.requests.length >= 5);
		await suite.run(
			{ resource: 'sentFax', operation: 'getMany', returnAll: true },
			{ stopWhen: stop },
		);
		await until(() => stopReport() !== undefined, 5000);
		// A read aborted on the wire would be tried again after 0.3 s and 1 s: none is.
		await new Promise((resolve) => setTimeout(resolve, 2000));
		expect(suite.proxy.requests).toHaveLength(5);
		expect(stopReport()).toContain('0 of 1 items sent and answered, 1 in flight (may exist)');
	});
});
