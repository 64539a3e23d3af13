'use strict';
/**
 * A real npm registry for the tests that install the package the way users get it: verdaccio (the
 * root devDependency, run on the 2.x host's Node, >= 22) on a free port of 127.0.0.1, a supervised
 * child of this process (processes.js) with its storage in a temp folder. No uplinks: it serves only
 * what is published to it and never reaches the internet.
 *
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

const VERDACCIO_BIN = path.join(REPO_ROOT, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
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
	if (response.status !== 201 || !body.token) throw new Error(`verdaccio refused the user: ${response.status} ${JSON.stringify(body)}`);
	return body.token;
}

async function startRegistry({ keep = process.env.N8N_HOST_KEEP_DATA === '1' } = {}) {
	if (!fs.existsSync(VERDACCIO_BIN)) throw new Error(`verdaccio is not installed (${VERDACCIO_BIN}): run \`npm install\`.`);
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
			const result = spawnSync('npm', ['publish', tarball, '--tag', tag, `--registry=${url}/`, `--//127.0.0.1:${port}/:_authToken=${token}`], {
				cwd: dir,
				encoding: 'utf8',
				timeout: 120000,
			});
			if (result.status !== 0) throw new Error(`npm publish ${tarball} to ${url} failed (exit ${result.status}):\n${tail(result.stdout + result.stderr)}`);
			return result.stdout;
		};
		return { server, url, port, token, logFile, dir, publish };
	});
}

module.exports = { startRegistry };
