'use strict';
/** N8nHostInstance, one host n8n with its own folder and ports: env, CLI import/publish/execute, start/stop, REST, owner, executions. */

const fs = require('fs');
const path = require('path');

const { delay, processIsAlive, stripAnsi, tail } = require('./util');
const { portIsFree } = require('./ports');
const { untrackGroup, spawnSupervised, stopSupervised } = require('./processes');
const { ensureOwner, restRequest } = require('./owner');
const { runManually } = require('./manual-run');
const { allowCustomRegistry } = require('./community-packages');
const { buildN8nEnv } = require('./env');
const restSetup = require('./rest-setup');
const {
	FINISHED_STATUSES,
	queryN8nDatabase,
	EXECUTIONS_SQL,
	decodeExecution,
} = require('./database');
const {
	READY_LINE,
	usesPublicationService,
	activationStatus,
	waitForActivation,
} = require('./activation');
const {
	runCli,
	cliOrThrow,
	importCredentialsByCli,
	importWorkflowsByCli,
	executeByCli,
} = require('./cli-commands');
const { packageLoaded, editorNodeTypes, nodeTypeDescriptions } = require('./node-types');
const { ceiling, noteN8nStart } = require('../machine');
/** The n8n commands an instance can run (option `command`, default 'start') and the log line that says each is ready. */
const READY_LINES = {
	start: READY_LINE,
	worker: 'n8n worker is now ready',
	webhook: 'Webhook listener waiting for requests',
};

class N8nHostInstance {
	constructor(options) {
		Object.assign(this, options);
		this.baseUrl = `http://127.0.0.1:${this.port}`;
		this.n8nFolder = path.join(this.userFolder, '.n8n');
		this.dbPath = path.join(this.n8nFolder, 'database.sqlite');
		this.logFile = path.join(this.userFolder, 'n8n.log');
		this.cliLogFile = path.join(this.userFolder, 'n8n-cli.log');
		this.hostVersion = this.host.hostVersion;
		this.n8nBin = this.paths.N8N_BIN;
		this.command = this.command || 'start';
		if (!READY_LINES[this.command])
			throw new Error(
				`Unknown n8n command "${this.command}" (one of ${Object.keys(READY_LINES).join(', ')}).`,
			);
		this.proc = null;
		this.ownerEnv = {};
		// n8n 1.x takes no owner from the environment: ensureOwner() while stopped leaves it here for start().
		this.pendingOwner = null;
		this._importCount = 0;
	}

	/** Production webhook URL for a Webhook node `path`. */
	webhookUrl(webhookPath) {
		return `${this.baseUrl}/webhook/${String(webhookPath).replace(/^\/+/, '')}`;
	}

	/** Test webhook URL (only listens while the editor waits for a test event). */
	webhookTestUrl(webhookPath) {
		return `${this.baseUrl}/webhook-test/${String(webhookPath).replace(/^\/+/, '')}`;
	}

	/** The environment every n8n process of this instance gets. `brokerPort` differs per process. */
	n8nEnv(brokerPort = this.brokerPort) {
		return buildN8nEnv(this, brokerPort);
	}

	/** Links the package into <userFolder>/.n8n/nodes/node_modules/<name> so that n8n loads it at start. */
	linkPackage() {
		const nodesDir = path.join(this.n8nFolder, 'nodes');
		fs.mkdirSync(path.join(nodesDir, 'node_modules'), { recursive: true });
		const nodesPackageJson = path.join(nodesDir, 'package.json');
		if (!fs.existsSync(nodesPackageJson)) {
			fs.writeFileSync(
				nodesPackageJson,
				JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
			);
		}
		if (!this.packageDir) return;
		const link = path.join(nodesDir, 'node_modules', ...this.packageName.split('/'));
		fs.mkdirSync(path.dirname(link), { recursive: true });
		let current = null;
		try {
			current = fs.readlinkSync(link);
		} catch {
			// missing
		}
		if (current !== this.packageDir) {
			fs.rmSync(link, { recursive: true, force: true });
			fs.symlinkSync(this.packageDir, link, 'dir');
		}
	}

	isRunning() {
		if (this.shared) return processIsAlive(this.shared.n8nPid);
		return Boolean(this.proc && this.proc.exitCode === null && this.proc.signalCode === null);
	}

