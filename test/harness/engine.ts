import { Container } from '@n8n/di';
import {
	BinaryDataConfig,
	BinaryDataService,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	WebhookContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypeData,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IVersionedNodeType,
	IWebhookData,
	IWebhookResponseData,
	WorkflowExecuteMode,
	IWorkflowExecuteAdditionalData,
	IBinaryData,
} from 'n8n-workflow';
import { createRunExecutionData, NodeHelpers, Workflow } from 'n8n-workflow';

import { FaxServiceApi } from '../../credentials/FaxServiceApi.credentials';
import { FaxService } from '../../nodes/FaxService/FaxService.node';
import { TestCredentialsHelper } from './credentials';
import { TestInput } from './test-input.node';

/**
 * Runs workflows through n8n-core's real WorkflowExecute, the way n8n's own node-test harness
 * does: real node execution contexts, real parameter and expression resolution, real HTTP
 * helpers and binary data storage. Only the pieces a server would provide (credential store,
 * lifecycle hooks) are supplied here.
 */

export const NODE_TYPE = {
	faxService: 'n8n-nodes-fax-service.faxService',
	testInput: 'test.input',
} as const;

const nodeTypeData: INodeTypeData = {
	[NODE_TYPE.faxService]: { type: new FaxService(), sourcePath: '' },
	[NODE_TYPE.testInput]: { type: new TestInput(), sourcePath: '' },
};

export function registerNodeType(name: string, type: INodeType | IVersionedNodeType): void {
	nodeTypeData[name] = { type, sourcePath: '' };
}

export const nodeTypes: INodeTypes = {
	getByName(name) {
		const entry = nodeTypeData[name];
		if (!entry) throw new Error(`Unknown node type ${name}`);
		return entry.type;
	},
	getByNameAndVersion(name, version) {
		return NodeHelpers.getVersionedNodeType(this.getByName(name), version);
	},
	getKnownTypes() {
		return {};
	},
};

export const credentialTypes: Record<string, ICredentialType> = {
	faxServiceApi: new FaxServiceApi(),
};

export type BinaryMode = 'default' | 'filesystem';

let binaryMode: BinaryMode | undefined;

/** Registers the BinaryDataService in the container: in memory ('default') or on disk. */
export async function useBinaryMode(mode: BinaryMode): Promise<BinaryDataService> {
	const service = Container.get(BinaryDataService);
	if (binaryMode !== mode) {
		const config = Container.get(BinaryDataConfig);
		config.mode = mode;
		await service.init();
		binaryMode = mode;
	}
	return service;
}

export async function binaryBuffer(binary: IBinaryData): Promise<Buffer> {
	return await Container.get(BinaryDataService).getAsBuffer(binary);
}

export function additionalDataFor(
	credentials: Record<string, ICredentialDataDecryptedObject>,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new TestCredentialsHelper(credentialTypes, credentials),
		executeWorkflow: async () => {
			throw new Error('Sub-workflows are not used in these tests');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('Task runners are not used in these tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface RunOptions {
	nodes: INode[];
	connections: IConnections;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Name of the node the execution starts at; the first node when omitted. */
	startNode?: string;
	/** The workflow's static data (as n8n loads it with the workflow); changed in place by the run. */
	staticData?: IDataObject;
	/** What a server adds to the run's additional data, e.g. `executionId` (needed for resume URLs) or `webhookWaitingBaseUrl`. */
	additionalData?: Partial<IWorkflowExecuteAdditionalData>;
	/** Stops the execution when it resolves, as n8n's Stop button and Timeout Workflow do (the run then ends as canceled at once). */
	stopWhen?: Promise<unknown>;
}

export interface RunResult {
	run: IRun;
	/** Items of a node's first output in its first run. */
	output(nodeName: string): INodeExecutionData[];
	/** Items of each of a node's outputs in its first run (a node set to "Continue (using error output)" has its error output last). */
	outputs(nodeName: string): INodeExecutionData[][];
	/** The error a node stopped with, if any. */
	error(nodeName: string): (Error & IDataObject) | undefined;
}

export async function runWorkflow(options: RunOptions): Promise<RunResult> {
	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'test',
		nodes: options.nodes,
		connections: options.connections,
		active: false,
		nodeTypes,
		staticData: options.staticData,
		settings: { executionOrder: 'v1' },
	});
	const startNode = workflow.getNode(options.startNode ?? options.nodes[0].name);
	if (!startNode) throw new Error('Start node not found');

	const hooks = new ExecutionLifecycleHooks('manual', `test-${Date.now()}`, {
		id: workflow.id,
		name: 'test',
		nodes: options.nodes,
		connections: options.connections,
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		settings: {},
	} as never);
	let finish: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (finish = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finish(run));

	const additionalData = {
		...additionalDataFor(options.credentials ?? {}),
		...options.additionalData,
	};
	additionalData.hooks = hooks;

	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: startNode, data: { main: [[{ json: {} }]] }, source: null }],
		},
	});
	const execute = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	const running = execute.processRunExecutionData(workflow);
	void options.stopWhen?.then(() => running.cancel());
	await running;
	const run = await finished;

	return {
		run,
		output(nodeName) {
			const task = run.data.resultData.runData[nodeName]?.[0];
			if (!task)
				throw new Error(
					`Node "${nodeName}" did not run. Workflow error: ${run.data.resultData.error?.message ?? 'none'}`,
				);
			return task.data?.main?.[0] ?? [];
		},
		outputs(nodeName) {
			const task = run.data.resultData.runData[nodeName]?.[0];
			if (!task)
				throw new Error(
					`Node "${nodeName}" did not run. Workflow error: ${run.data.resultData.error?.message ?? 'none'}`,
				);
			return (task.data?.main ?? []).map((items) => items ?? []);
		},
		error(nodeName) {
			return run.data.resultData.runData[nodeName]?.[0]?.error as (Error & IDataObject) | undefined;
		},
	};
}

