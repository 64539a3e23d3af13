/**
 * The README's pictures (docs/images/), taken from the real n8n 2.41.1 editor in headless Chromium, each
 * after checking that the panel shows what the README says of it:
 * - send-letter.png: Sent Fax → Send with a typed letter (Document Source Text) behind a cover page, the
 *   From Number picked from the account's list, run with Execute step: the sandbox gets that letter.
 * - trigger-production-url.png: the Fax Service Trigger's "Webhook URLs" at "Production URL", showing
 *   <WEBHOOK_URL>/webhook/<webhookId>/fax-service.
 * - preview-packet.png: the referral-packet example run with Execute workflow, its test form given the
 *   three sample PDFs; its Preview PDF node's output (referral.pdf, binary field data, and numPages: the
 *   cover page and the three samples' pages).
 * The harness is browser.test.ts's. Needs a Chromium (skipped without one) and qpdf/poppler-utils.
 */
import { existsSync } from 'fs';
import { randomUUID } from 'crypto';
import { join } from 'path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { pdfReader, words } from '../harness/pdf-reader';
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
	stepRunner,
} from './helpers/editor';
import {
	clearForPicture,
	toastShown,
	noParameterIssues,
	pickFromList,
	runDataPane,
	runDataTable,
	showRunDataAs,
	switchIsOn,
	textValue,
	webhookUrls,
} from './helpers/editor-panels';
import {
	CREDENTIAL,
	FILES,
	localiseExample,
	pointCredentials,
	TRIGGER_TYPE,
} from './helpers/examples';
import {
	createInstance,
	ensureInstalled,
	faxServiceTriggerWorkflow,
	logToStderr,
	ranToEnd,
	REPO_ROOT,
	sandboxCredential,
	type N8nHostInstance,
	type WorkflowJson,
} from './helpers/n8n-host';
import { sandboxApi } from './helpers/sandbox-api';
import { MACHINE_MINUTE } from '../harness/machine';

/** How long n8n and the editor may take to show a step (a loaded machine is slow, not wrong). */
const STEP_TIMEOUT_MS = MACHINE_MINUTE;
const IMAGES = join(REPO_ROOT, 'docs', 'images');
const OWNER = { email: 'owner@example.com', password: 'Owner-pass-1' };
/** n8n's public URL as a reader's would be (WEBHOOK_URL): what the trigger's Production URL starts with. */
const PUBLIC_URL = 'https://n8n.example.com/';
/** Narrower than the harness's 1600 px, so the parameters take more of the picture; tall enough for each panel. */
const VIEWPORTS = {
	letter: { width: 1440, height: 1280 },
	trigger: { width: 1440, height: 760 },
	packet: { width: 1440, height: 1000 },
};
const MANUAL = 'n8n-nodes-base.manualTrigger';
const LETTER_NODE = 'Fax the Letter';
const TO_NUMBER = '+12125550123';
const LETTER =
	'Dear Dr. Rivera,\n\nPlease find our referral for your review. Call us with any questions.\n\nSpringfield Family Practice';
const COVER_PAGE = { to: 'Dr. Maria Rivera', subject: 'Referral: Jane Q Sample' };
const TRIGGER_NODE = 'Fax Service Trigger';
const EVENTS = ['sentFax', 'receivedFax', 'aiDocument'];
/** Fixed, so the picture changes only when the editor does. */
const WEBHOOK_ID = '3f6c2a1e-8b4d-4e7a-9c21-5d0f7b6e4a10';
const PACKET_NODE = 'Build the Packet';
const PACKET = { fileName: 'referral.pdf', mimeType: 'application/pdf' };
const SAMPLES = ['referral.pdf', 'lab-results.pdf', 'prior-auth.pdf'];

