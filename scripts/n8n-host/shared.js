'use strict';
/**
 * One `n8n start` per host, shared by the end-to-end suites of a jest run that need a plain n8n: the
 * package linked, the default owner, n8n's defaults, never stopped or restarted by a suite. Each suite
 * starting its own was a boot of ~8–10 s of a core, about two dozen of them a run on a CPU-bound
 * machine. Suites still get their own sandbox, credentials and workflows; n8n keeps executions apart by
 * workflow id.
 *
 * The first suite of a run that asks for a host spawns a keeper (`__shared`, in its own process group)
 * that creates and starts the instance, writes where it listens to `<dir>/<host>.json`, and disposes of
 * it when jest's global teardown sends SIGTERM or the jest process it belongs to is gone. Every suite,
 * that one included, attaches to it: an N8nHostInstance on the same folder and port that refuses stop().
 * `dir` is N8N_SHARED_HOSTS_DIR (test/setup/global-setup.js); without it each caller gets an instance
 * of its own, started, as createInstance() + start() would.
 */

const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');

const { ENTRY, hostPaths } = require('./paths');
const { resolveHost } = require('./hosts');
const { findHostNode } = require('./node');
const { ensureInstalled } = require('./install');
const { N8nHostInstance } = require('./instance');
const { delay, processIsAlive, readJson, tail, withLock } = require('./util');
const { ceiling } = require('../machine');

const READY_TIMEOUT_MS = ceiling(240000);

const files = (dir, hostVersion) => {
	const base = path.join(dir, String(hostVersion));
	return {
		lock: `${base}.lock`,
		keeper: `${base}.keeper`,
		ready: `${base}.json`,
		failed: `${base}.error`,
		log: `${base}.keeper.log`,
	};
};

/** The run's shared n8n of `hostVersion` (1, 2 or a release), started on first use; an attached N8nHostInstance. */
async function sharedInstance({ hostVersion, log } = {}) {
	const host = resolveHost(hostVersion);
	const dir = process.env.N8N_SHARED_HOSTS_DIR;
	if (!dir) {
		const { createInstance } = require('./create');
		const own = await createInstance({ hostVersion: host.hostVersion, log });
		return await own.start();
	}
	await ensureInstalled({ hostVersion: host.hostVersion, log });
	const at = files(dir, host.hostVersion);
	await withLock(at.lock, async () => {
		if (fs.existsSync(at.keeper)) return;
		const out = fs.openSync(at.log, 'a');
		const keeper = spawn(
			process.execPath,
			[ENTRY, '__shared', `--host=${host.hostVersion}`, `--dir=${dir}`],
			{ detached: true, stdio: ['ignore', out, out], env: process.env },
		);
		fs.closeSync(out);
		keeper.unref();
		fs.writeFileSync(at.keeper, String(keeper.pid));
	});
	const keeperPid = Number(fs.readFileSync(at.keeper, 'utf8'));
	const until = Date.now() + READY_TIMEOUT_MS;
	while (!fs.existsSync(at.ready)) {
		const failure = fs.existsSync(at.failed) ? fs.readFileSync(at.failed, 'utf8') : null;
		if (failure !== null || !processIsAlive(keeperPid) || Date.now() > until) {
			const keeperLog = fs.existsSync(at.log) ? fs.readFileSync(at.log, 'utf8') : '';
			throw new Error(
				`The shared n8n ${host.hostVersion} did not start: ${failure ?? (processIsAlive(keeperPid) ? `not ready within ${READY_TIMEOUT_MS} ms` : 'its keeper exited')}\n${tail(keeperLog, 3000)}`,
			);
		}
		await delay(250);
	}
	return attach(readJson(at.ready));
}

