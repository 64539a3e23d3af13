'use strict';
/** Installs a host's n8n into its folder (.n8n-host/, .n8n-host-1/) once per package.json/lockfile (locked, logged), with sqlite3 rebuilt for its Node. */

const fs = require('fs');
const path = require('path');
const { spawn, spawnSync } = require('child_process');

const { hostPaths } = require('./paths');
const { hostLabel, resolveHost } = require('./hosts');
const { delay, tail, sha256, readJson } = require('./util');
const { findHostNode, findNodeHeaders } = require('./node');

/** Present when Debian's libsqlite3-dev is installed: sqlite3 is then built against the system's SQLite. */
const SYSTEM_SQLITE_HEADER = '/usr/include/sqlite3.h';

function installFingerprint({ HOST_DIR }) {
	const lockFile = path.join(HOST_DIR, 'package-lock.json');
	return {
		packageJson: sha256(fs.readFileSync(path.join(HOST_DIR, 'package.json'))),
		lockfile: fs.existsSync(lockFile) ? sha256(fs.readFileSync(lockFile)) : null,
	};
}

function installedState({ MARKER }) {
	try {
		return readJson(MARKER);
	} catch {
		return null;
	}
}

/** True when the host (hostVersion 1 or 2, default N8N_HOST_VERSION, else 2) is installed for its current package.json and lockfile. */
function isInstalled(
	hostVersion,
	paths = hostPaths(hostVersion),
	fingerprint = installFingerprint(paths),
) {
	const { N8N_BIN, SQLITE_BINDING } = paths;
	const state = installedState(paths);
	return Boolean(
		state &&
			state.packageJson === fingerprint.packageJson &&
			state.lockfile === fingerprint.lockfile &&
			fs.existsSync(N8N_BIN) &&
			fs.existsSync(SQLITE_BINDING),
	);
}

/** The n8n version a host's package.json pins (readable before the install: test names use it). */
function pinnedN8nVersion(hostVersion) {
	return readJson(path.join(hostPaths(hostVersion).HOST_DIR, 'package.json')).dependencies.n8n;
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
	const besideNode = path.join(
		path.dirname(fs.realpathSync(node.path)),
		'..',
		'lib',
		'node_modules',
		'npm',
		'bin',
		'npm-cli.js',
	);
	if (fs.existsSync(besideNode)) return { cmd: node.path, prefix: [besideNode] };
	const execPath = process.env.npm_execpath;
	if (execPath && /npm-cli\.js$/.test(execPath) && fs.existsSync(execPath))
		return { cmd: node.path, prefix: [execPath] };
	return { cmd: process.platform === 'win32' ? 'npm.cmd' : 'npm', prefix: [] };
}

