/**
 * Service faults, through a fault-injecting proxy in front of the sandbox, with the node running in
 * n8n's engine: every fault ends in a correct result or a clear error, never a silent wrong one, and
 * nothing is created twice.
 */
import type { INodeParameters } from 'n8n-workflow';

import { createdBy, creationItems, creationsOf, type Creation } from './creations';
import {
	api,
	apiRequests,
	byNumber,
	errorOf,
	expectNoKeys,
	fileItem,
	outputOf,
	pdf,
	seedSentFax,
	useEngineSuite,
} from './fixtures';
import { ceiling } from '../harness/machine';

const HTML =
	'<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>nginx</p></body></html>';

describe('service faults through a fault-injecting proxy', () => {
	const suite = useEngineSuite({ accountNumbers: 1, faultProxy: true });
	const { run } = suite;

	describe('reads', () => {
		const getMany: INodeParameters = { resource: 'sentFax', operation: 'getMany', returnAll: true };

		test('503 then OK: the read is tried again and succeeds', async () => {
			await seedSentFax(suite.sandbox);
			suite.proxy.plan('GET', /^\/api\/v2\/sent_faxes\?/, {
				kind: 'answer',
				status: 503,
				body: HTML,
			});
			const output = outputOf(await run(getMany));
			expect(output).toHaveLength(1);
			expect(suite.proxy.requests.map((r) => r.fault ?? 'passed')).toEqual(['answer', 'passed']);
		});

		test('429 with Retry-After: 1 waits about a second, then succeeds', async () => {
			const token = await seedSentFax(suite.sandbox);
			suite.proxy.plan('GET', /^\/api\/v2\/sent_faxes\//, {
				kind: 'answer',
				status: 429,
				body: '{}',
				headers: { 'retry-after': '1' },
			});
			const started = Date.now();
			const output = outputOf(await run({ resource: 'sentFax', operation: 'get', faxId: token }));
			expect(Date.now() - started).toBeGreaterThanOrEqual(950);
			expect(output[0].json.sendToken).toBe(token);
		});

		test('429 with an HTTP-date Retry-After every time: waits until that date, fails after 3 tries and says how long it waited', async () => {
			// An HTTP date has whole seconds: 3 s ahead is 2 to 3 s away, longer than the 1.3 s the retries wait without it.
			const retryAt = new Date(Date.now() + 3000).toUTCString();
			suite.proxy.plan(
				'GET',
				/^\/api\/v2\/sent_faxes\?/,
				{ kind: 'answer', status: 429, body: '{}', headers: { 'retry-after': retryAt } },
				3,
			);
			const started = Date.now();
			const error = errorOf(await run(getMany));
			expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
			expect(error.httpCode).toBe('429');
			expect(String(error.description)).toMatch(/Tried 3 times, waiting \d+\.\d s in all/);
			expect(suite.proxy.requests).toHaveLength(3);
		});

		test('a connection reset before the answer, then OK: the read succeeds', async () => {
			await seedSentFax(suite.sandbox);
			suite.proxy.plan('GET', /^\/api\/v2\/sent_faxes\?/, { kind: 'reset' });
			expect(outputOf(await run(getMany))).toHaveLength(1);
			expect(suite.proxy.requests).toHaveLength(2);
		});

		test('an HTML page answered 200: "unexpected answer", naming the request, status and start of the page', async () => {
			await seedSentFax(suite.sandbox);
			suite.proxy.plan('GET', /^\/api\/v2\/sent_faxes\?/, {
				kind: 'answer',
				status: 200,
				body: HTML,
				headers: { 'content-type': 'text/html' },
			});
			const result = await run(getMany);
			const error = errorOf(result);
			expect(error.message).toBe(
				'Unexpected answer from the Fax Service to GET /sent_faxes (HTTP 200)',
			);
			expect(String(error.description)).toContain('<!DOCTYPE html>');
			expect(result.output('Fax Service')).toEqual([]);
			expectNoKeys(result);
		});

		test('truncated JSON answered 200 to a Get: an error, not the text as the record', async () => {
			const token = await seedSentFax(suite.sandbox);
			suite.proxy.plan('GET', /^\/api\/v2\/sent_faxes\//, {
				kind: 'rewrite',
				body: (original) => original.slice(0, 40),
			});
			const error = errorOf(await run({ resource: 'sentFax', operation: 'get', faxId: token }));
			expect(error.message).toContain('Unexpected answer from the Fax Service to GET /sent_faxes/');
			expect(String(error.description)).toContain('Expected a JSON object');
		});

		test('Return All: a middle page answered with an HTML 200 fails the node, no partial list', async () => {
			await Promise.all(Array.from({ length: 230 }, () => seedSentFax(suite.sandbox)));
			suite.proxy.plan('GET', /^\/api\/v2\/sent_faxes\?.*page=2\b/, {
				kind: 'answer',
				status: 200,
				body: HTML,
			});
			const result = await run(getMany);
			expect(errorOf(result).message).toBe(
				'Unexpected answer from the Fax Service to GET /sent_faxes (HTTP 200)',
			);
			expect(result.output('Fax Service')).toEqual([]);
		});

		test('Return All: a page that comes back short fails the node instead of returning fewer records', async () => {
			await Promise.all(Array.from({ length: 230 }, () => seedSentFax(suite.sandbox)));
			suite.proxy.plan('GET', /^\/api\/v2\/sent_faxes\?.*page=2\b/, {
				kind: 'rewrite',
				body: (original) => {
					const page = JSON.parse(original) as { sentFaxes: unknown[] };
					return JSON.stringify({ ...page, sentFaxes: page.sentFaxes.slice(0, 10) });
				},
			});
			const error = errorOf(await run(getMany));
			expect(error.message).toBe(
				'The list of sentFaxes stopped short: 140 of the 230 records the service announced arrived',
			);
		});

		test(
			'a read answered after 5 s is waited for',
			async () => {
				await seedSentFax(suite.sandbox);
				suite.proxy.plan('GET', /^\/api\/v2\/sent_faxes\?/, { kind: 'delay', ms: 5000 });
				expect(outputOf(await run(getMany))).toHaveLength(1);
			},
			ceiling(20_000),
		);
	});

	describe('creations', () => {
		const creations = creationsOf(suite);
		const created = (creation: Creation) => createdBy(suite, creation);
		const items = (creation: Creation) => creationItems(creation);

		describe.each(creations)('$name', (creation) => {
			test('the answer is lost as a 502 page after the service did it: one record, "may have taken effect"', async () => {
				const parameters = await creation.parameters();
				suite.proxy.plan(creation.method, creation.path, {
					kind: 'forwardThenAnswer',
					status: 502,
					body: HTML,
				});
				const result = await run(parameters, items(creation));
				const error = errorOf(result);
				expect(error.httpCode).toBe('502');
				expect(String(error.description)).toContain('may have taken effect');
				expect(String(error.description)).toContain('check with a Get or Get Many operation');
				expect(created(creation)).toHaveLength(1);
				expect(suite.proxy.requests.filter((r) => creation.path.test(r.path))).toHaveLength(1);
				expectNoKeys(result);
			});

			test('the connection drops after the service did it: one record, the error says it was sent', async () => {
				const parameters = await creation.parameters();
				suite.proxy.plan(creation.method, creation.path, { kind: 'forwardThenReset' });
				const error = errorOf(await run(parameters, items(creation)));
				expect(error.message).toContain('failed after the request was sent');
				expect(String(error.description)).toContain('may have taken effect');
				expect(created(creation)).toHaveLength(1);
			});

			test('429 (nothing done) is sent once more: one record, success', async () => {
				const parameters = await creation.parameters();
				suite.proxy.plan(creation.method, creation.path, {
					kind: 'answer',
					status: 429,
					body: '{}',
					headers: { 'retry-after': '0' },
				});
				const output = outputOf(await run(parameters, items(creation)));
				expect(output).toHaveLength(1);
				expect(created(creation)).toHaveLength(1);
				expect(
					suite.proxy.requests
						.filter((r) => creation.path.test(r.path))
						.map((r) => r.fault ?? 'passed'),
				).toEqual(['answer', 'passed']);
			});

			test('a connection refused (never sent) is tried once more: one record, success', async () => {
				const parameters = await creation.parameters();
				await suite.proxy.refuseFor(150);
				const output = outputOf(await run(parameters, items(creation)));
				expect(output).toHaveLength(1);
				expect(created(creation)).toHaveLength(1);
			});
		});
	});

	describe('several items, the middle one failing', () => {
		const send: INodeParameters = {
			resource: 'sentFax',
			operation: 'send',
			toNumber: '={{ $json.to }}',
		};
		const three = () =>
			['+13105550001', '+13105550002', '+13105550003'].map((to) =>
				fileItem(pdf(1), 'fax.pdf', 'application/pdf', { to }),
			);

		// One item at a time, so that the second request is item 2's; several at a time: concurrency.test.ts.
		test('Continue On Fail, one item at a time (Requests in Parallel 1): items 1 and 3 are sent, item 2 carries its error, each paired with its input', async () => {
			suite.proxy.plan('POST', /^\/api\/v2\/sent_faxes$/, { kind: 'delay', ms: 0 }, 1);
			suite.proxy.plan(
				'POST',
				/^\/api\/v2\/sent_faxes$/,
				{ kind: 'forwardThenAnswer', status: 502, body: HTML },
				1,
			);
			const result = await run(
				{
					...send,
					fromNumber: byNumber(suite.accountNumber),
					requestOptions: { requestsInParallel: 1 },
				},
				{ items: three(), node: { continueOnFail: true } },
			);
			const output = outputOf(result);
			expect(output.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
			expect(output[0].json).toHaveProperty('faxId');
			expect(output[1].json.error).toBeDefined();
			expect(String(output[1].json.description)).toContain('may have taken effect');
			expect(output[2].json).toHaveProperty('faxId');
			expect(apiRequests(suite.sandbox, 'POST', '/sent_faxes')).toHaveLength(3);
		});

		test('without Continue On Fail, one item at a time (Requests in Parallel 1): the node stops at item 2 and item 3 is not sent', async () => {
			suite.proxy.plan('POST', /^\/api\/v2\/sent_faxes$/, { kind: 'delay', ms: 0 }, 1);
			suite.proxy.plan(
				'POST',
				/^\/api\/v2\/sent_faxes$/,
				{ kind: 'forwardThenAnswer', status: 502, body: HTML },
				1,
			);
			const result = await run(
				{
					...send,
					fromNumber: byNumber(suite.accountNumber),
					requestOptions: { requestsInParallel: 1 },
				},
				{ items: three() },
			);
			expect(errorOf(result).context?.itemIndex).toBe(1);
			const sent = apiRequests(suite.sandbox, 'POST', '/sent_faxes').map(
				(r) => (r.body as Record<string, string>).to_number,
			);
			expect(sent).toEqual(['+13105550001', '+13105550002']);
			const list = await api(suite.sandbox, 'GET', '/sent_faxes');
			expect((list.body.sentFaxes as unknown[]).length).toBe(2);
		});
	});
});
