/**
 * Several items in flight at once (Request Options → Requests in Parallel), through n8n's engine and
 * the fault proxy, which holds, delays and fails requests and counts what is in flight: outputs stay
 * in input order and paired, the bound holds, nothing is created twice when an item in the middle
 * fails, the node's error names what was sent, and a 429 slows every request of the run.
 * No upper bounds on time: only orderings, counts and lower bounds on waits.
 */
import type { INodeParameters } from 'n8n-workflow';

import { DEFAULT_REQUESTS_IN_PARALLEL } from '../../nodes/FaxService/actions/fields';
import {
	api,
	apiRequests,
	byNumber,
	errorOf,
	fileItem,
	outputOf,
	pdf,
	seedSentFax,
	useEngineSuite,
} from './fixtures';
import { ceiling } from '../harness/machine';

const SEND_PATH = /^\/api\/v2\/sent_faxes$/;
const HTML = '<html><body><h1>502 Bad Gateway</h1></body></html>';

/** Resolves once `condition` holds, or after `timeoutMs` (the test's assertions then say what went wrong). */
async function until(condition: () => boolean, timeoutMs = ceiling(10_000)): Promise<void> {
	const started = Date.now();
	while (!condition() && Date.now() - started < timeoutMs)
		await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('several items in flight at once', () => {
	const suite = useEngineSuite({ accountNumbers: 1, faultProxy: true });
	const { run } = suite;

	const to = (i: number) => `+1310555${String(1000 + i)}`;
	const faxItems = (count: number) =>
		Array.from({ length: count }, (_, i) =>
			fileItem(pdf(1, `fax ${i}`), `fax-${i}.pdf`, 'application/pdf', { to: to(i) }),
		);
	const send = (requestsInParallel?: number): INodeParameters => ({
		resource: 'sentFax',
		operation: 'send',
		fromNumber: byNumber(suite.accountNumber),
		toNumber: '={{ $json.to }}',
		...(requestsInParallel === undefined ? {} : { requestOptions: { requestsInParallel } }),
	});
	const posts = () =>
		suite.proxy.requests.filter((r) => r.method === 'POST' && SEND_PATH.test(r.path));
	/** The item (by its to_number) of every fax the sandbox created. */
	const createdItems = () =>
		apiRequests(suite.sandbox, 'POST', '/sent_faxes')
			.filter((r) => r.status === 201)
			.map((r) => Number((r.body as Record<string, string>).to_number.slice(-4)) - 1000);
	const toNumberOf = async (faxId: unknown) =>
		(await api(suite.sandbox, 'GET', `/sent_faxes/${String(faxId)}`)).body.toNumber;

	test('answers that come back out of order: outputs in input order, each paired with its item and holding its own fax', async () => {
		// The first request to arrive is held until the five others have been answered.
		suite.proxy.plan('POST', SEND_PATH, {
			kind: 'before',
			action: async () =>
				await until(() => posts().filter((r) => r.answeredAt !== undefined).length >= 5),
		});
		const output = outputOf(await run(send(3), { items: faxItems(6) }));

		const [held, ...others] = posts();
		expect(others.every((r) => r.answeredAt! <= held.answeredAt!)).toBe(true);
		expect(output.map((item) => item.pairedItem)).toEqual(
			[0, 1, 2, 3, 4, 5].map((item) => ({ item })),
		);
		for (const [i, item] of output.entries()) expect(await toNumberOf(item.json.faxId)).toBe(to(i));
		expect(createdItems().sort()).toEqual([0, 1, 2, 3, 4, 5]);
	});

	test.each([
		['1 (one item after the other)', 1, 4],
		['3', 3, 9],
		[
			`not set (the default, ${DEFAULT_REQUESTS_IN_PARALLEL})`,
			undefined,
			DEFAULT_REQUESTS_IN_PARALLEL + 4,
		],
	])(
		'Requests in Parallel %s: never more requests in flight, and that many used',
		async (_label, setting, count) => {
			const limit = setting ?? DEFAULT_REQUESTS_IN_PARALLEL;
			// The first `limit` requests wait until `limit` are in flight (so the bound is reached); the rest are slowed a little.
			suite.proxy.plan(
				'POST',
				SEND_PATH,
				{ kind: 'before', action: async () => await until(() => suite.proxy.inFlight >= limit) },
				limit,
			);
			suite.proxy.plan('POST', SEND_PATH, { kind: 'delay', ms: 30 }, count);
			const output = outputOf(await run(send(setting), { items: faxItems(count) }));
			expect(output).toHaveLength(count);
			expect(suite.proxy.maxInFlight).toBe(limit);
			expect(createdItems().sort((a, b) => a - b)).toEqual(
				Array.from({ length: count }, (_, i) => i),
			);
		},
	);

	test('an item in the middle fails after the service created its fax: nothing new starts, nothing is sent twice, and the error names every sent item', async () => {
		// Three pass; the fourth is created but its answer is lost; the two in flight with it are slow, so they settle after the failure.
		suite.proxy.plan('POST', SEND_PATH, { kind: 'delay', ms: 0 }, 3);
		suite.proxy.plan('POST', SEND_PATH, { kind: 'forwardThenAnswer', status: 502, body: HTML }, 1);
		suite.proxy.plan('POST', SEND_PATH, { kind: 'delay', ms: 300 }, 2);
		const result = await run(send(3), { items: faxItems(12) });
		const error = errorOf(result);
		const description = String(error.description);

		// At most once: every item reached the service at most once, and nothing started after the failure (4th + the 2 in flight).
		const created = createdItems();
		expect(new Set(created).size).toBe(created.length);
		expect(posts().length).toBeLessThanOrEqual(6);
		const failed = Number(error.context?.itemIndex);
		expect(created).toContain(failed);
		expect(error.httpCode).toBe('502');
		expect(description).toContain('may have taken effect');

		// The error names each other created fax with its id, and exactly the items never sent.
		expect(description).toContain(
			'Of the 12 input items (numbered from 0): Sent and answered before the node stopped: ',
		);
		for (const item of created.filter((i) => i !== failed)) {
			const post = apiRequests(suite.sandbox, 'POST', '/sent_faxes').find(
				(r) => (r.body as Record<string, string>).to_number === to(item),
			)!;
			expect(post.status).toBe(201);
			const list = (await api(suite.sandbox, 'GET', '/sent_faxes')).body.sentFaxes as Array<{
				sendToken: string;
				toNumber: string;
			}>;
			const token = list.find((fax) => fax.toNumber === to(item))!.sendToken;
			expect(description).toContain(`item ${item} (faxId "${token}")`);
		}
		const notSent = Array.from({ length: 12 }, (_, i) => i).filter((i) => !created.includes(i));
		expect(notSent).toContain(11);
		expect(description).toMatch(new RegExp(`Not sent: items ${notSent[0]}–11\\.`));
		expect(result.output('Fax Service')).toEqual([]);
	});

	test('Continue On Fail: each failure stays with its own item, in order, and every other item is sent once', async () => {
		suite.proxy.plan('POST', SEND_PATH, { kind: 'delay', ms: 0 }, 1);
		suite.proxy.plan('POST', SEND_PATH, { kind: 'answer', status: 503, body: HTML }, 1);
		suite.proxy.plan('POST', SEND_PATH, { kind: 'delay', ms: 0 }, 2);
		suite.proxy.plan('POST', SEND_PATH, { kind: 'forwardThenAnswer', status: 502, body: HTML }, 1);
		const output = outputOf(
			await run(send(3), { items: faxItems(8), node: { continueOnFail: true } }),
		);

		expect(output.map((item) => item.pairedItem)).toEqual(
			[0, 1, 2, 3, 4, 5, 6, 7].map((item) => ({ item })),
		);
		const errors = output.filter((item) => item.json.error !== undefined);
		expect(errors.map((item) => item.json.httpCode).sort()).toEqual(['502', '503']);
		for (const [i, item] of output.entries()) {
			if (item.json.error === undefined) expect(await toNumberOf(item.json.faxId)).toBe(to(i));
		}
		// Every item reached the service once; the 503 one (never forwarded) is the only one the sandbox lacks.
		expect(posts()).toHaveLength(8);
		const created = createdItems();
		expect(new Set(created).size).toBe(7);
		const missing = [0, 1, 2, 3, 4, 5, 6, 7].find((i) => !created.includes(i));
		expect(output[missing!].json.httpCode).toBe('503');
	});

	/**
	 * The To Number comes from a workflow variable whose every read is counted: n8n resolves the parameter
	 * expression each time the operation reads it, so the count is how many times each item's operation ran.
	 */
	const countedReads = () => {
		const reads = new Map<number, number>();
		const variables = new Proxy({} as Record<string, string>, {
			get(_target, key) {
				const match = typeof key === 'string' ? /^to(\d+)$/.exec(key) : null;
				if (!match) return undefined;
				const item = Number(match[1]);
				reads.set(item, (reads.get(item) ?? 0) + 1);
				return item % 5 === 2 && item > 10 ? 'not-a-number' : to(item);
			},
		});
		return {
			reads,
			additionalData: { variables } as NonNullable<Parameters<typeof run>[1]>['additionalData'],
		};
	};
	const sendByVariable = (requestsInParallel: number): INodeParameters => ({
		...send(requestsInParallel),
		toNumber: "={{ $vars['to' + $itemIndex] }}",
	});

	test("one pass: every item's operation runs once, checked up to its request and then sent, with at most Requests in Parallel in flight", async () => {
		const { reads, additionalData } = countedReads();
		const count = 8;
		suite.proxy.plan('POST', SEND_PATH, { kind: 'delay', ms: 50 }, count);
		const output = outputOf(
			await run(sendByVariable(3), { items: faxItems(count), additionalData }),
		);

		expect(output.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: count }, (_, item) => ({ item })),
		);
		expect([...reads.entries()].sort(([a], [b]) => a - b)).toEqual(
			Array.from({ length: count }, (_, i) => [i, 1]),
		);
		expect(posts()).toHaveLength(count);
		expect(suite.proxy.maxInFlight).toBeLessThanOrEqual(3);
		expect(createdItems().sort((a, b) => a - b)).toEqual(
			Array.from({ length: count }, (_, i) => i),
		);
	});

	test('one pass, bad items among items waiting at their first request: nothing is sent, the lowest bad item is named, and no item runs again', async () => {
		// Items 12 and 17 have a bad To Number; the 18 others reach their request and wait there, then are cancelled.
		const { reads, additionalData } = countedReads();
		const count = 20;
		const error = errorOf(await run(sendByVariable(4), { items: faxItems(count), additionalData }));

		expect(error.context?.itemIndex).toBe(12);
		expect(error.message).toContain('To Number');
		expect(String(error.description)).toContain(
			`No item was sent: all ${count} items are checked before the first request.`,
		);
		expect(suite.proxy.requests).toEqual([]);
		expect(suite.sandbox.requests).toEqual([]);
		expect([...reads.values()].every((n) => n === 1)).toBe(true);
		expect(reads.size).toBe(count);
	});

	test('one pass with Continue On Fail: a bad item keeps its error, every other item is read once and sent once', async () => {
		const { reads, additionalData } = countedReads();
		const count = 14;
		const output = outputOf(
			await run(sendByVariable(2), {
				items: faxItems(count),
				additionalData,
				node: { continueOnFail: true },
			}),
		);

		expect(output.map((item) => item.pairedItem)).toEqual(
			Array.from({ length: count }, (_, item) => ({ item })),
		);
		expect(output[12].json.error).toEqual(expect.stringContaining('To Number'));
		expect(output.filter((item) => item.json.error !== undefined)).toHaveLength(1);
		expect([...reads.values()].every((n) => n === 1)).toBe(true);
		expect(reads.size).toBe(count);
		expect(posts()).toHaveLength(count - 1);
		expect(createdItems().sort((a, b) => a - b)).toEqual(
			Array.from({ length: count }, (_, i) => i).filter((i) => i !== 12),
		);
	});

	test(
		'a 429 with Retry-After pauses the whole run: a request started after it waits too, not only the one that got it',
		async () => {
			const tokens = await Promise.all(
				[0, 1, 2, 3].map(async () => await seedSentFax(suite.sandbox)),
			);
			const get = /^\/api\/v2\/sent_faxes\/[0-9a-f]+$/;
			// First arrival: 429, retry after 2 s. Second (in flight with it): answered after 700 ms, which frees a slot for a third item.
			suite.proxy.plan(
				'GET',
				get,
				{ kind: 'answer', status: 429, body: '{}', headers: { 'retry-after': '2' } },
				1,
			);
			suite.proxy.plan('GET', get, { kind: 'delay', ms: 700 }, 1);
			const output = outputOf(
				await run(
					{
						resource: 'sentFax',
						operation: 'get',
						faxId: '={{ $json.id }}',
						requestOptions: { requestsInParallel: 2 },
					},
					{ items: tokens.map((id) => ({ json: { id } })) },
				),
			);
			expect(output.map((item) => item.json.sendToken)).toEqual(tokens);

			const reads = suite.proxy.requests.filter((r) => get.test(r.path));
			const [limited, inFlight, ...later] = reads;
			expect(limited.fault).toBe('answer');
			expect(inFlight.fault).toBe('delay');
			// Everything after the first two (the retry and the items started later) waited out the 2 s.
			expect(later).toHaveLength(3);
			for (const request of later)
				expect(request.at - limited.answeredAt!).toBeGreaterThanOrEqual(1950);
		},
		ceiling(20_000),
	);
});
