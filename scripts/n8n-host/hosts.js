'use strict';
/**
 * The n8n majors this repository runs its end-to-end tests on, what differs between them, and which
 * one a caller means: an explicit hostVersion, else N8N_HOST_VERSION, else 2.
 */

const path = require('path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** [major, minor, patch] of a Node version ('v20.19.0' or '20.19.0'). */
const parseNodeVersion = (version) => String(version).replace(/^v/, '').split('.').map(Number);

/**
 * Per host: its install folder, the Node that runs it, how a workflow is activated from the CLI and
 * through the editor's REST API,
 * whether activation goes through n8n 2.x's publication service (1.x activates before its ready
 * line), whether the owner can come from the environment (1.x: REST only), the variable of the
 * webhook base URL, and the modules switched off (an unknown module name stops n8n).
 */
const HOSTS = {
	2: {
		hostVersion: 2,
		folder: '.n8n-host',
		node: {
			overrideEnv: 'N8N_HOST_NODE',
			wanted: 'Node >= 24',
			accepts: (version) => parseNodeVersion(version)[0] >= 24,
			// The root devDependency node@24; then any `node` on PATH.
			candidates: () => [path.join(REPO_ROOT, 'node_modules', 'node', 'bin', 'node')],
			hint: 'Run `npm install` in the repository root (its devDependency `node@24` provides node_modules/node/bin/node) or set N8N_HOST_NODE.',
		},
		publishArgs: (workflowId) => ['publish:workflow', `--id=${workflowId}`],
		// The editor's Publish button.
		activateRequest: (workflowId, versionId) => ({
			method: 'POST',
			path: `/rest/workflows/${workflowId}/activate`,
			body: { versionId },
		}),
		publicationService: true,
		ownerFromEnv: true,
		webhookUrlEnv: 'N8N_WEBHOOK_URL',
		// They phone home or are AI/cloud features of no use here.
		disabledModules: ['mcp-registry', 'instance-ai', 'agents', 'chat-hub', 'workflow-builder'],
	},
	// n8n 1.123.69 (.n8n-host-1/package.json): the newest 1.123.x this registry serves that runs on Node 20
	// with n8n's defaults; from 1.123.76 its expression engine needs isolated-vm, built for Node >= 22 only.
	1: {
		hostVersion: 1,
		folder: '.n8n-host-1',
		node: {
			overrideEnv: 'N8N_HOST1_NODE',
			// n8n 1.123's engines: >=20.19 <=24.x. Node 24 runs the 2.x host already; 20/22 covers the older Nodes users still run.
			wanted: 'Node 20.19+ or 22.x',
			accepts: (version) => {
				const [major, minor] = parseNodeVersion(version);
				return (major === 20 && minor >= 19) || major === 22;
			},
			// The system Node: inside npm scripts `node` on PATH is the node@24 devDependency.
			candidates: () => ['/usr/bin/node', '/usr/local/bin/node'],
			hint: 'Install Node 20 (>= 20.19) or 22 as the system Node (/usr/bin/node) or set N8N_HOST1_NODE.',
		},
		publishArgs: (workflowId) => ['update:workflow', `--id=${workflowId}`, '--active=true'],
		// The editor's Active toggle.
		activateRequest: (workflowId, versionId) => ({
			method: 'PATCH',
			path: `/rest/workflows/${workflowId}`,
			body: { active: true, versionId },
		}),
		publicationService: false,
		ownerFromEnv: false,
		webhookUrlEnv: 'WEBHOOK_URL',
		// 1.123 has none of the 2.x modules above (an unknown name stops it); what of it could call out
		// (telemetry, version checks, templates, banners, vetted nodes) is off through env.js's settings.
		disabledModules: [],
	},
};

/**
 * Older n8n releases for the compatibility suite (test/e2e/compat.test.ts, `npm run test:compat`,
 * README "Compatibility"): each installed in .n8n-compat/<version>/ (package.json and lockfile
 * committed) and run like the pinned host of its major, with what differs said here.
 */
const COMPAT_RELEASES = {
	// The oldest n8n the package claims: 1.64.3 never resumes a Send and Wait, 1.60.1 never calls it back.
	'1.66.0': { major: 1 },
	// The first served with every feature: the AI tool variant's own Operation picker and Output default
	// ('@tool' display options, n8n-workflow 1.86, n8n 1.86; the registry serves no 1.86.x or 1.87.x).
	'1.88.0': { major: 1 },
	// The first 2.x served that installs (2.0.0 does not): no publication service yet, and of the modules
	// the pinned 2.x host switches off only chat-hub exists (an unknown name stops n8n).
	'2.0.3': { major: 2, publicationService: false, disabledModules: ['chat-hub'] },
};

/** The host of one compatibility release: its major's host, in its own folder. */
function compatHost(version) {
	const { major, ...differences } = COMPAT_RELEASES[version];
	return {
		...HOSTS[major],
		...differences,
		hostVersion: version,
		major,
		folder: path.join('.n8n-compat', version),
	};
}

/** The default (2.x) first: `install` prepares it first. */
const HOST_VERSIONS = [2, 1];
const DEFAULT_HOST_VERSION = 2;
const COMPAT_VERSIONS = Object.keys(COMPAT_RELEASES);

/** A host's name in messages: "n8n host 2.x", "n8n 1.66.0". */
const hostLabel = (host) =>
	COMPAT_RELEASES[host.hostVersion] ? `n8n ${host.hostVersion}` : `n8n host ${host.hostVersion}.x`;

/**
 * The host a caller means: `hostVersion` (1, 2, '1', '2', or a release of COMPAT_RELEASES), else
 * N8N_HOST_VERSION, else 2.
 */
function resolveHost(hostVersion) {
	const wanted = String(
		hostVersion ?? (process.env.N8N_HOST_VERSION || DEFAULT_HOST_VERSION),
	).trim();
	const host = HOSTS[wanted] ?? (COMPAT_RELEASES[wanted] ? compatHost(wanted) : undefined);
	if (!host) {
		const source =
			hostVersion === undefined
				? `N8N_HOST_VERSION=${process.env.N8N_HOST_VERSION}`
				: `hostVersion ${hostVersion}`;
		throw new Error(
			`Unknown n8n host ${source}: choose one of ${[...HOST_VERSIONS, ...COMPAT_VERSIONS].join(', ')}.`,
		);
	}
	return { major: host.hostVersion, ...host };
}

module.exports = {
	REPO_ROOT,
	HOSTS,
	parseNodeVersion,
	HOST_VERSIONS,
	DEFAULT_HOST_VERSION,
	COMPAT_VERSIONS,
	hostLabel,
	resolveHost,
};
