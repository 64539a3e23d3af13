/**
 * Send and Wait for Completion (sent fax) and Upload and Wait for Result (AI document) through n8n-core's
 * real engine, against the sandbox: the send part ends with the execution put to wait (its waitTill, the
 * items it waits with, the resume URL n8n checks as every request's callback_url); validation stops it
 * before anything is sent; the 0.1.0 value "sendAndWait" still runs; the AI tool variant does not wait.
 * The resume: resume.test.ts; the waiting between them (n8n saving the execution and routing the resume
 * URL) in a real n8n: test/e2e/send-and-wait.test.ts.
 */
import { Container } from '@n8n/di';
import { InstanceSettings, validateUrlSignature } from 'n8n-core';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { type RunResult } from '../harness/engine';
import { runAsAgentTool } from '../harness/workflows';
import { api, apiRequests, errorOf, fileItem, NODE, outputOf, pdf } from './fixtures';
import {
	DELIVERED,
	faxItem,
	FROM,
	LEGACY,
	NODE_ID,
	sendAndWait,
	uploadAndWait,
	useWaitSuite,
} from './wait-fixtures';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('Send and Wait through the engine: the send part', () => {
	const wait = useWaitSuite();
	const run = wait.run;

	/** The stack entry n8n saves with a waiting execution: what the node is resumed with. */
	const waitingStack = (result: RunResult) =>
		result.run.data.executionData?.nodeExecutionStack ?? [];

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
					additionalFields: {
						callbackUrl: 'https://stale.example/callback',
						patientName: '={{ $json.patient }}',
						note: 'Urgent',
					},
				}),
				[
					fileItem(files[0], 'first.pdf', 'application/pdf', {
						to: DELIVERED,
						patient: 'Jane Roe',
					}),
					fileItem(files[1], 'second.pdf', 'application/pdf', {
						to: '+13105559876',
						patient: 'John Doe',
					}),
				],
			);
			const after = Date.now();
			const { run: irun } = waitRun.result;

			// What n8n 2.x's WaitingWebhooks checks for this operation value: `signature` is the execution's own resume
			// token (n8n-workflow's random one, saved with the execution); the path names the execution and this node.
			const resumeUrl = new URL(waitRun.resumeUrl);
			expect(resumeUrl.pathname).toBe(`/webhook-waiting/${waitRun.executionId}/${NODE_ID}`);
			expect(resumeUrl.searchParams.get('signature')).toBe(irun.data.resumeToken);
			expect(irun.data.resumeToken).toMatch(/^[0-9a-f]{32,}$/);

			const posts = apiRequests(wait.sandbox, 'POST', '/sent_faxes');
			expect(posts).toHaveLength(2);
			expect(posts.map((p) => p.body)).toEqual([
				{
					from_number: FROM,
					to_number: DELIVERED,
					patient_name: 'Jane Roe',
					note: 'Urgent',
					callback_url: waitRun.resumeUrl,
				},
				{
					from_number: FROM,
					to_number: '+13105559876',
					patient_name: 'John Doe',
					note: 'Urgent',
					callback_url: waitRun.resumeUrl,
				},
			]);
			posts.forEach((post, i) => expect(post.files[0].data.equals(files[i])).toBe(true));

			const output = outputOf(waitRun.result);
			expect(output).toEqual([
				{
					json: { sendToken: expect.stringMatching(/^[0-9a-f]{24}$/), message: expect.any(String) },
					pairedItem: { item: 0 },
				},
				{
					json: { sendToken: expect.stringMatching(/^[0-9a-f]{24}$/), message: expect.any(String) },
					pairedItem: { item: 1 },
				},
			]);
			for (const [i, item] of output.entries()) {
				const stored = await api(wait.sandbox, 'GET', `/sent_faxes/${String(item.json.sendToken)}`);
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
			expect(stack[0].data.main[0]).toEqual(
				output.map((item) => ({
					json: { ...item.json, timedOut: true },
					pairedItem: item.pairedItem,
				})),
			);

			// The sandbox calls back exactly the resume URL.
			const attempts = await wait.sandbox.waitForCallbacks((a) => a.length >= 2);
			expect(attempts.map((a) => a.url)).toEqual([waitRun.resumeUrl, waitRun.resumeUrl]);
		});

		test('AI Document: the upload carries the resume URL; Wait At Most defaults to 15 minutes', async () => {
			const file = pdf(2, 'PRIOR AUTH');
			const before = Date.now();
			const waitRun = await run(uploadAndWait(), [fileItem(file, 'prior-auth.pdf')]);
			const after = Date.now();

			const posts = apiRequests(wait.sandbox, 'POST', '/ai_documents');
			expect(posts).toHaveLength(1);
			expect(posts[0].body).toEqual({ callback_url: waitRun.resumeUrl });
			expect(posts[0].files[0].data.equals(file)).toBe(true);

			const output = outputOf(waitRun.result);
			expect(output).toEqual([
				{
					json: { aiToken: expect.stringMatching(/^[0-9a-f]{24}$/), message: expect.any(String) },
					pairedItem: { item: 0 },
				},
			]);
			const { waitTill } = waitRun.result.run;
			expect(waitTill!.getTime()).toBeGreaterThanOrEqual(before + 15 * MINUTE);
			expect(waitTill!.getTime()).toBeLessThanOrEqual(after + 15 * MINUTE);
			expect(waitingStack(waitRun.result)[0].data.main[0]).toEqual([
				{ json: { ...output[0].json, timedOut: true }, pairedItem: { item: 0 } },
			]);
		});

		test.each([
			['Sent Fax', sendAndWait({ limitWaitTime: false }), faxItem(DELIVERED)],
			['AI Document', uploadAndWait({ limitWaitTime: false }), fileItem(pdf(1))],
		])(
			"%s: Limit Wait Time off waits indefinitely (n8n-workflow's WAIT_INDEFINITELY)",
			async (_name, parameters, item) => {
				const waitRun = await run(parameters, [item]);
				expect(outputOf(waitRun.result)).toHaveLength(1);
				expect(waitRun.result.run.status).toBe('waiting');
				expect(waitRun.result.run.waitTill?.getTime()).toBe(WAIT_INDEFINITELY.getTime());
			},
		);
	});

	describe('validation before sending', () => {
		test.each([
			['Sent Fax', 0, sendAndWait({ waitAmount: 0 }), faxItem(DELIVERED)],
			['Sent Fax', -1, sendAndWait({ waitAmount: -1, waitUnit: 'days' }), faxItem(DELIVERED)],
			['AI Document', 0, uploadAndWait({ waitAmount: 0 }), fileItem(pdf(1))],
		])(
			'%s: Wait At Most %d stops the node before any request',
			async (_name, _amount, parameters, item) => {
				const waitRun = await run(parameters, [item, item]);
				const error = errorOf(waitRun.result);
				expect(error.message).toMatch(/Wait At Most must be a positive number/);
				expect(wait.sandbox.requests).toHaveLength(0);
				expect(waitRun.result.run.waitTill).toBeUndefined();
				expect(waitRun.result.run.status).toBe('error');
			},
		);

		test('a bad To Number on item 1 of 2 fails the node naming field and item before any fax is sent; nothing waits', async () => {
			const waitRun = await run(sendAndWait(), [faxItem(DELIVERED), faxItem('555-1234')]);
			const error = errorOf(waitRun.result);
			expect(error.message).toMatch(/To Number/);
			expect(error.message).not.toMatch(/555-1234/);
			expect(String(error.description)).toMatch(/555-1234/);
			expect(error.context?.itemIndex).toBe(1);
			// Every item is checked before any is sent: no fax goes out that nothing would wait for.
			expect(wait.sandbox.requests).toHaveLength(0);
			expect(waitRun.result.run.waitTill).toBeUndefined();
			expect(waitRun.result.run.status).toBe('error');
		});

		test('Continue On Fail: the failed item goes on as {error}, the other still waits', async () => {
			const waitRun = await run(sendAndWait(), [faxItem('555-1234'), faxItem(DELIVERED)], {
				node: { onError: 'continueRegularOutput' },
			});
			const output = outputOf(waitRun.result);
			expect(output).toEqual([
				{
					json: { error: expect.stringMatching(/To Number/), description: expect.any(String) },
					pairedItem: { item: 0 },
				},
				{
					json: { sendToken: expect.any(String), message: expect.any(String) },
					pairedItem: { item: 1 },
				},
			]);
			expect(apiRequests(wait.sandbox, 'POST', '/sent_faxes')).toHaveLength(1);
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
			expect(error.message).toMatch(
				/Input Binary Field "data" is missing on the input item \[item 1\]/,
			);
			expect(wait.sandbox.requests).toHaveLength(0);
			expect(waitRun.result.run.waitTill).toBeUndefined();
		});

		test('Continue On Fail with every item failed: the node does not wait, the run finishes', async () => {
			const waitRun = await run(sendAndWait(), [faxItem('555-1234'), faxItem('not a number')], {
				node: { onError: 'continueRegularOutput' },
			});
			const output = outputOf(waitRun.result);
			expect(
				output.map((item) => [Object.keys(item.json).includes('error'), item.pairedItem]),
			).toEqual([
				[true, { item: 0 }],
				[true, { item: 1 }],
			]);
			expect(wait.sandbox.requests).toHaveLength(0);
			expect(waitRun.result.run.waitTill).toBeUndefined();
			expect(waitRun.result.run.status).toBe('success');
			expect(waitRun.result.run.finished).toBe(true);
		});
	});

	describe('saved 0.1.0 workflows: the operation value "sendAndWait" (no longer offered)', () => {
		test.each([
			[
				'Sent Fax',
				sendAndWait({ operation: LEGACY, waitAmount: 2, waitUnit: 'hours' }),
				faxItem(DELIVERED),
				'/sent_faxes',
				'sendToken',
				2 * HOUR,
			],
			[
				'AI Document',
				uploadAndWait({ operation: LEGACY, waitAmount: 3, waitUnit: 'minutes' }),
				fileItem(pdf(1)),
				'/ai_documents',
				'aiToken',
				3 * MINUTE,
			],
		])(
			'%s: runs its wait operation with its saved fields, with the HMAC-signed resume URL n8n checks for this value',
			async (_name, parameters, item, path, tokenField, limit) => {
				const before = Date.now();
				const waitRun = await run(parameters, [item]);
				const after = Date.now();
				const resumeUrl = new URL(waitRun.resumeUrl);
				expect(resumeUrl.pathname).toBe(`/webhook-waiting/${waitRun.executionId}/${NODE_ID}`);
				expect(
					validateUrlSignature(
						resumeUrl.searchParams.get('signature')!,
						resumeUrl,
						Container.get(InstanceSettings).hmacSignatureSecret,
					),
				).toBe(true);
				const posts = apiRequests(wait.sandbox, 'POST', path);
				expect(posts).toHaveLength(1);
				expect(posts[0].body).toMatchObject({ callback_url: waitRun.resumeUrl });
				expect(outputOf(waitRun.result)).toEqual([
					{
						json: {
							[tokenField]: expect.stringMatching(/^[0-9a-f]{24}$/),
							message: expect.any(String),
						},
						pairedItem: { item: 0 },
					},
				]);
				// The saved Wait At Most is kept (n8n drops the values of fields a node does not show for the stored operation).
				const { waitTill, status } = waitRun.result.run;
				expect(status).toBe('waiting');
				expect(waitTill!.getTime()).toBeGreaterThanOrEqual(before + limit);
				expect(waitTill!.getTime()).toBeLessThanOrEqual(after + limit);
			},
		);
	});

	describe("as an AI agent's tool (faxServiceTool, called by an agent as n8n calls it)", () => {
		test.each([
			['Sent Fax', sendAndWait({ operation: LEGACY }), /"Send".*sendToken/],
			['Sent Fax', sendAndWait(), /"Send".*sendToken/],
			['AI Document', uploadAndWait({ operation: LEGACY }), /"Upload".*aiToken/],
		])(
			'%s: a tool node saved with a wait operation fails before sending, saying what to use instead',
			async (_name, parameters, instead) => {
				const result = await runAsAgentTool(wait.sandbox, parameters, {
					items: [faxItem(DELIVERED)],
					additionalData: { executionId: 'tool-run', webhookWaitingBaseUrl: wait.waitingBaseUrl },
				});
				// n8n's tool wrapper fails the agent's run with the node's error.
				const error = result.error('Test Agent');
				expect(error?.message).toMatch(/cannot run as an AI agent's tool: a tool call cannot wait/);
				expect(error?.description).toMatch(instead);
				expect(wait.sandbox.requests).toHaveLength(0);
				expect(result.run.waitTill).toBeUndefined();
			},
		);
	});
});
