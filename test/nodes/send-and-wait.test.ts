/**
 * Send and Wait (sent fax) and Upload and Wait (AI document) through n8n-core's real engine, against
 * the sandbox: the send part ends with the execution put to wait (its waitTill, the items it waits
 * with, the signed resume URL as every request's callback_url); validation stops it before anything
 * is sent; the node's webhook(), called through n8n-core's real WebhookContext with the sandbox's own
 * callback bodies and signatures, resumes only on a verified callback of the record that completed
 * last. The waiting between them (n8n saving the execution and routing the resume URL) is proven in a
 * real n8n by test/e2e/send-and-wait.test.ts.
 */
import { createHmac } from 'crypto';

import { Container } from '@n8n/di';
import { InstanceSettings, validateUrlSignature } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData, INodeParameters, IRunExecutionData } from 'n8n-workflow';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import type { CallbackAttempt, Sandbox } from '../../sandbox';
import { binaryBuffer, callNodeWebhook, type RunResult, type WebhookCall, type WebhookCallResult, useBinaryMode } from '../harness/engine';
import { startFaultProxy, type FaultProxy } from '../harness/fault-proxy';
import type { TestInputItem } from '../harness/test-input.node';
import { credentialsFor, faxServiceWorkflow, runFaxService } from '../harness/workflows';
import { api, apiRequests, byNumber, errorOf, fileItem, NODE, outputOf, pdf, type Receiver, seedNumber, startFastSandbox, startReceiver } from './fixtures';

const NODE_ID = 'fax-service';
const FROM = '+12125550001';
const DELIVERED = '+13105551234';
/** The sandbox fails faxes to numbers ending 0000. */
const FAILING = '+13105550000';
const HOUR = 3_600_000;
const MINUTE = 60_000;

const sendAndWait = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'sentFax',
	operation: 'sendAndWait',
	binaryPropertyName: 'data',
	fromNumber: byNumber(FROM),
	toNumber: '={{ $json.to }}',
	...parameters,
});
const uploadAndWait = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'aiDocument',
	operation: 'sendAndWait',
	binaryPropertyName: 'data',
	...parameters,
});
const faxItem = (to: string, file = pdf(1, `fax to ${to}`)) => fileItem(file, `to-${to}.pdf`, 'application/pdf', { to });

let executionCounter = 1000;

/** One run of Test Input → Fax Service as n8n would start it: with an execution id, so the node can sign its resume URL. */
interface WaitRun {
	executionId: string;
	result: RunResult;
	parameters: INodeParameters;
	items: TestInputItem[];
	/** The resume URL n8n gives this execution's Fax Service node, computed here independently. */
	resumeUrl: string;
}

