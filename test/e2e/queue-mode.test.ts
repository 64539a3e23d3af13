/**
 * n8n in queue mode (scripts/n8n-host/cluster.js): real PostgreSQL and Redis, one main, two workers and
 * one webhook processor, all with this package loaded. The Fax Service Trigger under a burst of signed
 * callbacks posted to the webhook processor, with byte-for-byte and simultaneous redeliveries: exactly
 * one successful execution per callback, read from PostgreSQL. Self-registration on a fax number: one
 * PATCH when the main activates the workflow (to the webhook processor's URL), one more on deactivation.
 * The action node on a worker: a received fax's PDF downloaded into n8n's binary data (the database) and
 * sent on as a new fax, byte for byte.
 */
import { randomBytes, randomUUID } from 'crypto';
import { readFileSync } from 'fs';
import http from 'http';

import { minimalPdf } from './helpers/files';

import { startSandbox, type Sandbox } from '../../sandbox';
import { PAYLOAD_FIELD, signCallback } from '../../nodes/shared/callbacks/signature';
import {
	createQueueCluster,
	ensureInstalled,
	faxServiceTriggerWorkflow,
	logToStderr,
	pinnedN8nVersion,
	sandboxCredential,
	type N8nExecution,
	type QueueCluster,
	type WorkflowJson,
	webhookWorkflow,
} from './helpers/n8n-host';
import { ceiling, MACHINE_MINUTE } from '../harness/machine';

const OWNER = { email: 'owner@example.com', password: 'Queue-Passw0rd' };
const TRIGGER_NAME = 'Fax Service Trigger';
const CALLBACKS = 500;
const CONCURRENCY = 8;
const REDELIVERED = 100;
const SIMULTANEOUS_PAIRS = 50;
const FORM = 'application/x-www-form-urlencoded';

interface Callback {
	sendToken: string;
	body: string;
	signature: string;
}
interface Answer {
	status: number;
	text: string;
	json: Record<string, unknown> | undefined;
}

/** A signed sent-fax callback, as the service posts it (spec 6.1: form field recordDetails, header X-Service-Signature). */
function sentFaxCallback(key: string, index: number): Callback {
	const sendToken = `queue-${index}-${randomBytes(8).toString('hex')}`;
	const sentAt = new Date(Date.UTC(2026, 10, 23, 9, 0, 0) + index * 1000).toISOString();
	const record = {
		sendToken,
		fromNumber: '+14155550001',
		toNumber: '+12125550123',
		sentStatus: 'success',
		sentAt,
		completedAt: new Date(Date.parse(sentAt) + 5000).toISOString(),
		numPages: 1 + (index % 3),
		errorDetails: null,
		isTest: true,
		secureLink: null,
	};
	return {
		sendToken,
		body: new URLSearchParams({ [PAYLOAD_FIELD.sentFax]: JSON.stringify(record) }).toString(),
		signature: signCallback('sentFax', record, key),
	};
}

/**
 * POSTs a callback on a connection of its own, as a service's callback sender may: a pooled keep-alive
 * connection that n8n closes as idle (5 s) just as it is reused fails with "other side closed" before
 * n8n has read the request, which says nothing about the receiver.
 */
