/**
 * Typed access to scripts/n8n-host.js (plain CommonJS, shared with `npm run dev`) for the end-to-end
 * tests, plus small builders of n8n workflow JSON.
 */
import { randomUUID } from 'crypto';
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';

/** A release of the compatibility suite (scripts/n8n-host/hosts.js, COMPAT_RELEASES), e.g. '1.66.0'. */
export type CompatRelease = `${number}.${number}.${number}`;
/** The hosts the harness can run (scripts/n8n-host/hosts.js): the pinned majors (2 is the default) or a compatibility release. */
export type HostVersion = 1 | 2 | CompatRelease;

/** n8n's IRunExecutionData, as far as the tests read it. */
export interface N8nRunData {
	resultData: {
		runData: Record<string, unknown[]>;
		lastNodeExecuted?: string;
		error?: { message?: string; [key: string]: unknown };
	};
	[key: string]: unknown;
}

/** What `n8n execute --rawOutput` prints: n8n's IRun. */
export interface N8nRun {
	status: string;
	mode: string;
	finished?: boolean;
	data: N8nRunData;
	[key: string]: unknown;
}

export interface N8nExecution {
	id: string;
	workflowId: string;
	mode: string;
	/** new | running | success | error | crashed | canceled | waiting ('running' while n8n 1.x has stored the status but not yet the run data) */
	status: string;
	/** the status n8n's row already says while its run data is not written yet (n8n 1.x on SQLite: database.js) */
	rowStatus?: string;
	finished: boolean;
	startedAt: string | null;
	stoppedAt: string | null;
	createdAt: string;
	lastNodeExecuted?: string;
	error?: unknown;
	/** json of the items each node produced (its last run, output 0) */
	items: Record<string, Array<Record<string, unknown>>>;
	/** the decoded run data n8n stored (IRunExecutionData) */
	data: N8nRunData | null;
	decodeError?: string;
}

export interface ActivationStatus {
	workflowId: string;
	name: string;
	versionId: string;
	state: 'pending' | 'activated' | 'failed';
	errors: string[];
}

export interface PackageLoaded {
	loaded: boolean;
	packageName: string | null;
	nodeTypes: string[];
	credentialTypes: string[];
	missingCredentialTypes: string[];
}

export interface WorkflowJson {
	id?: string;
	name: string;
	nodes: Array<Record<string, unknown>>;
	connections?: Record<string, unknown>;
	settings?: Record<string, unknown>;
	[key: string]: unknown;
}

export interface CredentialJson {
	id?: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
	[key: string]: unknown;
}

/** The n8n command an instance runs: `n8n start` (default), or in queue mode a worker or a webhook processor. */
export type N8nCommand = 'start' | 'worker' | 'webhook';

