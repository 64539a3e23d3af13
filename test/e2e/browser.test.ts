/**
 * The package's nodes in the real n8n editor, in headless Chromium: sign in through the login form,
 * open a workflow with the Fax Service node and the Fax Service Trigger, and check what a user sees:
 * the Resource and Operation pickers (all six resources), the credential, the From Number list
 * search answered by the sandbox through n8n, and the node icon (our SVG, loaded, not n8n's fallback).
 * Screenshots of both node panels go to test/e2e/screenshots/ (git-ignored).
 *
 * Needs a Chromium (Debian: `apt-get install chromium`; or CHROMIUM_PATH). Without one, and only then,
 * the suite is skipped with a warning. Runs in about a minute once n8n is installed.
 */
import { randomUUID } from 'crypto';
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

import type { INodeProperties } from 'n8n-workflow';
import type { Locator } from 'playwright-core';

import { startSandbox, type Sandbox } from '../../sandbox';
import { FaxService } from '../../nodes/FaxService/FaxService.node';
import { FaxServicePollTrigger } from '../../nodes/FaxServicePollTrigger/FaxServicePollTrigger.node';
import { FaxServiceTrigger } from '../../nodes/FaxServiceTrigger/FaxServiceTrigger.node';
import { findChromium, launchChromium, N8nEditor, saveScreenshot, waitForImage, type Browser } from './helpers/browser';
import { createInstance, ensureInstalled, logToStderr, REPO_ROOT, type N8nHostInstance, type WorkflowJson } from './helpers/n8n-host';

const MINUTE = 60_000;
const ACTION_TYPE = 'n8n-nodes-fax-service.faxService';
const TRIGGER_TYPE = 'n8n-nodes-fax-service.faxServiceTrigger';
const CREDENTIAL = { id: 'fax-service-sandbox', name: 'Fax Service sandbox' };
const OWNER = { email: 'owner@example.com', password: 'Owner-pass-1', firstName: 'Fax', lastName: 'Owner' };
const EXAMPLE_WORKFLOW = join(REPO_ROOT, 'examples', 'send-fax-and-track-completion.json');
const POLL_EXAMPLE_WORKFLOW = join(REPO_ROOT, 'examples', 'poll-inbound-faxes-and-route.json');
const POLL_TRIGGER_TYPE = 'n8n-nodes-fax-service.faxServicePollTrigger';
const CLIENT_NAME = 'Riverside Cardiology';
/** The address the examples use for the sandbox (its default port). */
const EXAMPLE_SANDBOX_ORIGIN = 'http://127.0.0.1:4010';
const SCREENSHOTS = join(REPO_ROOT, 'test', 'e2e', 'screenshots');
const ICON_FILE = join(REPO_ROOT, 'dist', 'icons', 'fax-service.svg');
/** Where n8n serves a community package's file: icon (/icons/<package>/<path in the package>). */
const ICON_URL = /\/icons\/n8n-nodes-fax-service\/dist\/icons\/fax-service\.svg$/;
const SIX_RESOURCES = ['Sent Fax', 'Received Fax', 'Fax Number', 'Client', 'Secure-Link Email', 'AI Document'];
/** n8n appends this to the resource and operation options of every node whose credential has `authenticate`. */
const N8N_CUSTOM_API_CALL = 'Custom API Call';

type NodeJson = Record<string, unknown> & { name: string; type: string; parameters?: Record<string, unknown> };

const chromiumLookup = findChromium();
if (!chromiumLookup.path) {
	const bar = '!'.repeat(100);
	console.warn(
		`${bar}\nSKIPPED: test/e2e/browser.test.ts (the n8n editor in headless Chromium) did NOT run: no Chromium was found.\n` +
			`Looked for ${chromiumLookup.lookedFor}.\n` +
			'Install it (Debian/Ubuntu: `apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium/Chrome executable.\n' +
			`${bar}`,
	);
}
/** The only skip: no Chromium at all. Everything else (launch failure included) fails the suite. */
const describeWithChromium = chromiumLookup.path ? describe : describe.skip;

