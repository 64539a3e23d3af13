'use strict';
/** Where the n8n host lives: the repository, the .n8n-host/ install and the files in it. */

const path = require('path');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const HOST_DIR = path.join(REPO_ROOT, '.n8n-host');
const HOST_MODULES = path.join(HOST_DIR, 'node_modules');
const N8N_BIN = path.join(HOST_MODULES, 'n8n', 'bin', 'n8n');
const SQLITE_BINDING = path.join(HOST_MODULES, 'sqlite3', 'build', 'Release', 'node_sqlite3.node');
const MARKER = path.join(HOST_MODULES, '.n8n-host-installed.json');
const INSTALL_LOG = path.join(HOST_DIR, 'install.log');
// Inside node_modules (ignored by git; npm leaves dot-entries alone).
const LOCK_DIR = path.join(HOST_MODULES, '.n8n-host-install.lock');
/** The script the supervisor runs as (`node scripts/n8n-host.js __supervise`). */
const ENTRY = path.join(REPO_ROOT, 'scripts', 'n8n-host.js');

module.exports = { REPO_ROOT, HOST_DIR, HOST_MODULES, N8N_BIN, SQLITE_BINDING, MARKER, INSTALL_LOG, LOCK_DIR, ENTRY };
