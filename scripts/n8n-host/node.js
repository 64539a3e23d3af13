'use strict';
/** Finds the Node that runs each n8n host (hosts.js: >= 24 for 2.x, 20/22 for 1.x), and Node headers for building sqlite3 offline. */

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const { REPO_ROOT, hostLabel, resolveHost, parseNodeVersion } = require('./hosts');

function probeNodeVersion(bin) {
	const result = spawnSync(bin, ['-p', 'process.version'], { encoding: 'utf8', timeout: 15000 });
	return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * The Node that runs a host's n8n (and its npm), { path, version }: the host's override variable
 * (N8N_HOST_NODE for 2.x, N8N_HOST1_NODE for 1.x), else this process's Node when the host accepts it,
 * else the host's usual places (hosts.js), else a `node` on PATH that it accepts.
 */
function findHostNode(hostVersion) {
	const host = resolveHost(hostVersion);
	const { overrideEnv, wanted, accepts, candidates, hint } = host.node;
	const override = process.env[overrideEnv];
	if (override) {
		const version = probeNodeVersion(override);
		if (!version || !accepts(version))
			throw new Error(`${overrideEnv}=${override} is not ${wanted} (got ${version}).`);
		return { path: override, version };
	}
	if (accepts(process.version)) return { path: process.execPath, version: process.version };
	const pathNodes = (process.env.PATH || '')
		.split(path.delimiter)
		.filter(Boolean)
		.map((dir) => path.join(dir, 'node'));
	const tried = [];
	for (const candidate of new Set([...candidates(), ...pathNodes])) {
		if (!fs.existsSync(candidate)) continue;
		const version = probeNodeVersion(candidate);
		tried.push(`${candidate} (${version})`);
		if (version && accepts(version)) return { path: candidate, version };
	}
	throw new Error(
		`${hostLabel(host)} needs ${wanted}, and none was found (this process runs ${process.version}; ` +
			`tried ${tried.join(', ') || 'nothing'}). ${hint}`,
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
		path.join(
			REPO_ROOT,
			'node_modules',
			'node',
			'node_modules',
			`node-${process.platform}-${process.arch}`,
		),
		process.env.npm_config_nodedir,
		'/usr/local',
		'/usr',
	].filter(Boolean);
	const found = candidates
		.map((dir) => ({ dir, major: headersMajor(dir) }))
		.filter(
			(entry) =>
				entry.major !== null &&
				fs.existsSync(path.join(entry.dir, 'include', 'node', 'node_api.h')),
		);
	return (
		found.find((entry) => entry.major === parseNodeVersion(node.version)[0]) || found[0] || null
	);
}

module.exports = { findHostNode, findNodeHeaders };