/** Display name of an options parameter's value, from the node's own description. */
function optionName(properties: INodeProperties[], name: string, value: unknown, resource?: string): string {
	const property = properties.find(
		(p) => p.name === name && (resource === undefined || !p.displayOptions?.show?.resource || p.displayOptions.show.resource.includes(resource)),
	);
	const option = (property?.options as Array<{ name: string; value: unknown }> | undefined)?.find((o) => o.value === (value ?? property?.default));
	if (!option) throw new Error(`No option ${String(value)} for parameter ${name}${resource ? ` of resource ${resource}` : ''}`);
	return option.name;
}

/**
 * The workflow to open: examples/send-fax-and-track-completion.json when it exists (pointed at this
 * test's sandbox), else a small one built here with the same credential reference.
 */
function workflowToImport(sandbox: Sandbox): { workflow: WorkflowJson; source: string } {
	// BROWSER_E2E_WORKFLOW=builtin runs the built-in workflow even when the example exists.
	if (existsSync(EXAMPLE_WORKFLOW) && process.env.BROWSER_E2E_WORKFLOW !== 'builtin') {
		const text = readFileSync(EXAMPLE_WORKFLOW, 'utf8').split(EXAMPLE_SANDBOX_ORIGIN).join(sandbox.origin);
		const parsed = JSON.parse(text) as WorkflowJson | WorkflowJson[];
		const workflow = Array.isArray(parsed) ? parsed[0] : parsed;
		// Only the editor is needed: never activate (it would register the trigger on fax numbers).
		return { workflow: { ...workflow, active: false }, source: EXAMPLE_WORKFLOW };
	}
	const credentials = { faxServiceApi: CREDENTIAL };
	return {
		source: 'the built-in workflow (Manual Trigger → Send Fax, Fax Service Trigger)',
		workflow: {
			name: 'Fax Service in the editor (browser e2e)',
			nodes: [
				{ id: randomUUID(), name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
				{
					id: randomUUID(),
					name: 'Send Fax',
					type: ACTION_TYPE,
					typeVersion: 1,
					position: [260, 0],
					parameters: {
						resource: 'sentFax',
						operation: 'send',
						fromNumber: { __rl: true, mode: 'list', value: '' },
						toNumber: '+12125550123',
						additionalFields: {},
					},
					credentials,
				},
				{
					id: randomUUID(),
					name: 'Fax Service Trigger',
					type: TRIGGER_TYPE,
					typeVersion: 1,
					position: [0, 260],
					webhookId: randomUUID(),
					parameters: { events: ['sentFax', 'receivedFax', 'aiDocument'], registerOnFaxNumbers: [], options: {} },
					credentials,
				},
			],
			connections: { Start: { main: [[{ node: 'Send Fax', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		},
	};
}

describeWithChromium('Fax Service nodes in the n8n editor (headless Chromium)', () => {
	let sandbox: Sandbox | undefined;
	let n8n: N8nHostInstance | undefined;
	let browser: Browser | undefined;
	let editor: N8nEditor;
	let workflowId: string;
	/** The workflow's nodes that n8n draws as canvas nodes (sticky notes are drawn apart). */
	let nodeNames: string[];
	let actionNode: NodeJson;
	let triggerNode: NodeJson;
	let faxNumber: string;
	let pollWorkflowId: string;
	let pollNodeNames: string[];
	let pollTriggerNode: NodeJson;
	const pollTriggerProperties = new FaxServicePollTrigger().description.properties;
	const actionProperties = new FaxService().description.properties;
	const triggerProperties = new FaxServiceTrigger().description.properties;

	/** Runs a step; on failure saves a page screenshot and adds what the browser reported. */
	async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
		try {
			return await fn();
		} catch (error) {
			let screenshot = '';
			if (browser) {
				screenshot = await saveScreenshot(browser.page, SCREENSHOTS, `failure-${name.replace(/[^a-z0-9]+/gi, '-')}.png`).catch(() => '');
			}
			const details = [
				screenshot && `screenshot: ${screenshot}`,
				browser && `page: ${browser.page.url()}`,
				browser?.diagnostics.length ? `browser:\n  ${browser.diagnostics.slice(-20).join('\n  ')}` : '',
			].filter(Boolean);
			if (error instanceof Error) error.message += `\n[${name}] ${details.join('\n')}`;
			throw error;
		}
	}

	/** The icon <img> is our SVG: the package's file: icon URL, loaded (not n8n's fallback), same bytes as dist/. */
	async function expectOurIcon(img: Locator): Promise<void> {
		const state = await waitForImage(img);
		expect(state.src).toMatch(ICON_URL);
		expect(state.complete).toBe(true);
		expect(state.naturalWidth).toBeGreaterThan(0);
		expect(state.naturalHeight).toBeGreaterThan(0);
		const served = await browser!.page.request.get(new URL(state.src, n8n!.baseUrl).toString());
		expect(served.status()).toBe(200);
		expect(served.headers()['content-type']).toMatch(/^image\/svg\+xml/);
		expect(Buffer.from(await served.body()).equals(readFileSync(ICON_FILE))).toBe(true);
	}

	beforeAll(async () => {
		for (const file of ['dist/nodes/FaxService/FaxService.node.js', 'dist/nodes/FaxServiceTrigger/FaxServiceTrigger.node.js', 'dist/icons/fax-service.svg']) {
			if (!existsSync(join(REPO_ROOT, file))) throw new Error(`${file} is missing: run \`npm run build\` first.`);
		}
		const started = Date.now();
		await ensureInstalled({ log: logToStderr });
		sandbox = await startSandbox({ port: 0 });
		const provisioned = await fetch(`${sandbox.baseUrl}/fax_numbers`, {
			method: 'POST',
			headers: { authorization: `Bearer ${sandbox.testKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ fax_number: { area_code: '415' } }),
		});
		expect(provisioned.status).toBe(201);
		faxNumber = ((await provisioned.json()) as { faxNumber: { number: string } }).faxNumber.number;
		const client = await fetch(`${sandbox.baseUrl}/clients`, {
			method: 'POST',
			headers: { authorization: `Bearer ${sandbox.testKey}`, 'content-type': 'application/json' },
			body: JSON.stringify({ client: { name: CLIENT_NAME } }),
		});
		expect(client.status).toBe(201);

		const { workflow, source } = workflowToImport(sandbox);
		const nodes = workflow.nodes as NodeJson[];
		const action = nodes.find(
			(node) => node.type === ACTION_TYPE && (node.parameters?.resource ?? 'sentFax') === 'sentFax' && (node.parameters?.operation ?? 'send') === 'send',
		);
		const trigger = nodes.find((node) => node.type === TRIGGER_TYPE);
		if (!action || !trigger) throw new Error(`${source} needs a Fax Service node (Sent Fax → Send) and a Fax Service Trigger.`);
		actionNode = action;
		triggerNode = trigger;
		nodeNames = nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote').map((node) => node.name);
		logToStderr(`browser e2e: workflow ${source}; Chromium ${chromiumLookup.path}`);

		n8n = await createInstance({ owner: OWNER });
		await n8n.importCredentials([
			{
				...CREDENTIAL,
				type: 'faxServiceApi',
				data: { baseUrl: sandbox.baseUrl, authenticateWith: 'test', testApiKey: sandbox.testKey, liveApiKey: sandbox.liveKey },
			},
		]);
		// The polling example, never activated: only its trigger's panel is opened.
		const pollWorkflow = { ...(JSON.parse(readFileSync(POLL_EXAMPLE_WORKFLOW, 'utf8')) as WorkflowJson), active: false };
		const pollNodes = pollWorkflow.nodes as NodeJson[];
		pollTriggerNode = pollNodes.find((node) => node.type === POLL_TRIGGER_TYPE)!;
		pollNodeNames = pollNodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote').map((node) => node.name);
		const [imported, importedPoll] = await n8n.importWorkflows([workflow, pollWorkflow]);
		workflowId = imported.id;
		pollWorkflowId = importedPoll.id;
		// Chromium starts while n8n does.
		const [launched, n8nStarted] = await Promise.allSettled([launchChromium(chromiumLookup.path!), n8n.start()]);
		if (launched.status === 'rejected') throw launched.reason;
		browser = launched.value; // closed in afterAll, also when n8n failed to start
		if (n8nStarted.status === 'rejected') throw n8nStarted.reason;
		editor = new N8nEditor(browser.page, n8n.baseUrl);
		logToStderr(`browser e2e: n8n and Chromium ready after ${Math.round((Date.now() - started) / 1000)} s`);
	}, 30 * MINUTE);

	afterAll(async () => {
		await browser?.close();
		await n8n?.dispose();
		await sandbox?.stop();
	}, 2 * MINUTE);

	test('signs in through the login form and opens the workflow on the canvas', async () => {
		await step('sign-in', async () => {
			const { loginStatus } = await editor.signIn(OWNER.email, OWNER.password);
			expect(loginStatus).toBe(200);
		});
		await step('open-workflow', async () => {
			await editor.openWorkflow(workflowId, nodeNames);
			expect(await editor.canvasNodes().count()).toBe(nodeNames.length);
			await expect(editor.canvasNode(actionNode.name).getAttribute('data-node-type')).resolves.toBe(ACTION_TYPE);
			await expect(editor.canvasNode(triggerNode.name).getAttribute('data-node-type')).resolves.toBe(TRIGGER_TYPE);
		});
	}, 3 * MINUTE);

	test('both nodes show our SVG icon on the canvas', async () => {
		await step('canvas-icons', async () => {
			await expectOurIcon(editor.canvasNodeIcon(actionNode.name));
			await expectOurIcon(editor.canvasNodeIcon(triggerNode.name));
		});
	}, 2 * MINUTE);

	test('Fax Service node: pickers, all six resources, credential, icon and the From Number list search', async () => {
		const resource = actionNode.parameters?.resource ?? 'sentFax';
		const expectedResource = optionName(actionProperties, 'resource', resource);
		const expectedOperation = optionName(actionProperties, 'operation', actionNode.parameters?.operation, String(resource));

		const ndv = await step('open-action-node', async () => await editor.openNode(actionNode.name));

		await step('resource-and-operation', async () => {
			expect(await editor.selectValue(editor.parameter('resource'))).toBe(expectedResource);
			expect(await editor.selectValue(editor.parameter('operation'))).toBe(expectedOperation);
			const resources = await editor.openSelect('resource', SIX_RESOURCES.length);
			expect(resources.slice(0, SIX_RESOURCES.length)).toEqual(SIX_RESOURCES);
			expect(resources.slice(SIX_RESOURCES.length).filter((name) => name !== N8N_CUSTOM_API_CALL)).toEqual([]);
			await editor.closeSelect('resource');
			expect(await editor.selectValue(editor.parameter('resource'))).toBe(expectedResource);
		});

		await step('credential', async () => {
			expect(await editor.selectValue(editor.credentialSelect())).toBe(CREDENTIAL.name);
		});

		await step('ndv-icon', async () => {
			await expectOurIcon(editor.ndvHeaderIcon());
		});

		await step('from-number-list', async () => {
			const before = sandbox!.requests.length;
			const listed = await editor.openResourceLocatorList('fromNumber');
			expect(listed).toContain(faxNumber);
			const filter = faxNumber.slice(-4);
			const searched = await editor.searchResourceLocatorList(filter);
			expect(searched).toEqual({ items: [faxNumber], filterSent: filter });
			// The list came from the sandbox, through n8n, with the credential's test key.
			const listCalls = sandbox!.requests.slice(before).filter((r) => r.method === 'GET' && r.path === '/api/v2/fax_numbers');
			expect(listCalls.length).toBeGreaterThanOrEqual(1);
			expect(listCalls.every((r) => r.headers.authorization === `Bearer ${sandbox!.testKey}` && r.status === 200)).toBe(true);
		});

		await step('action-screenshot', async () => {
			const file = await saveScreenshot(ndv, SCREENSHOTS, 'fax-service-node.png');
			logToStderr(`browser e2e: screenshot ${file}`);
		});
		await step('close-action-node', async () => await editor.closeNode());
	}, 3 * MINUTE);

	test('Fax Service Trigger node: credential, events, icon and the fax-number options', async () => {
		const ndv = await step('open-trigger-node', async () => await editor.openNode(triggerNode.name));
		await step('trigger-parameters', async () => {
			expect(await editor.selectValue(editor.credentialSelect())).toBe(CREDENTIAL.name);
			const events = (triggerNode.parameters?.events as string[] | undefined) ?? ['sentFax', 'receivedFax', 'aiDocument'];
			const expectedEvents = events.map((event) => optionName(triggerProperties, 'events', event));
			expect((await editor.multiSelectValues('events')).sort()).toEqual(expectedEvents.sort());
			await expectOurIcon(editor.ndvHeaderIcon());
		});
		await step('register-on-fax-numbers', async () => {
			// loadOptions (getFaxNumbers) through n8n: the sandbox's number is offered.
			await editor.openSelectUntil('registerOnFaxNumbers', editor.visibleOptions().filter({ hasText: faxNumber }).first());
		});
		await step('trigger-screenshot', async () => {
			const file = await saveScreenshot(ndv, SCREENSHOTS, 'fax-service-trigger.png');
			logToStderr(`browser e2e: screenshot ${file}`);
		});
		await step('close-trigger-node', async () => {
			await editor.closeSelect('registerOnFaxNumbers');
			await editor.closeNode();
		});
	}, 3 * MINUTE);

	test('Fax Service Polling Trigger node: credential, events, poll times, icon and the client filter\'s options', async () => {
		await step('open-poll-workflow', async () => {
			await editor.openWorkflow(pollWorkflowId, pollNodeNames);
			await expect(editor.canvasNode(pollTriggerNode.name).getAttribute('data-node-type')).resolves.toBe(POLL_TRIGGER_TYPE);
			await expectOurIcon(editor.canvasNodeIcon(pollTriggerNode.name));
		});
		const ndv = await step('open-poll-trigger-node', async () => await editor.openNode(pollTriggerNode.name));
		await step('poll-trigger-parameters', async () => {
			expect(await editor.selectValue(editor.credentialSelect())).toBe(CREDENTIAL.name);
			const events = pollTriggerNode.parameters?.events as string[];
			expect(await editor.multiSelectValues('events')).toEqual(events.map((event) => optionName(pollTriggerProperties, 'events', event)));
			// n8n adds Poll Times to every polling node.
			await ndv.getByText('Poll Times', { exact: true }).first().waitFor({ state: 'visible' });
			await expectOurIcon(editor.ndvHeaderIcon());
		});
		await step('client-filter-options', async () => {
			// Add Filter → Client: its options come from the sandbox through n8n (loadOptions getClients).
			await ndv.getByPlaceholder('Add Filter').first().click();
			await editor.visibleOptions().filter({ hasText: 'Client Name or ID' }).first().click();
			await editor.openSelectUntil('client', editor.visibleOptions().filter({ hasText: CLIENT_NAME }).first());
		});
		await step('poll-trigger-screenshot', async () => {
			const file = await saveScreenshot(ndv, SCREENSHOTS, 'fax-service-poll-trigger.png');
			logToStderr(`browser e2e: screenshot ${file}`);
		});
		await step('close-poll-trigger-node', async () => {
			await editor.closeSelect('client');
			await editor.closeNode();
		});
	}, 3 * MINUTE);
});
