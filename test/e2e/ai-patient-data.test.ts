/**
 * Patient Data for the Model in a real n8n (issue 55): n8n's AI Agent with its OpenAI Chat Model on
 * the scripted model server (test/harness/model-server.ts) reads a received fax, faxes a referral
 * whose patient the workflow's author set on the tool, and reads the sent fax back (Raw). The test
 * reads what n8n handed the model as each tool's result: from Fax Service Tool nodes of version 1.1
 * with the option off (the default) and on, and of version 1 (saved before 1.1: everything, as before).
 * An MCP client (n8n's MCP Server Trigger) gets the same.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import type { Sandbox } from '../../sandbox';
import { SANDBOX_PATIENT } from '../../sandbox/extraction';
import { toolResults, type ChatRequest, type ModelServer } from '../harness/model-server';
import { startAiServices, type AiServices } from './helpers/ai-services';
import {
	agentWorkflow,
	FAX_SERVICE_TOOL_TYPE,
	fromAI,
	mcpServerWorkflow,
	receivedFaxTools,
	saveAgentCredentials,
} from './helpers/ai-workflows';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	sharedInstance,
	ensureInstalled,
	logToStderr,
	type N8nHostInstance,
	type WorkflowJson,
} from './helpers/n8n-host';
import { MACHINE_MINUTE } from '../harness/machine';

const REFERRAL_TO = '+12125550188';
/** The patient the author typed on the Send tool: the service gets it, the model only when allowed. */
const AUTHOR_PATIENT = { patientName: 'Orvillea Tranquist', patientDob: '1931-02-03' };

type Json = Record<string, unknown>;
type Setting = 'version 1' | 'off' | 'on';
const SETTINGS: Setting[] = ['version 1', 'off', 'on'];
const pathOf = (setting: Setting) => `patient-data-${setting.replace(' ', '-')}`;
const MCP_PATH = 'patient-data-tools';

/** Get Received Fax (the tool's Simplified), Fax Referral (Send, a letter the model writes) and Get Sent Fax (Raw). */
function tools(fromNumber: string): Array<{ name: string; description: string; parameters: Json }> {
	return [
		receivedFaxTools()[1],
		{
			name: 'Fax Referral',
			description: 'Faxes a referral letter you write for the patient of this workflow',
			parameters: {
				resource: 'sentFax',
				operation: 'send',
				fromNumber: { __rl: true, mode: 'number', value: fromNumber },
				toNumber: fromAI('toNumber', 'The fax number to send to, in E.164 form'),
				text: fromAI('letter', 'The whole text of the letter'),
				additionalFields: { ...AUTHOR_PATIENT },
			},
		},
		{
			name: 'Get Sent Fax',
			description: 'Reads one sent fax by its faxId, every field',
			parameters: {
				resource: 'sentFax',
				operation: 'get',
				faxId: fromAI('faxId', 'The faxId Fax Referral returned'),
				output: 'raw',
			},
		},
	];
}

/** The Fax Service Tool nodes of `workflow` (those named in `only`, when given) as saved with this setting. */
function withSetting(workflow: WorkflowJson, setting: Setting, only?: string[]): WorkflowJson {
	const nodes = (workflow.nodes as Json[]).map((node) =>
		node.type !== FAX_SERVICE_TOOL_TYPE || (only && !only.includes(String(node.name)))
			? node
			: {
					...node,
					typeVersion: setting === 'version 1' ? 1 : 1.1,
					parameters: {
						...(node.parameters as Json),
						...(setting === 'on' && { patientDataForModel: true }),
					},
				},
	);
	return { ...workflow, nodes } as WorkflowJson;
}

