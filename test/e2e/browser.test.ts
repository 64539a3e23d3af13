/**
 * The package's nodes in the real n8n editor, in headless Chromium: sign in through the login form,
 * open a workflow with the Fax Service node and the Fax Service Trigger, and check what a user sees:
 * the Resource and Operation pickers (all six resources), the credential, the From Number list
 * search answered by the sandbox through n8n, and the node icon (our SVG, loaded, not n8n's fallback).
 * Then example 1 (Send and Wait) is run with the canvas's Execute workflow button: n8n's database has
 * the manual execution waiting, the canvas marks the node waiting, and once the sandbox's callback
 * resumes it the execution succeeds through Delivered and the canvas shows the run finished. n8n's
 * public URL is a gate (test/harness/fault-proxy.ts) that holds the callback until the canvas has
 * shown the wait, so the order of what the test sees does not depend on the machine's speed.
 * Screenshots of the node panels and of the run go to test/e2e/screenshots/ (git-ignored).
 *
 * Needs a Chromium (Debian: `apt-get install chromium`; or CHROMIUM_PATH). Without one, and only then,
 * the suite is skipped with a warning. Runs in about a minute once n8n is installed.
 */
import { existsSync } from 'fs';
import { join } from 'path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { startFaultProxy, type FaultProxy } from '../harness/fault-proxy';
import { FaxService } from '../../nodes/FaxService/FaxService.node';
import { FaxServicePollTrigger } from '../../nodes/FaxServicePollTrigger/FaxServicePollTrigger.node';
import { FaxServiceTrigger } from '../../nodes/FaxServiceTrigger/FaxServiceTrigger.node';
import {
	launchChromiumWhileStarting,
	N8nEditor,
	saveScreenshot,
	type Browser,
} from './helpers/browser';
import {
	ACTION_TYPE,
	canvasNodeNames,
	chromiumLookup,
	describeWithChromium,
	expectOurIcon,
	optionName,
	SCREENSHOTS,
	stepRunner,
	workflowToImport,
	type NodeJson,
} from './helpers/editor';
import {
	CREDENTIAL,
	FILES,
	localiseExample,
	parseExample,
	pointCredentials,
	POLL_TRIGGER_TYPE,
	readExampleText,
	TRIGGER_TYPE,
} from './helpers/examples';
import {
	createInstance,
	ensureInstalled,
	freePorts,
	logToStderr,
	REPO_ROOT,
	settled,
	type N8nExecution,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { MACHINE_MINUTE } from '../harness/machine';

const OWNER = {
	email: 'owner@example.com',
	password: 'Owner-pass-1',
	firstName: 'Fax',
	lastName: 'Owner',
};
const CLIENT_NAME = 'Riverside Cardiology';
const SEND_AND_WAIT = 'Send Fax and Wait';
/** The sandbox completes a fax this long after it is sent (its callback is then held at the gate until the test lets it through). */
const COMPLETE_AFTER_MS = 1000;
/** How long n8n and the editor may take to show a step of the run (a loaded machine is slow, not wrong). */
const STEP_TIMEOUT_MS = MACHINE_MINUTE;
const SIX_RESOURCES = [
	'Sent Fax',
	'Received Fax',
	'Fax Number',
	'Client',
	'Secure-Link Email',
	'AI Document',
];
/** n8n appends this to the resource and operation options of every node whose credential has `authenticate`. */
const N8N_CUSTOM_API_CALL = 'Custom API Call';

describeWithChromium('Fax Service nodes in the n8n editor (headless Chromium)', () => {
	let sandbox: Sandbox | undefined;
	let n8n: N8nHostInstance | undefined;
	/** n8n's public URL (WEBHOOK_URL): the sandbox's callbacks pass through it. */
	let gate: FaultProxy | undefined;
	/** Lets a held callback through (also in afterAll, so a failed test leaves nothing hanging). */
	let releaseCallback = () => {};
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
	let sendAndWaitWorkflowId: string;
	let sendAndWaitNodeNames: string[];
	const pollTriggerProperties = new FaxServicePollTrigger().description.properties;
	const actionProperties = new FaxService().description.properties;
	const triggerProperties = new FaxServiceTrigger().description.properties;
	const step = stepRunner(() => browser);

	beforeAll(async () => {
		for (const file of [
			'dist/nodes/FaxService/FaxService.node.js',
			'dist/nodes/FaxServiceTrigger/FaxServiceTrigger.node.js',
			'dist/icons/fax-service.svg',
		]) {
			if (!existsSync(join(REPO_ROOT, file)))
				throw new Error(`${file} is missing: run \`npm run build\` first.`);
		}
		const started = Date.now();
		await ensureInstalled({ log: logToStderr });
		sandbox = await startSandbox({
			port: 0,
			timing: { completeAfterMs: COMPLETE_AFTER_MS },
			// A refused or failed callback is retried soon (the default waits a minute): the test reports every attempt.
			callbackRetryScheduleMs: [2000, 5000],
			// A callback held at the gate is one attempt that lasts until the test lets it through.
			callbackTimeoutMs: 5 * MACHINE_MINUTE,
		});
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

		const { workflow, source } = workflowToImport();
		const nodes = workflow.nodes as NodeJson[];
		const action = nodes.find(
			(node) =>
				node.type === ACTION_TYPE &&
				(node.parameters?.resource ?? 'sentFax') === 'sentFax' &&
				(node.parameters?.operation ?? 'send') === 'send',
		);
		const trigger = nodes.find((node) => node.type === TRIGGER_TYPE);
		if (!action || !trigger)
			throw new Error(
				`${source} needs a Fax Service node (Sent Fax → Send) and a Fax Service Trigger.`,
			);
		actionNode = action;
		triggerNode = trigger;
		nodeNames = canvasNodeNames(nodes);
		logToStderr(`browser e2e: workflow ${source}; Chromium ${chromiumLookup.path}`);

		const [port] = await freePorts(1);
		gate = await startFaultProxy({ origin: `http://127.0.0.1:${port}` }, { preserveHost: true });
		const publicUrl = `${gate.baseUrl.replace(/\/api\/v2$/, '')}/`;
		n8n = await createInstance({
			owner: OWNER,
			port,
			env: { WEBHOOK_URL: publicUrl, N8N_WEBHOOK_URL: publicUrl },
			editor: true,
		});
		browser = await launchChromiumWhileStarting(n8n, chromiumLookup.path!);
		// Saved in the running n8n over REST, as in the editor: n8n chooses the credential's id, and
		// the workflows (examples included) are pointed at it.
		const [credential] = await n8n.importCredentials([
			{
				name: CREDENTIAL.name,
				type: 'faxServiceApi',
				data: {
					baseUrl: sandbox.baseUrl,
					authenticateWith: 'test',
					testApiKey: sandbox.testKey,
					liveApiKey: sandbox.liveKey,
				},
			},
		]);
		const credentialIds = { [CREDENTIAL.id]: credential.id };
		// The polling example, never activated: only its trigger's panel is opened.
		const pollWorkflow = pointCredentials(
			{ ...parseExample(readExampleText(FILES.poll)), active: false },
			credentialIds,
		);
		pollTriggerNode = pollWorkflow.nodes.find((node) => node.type === POLL_TRIGGER_TYPE)!;
		pollNodeNames = canvasNodeNames(pollWorkflow.nodes);
		// Example 1 as a user imports it: its dev addresses replaced by this run's (as examples.test.ts does).
		const sendAndWaitWorkflow = localiseExample(FILES.sendFax, {
			sandboxOrigin: sandbox.origin,
			n8nBaseUrl: n8n.baseUrl,
			credentialIds,
		});
		sendAndWaitNodeNames = canvasNodeNames(sendAndWaitWorkflow.nodes);
		const [imported, importedPoll, importedSendAndWait] = await n8n.importWorkflows([
			pointCredentials(workflow, credentialIds),
			pollWorkflow,
			sendAndWaitWorkflow,
		]);
		workflowId = imported.id;
		pollWorkflowId = importedPoll.id;
		sendAndWaitWorkflowId = importedSendAndWait.id;
		editor = new N8nEditor(browser.page, n8n.baseUrl);
		logToStderr(
			`browser e2e: n8n and Chromium ready after ${Math.round((Date.now() - started) / 1000)} s`,
		);
	}, 30 * MACHINE_MINUTE);

	afterAll(async () => {
		releaseCallback();
		await browser?.close();
		await n8n?.dispose();
		await gate?.close();
		await sandbox?.stop();
	}, 2 * MACHINE_MINUTE);

	test(
		'signs in through the login form and opens the workflow on the canvas',
		async () => {
			await step('sign-in', async () => {
				const { loginStatus } = await editor.signIn(OWNER.email, OWNER.password);
				expect(loginStatus).toBe(200);
			});
			await step('open-workflow', async () => {
				await editor.openWorkflow(workflowId, nodeNames);
				expect(await editor.canvasNodes().count()).toBe(nodeNames.length);
				await expect(
					editor.canvasNode(actionNode.name).getAttribute('data-node-type'),
				).resolves.toBe(ACTION_TYPE);
				await expect(
					editor.canvasNode(triggerNode.name).getAttribute('data-node-type'),
				).resolves.toBe(TRIGGER_TYPE);
			});
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'both nodes show our SVG icon on the canvas',
		async () => {
			await step('canvas-icons', async () => {
				await expectOurIcon(browser!, n8n!.baseUrl, editor.canvasNodeIcon(actionNode.name));
				await expectOurIcon(browser!, n8n!.baseUrl, editor.canvasNodeIcon(triggerNode.name));
			});
		},
		2 * MACHINE_MINUTE,
	);

	test(
		'Fax Service node: pickers, all six resources, credential, icon and the From Number list search',
		async () => {
			const resource = actionNode.parameters?.resource ?? 'sentFax';
			const expectedResource = optionName(actionProperties, 'resource', resource);
			const expectedOperation = optionName(
				actionProperties,
				'operation',
				actionNode.parameters?.operation,
				String(resource),
			);

			const ndv = await step(
				'open-action-node',
				async () => await editor.openNode(actionNode.name),
			);

			await step('resource-and-operation', async () => {
				expect(await editor.selectValue(editor.parameter('resource'))).toBe(expectedResource);
				expect(await editor.selectValue(editor.parameter('operation'))).toBe(expectedOperation);
				const resources = await editor.openSelect('resource', SIX_RESOURCES.length);
				expect(resources.slice(0, SIX_RESOURCES.length)).toEqual(SIX_RESOURCES);
				expect(
					resources.slice(SIX_RESOURCES.length).filter((name) => name !== N8N_CUSTOM_API_CALL),
				).toEqual([]);
				await editor.closeSelect('resource');
				expect(await editor.selectValue(editor.parameter('resource'))).toBe(expectedResource);
			});

			await step('credential', async () => {
				expect(await editor.selectValue(editor.credentialSelect())).toBe(CREDENTIAL.name);
			});

			await step('ndv-icon', async () => {
				await expectOurIcon(browser!, n8n!.baseUrl, editor.ndvHeaderIcon());
			});

			await step('from-number-list', async () => {
				const before = sandbox!.requests.length;
				const listed = await editor.openResourceLocatorList('fromNumber');
				expect(listed).toContain(faxNumber);
				const filter = faxNumber.slice(-4);
				const searched = await editor.searchResourceLocatorList(filter);
				expect(searched).toEqual({ items: [faxNumber], filterSent: filter });
				// The list came from the sandbox, through n8n, with the credential's test key.
				const listCalls = sandbox!.requests
					.slice(before)
					.filter((r) => r.method === 'GET' && r.path === '/api/v2/fax_numbers');
				expect(listCalls.length).toBeGreaterThanOrEqual(1);
				expect(
					listCalls.every(
						(r) => r.headers.authorization === `Bearer ${sandbox!.testKey}` && r.status === 200,
					),
				).toBe(true);
			});

			await step('action-screenshot', async () => {
				const file = await saveScreenshot(ndv, SCREENSHOTS, 'fax-service-node.png');
				logToStderr(`browser e2e: screenshot ${file}`);
			});
			await step('close-action-node', async () => await editor.closeNode());
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'Fax Service Trigger node: credential, events, icon and the fax-number options',
		async () => {
			const ndv = await step(
				'open-trigger-node',
				async () => await editor.openNode(triggerNode.name),
			);
			await step('trigger-parameters', async () => {
				expect(await editor.selectValue(editor.credentialSelect())).toBe(CREDENTIAL.name);
				const events = (triggerNode.parameters?.events as string[] | undefined) ?? [
					'sentFax',
					'receivedFax',
					'aiDocument',
				];
				const expectedEvents = events.map((event) =>
					optionName(triggerProperties, 'events', event),
				);
				expect((await editor.multiSelectValues('events')).sort()).toEqual(expectedEvents.sort());
				await expectOurIcon(browser!, n8n!.baseUrl, editor.ndvHeaderIcon());
			});
			await step('register-on-fax-numbers', async () => {
				// loadOptions (getFaxNumbers) through n8n: the sandbox's number is offered.
				await editor.openSelectUntil(
					'registerOnFaxNumbers',
					editor.visibleOptions().filter({ hasText: faxNumber }).first(),
				);
			});
			await step('trigger-screenshot', async () => {
				const file = await saveScreenshot(ndv, SCREENSHOTS, 'fax-service-trigger.png');
				logToStderr(`browser e2e: screenshot ${file}`);
			});
			await step('close-trigger-node', async () => {
				await editor.closeSelect('registerOnFaxNumbers');
				await editor.closeNode();
			});
		},
		3 * MACHINE_MINUTE,
	);

	test(
		"Fax Service Polling Trigger node: credential, events, poll times, icon and the client filter's options",
		async () => {
			await step('open-poll-workflow', async () => {
				await editor.openWorkflow(pollWorkflowId, pollNodeNames);
				await expect(
					editor.canvasNode(pollTriggerNode.name).getAttribute('data-node-type'),
				).resolves.toBe(POLL_TRIGGER_TYPE);
				await expectOurIcon(browser!, n8n!.baseUrl, editor.canvasNodeIcon(pollTriggerNode.name));
			});
			const ndv = await step(
				'open-poll-trigger-node',
				async () => await editor.openNode(pollTriggerNode.name),
			);
			await step('poll-trigger-parameters', async () => {
				expect(await editor.selectValue(editor.credentialSelect())).toBe(CREDENTIAL.name);
				const events = pollTriggerNode.parameters?.events as string[];
				expect(await editor.multiSelectValues('events')).toEqual(
					events.map((event) => optionName(pollTriggerProperties, 'events', event)),
				);
				// n8n adds Poll Times to every polling node.
				await ndv.getByText('Poll Times', { exact: true }).first().waitFor({ state: 'visible' });
				await expectOurIcon(browser!, n8n!.baseUrl, editor.ndvHeaderIcon());
			});
			await step('client-filter-options', async () => {
				// Add Filter → Client: its options come from the sandbox through n8n (loadOptions getClients).
				await ndv.getByPlaceholder('Add Filter').first().click();
				await editor.visibleOptions().filter({ hasText: 'Client Name or ID' }).first().click();
				await editor.openSelectUntil(
					'client',
					editor.visibleOptions().filter({ hasText: CLIENT_NAME }).first(),
				);
			});
			await step('poll-trigger-screenshot', async () => {
				const file = await saveScreenshot(ndv, SCREENSHOTS, 'fax-service-poll-trigger.png');
				logToStderr(`browser e2e: screenshot ${file}`);
			});
			await step('close-poll-trigger-node', async () => {
				await editor.closeSelect('client');
				await editor.closeNode();
			});
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'Example 1: "Execute workflow" waits at Send Fax and Wait (canvas shows it waiting) and goes on through Delivered when the callback comes',
		async () => {
			const requestsBefore = sandbox!.requests.length;
			const callbacksBefore = sandbox!.callbackAttempts.length;
			const logOffset = Buffer.byteLength(n8n!.logs());
			const statusesSeen: string[] = [];
			/** What to report when the run does not go as claimed: executions, the sandbox's callbacks, n8n's log. */
			const evidence = async (): Promise<string> => {
				const executions = await n8n!
					.executions(sendAndWaitWorkflowId)
					.catch((error: Error) => [{ error: error.message }]);
				const callbacks = sandbox!.callbackAttempts.slice(callbacksBefore).map((a) => ({
					type: a.type,
					url: a.url,
					attempt: a.attempt,
					status: a.status,
					error: a.error,
				}));
				const log = n8n!
					.logs({ since: logOffset })
					.split('\n')
					.filter((line) => /waiting|webhook|error|fail|refus|resum/i.test(line))
					.slice(-40);
				return (
					`statuses seen: ${JSON.stringify(statusesSeen)}\nexecutions: ${JSON.stringify(executions.map((e) => ('id' in e ? { id: e.id, mode: e.mode, status: e.status, error: e.error, lastNodeExecuted: e.lastNodeExecuted, nodes: Object.keys(e.items) } : e)))}\n` +
					`callbacks: ${JSON.stringify(callbacks)}\nn8n log:\n  ${log.join('\n  ')}`
				);
			};
			/** Polls n8n's database for the editor's (manual) execution until `done` holds. */
			const manualExecution = async (
				what: string,
				done: (execution: N8nExecution) => boolean,
				timeoutMs: number,
			): Promise<N8nExecution> => {
				const until = Date.now() + timeoutMs;
				for (;;) {
					const execution = (await n8n!.executions(sendAndWaitWorkflowId)).find(
						(e) => e.mode === 'manual',
					);
					if (execution && statusesSeen[statusesSeen.length - 1] !== execution.status)
						statusesSeen.push(execution.status);
					if (execution && done(execution)) return execution;
					if (Date.now() > until)
						throw new Error(
							`No manual execution ${what} within ${timeoutMs} ms.\n${await evidence()}`,
						);
					await new Promise((resolve) => setTimeout(resolve, 150));
				}
			};

			const publicOrigin = gate!.baseUrl.replace(/\/api\/v2$/, '');
			// The sandbox's callback to the resume URL waits at the gate until the canvas has shown the execution waiting.
			const callbackHeld = new Promise<void>((resolve) => (releaseCallback = resolve));
			let callbackArrived = false;
			gate!.plan('POST', /^\/webhook-waiting\//, {
				kind: 'before',
				action: async () => {
					callbackArrived = true;
					await callbackHeld;
				},
			});

			await step('open-send-and-wait-workflow', async () => {
				await editor.openWorkflow(sendAndWaitWorkflowId, sendAndWaitNodeNames);
				await expect(editor.canvasNode(SEND_AND_WAIT).getAttribute('data-node-type')).resolves.toBe(
					ACTION_TYPE,
				);
				expect(await n8n!.executions(sendAndWaitWorkflowId)).toEqual([]);
			});

			const run = await step('execute-workflow', async () => {
				const answer = await editor.executeWorkflow();
				expect({ status: answer.status, body: answer.status === 200 ? '' : answer.body }).toEqual({
					status: 200,
					body: '',
				});
				return answer;
			});

			const waiting = await step('execution-waits', async () => {
				// Waiting is what it must show first: finished before waiting would mean it never waited.
				const execution = await manualExecution(
					'waiting (or finished)',
					(e) => ['waiting', 'success', 'error', 'crashed', 'canceled'].includes(e.status),
					STEP_TIMEOUT_MS,
				);
				expect({ status: execution.status, error: execution.error }).toEqual({
					status: 'waiting',
					error: undefined,
				});
				if (run.executionId !== undefined) expect(execution.id).toBe(run.executionId);
				expect(execution.lastNodeExecuted).toBe(SEND_AND_WAIT);
				expect(execution.items[SEND_AND_WAIT]).toEqual([
					{
						message: 'Fax queued for delivery',
						sendToken: expect.stringMatching(/^[0-9a-f]{24}$/),
					},
				]);
				expect(execution.items.Outcome).toBeUndefined();
				expect(execution.items.Delivered).toBeUndefined();
				// Sent with this execution's signed resume URL as its callback.
				const sent = sandbox!.requests
					.slice(requestsBefore)
					.filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes');
				expect(sent).toHaveLength(1);
				expect(sent[0].body).toMatchObject({ from_number: faxNumber, to_number: '+12125550123' });
				expect(String((sent[0].body as Record<string, unknown>).callback_url)).toMatch(
					new RegExp(
						`^${publicOrigin}/webhook-waiting/${execution.id}/[^/?]+\\?signature=[0-9a-f]+$`,
					),
				);
				return execution;
			});

			await step('canvas-shows-waiting', async () => {
				// The canvas marks the waiting node (n8n's CSS-module class "_waiting_…") while the execution waits.
				const node = `[data-test-id="canvas-node"][data-node-name=${JSON.stringify(SEND_AND_WAIT)}]`;
				await browser!.page
					.locator(`${node}[class*="_waiting_"], ${node} [class*="_waiting_"]`)
					.first()
					.waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
				expect(sandbox!.callbackAttempts.slice(callbacksBefore)).toEqual([]); // still before the callback: held at the gate, if sent
				const file = await saveScreenshot(browser!.page, SCREENSHOTS, 'send-and-wait-waiting.png');
				logToStderr(
					`browser e2e: screenshot ${file} (the sandbox's callback ${callbackArrived ? 'is held at the gate' : 'has not come yet'})`,
				);
				releaseCallback();
			});

			const faxId = String(waiting.items[SEND_AND_WAIT][0].sendToken);
			await step('execution-goes-on', async () => {
				const execution = await manualExecution(
					'finished',
					settled,
					COMPLETE_AFTER_MS + STEP_TIMEOUT_MS,
				);
				expect({ status: execution.status, error: execution.error }).toEqual({
					status: 'success',
					error: undefined,
				});
				expect(execution.id).toBe(waiting.id);
				expect(execution.items[SEND_AND_WAIT][0]).toMatchObject({
					sendToken: faxId,
					sentStatus: 'success',
					timedOut: false,
				});
				expect(execution.items.Delivered).toEqual([
					{
						faxId,
						summary: 'Fax to +12125550123 delivered (1 page(s))',
						completedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
						pdfLink: expect.stringMatching(new RegExp(`^${sandbox!.origin}/files/`)),
					},
				]);
				expect(execution.items.Failed).toBeUndefined();
				expect(execution.items['Read the Status']).toBeUndefined();
				// One callback, to the resume URL, accepted at once. (n8n answers it once the resumed run is stored,
				// so the sandbox may log the attempt a moment after the execution shows finished.)
				await sandbox!.waitForCallbacks(
					(attempts) => attempts.length > callbacksBefore,
					STEP_TIMEOUT_MS,
				);
				const callbacks = sandbox!.callbackAttempts.slice(callbacksBefore);
				expect(
					callbacks.map((a) => ({
						type: a.type,
						status: a.status,
						resume: a.url.startsWith(`${publicOrigin}/webhook-waiting/${execution.id}/`),
					})),
				).toEqual([{ type: 'sentFax', status: 200, resume: true }]);
				expect(statusesSeen.filter((status) => status !== 'running' && status !== 'new')).toEqual([
					'waiting',
					'success',
				]);
			});

			await step('canvas-shows-finished', async () => {
				// The editor learns of the resumed run: Delivered gets n8n's success check mark, the button its label back.
				await editor
					.canvasNodeSuccess('Delivered')
					.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
				await editor.canvasNodeSuccess(SEND_AND_WAIT).waitFor({ state: 'visible' });
				expect(await editor.canvasNodeSuccess('Failed').count()).toBe(0);
				const button = editor.executeWorkflowButton();
				await button
					.getByText('Execute workflow')
					.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
				expect(await button.isEnabled()).toBe(true);
				await browser!.page
					.locator('.el-notification:visible')
					.filter({ hasText: 'Workflow executed successfully' })
					.first()
					.waitFor({ state: 'visible' });
				const file = await saveScreenshot(
					browser!.page,
					SCREENSHOTS,
					'send-and-wait-delivered.png',
				);
				logToStderr(`browser e2e: screenshot ${file}`);
			});
		},
		4 * MACHINE_MINUTE,
	);
});