/** Runs a command, appending its output to `logFile` (and echoing it when asked). Resolves { code, output }. */
function runLogged(cmd, args, { cwd, env, logFile, echo = false, timeoutMs = 45 * 60 * 1000 }) {
	return new Promise((resolve) => {
		const out = fs.openSync(logFile, 'a');
		fs.writeSync(
			out,
			`\n$ ${[cmd, ...args].join(' ')}   (cwd ${cwd}, ${new Date().toISOString()})\n`,
		);
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
async function withInstallLock({ HOST_MODULES, LOCK_DIR }, log, fn) {
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
			if (
				(Number.isFinite(owner) && owner > 0 && !pidAlive(owner)) ||
				(!Number.isFinite(owner) && lockAge > 10000)
			) {
				fs.rmSync(LOCK_DIR, { recursive: true, force: true });
				continue;
			}
			if (!announced) {
				log(`n8n host: waiting for another install of ${HOST_MODULES} (pid ${owner}) to finish…`);
				announced = true;
			}
			if (Date.now() - started > 60 * 60 * 1000)
				throw new Error(`n8n host install lock ${LOCK_DIR} held for an hour by pid ${owner}`);
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
 * Installs a host's n8n into its folder unless it is already installed for the current package.json and
 * lockfile: `npm install --ignore-scripts` (the lockfile pins every version; install scripts would
 * download from the internet), then `npm rebuild sqlite3` against local Node headers (no network for prebuilt binaries), then a
 * smoke check. Resolves the path of the n8n binary. Options: hostVersion (1 or 2, default
 * N8N_HOST_VERSION, else 2), log (function, default silent), force (reinstall), echo (stream npm's
 * output to stderr).
 */
async function ensureInstalled({ hostVersion, log = () => {}, force = false, echo = false } = {}) {
	const host = resolveHost(hostVersion);
	const paths = hostPaths(host.hostVersion);
	const { HOST_DIR, HOST_MODULES, N8N_BIN, SQLITE_BINDING, MARKER, INSTALL_LOG } = paths;
	const node = findHostNode(host.hostVersion);
	const name = hostLabel(host);
	if (!force && isInstalled(host.hostVersion, paths)) {
		log(
			`${name}: already installed (n8n ${installedState(paths).n8nVersion} in ${HOST_MODULES}); nothing to do.`,
		);
		return N8N_BIN;
	}
	return await withInstallLock(paths, log, async () => {
		const fingerprint = installFingerprint(paths);
		if (!force && isInstalled(host.hostVersion, paths, fingerprint)) {
			log(
				`${name}: installed meanwhile by another process (n8n ${installedState(paths).n8nVersion}).`,
			);
			return N8N_BIN;
		}
		const timings = {};
		const npm = npmCommand(node);
		const env = hostToolEnv(node);
		fs.writeFileSync(
			INSTALL_LOG,
			`${name} install, ${new Date().toISOString()}, Node ${node.version} (${node.path})\n`,
		);
		const fail = (what, result) => {
			throw new Error(
				`${name}: ${what} failed (exit ${result.code}). Full log: ${INSTALL_LOG}\n${tail(result.output, 4000)}`,
			);
		};

		fs.rmSync(MARKER, { force: true });
		// `npm install` with the committed lockfile installs the locked versions. Should npm still change
		// the lockfile (it once lacked optional platform packages the registry serves now), the log says so.
		const hadLock = fingerprint.lockfile !== null;
		const installArgs = ['install', '--ignore-scripts', '--no-audit', '--no-fund'];
		log(
			`${name}: npm ${installArgs.join(' ')} in ${HOST_DIR} with Node ${node.version} (several minutes, 2–3 GB)…`,
		);
		let t0 = Date.now();
		let result = await runLogged(npm.cmd, [...npm.prefix, ...installArgs], {
			cwd: HOST_DIR,
			env,
			logFile: INSTALL_LOG,
			echo,
		});
		if (result.code !== 0) fail('npm install', result);
		timings.install = Math.round((Date.now() - t0) / 1000);
		const installed = installFingerprint(paths);
		if (!hadLock) log(`${name}: created ${path.join(HOST_DIR, 'package-lock.json')}: commit it.`);
		else if (installed.lockfile !== fingerprint.lockfile)
			log(`${name}: npm updated ${path.join(HOST_DIR, 'package-lock.json')}: commit it.`);

		const sqliteLoads = () =>
			fs.existsSync(SQLITE_BINDING) &&
			spawnSync(node.path, ['-e', "new (require('sqlite3').Database)(':memory:').close()"], {
				cwd: HOST_DIR,
				env,
			}).status === 0;
		let headers = null;
		if (sqliteLoads()) {
			log(`${name}: sqlite3 binding already built and loading: no rebuild.`);
		} else {
			headers = findNodeHeaders(node);
			// With the system's SQLite (Debian's libsqlite3-dev) only the binding compiles (about 30 s);
			// without it node-gyp compiles SQLite's own amalgamation too (2–5 min per host).
			const systemSqlite = fs.existsSync(SYSTEM_SQLITE_HEADER);
			const rebuildEnv = hostToolEnv(node, {
				...(headers ? { npm_config_nodedir: headers.dir } : {}),
				...(systemSqlite ? { npm_config_sqlite: '/usr' } : {}),
			});
			log(
				`${name}: npm rebuild sqlite3 (native build, ${systemSqlite ? "the binding only, linked to the system's SQLite" : "with SQLite's own sources, about 2–5 min; install libsqlite3-dev for a quicker build"}) against ${
					headers
						? `Node ${headers.major} headers in ${headers.dir}`
						: 'the default Node headers (none found locally)'
				}…`,
			);
			t0 = Date.now();
			result = await runLogged(npm.cmd, [...npm.prefix, 'rebuild', 'sqlite3'], {
				cwd: HOST_DIR,
				env: rebuildEnv,
				logFile: INSTALL_LOG,
				echo,
			});
			if (result.code !== 0 || !sqliteLoads()) {
				fail(
					`npm rebuild sqlite3${headers ? '' : ' (no local Node headers: set N8N_HOST_NODEDIR to a folder with include/node/)'}`,
					result,
				);
			}
			timings.rebuildSqlite3 = Math.round((Date.now() - t0) / 1000);
		}

		const check = spawnSync(
			node.path,
			[
				'-e',
				"const s=require('sqlite3');new s.Database(':memory:').close();process.stdout.write(require('n8n/package.json').version)",
			],
			{ cwd: HOST_DIR, encoding: 'utf8', env },
		);
		if (check.status !== 0)
			throw new Error(`${name}: smoke check failed: ${check.stderr || check.stdout}`);
		const n8nVersion = check.stdout.trim();
		const state = {
			...installed,
			n8nVersion,
			node: node.version,
			headers: headers && headers.dir,
			installedAt: new Date().toISOString(),
			timings,
		};
		fs.writeFileSync(MARKER, JSON.stringify(state, null, 2));
		log(
			`${name}: n8n ${n8nVersion} installed (npm ${timings.install} s${timings.rebuildSqlite3 ? `, sqlite3 ${timings.rebuildSqlite3} s` : ''}).`,
		);
		return N8N_BIN;
	});
}

module.exports = {
	ensureInstalled,
	isInstalled,
	pinnedN8nVersion,
	installFingerprint,
	installedState,
	withInstallLock,
	npmCommand,
	hostToolEnv,
	runLogged,
};
