'use strict';
/** createInstance(): a new (not started) N8nHostInstance with its user folder, encryption key, ports and linked package. */

const fs = require('fs');
const path = require('path');
const os = require('os');
const crypto = require('crypto');

const { REPO_ROOT, N8N_BIN } = require('./paths');
const { readJson } = require('./util');
const { findHostNode } = require('./node');
const { ensureInstalled } = require('./install');
const { freePorts } = require('./ports');
const { N8nHostInstance } = require('./instance');

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

module.exports = { createInstance };