export interface N8nHostInstance {
	readonly hostVersion: HostVersion;
	readonly command: N8nCommand;
	/** the n8n binary of the instance's host */
	readonly n8nBin: string;
	readonly userFolder: string;
	readonly port: number;
	readonly brokerPort: number;
	readonly baseUrl: string;
	readonly dbPath: string;
	readonly logFile: string;
	readonly packageName: string | null;
	/** ms from spawn to "Editor is now accessible via" / to all published workflows activated */
	readonly readyMs?: number;
	readonly startupMs?: number;
	webhookUrl(path: string): string;
	webhookTestUrl(path: string): string;
	importCredentials<T extends CredentialJson>(credentials: T[]): Promise<Array<T & { id: string }>>;
	importWorkflows<T extends WorkflowJson>(workflows: T[]): Promise<Array<T & { id: string }>>;
	publishWorkflow(workflowId: string): Promise<void>;
	/** activates a saved workflow while n8n runs, through the editor's REST call */
	activateWorkflow(
		workflowId: string,
		options: { cookie: string; versionId: string; timeoutMs?: number },
	): Promise<void>;
	start(options?: { timeoutMs?: number; requireActivation?: boolean }): Promise<N8nHostInstance>;
	stop(options?: { timeoutMs?: number }): Promise<void>;
	dispose(): Promise<void>;
	isRunning(): boolean;
	execute(workflowId: string, options?: { timeoutMs?: number }): Promise<N8nRun>;
	/** The same run in the running n8n, as the editor's Execute workflow (POST /rest/workflows/<id>/run): no n8n boot of its own. */
	runManually(workflowId: string, options?: { timeoutMs?: number }): Promise<N8nRun>;
	executions(workflowId: string): Promise<N8nExecution[]>;
	waitForExecutions(
		workflowId: string,
		options?: { count?: number; timeoutMs?: number },
	): Promise<N8nExecution[]>;
	/** the first execution (oldest first) that `matches`, polled; on time out an error with `what`, the executions seen and `evidence` (default 60 s) */
	waitForExecution(
		workflowId: string,
		matches: (execution: N8nExecution) => boolean,
		options?: {
			what?: string;
			timeoutMs?: number;
			evidence?: (executions: N8nExecution[]) => string | Promise<string>;
		},
	): Promise<N8nExecution>;
	activationStatus(): Promise<ActivationStatus[]>;
	waitForWebhook(path: string, options?: { method?: string; timeoutMs?: number }): Promise<void>;
	packageLoaded(): PackageLoaded;
	/** the node types the editor loads (GET /types/nodes.json): whole, and once `until` holds or the time is up (instance.js) */
	editorNodeTypes<T = { name: string }>(
		cookie: string,
		options?: { until?: (types: T[]) => boolean; timeoutMs?: number },
	): Promise<T[]>;
	/** the descriptions the editor asks for when it opens a workflow (POST /rest/node-types): null where n8n has no such type or version */
	nodeTypeDescriptions<T = { name: string }>(
		cookie: string,
		nodeInfos: Array<{ name: string; version: number }>,
	): Promise<Array<T | null>>;
	logs(options?: { since?: number }): string;
	query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
	cli(
		args: string[],
		options?: { timeoutMs?: number },
	): Promise<{ code: number; stdout: string; stderr: string }>;
	rest(
		method: string,
		path: string,
		options?: { body?: unknown; cookie?: string },
	): Promise<{ status: number; json: unknown; text: string; cookie?: string }>;
	ensureOwner(owner?: {
		email?: string;
		password?: string;
		firstName?: string;
		lastName?: string;
	}): Promise<{
		email: string;
		password: string;
		cookie?: string;
		created?: boolean;
		appliesAtNextStart?: boolean;
	}>;
}

export interface CreateInstanceOptions {
	/** which n8n: default N8N_HOST_VERSION, else 2 */
	hostVersion?: HostVersion;
	userFolder?: string;
	port?: number;
	/** package to load as a community package; default the repository root; false: none */
	packageDir?: string | false;
	env?: Record<string, string>;
	owner?: { email?: string; password?: string; firstName?: string; lastName?: string };
	encryptionKey?: string;
	install?: boolean;
	log?: (line: string) => void;
	/** the n8n command start() runs (default 'start') */
	command?: N8nCommand;
	/** an npm registry for n8n's community-package installer (scripts/n8n-host/community-packages.js); with packageDir: false */
	communityPackagesRegistry?: string;
	/** serve n8n's editor (a browser opens it); default false: N8N_DISABLE_UI, a start ~3 s quicker */
	editor?: boolean;
}

/** A local npm registry (verdaccio, no uplinks: scripts/n8n-host/registry.js). */
export interface LocalRegistry {
	readonly url: string;
	readonly port: number;
	readonly logFile: string;
	/** `npm publish <tarball>` to it */
	publish(tarball: string, options?: { tag?: string }): string;
	stop(): Promise<void>;
}

/** What n8n answers about an installed community package (PublicInstalledPackage). */
export interface InstalledCommunityPackage {
	packageName: string;
	installedVersion: string;
	installedNodes: Array<{ name: string; type: string; latestVersion: number }>;
	updateAvailable?: string;
	[key: string]: unknown;
}

/** n8n's community-package REST calls (Settings → Community Nodes), as the editor makes them. */
export interface CommunityPackagesApi {
	installCommunityPackage(
		n8n: N8nHostInstance,
		cookie: string,
		name: string,
		version?: string,
	): Promise<InstalledCommunityPackage>;
	updateCommunityPackage(
		n8n: N8nHostInstance,
		cookie: string,
		name: string,
		version?: string,
	): Promise<InstalledCommunityPackage>;
	uninstallCommunityPackage(n8n: N8nHostInstance, cookie: string, name: string): Promise<void>;
	listCommunityPackages(n8n: N8nHostInstance, cookie: string): Promise<InstalledCommunityPackage[]>;
}

