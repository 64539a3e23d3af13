/**
 * Send and Wait in a real n8n process, against the sandbox: the execution is saved as waiting (nothing
 * held in memory), resumed only by a verified callback of a fax it sent, once, with the final records
 * paired to their items; the wait limit lets it go on without a callback; it survives a restart.
 * n8n's public URL (WEBHOOK_URL) is a proxy in front of it, so a test can hold back the sandbox's
 * callbacks and deliver them (or forgeries of them) itself.
 */
import { createHmac, randomUUID } from 'crypto';

import { startSandbox, type CallbackAttempt, type Sandbox } from '../../sandbox';
import { startFaultProxy, type Fault, type FaultProxy } from '../harness/fault-proxy';
import { storedBinary } from './helpers/binary';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	createInstance,
	ensureInstalled,
	freePorts,
	logToStderr,
	sandboxCredential,
	ranToEnd,
	type N8nExecution,
	type N8nHostInstance,
	type WorkflowJson,
} from './helpers/n8n-host';
import { fanOutWorkflow, faxServiceStep, pdfStep } from './helpers/webhook-steps';
import { ceiling, MACHINE_MINUTE } from '../harness/machine';

const SEND = 'Send and Wait';
const AFTER = 'After the Outcome';
/** The User-Agent of the sandbox's callbacks (sandbox/callbacks.ts): the gate tells them from the test's own requests. */
const SANDBOX_USER_AGENT = /^fax-service-sandbox$/;
/** What 0.1.0 stored as both wait operations' value: saved workflows still run it. */
const LEGACY_OPERATION = 'sendAndWait';
const delay = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

interface Fax {
	toNumber: string;
	patient: string;
}

/** Webhook → Split Out (one item per fax) → sample PDF → Send and Wait → Set that reads the outcome and the item's own upstream data. */
function sendAndWaitWorkflow(options: {
	name: string;
	path: string;
	credential: { id: string; name: string };
	sandboxOrigin: string;
	fromNumber: string;
	operation: { resource: 'sentFax' | 'aiDocument'; parameters: Record<string, unknown> };
	/** The operation value as 0.1.0 saved it ("sendAndWait", both resources), instead of today's. */
	legacy?: boolean;
}): WorkflowJson {
	const assignment = (name: string, value: string, type = 'string') => ({
		id: randomUUID(),
		name,
		value,
		type,
	});
	const operation =
		options.operation.resource === 'sentFax'
			? {
					resource: 'sentFax',
					operation: options.legacy ? LEGACY_OPERATION : 'sendAndWaitForCompletion',
					binaryPropertyName: 'data',
					fromNumber: { __rl: true, mode: 'number', value: options.fromNumber },
					toNumber: "={{ $('Split Out').item.json.toNumber }}",
					additionalFields: { patientName: "={{ $('Split Out').item.json.patient }}" },
				}
			: {
					resource: 'aiDocument',
					operation: options.legacy ? LEGACY_OPERATION : 'uploadAndWaitForResult',
					binaryPropertyName: 'data',
				};
	return fanOutWorkflow(
		options.name,
		options.path,
		'faxes',
		pdfStep(`${options.sandboxOrigin}/samples/referral.pdf`, 'Sample PDF'),
		[
			{
				...faxServiceStep(SEND, options.credential, {
					...operation,
					...options.operation.parameters,
				}),
			},
			{
				name: AFTER,
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				parameters: {
					mode: 'manual',
					includeOtherFields: true,
					assignments: {
						assignments: [
							assignment('patient', "={{ $('Split Out').item.json.patient }}"),
							assignment('toNumberAsked', "={{ $('Split Out').item.json.toNumber }}"),
						],
					},
					options: {},
				},
			},
		],
	);
}

/** A callback body as the sandbox sends it (url-encoded recordDetails), signed with `key` over token + completedAt. */
function signedDelivery(
	record: Record<string, unknown>,
	key: string,
): { body: string; signature: string } {
	const message = `${String(record.sendToken)}${record.completedAt === null ? 'null' : String(record.completedAt)}`;
	return {
		body: new URLSearchParams({ recordDetails: JSON.stringify(record) }).toString(),
		signature: createHmac('sha256', key).update(message, 'utf8').digest('hex'),
	};
}