	/** Runs `n8n <args>` for this instance (cli-commands.js): { code, stdout, stderr }. */
	async cli(args, options) {
		return await runCli(this, args, options);
	}

	async cliOrThrow(args, options) {
		return await cliOrThrow(this, args, options);
	}

	/**
	 * Imports credentials: [{ id?, name, type, data: { plain fields } }]. `data` is encrypted on import.
	 * Stopped: `n8n import:credentials`. Running: the editor's REST call as the owner (rest-setup.js),
	 * n8n choosing the ids. Resolves the credentials with their ids.
	 */
	async importCredentials(credentials) {
		if (this.isRunning()) return await restSetup.createCredentials(this, credentials);
		return await importCredentialsByCli(this, credentials);
	}

	/**
	 * Imports workflows (n8n JSON: { id?, name, nodes, connections, settings? }), inactive (see
	 * publishWorkflow). Stopped: `n8n import:workflow`. Running: the editor's REST call as the owner
	 * (rest-setup.js), n8n choosing the ids. Resolves the workflows with ids.
	 */
	async importWorkflows(workflows) {
		if (this.isRunning()) return await restSetup.createWorkflows(this, workflows);
		return await importWorkflowsByCli(this, workflows);
	}

	/** Runs a workflow with `n8n execute` in its own process (cli-commands.js); resolves the run n8n printed. */
	async execute(workflowId, options) {
		return await executeByCli(this, workflowId, options);
	}

	/** Runs a saved workflow in this running n8n as the editor's Execute workflow does (manual-run.js); resolves the run as execute() does. */
	async runManually(workflowId, options) {
		return await runManually(this, workflowId, options);
	}

	/**
	 * Activates (publishes) an imported workflow. Stopped: `publish:workflow` on 2.x, `update:workflow
	 * --active=true` on 1.x, taking effect at the next start(). Running (only `n8n start`): the editor's
	 * Publish / Active toggle as the owner (rest-setup.js), resolving once the workflow is activated.
	 */
	async publishWorkflow(workflowId) {
		if (this.isRunning()) {
			if (this.command !== 'start')
				throw new Error(
					`publishWorkflow(): publish through the main instance, not n8n ${this.command}`,
				);
			await restSetup.publishWorkflow(this, workflowId);
			return;
		}
		await this.cliOrThrow(this.host.publishArgs(workflowId));
	}

	/**
	 * Starts `n8n <command>` (default `start`; `worker` and `webhook` in queue mode resolve at their
	 * ready line, see READY_LINES, and activate nothing themselves).
	 * `n8n start` resolves once it logged "Editor is now accessible via" and every published
	 * workflow is activated (see activationStatus(): n8n 2.x's publication service does that after the
	 * line, n8n 1.x before it), and, on 1.x, an owner left by ensureOwner() is set up. Rejects with the
	 * log tail if n8n exits or does not get there within timeoutMs, and (requireActivation, default
	 * true) if a published workflow failed to activate. Sets readyMs (log line) and startupMs (activation done).
	 */
	async start({ timeoutMs = ceiling(120000), requireActivation = true } = {}) {
		if (this.isRunning()) return this;
		if (this.shared)
			throw new Error('The shared n8n has exited: its keeper log says why (shared.js).');
		this.restCookie = null;
		this.linkPackage();
		fs.appendFileSync(
			this.logFile,
			`\n[n8n-host] ===== n8n ${this.command} on ${this.baseUrl} (${new Date().toISOString()}) =====\n`,
		);
		const offset = fs.statSync(this.logFile).size;
		this.logOffset = offset;
		const startedAt = Date.now();
		const env = this.n8nEnv();
		const proc = spawnSupervised(
			this.node.path,
			{
				args: [this.n8nBin, this.command],
				cwd: this.userFolder,
				log: this.logFile,
				graceMs: 25000,
			},
			env,
		);
		this.proc = proc;
		this.exited = new Promise((resolve) =>
			proc.once('exit', (code, signal) => resolve({ code, signal })),
		);
		for (;;) {
			await delay(200);
			const text = this.logs({ since: offset });
			if (text.includes(READY_LINES[this.command])) {
				this.readyMs = Date.now() - startedAt;
				if (this.command !== 'start') {
					this.startupMs = this.readyMs;
					this.noteStart();
					return this;
				}
				try {
					await this.waitForActivation({ until: startedAt + timeoutMs, requireActivation });
					if (this.pendingOwner) {
						await this.ensureOwner(this.pendingOwner);
						this.pendingOwner = null;
					}
					if (this.communityPackagesRegistry) await allowCustomRegistry(this);
				} catch (error) {
					await this.stop();
					throw error;
				}
				this.startupMs = Date.now() - startedAt;
				this.noteStart();
				return this;
			}
			if (!this.isRunning()) {
				this.proc = null;
				untrackGroup(proc.pid);
				throw new Error(`n8n exited during start-up (log ${this.logFile}):\n${tail(text)}`);
			}
			if (Date.now() - startedAt > timeoutMs) {
				await this.stop();
				throw new Error(
					`n8n did not get ready within ${timeoutMs} ms (log ${this.logFile}):\n${tail(this.logs({ since: offset }))}`,
				);
			}
		}
	}

