#!/usr/bin/env node
'use strict';
/**
 * A real n8n (2.x) for the end-to-end tests and for `npm run dev`, with this package loaded as a
 * community package.
 *
 * n8n is installed apart from the package's own dependencies, in `.n8n-host/` (its own package.json
 * and committed package-lock.json), on demand, and reused while the lockfile does not change.
 * n8n 2.x needs Node >= 24: the root devDependency `node@24` provides it (node_modules/node/bin/node).
 *
 * CLI:
 *   node scripts/n8n-host.js install [--force]   idempotent install; prints what it did
 *   node scripts/n8n-host.js path                 prints the n8n binary (installs first)
 *
 * Module (plain CommonJS, no build step):
 *   const host = require('./scripts/n8n-host');
 *   await host.ensureInstalled({ log })            -> path of the n8n binary (idempotent, locked)
 *   const n8n = await host.createInstance({ userFolder?, port?, packageDir?, env?, owner? })
 *   n8n.userFolder, n8n.port, n8n.baseUrl, n8n.webhookUrl(path), n8n.logFile, n8n.dbPath
 *   await n8n.importCredentials([...]) / importWorkflows([...])   (CLI import; ids generated if missing)
 *   await n8n.publishWorkflow(id)                   (while stopped; effective at the next start)
 *   await n8n.start() / stop() / dispose()          (start waits for "Editor is now accessible via"
 *                                                    and for the published workflows' activation)
 *   await n8n.execute(id)                           -> `n8n execute --rawOutput` result (IRun)
 *   await n8n.executions(id) / waitForExecutions(id, { count })  -> decoded executions from sqlite
 *   n8n.packageLoaded(), n8n.logs(), n8n.activationStatus(), n8n.waitForWebhook(path)
 *   await n8n.ensureOwner({ email, password })      (owner for the editor: REST if running, env at next start)
 *   host.itemsOf(runOrExecution, 'Node name')       -> json of the items the node produced
 * Every n8n process listens on 127.0.0.1 only, with its own free ports, and makes no outbound calls
 * of its own (telemetry, version checks, templates, banners, vetted-node list and AI modules are off).
 */

const fs = require('fs');
const path = require('path');
const os = require('os');
const net = require('net');
const crypto = require('crypto');
const { spawn, spawnSync } = require('child_process');

const REPO_ROOT = path.resolve(__dirname, '..');
const HOST_DIR = path.join(REPO_ROOT, '.n8n-host');
const HOST_MODULES = path.join(HOST_DIR, 'node_modules');
const N8N_BIN = path.join(HOST_MODULES, 'n8n', 'bin', 'n8n');
const SQLITE_BINDING = path.join(HOST_MODULES, 'sqlite3', 'build', 'Release', 'node_sqlite3.node');
const MARKER = path.join(HOST_MODULES, '.n8n-host-installed.json');
const INSTALL_LOG = path.join(HOST_DIR, 'install.log');
// Inside node_modules (ignored by git; npm leaves dot-entries alone).
const LOCK_DIR = path.join(HOST_MODULES, '.n8n-host-install.lock');
const MIN_NODE_MAJOR = 24;
/** Printed by `n8n start` once workflows are activated (readiness turns green earlier). */
const READY_LINE = 'Editor is now accessible via';
/** Modules that phone home or are AI/cloud features of no use here (see N8N_DISABLED_MODULES). */
const DEFAULT_DISABLED_MODULES = ['mcp-registry', 'instance-ai', 'agents', 'chat-hub', 'workflow-builder'];

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resolves with the promise's value, or `undefined` after ms; leaves no timer behind. */
const within = (promise, ms) => {
	let timer;
	return Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
};
// eslint-disable-next-line no-control-regex
const stripAnsi = (text) => String(text).replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
const tail = (text, chars = 6000) => {
	const clean = stripAnsi(text);
	return clean.length > chars ? `…${clean.slice(-chars)}` : clean;
};
const sha256 = (buffer) => crypto.createHash('sha256').update(buffer).digest('hex');
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

// ---------------------------------------------------------------------------------------------
// Node 24 and its headers
// ---------------------------------------------------------------------------------------------

const nodeMajor = (version) => Number(String(version).replace(/^v/, '').split('.')[0]);

