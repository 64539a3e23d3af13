/**
 * The action node as an AI agent's tool, in a real n8n: n8n's AI Agent with its OpenAI Chat Model
 * (its credential's Base URL on a scripted model server, test/harness/model-server.ts) and three Fax
 * Service Tool nodes whose parameters come from the model ($fromAI). The model lists today's received
 * faxes from one sender, reads one, forwards it and reports; the test checks what reached the sandbox,
 * what came back to the model, and the answer. An argument the node refuses is never sent: n8n 2.x
 * gives the model the node's message, n8n 1.x stops the run with it unless the tool's On Error continues.
 */
import type { Sandbox } from '../../sandbox';
import {
	messageText,
	toolResults,
	type ChatRequest,
	type ModelServer,
} from '../harness/model-server';
import { startAiServices, SENDER, type AiServices } from './helpers/ai-services';
import { agentWorkflow, saveAgentCredentials } from './helpers/ai-workflows';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	sharedInstance,
	ensureInstalled,
	logToStderr,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { MACHINE_MINUTE } from '../harness/machine';

/** The agent's Webhook paths: its tools as the editor adds them (On Error: stop), and with On Error: continue. */
const PATH = 'fax-agent';
const CONTINUE_PATH = 'fax-agent-continue';
const FORWARD_TO = '+12125550177';
const TOOLS = ['List_Received_Faxes', 'Get_Received_Fax', 'Forward_Received_Fax'];
const REFUSED = 'To Number must be an E.164 number like +15551234567 [item 0]';
/** The value given goes in the description, not the message (which n8n copies into its logs and event log). */
const REFUSED_HINT =
	'Got "212-555-0177". A plus sign, the country code and the number, with no spaces or punctuation.';

type Json = Record<string, unknown>;

/** The records in a tool result: n8n sends the tool node's output items' JSON as a JSON array. */
const records = (content: string): Json[] => JSON.parse(content) as Json[];

