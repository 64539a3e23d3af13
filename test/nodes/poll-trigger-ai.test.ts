import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { completeAiResult, pendingAiResult, SANDBOX_PATIENT } from '../../sandbox/extraction';
import type { FaultProxy } from '../harness/fault-proxy';
import { startFaultProxy } from '../harness/fault-proxy';
import type { Poller } from '../harness/poller';
import { createPoller, Emitted, itemsOf, itemTokens } from '../harness/poller';
import { credentialsFor } from '../harness/workflows';
import { api, LIVE_KEY, pdf, seedAiDocument, TEST_KEY, useEngineSuite } from './fixtures';

/**
 * The polling trigger's "AI Document Completed" through n8n-core's PollTriggerExecutor. The sandbox
 * serves GET /ai_documents as a plain list; the spec shows neither paging nor order for it (4.6), so
 * the list a service could serve instead (a paging envelope, any order, timestamps to the second,
 * 10,000 records) is played by a proxy in front of the sandbox from records the test controls.
 */

const AI = { events: ['aiDocument'] };
const tokensOf = (items: Parameters<typeof itemTokens>[0]) => itemTokens(items, 'aiToken');

/** A finished AI result (every field of spec 2.7, patient values included) completed at `completedAt`. */
const finished = (aiToken: string, completedAt: string, body = 'REFERRAL'): IDataObject =>
	completeAiResult(aiToken, Buffer.from(body), completedAt) as IDataObject;
const pending = (aiToken: string): IDataObject => pendingAiResult(aiToken) as IDataObject;
const token = (n: number) => n.toString(16).padStart(24, '0');

/** GET /ai_documents as the test decides: a plain list, or pages of `perPage` (the request's page_size wins, up to 100). */
class AiList {
	records: IDataObject[] = [];
	perPage: number | undefined;
	/** Served once instead of the list. */
	nextBody: string | undefined;
	readonly pagesServed: number[] = [];
	respond = async (path: string) => {
		if (this.nextBody !== undefined) {
			const body = this.nextBody;
			this.nextBody = undefined;
			return { status: 200, body };
		}
		const url = new URL(path, 'http://list');
		const entries = this.records.map((aiResult) => ({ aiResult }));
		if (this.perPage === undefined) {
			this.pagesServed.push(1);
			return { status: 200, body: JSON.stringify({ aiDocuments: entries }) };
		}
		const page = Number(url.searchParams.get('page') ?? 1);
		const size = Math.min(100, Number(url.searchParams.get('page_size') ?? this.perPage));
		this.pagesServed.push(page);
		const meta = {
			totalCount: entries.length,
			totalPages: Math.ceil(entries.length / size),
			perPage: size,
			page,
		};
		return {
			status: 200,
			body: JSON.stringify({ aiDocuments: entries.slice((page - 1) * size, page * size), meta }),
		};
	};
}

