import type {
	ICredentialDataDecryptedObject,
	IConnections,
	INode,
	INodeParameters,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { NODE_TYPE, runWorkflow } from './engine';
import type { RunResult } from './engine';
import type { TestInputItem } from './test-input.node';
import { AGENT_NODE_TYPE, TOOL_NODE_TYPE } from './tool';

/** Builds the small workflows most tests need: Test Input → Fax Service. */

export function credentialsFor(
	sandbox: Sandbox,
	overrides: Partial<Record<string, string>> = {},
): Record<string, ICredentialDataDecryptedObject> {
	return {
		faxServiceApi: {
			baseUrl: sandbox.baseUrl,
			authenticateWith: 'test',
			testApiKey: sandbox.testKey,
			liveApiKey: sandbox.liveKey,
			...overrides,
		},
	};
}

export function faxServiceNode(parameters: INodeParameters, settings: Partial<INode> = {}): INode {
	return {
		id: 'fax-service',
		name: 'Fax Service',
		type: NODE_TYPE.faxService,
		typeVersion: 1,
		position: [200, 0],
		parameters,
		credentials: { faxServiceApi: { id: '1', name: 'Fax Service account' } },
		...settings,
	};
}

/** Test Input (emitting `items`) → Fax Service with `parameters`. */
export function faxServiceWorkflow(
	parameters: INodeParameters,
	options: { items?: TestInputItem[]; node?: Partial<INode> } = {},
): { nodes: INode[]; connections: IConnections } {
	const input: INode = {
		id: 'input',
		name: 'Input',
		type: NODE_TYPE.testInput,
		typeVersion: 1,
		position: [0, 0],
		parameters: { items: (options.items ?? [{ json: {} }]) as never },
	};
	return {
		nodes: [input, faxServiceNode(parameters, options.node)],
		connections: { Input: { main: [[{ node: 'Fax Service', type: 'main', index: 0 }]] } },
	};
}

export async function runFaxService(
	sandbox: Sandbox,
	parameters: INodeParameters,
	options: {
		items?: TestInputItem[];
		credentials?: Partial<Record<string, string>>;
		node?: Partial<INode>;
		additionalData?: Partial<IWorkflowExecuteAdditionalData>;
		stopWhen?: Promise<unknown>;
	} = {},
): Promise<RunResult> {
	return await runWorkflow({
		...faxServiceWorkflow(parameters, options),
		credentials: credentialsFor(sandbox, options.credentials),
		startNode: 'Input',
		additionalData: options.additionalData,
		stopWhen: options.stopWhen,
	});
}

/**
 * Test Input (emitting `items`, named `inputName`) → the Test Agent, whose one tool is the Fax Service's
 * AI tool variant with `parameters` (test/harness/tool.ts), run as n8n runs a tool call.
 */
export async function runAsAgentTool(
	sandbox: Sandbox,
	parameters: INodeParameters,
	options: {
		items?: TestInputItem[];
		inputName?: string;
		/** the tool node's own settings, e.g. its typeVersion */
		node?: Partial<INode>;
		additionalData?: Partial<IWorkflowExecuteAdditionalData>;
	} = {},
): Promise<RunResult> {
	const inputName = options.inputName ?? 'Input';
	const input: INode = {
		id: 'input',
		name: inputName,
		type: NODE_TYPE.testInput,
		typeVersion: 1,
		position: [0, 0],
		parameters: { items: (options.items ?? [{ json: {} }]) as never },
	};
	const agent: INode = {
		id: 'agent',
		name: 'Test Agent',
		type: AGENT_NODE_TYPE,
		typeVersion: 1,
		position: [200, 0],
		parameters: {},
	};
	return await runWorkflow({
		nodes: [input, agent, faxServiceNode(parameters, { ...options.node, type: TOOL_NODE_TYPE })],
		connections: {
			[inputName]: { main: [[{ node: 'Test Agent', type: 'main', index: 0 }]] },
			'Fax Service': { ai_tool: [[{ node: 'Test Agent', type: 'ai_tool', index: 0 }]] },
		},
		credentials: credentialsFor(sandbox),
		startNode: inputName,
		additionalData: options.additionalData,
	});
}