	/** Notes this start-up for the run's report (scripts/machine.js). */
	noteStart() {
		noteN8nStart({
			host: this.host.hostVersion,
			command: this.command,
			readyMs: this.readyMs,
			startupMs: this.startupMs,
		});
	}

	/**
	 * Activates (publishes) a saved workflow while n8n runs, through the editor's REST call (hosts.js:
	 * Publish on 2.x, the Active toggle on 1.x), as the user `cookie` signs in; waits until it is activated.
	 */
	async activateWorkflow(workflowId, { cookie, versionId, timeoutMs = ceiling(60000) }) {
		const { method, path: urlPath, body } = this.host.activateRequest(workflowId, versionId);
		const response = await this.rest(method, urlPath, { cookie, body });
		if (response.status !== 200)
			throw new Error(
				`${method} ${urlPath} answered ${response.status}: ${response.text.slice(0, 1000)}`,
			);
		if (this.usesPublicationService())
			await this.waitForActivation({ until: Date.now() + timeoutMs });
	}

	/** True on 2.x unless N8N_USE_WORKFLOW_PUBLICATION_SERVICE turns it off (activation.js). */
	usesPublicationService() {
		return usesPublicationService(this);
	}

	/** Activation state of every published workflow (activation.js). */
	async activationStatus() {
		return await activationStatus(this);
	}

	/** Waits until no published workflow is pending activation (activation.js). */
	async waitForActivation(options) {
		return await waitForActivation(this, options);
	}

	/**
	 * Waits until a production webhook path is registered (CORS preflight: OPTIONS with an Origin
	 * answers 404 for unknown paths; it never runs the workflow).
	 */
	async waitForWebhook(webhookPath, { method = 'POST', timeoutMs = ceiling(30000) } = {}) {
		const until = Date.now() + timeoutMs;
		for (;;) {
			const response = await fetch(this.webhookUrl(webhookPath), {
				method: 'OPTIONS',
				headers: { origin: this.baseUrl, 'access-control-request-method': method },
			}).catch(() => null);
			if (response && response.status < 300) return;
			if (Date.now() > until)
				throw new Error(`webhook ${method} ${webhookPath} not registered within ${timeoutMs} ms`);
			await delay(250);
		}
	}

	/** Stops n8n (SIGTERM, SIGKILL to its whole process group after ~25 s) and waits until its port is free. */
	async stop({ timeoutMs = ceiling(30000) } = {}) {
		if (this.shared)
			throw new Error(
				'A suite does not stop the shared n8n (shared.js): createInstance() gives one of its own.',
			);
		const proc = this.proc;
		if (!proc) return;
		await stopSupervised(proc, this.exited, timeoutMs);
		this.proc = null;
		const until = Date.now() + 10000;
		while (!(await portIsFree(this.port)) && Date.now() < until) await delay(200);
	}

	/**
	 * Stops n8n and deletes the user folder when createInstance() made it (kept with
	 * keep: true or N8N_HOST_KEEP_DATA=1, to read n8n.log / n8n-cli.log after a failure).
	 */
	async dispose({ keep = process.env.N8N_HOST_KEEP_DATA === '1' } = {}) {
		// The shared n8n lives until the run's global teardown (shared.js).
		if (this.shared) return;
		await this.stop();
		if (this.ownsUserFolder && !keep) fs.rmSync(this.userFolder, { recursive: true, force: true });
	}