/** A PostgreSQL or Redis server the harness started (scripts/n8n-host/services.js). */
export interface HostService {
	readonly host: string;
	readonly port: number;
	readonly logFile: string;
	readonly readyMs: number;
	stop(): Promise<void>;
}

/** n8n in queue mode (scripts/n8n-host/cluster.js): PostgreSQL, Redis, a main, workers and a webhook processor. */
export interface QueueCluster {
	/** `n8n start`, with N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true: import, publish and read executions through it */
	readonly main: N8nHostInstance;
	readonly workers: N8nHostInstance[];
	/** `n8n webhook`: the only process that serves production webhooks (its URL is WEBHOOK_URL) */
	readonly webhook: N8nHostInstance;
	readonly postgres: HostService & { readonly database: string; readonly user: string };
	readonly redis: HostService;
	/** ms the main took to get ready (migrations, activation), then the workers and webhook processor together */
	readonly timings: { mainMs?: number; workersAndWebhookMs?: number };
	start(options?: { timeoutMs?: number; requireActivation?: boolean }): Promise<QueueCluster>;
	dispose(): Promise<void>;
}

export interface CreateQueueClusterOptions {
	workers?: number;
	hostVersion?: HostVersion;
	/** extra environment of every n8n process */
	env?: Record<string, string>;
	/** extra environment of the main only */
	mainEnv?: Record<string, string>;
	install?: boolean;
	log?: (line: string) => void;
}