async function post(url: string, callback: { body: string; signature: string }): Promise<Answer> {
	const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
		const request = http.request(
			url,
			{
				method: 'POST',
				agent: false,
				timeout: ceiling(60_000),
				headers: {
					'content-type': FORM,
					'x-service-signature': callback.signature,
					'content-length': Buffer.byteLength(callback.body),
				},
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () =>
					resolve({
						status: response.statusCode ?? 0,
						text: Buffer.concat(chunks).toString('utf8'),
					}),
				);
				response.on('error', reject);
			},
		);
		request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within 60 s`)));
		request.on('error', reject);
		request.end(callback.body);
	});
	let json: Record<string, unknown> | undefined;
	try {
		json = JSON.parse(answer.text) as Record<string, unknown>;
	} catch {
		json = undefined;
	}
	return { ...answer, json };
}

/** Runs `task` over `items`, at most `concurrency` at a time; answers in the items' order. */
async function pool<T, R>(
	items: T[],
	concurrency: number,
	task: (item: T) => Promise<R>,
): Promise<R[]> {
	const results: R[] = new Array<R>(items.length);
	let next = 0;
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < items.length) {
				const index = next++;
				results[index] = await task(items[index]);
			}
		}),
	);
	return results;
}

/** Webhook (n8n's own) → Fax Service: Received Fax → Download PDF → Fax Service: Sent Fax → Send, with the downloaded binary. */
/** Webhook → Download PDF (a received fax) → Send Fax with `operation` (send, or sendAndWaitForCompletion: wait for its outcome). */
function relayWorkflow(
	path: string,
	credential: { id: string; name: string },
	fromNumber: string,
	operation: 'send' | 'sendAndWaitForCompletion' = 'send',
): WorkflowJson {
	const node = (name: string, x: number, parameters: Record<string, unknown>) => ({
		id: randomUUID(),
		name,
		type: 'n8n-nodes-fax-service.faxService',
		typeVersion: 1,
		position: [x, 0],
		parameters,
		credentials: { faxServiceApi: { id: credential.id, name: credential.name } },
	});
	const webhook = webhookWorkflow(`Relay a received fax (queue mode e2e, ${operation})`, path);
	return {
		...webhook,
		nodes: [
			...webhook.nodes,
			node('Download PDF', 220, {
				resource: 'receivedFax',
				operation: 'downloadPdf',
				faxId: '={{ $json.body.faxId }}',
				binaryPropertyName: 'data',
			}),
			node('Send Fax', 440, {
				resource: 'sentFax',
				operation,
				binaryPropertyName: 'data',
				fromNumber: { __rl: true, mode: 'number', value: fromNumber },
				toNumber: '+12125550123',
				additionalFields: {},
			}),
		],
		connections: {
			Webhook: { main: [[{ node: 'Download PDF', type: 'main', index: 0 }]] },
			'Download PDF': { main: [[{ node: 'Send Fax', type: 'main', index: 0 }]] },
		},
	};
}

const tokenOf = (execution: N8nExecution): string =>
	String(execution.items[TRIGGER_NAME]?.[0]?.sendToken);
const seconds = (ms: number): string => (ms / 1000).toFixed(1);

describe(`n8n queue mode (PostgreSQL, Redis, main, 2 workers, webhook processor) on n8n ${pinnedN8nVersion(2)}`, () => {
	let sandbox: Sandbox;
	let cluster: QueueCluster;
	let workflowId: string;
	let webhookPath: string;
	let registeringWorkflowId: string;
	let registeringPath: string;
	let faxNumberId: string;
	let faxNumber: string;
	let relayWorkflowId: string;
	const relayPath = `relay-${randomUUID()}`;
	let waitingRelayWorkflowId: string;
	const waitingRelayPath = `relay-and-wait-${randomUUID()}`;
	const previousCallbackUrl = 'http://127.0.0.1:9/previous-receiver';
	const phases: Record<string, number> = {};

	beforeAll(async () => {
		await ensureInstalled({ hostVersion: 2, log: logToStderr });
		let at = Date.now();
		sandbox = await startSandbox({ port: 0 });
		const provisioned = await fetch(`${sandbox.baseUrl}/fax_numbers`, {
			method: 'POST',
			headers: { authorization: `Bearer ${sandbox.testKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ fax_number: { area_code: '415', callback_url: previousCallbackUrl } }),
		});
		const provisionedNumber = (
			(await provisioned.json()) as { faxNumber: { id: string; number: string } }
		).faxNumber;
		faxNumberId = String(provisionedNumber.id);
		faxNumber = String(provisionedNumber.number);
		cluster = await createQueueCluster({ hostVersion: 2, workers: 2, log: logToStderr });
		await cluster.main.ensureOwner(OWNER);
		phases.servicesMs = Date.now() - at;
		// Saved and published through the main's REST calls, as in the editor, once the cluster runs.
		await cluster.start();
		at = Date.now();
		const [credential] = await cluster.main.importCredentials([sandboxCredential(sandbox)]);
		const webhookId = randomUUID();
		webhookPath = `${webhookId}/fax-service`;
		const registeringWebhookId = randomUUID();
		registeringPath = `${registeringWebhookId}/fax-service`;
		const registering = faxServiceTriggerWorkflow(
			'Fax Service Trigger registering in queue mode',
			registeringWebhookId,
			credential,
			['sentFax'],
		);
		(registering.nodes[0].parameters as Record<string, unknown>).registerOnFaxNumbers = [
			faxNumberId,
		];
		const [workflow, registeringWorkflow, relay, waitingRelay] = await cluster.main.importWorkflows(
			[
				faxServiceTriggerWorkflow('Fax Service Trigger queue mode e2e', webhookId, credential, [
					'sentFax',
				]),
				registering,
				relayWorkflow(relayPath, credential, faxNumber),
				relayWorkflow(waitingRelayPath, credential, faxNumber, 'sendAndWaitForCompletion'),
			],
		);
		workflowId = workflow.id;
		registeringWorkflowId = registeringWorkflow.id;
		relayWorkflowId = relay.id;
		waitingRelayWorkflowId = waitingRelay.id;
		for (const id of [workflowId, registeringWorkflowId, relayWorkflowId, waitingRelayWorkflowId])
			await cluster.main.publishWorkflow(id);
		phases.importMs = Date.now() - at;
		at = Date.now();
		await cluster.webhook.waitForWebhook(webhookPath);
		phases.webhookRegisteredMs = Date.now() - at;
		logToStderr(
			`[queue-mode] PostgreSQL :${cluster.postgres.port}, Redis :${cluster.redis.port}, main :${cluster.main.port}, webhook processor :${cluster.webhook.port}; ` +
				`services + instances ${seconds(phases.servicesMs)} s, import + publish ${seconds(phases.importMs)} s, ` +
				`main ready ${seconds(cluster.timings.mainMs ?? 0)} s, workers + webhook processor ready ${seconds(cluster.timings.workersAndWebhookMs ?? 0)} s`,
		);
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		const at = Date.now();
		await cluster?.dispose();
		await sandbox?.stop();
		logToStderr(
			`[queue-mode] teardown (4 n8n processes, Redis, PostgreSQL) ${seconds(Date.now() - at)} s`,
		);
	}, 3 * MACHINE_MINUTE);

	it('runs one main, two workers and one webhook processor on the same PostgreSQL and Redis, with the package loaded', async () => {
		expect(cluster.main.command).toBe('start');
		expect(cluster.workers.map((worker) => worker.command)).toEqual(['worker', 'worker']);
		expect(cluster.webhook.command).toBe('webhook');
		for (const instance of [cluster.main, ...cluster.workers, cluster.webhook])
			expect(instance.isRunning()).toBe(true);
		expect(cluster.main.packageLoaded()).toMatchObject({
			loaded: true,
			missingCredentialTypes: [],
		});
		expect(await cluster.main.activationStatus()).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ workflowId, state: 'activated' }),
				expect.objectContaining({ workflowId: registeringWorkflowId, state: 'activated' }),
				expect.objectContaining({ workflowId: relayWorkflowId, state: 'activated' }),
			]),
		);
		const tables = await cluster.main.query<{ n: number }>(
			"SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'execution_entity'",
		);
		expect(tables).toEqual([{ n: 1 }]);
		// N8N_DISABLE_PRODUCTION_MAIN_PROCESS: the main does not serve the trigger's production URL.
		const toMain = await post(
			cluster.main.webhookUrl(webhookPath),
			sentFaxCallback(sandbox.testKey, -1),
		);
		expect(toMain.status).toBe(404);
		await new Promise((resolve) => setTimeout(resolve, 1000));
		expect(await cluster.main.executions(workflowId)).toEqual([]);
	});

	it(
		'turns a burst of 500 signed callbacks to the webhook processor, with redeliveries, into exactly 500 executions',
		async () => {
			const url = cluster.webhook.webhookUrl(webhookPath);
			const callbacks = Array.from({ length: CALLBACKS }, (_, index) =>
				sentFaxCallback(sandbox.testKey, index),
			);

			// The burst: 500 distinct callbacks, 8 at a time.
			const burstStart = Date.now();
			const first = await pool(callbacks, CONCURRENCY, (callback) => post(url, callback));
			const burstEnd = Date.now();
			expect(first.filter((answer) => answer.status !== 200)).toEqual([]);
			// (n8n 2.41 answers an emitted callback with the text "firstEntryJson", the default of a webhook's
			// responseData, rather than the node's webhookResponse; a suppressed one gets the node's JSON.)
			expect(
				first.filter((answer) => answer.status !== 200 || answer.json?.duplicate === true),
			).toEqual([]);

			// 100 of them redelivered byte for byte 2 s later, then 50 others posted twice at the same moment.
			await new Promise((resolve) => setTimeout(resolve, 2000));
			const redelivered = await pool(callbacks.slice(0, REDELIVERED), CONCURRENCY, (callback) =>
				post(url, callback),
			);
			const pairs = await pool(
				callbacks.slice(REDELIVERED, REDELIVERED + SIMULTANEOUS_PAIRS),
				CONCURRENCY / 2,
				(callback) => Promise.all([post(url, callback), post(url, callback)]),
			);
			const again = [...redelivered, ...pairs.flat()];
			expect(again.filter((answer) => answer.status !== 200)).toEqual([]);
			const answeredDuplicate = again.filter((answer) => answer.json?.duplicate === true).length;

			// A tampered callback: one payload with another payload's signature.
			const genuine = sentFaxCallback(sandbox.testKey, CALLBACKS);
			const other = sentFaxCallback(sandbox.testKey, CALLBACKS + 1);
			const tampered = await post(url, { body: genuine.body, signature: other.signature });
			expect(tampered.status).toBe(401);

			// Drain: every execution finished, then a few seconds more for any late extra one.
			const drainStart = Date.now();
			await cluster.main.waitForExecutions(workflowId, {
				count: CALLBACKS,
				timeoutMs: 5 * MACHINE_MINUTE,
			});
			const drained = Date.now();
			await new Promise((resolve) => setTimeout(resolve, 5000));
			const executions = await cluster.main.executions(workflowId);

			const tokens = executions.map(tokenOf);
			const counts = new Map<string, number>();
			for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
			const duplicated = [...counts]
				.filter(([, count]) => count > 1)
				.map(([token, count]) => `${token} x${count}`);
			const expected = new Set(callbacks.map((callback) => callback.sendToken));
			const lost = [...expected].filter((token) => !counts.has(token));
			const unexpected = [...counts.keys()].filter((token) => !expected.has(token));

			const lastStopped = Math.max(
				...executions.map((execution) => Date.parse(String(execution.stoppedAt))),
			);
			const byWorker = cluster.workers.map(
				(worker) =>
					(readFileSync(worker.logFile, 'utf8').match(/Worker started execution \d+/g) ?? [])
						.length,
			);
			logToStderr(
				`[queue-mode] ${CALLBACKS} callbacks in ${seconds(burstEnd - burstStart)} s at concurrency ${CONCURRENCY}: ${(CALLBACKS / ((burstEnd - burstStart) / 1000)).toFixed(1)} callbacks/s; ` +
					`${executions.length} executions, ${(executions.length / ((lastStopped - burstStart) / 1000)).toFixed(1)} executions completed/s ` +
					`(first callback to last execution stopped ${seconds(lastStopped - burstStart)} s; drained ${seconds(Math.max(0, lastStopped - burstEnd))} s after the burst's last answer; ` +
					`waited ${seconds(drained - drainStart)} s after the redeliveries); executions per worker ${byWorker.join(' + ')}; ` +
					`redeliveries answered duplicate: ${answeredDuplicate} of ${again.length} (${REDELIVERED} byte-for-byte 2 s later, ${SIMULTANEOUS_PAIRS} x 2 simultaneous)`,
			);

			expect({ duplicated, lost, unexpected }).toEqual({
				duplicated: [],
				lost: [],
				unexpected: [],
			});
			expect(executions).toHaveLength(CALLBACKS);
			expect(
				executions
					.filter((execution) => execution.status !== 'success')
					.map((execution) => `${execution.id}: ${execution.status}`),
			).toEqual([]);
			expect(executions.every((execution) => execution.mode === 'webhook')).toBe(true);
			expect(answeredDuplicate).toBe(again.length);
			// Both workers took part: the executions ran on the workers, not on the webhook processor or the main.
			expect(byWorker.reduce((sum, count) => sum + count, 0)).toBe(CALLBACKS);
			expect(byWorker.every((count) => count > 0)).toBe(true);
		},
		15 * MACHINE_MINUTE,
	);

	const faxNumberPatches = () =>
		sandbox.requests.filter(
			(request) =>
				request.method === 'PATCH' && request.path === `/api/v2/fax_numbers/${faxNumberId}`,
		);
	const callbackUrlOfNumber = async (): Promise<unknown> => {
		const response = await fetch(`${sandbox.baseUrl}/fax_numbers/${faxNumberId}`, {
			headers: { authorization: `Bearer ${sandbox.testKey}` },
		});
		return ((await response.json()) as { faxNumber: Record<string, unknown> }).faxNumber
			.callbackUrl;
	};

	it("registers the webhook processor's URL on the fax number once, when the main activates the workflow", async () => {
		expect(await callbackUrlOfNumber()).toBe(cluster.webhook.webhookUrl(registeringPath));
		expect(faxNumberPatches().map((request) => request.body)).toEqual([
			{ fax_number: { callback_url: cluster.webhook.webhookUrl(registeringPath) } },
		]);
	});

	it(
		'restores the previous callback URL with one more PATCH when the workflow is deactivated',
		async () => {
			const owner = await cluster.main.ensureOwner(OWNER);
			const deactivated = await cluster.main.rest(
				'POST',
				`/rest/workflows/${registeringWorkflowId}/deactivate`,
				{ body: {}, cookie: owner.cookie },
			);
			expect(deactivated.status).toBe(200);
			let callbackUrl: unknown;
			for (
				let waited = 0;
				waited < ceiling(20_000) && callbackUrl !== previousCallbackUrl;
				waited += 250
			) {
				callbackUrl = await callbackUrlOfNumber();
				if (callbackUrl !== previousCallbackUrl)
					await new Promise((resolve) => setTimeout(resolve, 250));
			}
			// Nothing else follows (e.g. a second process also restoring it).
			await new Promise((resolve) => setTimeout(resolve, 2000));
			expect({ callbackUrl, patches: faxNumberPatches().map((request) => request.body) }).toEqual({
				callbackUrl: previousCallbackUrl,
				patches: [
					{ fax_number: { callback_url: cluster.webhook.webhookUrl(registeringPath) } },
					{ fax_number: { callback_url: previousCallbackUrl } },
				],
			});
		},
		2 * MACHINE_MINUTE,
	);

	it(
		'runs the action node on a worker: a received fax downloaded into binary data and sent on byte for byte',
		async () => {
			const pdf = minimalPdf('queue mode relay');
			const form = new FormData();
			form.append('to_number', faxNumber);
			form.append('from_number', '+13105550199');
			form.append(
				'file',
				new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
				'inbound.pdf',
			);
			const received = await fetch(`${sandbox.baseUrl}/received_faxes/test_receive`, {
				method: 'POST',
				headers: { authorization: `Bearer ${sandbox.testKey}` },
				body: form,
			});
			expect(received.status).toBe(201);
			const faxId = /([0-9a-f]{24})/.exec(
				String(((await received.json()) as { message: string }).message),
			)![1];
			const sendsBefore = sandbox.requests.filter(
				(request) => request.method === 'POST' && request.path === '/api/v2/sent_faxes',
			).length;
			const startedBy = await fetch(cluster.webhook.webhookUrl(relayPath), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ faxId }),
			});
			expect(startedBy.status).toBe(200);

			const [execution] = await cluster.main.waitForExecutions(relayWorkflowId, {
				count: 1,
				timeoutMs: 2 * MACHINE_MINUTE,
			});
			expect({
				status: execution.status,
				error: execution.error,
				lastNodeExecuted: execution.lastNodeExecuted,
			}).toEqual({ status: 'success', error: undefined, lastNodeExecuted: 'Send Fax' });
			// The downloaded PDF was kept in n8n's binary data in PostgreSQL (mode database), not in a worker's memory or folder.
			const downloaded = (
				execution.data?.resultData.runData['Download PDF'] as Array<{
					data: { main: Array<Array<{ binary?: Record<string, { id?: string }> }>> };
				}>
			)[0].data.main[0][0];
			expect(downloaded.binary?.data?.id).toMatch(/^database:/);
			const ranOn = cluster.workers.filter((worker) =>
				new RegExp(`Worker started execution ${execution.id} `).test(
					readFileSync(worker.logFile, 'utf8'),
				),
			);
			expect(ranOn).toHaveLength(1);

			const sends = sandbox.requests
				.filter((request) => request.method === 'POST' && request.path === '/api/v2/sent_faxes')
				.slice(sendsBefore);
			expect(sends).toHaveLength(1);
			expect(sends[0].status).toBe(201);
			expect(sends[0].files).toHaveLength(1);
			expect(Buffer.compare(sends[0].files[0].data, pdf)).toBe(0);
			expect(execution.items['Send Fax']?.[0]).toMatchObject({ faxId: expect.any(String) });
		},
		3 * MACHINE_MINUTE,
	);

	it(
		'Send and Wait: the execution waits in PostgreSQL, and the callback through the webhook processor resumes it on a worker',
		async () => {
			const form = new FormData();
			form.append('to_number', faxNumber);
			form.append('from_number', '+13105550199');
			form.append(
				'file',
				new Blob([new Uint8Array(minimalPdf('queue mode send and wait'))], {
					type: 'application/pdf',
				}),
				'inbound.pdf',
			);
			const received = await fetch(`${sandbox.baseUrl}/received_faxes/test_receive`, {
				method: 'POST',
				headers: { authorization: `Bearer ${sandbox.testKey}` },
				body: form,
			});
			const faxId = /([0-9a-f]{24})/.exec(
				String(((await received.json()) as { message: string }).message),
			)![1];
			const startedBy = await fetch(cluster.webhook.webhookUrl(waitingRelayPath), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ faxId }),
			});
			expect(startedBy.status).toBe(200);

			// The sandbox completes a fax after 3 s: meanwhile the execution is saved as waiting.
			const until = Date.now() + MACHINE_MINUTE;
			let waiting: N8nExecution | undefined;
			while (!waiting && Date.now() < until) {
				waiting = (await cluster.main.executions(waitingRelayWorkflowId)).find(
					(execution) => execution.status === 'waiting',
				);
				if (!waiting) await new Promise((resolve) => setTimeout(resolve, 200));
			}
			expect(waiting).toBeDefined();
			const send = sandbox.requests
				.filter((request) => request.method === 'POST' && request.path === '/api/v2/sent_faxes')
				.slice(-1)[0];
			const callbackUrl = String((send.body as Record<string, unknown>).callback_url);
			expect(
				callbackUrl.startsWith(`${cluster.webhook.baseUrl}/webhook-waiting/${waiting!.id}/`),
			).toBe(true);

			const [execution] = await cluster.main.waitForExecutions(waitingRelayWorkflowId, {
				count: 1,
				timeoutMs: 2 * MACHINE_MINUTE,
			});
			expect({ id: execution.id, status: execution.status, error: execution.error }).toEqual({
				id: waiting!.id,
				status: 'success',
				error: undefined,
			});
			expect(execution.items['Send Fax']).toEqual([
				expect.objectContaining({
					sentStatus: 'success',
					timedOut: false,
					sendToken: expect.any(String),
				}),
			]);
			// (n8n answers the callback that resumes once the resumed run is stored: its attempt may be logged a moment after the execution shows finished.)
			await sandbox.waitForCallbacks(
				(all) => all.some((attempt) => attempt.url === callbackUrl),
				MACHINE_MINUTE,
			);
			const delivery = sandbox.callbackAttempts.filter((attempt) => attempt.url === callbackUrl);
			expect(delivery.map((attempt) => attempt.status)).toEqual([200]);
			// Sent on a worker, resumed on a worker: the main and the webhook processor run no execution.
			const startedOnWorkers = cluster.workers.flatMap(
				(worker) =>
					readFileSync(worker.logFile, 'utf8').match(
						new RegExp(`Worker started execution ${execution.id} `, 'g'),
					) ?? [],
			);
			expect(startedOnWorkers).toHaveLength(2);
		},
		3 * MACHINE_MINUTE,
	);
});