describe('Fax Service Polling Trigger: AI Document Completed through the engine', () => {
	const suite = useEngineSuite({ receiver: true, sandbox: { timing: { aiCompleteAfterMs: 200 } } });
	const poller = (parameters: INodeParameters, baseUrl?: string): Poller =>
		createPoller(parameters, credentialsFor(suite.sandbox, baseUrl ? { baseUrl } : {}));
	const upload = async (text = 'REFERRAL letter') =>
		await seedAiDocument(suite.sandbox, suite.receiver.url, pdf(1, text));
	const listRequests = () =>
		suite.sandbox.requests.filter(
			(r) => r.method === 'GET' && r.path.startsWith('/api/v2/ai_documents'),
		);

	test('first activation emits none of the finished documents there; a finished upload is emitted once, as AI Document → Get returns it', async () => {
		const before = [await upload(), await upload()];
		await suite.sandbox.settle();
		const trigger = poller(AI);
		expect(itemsOf(await trigger.activate())).toEqual([]);
		// Not emitted because remembered as already seen: the cursor holds the documents finished at activation.
		const cursor = ((trigger.staticData().feeds as IDataObject).aiDocument as IDataObject)
			.cursor as IDataObject;
		expect(Object.keys(cursor)).toEqual(['total', 'seen', 'horizon', 'pending']);
		expect(Object.keys(cursor.seen as IDataObject)).toEqual(expect.arrayContaining(before));

		const uploaded = await upload();
		const items = itemsOf(await trigger.tick());
		await suite.sandbox.settle();
		items.push(...itemsOf(await trigger.tick()));
		expect(tokensOf(items)).toEqual([uploaded]);
		const stored = (await api(suite.sandbox, 'GET', `/ai_documents/${uploaded}`)).body
			.aiResult as IDataObject;
		expect(items[0].json).toEqual({ eventType: 'aiDocument', verified: true, ...stored });

		suite.sandbox.requests.length = 0;
		expect(itemsOf(await trigger.tick())).toEqual([]);
		expect(itemsOf(await trigger.tick())).toEqual([]);
		expect(listRequests()).toHaveLength(2);
	});

	test("the item is the webhook trigger's: eventType, verified and the whole aiResult; Simplified keeps what Get's Simplified keeps", async () => {
		const raw = poller(AI);
		const simple = poller({ ...AI, options: { aiDocumentOutput: 'simple' } });
		itemsOf(await raw.activate());
		itemsOf(await simple.activate());
		const aiToken = await upload();
		await suite.sandbox.settle();
		const stored = (await api(suite.sandbox, 'GET', `/ai_documents/${aiToken}`)).body
			.aiResult as IDataObject;

		const [rawItem] = itemsOf(await raw.tick());
		expect(rawItem.json).toEqual({ eventType: 'aiDocument', verified: true, ...stored });
		const [simpleItem] = itemsOf(await simple.tick());
		expect(Object.keys(simpleItem.json)).toEqual([
			'eventType',
			'verified',
			'aiToken',
			'completedAt',
			'errorDetails',
			'documentClassification',
			'documentSummary',
			'patientName',
			'patientDob',
			'patientGender',
			'patientPhoneNumber',
			'patientAddress',
			'insurancePayer',
			'insuranceMemberId',
			'omittedFields',
		]);
		expect(simpleItem.json).toMatchObject({
			aiToken,
			errorDetails: null,
			documentClassification: 'referral',
		});
		const state = JSON.stringify([raw.staticData(), simple.staticData()]);
		for (const secret of [TEST_KEY, LIVE_KEY, ...Object.values(SANDBOX_PATIENT)])
			expect(state).not.toContain(secret);
	});

	test('a failed document is emitted too, told apart by its errorDetails', async () => {
		const trigger = poller(AI);
		itemsOf(await trigger.activate());
		const good = await upload('REFERRAL');
		const bad = await upload('UNREADABLE scan');
		await suite.sandbox.settle();
		const items = itemsOf(await trigger.tick());
		const byToken = Object.fromEntries(items.map((item) => [item.json.aiToken, item.json]));
		expect(Object.keys(byToken).sort()).toEqual([good, bad].sort());
		expect(byToken[bad]).toMatchObject({
			errorDetails: expect.stringMatching(/could not be read/),
			documentClassification: null,
			patientName: null,
		});
		expect(byToken[good]).toMatchObject({ errorDetails: null, documentClassification: 'referral' });
		expect(itemsOf(await trigger.tick())).toEqual([]);
	});

	test('a restart between ticks (the static data as n8n saved it): emitted once, nothing again', async () => {
		const trigger = poller(AI);
		itemsOf(await trigger.activate());
		const emitted = new Emitted('aiToken');
		const first = await upload();
		emitted.add(itemsOf(await trigger.tick()));
		trigger.restart();
		await suite.sandbox.settle();
		const second = await upload();
		await suite.sandbox.settle();
		emitted.add(itemsOf(await trigger.tick()));
		trigger.restart();
		emitted.add(itemsOf(await trigger.tick()));
		expect(emitted.tokens.sort()).toEqual([first, second].sort());
	});

	test('Fetch Test Event: the newest finished document; the state does not move', async () => {
		const trigger = poller(AI);
		itemsOf(await trigger.activate());
		const state = trigger.staticData();
		await upload();
		await suite.sandbox.settle();
		const newest = await upload();
		await suite.sandbox.settle();
		const sample = await trigger.fetchTestEvent();
		expect('items' in sample && tokensOf(sample.items)).toEqual([newest]);
		expect(trigger.staticData()).toEqual(state);
	});

	describe('lists a service could serve instead (through a proxy)', () => {
		let proxy: FaultProxy;
		let list: AiList;
		beforeEach(async () => {
			proxy = await startFaultProxy(suite.sandbox);
			list = new AiList();
			proxy.plan(
				'GET',
				/^\/api\/v2\/ai_documents\?/,
				{ kind: 'respond', respond: list.respond },
				Infinity,
			);
		});
		afterEach(async () => await proxy.close());

		test.each([
			['a plain list', undefined],
			['pages of 2', 2],
		])(
			'%s: a pending document emitted when it finishes, two finishing in the same second both once, in token order',
			async (_label, perPage) => {
				list.perPage = perPage;
				list.records = [
					finished(token(1), '2026-11-26T06:00:00Z'),
					pending(token(2)),
					finished(token(3), '2026-11-26T06:00:01Z'),
				];
				const trigger = poller(AI, proxy.baseUrl);
				expect(itemsOf(await trigger.activate())).toEqual([]);
				const emitted = new Emitted('aiToken');

				// Finished between ticks: the pending one and a new one, stamped to the same second.
				list.records[1] = finished(token(2), '2026-11-26T06:05:00Z');
				list.records.push(finished(token(4), '2026-11-26T06:05:00Z'), pending(token(5)));
				expect(emitted.add(itemsOf(await trigger.tick()))).toEqual([token(2), token(4)]);
				list.records[4] = {
					...pending(token(5)),
					errorDetails: 'Processing failed',
					completedAt: null,
				};
				const [failed] = itemsOf(await trigger.tick());
				expect(emitted.add([failed])).toEqual([token(5)]);
				expect(failed.json).toMatchObject({ errorDetails: 'Processing failed', completedAt: null });
				emitted.add(itemsOf(await trigger.tick()));
				emitted.add(itemsOf(await trigger.tick()));
				expect(emitted.tokens).toEqual([token(2), token(4), token(5)]);
			},
		);

		test("an answer that is not the spec's AI document list fails the poll, keeps the state, and the next poll catches up", async () => {
			list.records = [finished(token(1), '2026-11-26T06:00:00Z')];
			const trigger = poller(AI, proxy.baseUrl);
			itemsOf(await trigger.activate());
			list.records.push(finished(token(2), '2026-11-26T06:01:00Z'));
			const state = trigger.staticData();
			list.nextBody = JSON.stringify({ aiDocuments: [{ aiToken: token(2) }] });
			const outcome = await trigger.tick();
			expect('error' in outcome && outcome.error.message).toBe(
				'Unexpected answer from the Fax Service to GET /ai_documents (HTTP 200)',
			);
			expect('error' in outcome && String(outcome.error.description)).toContain(
				'whose entries each have a "aiResult" object',
			);
			expect(trigger.staticData()).toEqual(state);
			expect(tokensOf(itemsOf(await trigger.tick()))).toEqual([token(2)]);
		});

		test.each([
			['a plain list', undefined, 1, 1],
			['pages of 100', 100, 100, 1],
		])(
			'10,000 documents, %s: the requests of each tick counted, the state bounded and free of patient data',
			async (_label, perPage, firstPollPages, quietTickPages) => {
				list.perPage = perPage;
				const start = Date.parse('2026-01-01T00:00:00Z');
				list.records = Array.from({ length: 10_000 }, (_, i) =>
					finished(token(i), new Date(start + i * 60_000).toISOString()),
				);
				const trigger = poller(AI, proxy.baseUrl);
				expect(itemsOf(await trigger.activate())).toEqual([]);
				expect(list.pagesServed).toHaveLength(firstPollPages);

				list.pagesServed.length = 0;
				expect(itemsOf(await trigger.tick())).toEqual([]);
				expect(list.pagesServed).toHaveLength(quietTickPages);

				// One new document at the end of an oldest-first list: a paged list is read to its last page to find it.
				list.records.push(finished(token(10_000), '2026-11-26T06:00:00Z'));
				list.pagesServed.length = 0;
				expect(tokensOf(itemsOf(await trigger.tick()))).toEqual([token(10_000)]);
				expect(list.pagesServed).toHaveLength(perPage === undefined ? 1 : 101);

				const state = JSON.stringify(trigger.staticData());
				const cursor = ((trigger.staticData().feeds as IDataObject).aiDocument as IDataObject)
					.cursor as IDataObject;
				expect(Object.keys(cursor.seen as IDataObject)).toHaveLength(2000);
				expect(state.length).toBeLessThan(90_000);
				for (const value of Object.values(SANDBOX_PATIENT)) expect(state).not.toContain(value);
				expect(itemsOf(await trigger.tick())).toEqual([]);
			},
		);
	});
});
