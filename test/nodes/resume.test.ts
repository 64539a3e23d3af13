/**
 * The wait operations' resume handler: the node's webhook(), called through n8n-core's real
 * WebhookContext with the sandbox's own callback bodies and signatures, resumes only on a verified
 * callback of the record that completed last; anything else is answered and leaves the execution
 * waiting. (The send part: send-and-wait.test.ts.)
 */
import { createHmac } from 'crypto';

import type { IDataObject, INodeExecutionData, IRunExecutionData } from 'n8n-workflow';

import type { CallbackAttempt, Sandbox } from '../../sandbox';
import {
	binaryBuffer,
	callNodeWebhook,
	type WebhookCall,
	type WebhookCallResult,
} from '../harness/engine';
import { startFaultProxy, type FaultProxy } from '../harness/fault-proxy';
import { credentialsFor, faxServiceWorkflow } from '../harness/workflows';
import { api, fileItem, NODE, outputOf, pdf, seedNumber, startFastSandbox } from './fixtures';
import {
	DELIVERED,
	FAILING,
	faxItem,
	LEGACY,
	runWait,
	sendAndWait,
	uploadAndWait,
	useWaitSuite,
	type WaitRun,
} from './wait-fixtures';

describe("Send and Wait through the engine: the resume handler (webhook() through n8n-core's WebhookContext)", () => {
	const wait = useWaitSuite();
	const run = wait.run;

	/** The request n8n's urlencoded body parser hands the node for one of the sandbox's callback attempts. */
	const requestOf = (attempt: CallbackAttempt, signature = attempt.signature) => ({
		headers: { 'content-type': attempt.contentType, 'x-service-signature': signature },
		body: Object.fromEntries(new URLSearchParams(String(attempt.body))),
	});
	const recordOf = (attempt: CallbackAttempt): IDataObject => {
		const form = new URLSearchParams(String(attempt.body));
		const json = JSON.parse(
			form.get('recordDetails') ?? form.get('AiDocumentDetails')!,
		) as IDataObject;
		return (json.aiResult as IDataObject | undefined) ?? json;
	};

	/** What n8n loads to resume: the saved execution data (a JSON round trip), its waiting node marked disabled. */
	const savedExecution = (waitRun: WaitRun): IRunExecutionData => {
		const data = JSON.parse(JSON.stringify(waitRun.result.run.data)) as IRunExecutionData;
		data.executionData!.nodeExecutionStack[0].node.disabled = true;
		data.waitTill = undefined;
		return data;
	};

	const deliver = async (
		waitRun: WaitRun,
		request: WebhookCall['request'],
		credentials = credentialsFor(wait.sandbox),
	): Promise<WebhookCallResult> =>
		await callNodeWebhook({
			...faxServiceWorkflow(waitRun.parameters, { items: waitRun.items }),
			nodeName: NODE,
			credentials,
			request,
			runExecutionData: savedExecution(waitRun),
			additionalData: {
				executionId: waitRun.executionId,
				webhookWaitingBaseUrl: wait.waitingBaseUrl,
			},
		});

	const attemptsTo = async (waitRun: WaitRun, count: number): Promise<CallbackAttempt[]> =>
		(
			await wait.sandbox.waitForCallbacks(
				(a) => a.filter((x) => x.url === waitRun.resumeUrl).length >= count,
			)
		).filter((a) => a.url === waitRun.resumeUrl);

	const tokensOf = (waitRun: WaitRun, field = 'sendToken') =>
		outputOf(waitRun.result).map((item) => String(item.json[field]));

	test('one fax: its verified callback resumes with the record read by GET, timedOut false, paired to the item', async () => {
		const waitRun = await run(sendAndWait(), [faxItem(DELIVERED)]);
		const [token] = tokensOf(waitRun);
		const [attempt] = await attemptsTo(waitRun, 1);
		expect(recordOf(attempt)).toMatchObject({ sendToken: token, sentStatus: 'success' });
		const stored = (await api(wait.sandbox, 'GET', `/sent_faxes/${token}`)).body;
		wait.sandbox.requests.length = 0;

		const { result, answered } = await deliver(waitRun, requestOf(attempt));
		expect(answered).toBeUndefined();
		expect(result).toEqual({
			webhookResponse: { received: true, resumed: true },
			workflowData: [[{ json: { ...stored, timedOut: false }, pairedItem: { item: 0 } }]],
		});
		expect(wait.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /api/v2/sent_faxes/${token}`,
		]);
	});

	test.each([
		[
			'Sent Fax',
			sendAndWait({ operation: LEGACY }),
			faxItem(DELIVERED),
			'sendToken',
			'/sent_faxes',
		],
		[
			'AI Document',
			uploadAndWait({ operation: LEGACY }),
			fileItem(pdf(1, 'REFERRAL')),
			'aiToken',
			'/ai_documents',
		],
	])(
		'%s saved with the 0.1.0 value "sendAndWait": its verified callback resumes it',
		async (_name, parameters, item, tokenField, path) => {
			const waitRun = await run(parameters, [item]);
			const [token] = tokensOf(waitRun, tokenField);
			const [attempt] = await attemptsTo(waitRun, 1);
			expect(recordOf(attempt)[tokenField]).toBe(token);
			const body = (await api(wait.sandbox, 'GET', `${path}/${token}`)).body;
			const stored = (body.aiResult as IDataObject | undefined) ?? body;

			const { result, answered } = await deliver(waitRun, requestOf(attempt));
			expect(answered).toBeUndefined();
			expect(result).toEqual({
				webhookResponse: { received: true, resumed: true },
				workflowData: [[{ json: { ...stored, timedOut: false }, pairedItem: { item: 0 } }]],
			});
		},
	);

	test('a callback while others are pending reads newest first and stops at the first pending one (a few reads, not one per item)', async () => {
		// Faxes that stay queued for the whole test: only the callback below arrives.
		const queuedSandbox = await startFastSandbox({
			timing: { inProgressAfterMs: 3_600_000, completeAfterMs: 3_600_000 },
		});
		try {
			await seedNumber(queuedSandbox, '212');
			const parameters = sendAndWait();
			const items = Array.from({ length: 9 }, (_, i) => faxItem(`+1212555${String(1000 + i)}`));
			const waitRun = await runWait(queuedSandbox, wait.waitingBaseUrl, parameters, items);
			const tokens = tokensOf(waitRun);
			expect(tokens).toHaveLength(9);
			// A verified callback for the first fax (as the service would sign it: test key over sendToken + completedAt).
			const record = {
				sendToken: tokens[0],
				sentStatus: 'success',
				completedAt: '2026-11-23T12:00:00.000Z',
				isTest: true,
			};
			const signature = createHmac('sha256', queuedSandbox.testKey)
				.update(`${tokens[0]}${record.completedAt}`, 'utf8')
				.digest('hex');
			queuedSandbox.requests.length = 0;

			const { result: answer, answered } = await deliver(
				waitRun,
				{
					headers: {
						'content-type': 'application/x-www-form-urlencoded',
						'x-service-signature': signature,
					},
					body: { recordDetails: JSON.stringify(record) },
				},
				credentialsFor(queuedSandbox),
			);
			expect({ answer, answered }).toEqual({
				answer: { noWebhookResponse: true },
				answered: { status: 200, body: { received: true, resumed: false } },
			});
			const reads = queuedSandbox.requests.map((r) => `${r.method} ${r.path}`);
			// Four reads in flight at most: the newest four, and none after the first pending answer.
			expect(reads).toEqual(
				tokens
					.slice(-4)
					.reverse()
					.map((t) => `GET /api/v2/sent_faxes/${t}`),
			);
		} finally {
			await queuedSandbox.stop();
		}
	});

	describe('two faxes, the second queued only once the first has called back', () => {
		let proxy: FaultProxy;
		let slowSandbox: Sandbox;

		beforeAll(async () => {
			// Faxes take 600 ms, so the second is still under way for a while after the run ended.
			slowSandbox = await startFastSandbox({
				timing: { inProgressAfterMs: 50, completeAfterMs: 600 },
			});
			proxy = await startFaultProxy(slowSandbox);
		});
		afterAll(async () => {
			await proxy.close();
			await slowSandbox.stop();
		});

		test('the first callback answers pending, a repeat once both are final answers not-last, the last resumes both in input order (PDF attached to the delivered one)', async () => {
			await seedNumber(slowSandbox, '212');
			const delivered = pdf(2, 'delivered referral');
			const parameters = sendAndWait({ waitOptions: { attachPdf: true } });
			const items = [faxItem(DELIVERED, delivered), faxItem(FAILING)];
			const firstCallback = () => slowSandbox.callbackAttempts.length >= 1;
			// The first POST passes at once; the second is held until the first fax has called back.
			proxy.plan('POST', /\/sent_faxes$/, { kind: 'delay', ms: 0 }, 1);
			proxy.plan(
				'POST',
				/\/sent_faxes$/,
				{
					kind: 'before',
					action: async () => void (await slowSandbox.waitForCallbacks(firstCallback)),
				},
				1,
			);
			proxy.requests.length = 0;

			const waitRun = await runWait(slowSandbox, wait.waitingBaseUrl, parameters, items, {
				credentials: { baseUrl: proxy.baseUrl },
			});
			const [first, second] = tokensOf(waitRun);
			const credentials = credentialsFor(slowSandbox);
			const deliverHere = async (attempt: CallbackAttempt) =>
				await deliver(waitRun, requestOf(attempt), credentials);

			// The first fax is final, the second still under way.
			const [firstAttempt] = slowSandbox.callbackAttempts;
			expect(recordOf(firstAttempt)).toMatchObject({ sendToken: first, sentStatus: 'success' });
			expect((await api(slowSandbox, 'GET', `/sent_faxes/${second}`)).body.sentStatus).not.toMatch(
				/success|failure/,
			);
			const pending = await deliverHere(firstAttempt);
			expect(pending).toEqual({
				result: { noWebhookResponse: true },
				answered: { status: 200, body: { received: true, resumed: false } },
			});

			const attempts = await slowSandbox.waitForCallbacks((a) => a.length >= 2);
			const secondAttempt = attempts[1];
			expect(recordOf(secondAttempt)).toMatchObject({ sendToken: second, sentStatus: 'failure' });

			// Both final: the first fax's callback (a retry, or one handled late) is not the last to complete.
			const notLast = await deliverHere(firstAttempt);
			expect(notLast).toEqual({
				result: { noWebhookResponse: true },
				answered: { status: 200, body: { received: true, resumed: false } },
			});

			const records = [
				(await api(slowSandbox, 'GET', `/sent_faxes/${first}`)).body,
				(await api(slowSandbox, 'GET', `/sent_faxes/${second}`)).body,
			];
			const resumed = await deliverHere(secondAttempt);
			expect(resumed.answered).toBeUndefined();
			expect(resumed.result.webhookResponse).toEqual({ received: true, resumed: true });
			const outcome = resumed.result.workflowData![0] as INodeExecutionData[];
			expect(outcome.map((item) => ({ json: item.json, pairedItem: item.pairedItem }))).toEqual([
				{ json: { ...records[0], timedOut: false }, pairedItem: { item: 0 } },
				{ json: { ...records[1], timedOut: false }, pairedItem: { item: 1 } },
			]);
			expect(Object.keys(outcome[0].binary ?? {})).toEqual(['data']);
			expect((await binaryBuffer(outcome[0].binary!.data)).equals(delivered)).toBe(true);
			expect(outcome[0].binary!.data.mimeType).toBe('application/pdf');
			expect(outcome[1].binary).toBeUndefined();
		});
	});

	test('a tampered or missing signature is answered 401 and nothing is read', async () => {
		const waitRun = await run(sendAndWait(), [faxItem(DELIVERED)]);
		const [attempt] = await attemptsTo(waitRun, 1);
		const flipped = attempt.signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
		wait.sandbox.requests.length = 0;

		const tampered = await deliver(waitRun, requestOf(attempt, flipped));
		expect(tampered).toEqual({
			result: { noWebhookResponse: true },
			answered: { status: 401, body: { error: 'Invalid X-Service-Signature' } },
		});
		const missing = await deliver(waitRun, {
			...requestOf(attempt),
			headers: { 'content-type': attempt.contentType },
		});
		expect(missing).toEqual({
			result: { noWebhookResponse: true },
			answered: { status: 401, body: { error: 'Missing X-Service-Signature header' } },
		});
		expect(wait.sandbox.requests).toHaveLength(0);
	});

	test('a verified callback of a fax this execution did not send is answered 404', async () => {
		const waiting = await run(sendAndWait(), [faxItem(DELIVERED)]);
		const other = await run(sendAndWait(), [faxItem('+13105559876')]);
		const [otherAttempt] = await attemptsTo(other, 1);
		const [otherToken] = tokensOf(other);

		const { result, answered } = await deliver(waiting, requestOf(otherAttempt));
		expect(result).toEqual({ noWebhookResponse: true });
		expect(answered).toEqual({
			status: 404,
			body: { error: `This execution does not wait for sendToken "${otherToken}"` },
		});
	});

	test('an AI callback to a sent-fax wait is answered 401; a JSON body is answered 400', async () => {
		const waiting = await run(sendAndWait(), [faxItem(DELIVERED)]);
		const ai = await run(uploadAndWait(), [fileItem(pdf(1, 'REFERRAL'))]);
		const [aiAttempt] = await attemptsTo(ai, 1);
		expect(aiAttempt.type).toBe('aiDocument');

		const wrongType = await deliver(waiting, requestOf(aiAttempt));
		expect(wrongType).toEqual({
			result: { noWebhookResponse: true },
			answered: { status: 401, body: { error: 'This execution waits for a sentFax callback' } },
		});

		const [faxAttempt] = await attemptsTo(waiting, 1);
		const json = await deliver(waiting, {
			...requestOf(faxAttempt),
			headers: { 'content-type': 'application/json', 'x-service-signature': faxAttempt.signature },
		});
		expect(json.result).toEqual({ noWebhookResponse: true });
		expect(json.answered?.status).toBe(400);
	});

	test('AI Document: its verified callback (signed with the live key) resumes with the AI result', async () => {
		const waitRun = await run(uploadAndWait(), [fileItem(pdf(1, 'REFERRAL'))]);
		const [token] = tokensOf(waitRun, 'aiToken');
		const [attempt] = await attemptsTo(waitRun, 1);
		expect(recordOf(attempt).aiToken).toBe(token);
		const stored = (await api(wait.sandbox, 'GET', `/ai_documents/${token}`)).body
			.aiResult as IDataObject;
		expect(stored.completedAt).toEqual(expect.any(String));

		const { result, answered } = await deliver(waitRun, requestOf(attempt));
		expect(answered).toBeUndefined();
		expect(result).toEqual({
			webhookResponse: { received: true, resumed: true },
			workflowData: [[{ json: { ...stored, timedOut: false }, pairedItem: { item: 0 } }]],
		});
	});
});