/** Calls a node's loadOptions or listSearch method through n8n-core's real LoadOptionsContext. */
export async function callNodeMethod<T>(
	kind: 'loadOptions' | 'listSearch',
	method: string,
	node: INode,
	credentials: Record<string, ICredentialDataDecryptedObject>,
	filter?: string,
): Promise<T> {
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const context = new LoadOptionsContext(
		workflow,
		node,
		additionalDataFor(credentials),
		'parameters',
	);
	const type = nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const fn = (
		type.methods?.[kind] as
			| Record<string, (this: unknown, filter?: string) => Promise<T>>
			| undefined
	)?.[method];
	if (!fn) throw new Error(`No ${kind} method ${method}`);
	return await fn.call(context, filter);
}

export interface WebhookCall {
	nodes: INode[];
	connections: IConnections;
	/** The node whose `webhook()` handles the request. */
	nodeName: string;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** The request as n8n's body parsers leave it: lower-case header names, parsed body. */
	request: { headers: Record<string, string | undefined>; body: unknown; query?: IDataObject };
	/** A waiting execution's data (its stack's first entry is the input the node sees), or none for a trigger. */
	runExecutionData?: IRunExecutionData | null;
	mode?: WorkflowExecuteMode;
	additionalData?: Partial<IWorkflowExecuteAdditionalData>;
}

export interface WebhookCallResult {
	/** What `webhook()` returned. */
	result: IWebhookResponseData;
	/** What the node answered itself through the response object, if it did. */
	answered?: { status: number; body: unknown };
}

/**
 * Calls a node's `webhook()` through n8n-core's real WebhookContext, as n8n's webhook service does:
 * the request and response objects reach the node through `additionalData.httpRequest`/`httpResponse`.
 */
export async function callNodeWebhook(call: WebhookCall): Promise<WebhookCallResult> {
	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'test',
		nodes: call.nodes,
		connections: call.connections,
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1' },
	});
	const node = workflow.getNode(call.nodeName);
	if (!node) throw new Error(`Node "${call.nodeName}" not found`);
	const type = nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const description = type.description.webhooks?.[0];
	if (!type.webhook || !description) throw new Error(`Node "${call.nodeName}" has no webhook`);

	let answered: WebhookCallResult['answered'];
	let status = 200;
	const res = {
		status(code: number) {
			status = code;
			return res;
		},
		json(body: unknown) {
			answered = { status, body };
			return res;
		},
		send(body: unknown) {
			answered = { status, body };
			return res;
		},
		end() {
			answered ??= { status, body: undefined };
			return res;
		},
	};
	const req = {
		method: 'POST',
		headers: call.request.headers,
		body: call.request.body,
		query: call.request.query ?? {},
		params: {},
	};
	const additionalData = {
		...additionalDataFor(call.credentials),
		...call.additionalData,
		httpRequest: req,
		httpResponse: res,
	} as unknown as IWorkflowExecuteAdditionalData;
	const webhookData: IWebhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: node.id,
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: additionalData,
	};
	const context = new WebhookContext(
		workflow,
		node,
		additionalData,
		call.mode ?? 'webhook',
		webhookData,
		[],
		call.runExecutionData ?? null,
	);
	const result = await type.webhook.call(context);
	return { result, answered };
}

/**
 * Sends a credential type's declarative `test` request the way n8n does when a user presses
 * "Test" on a credential: its expressions resolved against the credential data, authenticated
 * by the credential's own `authenticate` block, sent with n8n-core's HTTP helper.
 */
export async function testCredential(
	typeName: string,
	data: ICredentialDataDecryptedObject,
): Promise<{ ok: true } | { ok: false; statusCode: number | undefined; message: string }> {
	const type = credentialTypes[typeName];
	if (!type.test || !('request' in type.test)) throw new Error(`${typeName} has no test request`);
	const helper = new TestCredentialsHelper(credentialTypes, { [typeName]: data });
	const request = type.test.request;
	const node: INode = {
		id: 'credential-test',
		name: 'Credential Test',
		type: NODE_TYPE.faxService,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [typeName]: { id: '1', name: 'under test' } },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	const additionalData = additionalDataFor({ [typeName]: data });
	const context = new LoadOptionsContext(workflow, node, additionalData, 'parameters');
	const baseURL = String(helper.resolve(request.baseURL ?? '', data));
	const url = String(helper.resolve(request.url ?? '', data));
	try {
		await context.helpers.httpRequestWithAuthentication.call(context, typeName, {
			method: request.method ?? 'GET',
			url: `${baseURL}${url}`,
			json: true,
		});
		return { ok: true };
	} catch (error) {
		const err = error as {
			httpCode?: string;
			message: string;
			cause?: { status?: number; response?: { status?: number } };
		};
		const statusCode = err.httpCode
			? Number(err.httpCode)
			: (err.cause?.status ?? err.cause?.response?.status);
		return { ok: false, statusCode, message: err.message };
	}
}