interface N8nHostModule {
	REPO_ROOT: string;
	HOST_VERSIONS: HostVersion[];
	/** the older releases of the compatibility suite */
	COMPAT_VERSIONS: CompatRelease[];
	resolveHost(hostVersion?: HostVersion | string): {
		hostVersion: HostVersion;
		major: 1 | 2;
		folder: string;
	};
	ensureInstalled(options?: {
		hostVersion?: HostVersion;
		log?: (line: string) => void;
		force?: boolean;
		echo?: boolean;
	}): Promise<string>;
	isInstalled(hostVersion?: HostVersion): boolean;
	pinnedN8nVersion(hostVersion?: HostVersion): string;
	createInstance(options?: CreateInstanceOptions): Promise<N8nHostInstance>;
	/**
	 * The run's started n8n of a host, shared by the suites that need a plain one (the package linked,
	 * the default owner, no environment of their own, never stopped by a suite): scripts/n8n-host/shared.js.
	 */
	sharedInstance(options?: {
		hostVersion?: HostVersion;
		log?: (line: string) => void;
	}): Promise<N8nHostInstance>;
	createQueueCluster(options?: CreateQueueClusterOptions): Promise<QueueCluster>;
	startRegistry(options?: { keep?: boolean }): Promise<LocalRegistry>;
	communityPackages: CommunityPackagesApi;
	freePorts(count: number): Promise<number[]>;
	portIsFree(port: number): Promise<boolean>;
	itemsOf(
		run: unknown,
		nodeName: string,
		options?: { output?: number; runIndex?: number },
	): Array<Record<string, unknown>> | undefined;
	parseRawOutput(stdout: string): unknown;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const host = require(join(__dirname, '..', '..', '..', 'scripts', 'n8n-host.js')) as N8nHostModule;

export const {
	REPO_ROOT,
	HOST_VERSIONS,
	COMPAT_VERSIONS,
	resolveHost,
	ensureInstalled,
	isInstalled,
	pinnedN8nVersion,
	createInstance,
	sharedInstance,
	createQueueCluster,
	startRegistry,
	communityPackages,
	freePorts,
	portIsFree,
	itemsOf,
} = host;

/** An execution that ran to its end by itself: succeeded, failed or crashed (not canceled, not waiting). */
export const ranToEnd = (execution: N8nExecution): boolean =>
	['success', 'error', 'crashed'].includes(execution.status);

/** An execution that neither runs nor waits any more (n8n 1.x shows a resumed one as `running` before its end). */
export const settled = (execution: N8nExecution): boolean =>
	!['new', 'running', 'waiting'].includes(execution.status);

/** Writes progress lines straight to stderr (jest's console buffers and decorates them). */
export const logToStderr = (line: string): void => {
	process.stderr.write(`${line}\n`);
};

/** A Manual Trigger → Set workflow that sets `fields` (strings) on its single item. */
export function manualSetWorkflow(name: string, fields: Record<string, string>): WorkflowJson {
	return {
		name,
		nodes: [
			{
				id: randomUUID(),
				name: 'Manual Trigger',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: randomUUID(),
				name: 'Set',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: {
					mode: 'manual',
					assignments: {
						assignments: Object.entries(fields).map(([field, value]) => ({
							id: randomUUID(),
							name: field,
							value,
							type: 'string',
						})),
					},
					options: {},
				},
			},
		],
		connections: { 'Manual Trigger': { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** n8n's own Webhook node at `path`: it answers at once (onReceived) or with the last node's output (lastNode). */
export function webhookNode(
	path: string,
	{
		httpMethod = 'POST',
		responseMode = 'onReceived',
	}: { httpMethod?: string; responseMode?: 'onReceived' | 'lastNode' } = {},
): Record<string, unknown> {
	return {
		id: randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: randomUUID(),
		parameters: { httpMethod, path, responseMode, options: {} },
	};
}

/** A workflow with n8n's own Webhook node (answers at once: responseMode onReceived). */
export function webhookWorkflow(name: string, path: string, httpMethod = 'POST'): WorkflowJson {
	return {
		name,
		nodes: [webhookNode(path, { httpMethod })],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/** A workflow with only the Fax Service Trigger (version 1.1, what the editor adds), listening on `<webhookId>/fax-service`. */
export function faxServiceTriggerWorkflow(
	name: string,
	webhookId: string,
	credential: { id: string; name: string },
	events: string[],
): WorkflowJson {
	return {
		name,
		nodes: [
			{
				id: randomUUID(),
				name: 'Fax Service Trigger',
				type: 'n8n-nodes-fax-service.faxServiceTrigger',
				typeVersion: 1.1,
				position: [0, 0],
				webhookId,
				parameters: { events, registerOnFaxNumbers: [], options: {} },
				credentials: { faxServiceApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}

/**
 * Which of `secrets` appear, byte for byte, in an instance's n8n log, CLI log or database files
 * (SQLite, its WAL): scanned rather than assumed. Returns `[file, secret]` pairs; empty when none.
 */
export function secretsInFiles(n8n: N8nHostInstance, secrets: string[]): Array<[string, string]> {
	const n8nFolder = join(n8n.userFolder, '.n8n');
	const files = [
		n8n.logFile,
		join(n8n.userFolder, 'n8n-cli.log'),
		...readdirSync(n8nFolder)
			.filter((name) => name.startsWith('database.sqlite'))
			.map((name) => join(n8nFolder, name)),
	];
	const found: Array<[string, string]> = [];
	for (const file of files.filter((f) => existsSync(f))) {
		const bytes = readFileSync(file);
		for (const secret of secrets) if (bytes.includes(secret)) found.push([file, secret]);
	}
	return found;
}

/** The "Fax Service sandbox" credential with both of a sandbox's keys; `baseUrl` when requests go through a proxy. */
export function sandboxCredential(
	sandbox: { baseUrl: string; testKey: string; liveKey: string },
	baseUrl = sandbox.baseUrl,
): CredentialJson {
	return {
		name: 'Fax Service sandbox',
		type: 'faxServiceApi',
		data: {
			baseUrl,
			authenticateWith: 'test',
			testApiKey: sandbox.testKey,
			liveApiKey: sandbox.liveKey,
		},
	};
}

/** A workflow with only the Fax Service Polling Trigger, polling every minute. */
export function faxServicePollTriggerWorkflow(
	name: string,
	nodeName: string,
	credential: { id: string; name: string },
	parameters: Record<string, unknown>,
): WorkflowJson {
	return {
		name,
		nodes: [
			{
				id: randomUUID(),
				name: nodeName,
				type: 'n8n-nodes-fax-service.faxServicePollTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, ...parameters },
				credentials: { faxServiceApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	};
}
