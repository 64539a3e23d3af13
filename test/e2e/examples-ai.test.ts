/**
 * The AI agent example (examples/ai-agent-inbound-faxes.json) runs in a real n8n as a user imports it:
 * its OpenAI credential's Base URL on the scripted model server (test/harness/model-server.ts), its
 * Fax Service tools on the sandbox. The model does what the example asks (find today's fax from a
 * sender, read it, forward it); the test checks the requests the tools sent and the agent's answer.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import type { Sandbox } from '../../sandbox';
import { messageText, toolResults, type ModelServer } from '../harness/model-server';
import { startAiServices, SENDER, type AiServices } from './helpers/ai-services';
import { FAX_SERVICE_TOOL_TYPE, openAiCredential } from './helpers/ai-workflows';
import { AI_AGENT_FILE, credentialIdsOf, localiseExample } from './helpers/examples';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	sharedInstance,
	ensureInstalled,
	itemsOf,
	logToStderr,
	REPO_ROOT,
	sandboxCredential,
	type N8nHostInstance,
	type WorkflowJson,
} from './helpers/n8n-host';
import { MACHINE_MINUTE } from '../harness/machine';

const FILE = join(REPO_ROOT, 'examples', AI_AGENT_FILE);
const FAX_CREDENTIAL = { id: 'fax-service-sandbox', name: 'Fax Service sandbox' };
const OPENAI_CREDENTIAL = { id: 'openai-account', name: 'OpenAI account' };
/** What the example's "Your Request" asks. */
const FORWARD_TO = '+12125550123';

type Json = Record<string, unknown>;
type ExampleNode = {
	name: string;
	type: string;
	typeVersion: number;
	parameters: Json;
	credentials?: Json;
};

const exampleText = (): string => readFileSync(FILE, 'utf8');
const records = (content: string): Json[] => JSON.parse(content) as Json[];

