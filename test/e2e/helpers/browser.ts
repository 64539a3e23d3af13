/**
 * Headless Chromium for the browser end-to-end test, driven by playwright-core (no browser download:
 * the system's Chromium, e.g. Debian's `chromium` package), and a small page object of the n8n 2.x
 * editor. Selectors are n8n's own `data-test-id` attributes (the ones n8n's Playwright suite uses),
 * checked against the editor of the n8n version the harness installs (2.41.1).
 */
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, statSync } from 'fs';
import { tmpdir } from 'os';
import { delimiter, join } from 'path';

import { chromium, selectors, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { ceiling } from '../../harness/machine';

// n8n marks its elements with data-test-id (not Playwright's default data-testid).
selectors.setTestIdAttribute('data-test-id');

/** Flags for a closed network: without the background-networking ones Chromium keeps dialling out. */
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];
const CHROMIUM_PATHS = [
	'/usr/bin/chromium',
	'/usr/lib/chromium/chromium',
	'/usr/bin/chromium-browser',
];

function isExecutable(file: string): boolean {
	try {
		accessSync(file, constants.X_OK);
		return statSync(file).isFile();
	} catch {
		return false;
	}
}

export interface ChromiumLookup {
	/** The executable, or null when none was found. */
	path: string | null;
	/** Where it was looked for, for the skip message. */
	lookedFor: string;
}

/**
 * The Chromium to drive: CHROMIUM_PATH when set (it must then exist: a wrong path is an error, not a
 * skip), else /usr/bin/chromium (Debian's package) and the usual names on PATH.
 */
export function findChromium(): ChromiumLookup {
	const explicit = process.env.CHROMIUM_PATH;
	if (explicit) {
		if (!isExecutable(explicit))
			throw new Error(`CHROMIUM_PATH=${explicit} is not an executable file.`);
		return { path: explicit, lookedFor: `CHROMIUM_PATH=${explicit}` };
	}
	const pathDirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
	const candidates = [
		...CHROMIUM_PATHS,
		...CHROMIUM_NAMES.flatMap((name) => pathDirs.map((dir) => join(dir, name))),
	];
	const lookedFor = `${CHROMIUM_PATHS.join(', ')}, and ${CHROMIUM_NAMES.join(', ')} on PATH; CHROMIUM_PATH is not set`;
	return { path: candidates.find(isExecutable) ?? null, lookedFor };
}

export interface Browser {
	context: BrowserContext;
	page: Page;
	/** Console errors, failed requests and page errors seen so far (for failure messages). */
	diagnostics: string[];
	close(): Promise<void>;
}

/** Launches Chromium headless with a fresh profile in a temporary folder (removed by close()). */
export async function launchChromium(executablePath: string): Promise<Browser> {
	const userDataDir = mkdtempSync(join(tmpdir(), 'fax-service-chromium-'));
	let context: BrowserContext;
	try {
		context = await chromium.launchPersistentContext(userDataDir, {
			executablePath,
			headless: true,
			args: CHROMIUM_ARGS,
			viewport: { width: 1600, height: 1000 },
			// Light theme: n8n shows the light variant of a node's icon (icons/fax-service.svg).
			colorScheme: 'light',
			locale: 'en-US',
			timezoneId: 'UTC',
			timeout: ceiling(60_000),
		});
	} catch (error) {
		rmSync(userDataDir, { recursive: true, force: true });
		throw error;
	}
	context.setDefaultTimeout(ceiling(30_000));
	context.setDefaultNavigationTimeout(ceiling(60_000));
	const page = context.pages()[0] ?? (await context.newPage());
	const diagnostics: string[] = [];
	const note = (line: string) => {
		diagnostics.push(line);
		if (diagnostics.length > 200) diagnostics.shift();
	};
	page.on('console', (message) => {
		if (message.type() === 'error') note(`console.error: ${message.text().slice(0, 500)}`);
	});
	page.on('pageerror', (error) => note(`page error: ${error.message.slice(0, 500)}`));
	page.on('requestfailed', (request) => {
		const reason = request.failure()?.errorText ?? '';
		// Navigations abort the previous page's pending requests: not a problem.
		if (reason !== 'net::ERR_ABORTED')
			note(`request failed: ${request.method()} ${request.url()} ${reason}`);
	});
	return {
		context,
		page,
		diagnostics,
		async close() {
			await context.close().catch(() => undefined);
			rmSync(userDataDir, { recursive: true, force: true });
		},
	};
}

/**
 * Launches Chromium while `n8n` starts (each takes seconds of its own). When either fails, what did
 * start of Chromium is closed and the failure thrown; the caller disposes of n8n as it always does.
 */
