/**
 * Fax Service Trigger in a real n8n process, driven by the sandbox: verified events of all three
 * types, the received PDF as binary data, refusals with the right status, no duplicates (also for
 * concurrent and later redeliveries, and after a restart), and self-registration on a fax number.
 */
import { randomUUID } from 'crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { signCallback } from '../../nodes/shared/callbacks/signature';
import { startSandbox, type CallbackAttempt, type Sandbox } from '../../sandbox';
import {
	createInstance,
	ensureInstalled,
	logToStderr,
	REPO_ROOT,
	sandboxCredential,
	type N8nExecution,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { storedBinary } from './helpers/binary';
import { minimalPdf } from './helpers/files';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import { pdfForm } from './helpers/sandbox-api';
import { ceiling, MACHINE_MINUTE } from '../harness/machine';

const OWNER = { email: 'owner@example.com', password: 'Sandbox-Passw0rd' };
const TRIGGER_NAME = 'Fax Service Trigger';
const webhookId = randomUUID();
const WEBHOOK_PATH = `${webhookId}/fax-service`;

interface Api {
	(
		method: string,
		path: string,
		body?: FormData | Record<string, unknown>,
	): Promise<{ status: number; json: Record<string, unknown> }>;
}

function apiClient(sandbox: Sandbox, key: string): Api {
	return async (method, path, body) => {
		const headers: Record<string, string> = { authorization: `Bearer ${key}` };
		let payload: FormData | string | undefined;
		if (body instanceof FormData) payload = body;
		else if (body) {
			headers['content-type'] = 'application/json';
			payload = JSON.stringify(body);
		}
		const response = await fetch(`${sandbox.baseUrl}${path}`, { method, headers, body: payload });
		return { status: response.status, json: (await response.json()) as Record<string, unknown> };
	};
}

/** Posts a recorded callback attempt again, byte for byte (a redelivery). */
async function redeliver(
	url: string,
	attempt: CallbackAttempt,
	signature = attempt.signature,
): Promise<Response> {
	return await fetch(url, {
		method: 'POST',
		headers: { 'content-type': attempt.contentType, 'x-service-signature': signature },
		body: typeof attempt.body === 'string' ? attempt.body : new Uint8Array(attempt.body),
	});
}

function triggerItems(execution: N8nExecution): Array<Record<string, unknown>> {
	return execution.items[TRIGGER_NAME] ?? [];
}

describeOnHosts(BOTH_HOSTS, 'Fax Service Trigger in a real n8n', ({ hostVersion }) => {
	let sandbox: Sandbox;
	let n8n: N8nHostInstance;
	let api: Api;
	let workflowId: string;
	let faxNumberId: string;
	let faxNumber: string;
	let webhookUrl: string;
	let uploadTmp: string;
	const previousCallbackUrl = 'http://127.0.0.1:9/previous-receiver';
	const pdf = minimalPdf('REFERRAL to cardiology');

	const executionsSoFar = async () => await n8n.executions(workflowId);
	const waitForExecutionCount = async (count: number) =>
		await n8n.waitForExecutions(workflowId, { count, timeoutMs: ceiling(60_000) });

	beforeAll(async () => {
		expect(
			existsSync(
				join(REPO_ROOT, 'dist', 'nodes', 'FaxServiceTrigger', 'FaxServiceTrigger.node.js'),
			),
		).toBe(true);
		await ensureInstalled({ hostVersion, log: logToStderr });
		sandbox = await startSandbox({
			port: 0,
			timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
			callbackRetryScheduleMs: [300, 600, 1200],
			callbackTimeoutMs: ceiling(15_000),
		});
		api = apiClient(sandbox, sandbox.testKey);
		const provisioned = await api('POST', '/fax_numbers', {
			fax_number: { area_code: '415', callback_url: previousCallbackUrl },
		});
		const record = provisioned.json.faxNumber as Record<string, string>;
		faxNumberId = record.id;
		faxNumber = record.number;

		// n8n's multipart parser writes uploads to the OS temp folder: give it one of its own to watch.
		const userFolder = mkdtempSync(join(tmpdir(), 'fax-trigger-e2e-'));
		uploadTmp = join(userFolder, 'tmp');
		mkdirSync(uploadTmp, { recursive: true });
		n8n = await createInstance({
			hostVersion,
			userFolder,
			env: { TMPDIR: uploadTmp },
			owner: OWNER,
		});
		// Saved and published in the running n8n, as in the editor (the REST calls; no n8n CLI boot per step).
		await n8n.start();
		const [credential] = await n8n.importCredentials([sandboxCredential(sandbox)]);
		const [workflow] = await n8n.importWorkflows([
			{
				name: 'Fax Service Trigger e2e',
				nodes: [
					{
						id: randomUUID(),
						name: TRIGGER_NAME,
						type: 'n8n-nodes-fax-service.faxServiceTrigger',
						typeVersion: 1,
						position: [0, 0],
						webhookId,
						parameters: {
							events: ['sentFax', 'receivedFax', 'aiDocument'],
							registerOnFaxNumbers: [faxNumberId],
							options: {},
						},
						credentials: { faxServiceApi: { id: credential.id, name: credential.name } },
					},
				],
				connections: {},
				settings: { executionOrder: 'v1' },
			},
		]);
		workflowId = workflow.id;
		await n8n.publishWorkflow(workflowId);
		webhookUrl = n8n.webhookUrl(WEBHOOK_PATH);
	}, 30 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		await sandbox?.stop();
	}, 2 * MACHINE_MINUTE);

	test('activation registered the trigger on the chosen fax number', async () => {
		const response = await api('GET', `/fax_numbers/${faxNumberId}`);
		expect((response.json.faxNumber as Record<string, unknown>).callbackUrl).toBe(webhookUrl);
	});

	test('a sent fax completing emits one verified sentFax item', async () => {
		const before = (await executionsSoFar()).length;
		const sent = await api(
			'POST',
			'/sent_faxes',
			pdfForm({ from_number: faxNumber, to_number: '+12125550123', callback_url: webhookUrl }, pdf),
		);
		expect(sent.status).toBeGreaterThanOrEqual(200);
		const faxId = String(sent.json.faxId);
		await sandbox.waitForCallbacks(
			(attempts) => attempts.some((a) => a.type === 'sentFax' && a.status !== null),
			ceiling(20_000),
		);
		const executions = await waitForExecutionCount(before + 1);
		const item = triggerItems(executions[executions.length - 1])[0];
		expect(item).toMatchObject({
			eventType: 'sentFax',
			verified: true,
			sendToken: faxId,
			sentStatus: 'success',
			isTest: true,
			toNumber: '+12125550123',
		});
		expect(
			sandbox.callbackAttempts.filter((a) => a.type === 'sentFax').map((a) => a.status),
		).toEqual([200]);
	});

	test('a received fax emits its record and the PDF as binary data; only n8n 1.x leaves the upload behind', async () => {
		const before = (await executionsSoFar()).length;
		const tmpBefore = new Set(readdirSync(uploadTmp));
		const received = await api(
			'POST',
			'/received_faxes/test_receive',
			pdfForm({ to_number: faxNumber, from_number: '+13105550111' }, pdf),
		);
		expect(received.status).toBeGreaterThanOrEqual(200);
		await sandbox.waitForCallbacks(
			(attempts) => attempts.some((a) => a.type === 'receivedFax' && a.status !== null),
			ceiling(20_000),
		);
		const executions = await waitForExecutionCount(before + 1);
		const execution = executions[executions.length - 1];
		const item = triggerItems(execution)[0];
		expect(item).toMatchObject({
			eventType: 'receivedFax',
			verified: true,
			fromNumber: '+13105550111',
			toNumber: faxNumber,
			faxStatus: 'success',
			documentClassification: 'referral',
		});
		// `codes` stays the array of objects the callback carries (spec 6.4).
		expect(Array.isArray(item.codes)).toBe(true);
		expect((item.codes as Array<Record<string, unknown>>)[0]).toHaveProperty('code');

		const runData = execution.data?.resultData.runData[TRIGGER_NAME] as Array<{
			data: { main: Array<Array<{ binary?: Record<string, Record<string, string>> }>> };
		}>;
		const binary = runData[0].data.main[0][0].binary?.data;
		expect(binary).toMatchObject({
			mimeType: 'application/pdf',
			fileName: `${String(item.sendToken)}.pdf`,
		});
		expect(storedBinary(n8n, binary!)).toEqual(pdf);
		// n8n 2.x deletes its multipart parser's temporary upload once the webhook ran (n8n's
		// webhooks/webhook-form-data.js); 1.x leaves it in the OS temp folder, and a community node may
		// not use the file system to delete it (lint: no-restricted-imports).
		expect(readdirSync(uploadTmp).filter((name) => !tmpBefore.has(name))).toHaveLength(
			hostVersion === 1 ? 1 : 0,
		);
	});

	test('an AI document completing emits its aiResult (signed with the live key)', async () => {
		const before = (await executionsSoFar()).length;
		const uploaded = await api('POST', '/ai_documents', pdfForm({ callback_url: webhookUrl }, pdf));
		const aiToken = String(uploaded.json.aiToken);
		await sandbox.waitForCallbacks(
			(attempts) => attempts.some((a) => a.type === 'aiDocument' && a.status !== null),
			ceiling(20_000),
		);
		const executions = await waitForExecutionCount(before + 1);
		const item = triggerItems(executions[executions.length - 1])[0];
		expect(item).toMatchObject({
			eventType: 'aiDocument',
			verified: true,
			aiToken,
			documentClassification: 'referral',
		});
		expect(
			sandbox.callbackAttempts.filter((a) => a.type === 'aiDocument').map((a) => a.status),
		).toEqual([200]);
	});

	test('tampered, unsigned and malformed callbacks are refused and start no execution', async () => {
		const before = (await executionsSoFar()).length;
		const genuine = sandbox.callbackAttempts.find((a) => a.type === 'sentFax' && a.status === 200)!;
		const wrongSignature = genuine.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
		expect((await redeliver(webhookUrl, genuine, wrongSignature)).status).toBe(401);

		const unsigned = await fetch(webhookUrl, {
			method: 'POST',
			headers: { 'content-type': genuine.contentType },
			body: String(genuine.body),
		});
		expect(unsigned.status).toBe(401);

		const record = JSON.parse(new URLSearchParams(String(genuine.body)).get('recordDetails')!);
		const tampered = new URLSearchParams({
			recordDetails: JSON.stringify({ ...record, sendToken: 'forged' }),
		}).toString();
		const forged = await fetch(webhookUrl, {
			method: 'POST',
			headers: { 'content-type': genuine.contentType, 'x-service-signature': genuine.signature },
			body: tampered,
		});
		expect(forged.status).toBe(401);

		const asJson = await fetch(webhookUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-service-signature': genuine.signature },
			body: JSON.stringify({ recordDetails: record }),
		});
		expect(asJson.status).toBe(400);
		const badJson = await fetch(webhookUrl, {
			method: 'POST',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				'x-service-signature': genuine.signature,
			},
			body: 'recordDetails=%7Bnot-json',
		});
		expect(badJson.status).toBe(400);
		const email = await fetch(webhookUrl, {
			method: 'POST',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				'x-service-signature': 'abc',
			},
			body: 'emailDetails=%7B%7D',
		});
		expect(email.status).toBe(405);

		await new Promise((resolve) => setTimeout(resolve, 1500));
		expect(await executionsSoFar()).toHaveLength(before);
		expect(n8n.logs()).toContain('Fax Service Trigger refused a callback with 401');
		expect(n8n.logs()).not.toContain(sandbox.testKey);
		expect(n8n.logs()).not.toContain(sandbox.liveKey);
	});

	test(
		'redeliveries are answered 2xx and not emitted: sequential, concurrent, and 4 s later',
		async () => {
			const before = (await executionsSoFar()).length;
			const sentAttempt = sandbox.callbackAttempts.find(
				(a) => a.type === 'sentFax' && a.status === 200,
			)!;
			const aiAttempt = sandbox.callbackAttempts.find(
				(a) => a.type === 'aiDocument' && a.status === 200,
			)!;
			const receivedAttempt = sandbox.callbackAttempts.find(
				(a) => a.type === 'receivedFax' && a.status === 200,
			)!;

			const again = await redeliver(webhookUrl, sentAttempt);
			expect(again.status).toBe(200);
			expect(await again.json()).toEqual({ received: true, duplicate: true });

			// A first delivery is answered with the trigger's own answer once n8n has created the execution.
			const record = JSON.parse(
				new URLSearchParams(String(sentAttempt.body)).get('recordDetails')!,
			) as Record<string, unknown>;
			const unseen = { ...record, sendToken: `fresh-${randomUUID()}` };
			const first = await fetch(webhookUrl, {
				method: 'POST',
				headers: {
					'content-type': 'application/x-www-form-urlencoded',
					'x-service-signature': signCallback('sentFax', unseen, sandbox.testKey),
				},
				body: new URLSearchParams({ recordDetails: JSON.stringify(unseen) }).toString(),
			});
			expect({ status: first.status, body: await first.json() }).toEqual({
				status: 200,
				body: { received: true },
			});
			await waitForExecutionCount(before + 1);

			// A new received fax and a burst of redeliveries of the AI and received-fax callbacks, all at once.
			const fresh = await api(
				'POST',
				'/received_faxes/test_receive',
				pdfForm({ to_number: faxNumber, from_number: '+13105550222' }, pdf),
			);
			expect(fresh.status).toBeGreaterThanOrEqual(200);
			const burst = await Promise.all([
				...Array.from({ length: 4 }, () => redeliver(webhookUrl, aiAttempt)),
				...Array.from({ length: 3 }, () => redeliver(webhookUrl, receivedAttempt)),
			]);
			expect(burst.map((r) => r.status)).toEqual(Array(7).fill(200));
			await sandbox.waitForCallbacks(
				(attempts) =>
					attempts.filter((a) => a.type === 'receivedFax' && a.status === 200).length >= 2,
				ceiling(20_000),
			);
			await waitForExecutionCount(before + 2);

			await new Promise((resolve) => setTimeout(resolve, 4000));
			expect((await redeliver(webhookUrl, aiAttempt)).status).toBe(200);
			await new Promise((resolve) => setTimeout(resolve, 1500));
			const executions = await executionsSoFar();
			expect(executions).toHaveLength(before + 2);
			expect(triggerItems(executions[executions.length - 1])[0]).toMatchObject({
				eventType: 'receivedFax',
				fromNumber: '+13105550222',
			});
		},
		2 * MACHINE_MINUTE,
	);

	test(
		'after a restart, earlier callbacks are still recognised as duplicates',
		async () => {
			const before = (await executionsSoFar()).length;
			await n8n.stop();
			await n8n.start();
			const aiAttempt = sandbox.callbackAttempts.find(
				(a) => a.type === 'aiDocument' && a.status === 200,
			)!;
			const sentAttempt = sandbox.callbackAttempts.find(
				(a) => a.type === 'sentFax' && a.status === 200,
			)!;
			expect((await redeliver(webhookUrl, aiAttempt)).status).toBe(200);
			expect((await redeliver(webhookUrl, sentAttempt)).status).toBe(200);
			await new Promise((resolve) => setTimeout(resolve, 1500));
			expect(await executionsSoFar()).toHaveLength(before);
			// Re-activation at start did not stack registrations: the number still points here.
			const response = await api('GET', `/fax_numbers/${faxNumberId}`);
			expect((response.json.faxNumber as Record<string, unknown>).callbackUrl).toBe(webhookUrl);
		},
		5 * MACHINE_MINUTE,
	);

	test(
		'deactivation restores the previous callback URL',
		async () => {
			const owner = await n8n.ensureOwner(OWNER);
			const deactivated = await n8n.rest('POST', `/rest/workflows/${workflowId}/deactivate`, {
				body: {},
				cookie: owner.cookie,
			});
			expect(deactivated.status).toBe(200);
			let callbackUrl: unknown;
			for (let waited = 0; waited < ceiling(20_000); waited += 250) {
				const response = await api('GET', `/fax_numbers/${faxNumberId}`);
				callbackUrl = (response.json.faxNumber as Record<string, unknown>).callbackUrl;
				if (callbackUrl === previousCallbackUrl) break;
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
			const patches = sandbox.requests
				.filter((r) => r.method === 'PATCH')
				.map((r) => JSON.stringify(r.body));
			expect({ callbackUrl, patches }).toEqual({
				callbackUrl: previousCallbackUrl,
				patches: expect.arrayContaining([
					JSON.stringify({ fax_number: { callback_url: previousCallbackUrl } }),
				]),
			});
		},
		2 * MACHINE_MINUTE,
	);
});