function probeNodeVersion(bin) {
	const result = spawnSync(bin, ['-p', 'process.version'], { encoding: 'utf8', timeout: 15000 });
	return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * The Node that runs n8n (and its npm): N8N_HOST_NODE, else this process's Node when it is >= 24,
 * else the root devDependency node@24 (node_modules/node/bin/node), else a `node` on PATH.
 */
function findHostNode() {
	if (process.env.N8N_HOST_NODE) {
		const version = probeNodeVersion(process.env.N8N_HOST_NODE);
		if (!version || nodeMajor(version) < MIN_NODE_MAJOR) {
			throw new Error(`N8N_HOST_NODE=${process.env.N8N_HOST_NODE} is not a Node >= ${MIN_NODE_MAJOR} (got ${version}).`);
		}
		return { path: process.env.N8N_HOST_NODE, version };
	}
	if (nodeMajor(process.version) >= MIN_NODE_MAJOR) return { path: process.execPath, version: process.version };
	const candidates = [path.join(REPO_ROOT, 'node_modules', 'node', 'bin', 'node')];
	for (const dir of (process.env.PATH || '').split(path.delimiter)) if (dir) candidates.push(path.join(dir, 'node'));
	const tried = [];
	for (const candidate of candidates) {
		if (!fs.existsSync(candidate)) continue;
		const version = probeNodeVersion(candidate);
		tried.push(`${candidate} (${version})`);
		if (version && nodeMajor(version) >= MIN_NODE_MAJOR) return { path: candidate, version };
	}
	throw new Error(
		`n8n 2.x needs Node >= ${MIN_NODE_MAJOR}, and none was found (this process runs ${process.version}; ` +
			`tried ${tried.join(', ') || 'nothing'}). Run \`npm install\` in the repository root (its devDependency ` +
			'`node@24` provides node_modules/node/bin/node) or set N8N_HOST_NODE.',
	);
}

function headersMajor(dir) {
	try {
		const text = fs.readFileSync(path.join(dir, 'include', 'node', 'node_version.h'), 'utf8');
		const match = /#define NODE_MAJOR_VERSION (\d+)/.exec(text);
		return match ? Number(match[1]) : null;
	} catch {
		return null;
	}
}

/**
 * A folder with include/node/ headers for node-gyp (offline: it cannot download them). Prefers headers
 * of the host Node's major; sqlite3 is an N-API addon, so other headers with node_api.h build a binary
 * that the host Node loads as well.
 */
function findNodeHeaders(node) {
	const candidates = [
		process.env.N8N_HOST_NODEDIR,
		path.resolve(fs.realpathSync(node.path), '..', '..'),
		path.join(REPO_ROOT, 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`),
		process.env.npm_config_nodedir,
		'/usr/local',
		'/usr',
	].filter(Boolean);
	const found = candidates
		.map((dir) => ({ dir, major: headersMajor(dir) }))
		.filter((entry) => entry.major !== null && fs.existsSync(path.join(entry.dir, 'include', 'node', 'node_api.h')));
	return found.find((entry) => entry.major === nodeMajor(node.version)) || found[0] || null;
}

// ---------------------------------------------------------------------------------------------
// Install
// ---------------------------------------------------------------------------------------------

function installFingerprint() {
	const lockFile = path.join(HOST_DIR, 'package-lock.json');
	return {
		packageJson: sha256(fs.readFileSync(path.join(HOST_DIR, 'package.json'))),
		lockfile: fs.existsSync(lockFile) ? sha256(fs.readFileSync(lockFile)) : null,
	};
}

function installedState() {
	try {
		return readJson(MARKER);
	} catch {
		return null;
	}
}

function isInstalled(fingerprint = installFingerprint()) {
	const state = installedState();
	return Boolean(
		state &&
			state.packageJson === fingerprint.packageJson &&
			state.lockfile === fingerprint.lockfile &&
			fs.existsSync(N8N_BIN) &&
			fs.existsSync(SQLITE_BINDING),
	);
}

/** Environment for the host's npm and node: the host Node first on PATH, no inherited npm_* run state. */
function hostToolEnv(node, extra = {}) {
	const env = {};
	for (const [key, value] of Object.entries(process.env)) {
		if (/^npm_/i.test(key)) continue;
		env[key] = value;
	}
	env.PATH = [path.dirname(node.path), process.env.PATH].filter(Boolean).join(path.delimiter);
	return Object.assign(env, extra);
}

function npmCommand(node) {
	// Prefer the npm next to the host Node, then the npm that runs us, then `npm` on PATH.
	const besideNode = path.join(path.dirname(fs.realpathSync(node.path)), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
	if (fs.existsSync(besideNode)) return { cmd: node.path, prefix: [besideNode] };
	const execPath = process.env.npm_execpath;
	if (execPath && /npm-cli\.js$/.test(execPath) && fs.existsSync(execPath)) return { cmd: node.path, prefix: [execPath] };
	return { cmd: process.platform === 'win32' ? 'npm.cmd' : 'npm', prefix: [] };
}

/** Runs a command, appending its output to `logFile` (and echoing it when asked). Resolves { code, output }. */
function runLogged(cmd, args, { cwd, env, logFile, echo = false, timeoutMs = 45 * 60 * 1000 }) {
	return new Promise((resolve) => {
		const out = fs.openSync(logFile, 'a');
		fs.writeSync(out, `\n$ ${[cmd, ...args].join(' ')}   (cwd ${cwd}, ${new Date().toISOString()})\n`);
		let output = '';
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		const onData = (chunk) => {
			fs.writeSync(out, chunk);
			output = (output + chunk.toString()).slice(-20000);
			if (echo) process.stderr.write(chunk);
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
		child.on('error', (error) => onData(Buffer.from(`\n${error.stack || error}\n`)));
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			fs.writeSync(out, `\n[exit ${code}${signal ? `, signal ${signal}` : ''}]\n`);
			fs.closeSync(out);
			resolve({ code: code === null ? 1 : code, output });
		});
	});
}

function pidAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

/** One installer at a time (parallel jest workers, a dev server): a lock folder holding the owner's pid. */
async function withInstallLock(log, fn) {
	const started = Date.now();
	let announced = false;
	fs.mkdirSync(HOST_MODULES, { recursive: true });
	for (;;) {
		try {
			fs.mkdirSync(LOCK_DIR);
			fs.writeFileSync(path.join(LOCK_DIR, 'pid'), String(process.pid));
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
			let owner = NaN;
			try {
				owner = Number(fs.readFileSync(path.join(LOCK_DIR, 'pid'), 'utf8'));
			} catch {
				// being written right now
			}
			const lockAge = Date.now() - fs.statSync(LOCK_DIR, { throwIfNoEntry: false })?.mtimeMs;
			if ((Number.isFinite(owner) && owner > 0 && !pidAlive(owner)) || (!Number.isFinite(owner) && lockAge > 10000)) {
				fs.rmSync(LOCK_DIR, { recursive: true, force: true });
				continue;
			}
			if (!announced) {
				log(`n8n host: waiting for another install (pid ${owner}) to finish…`);
				announced = true;
			}
			if (Date.now() - started > 60 * 60 * 1000) throw new Error(`n8n host install lock ${LOCK_DIR} held for an hour by pid ${owner}`);
			await delay(2000);
		}
	}
	try {
		return await fn();
	} finally {
		fs.rmSync(LOCK_DIR, { recursive: true, force: true });
	}
}

/**
 * Installs n8n into .n8n-host/ unless it is already installed for the current package.json and
 * lockfile: `npm install --ignore-scripts` (the lockfile pins every version; install scripts would
 * download from the internet), then `npm rebuild sqlite3` against local Node headers (no network for prebuilt binaries), then a
 * smoke check. Resolves the path of the n8n binary. Options: log (function, default silent),
 * force (reinstall), echo (stream npm's output to stderr).
 */
async function ensureInstalled({ log = () => {}, force = false, echo = false } = {}) {
	const node = findHostNode();
	if (!force && isInstalled()) {
		log(`n8n host: already installed (n8n ${installedState().n8nVersion} in ${HOST_MODULES}); nothing to do.`);
		return N8N_BIN;
	}
	return await withInstallLock(log, async () => {
		const fingerprint = installFingerprint();
		if (!force && isInstalled(fingerprint)) {
			log(`n8n host: installed meanwhile by another process (n8n ${installedState().n8nVersion}).`);
			return N8N_BIN;
		}
		const timings = {};
		const npm = npmCommand(node);
		const env = hostToolEnv(node);
		fs.writeFileSync(INSTALL_LOG, `n8n host install, ${new Date().toISOString()}, Node ${node.version} (${node.path})\n`);
		const fail = (what, result) => {
			throw new Error(`n8n host: ${what} failed (exit ${result.code}). Full log: ${INSTALL_LOG}\n${tail(result.output, 4000)}`);
		};

		fs.rmSync(MARKER, { force: true });
		// `npm install` with the committed lockfile installs the locked versions. Not `npm ci`: it
		// refuses this lockfile, which lacks optional platform packages (e.g. msgpackr-extract for
		// darwin/win32) that the registry reachable here does not serve, so npm cannot record them.
		const hadLock = fingerprint.lockfile !== null;
		const installArgs = ['install', '--ignore-scripts', '--no-audit', '--no-fund'];
		log(`n8n host: npm ${installArgs.join(' ')} in ${HOST_DIR} with Node ${node.version} (about 4 min, 2.6 GB)…`);
		let t0 = Date.now();
		let result = await runLogged(npm.cmd, [...npm.prefix, ...installArgs], { cwd: HOST_DIR, env, logFile: INSTALL_LOG, echo });
		if (result.code !== 0) fail('npm install', result);
		timings.install = Math.round((Date.now() - t0) / 1000);
		const installed = installFingerprint();
		if (!hadLock) log(`n8n host: created ${path.join(HOST_DIR, 'package-lock.json')}: commit it.`);
		else if (installed.lockfile !== fingerprint.lockfile) log(`n8n host: npm updated ${path.join(HOST_DIR, 'package-lock.json')}: commit it.`);

		const sqliteLoads = () =>
			fs.existsSync(SQLITE_BINDING) &&
			spawnSync(node.path, ['-e', "new (require('sqlite3').Database)(':memory:').close()"], { cwd: HOST_DIR, env }).status === 0;
		let headers = null;
		if (sqliteLoads()) {
			log('n8n host: sqlite3 binding already built and loading: no rebuild.');
		} else {
			headers = findNodeHeaders(node);
			const rebuildEnv = headers ? hostToolEnv(node, { npm_config_nodedir: headers.dir }) : env;
			log(
				`n8n host: npm rebuild sqlite3 (native build, about 2–4 min) against ${
					headers ? `Node ${headers.major} headers in ${headers.dir}` : 'the default Node headers (none found locally)'
				}…`,
			);
			t0 = Date.now();
			result = await runLogged(npm.cmd, [...npm.prefix, 'rebuild', 'sqlite3'], { cwd: HOST_DIR, env: rebuildEnv, logFile: INSTALL_LOG, echo });
			if (result.code !== 0 || !sqliteLoads()) {
				fail(`npm rebuild sqlite3${headers ? '' : ' (no local Node headers: set N8N_HOST_NODEDIR to a folder with include/node/)'}`, result);
			}
			timings.rebuildSqlite3 = Math.round((Date.now() - t0) / 1000);
		}

		const check = spawnSync(
			node.path,
			['-e', "const s=require('sqlite3');new s.Database(':memory:').close();process.stdout.write(require('n8n/package.json').version)"],
			{ cwd: HOST_DIR, encoding: 'utf8', env },
		);
		if (check.status !== 0) throw new Error(`n8n host: smoke check failed: ${check.stderr || check.stdout}`);
		const n8nVersion = check.stdout.trim();
		const state = { ...installed, n8nVersion, node: node.version, headers: headers && headers.dir, installedAt: new Date().toISOString(), timings };
		fs.writeFileSync(MARKER, JSON.stringify(state, null, 2));
		log(`n8n host: n8n ${n8nVersion} installed (npm ${timings.install} s${timings.rebuildSqlite3 ? `, sqlite3 ${timings.rebuildSqlite3} s` : ''}).`);
		return N8N_BIN;
	});
}

// ---------------------------------------------------------------------------------------------
// Ports, HTTP
// ---------------------------------------------------------------------------------------------

/** Free TCP ports on 127.0.0.1 (port 0 trick; all held open together so they differ). */
async function freePorts(count) {
	const servers = [];
	try {
		for (let i = 0; i < count; i++) {
			const server = net.createServer();
			await new Promise((resolve, reject) => {
				server.once('error', reject);
				server.listen(0, '127.0.0.1', resolve);
			});
			servers.push(server);
		}
		return servers.map((server) => server.address().port);
	} finally {
		await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
	}
}

/** True when nothing accepts connections on 127.0.0.1:port. */
function portIsFree(port) {
	return new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port });
		socket.once('connect', () => {
			socket.destroy();
			resolve(false);
		});
		socket.once('error', () => resolve(true));
	});
}

// ---------------------------------------------------------------------------------------------
// Process supervision: n8n runs under a small supervisor in its own process group. The supervisor
// stops n8n (SIGTERM, then SIGKILL to the whole group) when its control pipe closes, i.e. when the
// process that started it ends in any way, even SIGKILL: nothing is left behind.
// ---------------------------------------------------------------------------------------------

const liveGroups = new Set();
let exitHookInstalled = false;
function trackGroup(pid) {
	liveGroups.add(pid);
	if (!exitHookInstalled) {
		exitHookInstalled = true;
		process.on('exit', () => {
			for (const group of liveGroups) {
				try {
					process.kill(-group, 'SIGKILL');
				} catch {
					// already gone
				}
			}
		});
	}
}
function killGroup(pid, signal = 'SIGKILL') {
	try {
		process.kill(-pid, signal);
	} catch {
		// already gone
	}
}

function superviseMain() {
	const config = JSON.parse(process.env.N8N_HOST_SUPERVISE);
	delete process.env.N8N_HOST_SUPERVISE;
	const out = fs.openSync(config.log, 'a');
	const note = (text) => fs.writeSync(out, `[n8n-host] ${new Date().toISOString()} ${text}\n`);
	const child = spawn(config.node, config.args, { cwd: config.cwd, env: process.env, stdio: ['ignore', out, out] });
	note(`supervisor ${process.pid} started n8n pid ${child.pid}: ${config.args.join(' ')}`);
	let stopping = false;
	const shutdown = (why) => {
		if (stopping) return;
		stopping = true;
		note(`stopping n8n (${why})`);
		child.kill('SIGTERM');
		setTimeout(() => {
			note(`n8n did not stop within ${config.graceMs} ms: SIGKILL to the process group`);
			process.kill(-process.pid, 'SIGKILL');
		}, config.graceMs).unref();
	};
	process.stdin.on('end', () => shutdown('control pipe closed'));
	process.stdin.on('error', () => shutdown('control pipe error'));
	process.stdin.resume();
	for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => shutdown(signal));
	child.on('exit', (code, signal) => {
		note(`n8n exited (code ${code}, signal ${signal})`);
		fs.closeSync(out);
		// Whatever n8n left in the group (its task runner) goes with us.
		process.kill(-process.pid, 'SIGKILL');
	});
}

// ---------------------------------------------------------------------------------------------
// Instance
// ---------------------------------------------------------------------------------------------

/** Parses `n8n execute --rawOutput` stdout: the JSON follows the log lines. */
function parseRawOutput(stdout) {
	const lines = stripAnsi(stdout).split('\n');
	for (let start = 0; start < lines.length; start++) {
		if (!lines[start].startsWith('{')) continue;
		for (let end = lines.length; end > start; end--) {
			if (!/^[}\]]\s*$/.test(lines[end - 1]) && end !== start + 1) continue;
			try {
				return JSON.parse(lines.slice(start, end).join('\n'));
			} catch {
				// not this span
			}
		}
	}
	return undefined;
}

/**
 * The json of the items a node produced: from an execute() result or an executions() entry.
 * Last run of the node, given output (default 0).
 */
function itemsOf(run, nodeName, { output = 0, runIndex } = {}) {
	const data = run && (run.data && run.data.resultData ? run.data : run);
	const runs = data && data.resultData && data.resultData.runData && data.resultData.runData[nodeName];
	if (!runs || runs.length === 0) return undefined;
	const task = runs[runIndex === undefined ? runs.length - 1 : runIndex];
	const main = task && task.data && task.data.main;
	if (!main || !main[output]) return [];
	return main[output].map((item) => item.json);
}

let flattedModule;
function flatted() {
	if (!flattedModule) flattedModule = require(require.resolve('flatted', { paths: [path.join(HOST_MODULES, 'n8n-workflow'), HOST_MODULES] }));
	return flattedModule;
}

const SQLITE_QUERY_SCRIPT = `
const [dbPath, sql, params] = process.argv.slice(1);
const sqlite3 = require('sqlite3');
const fail = (error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); };
const db = new sqlite3.Database(dbPath, sqlite3.OPEN_READONLY, (error) => error && fail(error));
db.configure('busyTimeout', 15000);
db.all(sql, JSON.parse(params), (error, rows) => {
	if (error) fail(error);
	db.close(() => process.stdout.write(JSON.stringify(rows)));
});`;

const FINISHED_STATUSES = new Set(['success', 'error', 'crashed', 'canceled']);

class N8nHostInstance {
	constructor(options) {
		Object.assign(this, options);
		this.baseUrl = `http://127.0.0.1:${this.port}`;
		this.n8nFolder = path.join(this.userFolder, '.n8n');
		this.dbPath = path.join(this.n8nFolder, 'database.sqlite');
		this.logFile = path.join(this.userFolder, 'n8n.log');
		this.cliLogFile = path.join(this.userFolder, 'n8n-cli.log');
		this.proc = null;
		this.ownerEnv = {};
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
		const env = {};
		for (const [key, value] of Object.entries(process.env)) {
			// Nothing from the caller's n8n setup (test/setup/env.ts sets N8N_USER_FOLDER and N8N_LOG_LEVEL).
			// Nor jest's NODE_ENV=test, with which n8n silences its logs and behaves as in its own unit tests.
			if (/^(N8N_|DB_|EXECUTIONS_|QUEUE_|NODES_|CREDENTIALS_|WEBHOOK_URL$|GENERIC_TIMEZONE$|NODE_ENV$|JEST_|npm_)/i.test(key)) continue;
			env[key] = value;
		}
		// n8n starts its task runner as `node` from PATH: it must be Node >= 24.
		env.PATH = [path.dirname(this.node.path), process.env.PATH].filter(Boolean).join(path.delimiter);
		Object.assign(env, {
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: this.encryptionKey,
			DB_TYPE: 'sqlite',
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			N8N_PROTOCOL: 'http',
			N8N_PORT: String(this.port),
			N8N_WEBHOOK_URL: `${this.baseUrl}/`,
			N8N_EDITOR_BASE_URL: `${this.baseUrl}/`,
			N8N_RUNNERS_BROKER_PORT: String(brokerPort),
			N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
			N8N_RUNNERS_TASK_TIMEOUT: '300',
			N8N_PYTHON_ENABLED: 'false',
			// No outbound calls: telemetry, version checks, templates, banners, vetted community-node list, AI.
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_DYNAMIC_BANNERS_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_AI_ENABLED: 'false',
			N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
			N8N_VERIFIED_PACKAGES_ENABLED: 'false',
			N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			N8N_REINSTALL_MISSING_PACKAGES: 'false',
			N8N_DISABLED_MODULES: DEFAULT_DISABLED_MODULES.join(','),
			N8N_LOG_LEVEL: 'info',
			N8N_LOG_OUTPUT: 'console',
			NO_COLOR: '1',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
			N8N_SECURE_COOKIE: 'false',
			N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
			GENERIC_TIMEZONE: 'UTC',
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
			EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
			EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		});
		return Object.assign(env, this.ownerEnv, this.env);
	}

	/** Links the package into <userFolder>/.n8n/nodes/node_modules/<name> so that n8n loads it at start. */
	linkPackage() {
		const nodesDir = path.join(this.n8nFolder, 'nodes');
		fs.mkdirSync(path.join(nodesDir, 'node_modules'), { recursive: true });
		const nodesPackageJson = path.join(nodesDir, 'package.json');
		if (!fs.existsSync(nodesPackageJson)) {
			fs.writeFileSync(nodesPackageJson, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
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
		return Boolean(this.proc && this.proc.exitCode === null && this.proc.signalCode === null);
	}

	/**
	 * Runs `n8n <args>` for this instance (own task-broker port, so it may run beside `n8n start`).
	 * Resolves { code, stdout, stderr }; output is also appended to <userFolder>/n8n-cli.log.
	 */
	async cli(args, { timeoutMs = 180000 } = {}) {
		const [brokerPort] = await freePorts(1);
		return await new Promise((resolve, reject) => {
			const child = spawn(this.node.path, [N8N_BIN, ...args], {
				cwd: this.userFolder,
				env: this.n8nEnv(brokerPort),
				stdio: ['ignore', 'pipe', 'pipe'],
				detached: true,
			});
			trackGroup(child.pid);
			let stdout = '';
			let stderr = '';
			child.stdout.on('data', (chunk) => (stdout += chunk));
			child.stderr.on('data', (chunk) => (stderr += chunk));
			const timer = setTimeout(() => killGroup(child.pid), timeoutMs);
			child.on('error', (error) => {
				clearTimeout(timer);
				reject(error);
			});
			child.on('close', (code, signal) => {
				clearTimeout(timer);
				killGroup(child.pid);
				liveGroups.delete(child.pid);
				fs.appendFileSync(this.cliLogFile, `\n$ n8n ${args.join(' ')}  [exit ${code}${signal ? ` ${signal}` : ''}]\n${stripAnsi(stdout)}${stripAnsi(stderr)}`);
				if (signal === 'SIGKILL' && code === null) {
					reject(new Error(`n8n ${args.join(' ')} timed out after ${timeoutMs} ms\n${tail(stdout + stderr)}`));
				} else {
					resolve({ code: code === null ? 1 : code, stdout: stripAnsi(stdout), stderr: stripAnsi(stderr) });
				}
			});
		});
	}

	async cliOrThrow(args, options) {
		const result = await this.cli(args, options);
		if (result.code !== 0) throw new Error(`n8n ${args.join(' ')} failed (exit ${result.code}):\n${tail(result.stdout + result.stderr)}`);
		return result;
	}

	/**
	 * Imports credentials: [{ id?, name, type, data: { plain fields } }]. `data` is encrypted on import.
	 * Missing ids are generated. Resolves the credentials with their ids.
	 */
	async importCredentials(credentials) {
		const list = credentials.map((credential) => ({ id: randomId(), ...credential }));
		const dir = path.join(this.userFolder, 'import');
		fs.mkdirSync(dir, { recursive: true });
		const file = path.join(dir, `credentials-${++this._importCount}.json`);
		fs.writeFileSync(file, JSON.stringify(list, null, 2));
		const result = await this.cliOrThrow(['import:credentials', `--input=${file}`]);
		if (!/Successfully imported/.test(result.stdout + result.stderr)) {
			throw new Error(`n8n import:credentials did not report success:\n${tail(result.stdout + result.stderr)}`);
		}
		return list;
	}

	/**
	 * Imports workflows (n8n JSON: { id?, name, nodes, connections, settings? }). Missing ids are
	 * generated; imported workflows are inactive (see publishWorkflow). Resolves the workflows with ids.
	 */
	async importWorkflows(workflows) {
		const list = workflows.map((workflow) => ({ id: randomId(), active: false, settings: {}, connections: {}, ...workflow }));
		const dir = path.join(this.userFolder, 'import', `workflows-${++this._importCount}`);
		fs.mkdirSync(dir, { recursive: true });
		for (const workflow of list) fs.writeFileSync(path.join(dir, `${workflow.id}.json`), JSON.stringify(workflow, null, 2));
		const result = await this.cliOrThrow(['import:workflow', '--separate', `--input=${dir}`]);
		const output = result.stdout + result.stderr;
		const match = /Successfully imported (\d+) workflow/.exec(output);
		if (!match || Number(match[1]) !== list.length) {
			throw new Error(`n8n import:workflow imported ${match ? match[1] : 'no'} of ${list.length} workflows:\n${tail(output)}`);
		}
		return list;
	}

	/** Activates (publishes) an imported workflow. n8n must be stopped: it takes effect at the next start(). */
	async publishWorkflow(workflowId) {
		if (this.isRunning()) throw new Error('publishWorkflow(): stop() n8n first (publishing takes effect at the next start()).');
		await this.cliOrThrow(['publish:workflow', `--id=${workflowId}`]);
	}

	/**
	 * Starts `n8n start`; resolves once it logged "Editor is now accessible via" and n8n 2.x's
	 * publication service (which activates published workflows asynchronously, after that line) has
	 * applied every published workflow (see activationStatus()). Rejects with the log tail if n8n exits
	 * or does not get there within timeoutMs, and (requireActivation, default true) if a published
	 * workflow failed to activate. Sets readyMs (log line) and startupMs (activation done).
	 */
	async start({ timeoutMs = 120000, requireActivation = true } = {}) {
		if (this.isRunning()) return this;
		this.linkPackage();
		fs.appendFileSync(this.logFile, `\n[n8n-host] ===== n8n start on ${this.baseUrl} (${new Date().toISOString()}) =====\n`);
		const offset = fs.statSync(this.logFile).size;
		this.logOffset = offset;
		const startedAt = Date.now();
		const env = this.n8nEnv();
		env.N8N_HOST_SUPERVISE = JSON.stringify({
			node: this.node.path,
			args: [N8N_BIN, 'start'],
			cwd: this.userFolder,
			log: this.logFile,
			graceMs: 25000,
		});
		const proc = spawn(this.node.path, [module.filename, '__supervise'], {
			cwd: this.userFolder,
			env,
			stdio: ['pipe', 'ignore', 'ignore'],
			detached: true,
		});
		proc.stdin.on('error', () => {});
		this.proc = proc;
		trackGroup(proc.pid);
		this.exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
		for (;;) {
			await delay(200);
			const text = this.logs({ since: offset });
			if (text.includes(READY_LINE)) {
				this.readyMs = Date.now() - startedAt;
				if (this.usesPublicationService()) {
					try {
						await this.waitForActivation({ until: startedAt + timeoutMs, requireActivation });
					} catch (error) {
						await this.stop();
						throw error;
					}
				}
				this.startupMs = Date.now() - startedAt;
				return this;
			}
			if (!this.isRunning()) {
				this.proc = null;
				liveGroups.delete(proc.pid);
				throw new Error(`n8n exited during start-up (log ${this.logFile}):\n${tail(text)}`);
			}
			if (Date.now() - startedAt > timeoutMs) {
				await this.stop();
				throw new Error(`n8n did not get ready within ${timeoutMs} ms (log ${this.logFile}):\n${tail(this.logs({ since: offset }))}`);
			}
		}
	}

	usesPublicationService() {
		const value = this.n8nEnv().N8N_USE_WORKFLOW_PUBLICATION_SERVICE;
		return value === undefined || !/^(false|0)$/i.test(value);
	}

	/**
	 * Activation state of every published workflow, from n8n's publication tables:
	 * [{ workflowId, name, versionId, state: 'pending' | 'activated' | 'failed', errors: [] }].
	 * 'activated' when the published version's triggers report activated (or, without triggers, its
	 * publication completed) and nothing is queued for it.
	 */
	async activationStatus() {
		const workflows = await this.query(
			'SELECT id, name, activeVersionId FROM workflow_entity WHERE activeVersionId IS NOT NULL AND isArchived = 0',
		);
		if (workflows.length === 0) return [];
		const triggers = await this.query('SELECT workflowId, nodeId, versionId, status, errorMessage FROM workflow_publication_trigger_status');
		const outbox = await this.query('SELECT id, workflowId, publishedVersionId, status, errorMessage FROM workflow_publication_outbox ORDER BY id');
		return workflows.map((workflow) => {
			const mine = outbox.filter((row) => row.workflowId === workflow.id);
			const queued = mine.some((row) => row.status === 'pending' || row.status === 'in_progress');
			const last = mine.filter((row) => row.publishedVersionId === workflow.activeVersionId).pop();
			const rows = triggers.filter((row) => row.workflowId === workflow.id && row.versionId === workflow.activeVersionId);
			const errors = [
				...rows.filter((row) => row.status === 'failed').map((row) => row.errorMessage || `trigger ${row.nodeId} failed`),
				...(last && (last.status === 'failed' || last.status === 'partial_success') ? [last.errorMessage || `publication ${last.status}`] : []),
			];
			let state = 'pending';
			if (!queued && (rows.length > 0 || (last && last.status !== 'pending' && last.status !== 'in_progress'))) {
				state = errors.length > 0 ? 'failed' : 'activated';
			}
			return { workflowId: workflow.id, name: workflow.name, versionId: workflow.activeVersionId, state, errors };
		});
	}

	/** Waits until no published workflow is pending activation (see activationStatus()). */
	async waitForActivation({ until = Date.now() + 60000, requireActivation = true } = {}) {
		for (;;) {
			const status = await this.activationStatus();
			const pending = status.filter((workflow) => workflow.state === 'pending');
			const failed = status.filter((workflow) => workflow.state === 'failed');
			if (pending.length === 0) {
				if (failed.length > 0 && requireActivation) {
					throw new Error(
						`n8n could not activate ${failed.map((workflow) => `"${workflow.name}" (${workflow.workflowId}): ${workflow.errors.join('; ')}`).join(', ')}\n` +
							tail(this.logs({ since: this.logOffset }), 3000),
					);
				}
				return status;
			}
			if (!this.isRunning()) throw new Error(`n8n exited while activating workflows:\n${tail(this.logs({ since: this.logOffset }))}`);
			if (Date.now() > until) {
				throw new Error(`n8n did not activate ${pending.map((workflow) => workflow.workflowId).join(', ')} in time:\n${tail(this.logs({ since: this.logOffset }))}`);
			}
			await delay(250);
		}
	}

	/**
	 * Waits until a production webhook path is registered (CORS preflight: OPTIONS with an Origin
	 * answers 404 for unknown paths; it never runs the workflow).
	 */
	async waitForWebhook(webhookPath, { method = 'POST', timeoutMs = 30000 } = {}) {
		const until = Date.now() + timeoutMs;
		for (;;) {
			const response = await fetch(this.webhookUrl(webhookPath), {
				method: 'OPTIONS',
				headers: { origin: this.baseUrl, 'access-control-request-method': method },
			}).catch(() => null);
			if (response && response.status < 300) return;
			if (Date.now() > until) throw new Error(`webhook ${method} ${webhookPath} not registered within ${timeoutMs} ms`);
			await delay(250);
		}
	}

	/** Stops n8n (SIGTERM, SIGKILL to its whole process group after ~25 s) and waits until its port is free. */
	async stop({ timeoutMs = 30000 } = {}) {
		const proc = this.proc;
		if (!proc) return;
		if (this.isRunning()) {
			proc.stdin.end();
			await within(this.exited, timeoutMs);
		}
		killGroup(proc.pid);
		await within(this.exited, 5000);
		liveGroups.delete(proc.pid);
		this.proc = null;
		const until = Date.now() + 10000;
		while (!(await portIsFree(this.port)) && Date.now() < until) await delay(200);
	}

	/**
	 * Stops n8n and deletes the user folder when createInstance() made it (kept with
	 * keep: true or N8N_HOST_KEEP_DATA=1, to read n8n.log / n8n-cli.log after a failure).
	 */
	async dispose({ keep = process.env.N8N_HOST_KEEP_DATA === '1' } = {}) {
		await this.stop();
		if (this.ownsUserFolder && !keep) fs.rmSync(this.userFolder, { recursive: true, force: true });
	}

	/** Text of the captured `n8n start` log (all starts, or from a byte offset). */
	logs({ since = 0 } = {}) {
		try {
			const buffer = fs.readFileSync(this.logFile);
			return stripAnsi(buffer.subarray(since).toString('utf8'));
		} catch {
			return '';
		}
	}

	/**
	 * Runs a workflow with `n8n execute --id --rawOutput` in its own process (works whether or not
	 * `n8n start` runs). Resolves the run n8n printed ({ data: { resultData: { runData } }, status, … });
	 * use itemsOf(result, 'Node name'). Rejects when the execution failed, with n8n's output.
	 */
	async execute(workflowId, { timeoutMs = 180000 } = {}) {
		const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], { timeoutMs });
		const parsed = parseRawOutput(result.stdout);
		// The printed run is the outcome. The CLI has been seen to exit 1 now and then during its own
		// teardown, after printing a successful, finished run; that run is still returned.
		const succeeded = parsed !== undefined && parsed.status === 'success' && parsed.finished === true && !parsed.data?.resultData?.error;
		if (!succeeded && (result.code !== 0 || parsed === undefined)) {
			const error = new Error(`n8n execute --id=${workflowId} failed (exit ${result.code}):\n${tail(result.stdout + result.stderr)}`);
			error.output = result.stdout + result.stderr;
			throw error;
		}
		return parsed;
	}

	/** Rows of n8n's sqlite database, read-only, through the host install's sqlite3 (Node 24). */
	async query(sql, params = []) {
		if (!fs.existsSync(this.dbPath)) return [];
		const result = spawnSync(this.node.path, ['-e', SQLITE_QUERY_SCRIPT, this.dbPath, sql, JSON.stringify(params)], {
			cwd: HOST_DIR,
			encoding: 'utf8',
			maxBuffer: 512 * 1024 * 1024,
			timeout: 60000,
		});
		if (result.status !== 0) throw new Error(`sqlite query failed: ${result.stderr || result.error}`);
		return JSON.parse(result.stdout);
	}

	/**
	 * The executions n8n recorded for a workflow, oldest first: { id, workflowId, mode, status,
	 * finished, startedAt, stoppedAt, lastNodeExecuted, error, items: { [node]: json[] }, data }.
	 * `data` is the decoded (flatted) run data; items hold the last run's output 0 of each node.
	 */
	async executions(workflowId) {
		const rows = await this.query(
			`SELECT e.id, e.workflowId, e.mode, e.status, e.finished, e.startedAt, e.stoppedAt, e.createdAt, e.storedAt, d.data
			 FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id
			 WHERE e.workflowId = ? AND e.deletedAt IS NULL ORDER BY e.id`,
			[workflowId],
		);
		return rows.map((row) => {
			let data = null;
			let decodeError;
			if (row.data) {
				try {
					data = flatted().parse(row.data);
				} catch (error) {
					decodeError = error.message;
				}
			}
			const resultData = (data && data.resultData) || {};
			const items = {};
			for (const nodeName of Object.keys(resultData.runData || {})) items[nodeName] = itemsOf(data, nodeName);
			const meta = { ...row };
			delete meta.data;
			return {
				...meta,
				id: String(row.id),
				finished: Boolean(row.finished),
				lastNodeExecuted: resultData.lastNodeExecuted,
				error: resultData.error ? resultData.error.message || resultData.error : undefined,
				items,
				data,
				...(decodeError ? { decodeError } : {}),
			};
		});
	}

	/** Polls executions() until `count` of them finished (success/error/crashed/canceled). */
	async waitForExecutions(workflowId, { count = 1, timeoutMs = 30000 } = {}) {
		const until = Date.now() + timeoutMs;
		for (;;) {
			const executions = await this.executions(workflowId);
			const finished = executions.filter((execution) => FINISHED_STATUSES.has(execution.status));
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
	 * What n8n loaded from the package (read from the type files n8n writes at start):
	 * { loaded, packageName, nodeTypes, credentialTypes, missingCredentialTypes }. Needs one start().
	 */
	packageLoaded() {
		const typesDir = path.join(this.userFolder, '.cache', 'n8n', 'public', 'types');
		const nodesFile = path.join(typesDir, 'nodes.json');
		if (!fs.existsSync(nodesFile)) throw new Error(`packageLoaded(): ${nodesFile} is missing: start() the instance first.`);
		const nodes = readJson(nodesFile);
		const credentials = readJson(path.join(typesDir, 'credentials.json'));
		const ours = nodes.filter((node) => String(node.name).startsWith(`${this.packageName}.`));
		const nodeTypes = [...new Set(ours.map((node) => node.name))];
		const wanted = [...new Set(ours.flatMap((node) => (node.credentials || []).map((credential) => credential.name)))];
		const known = new Set(credentials.map((credential) => credential.name));
		return {
			loaded: nodeTypes.length > 0,
			packageName: this.packageName,
			nodeTypes,
			credentialTypes: wanted.filter((name) => known.has(name)),
			missingCredentialTypes: wanted.filter((name) => !known.has(name)),
		};
	}

	/** fetch() against this instance's REST API. */
	async rest(method, urlPath, { body, cookie } = {}) {
		const response = await fetch(`${this.baseUrl}${urlPath}`, {
			method,
			headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		let json;
		try {
			json = JSON.parse(text);
		} catch {
			json = undefined;
		}
		const setCookie = response.headers.get('set-cookie');
		return { status: response.status, json, text, cookie: setCookie ? setCookie.split(';')[0] : undefined };
	}

	/**
	 * Makes sure an owner with these credentials exists, so the editor opens on a login page instead of
	 * the sign-up wall. Running: `POST /rest/owner/setup` (or, when an owner exists, a login check);
	 * resolves { email, password, cookie }. Stopped: provisions the owner from the environment at the
	 * next start() (N8N_INSTANCE_OWNER_MANAGED_BY_ENV with a bcrypt hash). Password: 8+ characters with
	 * a digit and an upper-case letter.
	 */
	async ensureOwner({ email = 'owner@example.com', password = 'Owner-pass-1', firstName = 'Dev', lastName = 'Owner' } = {}) {
		if (!this.isRunning()) {
			const bcrypt = require(require.resolve('bcryptjs', { paths: [path.join(HOST_MODULES, 'n8n'), HOST_MODULES] }));
			this.ownerEnv = {
				N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
				N8N_INSTANCE_OWNER_EMAIL: email,
				N8N_INSTANCE_OWNER_FIRST_NAME: firstName,
				N8N_INSTANCE_OWNER_LAST_NAME: lastName,
				N8N_INSTANCE_OWNER_PASSWORD_HASH: bcrypt.hashSync(password, 10),
			};
			return { email, password, appliesAtNextStart: true };
		}
		const setup = await this.rest('POST', '/rest/owner/setup', { body: { email, password, firstName, lastName } });
		if (setup.status === 200) return { email, password, cookie: setup.cookie, created: true };
		const login = await this.rest('POST', '/rest/login', { body: { emailOrLdapLoginId: email, password } });
		if (login.status === 200) return { email, password, cookie: login.cookie, created: false };
		throw new Error(`ensureOwner(): owner setup answered ${setup.status} (${setup.text.slice(0, 300)}), login ${login.status} (${login.text.slice(0, 300)})`);
	}
}

function randomId(length = 16) {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	const bytes = crypto.randomBytes(length);
	let id = '';
	for (let i = 0; i < length; i++) id += alphabet[bytes[i] % alphabet.length];
	return id;
}

/**
 * A host n8n instance (not started). Options:
 *   userFolder   N8N_USER_FOLDER (default: a new temp folder, deleted by dispose()); reused if it exists
 *   port         editor/webhook port (default: a free one); the task-broker port is always a free one
 *   packageDir   package to load as a community package (default: the repository root; false: none)
 *   env          extra environment for every n8n process (wins over the defaults)
 *   owner        { email, password, … }: provision this owner at start (see ensureOwner)
 *   encryptionKey  default: the one in <userFolder>/.n8n/config, else a random one
 *   install      false to skip ensureInstalled() (default true; cheap when installed)
 */
async function createInstance(options = {}) {
	if (options.install !== false) await ensureInstalled({ log: options.log });
	else if (!fs.existsSync(N8N_BIN)) throw new Error('n8n host is not installed: run `node scripts/n8n-host.js install`.');
	const node = findHostNode();
	let userFolder = options.userFolder;
	let ownsUserFolder = false;
	if (!userFolder) {
		userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-host-'));
		ownsUserFolder = true;
	}
	userFolder = path.resolve(userFolder);
	fs.mkdirSync(userFolder, { recursive: true });
	let encryptionKey = options.encryptionKey;
	if (!encryptionKey) {
		try {
			encryptionKey = readJson(path.join(userFolder, '.n8n', 'config')).encryptionKey;
		} catch {
			encryptionKey = crypto.randomBytes(24).toString('base64url');
		}
	}
	const [freePort, brokerPort] = await freePorts(2);
	const packageDir = options.packageDir === false ? null : path.resolve(options.packageDir || REPO_ROOT);
	const packageName = packageDir ? readJson(path.join(packageDir, 'package.json')).name : null;
	const instance = new N8nHostInstance({
		node,
		userFolder,
		ownsUserFolder,
		port: options.port || freePort,
		brokerPort,
		packageDir,
		packageName,
		encryptionKey,
		env: options.env || {},
	});
	instance.linkPackage();
	if (options.owner) await instance.ensureOwner(options.owner);
	return instance;
}

module.exports = {
	REPO_ROOT,
	HOST_DIR,
	N8N_BIN,
	READY_LINE,
	ensureInstalled,
	isInstalled,
	createInstance,
	findHostNode,
	freePorts,
	portIsFree,
	itemsOf,
	parseRawOutput,
	N8nHostInstance,
};

// ---------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------

async function cliMain(argv) {
	const [command, ...rest] = argv;
	const log = (line) => console.log(line);
	switch (command) {
		case 'install': {
			const started = Date.now();
			const bin = await ensureInstalled({ log, force: rest.includes('--force'), echo: rest.includes('--verbose') });
			log(`n8n host: ready in ${Math.round((Date.now() - started) / 1000)} s: ${bin}`);
			return;
		}
		case 'path':
			log(await ensureInstalled({ log: (line) => console.error(line) }));
			return;
		case '__supervise':
			superviseMain();
			return;
		default:
			console.error('usage: node scripts/n8n-host.js install [--force] [--verbose] | path');
			process.exitCode = 2;
	}
}

if (require.main === module) {
	cliMain(process.argv.slice(2)).catch((error) => {
		console.error(error && error.message ? error.message : error);
		process.exit(1);
	});
}