export async function launchChromiumWhileStarting(
	n8n: { start(): Promise<unknown> },
	executablePath: string,
): Promise<Browser> {
	const [launched, started] = await Promise.allSettled([
		launchChromium(executablePath),
		n8n.start(),
	]);
	if (started.status === 'rejected') {
		if (launched.status === 'fulfilled') await launched.value.close();
		throw started.reason;
	}
	if (launched.status === 'rejected') throw launched.reason;
	return launched.value;
}

/** Saves a screenshot (of an element, or the whole page), creating the folder. Resolves the path. */
export async function saveScreenshot(
	target: Page | Locator,
	folder: string,
	fileName: string,
): Promise<string> {
	mkdirSync(folder, { recursive: true });
	const file = join(folder, fileName);
	await target.screenshot({ path: file, animations: 'disabled' });
	return file;
}

/** CSS attribute selector value, quoted and escaped. */
const cssString = (value: string) => JSON.stringify(value);

export interface ImageState {
	src: string;
	complete: boolean;
	naturalWidth: number;
	naturalHeight: number;
}

/** The src and load state of an <img>. */
export async function imageState(img: Locator): Promise<ImageState> {
	return await img.evaluate(
		(element: {
			getAttribute(name: string): string | null;
			complete: boolean;
			naturalWidth: number;
			naturalHeight: number;
		}) => ({
			src: element.getAttribute('src') ?? '',
			complete: element.complete,
			naturalWidth: element.naturalWidth,
			naturalHeight: element.naturalHeight,
		}),
	);
}

/** Waits until an <img> finished loading (successfully or not) and resolves its state. */
export async function waitForImage(img: Locator, timeoutMs = ceiling(30_000)): Promise<ImageState> {
	const handle = await img.elementHandle({ timeout: timeoutMs });
	await img
		.page()
		.waitForFunction((element) => (element as unknown as { complete: boolean }).complete, handle, {
			timeout: timeoutMs,
		});
	return await imageState(img);
}

/**
 * The n8n editor (2.x), as far as the test drives it. Everything waits on n8n's data-test-id
 * elements; no fixed sleeps.
 */
export class N8nEditor {
	constructor(
		readonly page: Page,
		readonly baseUrl: string,
	) {}

	/** Signs in through the real login form; resolves once the editor left /signin. */
	async signIn(email: string, password: string): Promise<{ loginStatus: number }> {
		const { page } = this;
		await page.goto(`${this.baseUrl}/signin`);
		const emailField = page.getByTestId('emailOrLdapLoginId').locator('input');
		await emailField.waitFor({ state: 'visible', timeout: ceiling(60_000) });
		await emailField.fill(email);
		await page.getByTestId('password').locator('input').fill(password);
		const login = page.waitForResponse(
			(response) =>
				new URL(response.url()).pathname === '/rest/login' &&
				response.request().method() === 'POST',
		);
		await page.getByTestId('form-submit-button').click();
		const response = await login;
		await page.waitForURL((url) => !url.pathname.startsWith('/signin'), {
			timeout: ceiling(60_000),
		});
		return { loginStatus: response.status() };
	}

	/** Opens a workflow in the editor and waits until the named nodes are on the canvas. */
	async openWorkflow(workflowId: string, nodeNames: string[]): Promise<void> {
		await this.page.goto(`${this.baseUrl}/workflow/${workflowId}`);
		await this.page.getByTestId('canvas').waitFor({ state: 'visible', timeout: ceiling(60_000) });
		for (const name of nodeNames)
			await this.canvasNode(name).waitFor({ state: 'visible', timeout: ceiling(60_000) });
	}

	canvasNodes(): Locator {
		return this.page.getByTestId('canvas-node');
	}

	canvasNode(name: string): Locator {
		return this.page.locator(`[data-test-id="canvas-node"][data-node-name=${cssString(name)}]`);
	}

	/** The <img> n8n renders for a file: icon of a canvas node. */
	canvasNodeIcon(name: string): Locator {
		return this.canvasNode(name).locator('.n8n-node-icon img');
	}

	/** The canvas's "Execute workflow" button (n8n shows it loading, without its label, while a run is under way). */
	executeWorkflowButton(): Locator {
		return this.page.locator('[data-test-id="execute-workflow-button"]:visible').first();
	}

