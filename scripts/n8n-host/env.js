'use strict';
/** The environment of every n8n process of an instance: loopback only, sqlite, community packages on, no outbound calls. */

const path = require('path');

/**
 * The environment every n8n process of an N8nHostInstance gets: the caller's environment without its
 * n8n setup, the instance's folder, key and ports, then its owner and extra env. `brokerPort` differs per process.
 * Per host (instance.host, see hosts.js): the webhook base URL's variable and the modules switched off.
 */
function buildN8nEnv(instance, brokerPort) {
	const env = {};
	for (const [key, value] of Object.entries(process.env)) {
		// Nothing from the caller's n8n setup (test/setup/env.ts sets N8N_USER_FOLDER and N8N_LOG_LEVEL).
		// Nor jest's NODE_ENV=test, with which n8n silences its logs and behaves as in its own unit tests.
		if (
			/^(N8N_|DB_|EXECUTIONS_|QUEUE_|NODES_|CREDENTIALS_|WEBHOOK_URL$|GENERIC_TIMEZONE$|NODE_ENV$|JEST_|npm_)/i.test(
				key,
			)
		)
			continue;
		env[key] = value;
	}
	// n8n starts its task runner as `node` from PATH: it must be the host's Node.
	env.PATH = [path.dirname(instance.node.path), process.env.PATH]
		.filter(Boolean)
		.join(path.delimiter);
	// V8's compiled code of n8n's modules, kept per host install and reused by every later n8n process:
	// compiling them is a start's largest single cost (profiled: 2.2 of 12.5 s of a core). A start + stop
	// ~14.7 → ~12.5 s, a CLI boot ~8.5 → ~7.5 s, on 2.x (CONTRIBUTING.md, Tests). Node >= 22.1 reads it
	// (the 2.x host's Node 24); Node 20 (the 1.x host) ignores it. Node checks each entry against its
	// source and drops a bad one.
	env.NODE_COMPILE_CACHE = path.join(instance.paths.HOST_MODULES, '.cache', 'node-compile-cache');
	Object.assign(env, {
		N8N_USER_FOLDER: instance.userFolder,
		N8N_ENCRYPTION_KEY: instance.encryptionKey,
		DB_TYPE: 'sqlite',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_PORT: String(instance.port),
		[instance.host.webhookUrlEnv]: `${instance.baseUrl}/`,
		N8N_EDITOR_BASE_URL: `${instance.baseUrl}/`,
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_TASK_TIMEOUT: '300',
		N8N_PYTHON_ENABLED: 'false',
		// No outbound calls: telemetry, version checks, templates, banners, vetted community-node list, AI.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		// Only an instance a browser opens serves the editor (create.js, option editor).
		N8N_DISABLE_UI: instance.editor ? 'false' : 'true',
		N8N_AI_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_LOG_LEVEL: 'info',
		N8N_LOG_OUTPUT: 'console',
		NO_COLOR: '1',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		N8N_SECURE_COOKIE: 'false',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
		GENERIC_TIMEZONE: 'UTC',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
	});
	// An empty N8N_DISABLED_MODULES would name the module '' (unknown: n8n refuses to start).
	if (instance.host.disabledModules.length > 0)
		env.N8N_DISABLED_MODULES = instance.host.disabledModules.join(',');
	return Object.assign(env, instance.ownerEnv, instance.env);
}

module.exports = { buildN8nEnv };