describeOnHosts(BOTH_HOSTS, 'Patient Data for the Model under an AI Agent', ({ hostVersion }) => {
	let sandbox: Sandbox;
	let model: ModelServer;
	let n8n: N8nHostInstance;
	let faxIds: AiServices['faxIds'];
	let services: AiServices | undefined;
	let mcp: Client | undefined;
	/** Each tool's result as the model received it, per setting. */
	const received: Partial<Record<Setting, Record<string, string>>> = {};

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		services = await startAiServices();
		({ model, sandbox, faxIds } = services);
		n8n = await sharedInstance({ hostVersion });
		const credentials = await saveAgentCredentials(n8n, sandbox, model.baseUrl);
		// Over MCP: the same Get Received Fax, of version 1.1, off and on.
		const withPatient = { ...receivedFaxTools()[1], name: 'Get Received Fax With Patient' };
		const mcpWorkflow = withSetting(
			withSetting(
				mcpServerWorkflow('Patient data over MCP', MCP_PATH, credentials.faxService, [
					receivedFaxTools()[1],
					withPatient,
				]),
				'off',
			),
			'on',
			[withPatient.name],
		);
		const workflows = await n8n.importWorkflows([
			mcpWorkflow,
			...SETTINGS.map((setting) =>
				withSetting(
					agentWorkflow(
						hostVersion,
						`Patient data, ${setting}`,
						pathOf(setting),
						credentials,
						undefined,
						tools(services!.faxNumber),
					),
					setting,
				),
			),
		]);
		for (const workflow of workflows) await n8n.publishWorkflow(workflow.id);
		for (const setting of SETTINGS) await n8n.waitForWebhook(pathOf(setting));

		// One agent run per setting: read the referral, fax a letter about it, read the fax back.
		for (const setting of SETTINGS) {
			const results: Record<string, string> = {};
			const last = (request: ChatRequest) => {
				const result = toolResults(request).at(-1)!;
				results[result.name] = result.content;
				return JSON.parse(result.content) as Json[];
			};
			model.script([
				() => ({ toolCalls: [{ name: 'Get_Received_Fax', arguments: { faxId: faxIds.sender } }] }),
				(request) => {
					last(request);
					return {
						toolCalls: [
							{
								name: 'Fax_Referral',
								arguments: { toNumber: REFERRAL_TO, letter: 'Please see the patient.' },
							},
						],
					};
				},
				(request) => {
					const [queued] = last(request);
					return {
						toolCalls: [{ name: 'Get_Sent_Fax', arguments: { faxId: String(queued.faxId) } }],
					};
				},
				(request) => {
					last(request);
					return { content: 'Done.' };
				},
			]);
			const response = await fetch(n8n.webhookUrl(pathOf(setting)), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ chatInput: 'Refer the patient of the cardiology referral.' }),
			});
			expect({
				setting,
				status: response.status,
				body: await response.text(),
				failures: model.failures,
				remaining: model.remaining(),
			}).toEqual({
				setting,
				status: 200,
				body: JSON.stringify({ output: 'Done.' }),
				failures: [],
				remaining: 0,
			});
			received[setting] = results;
		}
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await mcp?.close();
		await n8n?.dispose();
		await services?.stop();
	}, 2 * MACHINE_MINUTE);

	const result = (setting: Setting, tool: string): Json =>
		(JSON.parse(received[setting]![tool]) as Json[])[0];
	const PATIENT_VALUES = [
		SANDBOX_PATIENT.patientName,
		SANDBOX_PATIENT.patientDob,
		AUTHOR_PATIENT.patientName,
		AUTHOR_PATIENT.patientDob,
	];
	const patientValuesIn = (setting: Setting): string[] =>
		PATIENT_VALUES.filter((value) =>
			Object.values(received[setting]!).some((content) => content.includes(value)),
		);

	test('off (the default of a new tool node): the model gets ids, statuses, times, pages and the document type, and no patient value', () => {
		expect(patientValuesIn('off')).toEqual([]);
		expect(result('off', 'Get_Received_Fax')).toMatchObject({
			sendToken: faxIds.sender,
			faxStatus: 'success',
			numPages: expect.any(Number),
			completedAt: expect.any(String),
			documentClassification: 'referral',
		});
		expect(result('off', 'Get_Received_Fax')).not.toHaveProperty('patientName');
		expect(Object.keys(result('off', 'Fax_Referral')).sort()).toEqual(['faxId', 'message']);
		const sent = result('off', 'Get_Sent_Fax');
		expect(sent).toMatchObject({ toNumber: REFERRAL_TO, sentStatus: expect.any(String) });
		for (const field of ['patientName', 'patientDob', 'note', 'secureLink'])
			expect(sent).not.toHaveProperty(field);
		// The author's patient reached the service all the same.
		const sends = sandbox.requests.filter(
			(r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes',
		);
		expect(sends.map((r) => (r.body as Json).patient_name)).toEqual(
			SETTINGS.map(() => AUTHOR_PATIENT.patientName),
		);
	});

	test('on: the model gets the patient fields too', () => {
		expect(patientValuesIn('on')).toEqual(PATIENT_VALUES);
		expect(result('on', 'Get_Received_Fax')).toMatchObject({
			patientName: SANDBOX_PATIENT.patientName,
			patientDob: SANDBOX_PATIENT.patientDob,
		});
		expect(result('on', 'Get_Sent_Fax')).toMatchObject(AUTHOR_PATIENT);
	});

	test('a version-1 tool node (saved before 1.1) gives the model what it did before: everything', () => {
		expect(patientValuesIn('version 1')).toEqual(PATIENT_VALUES);
		expect(Object.keys(result('version 1', 'Get_Received_Fax')).sort()).toEqual(
			Object.keys(result('on', 'Get_Received_Fax')).sort(),
		);
		expect(Object.keys(result('version 1', 'Get_Sent_Fax')).sort()).toEqual(
			Object.keys(result('on', 'Get_Sent_Fax')).sort(),
		);
	});

	test(
		'over MCP, the client gets the same: no patient value from a version-1.1 tool unless the option is on',
		async () => {
			mcp = new Client({ name: 'fax-service-e2e', version: '1.0.0' });
			await mcp.connect(
				new StreamableHTTPClientTransport(new URL(`${n8n.baseUrl}/mcp/${MCP_PATH}`)),
			);
			const call = async (name: string): Promise<string> => {
				const result = (await mcp!.callTool({ name, arguments: { faxId: faxIds.sender } })) as {
					content: Array<{ text?: string }>;
					isError?: boolean;
				};
				expect(result.isError).toBeFalsy();
				return result.content.map((part) => part.text ?? '').join('');
			};
			const off = await call('Get_Received_Fax');
			expect(JSON.parse(off)).toEqual([
				expect.objectContaining({ sendToken: faxIds.sender, documentClassification: 'referral' }),
			]);
			expect(off).not.toContain(SANDBOX_PATIENT.patientName);
			expect(off).not.toContain(SANDBOX_PATIENT.patientDob);
			const on = await call('Get_Received_Fax_With_Patient');
			expect(JSON.parse(on)).toEqual([
				expect.objectContaining({
					sendToken: faxIds.sender,
					patientName: SANDBOX_PATIENT.patientName,
					patientDob: SANDBOX_PATIENT.patientDob,
				}),
			]);
		},
		2 * MACHINE_MINUTE,
	);
});