	/**
	 * Clicks "Execute workflow" on the canvas; resolves n8n's answer to the editor's run request
	 * (POST /rest/workflows/<id>/run) and the execution id it reported.
	 */
	async executeWorkflow(): Promise<{
		status: number;
		executionId: string | undefined;
		body: string;
	}> {
		const run = this.page.waitForResponse(
			(r) =>
				r.request().method() === 'POST' &&
				/\/rest\/workflows\/[^/]+\/run$/.test(new URL(r.url()).pathname),
		);
		run.catch(() => undefined); // awaited below; no unhandled rejection if the click throws
		await this.executeWorkflowButton().click();
		const response = await run;
		const body = await response.text();
		let executionId: string | undefined;
		try {
			const id = (JSON.parse(body) as { data?: { executionId?: unknown } }).data?.executionId;
			executionId = id === undefined || id === null ? undefined : String(id);
		} catch {
			// not JSON: the status and body say why
		}
		return { status: response.status(), executionId, body };
	}

	/**
	 * Settings → Community Nodes → Install: opens the page (no package installed yet: its empty state's
	 * install button), enters the package name, accepts the risk notice and installs. Resolves n8n's
	 * answer to the editor's POST /rest/community-packages and the installed package's card.
	 */
	async installCommunityPackage(
		name: string,
	): Promise<{ status: number; body: string; card: Locator }> {
		const { page } = this;
		await page.goto(`${this.baseUrl}/settings/community-nodes`);
		await page
			.getByRole('button', { name: /install/i })
			.first()
			.click({ timeout: ceiling(60_000) });
		const nameField = page
			.locator(
				'[data-test-id="package-name-input"] input, input[data-test-id="package-name-input"]',
			)
			.first();
		await nameField.fill(name, { timeout: ceiling(30_000) });
		await page.getByTestId('user-agreement-checkbox').click();
		const install = page.waitForResponse(
			(r) =>
				r.request().method() === 'POST' && new URL(r.url()).pathname === '/rest/community-packages',
			{ timeout: ceiling(180_000) },
		);
		install.catch(() => undefined); // awaited below
		await page.getByTestId('install-community-package-button').click();
		const response = await install;
		const card = page.getByTestId('community-package-card').filter({ hasText: name });
		await card.waitFor({ state: 'visible', timeout: ceiling(60_000) });
		// The modal closes once the install is done.
		await page
			.getByTestId('install-community-package-button')
			.waitFor({ state: 'hidden', timeout: ceiling(60_000) });
		return { status: response.status(), body: await response.text(), card };
	}

	/** n8n's check mark on a canvas node that ran successfully in the editor. */
	canvasNodeSuccess(name: string): Locator {
		return this.canvasNode(name).getByTestId('canvas-node-status-success');
	}

	ndv(): Locator {
		return this.page.getByTestId('ndv');
	}

	/** Opens a node's details view (NDV) by double-clicking it on the canvas. */
	async openNode(name: string): Promise<Locator> {
		if (await this.ndv().isVisible()) await this.closeNode();
		const node = this.canvasNode(name);
		await node.waitFor({ state: 'visible' });
		await node.dblclick();
		const ndv = this.ndv();
		await ndv.waitFor({ state: 'visible' });
		await ndv
			.getByTestId('node-title-container')
			.filter({ hasText: name })
			.waitFor({ state: 'visible' });
		await ndv.getByTestId('node-parameters').waitFor({ state: 'visible' });
		return ndv;
	}

	async closeNode(): Promise<void> {
		await this.ndv().getByTestId('ndv-close-button').click();
		await this.ndv().waitFor({ state: 'hidden' });
	}

	/** The NDV header's node icon (the <img> in the header, left of the title). */
	ndvHeaderIcon(): Locator {
		return this.ndv().locator('img').first();
	}

	parameter(name: string): Locator {
		return this.ndv().getByTestId(`parameter-input-${name}`);
	}

	/** Text shown by a select-type parameter (options, credential). */
	async selectValue(select: Locator): Promise<string> {
		const input = select.locator('input').first();
		await input.waitFor({ state: 'visible' });
		return await input.inputValue();
	}

	/** Chips of a multiOptions parameter. */
	async multiSelectValues(name: string): Promise<string[]> {
		const tags = this.parameter(name).locator('.el-select__tags-text');
		await tags.first().waitFor({ state: 'visible' });
		return (await tags.allTextContents()).map((text) => text.trim()).filter(Boolean);
	}

	credentialSelect(): Locator {
		return this.ndv().getByTestId('node-credentials-select');
	}

	/** The open dropdown's options (Element Plus renders them teleported, role=option). */
	visibleOptions(): Locator {
		return this.page.locator('.el-popper:visible [role="option"]');
	}

