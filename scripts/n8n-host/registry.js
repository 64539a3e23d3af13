'use strict';
/**
 * A real npm registry for the tests that install the package the way users get it: verdaccio (pinned
 * in its own folder, .registry-host/, like the n8n hosts: see its package.json for why; run on the
 * 2.x host's Node, >= 22) on a free port of 127.0.0.1, a supervised
 * child of this process (processes.js) with its storage in a temp folder. No uplinks: it serves only
 * what is published to it and never reaches the internet.
 *
 *   await ensureRegistryInstalled()          installs .registry-host/ when missing or changed (pretest does)
 *   const registry = await startRegistry()   -> { url, port, token, logFile, dir, publish(tarball), stop() }
 */

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const { REPO_ROOT } = require('./paths');
const { findHostNode } = require('./node');
const { freePorts } = require('./ports');
const { tail } = require('./util');
const { startSupervised, inTempFolder } = require('./services');

const {
	hostToolEnv,
	installedState,
	installFingerprint,
	npmCommand,
	runLogged,
	withInstallLock,
} = require('./install');

const REGISTRY_DIR = path.join(REPO_ROOT, '.registry-host');
const REGISTRY_PATHS = {
	HOST_DIR: REGISTRY_DIR,
	HOST_MODULES: path.join(REGISTRY_DIR, 'node_modules'),
	MARKER: path.join(REGISTRY_DIR, 'node_modules', '.registry-host-installed.json'),
	LOCK_DIR: path.join(REGISTRY_DIR, 'node_modules', '.registry-host-install.lock'),
	INSTALL_LOG: path.join(REGISTRY_DIR, 'install.log'),
};
const VERDACCIO_BIN = path.join(REGISTRY_PATHS.HOST_MODULES, 'verdaccio', 'bin', 'verdaccio');

function registryInstalled(fingerprint = installFingerprint(REGISTRY_PATHS)) {
	const state = installedState(REGISTRY_PATHS);
	return Boolean(
		state &&
			state.packageJson === fingerprint.packageJson &&
			state.lockfile === fingerprint.lockfile &&
			fs.existsSync(VERDACCIO_BIN),
	);
}

/** Installs verdaccio from .registry-host/'s lockfile when missing or changed (no install scripts). */
async function ensureRegistryInstalled({ log = () => {} } = {}) {
	if (registryInstalled()) {
		log('npm registry (verdaccio): already installed; nothing to do.');
		return VERDACCIO_BIN;
	}
	return await withInstallLock(REGISTRY_PATHS, log, async () => {
		const fingerprint = installFingerprint(REGISTRY_PATHS);
		if (registryInstalled(fingerprint)) return VERDACCIO_BIN;
		const node = findHostNode(2);
		const npm = npmCommand(node);
		const started = Date.now();
		fs.rmSync(REGISTRY_PATHS.MARKER, { force: true });
		fs.writeFileSync(
			REGISTRY_PATHS.INSTALL_LOG,
			`verdaccio install, ${new Date().toISOString()}, Node ${node.version}\n`,
		);
		log(`npm registry (verdaccio): npm install in ${REGISTRY_DIR}…`);
		const result = await runLogged(
			npm.cmd,
			[...npm.prefix, 'install', '--ignore-scripts', '--no-audit', '--no-fund'],
			{
				cwd: REGISTRY_DIR,
				env: hostToolEnv(node),
				logFile: REGISTRY_PATHS.INSTALL_LOG,
			},
		);
		if (result.code !== 0 || !fs.existsSync(VERDACCIO_BIN)) {
			throw new Error(
				`npm registry (verdaccio): npm install failed (exit ${result.code}). Full log: ${REGISTRY_PATHS.INSTALL_LOG}\n${tail(result.output, 4000)}`,
			);
		}
		fs.writeFileSync(
			REGISTRY_PATHS.MARKER,
			JSON.stringify(
				{ ...installFingerprint(REGISTRY_PATHS), installedAt: new Date().toISOString() },
				null,
				2,
			),
		);
		log(`npm registry (verdaccio): installed in ${Math.round((Date.now() - started) / 1000)} s.`);
		return VERDACCIO_BIN;
	});
}
const READY_LINE = 'http address';
const USER = { name: 'fax-service-ci', password: 'registry-pass-1' };

/** verdaccio's config: local storage and htpasswd users in `dir`, anyone may read, a logged-in user may publish. */
function verdaccioConfig(dir) {
	return [
		`storage: ${JSON.stringify(path.join(dir, 'storage'))}`,
		'auth:',
		'  htpasswd:',
		`    file: ${JSON.stringify(path.join(dir, 'htpasswd'))}`,
		'    max_users: 10',
		'uplinks: {}',
		'packages:',
		"  '**':",
		'    access: $all',
		'    publish: $authenticated',
		'    unpublish: $authenticated',
		'web:',
		'  enable: false',
		'log: { type: stdout, format: pretty, level: http }',
		'',
	].join('\n');
}

/** A new user (the npm adduser call): its token authorises publishing. */
async function addUser(url) {
	const response = await fetch(`${url}/-/user/org.couchdb.user:${USER.name}`, {
		method: 'PUT',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ name: USER.name, password: USER.password }),
	});
	const body = await response.json();
	if (response.status !== 201 || !body.token)
		throw new Error(`verdaccio refused the user: ${response.status} ${JSON.stringify(body)}`);
	return body.token;
}

async function startRegistry({ keep = process.env.N8N_HOST_KEEP_DATA === '1' } = {}) {
	await ensureRegistryInstalled();
	const [port] = await freePorts(1);
	return await inTempFolder('registry', keep, async (dir) => {
		const configFile = path.join(dir, 'config.yaml');
		fs.writeFileSync(configFile, verdaccioConfig(dir));
		const logFile = path.join(dir, 'verdaccio.log');
		const server = await startSupervised({
			name: 'verdaccio',
			command: findHostNode(2).path,
			args: [VERDACCIO_BIN, '--config', configFile, '--listen', `127.0.0.1:${port}`],
			cwd: dir,
			logFile,
			readyLine: READY_LINE,
		});
		const url = `http://127.0.0.1:${port}`;
		let token;
		try {
			token = await addUser(url);
		} catch (error) {
			await server.stop();
			throw error;
		}
		/** `npm publish <tarball>`: a tarball runs no lifecycle scripts (prepublishOnly guards folder publishes). */
		const publish = (tarball, { tag = 'latest' } = {}) => {
			const result = spawnSync(
				'npm',
				[
					'publish',
					tarball,
					'--tag',
					tag,
					`--registry=${url}/`,
					`--//127.0.0.1:${port}/:_authToken=${token}`,
				],
				{
					cwd: dir,
					encoding: 'utf8',
					timeout: 120000,
				},
			);
			if (result.status !== 0)
				throw new Error(
					`npm publish ${tarball} to ${url} failed (exit ${result.status}):\n${tail(result.stdout + result.stderr)}`,
				);
			return result.stdout;
		};
		return { server, url, port, token, logFile, dir, publish };
	});
}

module.exports = { startRegistry, ensureRegistryInstalled };