function recordOf(attempt: CallbackAttempt): Record<string, unknown> {
	return JSON.parse(new URLSearchParams(String(attempt.body)).get('recordDetails')!) as Record<
		string,
		unknown
	>;
}

describeOnHosts(BOTH_HOSTS, 'Send and Wait in a real n8n', ({ hostVersion }) => {
	/** Completes faxes at once. */
	let sandbox: Sandbox;
	/** Never completes a fax within the suite: no callback ever comes (like a wrong public URL). */
	let silentSandbox: Sandbox;
	let n8n: N8nHostInstance;
	/** n8n's public URL: the sandbox calls back through it. */
	let gate: FaultProxy;
	let fromNumber: string;
	const workflowIds: Record<'fax' | 'silent' | 'ai' | 'legacy', string> = {
		fax: '',
		silent: '',
		ai: '',
		legacy: '',
	};
	const paths = {
		fax: `saw-fax-${randomUUID()}`,
		silent: `saw-silent-${randomUUID()}`,
		ai: `saw-ai-${randomUUID()}`,
		legacy: `saw-legacy-${randomUUID()}`,
	};

	/**
	 * Starts an execution; the first that is waiting. With `orFinished`, also one already resumed: with
	 * nothing held back, its wait can be shorter than one look at the database.
	 */
	const start = async (which: keyof typeof paths, faxes: Fax[], { orFinished = false } = {}) => {
		const before = new Set((await n8n.executions(workflowIds[which])).map((e) => e.id));
		const response = await fetch(`${n8n.baseUrl}/webhook/${paths[which]}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ faxes }),
		});
		expect(response.status).toBe(200);
		return await execution(
			which,
			(e) => !before.has(e.id) && (e.status === 'waiting' || (orFinished && ranToEnd(e))),
		);
	};

	/** The execution of a workflow that matches, as n8n's database has it (polled). */
	const execution = (
		which: keyof typeof paths,
		matches: (e: N8nExecution) => boolean,
		timeoutMs = ceiling(60_000),
	): Promise<N8nExecution> =>
		n8n.waitForExecution(workflowIds[which], matches, {
			what: `of the ${which} workflow that matches`,
			timeoutMs,
		});
	const statusOf = async (which: keyof typeof paths, id: string) =>
		(await execution(which, (e) => e.id === id)).status;
	const finished = async (which: keyof typeof paths, id: string, timeoutMs = ceiling(60_000)) =>
		await execution(which, (e) => e.id === id && ranToEnd(e), timeoutMs);

	const sentFaxRequests = (s: Sandbox) =>
		s.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes');
	const post = async (url: string, body: string, signature?: string) =>
		await fetch(url, {
			method: 'POST',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				...(signature === undefined ? {} : { 'x-service-signature': signature }),
			},
			body,
		});

	/** Withdraws a test's hold on the sandbox's deliveries when the test ends, passed or failed. */
	let withdrawHoldBack: (() => void) | undefined;
	afterEach(() => withdrawHoldBack?.());

	/** Started first: its limit passes while the other tests run. */
	let silentExecutionId: string;
	let silentSentAt: number;

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		sandbox = await startSandbox({
			port: 0,
			timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
			// Long enough to outlast an n8n restart: ~2.5 min of retries (a fresh-clone run on a loaded machine
			// once took longer to stop and start n8n 1.x than the first ~63 s).
			callbackRetryScheduleMs: [1000, 2000, 4000, 8000, 16000, 32000, 30000, 30000, 30000],
			callbackTimeoutMs: ceiling(15_000),
		});
		silentSandbox = await startSandbox({
			port: 0,
			timing: { inProgressAfterMs: 100, completeAfterMs: 3_600_000 },
		});
		const provision = async (s: Sandbox) => {
			const response = await fetch(`${s.baseUrl}/fax_numbers`, {
				method: 'POST',
				headers: { authorization: `Bearer ${s.testKey}`, 'content-type': 'application/json' },
				body: JSON.stringify({ fax_number: { area_code: '415' } }),
			});
			return ((await response.json()) as { faxNumber: { number: string } }).faxNumber.number;
		};
		fromNumber = await provision(sandbox);
		const silentFromNumber = await provision(silentSandbox);

		const [port] = await freePorts(1);
		gate = await startFaultProxy({ origin: `http://127.0.0.1:${port}` }, { preserveHost: true });
		const publicUrl = `${gate.baseUrl.replace(/\/api\/v2$/, '')}/`;
		n8n = await createInstance({
			hostVersion,
			port,
			env: { WEBHOOK_URL: publicUrl, N8N_WEBHOOK_URL: publicUrl },
		});
		// Saved and published in the running n8n, as in the editor (the REST calls; no n8n CLI boot per step).
		await n8n.start();
		const [credential, silentCredential] = await n8n.importCredentials([
			sandboxCredential(sandbox),
			{ ...sandboxCredential(silentSandbox), name: 'Fax Service silent sandbox' },
		]);
		const [fax, silent, ai, legacy] = await n8n.importWorkflows([
			sendAndWaitWorkflow({
				name: 'Send and wait',
				path: paths.fax,
				credential,
				sandboxOrigin: sandbox.origin,
				fromNumber,
				operation: {
					resource: 'sentFax',
					parameters: {
						limitWaitTime: true,
						waitAmount: 1,
						waitUnit: 'hours',
						waitOptions: { attachPdf: true },
					},
				},
			}),
			sendAndWaitWorkflow({
				name: 'Send and wait, no callback',
				path: paths.silent,
				credential: silentCredential,
				sandboxOrigin: silentSandbox.origin,
				fromNumber: silentFromNumber,
				operation: {
					resource: 'sentFax',
					parameters: { limitWaitTime: true, waitAmount: 0.1, waitUnit: 'minutes' },
				},
			}),
			sendAndWaitWorkflow({
				name: 'Upload and wait',
				path: paths.ai,
				credential,
				sandboxOrigin: sandbox.origin,
				fromNumber,
				operation: { resource: 'aiDocument', parameters: {} },
			}),
			sendAndWaitWorkflow({
				name: 'Send and wait, as saved by 0.1.0',
				path: paths.legacy,
				credential,
				sandboxOrigin: sandbox.origin,
				fromNumber,
				operation: {
					resource: 'sentFax',
					parameters: { limitWaitTime: true, waitAmount: 1, waitUnit: 'hours' },
				},
				legacy: true,
			}),
		]);
		workflowIds.fax = fax.id;
		workflowIds.silent = silent.id;
		workflowIds.ai = ai.id;
		workflowIds.legacy = legacy.id;
		for (const id of Object.values(workflowIds)) await n8n.publishWorkflow(id);
		silentSentAt = Date.now();
		silentExecutionId = (
			await start('silent', [{ toNumber: '+12125550123', patient: 'Grace Hopper' }])
		).id;
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		await gate?.close();
		await sandbox?.stop();
		await silentSandbox?.stop();
	}, 2 * MACHINE_MINUTE);

	/**
	 * Holds the sandbox's deliveries back until withdrawn, or the test ends: answered 503 by the gate (a fax
	 * callback is retried after 1, 2, 4 … s), or with `reset` the connection dropped (which the service
	 * re-attempts even for an AI callback, which it never sends again once answered).
	 */
	const holdBackDeliveries = (
		fault: Fault = { kind: 'answer', status: 503, body: 'held back by the test' },
	) => {
		withdrawHoldBack = gate.plan('POST', /^\/webhook-waiting\//, fault, Infinity, {
			userAgent: SANDBOX_USER_AGENT,
		});
	};
	/** Starts a one-fax execution with the sandbox's deliveries held back: its callback URL and the callback the sandbox tried to deliver. */
	const startHeldBack = async (which: 'fax' | 'legacy', patient: string) => {
		holdBackDeliveries();
		const waiting = await start(which, [{ toNumber: '+12125550123', patient }]);
		expect(waiting.status).toBe('waiting');
		const [request] = sentFaxRequests(sandbox).slice(-1);
		const callbackUrl = String((request.body as Record<string, unknown>).callback_url);
		const attempts = await sandbox.waitForCallbacks(
			(all) => all.some((a) => a.url === callbackUrl && a.status === 503),
			ceiling(15_000),
		);
		const attempt = attempts.find((a) => a.url === callbackUrl)!;
		return { waiting, callbackUrl, attempt, record: recordOf(attempt) };
	};
	/** The genuine callback resumes the execution once, with the final record. */
	const expectResumedBy = async (
		which: 'fax' | 'legacy',
		id: string,
		url: string,
		attempt: CallbackAttempt,
		patient: string,
	) => {
		const valid = await post(url, String(attempt.body), attempt.signature);
		expect(valid.status).toBe(200);
		const resumed = await finished(which, id);
		expect(resumed.status).toBe('success');
		expect(resumed.items[AFTER]).toEqual([
			expect.objectContaining({
				patient,
				toNumberAsked: '+12125550123',
				sendToken: recordOf(attempt).sendToken,
				sentStatus: 'success',
				timedOut: false,
			}),
		]);
		return resumed;
	};

	test(
		'the send waits in the database, forged callbacks are refused and leave it waiting, the real one resumes it once',
		async () => {
			// The test delivers the callback itself, and forgeries of it: only the test's own delivery can resume the execution.
			const { waiting, callbackUrl, attempt, record } = await startHeldBack('fax', 'Ada Lovelace');
			// What n8n checks of the URL for this operation value: on 2.x `signature` must be the execution's resume token;
			// 1.x checks nothing (it checks only operation "sendAndWait"), so the node's own checks below are what refuse there.
			const urlCheck = hostVersion === 2 ? /\?signature=[0-9a-f]{64}$/ : /\/[^/?]+$/;
			expect(callbackUrl).toMatch(new RegExp(`/webhook-waiting/${waiting.id}/[^/?]+`));
			expect(callbackUrl).toMatch(urlCheck);
			expect(record).toMatchObject({ sentStatus: 'success', isTest: true });
			// Delivered through the gate (n8n's public URL), as the service would.
			const resumeUrl = callbackUrl;
			const unsignedUrl = resumeUrl.replace(/\?.*$/, '');

			const tampered = attempt.signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
			const wrongKey = signedDelivery(record, sandbox.liveKey);
			const foreign = signedDelivery({ ...record, sendToken: 'f'.repeat(24) }, sandbox.testKey);
			const refusals = [
				// Not signed by the service (a wrong, a missing, or another key's signature): refused by the node.
				await post(resumeUrl, String(attempt.body), tampered),
				await post(resumeUrl, String(attempt.body)),
				await post(resumeUrl, wrongKey.body, wrongKey.signature),
				// Signed, but for a token this execution did not send: refused by the node.
				await post(resumeUrl, foreign.body, foreign.signature),
				// Forged, and without n8n's URL token: refused by n8n on 2.x, by the node on 1.x.
				await post(unsignedUrl, String(attempt.body), tampered),
			];
			expect(refusals.map((r) => r.status)).toEqual([401, 401, 401, 404, 401]);
			if (hostVersion === 2) {
				// The genuine callback to a URL without, or with another, resume token: n8n 2.x refuses it before the node sees it.
				const withoutToken = await post(unsignedUrl, String(attempt.body), attempt.signature);
				const otherToken = await post(
					`${unsignedUrl}?signature=${'0'.repeat(64)}`,
					String(attempt.body),
					attempt.signature,
				);
				expect([withoutToken.status, otherToken.status]).toEqual([401, 401]);
			}
			expect(await statusOf('fax', waiting.id)).toBe('waiting');

			const resumed = await expectResumedBy('fax', waiting.id, resumeUrl, attempt, 'Ada Lovelace');
			const [binary] = (
				resumed.data!.resultData.runData[SEND] as Array<{
					data: { main: Array<Array<{ binary?: Record<string, Record<string, string>> }>> };
				}>
			)
				.slice(-1)[0]
				.data.main[0].map((i) => i.binary?.data);
			expect(storedBinary(n8n, binary!).subarray(0, 5).toString()).toBe('%PDF-');

			// A redelivery after the resume changes nothing: no second run of anything after the node.
			const again = await post(resumeUrl, String(attempt.body), attempt.signature);
			expect(again.status).toBeLessThan(500);
			await delay(1500);
			const after = await finished('fax', waiting.id);
			expect((after.data!.resultData.runData[AFTER] as unknown[]).length).toBe(1);
			expect(
				(await n8n.executions(workflowIds.fax)).filter((e) => e.id === waiting.id),
			).toHaveLength(1);
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'a workflow saved by 0.1.0 (operation "sendAndWait") still sends, waits and resumes, with n8n\'s signed resume URL',
		async () => {
			const { waiting, callbackUrl, attempt } = await startHeldBack('legacy', 'Grace Hopper');
			// n8n signs and checks the URL of a node whose operation is "sendAndWait" (an HMAC of the URL, on both hosts).
			expect(callbackUrl).toMatch(
				new RegExp(`/webhook-waiting/${waiting.id}/[^/?]+\\?signature=[0-9a-f]{64}$`),
			);
			const unsigned = await post(
				callbackUrl.replace(/\?.*$/, ''),
				String(attempt.body),
				attempt.signature,
			);
			expect(unsigned.status).toBe(401);
			expect(await statusOf('legacy', waiting.id)).toBe('waiting');
			await expectResumedBy('legacy', waiting.id, callbackUrl, attempt, 'Grace Hopper');
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'three items send three faxes and go on once, after the last is final, with three records in input order, each paired with its item',
		async () => {
			const faxes = [
				{ toNumber: '+12125550123', patient: 'Ada Lovelace' },
				// The sandbox fails a fax to a number ending in 0000.
				{ toNumber: '+12125550000', patient: 'Alan Turing' },
				{ toNumber: '+12125550199', patient: 'Emmy Noether' },
			];
			const sentBefore = sentFaxRequests(sandbox).length;
			const waiting = await start('fax', faxes, { orFinished: true });
			const requests = sentFaxRequests(sandbox).slice(sentBefore);
			// Sent side by side (Requests in Parallel): they may arrive in any order; the outputs below keep the input order.
			expect(
				requests.map((r) => String((r.body as Record<string, unknown>).to_number)).sort(),
			).toEqual(faxes.map((f) => f.toNumber).sort());
			const callbackUrls = new Set(
				requests.map((r) => String((r.body as Record<string, unknown>).callback_url)),
			);
			expect(callbackUrls.size).toBe(1);
			const [callbackUrl] = [...callbackUrls];
			expect(callbackUrl).toContain(`/webhook-waiting/${waiting.id}/`);

			const resumed = await finished('fax', waiting.id);
			expect(resumed.status).toBe('success');
			expect(resumed.items[AFTER]).toEqual([
				expect.objectContaining({
					patient: 'Ada Lovelace',
					toNumber: '+12125550123',
					sentStatus: 'success',
					timedOut: false,
				}),
				expect.objectContaining({
					patient: 'Alan Turing',
					toNumber: '+12125550000',
					sentStatus: 'failure',
					errorDetails: { errorMessage: expect.any(String) },
					timedOut: false,
				}),
				expect.objectContaining({
					patient: 'Emmy Noether',
					toNumber: '+12125550199',
					sentStatus: 'success',
					timedOut: false,
				}),
			]);
			expect((resumed.data!.resultData.runData[AFTER] as unknown[]).length).toBe(1);
			const sendRun = (
				resumed.data!.resultData.runData[SEND] as Array<{
					data: { main: Array<Array<{ pairedItem: unknown; binary?: object }>> };
				}>
			).slice(-1)[0];
			expect(sendRun.data.main[0].map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
			// Only the delivered faxes carry their PDF.
			expect(sendRun.data.main[0].map((item) => item.binary !== undefined)).toEqual([
				true,
				false,
				true,
			]);

			// Each fax's callback was answered 2xx: the two that did not resume were accepted, not refused. A fax that completes
			// while the others are still being sent calls back before n8n has put the execution to wait: n8n answers 409 and
			// the service delivers again. (n8n answers the resuming callback once the resumed run is stored: wait for it.)
			const tokenOf = (attempt: CallbackAttempt) => String(recordOf(attempt).sendToken);
			await sandbox.waitForCallbacks(
				(all) =>
					new Set(all.filter((a) => a.url === callbackUrl && a.status === 200).map(tokenOf)).size >=
					3,
				MACHINE_MINUTE,
			);
			const callbacks = sandbox.callbackAttempts.filter((a) => a.url === callbackUrl);
			const answers = new Map<string, Array<number | null>>();
			for (const attempt of callbacks)
				answers.set(tokenOf(attempt), [...(answers.get(tokenOf(attempt)) ?? []), attempt.status]);
			expect(answers.size).toBe(3);
			for (const statuses of answers.values()) {
				expect(statuses.slice(-1)).toEqual([200]);
				expect(statuses.slice(0, -1).filter((status) => status !== 409)).toEqual([]);
			}
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'Upload and Wait for Result goes on with the whole aiResult of the document it uploaded',
		async () => {
			// Held until n8n has saved the wait: a callback before that gets n8n's 409, and the service
			// never sends an answered AI callback again (docs/send-and-wait.md).
			holdBackDeliveries({ kind: 'reset' });
			const waiting = await start('ai', [{ toNumber: '', patient: 'Ada Lovelace' }]);
			withdrawHoldBack!();
			const upload = sandbox.requests
				.filter((r) => r.method === 'POST' && r.path === '/api/v2/ai_documents')
				.slice(-1)[0];
			expect(String((upload.body as Record<string, unknown>).callback_url)).toContain(
				`/webhook-waiting/${waiting.id}/`,
			);
			const resumed = await finished('ai', waiting.id);
			expect(resumed.status).toBe('success');
			const [item] = resumed.items[AFTER];
			expect(item).toMatchObject({
				patient: 'Ada Lovelace',
				timedOut: false,
				aiToken: expect.any(String),
				completedAt: expect.any(String),
			});
			expect(item.documentClassification).toEqual(expect.any(String));
			const stored = await fetch(`${sandbox.baseUrl}/ai_documents/${String(item.aiToken)}`, {
				headers: { authorization: `Bearer ${sandbox.testKey}` },
			});
			const { aiResult } = (await stored.json()) as { aiResult: Record<string, unknown> };
			expect(item).toMatchObject(aiResult);
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'with no callback, the wait limit lets the execution go on with the sent items marked timedOut',
		async () => {
			const resumed = await finished('silent', silentExecutionId, 3 * MACHINE_MINUTE);
			expect(resumed.status).toBe('success');
			const [request] = sentFaxRequests(silentSandbox);
			expect(resumed.items[AFTER]).toEqual([
				expect.objectContaining({
					patient: 'Grace Hopper',
					timedOut: true,
					sendToken: expect.stringMatching(/^[0-9a-f]{24}$/),
				}),
			]);
			expect(String((request.body as Record<string, unknown>).callback_url)).toContain(
				`/webhook-waiting/${silentExecutionId}/`,
			);
			// Limit 0.1 minutes: not before 6 s after the send (n8n's wait tracker looks every minute, so up to ~70 s).
			expect(new Date(resumed.stoppedAt!).getTime() - silentSentAt).toBeGreaterThanOrEqual(6_000);
		},
		4 * MACHINE_MINUTE,
	);

	test(
		"n8n restarted while the execution waits: the service's next delivery still resumes it",
		async () => {
			// Every delivery held until n8n is down (the sandbox's own, so no earlier test's retries reach n8n
			// either): the one that resumes comes after the restart.
			const { waiting, callbackUrl } = await startHeldBack('fax', 'Katherine Johnson');
			await n8n.stop();
			withdrawHoldBack!();
			await n8n.start();
			// The next retry after the restart comes at most 30 s later (the schedule above).
			const resumed = await finished('fax', waiting.id, 3 * MACHINE_MINUTE);
			expect(resumed.status).toBe('success');
			expect(resumed.items[AFTER]).toEqual([
				expect.objectContaining({
					patient: 'Katherine Johnson',
					sentStatus: 'success',
					timedOut: false,
				}),
			]);
			// (n8n answers the callback that resumes once the resumed run is stored: its attempt may be logged a moment after the execution shows finished.)
			await sandbox.waitForCallbacks(
				(all) => all.some((a) => a.url === callbackUrl && a.status === 200),
				MACHINE_MINUTE,
			);
			const deliveries = sandbox.callbackAttempts.filter((a) => a.url === callbackUrl);
			expect(deliveries[0].status).toBe(503);
			expect(deliveries.slice(-1)[0].status).toBe(200);
		},
		6 * MACHINE_MINUTE,
	);
});