	/**
	 * Opens a select-type parameter's dropdown and waits until `option` (a locator of the open
	 * dropdown's options) is visible. Waits first while n8n keeps the select disabled: it does so while
	 * loadOptions runs, and a click then only focuses it.
	 */
	async openSelectUntil(name: string, option: Locator): Promise<void> {
		const parameter = this.parameter(name);
		await parameter.locator('.el-select').first().waitFor({ state: 'visible' });
		await parameter.locator('.el-select--disabled').waitFor({ state: 'detached' });
		await parameter.click();
		await option.waitFor({ state: 'visible' });
	}

	/**
	 * Opens a select-type parameter's dropdown, waits until it shows `expectAtLeast` options and
	 * resolves their texts (dropdown left open).
	 */
	async openSelect(name: string, expectAtLeast = 1): Promise<string[]> {
		const options = this.visibleOptions();
		await this.openSelectUntil(name, options.nth(expectAtLeast - 1));
		return (await options.allTextContents()).map((text) => text.trim());
	}

	/** Closes an open select dropdown by clicking its input again. */
	async closeSelect(name: string): Promise<void> {
		await this.parameter(name).locator('input').first().click();
		await this.page.locator('.el-select__popper:visible').waitFor({ state: 'hidden' });
	}

	resourceLocator(name: string): Locator {
		return this.ndv().getByTestId(`resource-locator-${name}`);
	}

	/** The parameter's row: label, Fixed/Expression switch and input. */
	parameterItem(name: string): Locator {
		// `has` is matched inside each item: a page-rooted locator, not one under the NDV.
		return this.ndv()
			.getByTestId('parameter-item')
			.filter({ has: this.page.getByTestId(`parameter-input-${name}`) });
	}

	/**
	 * Opens a resource locator's "From list" dropdown and resolves the listed items' texts once n8n's
	 * list search answered (dropdown left open). When the workflow set the parameter to an expression
	 * or another mode, switches it to Fixed and "From list" first, as a user would (n8n autosaves the
	 * change).
	 */
	async openResourceLocatorList(name: string): Promise<string[]> {
		const { page } = this;
		const item = this.parameterItem(name);
		const locator = this.resourceLocator(name);
		await locator.waitFor({ state: 'visible' });
		if ((await this.parameter(name).getByTestId('inline-expression-editor-input').count()) > 0) {
			// The Fixed/Expression switch shows while the pointer is over the parameter.
			await item.hover();
			await item.getByTestId('radio-button-fixed').click();
			await this.parameter(name)
				.getByTestId('inline-expression-editor-input')
				.waitFor({ state: 'detached' });
		}
		const modeSelector = locator.getByTestId('rlc-mode-selector');
		if (!/list/i.test(await this.selectValue(modeSelector))) {
			await modeSelector.click();
			await page.locator('[data-test-id="mode-list"]:visible').click();
			await page.waitForFunction((selector) => {
				const { document } = globalThis as unknown as {
					document: { querySelector(css: string): { value?: string } | null };
				};
				return /list/i.test(document.querySelector(selector)?.value ?? '');
			}, `[data-test-id="resource-locator-${name}"] [data-test-id="rlc-mode-selector"] input`);
		}
		const results = this.waitForListSearch();
		results.catch(() => undefined); // awaited below; no unhandled rejection if the click throws
		await locator.getByTestId('rlc-input').click();
		await results;
		return await this.resourceLocatorItems();
	}

	/**
	 * Types into the open resource-locator dropdown's search box; resolves the items once n8n answered,
	 * and the filter n8n passed to the node's list-search method.
	 */
	async searchResourceLocatorList(
		filter: string,
	): Promise<{ items: string[]; filterSent: unknown }> {
		const results = this.waitForListSearch();
		results.catch(() => undefined);
		await this.page.getByTestId('rlc-search').fill(filter);
		const { filter: filterSent } = await results;
		return { items: await this.resourceLocatorItems(), filterSent };
	}

	private async resourceLocatorItems(): Promise<string[]> {
		const items = this.page.locator('[data-test-id="rlc-item"]:visible');
		await items.first().waitFor({ state: 'visible' });
		return (await items.allTextContents()).map((text) => text.trim());
	}

	/**
	 * Waits for n8n's answer to the next list search (POST /rest/dynamic-node-parameters/resource-locator-results);
	 * fails unless 200. Resolves the request's method name and filter.
	 */
	private async waitForListSearch(): Promise<{ methodName: unknown; filter: unknown }> {
		const response = await this.page.waitForResponse((r) =>
			r.url().includes('/rest/dynamic-node-parameters/resource-locator-results'),
		);
		if (response.status() !== 200)
			throw new Error(
				`n8n answered ${response.status()} to the list search: ${await response.text()}`,
			);
		const body = (response.request().postDataJSON() ?? {}) as {
			methodName?: unknown;
			filter?: unknown;
		};
		return { methodName: body.methodName, filter: body.filter };
	}
}
