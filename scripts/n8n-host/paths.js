'use strict';
/** Where an n8n host lives: the repository, its install folder (.n8n-host/ for 2.x, .n8n-host-1/ for 1.x) and the files in it. */

const path = require('path');

const { REPO_ROOT, resolveHost } = require('./hosts');

/** The script the supervisor runs as (`node scripts/n8n-host.js __supervise`). */
const ENTRY = path.join(REPO_ROOT, 'scripts', 'n8n-host.js');

/** The files of one host (see hosts.js: hostVersion 1 or 2, default N8N_HOST_VERSION, else 2). */
function hostPaths(hostVersion) {
	const HOST_DIR = path.join(REPO_ROOT, resolveHost(hostVersion).folder);
	const HOST_MODULES = path.join(HOST_DIR, 'node_modules');
	return {
		HOST_DIR,
		HOST_MODULES,
		N8N_BIN: path.join(HOST_MODULES, 'n8n', 'bin', 'n8n'),
		SQLITE_BINDING: path.join(HOST_MODULES, 'sqlite3', 'build', 'Release', 'node_sqlite3.node'),
		MARKER: path.join(HOST_MODULES, '.n8n-host-installed.json'),
		INSTALL_LOG: path.join(HOST_DIR, 'install.log'),
		// Inside node_modules (ignored by git; npm leaves dot-entries alone).
		LOCK_DIR: path.join(HOST_MODULES, '.n8n-host-install.lock'),
	};
}

module.exports = { REPO_ROOT, ENTRY, hostPaths };