/** Manual Trigger → Sent Fax → Send: a letter typed in Text behind a cover page; From Number is left to pick. */
const letterWorkflow = (): WorkflowJson => ({
	name: 'Fax a letter',
	nodes: [
		{
			id: randomUUID(),
			name: 'Start',
			type: MANUAL,
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: randomUUID(),
			name: LETTER_NODE,
			type: ACTION_TYPE,
			typeVersion: 1,
			position: [260, 0],
			credentials: { faxServiceApi: CREDENTIAL },
			parameters: {
				resource: 'sentFax',
				operation: 'send',
				fromNumber: { __rl: true, mode: 'list', value: '' },
				toNumber: TO_NUMBER,
				documentSource: 'text',
				text: LETTER,
				textFormat: 'plain',
				addCoverPage: true,
				coverPage: COVER_PAGE,
				additionalFields: {},
			},
		},
	],
	connections: { Start: { main: [[{ node: LETTER_NODE, type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
});

describeWithChromium('README pictures (docs/images/) from the n8n editor', () => {
	let sandbox: Sandbox | undefined;
	let n8n: N8nHostInstance | undefined;
	let browser: Browser | undefined;
	let editor: N8nEditor;
	/** The account's fax number (the trigger's field holds its id). */
	let faxNumber: string;
	let faxNumberId: string;
	const ids = { letter: '', trigger: '', packet: '' };
	/** Nodes of the packet example the canvas draws (its sticky notes aside). */
	let packetNodes: string[];
	const pdfs = pdfReader('fax-browser-docs-');
	const step = stepRunner(() => browser);
	const sentFaxes = () =>
		sandbox!.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes');
	const picture = async (target: Parameters<typeof saveScreenshot>[0], name: string) =>
		logToStderr(`browser-docs: ${await saveScreenshot(target, IMAGES, name)}`);

	beforeAll(async () => {
		if (!existsSync(join(REPO_ROOT, 'dist/nodes/FaxService/FaxService.node.js')))
			throw new Error('dist/ is missing: run `npm run build` first.');
		const started = Date.now();
		await ensureInstalled({ log: logToStderr });
		sandbox = await startSandbox({ port: 0 });
		const provisioned = (await sandboxApi(sandbox)('POST', '/fax_numbers', {
			fax_number: { area_code: '415' },
		})) as { faxNumber: { id: string; number: string } };
		({ number: faxNumber, id: faxNumberId } = provisioned.faxNumber);
		n8n = await createInstance({
			owner: OWNER,
			editor: true,
			env: { WEBHOOK_URL: PUBLIC_URL, N8N_WEBHOOK_URL: PUBLIC_URL },
		});
		browser = await launchChromiumWhileStarting(n8n, chromiumLookup.path!);
		// Saved in the running n8n over REST, as in the editor: n8n chooses the credential's id, and
		// the workflows (an example's included) are pointed at it.
		const [credential] = await n8n.importCredentials([
			{ ...sandboxCredential(sandbox), name: CREDENTIAL.name },
		]);
		const credentialIds = { [CREDENTIAL.id]: credential.id };
		const trigger = faxServiceTriggerWorkflow('Inbound faxes', WEBHOOK_ID, CREDENTIAL, EVENTS);
		(trigger.nodes[0].parameters as Record<string, unknown>).registerOnFaxNumbers = [faxNumberId];
		const addresses = { sandboxOrigin: sandbox.origin, n8nBaseUrl: n8n.baseUrl, credentialIds };
		const packet = localiseExample(FILES.packet, addresses);
		packetNodes = canvasNodeNames(packet.nodes);
		const imported = await n8n.importWorkflows([
			pointCredentials(letterWorkflow(), credentialIds),
			pointCredentials(trigger, credentialIds),
			packet,
		]);
		[ids.letter, ids.trigger, ids.packet] = imported.map((workflow) => workflow.id);
		editor = new N8nEditor(browser.page, n8n.baseUrl);
		await step('sign-in', async () => {
			expect(await editor.signIn(OWNER.email, OWNER.password)).toEqual({ loginStatus: 200 });
		});
		logToStderr(
			`browser-docs: n8n, Chromium and sign-in took ${Math.round((Date.now() - started) / 1000)} s`,
		);
	}, 30 * MACHINE_MINUTE);

	afterAll(async () => {
		await browser?.close();
		await n8n?.dispose();
		await sandbox?.stop();
		pdfs.dispose();
	}, 2 * MACHINE_MINUTE);

	test(
		'send-letter.png: Sent Fax → Send with a typed letter, Text Format, a cover page and the From Number picked from the list; Execute step faxes it',
		async () => {
			await browser!.page.setViewportSize(VIEWPORTS.letter);
			await step('open-letter', async () => {
				await editor.openWorkflow(ids.letter, ['Start', LETTER_NODE]);
				await editor.openNode(LETTER_NODE);
				await expectOurIcon(browser!, n8n!.baseUrl, editor.ndvHeaderIcon());
			});
			await step('letter-fields', async () => {
				expect(await editor.selectValue(editor.credentialSelect())).toBe(CREDENTIAL.name);
				expect(await editor.selectValue(editor.parameter('resource'))).toBe('Sent Fax');
				expect(await editor.selectValue(editor.parameter('operation'))).toBe('Send');
				expect(await textValue(editor, 'toNumber')).toBe(TO_NUMBER);
				expect(await editor.selectValue(editor.parameter('documentSource'))).toBe('Text');
				expect(await textValue(editor, 'text')).toBe(LETTER);
				expect(await editor.selectValue(editor.parameter('textFormat'))).toBe('Plain');
				expect(await switchIsOn(editor, 'addCoverPage')).toBe(true);
				expect(await textValue(editor, 'to')).toBe(COVER_PAGE.to);
				expect(await textValue(editor, 'subject')).toBe(COVER_PAGE.subject);
			});
			await step('pick-from-number', async () => {
				// The account's numbers come from the sandbox, through n8n (list search).
				expect(await pickFromList(editor, 'fromNumber', faxNumber)).toEqual([faxNumber]);
				// The notice on how to get a number goes once one is picked.
				await editor
					.ndv()
					.getByText('Fax Number → Provision')
					.first()
					.waitFor({ state: 'detached' });
				await noParameterIssues(editor);
			});
			const sentBefore = sentFaxes().length;
			await step('execute-step', async () => {
				const toast = toastShown(editor, 'Node executed successfully');
				await editor.ndv().getByTestId('node-execute-button').first().click();
				const output = runDataPane(editor, 'output');
				await output
					.getByText('Fax queued for delivery')
					.first()
					.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
				expect(sentFaxes()).toHaveLength(sentBefore + 1);
				const [sent] = sentFaxes().slice(sentBefore);
				expect(sent.body).toMatchObject({ from_number: faxNumber, to_number: TO_NUMBER });
				expect(sent.files.map((file) => file.filename)).toEqual(['letter.pdf']);
				// The fax is the cover page, then the letter as typed.
				const pdf = pdfs.read(sent.files[0].data);
				expect(pdf.pages).toBe(2);
				for (const row of [`To: ${COVER_PAGE.to}`, `Subject: ${COVER_PAGE.subject}`, 'Pages: 2'])
					expect(words(pdf.pageTexts[0])).toContain(row);
				expect(words(pdf.pageTexts[1])).toContain(words(LETTER));
				await showRunDataAs(editor, 'output', 'json');
				// The Manual Trigger's one empty item (Schema would say "no items were sent").
				const input = await showRunDataAs(editor, 'input', 'table');
				await input.getByText("This is an item, but it's empty.").waitFor({ state: 'visible' });
				await toast;
			});
			await step('letter-picture', async () => {
				await clearForPicture(editor);
				await picture(editor.ndv(), 'send-letter.png');
				await editor.closeNode();
			});
		},
		4 * MACHINE_MINUTE,
	);

	test(
		"trigger-production-url.png: the trigger's Webhook URLs at Production URL show <WEBHOOK_URL>/webhook/<webhookId>/fax-service",
		async () => {
			await browser!.page.setViewportSize(VIEWPORTS.trigger);
			await step('open-trigger', async () => {
				await editor.openWorkflow(ids.trigger, [TRIGGER_NODE]);
				await expect(editor.canvasNode(TRIGGER_NODE).getAttribute('data-node-type')).resolves.toBe(
					TRIGGER_TYPE,
				);
				await editor.openNode(TRIGGER_NODE);
				expect(await editor.selectValue(editor.credentialSelect())).toBe(CREDENTIAL.name);
				expect(await editor.multiSelectValues('events')).toEqual([
					'Sent Fax Completed',
					'Fax Received',
					'AI Document Completed',
				]);
				// The saved id shows as the account's number once n8n has the sandbox's options (loadOptions).
				await editor
					.parameter('registerOnFaxNumbers')
					.locator('.el-select__tags-text', { hasText: faxNumber })
					.waitFor({ state: 'visible' });
				expect(await editor.multiSelectValues('registerOnFaxNumbers')).toEqual([faxNumber]);
				await noParameterIssues(editor);
			});
			await step('production-url', async () => {
				expect(await webhookUrls(editor, 'production')).toEqual([
					{ method: 'POST', url: `${PUBLIC_URL}webhook/${WEBHOOK_ID}/fax-service` },
				]);
				// The panel's notice says where to find it, in the words the README uses.
				expect(words(await editor.ndv().getByTestId('node-parameters').innerText())).toContain(
					'click "Webhook URLs" at the top of this panel, then "Production URL"',
				);
			});
			await step('trigger-picture', async () => {
				await clearForPicture(editor);
				await picture(editor.ndv(), 'trigger-production-url.png');
				await editor.closeNode();
			});
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'preview-packet.png: the referral-packet example run with Execute workflow and its test form; Build the Packet (Preview PDF) outputs referral.pdf in binary field data, and numPages',
		async () => {
			await browser!.page.setViewportSize(VIEWPORTS.packet);
			let pages = 1; // the cover page
			// The three documents, uploaded in the example's form as the form page does (field-0 … field-2).
			const form = new FormData();
			for (const [index, name] of SAMPLES.entries()) {
				const sample = await fetch(`${sandbox!.origin}/samples/${name}`);
				expect(sample.status).toBe(200);
				const bytes = Buffer.from(await sample.arrayBuffer());
				pages += pdfs.read(bytes).pages;
				form.append(
					`field-${index}`,
					new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }),
					name,
				);
			}
			await step('open-packet', async () => {
				await editor.openWorkflow(ids.packet, packetNodes);
				expect(await n8n!.executions(ids.packet)).toEqual([]);
			});
			await step('execute-workflow', async () => {
				const toast = toastShown(editor, 'Workflow executed successfully');
				const run = await editor.executeWorkflow();
				expect([run.status, run.status === 200 ? '' : run.body]).toEqual([200, '']);
				// The editor now waits for its test form (and opens it in a tab of its own): submit it.
				const submitted = await fetch(`${n8n!.baseUrl}/form-test/referral-packet`, {
					method: 'POST',
					body: form,
				});
				expect(submitted.status).toBe(200);
				const execution = await n8n!.waitForExecution(
					ids.packet,
					(e) => e.mode === 'manual' && ranToEnd(e),
					{ what: 'the packet run, finished', timeoutMs: STEP_TIMEOUT_MS },
				);
				expect([execution.status, execution.error]).toEqual(['success', undefined]);
				const [built] = execution.items[PACKET_NODE];
				expect(built).toEqual({ ...PACKET, fileSize: expect.any(Number), numPages: pages });
				await editor
					.canvasNodeSuccess(PACKET_NODE)
					.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
				await toast;
				await clearForPicture(editor);
			});
			await step('packet-output', async () => {
				await editor.openNode(PACKET_NODE);
				expect(await editor.selectValue(editor.parameter('operation'))).toBe('Preview PDF');
				// Binary: one file in field "data", named referral.pdf.
				const output = await showRunDataAs(editor, 'output', 'binary');
				const file = output.getByTestId('ndv-binary-data_0');
				await file.waitFor({ state: 'visible' });
				expect(words(await file.innerText())).toMatch(
					/^data File Name: referral\.pdf .*Mime Type: application\/pdf /,
				);
				// Table: its json, numPages among it (what the picture shows); the input its last document.
				await showRunDataAs(editor, 'output', 'table');
				expect(await runDataTable(output)).toEqual({
					columns: ['fileName', 'mimeType', 'fileSize', 'numPages'],
					rows: [
						['referral.pdf', 'application/pdf', expect.stringMatching(/^\d+$/), String(pages)],
					],
				});
				// Its input: the fax number Find a Fax Number took (the documents come from the form).
				const input = await showRunDataAs(editor, 'input', 'table');
				expect((await runDataTable(input)).columns).toContain('number');
			});
			await step('packet-picture', async () => {
				await clearForPicture(editor);
				await picture(editor.ndv(), 'preview-packet.png');
				await editor.closeNode();
			});
		},
		4 * MACHINE_MINUTE,
	);
});
