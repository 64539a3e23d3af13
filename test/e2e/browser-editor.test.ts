/**
 * The editor a new user meets (n8n 2.41.1 in headless Chromium, the harness of browser.test.ts): a
 * new account's empty From Number list and the notice that says what to do, the send panel's order
 * (where the fax goes, then what goes), the Text hint and its link, the canvas subtitles of the three
 * nodes, the trigger's notice and its fax-number field, the node creator's "Fax Service" entry under
 * "What happens next?" and the trigger's entries in it, and the two simplest faxes done as a user does them, counting clicks, typed
 * inputs and scrolls (helpers/editor-user.ts): a letter (Document Source Text) and a PDF an earlier node
 * downloaded. Screenshots go to test/e2e/screenshots/ (git-ignored).
 */
import { existsSync } from 'fs';
import { join } from 'path';
import { randomUUID } from 'crypto';

import { startSandbox, type Sandbox } from '../../sandbox';
import { CHARACTER_RULE_URL } from '../../nodes/FaxService/actions/document/fields';
import { FaxServiceTrigger } from '../../nodes/FaxServiceTrigger/FaxServiceTrigger.node';
import {
	launchChromiumWhileStarting,
	N8nEditor,
	saveScreenshot,
	type Browser,
} from './helpers/browser';
import {
	ACTION_TYPE,
	chromiumLookup,
	describeWithChromium,
	SCREENSHOTS,
	stepRunner,
	type NodeJson,
} from './helpers/editor';
import { CountingUser } from './helpers/editor-user';
import { CREDENTIAL, pointCredentials, POLL_TRIGGER_TYPE, TRIGGER_TYPE } from './helpers/examples';
import {
	createInstance,
	ensureInstalled,
	logToStderr,
	REPO_ROOT,
	type N8nHostInstance,
	type WorkflowJson,
} from './helpers/n8n-host';
import { MACHINE_MINUTE } from '../harness/machine';

