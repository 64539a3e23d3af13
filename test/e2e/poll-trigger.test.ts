/**
 * Fax Service Polling Trigger in a real n8n: an active workflow polling every minute (n8n's shortest
 * interval), faxes received and sent and AI documents uploaded through the sandbox before activation,
 * between polls, during a poll and while n8n is down. Each is emitted exactly once (counted over every
 * execution), received faxes with their PDF; what was there before activation never.
 */
import { randomUUID } from 'crypto';
import { existsSync } from 'fs';
import { join } from 'path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { startFaultProxy, type FaultProxy } from '../harness/fault-proxy';
import { binariesOf, storedBinary } from './helpers/binary';
import { minimalPdf } from './helpers/files';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	createInstance,
	ensureInstalled,
	faxServicePollTriggerWorkflow,
	logToStderr,
	REPO_ROOT,
	sandboxCredential,
	secretsInFiles,
	type N8nExecution,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { MACHINE_MINUTE } from '../harness/machine';

const TRIGGER = 'Fax Service Polling Trigger';
const FAILING_NUMBER = '+13105550000';

/** When n8n created an execution (ms): SQLite gives UTC without a zone. */
const createdAtOf = (execution: N8nExecution) =>
	Date.parse(
		/[zZ]|[+-]\d\d:?\d\d$/.test(execution.createdAt)
			? execution.createdAt
			: `${execution.createdAt.replace(' ', 'T')}Z`,
	);

