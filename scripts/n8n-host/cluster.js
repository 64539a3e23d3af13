'use strict';
/**
 * createQueueCluster(): n8n in queue mode on one machine, for the end-to-end tests: PostgreSQL and Redis
 * (services.js), one main (`n8n start`), `workers` workers (`n8n worker`) and one webhook processor
 * (`n8n webhook`), each an N8nHostInstance with its own folder and ports, all with this package loaded,
 * the same encryption key, database and Redis. Tested on the 2.x host.
 *
 *   const cluster = await createQueueCluster({ workers: 2 })   // services up, n8n not started
 *   await cluster.main.importCredentials([...]); await cluster.main.importWorkflows([...]); await cluster.main.publishWorkflow(id)
 *   await cluster.start()          // main (migrations, activation), then the workers and the webhook processor
 *   cluster.webhook.webhookUrl(path)   // production webhooks: only the webhook processor serves them
 *   await cluster.main.executions(id)  // read from PostgreSQL
 *   await cluster.dispose()        // every n8n process, then Redis and PostgreSQL; folders deleted
 *
 * The main runs with N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true, so production webhooks reach the webhook
 * processor only, and WEBHOOK_URL (the URL triggers register) is the webhook processor's.
 */

const { resolveHost } = require('./hosts');
const { freePorts } = require('./ports');
const { createInstance } = require('./create');
const { startPostgres, startRedis } = require('./services');

/**
 * Options: workers (default 2), hostVersion, env (extra environment of every n8n process), mainEnv
 * (extra environment of the main only), log, install (see createInstance).
 */
async function createQueueCluster({
	workers = 2,
	hostVersion,
	env = {},
	mainEnv = {},
	log,
	install,
} = {}) {
	const host = resolveHost(hostVersion);
	const started = { instances: [], services: [] };
	const dispose = async () => {
		const instances = started.instances.splice(0);
		// Webhook processor and workers first (nothing new enters the queue), then the main, then the services.
		await Promise.allSettled(
			instances
				.filter((instance) => instance.command !== 'start')
				.map((instance) => instance.dispose()),
		);
		await Promise.allSettled(
			instances
				.filter((instance) => instance.command === 'start')
				.map((instance) => instance.dispose()),
		);
		for (const service of started.services.splice(0).reverse())
			await service.stop().catch(() => {});
	};
	try {
		const postgres = await startPostgres();
		started.services.push(postgres);
		const redis = await startRedis();
		started.services.push(redis);
		const [mainPort, webhookPort] = await freePorts(2);
		const webhookBaseUrl = `http://127.0.0.1:${webhookPort}`;
		const clusterEnv = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: redis.host,
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: postgres.host,
			DB_POSTGRESDB_PORT: String(postgres.port),
			DB_POSTGRESDB_DATABASE: postgres.database,
			DB_POSTGRESDB_USER: postgres.user,
			DB_POSTGRESDB_PASSWORD: '',
			// Binary data must be readable by whichever process runs the next step: the database (n8n 2.x's queue-mode default).
			N8N_DEFAULT_BINARY_DATA_MODE: 'database',
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			// Workers serve no HTTP (their health-check server would take port 5678).
			QUEUE_HEALTH_CHECK_ACTIVE: 'false',
			[host.webhookUrlEnv]: `${webhookBaseUrl}/`,
			...env,
		};
		const create = async (command, options = {}) => {
			const instance = await createInstance({
				hostVersion: host.hostVersion,
				command,
				install,
				log,
				...options,
				env: { ...clusterEnv, ...options.env },
			});
			started.instances.push(instance);
			return instance;
		};
		const main = await create('start', {
			port: mainPort,
			// The main serves the editor: its type files are what packageLoaded() reads.
			editor: true,
			env: { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true', ...mainEnv },
		});
		const { encryptionKey } = main;
		const workerInstances = [];
		for (let i = 0; i < workers; i++)
			workerInstances.push(await create('worker', { encryptionKey, install: false }));
		const webhook = await create('webhook', { port: webhookPort, encryptionKey, install: false });
		const timings = {};
		return {
			main,
			workers: workerInstances,
			webhook,
			postgres,
			redis,
			timings,
			/** Starts the main (it runs the migrations and activates published workflows), then the workers and the webhook processor together. */
			async start(options) {
				let at = Date.now();
				await main.start(options);
				timings.mainMs = Date.now() - at;
				at = Date.now();
				await Promise.all([...workerInstances, webhook].map((instance) => instance.start(options)));
				timings.workersAndWebhookMs = Date.now() - at;
				return this;
			},
			dispose,
		};
	} catch (error) {
		await dispose();
		throw error;
	}
}

module.exports = { createQueueCluster };