const OWNER = {
	email: 'owner@example.com',
	password: 'Owner-pass-1',
	firstName: 'Fax',
	lastName: 'Owner',
};
const TO_NUMBER = '+12125550123';
const LETTER = 'Dear colleague,\n\nplease see our patient on Monday.';
const credentials = { faxServiceApi: CREDENTIAL };
const MANUAL = {
	id: randomUUID(),
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** A new user's letter: the Send node just added with Document Source Text, nothing else filled; and the two triggers. */
function panelsWorkflow(): WorkflowJson {
	const node = (
		name: string,
		type: string,
		position: [number, number],
		parameters: Record<string, unknown>,
		extra: Record<string, unknown> = {},
	): NodeJson => ({
		id: randomUUID(),
		name,
		type,
		typeVersion: 1,
		position,
		parameters,
		credentials,
		...extra,
	});
	return {
		name: 'The editor a new user meets',
		nodes: [
			MANUAL,
			node('Send Fax', ACTION_TYPE, [260, 0], {
				resource: 'sentFax',
				operation: 'send',
				documentSource: 'text',
			}),
			node(
				'Fax Service Trigger',
				TRIGGER_TYPE,
				[0, 260],
				{ events: ['sentFax', 'receivedFax', 'aiDocument'] },
				{ webhookId: randomUUID(), typeVersion: 1.1 },
			),
			node('Fax Service Polling Trigger', POLL_TRIGGER_TYPE, [0, 520], {
				events: ['receivedFax', 'sentFax'],
			}),
		],
		connections: { Start: { main: [[{ node: 'Send Fax', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

describeWithChromium('The editor a new user meets (n8n 2.41.1, headless Chromium)', () => {
	let sandbox: Sandbox;
	let n8n: N8nHostInstance | undefined;
	let browser: Browser | undefined;
	let editor: N8nEditor;
	const ids: Record<'panels' | 'letter' | 'pdf', string> = { panels: '', letter: '', pdf: '' };
	const step = stepRunner(() => browser);
	/** The account's fax number, provisioned (as Fax Number → Provision does) when it has none. */
	const accountNumber = async (): Promise<string> => {
		const headers = {
			authorization: `Bearer ${sandbox.testKey}`,
			'content-type': 'application/json',
		};
		const listed = (await (await fetch(`${sandbox.baseUrl}/fax_numbers`, { headers })).json()) as {
			faxNumbers: Array<{ number: string }>;
		};
		if (listed.faxNumbers.length > 0) return listed.faxNumbers[0].number;
		const provisioned = await fetch(`${sandbox.baseUrl}/fax_numbers`, {
			method: 'POST',
			headers,
			body: JSON.stringify({ fax_number: { area_code: '415' } }),
		});
		expect(provisioned.status).toBe(201);
		return ((await provisioned.json()) as { faxNumber: { number: string } }).faxNumber.number;
	};
	const openPanels = async () =>
		await editor.openWorkflow(ids.panels, [
			'Start',
			'Send Fax',
			'Fax Service Trigger',
			'Fax Service Polling Trigger',
		]);
	const sentFaxes = () =>
		sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes');
	const triggerDescription = new FaxServiceTrigger().description.description;
	const searchBar = () =>
		editor.page
			.locator(
				'input[data-test-id="node-creator-search-bar"], [data-test-id="node-creator-search-bar"] input',
			)
			.first();

	beforeAll(async () => {
		if (!existsSync(join(REPO_ROOT, 'dist/nodes/FaxService/FaxService.node.js')))
			throw new Error('dist/ is missing: run `npm run build` first.');
		await ensureInstalled({ log: logToStderr });
		// A new account: no fax number yet.
		sandbox = await startSandbox({ port: 0 });
		n8n = await createInstance({ owner: OWNER, editor: true });
		browser = await launchChromiumWhileStarting(n8n, chromiumLookup.path!);
		// Saved in the running n8n over REST, as in the editor: n8n chooses the credential's id.
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
		const getPdf = {
			id: randomUUID(),
			name: 'Get PDF',
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			position: [260, 0],
			parameters: {
				url: `${sandbox.origin}/samples/referral.pdf`,
				options: { response: { response: { responseFormat: 'file', outputPropertyName: 'data' } } },
			},
		};
		const [panels, letter, pdf] = await n8n.importWorkflows([
			pointCredentials(panelsWorkflow(), { [CREDENTIAL.id]: credential.id }),
			{
				name: 'Simplest letter fax',
				nodes: [MANUAL],
				connections: {},
				settings: { executionOrder: 'v1' },
			},
			{
				name: 'Simplest PDF fax',
				nodes: [MANUAL, getPdf],
				connections: { Start: { main: [[{ node: 'Get PDF', type: 'main', index: 0 }]] } },
				settings: { executionOrder: 'v1' },
			},
		]);
		Object.assign(ids, { panels: panels.id, letter: letter.id, pdf: pdf.id });
		editor = new N8nEditor(browser.page, n8n.baseUrl);
		const { loginStatus } = await editor.signIn(OWNER.email, OWNER.password);
		expect(loginStatus).toBe(200);
	}, 30 * MACHINE_MINUTE);

	afterAll(async () => {
		await browser?.close();
		await n8n?.dispose();
		await sandbox?.stop();
	}, 2 * MACHINE_MINUTE);

	test(
		'canvas subtitles name the operation and the events, not their values',
		async () => {
			await step('subtitles', async () => {
				await openPanels();
				await editor
					.canvasNode('Send Fax')
					.getByText('Sent Fax → Send', { exact: true })
					.waitFor({ state: 'visible' });
				await editor
					.canvasNode('Fax Service Trigger')
					.getByText('Sent Fax Completed, Fax Received, AI Document Completed', { exact: true })
					.waitFor({ state: 'visible' });
				await editor
					.canvasNode('Fax Service Polling Trigger')
					.getByText('Fax Received, Sent Fax Completed', { exact: true })
					.waitFor({ state: 'visible' });
				const canvas = (await editor.page.getByTestId('canvas').innerText()).replace(/\s+/g, ' ');
				expect(canvas).not.toMatch(/send: sentFax|sentFax, receivedFax|aiDocument/);
				await saveScreenshot(editor.page, SCREENSHOTS, 'editor-subtitles.png');
			});
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'a new account: From Number first, its list empty and a notice saying how to get a number; it goes once a number is picked',
		async () => {
			const ndv = await step('open-send', async () => {
				await openPanels();
				return await editor.openNode('Send Fax');
			});
			await step('order', async () => {
				const top = async (name: string) => (await editor.parameterItem(name).boundingBox())!.y;
				const [from, to, source, text] = [
					await top('fromNumber'),
					await top('toNumber'),
					await top('documentSource'),
					await top('text'),
				];
				expect(from < to && to < source && source < text).toBe(true);
			});
			const notice = ndv
				.locator('.notice, [class*="notice"]')
				.filter({ hasText: 'Fax Number → Provision' })
				.first();
			await step('empty-list-and-notice', async () => {
				await notice.waitFor({ state: 'visible' });
				expect((await notice.innerText()).replace(/\s+/g, ' ')).toContain(
					'A new account has none yet: add one with the Fax Number → Provision operation, then pick it here.',
				);
				await saveScreenshot(ndv, SCREENSHOTS, 'editor-send-new-account.png');
				const answered = editor.page.waitForResponse((r) =>
					r.url().includes('/rest/dynamic-node-parameters/resource-locator-results'),
				);
				await editor.resourceLocator('fromNumber').getByTestId('rlc-input').click();
				const answer = await answered;
				expect({
					status: answer.status(),
					results: ((await answer.json()) as { data?: { results?: unknown[] } }).data?.results,
				}).toEqual({ status: 200, results: [] });
				await editor.page
					.getByText('No results', { exact: true })
					.first()
					.waitFor({ state: 'visible' });
				await saveScreenshot(ndv, SCREENSHOTS, 'editor-send-new-account-list.png');
			});
			await step('text-hint', async () => {
				const hint = editor
					.parameterItem('text')
					.locator('a', { hasText: 'which characters print' });
				// The README's section on characters and fonts (test/package/docs.test.ts: it exists).
				expect(await hint.getAttribute('href')).toBe(CHARACTER_RULE_URL);
				const itemText = await editor.parameterItem('text').innerText();
				expect(itemText).toContain('With the standard font: Latin letters');
				expect(itemText).toContain('choose a TrueType font in Letter Font');
				expect(itemText).not.toMatch(/1252|WinAnsi/i);
			});
			await step('execute-without-number', async () => {
				// n8n's own check stops the run before the node runs (From Number stays required: the canvas and
				// Publish warn too); what to do is in the notice right below the field.
				const sent = sentFaxes().length;
				await editor.ndv().getByTestId('node-execute-button').first().click();
				const refused = editor.page
					.locator('.el-notification:visible')
					.filter({ hasText: 'Workflow execution cannot start' })
					.first();
				await refused.waitFor({ state: 'visible' });
				expect(await refused.innerText()).toContain('Parameter "From Number" is required.');
				expect(await notice.isVisible()).toBe(true);
				await saveScreenshot(editor.page, SCREENSHOTS, 'editor-send-empty-from-number.png');
				await refused.locator('.el-notification__closeBtn').click();
				await refused.waitFor({ state: 'hidden' });
				expect(sentFaxes()).toHaveLength(sent);
			});
			await step('pick-number', async () => {
				// The user provisions a number (Fax Number → Provision), then picks it.
				const number = await accountNumber();
				// The list (closed by Execute step) says "No results" until a search asks the account again.
				await editor.resourceLocator('fromNumber').getByTestId('rlc-input').click();
				await editor.page.getByTestId('rlc-search').waitFor({ state: 'visible' });
				expect(await editor.searchResourceLocatorList(number.slice(-4))).toEqual({
					items: [number],
					filterSent: number.slice(-4),
				});
				await editor.page
					.locator('[data-test-id="rlc-item"]:visible')
					.filter({ hasText: number })
					.click();
				await notice.waitFor({ state: 'detached' });
				await editor.closeNode();
			});
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'the trigger\'s notice names what the editor shows and where the Production URL is; its field reads "Inbound Fax Number Names or IDs"',
		async () => {
			const ndv = await step('open-trigger', async () => {
				await openPanels();
				return await editor.openNode('Fax Service Trigger');
			});
			await step('trigger-words', async () => {
				const text = (await ndv.innerText()).replace(/\s+/g, ' ');
				expect(text).toContain(
					'click "Webhook URLs" at the top of this panel, then "Production URL"',
				);
				expect(text).toContain('(Sent Fax → Send, under Additional Fields)');
				expect(text).toContain('(AI Document → Upload)');
				expect(text).toContain('Webhook URLs');
				expect(text).toContain('Inbound Fax Number Names or IDs');
				expect(text).not.toMatch(/"Send Fax"|"Upload AI Document"|\(above\)|Register on/);
				// The whole label shows (the panel cuts a longer one short with "…").
				const label = editor
					.parameterItem('registerOnFaxNumbers')
					.getByText('Inbound Fax Number Names or IDs', { exact: true })
					.first();
				const cut = await label.evaluate((element) => {
					type El = {
						scrollWidth: number;
						clientWidth: number;
						parentElement: El | null;
						getAttribute(name: string): string | null;
					};
					const { getComputedStyle } = globalThis as unknown as {
						getComputedStyle(e: El): { overflowX: string; textOverflow: string };
					};
					// The label and every box around it up to the parameter's row that clips its content.
					for (
						let el: El | null = element as unknown as El;
						el && el.getAttribute('data-test-id') !== 'parameter-item';
						el = el.parentElement
					) {
						const style = getComputedStyle(el);
						if (
							(style.overflowX !== 'visible' || style.textOverflow === 'ellipsis') &&
							el.scrollWidth > el.clientWidth
						)
							return true;
					}
					return false;
				});
				expect(cut).toBe(false);
				await saveScreenshot(ndv, SCREENSHOTS, 'editor-trigger.png');
				await editor.closeNode();
			});
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'the simplest letter fax: from a Manual Trigger, through "What happens next?" (the Fax Service entry describes the node), to the fax sent',
		async () => {
			await step('open-letter', async () => await editor.openWorkflow(ids.letter, ['Start']));
			const user = new CountingUser(editor.page);
			const sentBefore = sentFaxes().length;
			let description = '';
			await step('node-creator', async () => {
				await user.click(
					editor.canvasNode('Start').getByTestId('canvas-handle-plus').first(),
					"the Manual Trigger's +",
				);
				const creator = editor.page.getByTestId('node-creator');
				await creator.getByText('What happens next?').first().waitFor({ state: 'visible' });
				await user.type(searchBar(), 'Fax Service', 'the search');
				const entry = creator
					.locator(
						'[data-test-id="node-creator-action-item"], [data-test-id="node-creator-node-item"]',
					)
					.filter({ hasText: 'Fax Service' })
					.first();
				description = (await entry.getByTestId('node-creator-item-description').innerText()).trim();
				await saveScreenshot(creator, SCREENSHOTS, 'editor-node-creator.png');
				await user.click(entry, 'Fax Service');
				await creator
					.getByText('Send a fax', { exact: true })
					.first()
					.waitFor({ state: 'visible' });
				await user.click(creator.getByText('Send a fax', { exact: true }).first(), 'Send a fax');
				await editor.ndv().getByTestId('node-parameters').waitFor({ state: 'visible' });
			});
			await fillAndSend(user, true);
			expect(sentFaxes()).toHaveLength(sentBefore + 1);
			expect(
				sentFaxes()
					.at(-1)!
					.files.map((file) => file.filename),
			).toEqual(['letter.pdf']);
			logToStderr(`browser-editor: the simplest letter fax: ${user.summary()}`);
			expect(user.effort).toMatchObject({ clicks: 8, typedInputs: 3, scrolls: 0 });
			// n8n lists the node and the trigger as one entry and shows the trigger's description for it (see the trigger's description).
			expect(description).toBe(triggerDescription);
			expect(description).not.toContain('Starts the workflow');
		},
		4 * MACHINE_MINUTE,
	);

	test(
		'the simplest PDF fax: a PDF the node before it downloaded (Binary File, its field "data"), to the fax sent',
		async () => {
			await step('open-pdf', async () => await editor.openWorkflow(ids.pdf, ['Start', 'Get PDF']));
			const user = new CountingUser(editor.page);
			const sentBefore = sentFaxes().length;
			await step('node-creator', async () => {
				await user.click(
					editor.canvasNode('Get PDF').getByTestId('canvas-handle-plus').first(),
					"Get PDF's +",
				);
				await user.type(searchBar(), 'Fax Service', 'the search');
				const creator = editor.page.getByTestId('node-creator');
				await user.click(
					creator
						.locator(
							'[data-test-id="node-creator-action-item"], [data-test-id="node-creator-node-item"]',
						)
						.filter({ hasText: 'Fax Service' })
						.first(),
					'Fax Service',
				);
				await user.click(creator.getByText('Send a fax', { exact: true }).first(), 'Send a fax');
				await editor.ndv().getByTestId('node-parameters').waitFor({ state: 'visible' });
			});
			await fillAndSend(user, false);
			expect(sentFaxes()).toHaveLength(sentBefore + 1);
			expect(
				sentFaxes()
					.at(-1)!
					.files.map((file) => file.filename),
			).toEqual(['referral.pdf']);
			logToStderr(`browser-editor: the simplest PDF fax: ${user.summary()}`);
			expect(user.effort).toMatchObject({ clicks: 6, typedInputs: 2, scrolls: 0 });
		},
		4 * MACHINE_MINUTE,
	);

	test(
		'the node creator lists the trigger\'s events in words: "On AI document completed", not "On ai document completed"',
		async () => {
			await step('open-for-triggers', async () => await openPanels());
			await step('trigger-entries', async () => {
				await editor
					.canvasNode('Fax Service Polling Trigger')
					.getByTestId('canvas-handle-plus')
					.first()
					.click();
				await searchBar().fill('Fax Service');
				const creator = editor.page.getByTestId('node-creator');
				await creator
					.locator(
						'[data-test-id="node-creator-action-item"], [data-test-id="node-creator-node-item"]',
					)
					.filter({ hasText: 'Fax Service' })
					.first()
					.click();
				await creator
					.getByText(/^Triggers \(3\)$/)
					.first()
					.click();
				await creator
					.getByText('On AI document completed', { exact: true })
					.first()
					.waitFor({ state: 'visible' });
				const text = (await creator.innerText()).replace(/\s+/g, ' ');
				expect(text).toMatch(/On AI document completed.*On fax received.*On sent fax completed/);
				expect(text).not.toMatch(/On ai document/);
				await saveScreenshot(creator, SCREENSHOTS, 'editor-node-creator-triggers.png');
				await editor.page.keyboard.press('Escape');
				await creator.waitFor({ state: 'hidden' });
			});
		},
		3 * MACHINE_MINUTE,
	);

	/**
	 * Fills the fields as a user reads the panel, top to bottom: From Number (the account's one number),
	 * To Number and, for a letter, Document Source → Text and the Text (each field the one highest in the
	 * panel of those still to do, measured before each step: the panel changes as fields are set), then
	 * Execute step; waits for the fax.
	 */
	async function fillAndSend(user: CountingUser, letter: boolean): Promise<void> {
		await accountNumber();
		const before = sentFaxes().length;
		const fields: Record<string, () => Promise<void>> = {
			fromNumber: async () => {
				await user.click(
					editor.resourceLocator('fromNumber').getByTestId('rlc-input'),
					'From Number',
				);
				await user.click(
					editor.page.locator('[data-test-id="rlc-item"]:visible').first(),
					'the number',
				);
			},
			toNumber: async () =>
				await user.type(
					editor.parameter('toNumber').locator('input').first(),
					TO_NUMBER,
					'To Number',
				),
		};
		if (letter) {
			fields.documentSource = async () => {
				await user.click(editor.parameter('documentSource'), 'Document Source');
				await user.click(editor.visibleOptions().filter({ hasText: /^Text/ }).first(), 'Text');
			};
			fields.text = async () =>
				await user.type(editor.parameter('text').locator('textarea').first(), LETTER, 'Text');
		}
		await step('fields', async () => {
			while (Object.keys(fields).length > 0) {
				let next = '';
				let nextTop = Infinity;
				for (const name of Object.keys(fields)) {
					const box =
						(await editor.parameterItem(name).count()) > 0
							? await editor.parameterItem(name).first().boundingBox()
							: null;
					if (box && box.y < nextTop) [next, nextTop] = [name, box.y];
				}
				if (!next) throw new Error(`None of ${Object.keys(fields).join(', ')} is in the panel.`);
				await fields[next]();
				delete fields[next];
			}
		});
		await step('execute', async () => {
			await user.click(editor.ndv().getByTestId('node-execute-button').first(), 'Execute step');
			// The sandbox got the fax, and the panel shows the node's answer.
			for (const until = Date.now() + 2 * MACHINE_MINUTE; sentFaxes().length === before; ) {
				if (Date.now() > until)
					throw new Error('The sandbox got no fax within 2 minutes of Execute step.');
				await new Promise((resolve) => setTimeout(resolve, 200));
			}
			await editor.page
				.getByText('Fax queued for delivery', { exact: true })
				.first()
				.waitFor({ state: 'visible', timeout: MACHINE_MINUTE });
			expect(sentFaxes().length).toBe(before + 1);
			expect(sentFaxes().at(-1)!.body).toMatchObject({ to_number: TO_NUMBER });
			await saveScreenshot(editor.page, SCREENSHOTS, `editor-sent-${before}.png`);
			await editor.closeNode();
		});
	}
});
