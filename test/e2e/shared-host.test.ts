/**
 * Proves the run's shared n8n (scripts/n8n-host/shared.js) on both hosts: every suite that asks for a
 * host gets the same running n8n, none can stop it, each waits only on its own workflows' activation,
 * and two suites saving workflows at the same moment both succeed (n8n 1.x's SQLite needs its pool).
 */
import { randomUUID } from 'crypto';

import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	ensureInstalled,
	logToStderr,
	manualSetWorkflow,
	sharedInstance,
	webhookWorkflow,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { MACHINE_MINUTE } from '../harness/machine';

describeOnHosts(BOTH_HOSTS, 'the shared n8n of a run', ({ hostVersion }) => {
	let first: N8nHostInstance;
	let second: N8nHostInstance;

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		[first, second] = await Promise.all([
			sharedInstance({ hostVersion }),
			sharedInstance({ hostVersion }),
		]);
	}, 5 * MACHINE_MINUTE);

	afterAll(async () => {
		await first?.dispose();
		await second?.dispose();
	});

	test('two suites asking at once get one running n8n, which neither can stop', async () => {
		expect(second.baseUrl).toBe(first.baseUrl);
		expect(second.userFolder).toBe(first.userFolder);
		expect([first.isRunning(), second.isRunning()]).toEqual([true, true]);
		await expect(first.stop()).rejects.toThrow('A suite does not stop the shared n8n');
		await first.dispose();
		expect((await fetch(`${first.baseUrl}/healthz`)).status).toBe(200);
	});

	test('workflows saved side by side are all saved, and run', async () => {
		const saved = await Promise.all(
			[first, second, first, second].map((n8n, index) =>
				n8n.importWorkflows([manualSetWorkflow(`shared ${index}`, { index: String(index) })]),
			),
		);
		expect(new Set(saved.map(([workflow]) => workflow.id)).size).toBe(4);
		const run = await second.runManually(saved[0][0].id);
		expect(run.status).toBe('success');
	});

	test("a suite waits on its own workflows' activation, not on another's", async () => {
		const path = `shared-${randomUUID()}`;
		const [mine] = await first.importWorkflows([webhookWorkflow('shared: mine', path)]);
		await first.publishWorkflow(mine.id);
		await first.waitForWebhook(path);
		expect((await first.activationStatus()).map((status) => status.workflowId)).toContain(mine.id);
		expect((await second.activationStatus()).map((status) => status.workflowId)).not.toContain(
			mine.id,
		);
	});
});
