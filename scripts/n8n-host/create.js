'use strict';
/** createInstance(): a new (not started) N8nHostInstance of one host (1.x or 2.x) with its user folder, encryption key, ports and linked package (or a registry to install it from). */

const fs = require('fs');
const path = require('path');
const os = require('os');
const crypto = require('crypto');

const { REPO_ROOT, hostPaths } = require('./paths');
const { hostLabel, resolveHost } = require('./hosts');
const { readJson } = require('./util');
const { findHostNode } = require('./node');
const { ensureInstalled } = require('./install');
const { freePorts } = require('./ports');
const { N8nHostInstance } = require('./instance');
const { customRegistryEnv } = require('./community-packages');
const { copyTemplate, templateDatabase } = require('./template-db');

/**
 * A host n8n instance (not started). Options:
 *   hostVersion  1 or 2, or a compatibility release ('1.66.0'): which n8n (default: N8N_HOST_VERSION, else 2; see hosts.js)
 *   userFolder   N8N_USER_FOLDER (default: a new temp folder, deleted by dispose()); reused if it exists
 *   port         editor/webhook port (default: a free one); the task-broker port is always a free one
 *   packageDir   package to load as a community package (default: the repository root; false: none)
 *   env          extra environment for every n8n process (wins over the defaults)
 *   owner        { email, password, … }: provision this owner at start (see ensureOwner)
 *   encryptionKey  default: the one in <userFolder>/.n8n/config, else a random one
 *   install      false to skip ensureInstalled() (default true; cheap when installed)
 *   command      the n8n command start() runs: 'start' (default), or in queue mode 'worker' / 'webhook'
 *   communityPackagesRegistry  URL of an npm registry n8n's community-package installer uses
 *                (community-packages.js); usually with packageDir: false (installed, not linked)
 *   migratedDatabase  false to let n8n migrate an empty database itself (default: a new folder gets
 *                the host's migrated template, template-db.js)
 *   editor       true to serve n8n's editor (a browser opens it; npm run dev). Default false: n8n starts
 *                with N8N_DISABLE_UI, skipping the compilation of its editor's 40 MB of assets into the
 *                instance folder at every start (measured: 2.x 9.5 → 6.3 s, 1.x 9.1 → 5.7 s a start); the
 *                REST API, webhooks, forms, waiting pages and /types/*.json are served either way
 */
async function createInstance(options = {}) {
	const host = resolveHost(options.hostVersion);
	const paths = hostPaths(host.hostVersion);
	if (options.install !== false)
		await ensureInstalled({ hostVersion: host.hostVersion, log: options.log });
	else if (!fs.existsSync(paths.N8N_BIN)) {
		throw new Error(
			`${hostLabel(host)} is not installed: run \`node scripts/n8n-host.js install --host=${host.hostVersion}\`.`,
		);
	}
	const node = findHostNode(host.hostVersion);
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
	const packageDir =
		options.packageDir === false ? null : path.resolve(options.packageDir || REPO_ROOT);
	const packageName = packageDir ? readJson(path.join(packageDir, 'package.json')).name : null;
	const instance = new N8nHostInstance({
		host,
		paths,
		node,
		userFolder,
		ownsUserFolder,
		port: options.port || freePort,
		brokerPort,
		packageDir,
		packageName,
		encryptionKey,
		env: {
			...(options.communityPackagesRegistry
				? customRegistryEnv(options.communityPackagesRegistry)
				: {}),
			...options.env,
		},
		command: options.command || 'start',
		editor: options.editor === true,
		communityPackagesRegistry: options.communityPackagesRegistry || null,
	});
	instance.linkPackage();
	if (ownsUserFolder && options.migratedDatabase !== false) {
		const template = await templateDatabase(paths, (folder) =>
			createInstance({
				hostVersion: host.hostVersion,
				userFolder: folder,
				packageDir: false,
				install: false,
				migratedDatabase: false,
			}),
		);
		copyTemplate(template, instance.n8nFolder);
	}
	if (options.owner) await instance.ensureOwner(options.owner);
	return instance;
}

module.exports = { createInstance };
