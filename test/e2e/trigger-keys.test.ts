/**
 * The Fax Service Trigger reuses a decrypted credential for a short while (CREDENTIAL_REUSE_MS).
 * In a real n8n: a key the user rotates in the editor verifies callbacks at once, the key it
 * replaced stops verifying within that bound, and no key reaches static data or the log.
 */
import { randomBytes, randomUUID } from 'crypto';
import { existsSync } from 'fs';
import { join } from 'path';

import { CREDENTIAL_REUSE_MS } from '../../nodes/shared/credentials/credentials';
import { signCallback } from '../../nodes/shared/callbacks/signature';
import {
	sharedInstance,
	ensureInstalled,
	faxServiceTriggerWorkflow,
	logToStderr,
	REPO_ROOT,
	secretsInFiles,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { ceiling, MACHINE_MINUTE } from '../harness/machine';

const webhookId = randomUUID();
const delay = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));
const testKey = (label: string) => `sk_test_${label}_${randomBytes(12).toString('hex')}`;

/** A sent-fax callback for a new fax, signed with `key` (spec 6.3, 6.6). */
function sentFaxCallback(key: string): { body: string; signature: string; sendToken: string } {
	const sendToken = randomBytes(12).toString('hex');
	const payload = {
		sendToken,
		fromNumber: '+14155550001',
		toNumber: '+12125550123',
		sentStatus: 'success',
		sentAt: new Date(Date.now() - 2000).toISOString(),
		completedAt: new Date().toISOString(),
		numPages: 1,
		errorDetails: null,
		isTest: true,
		secureLink: 'https://example.invalid/files/abc',
	};
	return {
		body: new URLSearchParams({ recordDetails: JSON.stringify(payload) }).toString(),
		signature: signCallback('sentFax', payload, key),
		sendToken,
	};
}

describe('Fax Service Trigger: rotated keys in a real n8n', () => {
	let n8n: N8nHostInstance;
	let credentialId: string;
	let workflowId: string;
	let cookie: string;
	const keys = { first: testKey('first'), second: testKey('second'), third: testKey('third') };

	const post = async (key: string) => {
		const callback = sentFaxCallback(key);
		const response = await fetch(n8n.webhookUrl(`${webhookId}/fax-service`), {
			method: 'POST',
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				'x-service-signature': callback.signature,
			},
			body: callback.body,
		});
		return response.status;
	};
	const setTestKey = async (key: string) => {
		const response = await n8n.rest('PATCH', `/rest/credentials/${credentialId}`, {
			cookie,
			body: {
				name: 'Fax Service',
				type: 'faxServiceApi',
				data: {
					baseUrl: 'http://127.0.0.1:9/api/v2',
					authenticateWith: 'test',
					testApiKey: key,
					liveApiKey: '',
				},
			},
		});
		expect(response.status).toBe(200);
	};

	beforeAll(async () => {
		expect(
			existsSync(
				join(REPO_ROOT, 'dist', 'nodes', 'FaxServiceTrigger', 'FaxServiceTrigger.node.js'),
			),
		).toBe(true);
		await ensureInstalled({ log: logToStderr });
		// The run's n8n, shared with the other suites that need a plain one; saved and published in it
		// as in the editor (the REST calls).
		n8n = await sharedInstance();
		const [credential] = await n8n.importCredentials([
			{
				name: 'Fax Service',
				type: 'faxServiceApi',
				data: {
					baseUrl: 'http://127.0.0.1:9/api/v2',
					authenticateWith: 'test',
					testApiKey: keys.first,
					liveApiKey: '',
				},
			},
		]);
		credentialId = credential.id;
		// Version 1.1 here; the trigger e2e suite runs version 1.
		const [workflow] = await n8n.importWorkflows([
			faxServiceTriggerWorkflow('Fax Service Trigger keys e2e', webhookId, credential, ['sentFax']),
		]);
		workflowId = workflow.id;
		await n8n.publishWorkflow(workflowId);
		cookie = String((await n8n.ensureOwner()).cookie);
		await n8n.waitForWebhook(`${webhookId}/fax-service`);
	}, 30 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
	}, 2 * MACHINE_MINUTE);

	test('a rotated key verifies at once; the replaced one is refused', async () => {
		expect(await post(keys.first)).toBe(200);
		await delay(1100); // the last read is no longer fresh: a failed verification may read again
		await setTestKey(keys.second);
		expect(await post(keys.second)).toBe(200);
		expect(await post(keys.first)).toBe(401);
	});

	test(
		`a removed key stops verifying within ${CREDENTIAL_REUSE_MS / 1000} s even when no callback signed with the new key arrives`,
		async () => {
			expect(await post(keys.second)).toBe(200);
			await setTestKey(keys.third);
			const rotatedAt = Date.now();
			await delay(CREDENTIAL_REUSE_MS + 200 - (Date.now() - rotatedAt));
			expect(await post(keys.second)).toBe(401);
			expect(await post(keys.third)).toBe(200);
		},
		MACHINE_MINUTE,
	);

	test('each accepted callback ran once; no key is in static data or the log', async () => {
		const executions = await n8n.waitForExecutions(workflowId, {
			count: 4,
			timeoutMs: ceiling(30_000),
		});
		expect(executions.filter((e) => e.status === 'success')).toHaveLength(4);
		const [row] = (await n8n.query('SELECT staticData FROM workflow_entity WHERE id = ?', [
			workflowId,
		])) as Array<{ staticData: string | null }>;
		expect(String(row.staticData)).toContain('deliveredCallbacks');
		for (const key of Object.values(keys)) expect(String(row.staticData)).not.toContain(key);
		expect(secretsInFiles(n8n, Object.values(keys))).toEqual([]);
	});
});
