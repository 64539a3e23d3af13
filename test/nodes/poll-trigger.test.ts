import { createHash } from 'crypto';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { binaryBuffer } from '../harness/engine';
import type { FaultProxy } from '../harness/fault-proxy';
import { startFaultProxy } from '../harness/fault-proxy';
import type { Poller } from '../harness/poller';
import { createPoller, Emitted, itemsOf, itemTokens } from '../harness/poller';
import { credentialsFor } from '../harness/workflows';
import {
	api,
	LIVE_KEY,
	pdf,
	seedNumber,
	seedReceivedFax,
	seedSentFax,
	startFastSandbox,
	TEST_KEY,
	useEngineSuite,
} from './fixtures';

/**
 * The polling trigger through n8n-core's PollTriggerExecutor (scheduled ticks and the activation
 * poll) and WorkflowExecute (Fetch Test Event), against the sandbox over HTTP. "Exactly once" is
 * checked over every item of every poll of a test, never per poll.
 */

const RECEIVED = { events: ['receivedFax'] };
const tokensOf = (items: INodeExecutionData[]) => itemTokens(items, 'sendToken');

/**
 * Seeds faxes that each complete in a millisecond of their own (the sandbox runs in this process and
 * stamps a fax when it is received), so their seeding order is the trigger's emission order; faxes of
 * the same millisecond are ordered by token (the unit suite covers that).
 */
async function seedReceived(
	sandbox: Sandbox,
	toNumber: string,
	count: number,
	fromNumber = '+14155551234',
): Promise<string[]> {
	const tokens: string[] = [];
	for (let i = 0; i < count; i++) {
		tokens.push(await seedReceivedFax(sandbox, toNumber, fromNumber));
		const stamped = Date.now();
		while (Date.now() <= stamped) await new Promise((resolve) => setTimeout(resolve, 1));
	}
	return tokens;
}

function listRequests(sandbox: Sandbox, path: string) {
	return sandbox.requests.filter((r) => r.method === 'GET' && r.path === `/api/v2${path}`);
}

