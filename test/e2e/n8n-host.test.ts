/**
 * Proves the real-n8n host harness (scripts/n8n-host.js) on n8n's own nodes, on both hosts (2.x, 1.x):
 * install on demand, import, execute, publish, start, webhook, recorded executions, stop, a failed
 * activation. Also checks that n8n loads this package once it is built (dist/).
 */
import { randomUUID } from 'crypto';
import { existsSync } from 'fs';
import { join } from 'path';

import {
	REPO_ROOT,
	createInstance,
	ensureInstalled,
	faxServiceTriggerWorkflow,
	itemsOf,
	logToStderr,
	manualSetWorkflow,
	portIsFree,
	webhookWorkflow,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import { MACHINE_MINUTE } from '../harness/machine';

const packageBuilt = existsSync(
	join(REPO_ROOT, 'dist', 'credentials', 'FaxServiceApi.credentials.js'),
);

describeOnHosts(BOTH_HOSTS, 'real n8n host (scripts/n8n-host.js)', ({ hostVersion }) => {
	let n8n: N8nHostInstance | undefined;
	let webhookWorkflowId = '';

	beforeAll(async () => {
		// A fresh machine has nothing installed: about 4 min of npm plus 2–4 min of sqlite3 build.
		await ensureInstalled({ hostVersion, log: logToStderr });
		// editor: the type files n8n writes for its editor say what it loaded (packageLoaded()).
		n8n = await createInstance({ hostVersion, editor: true });
	}, 30 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
	}, 2 * MACHINE_MINUTE);

	it(
		'imports a Manual Trigger + Set and a Webhook workflow (one `n8n import:workflow`) and runs the first with `n8n execute`',
		async () => {
			const [workflow, webhook] = await n8n!.importWorkflows([
				manualSetWorkflow('host check: manual', { greeting: 'hello from n8n' }),
				webhookWorkflow('host check: webhook', 'host-check'),
			]);
			webhookWorkflowId = webhook.id;
			const run = await n8n!.execute(workflow.id);
			expect(run.status).toBe('success');
			expect(itemsOf(run, 'Set')).toEqual([{ greeting: 'hello from n8n' }]);
		},
		5 * MACHINE_MINUTE,
	);

	it(
		'publishes the Webhook workflow, answers a POST on loopback and records the execution',
		async () => {
			expect(webhookWorkflowId).not.toBe('');
			await n8n!.publishWorkflow(webhookWorkflowId);
			await n8n!.start();
			logToStderr(
				`n8n host: ready after ${n8n!.readyMs} ms, workflows activated after ${n8n!.startupMs} ms`,
			);
			expect(await n8n!.activationStatus()).toEqual([
				expect.objectContaining({ workflowId: webhookWorkflowId, state: 'activated' }),
			]);

			const response = await fetch(n8n!.webhookUrl('host-check'), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ faxId: 'fx-42', pages: 3 }),
			});
			expect(response.status).toBe(200);
			await response.text();

			const executions = await n8n!.waitForExecutions(webhookWorkflowId, { count: 1 });
			expect(executions).toHaveLength(1);
			expect(executions[0]).toMatchObject({ status: 'success', mode: 'webhook', finished: true });
			expect(executions[0].items.Webhook).toHaveLength(1);
			expect(executions[0].items.Webhook[0]).toMatchObject({ body: { faxId: 'fx-42', pages: 3 } });
		},
		5 * MACHINE_MINUTE,
	);

	it('loads this package as a community package (dist/ built by pretest)', () => {
		expect(packageBuilt).toBe(true);
		const loaded = n8n!.packageLoaded();
		expect(loaded.loaded).toBe(true);
		expect(loaded.nodeTypes).toContain('n8n-nodes-fax-service.faxService');
		expect(loaded.credentialTypes).toContain('faxServiceApi');
		expect(loaded.missingCredentialTypes).toEqual([]);
	});

	it(
		"saves credentials and a workflow and publishes it in the running n8n, through the editor's REST calls",
		async () => {
			const [credential] = await n8n!.importCredentials([
				{
					name: 'saved over REST',
					type: 'faxServiceApi',
					data: {
						baseUrl: 'http://127.0.0.1:9/api/v2',
						authenticateWith: 'test',
						testApiKey: 'sk_test_rest',
						liveApiKey: '',
					},
				},
			]);
			const [stored] = await n8n!.query<{ id: string; type: string; data: string }>(
				'SELECT id, type, data FROM credentials_entity WHERE id = ?',
				[credential.id],
			);
			expect(stored).toMatchObject({ id: credential.id, type: 'faxServiceApi' });
			expect(stored.data).not.toContain('sk_test_rest'); // encrypted by n8n
			const [workflow] = await n8n!.importWorkflows([
				webhookWorkflow('host check: webhook over REST', 'host-check-rest'),
			]);
			expect(
				await n8n!.query(
					'SELECT id FROM workflow_entity WHERE id = ? AND activeVersionId IS NULL',
					[workflow.id],
				),
			).toHaveLength(1);
			await n8n!.publishWorkflow(workflow.id);
			expect(await n8n!.activationStatus()).toContainEqual(
				expect.objectContaining({ workflowId: workflow.id, state: 'activated' }),
			);
			const response = await fetch(n8n!.webhookUrl('host-check-rest'), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{"via":"rest"}',
			});
			expect(response.status).toBe(200);
			await response.text();
			expect(
				(await n8n!.waitForExecutions(workflow.id, { count: 1 }))[0].items.Webhook[0],
			).toMatchObject({ body: { via: 'rest' } });
		},
		2 * MACHINE_MINUTE,
	);

	it(
		'stops n8n and frees its port',
		async () => {
			expect(webhookWorkflowId).not.toBe('');
			await n8n!.stop();
			expect(n8n!.isRunning()).toBe(false);
			expect(await portIsFree(n8n!.port)).toBe(true);
			// What n8n recorded stays readable while it is stopped.
			expect(await n8n!.executions(webhookWorkflowId)).toHaveLength(1);
		},
		2 * MACHINE_MINUTE,
	);

	it(
		'fails start() naming a published workflow that cannot activate, and reports it as failed',
		async () => {
			// Self-registration on a fax number of a service nobody listens to fails the activation.
			const [credential] = await n8n!.importCredentials([
				{
					name: 'unreachable service',
					type: 'faxServiceApi',
					data: {
						baseUrl: 'http://127.0.0.1:9/api/v2',
						authenticateWith: 'test',
						testApiKey: 'sk_test_unreachable',
						liveApiKey: 'sk_live_unreachable',
					},
				},
			]);
			const unreachable = faxServiceTriggerWorkflow(
				'host check: cannot activate',
				randomUUID(),
				credential,
				['receivedFax'],
			);
			unreachable.nodes[0].parameters = {
				events: ['receivedFax'],
				registerOnFaxNumbers: ['fn_unreachable'],
				options: {},
			};
			const [workflow] = await n8n!.importWorkflows([unreachable]);
			await n8n!.publishWorkflow(workflow.id);
			await expect(n8n!.start()).rejects.toThrow(
				`n8n could not activate "host check: cannot activate" (${workflow.id})`,
			);
			expect(n8n!.isRunning()).toBe(false);
			expect(await n8n!.activationStatus()).toContainEqual(
				expect.objectContaining({ workflowId: workflow.id, state: 'failed' }),
			);
		},
		3 * MACHINE_MINUTE,
	);
});