describe('Send and Wait through the engine', () => {
	let sandbox: Sandbox;
	/** Where the sandbox's callbacks go (the resume URLs' host): answers 200, so each callback is sent once. */
	let receiver: Receiver;
	let waitingBaseUrl: string;

	/** What n8n-core's getSignedResumeUrl() gives: <webhookWaitingBaseUrl>/<executionId>/<nodeId>?signature=HMAC(path). */
	const expectedResumeUrl = (executionId: string): string => {
		const base = new URL(`${waitingBaseUrl}/${executionId}/${NODE_ID}`);
		const signature = createHmac('sha256', Container.get(InstanceSettings).hmacSignatureSecret).update(base.pathname).digest('hex');
		return `${base.toString()}?signature=${signature}`;
	};

	const run = async (
		parameters: INodeParameters,
		items: TestInputItem[],
		options: { node?: Partial<INode>; credentials?: Partial<Record<string, string>> } = {},
	): Promise<WaitRun> => {
		const executionId = String(++executionCounter);
		const result = await runFaxService(sandbox, parameters, {
			items,
			node: options.node,
			credentials: options.credentials,
			additionalData: { executionId, webhookWaitingBaseUrl: waitingBaseUrl },
		});
		return { executionId, result, parameters, items, resumeUrl: expectedResumeUrl(executionId) };
	};

	/** The stack entry n8n saves with a waiting execution: what the node is resumed with. */
	const waitingStack = (result: RunResult) => result.run.data.executionData?.nodeExecutionStack ?? [];

	beforeAll(async () => {
		await useBinaryMode('default');
		sandbox = await startFastSandbox();
		receiver = await startReceiver();
		waitingBaseUrl = `${new URL(receiver.url).origin}/webhook-waiting`;
	});
	afterAll(async () => {
		await sandbox.stop();
		await receiver.close();
	});
	beforeEach(async () => {
		sandbox.reset();
		await seedNumber(sandbox, '212'); // +12125550001
		sandbox.requests.length = 0;
	});

	describe('the send part', () => {
		test('Sent Fax: one POST per item with the signed resume URL as callback_url; the run waits the limit with the sent items', async () => {
			const files = [pdf(1, 'first referral'), pdf(3, 'second referral')];
			const before = Date.now();
			const waitRun = await run(
				sendAndWait({
					waitAmount: 2,
					waitUnit: 'hours',
					// A Callback URL left over from the Send operation must not replace the resume URL. (n8n's Workflow already drops
					// it, as this operation's Additional Fields have no such option; the node also puts the resume URL last.)
					additionalFields: { callbackUrl: 'https://stale.example/callback', patientName: '={{ $json.patient }}', note: 'Urgent' },
				}),
				[
					fileItem(files[0], 'first.pdf', 'application/pdf', { to: DELIVERED, patient: 'Jane Roe' }),
					fileItem(files[1], 'second.pdf', 'application/pdf', { to: '+13105559876', patient: 'John Doe' }),
				],
			);
			const after = Date.now();
			const { run: irun } = waitRun.result;

			// n8n-core's own check of the URL (what its WaitingWebhooks does with the signature).
			const resumeUrl = new URL(waitRun.resumeUrl);
			expect(resumeUrl.pathname).toBe(`/webhook-waiting/${waitRun.executionId}/${NODE_ID}`);
			expect(validateUrlSignature(resumeUrl.searchParams.get('signature')!, resumeUrl, Container.get(InstanceSettings).hmacSignatureSecret)).toBe(true);

			const posts = apiRequests(sandbox, 'POST', '/sent_faxes');
			expect(posts).toHaveLength(2);
			expect(posts.map((p) => p.body)).toEqual([
				{ from_number: FROM, to_number: DELIVERED, patient_name: 'Jane Roe', note: 'Urgent', callback_url: waitRun.resumeUrl },
				{ from_number: FROM, to_number: '+13105559876', patient_name: 'John Doe', note: 'Urgent', callback_url: waitRun.resumeUrl },
			]);
			posts.forEach((post, i) => expect(post.files[0].data.equals(files[i])).toBe(true));

			const output = outputOf(waitRun.result);
			expect(output).toEqual([
				{ json: { sendToken: expect.stringMatching(/^[0-9a-f]{24}$/), message: expect.any(String) }, pairedItem: { item: 0 } },
				{ json: { sendToken: expect.stringMatching(/^[0-9a-f]{24}$/), message: expect.any(String) }, pairedItem: { item: 1 } },
			]);
			for (const [i, item] of output.entries()) {
				const stored = await api(sandbox, 'GET', `/sent_faxes/${String(item.json.sendToken)}`);
				expect(stored.body).toMatchObject({ toNumber: i === 0 ? DELIVERED : '+13105559876' });
			}

			expect(irun.status).toBe('waiting');
			expect(irun.finished).toBeFalsy();
			expect(irun.waitTill).toBeInstanceOf(Date);
			expect(irun.waitTill!.getTime()).toBeGreaterThanOrEqual(before + 2 * HOUR);
			expect(irun.waitTill!.getTime()).toBeLessThanOrEqual(after + 2 * HOUR);

			const stack = waitingStack(waitRun.result);
			expect(stack).toHaveLength(1);
			expect(stack[0].node.name).toBe(NODE);
			expect(stack[0].data.main[0]).toEqual(output.map((item) => ({ json: { ...item.json, timedOut: true }, pairedItem: item.pairedItem })));

			// The sandbox calls back exactly the resume URL.
			const attempts = await sandbox.waitForCallbacks((a) => a.length >= 2);
			expect(attempts.map((a) => a.url)).toEqual([waitRun.resumeUrl, waitRun.resumeUrl]);
		});

		test('AI Document: the upload carries the resume URL; Wait At Most defaults to 15 minutes', async () => {
			const file = pdf(2, 'PRIOR AUTH');
			const before = Date.now();
			const waitRun = await run(uploadAndWait(), [fileItem(file, 'prior-auth.pdf')]);
			const after = Date.now();

			const posts = apiRequests(sandbox, 'POST', '/ai_documents');
			expect(posts).toHaveLength(1);
			expect(posts[0].body).toEqual({ callback_url: waitRun.resumeUrl });
			expect(posts[0].files[0].data.equals(file)).toBe(true);

			const output = outputOf(waitRun.result);
			expect(output).toEqual([{ json: { aiToken: expect.stringMatching(/^[0-9a-f]{24}$/), message: expect.any(String) }, pairedItem: { item: 0 } }]);
			const { waitTill } = waitRun.result.run;
			expect(waitTill!.getTime()).toBeGreaterThanOrEqual(before + 15 * MINUTE);
			expect(waitTill!.getTime()).toBeLessThanOrEqual(after + 15 * MINUTE);
			expect(waitingStack(waitRun.result)[0].data.main[0]).toEqual([{ json: { ...output[0].json, timedOut: true }, pairedItem: { item: 0 } }]);
		});

		test.each([
			['Sent Fax', sendAndWait({ limitWaitTime: false }), faxItem(DELIVERED)],
			['AI Document', uploadAndWait({ limitWaitTime: false }), fileItem(pdf(1))],
		])('%s: Limit Wait Time off waits indefinitely (n8n-workflow\'s WAIT_INDEFINITELY)', async (_name, parameters, item) => {
			const waitRun = await run(parameters, [item]);
			expect(outputOf(waitRun.result)).toHaveLength(1);
			expect(waitRun.result.run.status).toBe('waiting');
			expect(waitRun.result.run.waitTill?.getTime()).toBe(WAIT_INDEFINITELY.getTime());
		});
	});

	describe('validation before sending', () => {
		test.each([
			['Sent Fax', 0, sendAndWait({ waitAmount: 0 }), faxItem(DELIVERED)],
			['Sent Fax', -1, sendAndWait({ waitAmount: -1, waitUnit: 'days' }), faxItem(DELIVERED)],
			['AI Document', 0, uploadAndWait({ waitAmount: 0 }), fileItem(pdf(1))],
		])('%s: Wait At Most %d stops the node before any request', async (_name, _amount, parameters, item) => {
			const waitRun = await run(parameters, [item, item]);
			const error = errorOf(waitRun.result);
			expect(error.message).toMatch(/Wait At Most must be a positive number/);
			expect(sandbox.requests).toHaveLength(0);
			expect(waitRun.result.run.waitTill).toBeUndefined();
			expect(waitRun.result.run.status).toBe('error');
		});

		test('a bad To Number on item 1 of 2 fails the node naming field and item before any fax is sent; nothing waits', async () => {
			const waitRun = await run(sendAndWait(), [faxItem(DELIVERED), faxItem('555-1234')]);
			const error = errorOf(waitRun.result);
			expect(error.message).toMatch(/To Number/);
			expect(error.message).toMatch(/555-1234/);
			expect(error.context?.itemIndex).toBe(1);
			// Every item is checked before any is sent: no fax goes out that nothing would wait for.
			expect(sandbox.requests).toHaveLength(0);
			expect(waitRun.result.run.waitTill).toBeUndefined();
			expect(waitRun.result.run.status).toBe('error');
		});

		test('Continue On Fail: the failed item goes on as {error}, the other still waits', async () => {
			const waitRun = await run(sendAndWait(), [faxItem('555-1234'), faxItem(DELIVERED)], { node: { onError: 'continueRegularOutput' } });
			const output = outputOf(waitRun.result);
			expect(output).toEqual([
				{ json: { error: expect.stringMatching(/To Number/), description: expect.any(String) }, pairedItem: { item: 0 } },
				{ json: { sendToken: expect.any(String), message: expect.any(String) }, pairedItem: { item: 1 } },
			]);
			expect(apiRequests(sandbox, 'POST', '/sent_faxes')).toHaveLength(1);
			expect(waitRun.result.run.status).toBe('waiting');
			expect(waitRun.result.run.waitTill).toBeInstanceOf(Date);
			expect(waitingStack(waitRun.result)[0].data.main[0]).toEqual([
				{ json: output[0].json, pairedItem: { item: 0 } },
				{ json: { ...output[1].json, timedOut: true }, pairedItem: { item: 1 } },
			]);
		});

		test('a missing binary on item 1 of 2 of an AI upload stops the node before any upload', async () => {
			const waitRun = await run(uploadAndWait(), [fileItem(pdf(1)), { json: {} }]);
			const error = errorOf(waitRun.result);
			expect(error.message).toMatch(/Input Binary Field "data" is missing on the input item \[item 1\]/);
			expect(sandbox.requests).toHaveLength(0);
			expect(waitRun.result.run.waitTill).toBeUndefined();
		});

		test('Continue On Fail with every item failed: the node does not wait, the run finishes', async () => {
			const waitRun = await run(sendAndWait(), [faxItem('555-1234'), faxItem('not a number')], { node: { onError: 'continueRegularOutput' } });
			const output = outputOf(waitRun.result);
			expect(output.map((item) => [Object.keys(item.json).includes('error'), item.pairedItem])).toEqual([
				[true, { item: 0 }],
				[true, { item: 1 }],
			]);
			expect(sandbox.requests).toHaveLength(0);
			expect(waitRun.result.run.waitTill).toBeUndefined();
			expect(waitRun.result.run.status).toBe('success');
			expect(waitRun.result.run.finished).toBe(true);
		});
	});

	describe('the resume handler (webhook() through n8n-core\'s WebhookContext)', () => {
		/** The request n8n's urlencoded body parser hands the node for one of the sandbox's callback attempts. */
		const requestOf = (attempt: CallbackAttempt, signature = attempt.signature) => ({
			headers: { 'content-type': attempt.contentType, 'x-service-signature': signature },
			body: Object.fromEntries(new URLSearchParams(String(attempt.body))),
		});
		const recordOf = (attempt: CallbackAttempt): IDataObject => {
			const form = new URLSearchParams(String(attempt.body));
			const json = JSON.parse(form.get('recordDetails') ?? form.get('AiDocumentDetails')!) as IDataObject;
			return (json.aiResult as IDataObject | undefined) ?? json;
		};

		/** What n8n loads to resume: the saved execution data (a JSON round trip), its waiting node marked disabled. */
		const savedExecution = (waitRun: WaitRun): IRunExecutionData => {
			const data = JSON.parse(JSON.stringify(waitRun.result.run.data)) as IRunExecutionData;
			data.executionData!.nodeExecutionStack[0].node.disabled = true;
			data.waitTill = undefined;
			return data;
		};

		const deliver = async (waitRun: WaitRun, request: WebhookCall['request'], credentials = credentialsFor(sandbox)): Promise<WebhookCallResult> =>
			await callNodeWebhook({
				...faxServiceWorkflow(waitRun.parameters, { items: waitRun.items }),
				nodeName: NODE,
				credentials,
				request,
				runExecutionData: savedExecution(waitRun),
				additionalData: { executionId: waitRun.executionId, webhookWaitingBaseUrl: waitingBaseUrl },
			});

		const attemptsTo = async (waitRun: WaitRun, count: number): Promise<CallbackAttempt[]> =>
			(await sandbox.waitForCallbacks((a) => a.filter((x) => x.url === waitRun.resumeUrl).length >= count)).filter((a) => a.url === waitRun.resumeUrl);

		const tokensOf = (waitRun: WaitRun, field = 'sendToken') => outputOf(waitRun.result).map((item) => String(item.json[field]));

		test('one fax: its verified callback resumes with the record read by GET, timedOut false, paired to the item', async () => {
			const waitRun = await run(sendAndWait(), [faxItem(DELIVERED)]);
			const [token] = tokensOf(waitRun);
			const [attempt] = await attemptsTo(waitRun, 1);
			expect(recordOf(attempt)).toMatchObject({ sendToken: token, sentStatus: 'success' });
			const stored = (await api(sandbox, 'GET', `/sent_faxes/${token}`)).body;
			sandbox.requests.length = 0;

			const { result, answered } = await deliver(waitRun, requestOf(attempt));
			expect(answered).toBeUndefined();
			expect(result).toEqual({
				webhookResponse: { received: true, resumed: true },
				workflowData: [[{ json: { ...stored, timedOut: false }, pairedItem: { item: 0 } }]],
			});
			expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v2/sent_faxes/${token}`]);
		});

		test('a callback while others are pending reads newest first and stops at the first pending one (a few reads, not one per item)', async () => {
			// Faxes that stay queued for the whole test: only the callback below arrives.
			const queuedSandbox = await startFastSandbox({ timing: { inProgressAfterMs: 3_600_000, completeAfterMs: 3_600_000 } });
			try {
				await seedNumber(queuedSandbox, '212');
				const parameters = sendAndWait();
				const items = Array.from({ length: 9 }, (_, i) => faxItem(`+1212555${String(1000 + i)}`));
				const executionId = String(++executionCounter);
				const result = await runFaxService(queuedSandbox, parameters, { items, additionalData: { executionId, webhookWaitingBaseUrl: waitingBaseUrl } });
				const waitRun: WaitRun = { executionId, result, parameters, items, resumeUrl: expectedResumeUrl(executionId) };
				const tokens = tokensOf(waitRun);
				expect(tokens).toHaveLength(9);
				// A verified callback for the first fax (as the service would sign it: test key over sendToken + completedAt).
				const record = { sendToken: tokens[0], sentStatus: 'success', completedAt: '2026-11-23T12:00:00.000Z', isTest: true };
				const signature = createHmac('sha256', queuedSandbox.testKey).update(`${tokens[0]}${record.completedAt}`, 'utf8').digest('hex');
				queuedSandbox.requests.length = 0;

				const { result: answer, answered } = await deliver(
					waitRun,
					{ headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-service-signature': signature }, body: { recordDetails: JSON.stringify(record) } },
					credentialsFor(queuedSandbox),
				);
				expect({ answer, answered }).toEqual({ answer: { noWebhookResponse: true }, answered: { status: 200, body: { received: true, resumed: false } } });
				const reads = queuedSandbox.requests.map((r) => `${r.method} ${r.path}`);
				// Four reads in flight at most: the newest four, and none after the first pending answer.
				expect(reads).toEqual(tokens.slice(-4).reverse().map((t) => `GET /api/v2/sent_faxes/${t}`));
			} finally {
				await queuedSandbox.stop();
			}
		});

		describe('two faxes, the second queued only once the first has called back', () => {
			let proxy: FaultProxy;
			let slowSandbox: Sandbox;

			beforeAll(async () => {
				// Faxes take 600 ms, so the second is still under way for a while after the run ended.
				slowSandbox = await startFastSandbox({ timing: { inProgressAfterMs: 50, completeAfterMs: 600 } });
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
				proxy.plan('POST', /\/sent_faxes$/, { kind: 'before', action: async () => void (await slowSandbox.waitForCallbacks(firstCallback)) }, 1);
				proxy.requests.length = 0;

				const executionId = String(++executionCounter);
				const result = await runFaxService(slowSandbox, parameters, {
					items,
					credentials: { baseUrl: proxy.baseUrl },
					additionalData: { executionId, webhookWaitingBaseUrl: waitingBaseUrl },
				});
				const waitRun: WaitRun = { executionId, result, parameters, items, resumeUrl: expectedResumeUrl(executionId) };
				const [first, second] = tokensOf(waitRun);
				const credentials = credentialsFor(slowSandbox);
				const deliverHere = async (attempt: CallbackAttempt) => await deliver(waitRun, requestOf(attempt), credentials);

				// The first fax is final, the second still under way.
				const [firstAttempt] = slowSandbox.callbackAttempts;
				expect(recordOf(firstAttempt)).toMatchObject({ sendToken: first, sentStatus: 'success' });
				expect((await api(slowSandbox, 'GET', `/sent_faxes/${second}`)).body.sentStatus).not.toMatch(/success|failure/);
				const pending = await deliverHere(firstAttempt);
				expect(pending).toEqual({ result: { noWebhookResponse: true }, answered: { status: 200, body: { received: true, resumed: false } } });

				const attempts = await slowSandbox.waitForCallbacks((a) => a.length >= 2);
				const secondAttempt = attempts[1];
				expect(recordOf(secondAttempt)).toMatchObject({ sendToken: second, sentStatus: 'failure' });

				// Both final: the first fax's callback (a retry, or one handled late) is not the last to complete.
				const notLast = await deliverHere(firstAttempt);
				expect(notLast).toEqual({ result: { noWebhookResponse: true }, answered: { status: 200, body: { received: true, resumed: false } } });

				const records = [(await api(slowSandbox, 'GET', `/sent_faxes/${first}`)).body, (await api(slowSandbox, 'GET', `/sent_faxes/${second}`)).body];
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
			sandbox.requests.length = 0;

			const tampered = await deliver(waitRun, requestOf(attempt, flipped));
			expect(tampered).toEqual({ result: { noWebhookResponse: true }, answered: { status: 401, body: { error: 'Invalid X-Service-Signature' } } });
			const missing = await deliver(waitRun, { ...requestOf(attempt), headers: { 'content-type': attempt.contentType } });
			expect(missing).toEqual({ result: { noWebhookResponse: true }, answered: { status: 401, body: { error: 'Missing X-Service-Signature header' } } });
			expect(sandbox.requests).toHaveLength(0);
		});

		test('a verified callback of a fax this execution did not send is answered 404', async () => {
			const waiting = await run(sendAndWait(), [faxItem(DELIVERED)]);
			const other = await run(sendAndWait(), [faxItem('+13105559876')]);
			const [otherAttempt] = await attemptsTo(other, 1);
			const [otherToken] = tokensOf(other);

			const { result, answered } = await deliver(waiting, requestOf(otherAttempt));
			expect(result).toEqual({ noWebhookResponse: true });
			expect(answered).toEqual({ status: 404, body: { error: `This execution does not wait for sendToken "${otherToken}"` } });
		});

		test('an AI callback to a sent-fax wait is answered 401; a JSON body is answered 400', async () => {
			const waiting = await run(sendAndWait(), [faxItem(DELIVERED)]);
			const ai = await run(uploadAndWait(), [fileItem(pdf(1, 'REFERRAL'))]);
			const [aiAttempt] = await attemptsTo(ai, 1);
			expect(aiAttempt.type).toBe('aiDocument');

			const wrongType = await deliver(waiting, requestOf(aiAttempt));
			expect(wrongType).toEqual({ result: { noWebhookResponse: true }, answered: { status: 401, body: { error: 'This execution waits for a sentFax callback' } } });

			const [faxAttempt] = await attemptsTo(waiting, 1);
			const json = await deliver(waiting, { ...requestOf(faxAttempt), headers: { 'content-type': 'application/json', 'x-service-signature': faxAttempt.signature } });
			expect(json.result).toEqual({ noWebhookResponse: true });
			expect(json.answered?.status).toBe(400);
		});

		test('AI Document: its verified callback (signed with the live key) resumes with the AI result', async () => {
			const waitRun = await run(uploadAndWait(), [fileItem(pdf(1, 'REFERRAL'))]);
			const [token] = tokensOf(waitRun, 'aiToken');
			const [attempt] = await attemptsTo(waitRun, 1);
			expect(recordOf(attempt).aiToken).toBe(token);
			const stored = (await api(sandbox, 'GET', `/ai_documents/${token}`)).body.aiResult as IDataObject;
			expect(stored.completedAt).toEqual(expect.any(String));

			const { result, answered } = await deliver(waitRun, requestOf(attempt));
			expect(answered).toBeUndefined();
			expect(result).toEqual({
				webhookResponse: { received: true, resumed: true },
				workflowData: [[{ json: { ...stored, timedOut: false }, pairedItem: { item: 0 } }]],
			});
		});
	});
});