describeOnHosts(BOTH_HOSTS, "Fax Service Tool under n8n's AI Agent", ({ hostVersion }) => {
	let sandbox: Sandbox;
	let today: string;
	let model: ModelServer;
	let n8n: N8nHostInstance;
	let faxNumber: string;
	let workflowId: string;
	let faxIds: AiServices['faxIds'];
	let services: AiServices | undefined;

	/** Asks the agent through its Webhook; resolves its answer and the model requests this run made. */
	const ask = async (
		chatInput: string,
		path = PATH,
	): Promise<{ status: number; body: Json; requests: ChatRequest[] }> => {
		const before = model.requests.length;
		const response = await fetch(n8n.webhookUrl(path), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ chatInput }),
		});
		const text = await response.text();
		let body: Json;
		try {
			body = JSON.parse(text) as Json;
		} catch {
			body = { text };
		}
		return { status: response.status, body, requests: model.requests.slice(before) };
	};

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		services = await startAiServices();
		({ model, sandbox, today, faxNumber, faxIds } = services);

		// The run's n8n of this host, shared with the other suites that need a plain one.
		n8n = await sharedInstance({ hostVersion });
		// Saved and published in the running n8n, as in the editor (the REST calls; no n8n CLI boot per step).
		const credentials = await saveAgentCredentials(n8n, sandbox, model.baseUrl);
		const workflows = await n8n.importWorkflows([
			agentWorkflow(hostVersion, 'Fax agent', PATH, credentials),
			agentWorkflow(
				hostVersion,
				'Fax agent, tools continue on error',
				CONTINUE_PATH,
				credentials,
				'continueRegularOutput',
			),
		]);
		workflowId = workflows[0].id;
		for (const workflow of workflows) await n8n.publishWorkflow(workflow.id);
		for (const path of [PATH, CONTINUE_PATH]) await n8n.waitForWebhook(path);
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		await services?.stop();
	}, 2 * MACHINE_MINUTE);

	test(
		"lists today's faxes from one sender, reads one, forwards it and reports",
		async () => {
			let listed: Json[] = [];
			let read: Json = {};
			model.script([
				(request) => {
					const names = (request.tools ?? []).map((tool) => tool.function.name);
					if (TOOLS.some((name) => !names.includes(name)))
						throw new Error(`tools offered: ${JSON.stringify(names)}`);
					return {
						toolCalls: [
							{
								name: 'List_Received_Faxes',
								arguments: { fromNumber: SENDER, receivedAfter: today },
							},
						],
					};
				},
				(request) => {
					listed = records(toolResults(request).at(-1)!.content);
					return {
						toolCalls: [
							{ name: 'Get_Received_Fax', arguments: { faxId: String(listed[0]?.sendToken) } },
						],
					};
				},
				(request) => {
					read = records(toolResults(request).at(-1)!.content)[0];
					return {
						toolCalls: [
							{
								name: 'Forward_Received_Fax',
								arguments: { faxId: String(read.sendToken), toNumber: FORWARD_TO },
							},
						],
					};
				},
				(request) => {
					const forwarded = records(toolResults(request).at(-1)!.content)[0];
					return {
						content: `Forwarded fax ${String(read.sendToken)} (${String(read.documentClassification)}) to ${FORWARD_TO}: ${String(forwarded.faxId)}.`,
					};
				},
			]);

			const answer = await ask(`Forward today's fax from ${SENDER} to ${FORWARD_TO}.`);
			expect({
				failures: model.failures,
				remaining: model.remaining(),
				status: answer.status,
			}).toEqual({ failures: [], remaining: 0, status: 200 });

			// The model's arguments reached the service.
			const calls = sandbox.requests
				.filter(
					(r) => r.path.startsWith('/api/v2/received_faxes') && !r.path.endsWith('/test_receive'),
				)
				.map((r) => ({ method: r.method, path: r.path, query: r.query, body: r.body }));
			expect(calls).toEqual([
				{
					method: 'GET',
					path: '/api/v2/received_faxes',
					query: expect.objectContaining({ from_number: SENDER, date_start: today }),
					body: undefined,
				},
				{
					method: 'GET',
					path: `/api/v2/received_faxes/${faxIds.sender}`,
					query: {},
					body: undefined,
				},
				{
					method: 'POST',
					path: `/api/v2/received_faxes/${faxIds.sender}/forward_as_fax`,
					query: {},
					body: { to_number: FORWARD_TO },
				},
			]);

			// What came back to the model: the records themselves.
			expect(
				listed.map((fax) => ({ sendToken: fax.sendToken, fromNumber: fax.fromNumber })),
			).toEqual([{ sendToken: faxIds.sender, fromNumber: SENDER }]);
			expect(read).toMatchObject({
				sendToken: faxIds.sender,
				fromNumber: SENDER,
				toNumber: faxNumber,
				documentClassification: 'referral',
			});
			// The tool's Output defaults to Simplified: the secure link is left out, and the record says so.
			expect(read).not.toHaveProperty('secureLink');
			expect(read.omittedFields).toEqual(expect.arrayContaining(['secureLink']));
			const [first, , , last] = answer.requests;
			expect(first.messages.map((message) => message.role)).toEqual(['system', 'user']);
			expect(messageText(first.messages[1])).toContain(SENDER);
			expect(toolResults(last).map((result) => result.name)).toEqual([
				'List_Received_Faxes',
				'Get_Received_Fax',
				'Forward_Received_Fax',
			]);
			const forwarded = records(toolResults(last)[2].content)[0];
			expect(forwarded.faxId).toMatch(/^[0-9a-f]{24}$/);

			// The agent's final answer is the model's last message.
			expect(answer.body).toEqual({
				output: `Forwarded fax ${faxIds.sender} (referral) to ${FORWARD_TO}: ${String(forwarded.faxId)}.`,
			});
		},
		3 * MACHINE_MINUTE,
	);

	test("the tools' input schemas are the $fromAI parameters", () => {
		const tools = Object.fromEntries(
			(model.requests[0].tools ?? []).map((tool) => [tool.function.name, tool.function]),
		);
		expect(tools.List_Received_Faxes).toMatchObject({
			description: 'Lists received faxes, newest first, filtered by sender and date',
			parameters: {
				type: 'object',
				properties: { fromNumber: { type: 'string' }, receivedAfter: { type: 'string' } },
			},
		});
		expect(tools.Forward_Received_Fax).toMatchObject({
			description: 'Forwards a received fax to another fax number',
			parameters: {
				type: 'object',
				properties: {
					faxId: { type: 'string' },
					toNumber: {
						type: 'string',
						description: 'The fax number to forward to, in E.164 form like +15551234567',
					},
				},
			},
		});
	});

	/** The model forwards to a number that is not E.164, then answers with what the tool said. */
	const refusedForward = (path: string) => {
		const seen: { toolMessage?: string } = {};
		model.script([
			() => ({
				toolCalls: [
					{
						name: 'Forward_Received_Fax',
						arguments: { faxId: faxIds.other, toNumber: '212-555-0177' },
					},
				],
			}),
			(request) => {
				seen.toolMessage = toolResults(request).at(-1)!.content;
				return {
					content: 'The number 212-555-0177 is not a valid fax number; nothing was forwarded.',
				};
			},
		]);
		return { seen, answer: ask('Forward the lab results to 212-555-0177.', path) };
	};

	test(
		"a To Number that is not E.164 is refused before anything is sent: n8n 2.x gives the model the node's message, n8n 1.x stops the run with it",
		async () => {
			const sentBefore = sandbox.requests.length;
			const { seen, answer: asked } = refusedForward(PATH);
			const answer = await asked;
			expect(sandbox.requests.slice(sentBefore)).toEqual([]);
			if (hostVersion === 2) {
				expect({
					failures: model.failures,
					remaining: model.remaining(),
					status: answer.status,
				}).toEqual({ failures: [], remaining: 0, status: 200 });
				expect(records(seen.toolMessage!)).toEqual([{ error: REFUSED }]);
				expect(answer.body).toEqual({
					output: 'The number 212-555-0177 is not a valid fax number; nothing was forwarded.',
				});
			} else {
				// n8n 1.x's engine stops the workflow on a tool node's error: the model is not asked again, the Webhook answers 500.
				const [failed] = (await n8n.executions(workflowId)).filter(
					(execution) => execution.status === 'error',
				);
				expect({
					remaining: model.remaining(),
					status: answer.status,
					error: failed?.data?.resultData.error?.message,
				}).toEqual({ remaining: 1, status: 500, error: REFUSED });
			}
		},
		3 * MACHINE_MINUTE,
	);

	test(
		"with the tool's On Error set to continue, the model gets the node's message on both majors, and nothing is sent",
		async () => {
			const sentBefore = sandbox.requests.length;
			const { seen, answer: asked } = refusedForward(CONTINUE_PATH);
			const answer = await asked;
			expect({
				failures: model.failures,
				remaining: model.remaining(),
				status: answer.status,
			}).toEqual({ failures: [], remaining: 0, status: 200 });
			// The node's own error item (Continue On Fail): its message and its hint.
			expect(records(seen.toolMessage!)).toEqual([{ error: REFUSED, description: REFUSED_HINT }]);
			expect(sandbox.requests.slice(sentBefore)).toEqual([]);
			expect(answer.body).toEqual({
				output: 'The number 212-555-0177 is not a valid fax number; nothing was forwarded.',
			});
		},
		3 * MACHINE_MINUTE,
	);
});
