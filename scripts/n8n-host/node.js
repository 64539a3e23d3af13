'use strict';
/** Finds the Node >= 24 that runs n8n, and Node headers for building sqlite3 offline. */

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const { REPO_ROOT } = require('./paths');

const MIN_NODE_MAJOR = 24;

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

module.exports = { findHostNode, findNodeHeaders };