describeOnHosts(BOTH_HOSTS, 'Fax Service Polling Trigger in a real n8n', ({ hostVersion }) => {
	let sandbox: Sandbox;
	let proxy: FaultProxy;
	let n8n: N8nHostInstance;
	let workflowId: string;
	let activationLists: string[] = [];
	let accountNumber: string;
	const documents = new Map<string, Buffer>();
	const before: string[] = [];

	const api = async (method: string, path: string, body?: FormData | Record<string, unknown>) => {
		const headers: Record<string, string> = { authorization: `Bearer ${sandbox.testKey}` };
		if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
		const response = await fetch(`${sandbox.baseUrl}${path}`, {
			method,
			headers,
			body: body instanceof FormData ? body : body && JSON.stringify(body),
		});
		const json = (await response.json()) as Record<string, unknown>;
		if (response.status >= 300)
			throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
		return json;
	};
	const form = (fields: Record<string, string>, document: Buffer) => {
		const data = new FormData();
		for (const [name, value] of Object.entries(fields)) data.append(name, value);
		data.append(
			'file',
			new Blob([new Uint8Array(document)], { type: 'application/pdf' }),
			'fax.pdf',
		);
		return data;
	};
	const receive = async (fromNumber = '+14155551234'): Promise<string> => {
		const document = minimalPdf(`inbound ${randomUUID()}`);
		const { message } = await api(
			'POST',
			'/received_faxes/test_receive',
			form({ to_number: accountNumber, from_number: fromNumber }, document),
		);
		const token = /([0-9a-f]{24})/.exec(String(message))![1];
		documents.set(token, document);
		return token;
	};
	const send = async (toNumber = '+12125550123'): Promise<string> =>
		String(
			(
				await api(
					'POST',
					'/sent_faxes',
					form({ from_number: accountNumber, to_number: toNumber }, minimalPdf('outbound')),
				)
			).faxId,
		);
	// No public URL: the callback goes to an address the service cannot reach (the README's advice), the trigger picks the result up.
	const upload = async (text = 'REFERRAL'): Promise<string> =>
		String(
			(
				await api(
					'POST',
					'/ai_documents',
					form({ callback_url: 'http://127.0.0.1:9/unreachable' }, minimalPdf(text)),
				)
			).aiToken,
		);
	const tokenOf = (item: Record<string, unknown>) =>
		String(item.eventType === 'aiDocument' ? item.aiToken : item.sendToken);

	/** Every item the trigger emitted, over every execution, with the execution it came in. */
	const emitted = async () => {
		const executions = await n8n.executions(workflowId);
		return executions.flatMap((execution: N8nExecution) =>
			(execution.items[TRIGGER] ?? []).map((item, index) => ({ item, index, execution })),
		);
	};
	/** Waits until `tokens` holds `count` tokens (it may still be filling) and each has been emitted. */
	const waitForTokens = async (tokens: string[], timeoutMs: number, count = tokens.length) => {
		const until = Date.now() + timeoutMs;
		for (;;) {
			const seen = (await emitted()).map(({ item }) => tokenOf(item));
			if (tokens.length >= count && tokens.every((token) => seen.includes(token))) return;
			if (Date.now() > until)
				throw new Error(
					`Within ${timeoutMs} ms, ${tokens.length} of ${count} tokens made; not emitted: ${tokens.filter((t) => !seen.includes(t)).join(', ')}; emitted: ${seen.join(', ')}`,
				);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	};

	beforeAll(async () => {
		expect(
			existsSync(
				join(REPO_ROOT, 'dist', 'nodes', 'FaxServicePollTrigger', 'FaxServicePollTrigger.node.js'),
			),
		).toBe(true);
		await ensureInstalled({ hostVersion, log: logToStderr });
		// The AI callbacks go to an unreachable address: their retries end at once, so settle() returns.
		sandbox = await startSandbox({
			port: 0,
			timing: { inProgressAfterMs: 500, completeAfterMs: 4000, aiCompleteAfterMs: 300 },
			callbackRetryScheduleMs: [50],
		});
		proxy = await startFaultProxy(sandbox);
		accountNumber = String(
			(
				(await api('POST', '/fax_numbers', { fax_number: { area_code: '415' } }))
					.faxNumber as Record<string, unknown>
			).number,
		);

		// There before the workflow is activated: never emitted.
		before.push(await receive(), await receive(), await send(), await upload());
		await sandbox.settle();

		n8n = await createInstance({ hostVersion });
		// Saved and published in the running n8n, as in the editor (the REST calls; no n8n CLI boot per step).
		await n8n.start();
		const [credential] = await n8n.importCredentials([sandboxCredential(sandbox, proxy.baseUrl)]);
		const [workflow] = await n8n.importWorkflows([
			faxServicePollTriggerWorkflow('Fax Service Polling Trigger e2e', TRIGGER, credential, {
				events: ['receivedFax', 'sentFax', 'aiDocument'],
				options: { attachPdf: true },
			}),
		]);
		workflowId = workflow.id;
		await n8n.publishWorkflow(workflowId);
		// The activation's poll is the first (n8n awaits it before it schedules the minute ticks), so its
		// lists are the first three; a tick may already be listing by now (seen on 1.x under load).
		activationLists = proxy.requests
			.filter((r) => r.method === 'GET')
			.slice(0, 3)
			.map((r) => r.path.split('?')[0])
			.sort();
	}, 30 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		await proxy?.close();
		await sandbox?.stop();
	}, 2 * MACHINE_MINUTE);

	test('activation polled once, emitted nothing of what was there, and n8n saved the cursors', async () => {
		expect((await n8n.activationStatus()).map((entry) => entry.state)).toEqual(['activated']);
		expect(activationLists).toEqual([
			'/api/v2/ai_documents',
			'/api/v2/received_faxes',
			'/api/v2/sent_faxes',
		]);
		expect(await emitted()).toEqual([]);
		const [row] = await n8n.query<{ staticData: string | null }>(
			'SELECT "staticData" FROM workflow_entity WHERE id = ?',
			[workflowId],
		);
		const feeds = Object.values(
			JSON.parse(String(row.staticData)) as Record<
				string,
				{ feeds?: Record<string, { cursor: { total: number } }> }
			>,
		)[0]?.feeds;
		expect({
			received: feeds?.receivedFax.cursor.total,
			sent: feeds?.sentFax.cursor.total,
			ai: feeds?.aiDocument.cursor.total,
		}).toEqual({ received: 2, sent: 1, ai: 1 });
	});

	test(
		'faxes and AI documents from between polls and from during a poll: each once, received ones with their PDF, sent ones once final',
		async () => {
			const received = [await receive(), await receive(FAILING_NUMBER)];
			const sent = [await send(), await send(FAILING_NUMBER)];
			const ai = [await upload('REFERRAL'), await upload('UNREADABLE')];
			await sandbox.settle();
			// The next list reads: a fax arrives while a poll runs, another is sent (still queued when listed).
			// Not always the same poll: one already past its received list takes the sent plan first.
			const during: string[] = [];
			let receivedDuring = '';
			let sentDuring = '';
			let sentListedAt = 0;
			proxy.plan('GET', /^\/api\/v2\/received_faxes\?/, {
				kind: 'before',
				action: async () => void during.push((receivedDuring = await receive())),
			});
			proxy.plan('GET', /^\/api\/v2\/sent_faxes\?/, {
				kind: 'before',
				action: async () => {
					during.push((sentDuring = await send()));
					sentListedAt = Date.now();
				},
			});

			await waitForTokens([...received, ...sent, ...ai], 2 * MACHINE_MINUTE);
			// A minute tick while the faxes above were made can emit them all before the planned poll
			// runs: `during` fills only when that poll lists.
			await waitForTokens(during, 2 * MACHINE_MINUTE, 2);

			const items = await emitted();
			const byToken = new Map(items.map((entry) => [tokenOf(entry.item), entry]));
			expect(byToken.get(received[0])!.item).toMatchObject({
				eventType: 'receivedFax',
				verified: true,
				faxStatus: 'success',
				toNumber: accountNumber,
			});
			expect(byToken.get(received[1])!.item).toMatchObject({
				eventType: 'receivedFax',
				faxStatus: 'failure',
				fromNumber: FAILING_NUMBER,
			});
			expect(byToken.get(sent[0])!.item).toMatchObject({
				eventType: 'sentFax',
				verified: true,
				sentStatus: 'success',
			});
			expect(byToken.get(sent[1])!.item).toMatchObject({
				eventType: 'sentFax',
				sentStatus: 'failure',
				errorDetails: { errorMessage: expect.any(String) },
			});
			const extracted = (await api('GET', `/ai_documents/${ai[0]}`)).aiResult as Record<
				string,
				unknown
			>;
			expect(byToken.get(ai[0])!.item).toEqual({
				eventType: 'aiDocument',
				verified: true,
				...extracted,
			});
			expect(byToken.get(ai[1])!.item).toMatchObject({
				eventType: 'aiDocument',
				verified: true,
				errorDetails: expect.any(String),
				documentClassification: null,
			});
			for (const token of [...received, receivedDuring]) {
				const { execution, index } = byToken.get(token)!;
				const binary = binariesOf(execution.data, TRIGGER)[index]?.data;
				// What n8n stored for this item when its PDF is missing (seen once on 1.x under heavy load, not reproduced).
				const stored = {
					execution: execution.id,
					status: execution.status,
					index,
					runs: execution.data?.resultData.runData[TRIGGER]?.length,
					binaries: binariesOf(execution.data, TRIGGER),
				};
				// Said whole when it fails: toMatchObject's diff would show only the keys it expects.
				if (binary?.mimeType !== 'application/pdf')
					throw new Error(
						`received fax ${token} emitted without its PDF: ${JSON.stringify({ binary, ...stored, item: byToken.get(token)!.item })}`,
					);
				expect(storedBinary(n8n, binary!)).toEqual(documents.get(token));
			}
			// The fax sent during a poll was listed while queued, and came final in a later poll: one that
			// started (with its received list) after that list was read.
			expect(byToken.get(sentDuring)!.item).toMatchObject({ sentStatus: 'success' });
			const nextPoll = proxy.requests.find(
				(r) => r.path.startsWith('/api/v2/received_faxes?') && r.at > sentListedAt,
			);
			expect(createdAtOf(byToken.get(sentDuring)!.execution)).toBeGreaterThan(nextPoll!.at);
		},
		5 * MACHINE_MINUTE,
	);

	test(
		'what arrives while n8n is down is emitted by the poll at the next start',
		async () => {
			await n8n.stop();
			const stoppedAt = Date.now();
			const whileDown = [await receive(), await receive(), await send(), await upload()];
			await sandbox.settle();
			await n8n.start();
			await waitForTokens(whileDown, 2 * MACHINE_MINUTE);
			// By the poll n8n runs while it activates the workflow, not by a later minute tick: emitted
			// before the second poll since the restart began (if there has been one yet).
			const [, secondPoll] = proxy.requests.filter(
				(r) => r.path.startsWith('/api/v2/received_faxes?') && r.at > stoppedAt,
			);
			const createdAt = (await emitted())
				.filter(({ item }) => whileDown.includes(tokenOf(item)))
				.map(({ execution }) => createdAtOf(execution));
			expect(createdAt).toHaveLength(4);
			for (const at of createdAt) expect(at).toBeLessThan(secondPoll?.at ?? Infinity);
		},
		5 * MACHINE_MINUTE,
	);

	test(
		'afterwards: every fax and AI document exactly once over all executions, also after two more polls; none from before activation, every execution a success, no key stored',
		async () => {
			// Two more polls of the AI list after the last emission (n8n polls at each full minute).
			const last = Math.max(...(await n8n.executions(workflowId)).map(createdAtOf));
			const pollsSince = () =>
				proxy.requests.filter(
					(r) => r.method === 'GET' && r.path.startsWith('/api/v2/ai_documents?') && r.at > last,
				).length;
			const until = Date.now() + 3 * MACHINE_MINUTE;
			while (pollsSince() < 2) {
				if (Date.now() > until)
					throw new Error(
						`Only ${pollsSince()} polls of the AI list in 3 minutes after the last emission`,
					);
				await new Promise((resolve) => setTimeout(resolve, 1000));
			}
			const items = await emitted();
			const tokens = items.map(({ item }) => tokenOf(item));
			expect(tokens.length).toBe(new Set(tokens).size);
			expect(tokens.length).toBe(12);
			expect(tokens.filter((token) => before.includes(token))).toEqual([]);
			expect(
				(await n8n.executions(workflowId)).filter((execution) => execution.status !== 'success'),
			).toEqual([]);
			expect(secretsInFiles(n8n, [sandbox.testKey, sandbox.liveKey])).toEqual([]);
		},
		5 * MACHINE_MINUTE,
	);
});
