'use strict';
/**
 * The public API of scripts/n8n-host.js: a real n8n (2.x) for the end-to-end tests and for `npm run dev`,
 * with this package loaded as a community package.
 *
 * n8n is installed apart from the package's own dependencies, in `.n8n-host/` (its own package.json
 * and committed package-lock.json), on demand, and reused while the lockfile does not change.
 * n8n 2.x needs Node >= 24: the root devDependency `node@24` provides it (node_modules/node/bin/node).
 *
 * CLI: see cli.js (`node scripts/n8n-host.js install [--force] | path`).
 *
 * Module (plain CommonJS, no build step):
 *   const host = require('./scripts/n8n-host');
 *   await host.ensureInstalled({ log })            -> path of the n8n binary (idempotent, locked)
 *   const n8n = await host.createInstance({ userFolder?, port?, packageDir?, env?, owner? })
 *   n8n.userFolder, n8n.port, n8n.baseUrl, n8n.webhookUrl(path), n8n.logFile, n8n.dbPath
 *   await n8n.importCredentials([...]) / importWorkflows([...])   (CLI import; ids generated if missing)
 *   await n8n.publishWorkflow(id)                   (while stopped; effective at the next start)
 *   await n8n.start() / stop() / dispose()          (start waits for "Editor is now accessible via"
 *                                                    and for the published workflows' activation)
 *   await n8n.execute(id)                           -> `n8n execute --rawOutput` result (IRun)
 *   await n8n.executions(id) / waitForExecutions(id, { count })  -> decoded executions from sqlite
 *   n8n.packageLoaded(), n8n.logs(), n8n.activationStatus(), n8n.waitForWebhook(path)
 *   await n8n.ensureOwner({ email, password })      (owner for the editor: REST if running, env at next start)
 *   host.itemsOf(runOrExecution, 'Node name')       -> json of the items the node produced
 * Every n8n process listens on 127.0.0.1 only, with its own free ports, and makes no outbound calls
 * of its own (telemetry, version checks, templates, banners, vetted-node list and AI modules are off).
 */

const { REPO_ROOT, HOST_DIR, N8N_BIN } = require('./paths');
const { findHostNode } = require('./node');
const { ensureInstalled, isInstalled } = require('./install');
const { freePorts, portIsFree } = require('./ports');
const { itemsOf, parseRawOutput } = require('./runs');
const { N8nHostInstance, READY_LINE } = require('./instance');
const { createInstance } = require('./create');

module.exports = {
	REPO_ROOT,
	HOST_DIR,
	N8N_BIN,
	READY_LINE,
	ensureInstalled,
	isInstalled,
	createInstance,
	findHostNode,
	freePorts,
	portIsFree,
	itemsOf,
	parseRawOutput,
	N8nHostInstance,
};