describe('Fax Service Polling Trigger through the engine', () => {
	const suite = useEngineSuite({ accountNumbers: 1 });
	const poller = (
		parameters: INodeParameters,
		baseUrl?: string,
		overrides: Record<string, string> = {},
	): Poller =>
		createPoller(
			parameters,
			credentialsFor(suite.sandbox, { ...(baseUrl ? { baseUrl } : {}), ...overrides }),
		);

	test('first activation emits nothing that was there; a quiet poll costs one list request per event', async () => {
		await seedReceived(suite.sandbox, suite.accountNumber, 3);
		await seedSentFax(suite.sandbox, { from_number: suite.accountNumber });
		await seedSentFax(suite.sandbox, { from_number: suite.accountNumber });
		await suite.sandbox.settle();
		const trigger = poller({ events: ['receivedFax', 'sentFax'] });

		expect(itemsOf(await trigger.activate())).toEqual([]);
		const state = trigger.staticData().feeds as IDataObject;
		expect(state.receivedFax).toMatchObject({ cursor: { total: 3 } });
		expect(state.sentFax).toMatchObject({ cursor: { total: 2, pending: {} } });

		suite.sandbox.requests.length = 0;
		expect(itemsOf(await trigger.tick())).toEqual([]);
		expect(listRequests(suite.sandbox, '/received_faxes')).toHaveLength(1);
		expect(listRequests(suite.sandbox, '/sent_faxes')).toHaveLength(1);
		expect(suite.sandbox.requests).toHaveLength(2);
	});

	test('new received faxes: emitted once, oldest first, as the webhook trigger emits them; no key in state or items', async () => {
		const trigger = poller(RECEIVED);
		itemsOf(await trigger.activate());
		const tokens = await seedReceived(suite.sandbox, suite.accountNumber, 3);

		const items = itemsOf(await trigger.tick());
		expect(tokensOf(items)).toEqual(tokens);
		const record = (await api(suite.sandbox, 'GET', `/received_faxes/${tokens[0]}`)).body;
		expect(items[0].json).toEqual({ eventType: 'receivedFax', verified: true, ...record });
		expect(items[0].binary).toBeUndefined();

		expect(itemsOf(await trigger.tick())).toEqual([]);
		const text = JSON.stringify([trigger.staticData(), items]);
		expect(text).not.toContain(TEST_KEY);
		expect(text).not.toContain(LIVE_KEY);
	});

	test('Sent Fax Completed: a fax still queued is remembered, then emitted once it succeeds or fails', async () => {
		const slow = await startFastSandbox({
			timing: { inProgressAfterMs: 200, completeAfterMs: 1200 },
		});
		try {
			const from = String((await seedNumber(slow, '212')).number);
			const trigger = createPoller({ events: ['sentFax'] }, credentialsFor(slow));
			itemsOf(await trigger.activate());
			const delivered = await seedSentFax(slow, { from_number: from, to_number: '+13105551234' });
			const failed = await seedSentFax(slow, { from_number: from, to_number: '+13105550000' });

			expect(itemsOf(await trigger.tick())).toEqual([]);
			const cursor = (trigger.staticData().feeds as IDataObject).sentFax as IDataObject;
			expect(Object.keys((cursor.cursor as IDataObject).pending as IDataObject).sort()).toEqual(
				[delivered, failed].sort(),
			);

			await slow.settle();
			const emitted = new Emitted();
			const items = itemsOf(await trigger.tick());
			expect(emitted.add(items).sort()).toEqual([delivered, failed].sort());
			const byToken = Object.fromEntries(items.map((item) => [item.json.sendToken, item.json]));
			expect(byToken[delivered]).toMatchObject({
				eventType: 'sentFax',
				verified: true,
				sentStatus: 'success',
				errorDetails: null,
			});
			expect(byToken[failed]).toMatchObject({
				sentStatus: 'failure',
				errorDetails: { errorMessage: expect.any(String) },
			});
			emitted.add(itemsOf(await trigger.tick()));
			expect(emitted.tokens).toHaveLength(2);
		} finally {
			await slow.stop();
		}
	});

	test('a burst over three pages: every fax once, then one request when nothing is new', async () => {
		const trigger = poller(RECEIVED);
		itemsOf(await trigger.activate());
		const tokens = await seedReceived(suite.sandbox, suite.accountNumber, 250);

		suite.sandbox.requests.length = 0;
		const emitted = new Emitted();
		emitted.add(itemsOf(await trigger.tick()));
		expect(emitted.tokens.sort()).toEqual([...tokens].sort());
		expect(listRequests(suite.sandbox, '/received_faxes').length).toBeLessThanOrEqual(4);

		suite.sandbox.requests.length = 0;
		emitted.add(itemsOf(await trigger.tick()));
		expect(listRequests(suite.sandbox, '/received_faxes')).toHaveLength(1);
	});

	describe('through a proxy that changes the list while it is read', () => {
		let proxy: FaultProxy;
		beforeEach(async () => {
			proxy = await startFaultProxy(suite.sandbox);
		});
		afterEach(async () => {
			await proxy.close();
		});

		test('faxes arrive between two page reads, moving the page boundary: nothing lost, nothing twice', async () => {
			const trigger = poller(RECEIVED, proxy.baseUrl);
			itemsOf(await trigger.activate());
			const before = await seedReceived(suite.sandbox, suite.accountNumber, 150);
			const during: string[] = [];
			proxy.plan('GET', /^\/api\/v2\/received_faxes\?.*\bpage=2\b/, {
				kind: 'before',
				action: async () => {
					during.push(
						...(await seedReceived(suite.sandbox, suite.accountNumber, 7, '+14155550199')),
					);
				},
			});

			const emitted = new Emitted();
			emitted.add(itemsOf(await trigger.tick()));
			expect(during).toHaveLength(7);
			emitted.add(itemsOf(await trigger.tick()));
			emitted.add(itemsOf(await trigger.tick()));
			expect(emitted.tokens.sort()).toEqual([...before, ...during].sort());
		});

		test('an unordered list with faxes that appear late and carry older times: each emitted once, none skipped', async () => {
			const existing = await seedReceived(suite.sandbox, suite.accountNumber, 30);
			const hidden = new Set<string>();
			// The list as a service could serve it: in no order the trigger can rely on, and without the hidden faxes.
			const scrambled = async (path: string) => {
				const url = new URL(path, 'http://proxy');
				const all: IDataObject[] = [];
				for (let page = 1; ; page++) {
					const res = await api(suite.sandbox, 'GET', `/received_faxes?page=${page}&page_size=100`);
					all.push(...(res.body.receivedFaxes as IDataObject[]));
					if (page >= Number((res.body.meta as IDataObject).totalPages)) break;
				}
				const visible = all
					.filter((fax) => !hidden.has(String(fax.sendToken)))
					.sort((a, b) =>
						createHash('sha256')
							.update(String(a.sendToken))
							.digest('hex')
							.localeCompare(createHash('sha256').update(String(b.sendToken)).digest('hex')),
					);
				const page = Number(url.searchParams.get('page') ?? 1);
				const size = Number(url.searchParams.get('page_size') ?? 25);
				const meta = {
					totalCount: visible.length,
					totalPages: Math.ceil(visible.length / size),
					perPage: size,
					page,
				};
				return {
					status: 200,
					body: JSON.stringify({
						receivedFaxes: visible.slice((page - 1) * size, page * size),
						meta,
					}),
				};
			};
			proxy.plan(
				'GET',
				/^\/api\/v2\/received_faxes\?/,
				{ kind: 'respond', respond: scrambled },
				1000,
			);
			const trigger = poller(RECEIVED, proxy.baseUrl);
			itemsOf(await trigger.activate());

			const arrived = await seedReceived(suite.sandbox, suite.accountNumber, 130);
			// Every third new fax shows up in the list only later, after newer ones were emitted.
			for (const token of arrived.filter((_, i) => i % 3 === 0)) hidden.add(token);
			const emitted = new Emitted();
			emitted.add(itemsOf(await trigger.tick()));
			expect(emitted.tokens).toHaveLength(130 - hidden.size);
			const late = [...hidden];
			hidden.clear();
			expect(emitted.add(itemsOf(await trigger.tick())).sort()).toEqual(late.sort());
			emitted.add(itemsOf(await trigger.tick()));
			expect(emitted.tokens.sort()).toEqual([...arrived].sort());
			expect(emitted.tokens.some((token) => existing.includes(token))).toBe(false);
		});

		test.each([
			['six hours behind', -6],
			['six hours ahead of', 6],
		])("the service's clock %s n8n's: every fax once, none missed", async (_label, hours) => {
			const shift = (iso: unknown) =>
				typeof iso === 'string' ? new Date(Date.parse(iso) + hours * 3_600_000).toISOString() : iso;
			const skewed = (body: string) => {
				const answer = JSON.parse(body) as { receivedFaxes: IDataObject[] };
				for (const fax of answer.receivedFaxes)
					Object.assign(fax, { sentAt: shift(fax.sentAt), completedAt: shift(fax.completedAt) });
				return JSON.stringify(answer);
			};
			proxy.plan('GET', /^\/api\/v2\/received_faxes\?/, { kind: 'rewrite', body: skewed }, 1000);
			const trigger = poller(RECEIVED, proxy.baseUrl);
			itemsOf(await trigger.activate());
			const emitted = new Emitted();
			const first = await seedReceived(suite.sandbox, suite.accountNumber, 3);
			emitted.add(itemsOf(await trigger.tick()));
			const second = await seedReceived(suite.sandbox, suite.accountNumber, 2);
			emitted.add(itemsOf(await trigger.tick()));
			emitted.add(itemsOf(await trigger.tick()));
			expect(emitted.tokens).toEqual([...first, ...second]);
		});

		test('a failed poll says why, keeps the state, and the next poll catches up', async () => {
			const trigger = poller(RECEIVED, proxy.baseUrl);
			itemsOf(await trigger.activate());
			const tokens = await seedReceived(suite.sandbox, suite.accountNumber, 2);
			const state = trigger.staticData();
			const unavailable = JSON.stringify({
				error: { status: 503, title: 'Service Unavailable', detail: 'maintenance window' },
			});
			proxy.plan(
				'GET',
				/^\/api\/v2\/received_faxes\?/,
				{ kind: 'answer', status: 503, body: unavailable },
				3,
			);

			const failed = await trigger.tick();
			expect('error' in failed && failed.error.message).toBe(
				'The Fax Service failed to process GET /received_faxes (HTTP 503)',
			);
			expect('error' in failed && String(failed.error.description)).toMatch(
				/^Service Unavailable:\nmaintenance window\n[\s\S]*Tried 3 times[\s\S]*nothing is lost/,
			);
			expect(trigger.staticData()).toEqual(state);

			expect(tokensOf(itemsOf(await trigger.tick()))).toEqual(tokens);
		});
	});

	test("a wrong key fails the activation poll with the service's 401, naming the key to check", async () => {
		const trigger = poller(RECEIVED, undefined, { testApiKey: 'sk_test_WRONG' });
		const outcome = await trigger.activate();
		expect('error' in outcome && outcome.error.message).toMatch(
			/^Authentication failed: the service rejected the test key/,
		);
		expect(trigger.staticData()).toEqual({});
	});

	test('Fetch Test Event: the newest matching fax, and the state does not move', async () => {
		const trigger = poller(RECEIVED);
		itemsOf(await trigger.activate());
		const empty = await trigger.fetchTestEvent();
		expect('error' in empty && empty.error.message).toBe(
			'No record matches yet for "Fax Received" with these filters',
		);

		const tokens = await seedReceived(suite.sandbox, suite.accountNumber, 3);
		const state = trigger.staticData();
		const sample = itemsOf(await trigger.fetchTestEvent());
		expect(tokensOf(sample)).toEqual([tokens[2]]);
		expect(sample[0].json).toMatchObject({ eventType: 'receivedFax', verified: true });
		expect(trigger.staticData()).toEqual(state);
		expect(tokensOf(itemsOf(await trigger.tick()))).toEqual(tokens);
	});

	test('Emit Records From: the first poll emits what is that recent, later polls only what is new', async () => {
		await seedReceived(suite.sandbox, suite.accountNumber, 2);
		await new Promise((resolve) => setTimeout(resolve, 30));
		const from = new Date().toISOString();
		await new Promise((resolve) => setTimeout(resolve, 30));
		const recent = await seedReceived(suite.sandbox, suite.accountNumber, 2);

		const trigger = poller({ ...RECEIVED, options: { emitFrom: from } });
		expect(tokensOf(itemsOf(await trigger.activate()))).toEqual(recent);
		const more = await seedReceived(suite.sandbox, suite.accountNumber, 1);
		expect(tokensOf(itemsOf(await trigger.tick()))).toEqual(more);
	});

	test("Attach Received PDF: the fax's own document as binary, in the chosen field", async () => {
		const trigger = poller({
			...RECEIVED,
			options: { attachPdf: true, binaryPropertyName: 'fax' },
		});
		itemsOf(await trigger.activate());
		const document = pdf(3, 'polling trigger attachment');
		const form = new FormData();
		form.append('to_number', suite.accountNumber);
		form.append('from_number', '+14155551234');
		form.append(
			'file',
			new Blob([new Uint8Array(document)], { type: 'application/pdf' }),
			'in.pdf',
		);
		expect(
			(await api(suite.sandbox, 'POST', '/received_faxes/test_receive', { form })).status,
		).toBe(201);

		const [item] = itemsOf(await trigger.tick());
		expect(item.binary?.fax).toMatchObject({ mimeType: 'application/pdf' });
		expect((await binaryBuffer(item.binary!.fax)).equals(document)).toBe(true);
	});

	test('filters: only matching faxes; a bad value is refused before any request; a changed filter starts over', async () => {
		const otherNumber = String((await seedNumber(suite.sandbox, '213')).number);
		const bad = poller({ ...RECEIVED, receivedFaxFilters: { toNumber: '212-555' } });
		suite.sandbox.requests.length = 0;
		const refused = await bad.activate();
		expect('error' in refused && refused.error.message).toBe(
			'Fax Received Filters → To Number must be an E.164 number like +15551234567',
		);
		expect('error' in refused && (refused.error as { description?: string }).description).toContain(
			'Got "212-555".',
		);
		expect(suite.sandbox.requests).toHaveLength(0);

		const trigger = poller({
			...RECEIVED,
			receivedFaxFilters: { toNumber: suite.accountNumber, isTest: 'true' },
		});
		itemsOf(await trigger.activate());
		const mine = await seedReceived(suite.sandbox, suite.accountNumber, 2);
		await seedReceived(suite.sandbox, otherNumber, 2);
		expect(tokensOf(itemsOf(await trigger.tick()))).toEqual(mine);
		expect(
			listRequests(suite.sandbox, '/received_faxes').every(
				(r) => r.query.to_number === suite.accountNumber && r.query.is_test === 'true',
			),
		).toBe(true);

		trigger.setParameters({ receivedFaxFilters: { toNumber: otherNumber } });
		expect(itemsOf(await trigger.tick())).toEqual([]);
		const next = await seedReceived(suite.sandbox, otherNumber, 1);
		expect(tokensOf(itemsOf(await trigger.tick()))).toEqual(next);
	});

	test('n8n restarted between polls (state as saved): nothing twice, and what arrived meanwhile is emitted', async () => {
		const trigger = poller({ events: ['receivedFax', 'sentFax'] });
		itemsOf(await trigger.activate());
		const emitted = new Emitted();
		emitted.add(itemsOf(await trigger.tick()));
		const first = await seedReceived(suite.sandbox, suite.accountNumber, 2);
		emitted.add(itemsOf(await trigger.tick()));
		trigger.restart();
		const whileDown = await seedReceived(suite.sandbox, suite.accountNumber, 2);
		const sent = await seedSentFax(suite.sandbox, { from_number: suite.accountNumber });
		await suite.sandbox.settle();
		emitted.add(itemsOf(await trigger.activate()));
		emitted.add(itemsOf(await trigger.tick()));
		expect(emitted.tokens.sort()).toEqual([...first, ...whileDown, sent].sort());
	});
});
