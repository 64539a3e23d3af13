'use strict';
/**
 * The public API of scripts/n8n-host.js: a real n8n for the end-to-end tests and for `npm run dev`,
 * with this package loaded as a community package. Two hosts (hosts.js): 2.x (the default) and 1.x;
 * a caller picks one with the hostVersion option, else N8N_HOST_VERSION=1|2 does, else 2.
 *
 * Each is installed apart from the package's own dependencies, in `.n8n-host/` (2.x) or `.n8n-host-1/`
 * (1.x), each with its own package.json and committed package-lock.json, on demand, and reused while
 * they do not change. n8n 2.x needs Node >= 24: the root devDependency `node@24` provides it
 * (node_modules/node/bin/node). n8n 1.x runs on the system Node 20 (or 22; N8N_HOST1_NODE).
 *
 * CLI: see cli.js (`node scripts/n8n-host.js install [--host=1|2] [--force] | path [--host=1|2]`).
 *
 * Module (plain CommonJS, no build step):
 *   const host = require('./scripts/n8n-host');
 *   await host.ensureInstalled({ hostVersion?, log })  -> path of the n8n binary (idempotent, locked)
 *   host.pinnedN8nVersion(hostVersion?)             -> the n8n version that host pins, e.g. '1.123.69'
 *   const n8n = await host.createInstance({ hostVersion?, userFolder?, port?, packageDir?, env?, owner? })
 *   n8n.hostVersion, n8n.n8nBin, n8n.userFolder, n8n.port, n8n.baseUrl, n8n.webhookUrl(path), n8n.logFile, n8n.dbPath
 *   await n8n.importCredentials([...]) / importWorkflows([...])   (stopped: `n8n import:*`, ids generated
 *                                                    if missing; running: the editor's REST calls as the
 *                                                    owner, n8n's ids: rest-setup.js, a CLI boot saved each)
 *   await n8n.publishWorkflow(id)                   (stopped: CLI, effective at the next start; running:
 *                                                    Publish / Active toggle over REST, once activated)
 *   await n8n.activateWorkflow(id, { cookie, versionId })  (while running: the editor's REST call)
 *   await n8n.start() / stop() / dispose()          (start waits for "Editor is now accessible via"
 *                                                    and for the published workflows' activation)
 *   await n8n.execute(id)                           -> `n8n execute --rawOutput` result (IRun)
 *   await n8n.runManually(id)                       -> the same, run in the running n8n as the editor does
 *   await n8n.executions(id) / waitForExecutions(id, { count })  -> decoded executions from sqlite
 *   await n8n.waitForExecution(id, matches, { what })  -> the first execution that matches (polled)
 *   n8n.packageLoaded(), n8n.logs(), n8n.activationStatus(), n8n.waitForWebhook(path)
 *   await n8n.ensureOwner({ email, password })      (owner for the editor: REST if running, else at next start)
 *   host.itemsOf(runOrExecution, 'Node name')       -> json of the items the node produced
 *   const cluster = await host.createQueueCluster({ workers: 2 })  (queue mode: cluster.js; PostgreSQL
 *                                                    and Redis from services.js: startPostgres / startRedis)
 *   const n8n = await host.sharedInstance({ hostVersion? })  (the run's one started n8n of that host,
 *                                                    shared by the suites that need a plain one: shared.js)
 *   createInstance({ editor: true }) serves n8n's editor and writes its type files (a browser, packageLoaded());
 *   without it n8n starts with N8N_DISABLE_UI, ~3 s quicker (create.js)
 *   createInstance({ command: 'worker' | 'webhook' }) runs that n8n command instead of `n8n start`
 *   const registry = await host.startRegistry()     (verdaccio, no uplinks: registry.js) and
 *   createInstance({ packageDir: false, communityPackagesRegistry: registry.url }): the package installed
 *                                                    through n8n's own installer (community-packages.js)
 * Every n8n process listens on 127.0.0.1 only, with its own free ports, and makes no outbound calls
 * of its own (telemetry, version checks, templates, banners, vetted-node list and AI modules are off).
 */

const { REPO_ROOT, hostPaths } = require('./paths');
const { HOST_VERSIONS, COMPAT_VERSIONS, DEFAULT_HOST_VERSION, resolveHost } = require('./hosts');
const { findHostNode } = require('./node');
const { ensureInstalled, isInstalled, pinnedN8nVersion } = require('./install');
const { freePorts, portIsFree } = require('./ports');
const { itemsOf, parseRawOutput } = require('./runs');
const { N8nHostInstance, READY_LINE } = require('./instance');
const { createInstance } = require('./create');
const { sharedInstance, stopSharedInstances } = require('./shared');
const { createQueueCluster } = require('./cluster');
const { startPostgres, startRedis } = require('./services');
const { startRegistry } = require('./registry');
const communityPackages = require('./community-packages');

module.exports = {
	REPO_ROOT,
	HOST_VERSIONS,
	COMPAT_VERSIONS,
	DEFAULT_HOST_VERSION,
	resolveHost,
	hostPaths,
	READY_LINE,
	ensureInstalled,
	isInstalled,
	pinnedN8nVersion,
	createInstance,
	sharedInstance,
	stopSharedInstances,
	createQueueCluster,
	startPostgres,
	startRedis,
	startRegistry,
	communityPackages,
	findHostNode,
	freePorts,
	portIsFree,
	itemsOf,
	parseRawOutput,
	N8nHostInstance,
};
