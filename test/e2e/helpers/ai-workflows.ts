/**
 * Builders of the n8n workflow JSON the AI suites import: the Fax Service Tool nodes (the tool variant
 * n8n makes of the action node, `usableAsTool`), n8n's OpenAI Chat Model set to chat completions, the
 * AI Agent behind a Webhook (and a file fetched before it), and the MCP Server Trigger; and asking the
 * agent. Node versions are those the editor adds on each host.
 */
import { randomUUID } from 'crypto';

import {
	sandboxCredential,
	webhookNode,
	type CredentialJson,
	type HostVersion,
	type N8nHostInstance,
	type WorkflowJson,
} from './n8n-host';
import { pdfStep } from './webhook-steps';

type Json = Record<string, unknown>;
type CredentialRef = { id: string; name: string };

export const FAX_SERVICE_TOOL_TYPE = 'n8n-nodes-fax-service.faxServiceTool';

/** A `$fromAI(...)` expression, as the editor's "Let the model define this parameter" button writes it (with a description). */
export const fromAI = (
	key: string,
	description: string,
	type: 'string' | 'number' = 'string',
): string => `={{ $fromAI('${key}', \`${description}\`, '${type}') }}`;

/** The three received-fax tools the suites attach: list (filters from the model), read one, forward one. */
export function receivedFaxTools(): Array<{ name: string; description: string; parameters: Json }> {
	return [
		{
			name: 'List Received Faxes',
			description: 'Lists received faxes, newest first, filtered by sender and date',
			parameters: {
				resource: 'receivedFax',
				operation: 'getMany',
				limit: 10,
				filters: {
					fromNumber: fromAI('fromNumber', 'Only faxes from this sender fax number, in E.164 form'),
					dateStart: fromAI(
						'receivedAfter',
						'Only faxes received on or after this date, YYYY-MM-DD',
					),
				},
			},
		},
		{
			name: 'Get Received Fax',
			description: 'Reads one received fax by its faxId',
			parameters: {
				resource: 'receivedFax',
				operation: 'get',
				faxId: fromAI('faxId', 'The faxId of the received fax'),
			},
		},
		{
			name: 'Forward Received Fax',
			description: 'Forwards a received fax to another fax number',
			parameters: {
				resource: 'receivedFax',
				operation: 'forward',
				faxId: fromAI('faxId', 'The faxId of the received fax'),
				toNumber: fromAI(
					'toNumber',
					'The fax number to forward to, in E.164 form like +15551234567',
				),
			},
		},
	];
}

/**
 * A tool that faxes a letter the model writes: Sent Fax → Send with the tool's default Document Source
 * (Text), the letter, the number and the cover page's recipient and subject from the model.
 */
export function faxLetterTool(fromNumber: string): {
	name: string;
	description: string;
	parameters: Json;
} {
	return {
		name: 'Fax Letter',
		description: 'Faxes a letter you write to a fax number, with a cover page',
		parameters: {
			resource: 'sentFax',
			operation: 'send',
			fromNumber: { __rl: true, mode: 'number', value: fromNumber },
			toNumber: fromAI('toNumber', 'The fax number to send to, in E.164 form like +15551234567'),
			text: fromAI('letter', 'The whole text of the letter, in Markdown'),
			addCoverPage: true,
			coverPage: {
				to: fromAI('recipientName', 'Who the fax is for'),
				subject: fromAI('subject', 'The subject line of the cover page'),
			},
		},
	};
}

/** n8n's per-node error setting (Settings → On Error): stop the workflow (n8n's default), or go on with an error item. */
export type OnError = 'stopWorkflow' | 'continueRegularOutput';

/** A Fax Service Tool node with a description of its own ("Set Manually"). */
export function faxServiceToolNode(
	tool: { name: string; description: string; parameters: Json },
	credential: CredentialRef,
	position: [number, number],
	onError?: OnError,
): Json {
	return {
		id: randomUUID(),
		name: tool.name,
		type: FAX_SERVICE_TOOL_TYPE,
		typeVersion: 1,
		position,
		parameters: {
			descriptionType: 'manual',
			toolDescription: tool.description,
			...tool.parameters,
		},
		credentials: { faxServiceApi: credential },
		...(onError && { onError }),
	};
}

/** n8n's OpenAI credential with its Base URL on the test's model server. */
export function openAiCredential(baseUrl: string): CredentialJson {
	return {
		name: 'Model server',
		type: 'openAiApi',
		data: { apiKey: 'sk-model-server-key', url: baseUrl },
	};
}

