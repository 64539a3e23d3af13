/**
 * The action node over MCP, in a real n8n: n8n's MCP Server Trigger with three Fax Service Tool nodes
 * attached, and a real MCP client (@modelcontextprotocol/sdk, streamable HTTP) that lists the tools and
 * calls them against the sandbox.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { startSandbox, type Sandbox } from '../../sandbox';
import { mcpServerWorkflow } from './helpers/ai-workflows';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	sharedInstance,
	ensureInstalled,
	logToStderr,
	sandboxCredential,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { provisionNumber, receiveFax, sandboxApi } from './helpers/sandbox-api';
import { MACHINE_MINUTE } from '../harness/machine';

const MCP_PATH = 'fax-tools';
const SENDER = '+13105550111';

type Json = Record<string, unknown>;
type ToolResult = { content: Array<{ type: string; text?: string }>; isError?: boolean };

describeOnHosts(BOTH_HOSTS, "Fax Service Tool over n8n's MCP Server Trigger", ({ hostVersion }) => {
	let sandbox: Sandbox;
	let today: string;
	let n8n: N8nHostInstance;
	let client: Client;
	let faxId: string;

	const text = (result: ToolResult): string =>
		result.content.map((part) => part.text ?? '').join('');

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		sandbox = await startSandbox({
			port: 0,
			timing: { inProgressAfterMs: 50, completeAfterMs: 100, aiCompleteAfterMs: 100 },
		});
		const api = sandboxApi(sandbox);
		// The faxes' day (UTC, n8n's time zone here): what the calls filter on, even if the test runs past midnight.
		today = new Date().toISOString().slice(0, 10);
		faxId = await receiveFax(api, await provisionNumber(api), SENDER, 'REFERRAL to cardiology');

		// The run's n8n of this host, shared with the other suites that need a plain one.
		n8n = await sharedInstance({ hostVersion });
		// Saved and published in the running n8n, as in the editor (the REST calls; no n8n CLI boot per step).
		const [credential] = await n8n.importCredentials([sandboxCredential(sandbox)]);
		const [workflow] = await n8n.importWorkflows([
			mcpServerWorkflow('Fax tools over MCP', MCP_PATH, {
				id: credential.id,
				name: credential.name,
			}),
		]);
		await n8n.publishWorkflow(workflow.id);

		client = new Client({ name: 'fax-service-e2e', version: '1.0.0' });
		await client.connect(
			new StreamableHTTPClientTransport(new URL(`${n8n.baseUrl}/mcp/${MCP_PATH}`)),
		);
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await client?.close();
		await n8n?.dispose();
		await sandbox?.stop();
	}, 2 * MACHINE_MINUTE);

	test('lists the tools with their descriptions and the $fromAI parameters as input schema', async () => {
		const { tools } = await client.listTools();
		const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
		expect(Object.keys(byName).sort()).toEqual([
			'Forward_Received_Fax',
			'Get_Received_Fax',
			'List_Received_Faxes',
		]);
		expect(byName.List_Received_Faxes).toMatchObject({
			description: 'Lists received faxes, newest first, filtered by sender and date',
			inputSchema: {
				type: 'object',
				properties: {
					fromNumber: {
						type: 'string',
						description: 'Only faxes from this sender fax number, in E.164 form',
					},
					receivedAfter: {
						type: 'string',
						description: 'Only faxes received on or after this date, YYYY-MM-DD',
					},
				},
				required: expect.arrayContaining(['fromNumber', 'receivedAfter']),
			},
		});
		expect(byName.Forward_Received_Fax.inputSchema.properties).toEqual({
			faxId: { type: 'string', description: 'The faxId of the received fax' },
			toNumber: {
				type: 'string',
				description: 'The fax number to forward to, in E.164 form like +15551234567',
			},
		});
	});

	test(
		'a call runs the node against the sandbox and returns its records',
		async () => {
			const before = sandbox.requests.length;
			const result = (await client.callTool({
				name: 'List_Received_Faxes',
				arguments: { fromNumber: SENDER, receivedAfter: today },
			})) as ToolResult;
			expect(result.isError).toBeFalsy();
			expect(result.content).toHaveLength(1);
			const records = JSON.parse(text(result)) as Json[];
			expect(
				records.map((fax) => ({
					sendToken: fax.sendToken,
					fromNumber: fax.fromNumber,
					documentClassification: fax.documentClassification,
				})),
			).toEqual([{ sendToken: faxId, fromNumber: SENDER, documentClassification: 'referral' }]);
			expect(
				sandbox.requests
					.slice(before)
					.map((r) => ({ method: r.method, path: r.path, query: r.query })),
			).toEqual([
				{
					method: 'GET',
					path: '/api/v2/received_faxes',
					query: expect.objectContaining({ from_number: SENDER, date_start: today }),
				},
			]);
		},
		2 * MACHINE_MINUTE,
	);

	test(
		'an argument the node refuses comes back as its message, and nothing is sent',
		async () => {
			const before = sandbox.requests.length;
			const result = (await client.callTool({
				name: 'Forward_Received_Fax',
				arguments: { faxId, toNumber: '212-555-0177' },
			})) as ToolResult;
			// n8n names the error's class on 2.x (NodeOperationError), only "Error" on 1.x; then the node's message and hint.
			expect(result).toEqual({
				content: [
					{
						type: 'text',
						text: `${hostVersion === 2 ? 'NodeOperationError' : 'Error'}: To Number must be an E.164 number like +15551234567 [item 0]\n\nDetails: Got "212-555-0177". A plus sign, the country code and the number, with no spaces or punctuation.`,
					},
				],
				isError: true,
			});
			expect(sandbox.requests.slice(before)).toEqual([]);
		},
		2 * MACHINE_MINUTE,
	);
});