/** An N8nHostInstance on the shared n8n `info` describes (what the keeper wrote). */
function attach(info) {
	const host = resolveHost(info.hostVersion);
	const instance = new N8nHostInstance({
		host,
		paths: hostPaths(host.hostVersion),
		node: findHostNode(host.hostVersion),
		userFolder: info.userFolder,
		ownsUserFolder: false,
		port: info.port,
		brokerPort: info.brokerPort,
		packageDir: info.packageDir,
		packageName: info.packageName,
		encryptionKey: info.encryptionKey,
		env: {},
		command: 'start',
		editor: false,
		communityPackagesRegistry: null,
	});
	instance.shared = {
		n8nPid: info.n8nPid,
		// What this suite saved: activation is awaited and judged for these alone (activation.js).
		workflowIds: new Set(),
		// logs() reads from here on: what n8n logged for this suite and the ones beside it.
		logFrom: fs.statSync(instance.logFile).size,
	};
	instance.owner = info.owner;
	instance.logOffset = info.logOffset;
	return instance;
}

/** `node scripts/n8n-host.js __shared --host=N --dir=D`: starts the host's n8n and keeps it until told to stop. */
async function sharedKeeperMain(args) {
	const option = (name) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
	const dir = option('dir');
	const at = files(dir, option('host'));
	const parentPid = Number(process.env.N8N_SHARED_HOSTS_PARENT) || null;
	const { createInstance } = require('./create');
	const log = (line) => console.log(`[shared n8n] ${new Date().toISOString()} ${line}`);
	let instance = null;
	let stopping = null;
	const stop = (why) => {
		stopping ??= (async () => {
			log(`stopping (${why})`);
			await instance?.dispose();
			fs.rmSync(at.ready, { force: true });
			process.exit(0);
		})();
		return stopping;
	};
	for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => stop(signal));
	// The jest run it serves ended without a global teardown (killed): nothing is left behind.
	if (parentPid)
		setInterval(() => {
			if (!processIsAlive(parentPid)) void stop(`jest process ${parentPid} is gone`);
		}, 1000);
	try {
		const host = resolveHost(option('host'));
		instance = await createInstance({
			hostVersion: host.hostVersion,
			// Suites save workflows side by side: n8n 1.x's SQLite without a pool (its default, which it
			// calls deprecated) then fails a save with "no such savepoint". 3 is n8n 2.x's default.
			env: host.major === 1 ? { DB_SQLITE_POOL_SIZE: '3' } : {},
			log,
		});
		await instance.ensureOwner();
		await instance.start();
		const info = {
			hostVersion: instance.hostVersion,
			userFolder: instance.userFolder,
			port: instance.port,
			brokerPort: instance.brokerPort,
			packageDir: instance.packageDir,
			packageName: instance.packageName,
			encryptionKey: instance.encryptionKey,
			owner: instance.owner,
			n8nPid: instance.proc.pid,
			logOffset: instance.logOffset,
		};
		fs.writeFileSync(`${at.ready}.tmp`, JSON.stringify(info));
		fs.renameSync(`${at.ready}.tmp`, at.ready);
		log(`n8n ${instance.hostVersion} ready on ${instance.baseUrl} after ${instance.startupMs} ms`);
	} catch (error) {
		fs.writeFileSync(at.failed, String(error?.stack ?? error));
		await stop('start failed');
	}
}

/** Jest's global teardown: stops every shared n8n of the run in `dir` and removes the folder. */
async function stopSharedInstances(dir) {
	if (!dir || !fs.existsSync(dir)) return;
	const keepers = fs
		.readdirSync(dir)
		.filter((name) => name.endsWith('.keeper'))
		.map((name) => Number(fs.readFileSync(path.join(dir, name), 'utf8')));
	for (const pid of keepers) if (processIsAlive(pid)) process.kill(pid, 'SIGTERM');
	const until = Date.now() + 45000;
	while (keepers.some(processIsAlive) && Date.now() < until) await delay(200);
	for (const pid of keepers.filter(processIsAlive)) process.kill(-pid, 'SIGKILL');
	fs.rmSync(dir, { recursive: true, force: true });
}

module.exports = { sharedInstance, sharedKeeperMain, stopSharedInstances };