describe('AI agent example file', () => {
	const example = JSON.parse(exampleText()) as WorkflowJson & { nodes: ExampleNode[] };

	test("n8n's own nodes and this package's tool; credentials by id and name only, no secrets", () => {
		expect(
			exampleText().match(/sk_(test|live)_|sk-|testApiKey|liveApiKey|"apiKey"|Bearer /gi),
		).toBeNull();
		const kinds = example.nodes.map((node) => ({
			name: node.name,
			type: node.type,
			credentials: node.credentials,
		}));
		expect(kinds).toEqual([
			{ name: 'Sticky Note', type: 'n8n-nodes-base.stickyNote', credentials: undefined },
			{
				name: 'When clicking ‘Execute workflow’',
				type: 'n8n-nodes-base.manualTrigger',
				credentials: undefined,
			},
			{ name: 'Your Request', type: 'n8n-nodes-base.set', credentials: undefined },
			{ name: 'Fax Assistant', type: '@n8n/n8n-nodes-langchain.agent', credentials: undefined },
			{
				name: 'OpenAI Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				credentials: { openAiApi: OPENAI_CREDENTIAL },
			},
			...['List Received Faxes', 'Get Received Fax', 'Forward Received Fax'].map((name) => ({
				name,
				type: FAX_SERVICE_TOOL_TYPE,
				credentials: { faxServiceApi: FAX_CREDENTIAL },
			})),
		]);
	});

	test('the model speaks chat completions, and every tool parameter the model fills is a $fromAI', () => {
		expect(
			example.nodes.find((node) => node.name === 'OpenAI Chat Model')!.parameters,
		).toMatchObject({ responsesApiEnabled: false });
		const fromAI = example.nodes
			.filter((node) => node.type === FAX_SERVICE_TOOL_TYPE)
			.flatMap((node) => JSON.stringify(node.parameters).match(/\$fromAI\('\w+'/g) ?? []);
		expect(fromAI).toEqual([
			"$fromAI('fromNumber'",
			"$fromAI('receivedAfter'",
			"$fromAI('faxId'",
			"$fromAI('faxId'",
			"$fromAI('toNumber'",
		]);
	});
});

describeOnHosts(BOTH_HOSTS, 'AI agent example in a real n8n', ({ hostVersion }) => {
	let sandbox: Sandbox;
	let today: string;
	let model: ModelServer;
	let n8n: N8nHostInstance;
	let workflowId: string;
	let faxId: string;
	let services: AiServices | undefined;

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		services = await startAiServices();
		({ model, sandbox, today } = services);
		faxId = services.faxIds.sender;

		// The run's n8n of this host, shared with the other suites that need a plain one.
		n8n = await sharedInstance({ hostVersion });
		const saved = await n8n.importCredentials([
			{ ...sandboxCredential(sandbox), name: FAX_CREDENTIAL.name },
			{ ...openAiCredential(model.baseUrl), name: OPENAI_CREDENTIAL.name },
		]);
		const [workflow] = await n8n.importWorkflows([
			localiseExample(AI_AGENT_FILE, {
				sandboxOrigin: sandbox.origin,
				n8nBaseUrl: n8n.baseUrl,
				credentialIds: credentialIdsOf(saved, [FAX_CREDENTIAL, OPENAI_CREDENTIAL]),
			}),
		]);
		workflowId = workflow.id;
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		await services?.stop();
	}, 2 * MACHINE_MINUTE);

	test(
		"run by hand, the agent finds today's fax from the sender, reads it, forwards it and says so",
		async () => {
			let read: Json = {};
			let forwardedId = '';
			model.script([
				(request) => {
					const [system, user] = request.messages;
					const now = new Date().toISOString().slice(0, 10);
					if (
						!messageText(system).includes(`Today is ${now}.`) ||
						!messageText(user).includes(SENDER)
					)
						throw new Error(`unexpected prompt: ${JSON.stringify(request.messages)}`);
					return {
						toolCalls: [
							{
								name: 'List_Received_Faxes',
								arguments: { fromNumber: SENDER, receivedAfter: today },
							},
						],
					};
				},
				(request) => ({
					toolCalls: [
						{
							name: 'Get_Received_Fax',
							arguments: {
								faxId: String(records(toolResults(request).at(-1)!.content)[0]?.sendToken),
							},
						},
					],
				}),
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
					forwardedId = String(records(toolResults(request).at(-1)!.content)[0].faxId);
					return {
						content: `Fax ${String(read.sendToken)} is a ${String(read.documentClassification)} for ${String(read.patientName)}; forwarded to ${FORWARD_TO} as ${forwardedId}.`,
					};
				},
			]);

			// As the editor's Execute workflow runs it.
			const run = await n8n.runManually(workflowId);
			expect({
				failures: model.failures,
				remaining: model.remaining(),
				status: run.status,
			}).toEqual({ failures: [], remaining: 0, status: 'success' });

			const calls = sandbox.requests.filter(
				(r) => r.path.startsWith('/api/v2/received_faxes') && !r.path.endsWith('/test_receive'),
			);
			expect(
				calls.map((r) => ({ method: r.method, path: r.path, query: r.query, body: r.body })),
			).toEqual([
				{
					method: 'GET',
					path: '/api/v2/received_faxes',
					query: expect.objectContaining({ from_number: SENDER, date_start: today }),
					body: undefined,
				},
				{ method: 'GET', path: `/api/v2/received_faxes/${faxId}`, query: {}, body: undefined },
				{
					method: 'POST',
					path: `/api/v2/received_faxes/${faxId}/forward_as_fax`,
					query: {},
					body: { to_number: FORWARD_TO },
				},
			]);
			expect(forwardedId).toMatch(/^[0-9a-f]{24}$/);
			// Each tool call is a run of its node in the execution (what the README tells users to check).
			const runs = run.data.resultData.runData;
			expect(
				['List Received Faxes', 'Get Received Fax', 'Forward Received Fax'].map((name) => [
					name,
					runs[name]?.length,
				]),
			).toEqual([
				['List Received Faxes', 1],
				['Get Received Fax', 1],
				['Forward Received Fax', 1],
			]);
			expect(itemsOf(run, 'Fax Assistant')).toEqual([
				{
					output: `Fax ${faxId} is a referral for Jane Q Sample; forwarded to ${FORWARD_TO} as ${forwardedId}.`,
				},
			]);
		},
		4 * MACHINE_MINUTE,
	);
});