	/** Text of the captured `n8n start` log (all starts, or from a byte offset; on the shared n8n, from when the suite attached). */
	logs({ since = this.shared?.logFrom ?? 0 } = {}) {
		try {
			const buffer = fs.readFileSync(this.logFile);
			return stripAnsi(buffer.subarray(since).toString('utf8'));
		} catch {
			return '';
		}
	}

	/**
	 * Rows of n8n's database: sqlite (read-only, in this process: sqlite.js), or
	 * PostgreSQL through psql when the instance runs on it (env DB_TYPE=postgresdb, e.g. a queue-mode
	 * cluster). SQL in SQLite's spelling (database.js translates).
	 */
	async query(sql, params = []) {
		return queryN8nDatabase({ env: this.n8nEnv(), dbPath: this.dbPath }, sql, params);
	}

	/**
	 * The executions n8n recorded for a workflow, oldest first: { id, workflowId, mode, status,
	 * finished, startedAt, stoppedAt, lastNodeExecuted, error, items: { [node]: json[] }, data }.
	 * `data` is the decoded (flatted) run data; items hold the last run's output 0 of each node.
	 */
	async executions(workflowId) {
		const rows = await this.query(EXECUTIONS_SQL, [workflowId]);
		return rows.map((row) => decodeExecution(row, this.paths.HOST_MODULES));
	}

	/** Polls executions() until `count` of them finished (success/error/crashed/canceled) with their run data stored. */
	async waitForExecutions(workflowId, { count = 1, timeoutMs = ceiling(30000) } = {}) {
		const until = Date.now() + timeoutMs;
		for (;;) {
			const executions = await this.executions(workflowId);
			// Finished and its run data stored: n8n 1.x may mark an execution finished before its data is written.
			const finished = executions.filter(
				(execution) => FINISHED_STATUSES.has(execution.status) && execution.data !== null,
			);
			if (finished.length >= count) return executions;
			if (Date.now() > until) {
				throw new Error(
					`${finished.length} of ${count} executions of workflow ${workflowId} finished within ${timeoutMs} ms ` +
						`(statuses: ${executions.map((execution) => execution.status).join(', ') || 'none'})`,
				);
			}
			await delay(300);
		}
	}

	/**
	 * The first execution of the workflow (oldest first) that `matches`, polled from n8n's database.
	 * After `timeoutMs`: an error naming `what`, every execution seen and `evidence()` (e.g. callbacks).
	 */
	async waitForExecution(
		workflowId,
		matches,
		{ what = 'that matches', timeoutMs = ceiling(60000), evidence } = {},
	) {
		const until = Date.now() + timeoutMs;
		for (;;) {
			const executions = await this.executions(workflowId);
			const found = executions.find(matches);
			if (found) return found;
			if (Date.now() > until) {
				const seen = executions.map(
					({ id, mode, status, rowStatus, lastNodeExecuted, error, items }) => ({
						id,
						mode,
						status,
						rowStatus,
						lastNodeExecuted,
						error,
						nodes: Object.keys(items),
					}),
				);
				const more = evidence ? `\n${await evidence(executions)}` : '';
				throw new Error(
					`no execution of workflow ${workflowId} ${what} within ${timeoutMs} ms; executions: ${JSON.stringify(seen)}${more}`,
				);
			}
			await delay(300);
		}
	}

	/** What n8n loaded from the package (node-types.js); needs one start(). */
	packageLoaded() {
		return packageLoaded(this);
	}

	/** The node types the editor loads, read again until whole and `until` holds (node-types.js). */
	async editorNodeTypes(cookie, options) {
		return await editorNodeTypes(this, cookie, options);
	}

	/** The node types' descriptions as the editor asks for them when it opens a workflow (node-types.js). */
	async nodeTypeDescriptions(cookie, nodeInfos) {
		return await nodeTypeDescriptions(this, cookie, nodeInfos);
	}

	/** fetch() against this instance's REST API (owner.js). */
	async rest(method, urlPath, options) {
		return await restRequest(this.baseUrl, method, urlPath, options);
	}

	/** An owner with these credentials, now (REST) or at the next start (owner.js). */
	async ensureOwner(owner) {
		return await ensureOwner(this, owner);
	}
}

module.exports = { N8nHostInstance, READY_LINE, READY_LINES };