/**
 * Saves an agent suite's two credentials in a running n8n (the sandbox's, the model server's), as the
 * editor does, and returns them as the workflows refer to them.
 */
export async function saveAgentCredentials(
	n8n: N8nHostInstance,
	sandbox: { baseUrl: string; testKey: string; liveKey: string },
	modelBaseUrl: string,
): Promise<{ faxService: CredentialRef; openAi: CredentialRef }> {
	const [faxService, openAi] = await n8n.importCredentials([
		sandboxCredential(sandbox),
		openAiCredential(modelBaseUrl),
	]);
	return {
		faxService: { id: faxService.id, name: faxService.name },
		openAi: { id: openAi.id, name: openAi.name },
	};
}

/** OpenAI Chat Model 1.3 (the editor's) with "Use Responses API" off: chat completions, what OpenAI-compatible servers speak. */
export function openAiChatModelNode(credential: CredentialRef, position: [number, number]): Json {
	return {
		id: randomUUID(),
		name: 'OpenAI Chat Model',
		type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
		typeVersion: 1.3,
		position,
		parameters: {
			model: { __rl: true, mode: 'id', value: 'scripted-model' },
			responsesApiEnabled: false,
			options: {},
		},
		credentials: { openAiApi: credential },
	};
}

/** Webhook (POST { chatInput }, answers with the agent's output) → AI Agent, with the model and the tools attached. */
export function agentWorkflow(
	hostVersion: HostVersion,
	name: string,
	path: string,
	credentials: { faxService: CredentialRef; openAi: CredentialRef },
	onError?: OnError,
	tools = receivedFaxTools(),
): WorkflowJson {
	const toolNodes = tools.map((tool, index) =>
		faxServiceToolNode(tool, credentials.faxService, [360 + index * 160, 240], onError),
	);
	return {
		name,
		nodes: [
			webhookNode(path, { responseMode: 'lastNode' }),
			{
				id: randomUUID(),
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				// What the editor adds: 3.1 on n8n 2.41, 3 on 1.123 (its newest).
				typeVersion: hostVersion === 2 ? 3.1 : 3,
				position: [240, 0],
				parameters: {
					promptType: 'define',
					text: '={{ $json.body.chatInput }}',
					options: { systemMessage: 'You handle the inbound faxes of a clinic.' },
				},
			},
			openAiChatModelNode(credentials.openAi, [160, 240]),
			...toolNodes,
		],
		connections: {
			Webhook: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': {
				ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
			},
			...Object.fromEntries(
				toolNodes.map((node) => [
					node.name,
					{ ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
				]),
			),
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The agent's workflow with n8n's HTTP Request node fetching a file (`name`, into binary field data) between its Webhook and the agent. */
export function withFileFirst(workflow: WorkflowJson, url: string, name: string): WorkflowJson {
	const getFile = { id: name, position: [120, 0], ...pdfStep(url, name) };
	const connections = {
		...workflow.connections,
		Webhook: { main: [[{ node: name, type: 'main', index: 0 }]] },
		[name]: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
	};
	return { ...workflow, nodes: [...workflow.nodes, getFile], connections };
}

/** Asks the agent of agentWorkflow at `path` (POST { chatInput }): the HTTP status and the agent's answer. */
export async function askAgent(
	n8n: N8nHostInstance,
	path: string,
	chatInput: string,
): Promise<{ status: number; body: Json }> {
	const response = await fetch(n8n.webhookUrl(path), {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ chatInput }),
	});
	return { status: response.status, body: (await response.json()) as Json };
}

/** MCP Server Trigger 2 (streamable HTTP at /mcp/<path>) with the tools attached. */
export function mcpServerWorkflow(
	name: string,
	path: string,
	faxService: CredentialRef,
	tools = receivedFaxTools(),
): WorkflowJson {
	const toolNodes = tools.map((tool, index) =>
		faxServiceToolNode(tool, faxService, [index * 160, 240]),
	);
	return {
		name,
		nodes: [
			{
				id: randomUUID(),
				name: 'MCP Server Trigger',
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: { path },
			},
			...toolNodes,
		],
		connections: Object.fromEntries(
			toolNodes.map((node) => [
				node.name,
				{ ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
			]),
		),
		settings: { executionOrder: 'v1' },
	};
}
