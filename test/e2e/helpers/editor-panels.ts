/**
 * What browser-docs.test.ts reads in and does to the n8n 2.x node panel (NDV) beyond the page object
 * of browser.ts: a field's value, a switch's state, picking a resource-locator item, the display mode
 * of the input and output panes and a table's rows, the "Webhook URLs" section of a webhook node, and
 * a page cleared for a picture (toasts closed, the pointer off the panel). Selectors are n8n's
 * data-test-ids, checked against n8n 2.41.1; every step waits for an element or a state, never a time.
 */
import type { Locator } from 'playwright-core';

import type { N8nEditor } from './browser';
import { ceiling } from '../../harness/machine';

export type RunDataPane = 'input' | 'output';
export type RunDataMode = 'schema' | 'table' | 'json' | 'binary';

/** The input pane (its data-test-id differs from the output pane's). */
export const runDataPane = (editor: N8nEditor, pane: RunDataPane): Locator =>
	editor.ndv().getByTestId(pane === 'input' ? 'ndv-input-panel' : 'output-panel');

/** The value in a text or textarea parameter. */
export async function textValue(editor: N8nEditor, name: string): Promise<string> {
	const field = editor.parameter(name).getByTestId('parameter-input-field').first();
	await field.waitFor({ state: 'visible' });
	return await field.inputValue();
}

/** Whether a boolean parameter's switch is on. */
export async function switchIsOn(editor: N8nEditor, name: string): Promise<boolean> {
	const input = editor.parameter(name).getByRole('switch');
	await input.waitFor({ state: 'attached' });
	return (await input.getAttribute('aria-checked')) === 'true';
}

/**
 * Opens a resource locator's list, clicks the item that reads `item` and waits until the field shows
 * it; resolves what the list offered.
 */
export async function pickFromList(
	editor: N8nEditor,
	name: string,
	item: string,
): Promise<string[]> {
	const listed = await editor.openResourceLocatorList(name);
	await editor.page.locator('[data-test-id="rlc-item"]:visible').filter({ hasText: item }).click();
	await editor.page
		.locator('[data-test-id="rlc-item"]:visible')
		.first()
		.waitFor({ state: 'hidden' });
	const field = editor.resourceLocator(name).getByTestId('rlc-input');
	await editor.page.waitForFunction(
		([element, wanted]) => (element as unknown as { value: string }).value === wanted,
		[await field.elementHandle(), item] as const,
	);
	return listed;
}

/** Waits until no field of the panel shows n8n's issue mark (a required field empty, a value not among the options). */
export async function noParameterIssues(editor: N8nEditor): Promise<void> {
	await editor.ndv().getByTestId('parameter-issues').first().waitFor({ state: 'detached' });
	expect(await editor.ndv().getByTestId('parameter-issues').count()).toBe(0);
}

/** Shows a pane's run data as Schema, Table, JSON or Binary and waits until the pane says so. */
export async function showRunDataAs(
	editor: N8nEditor,
	pane: RunDataPane,
	mode: RunDataMode,
): Promise<Locator> {
	const panel = runDataPane(editor, pane);
	const button = panel.getByTestId('ndv-run-data-display-mode').getByTestId(`radio-button-${mode}`);
	await button.click();
	await panel
		.locator(`[data-test-id="radio-button-${mode}"][aria-checked="true"]`)
		.waitFor({ state: 'visible' });
	return panel;
}

/** A pane's table (display mode Table): its column names and each row's cells, trimmed. */
export async function runDataTable(
	panel: Locator,
): Promise<{ columns: string[]; rows: string[][] }> {
	const table = panel.locator('table').first();
	await table.locator('tbody tr').first().waitFor({ state: 'visible' });
	const texts = async (cells: Locator) =>
		(await cells.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
	const rows: string[][] = [];
	for (const row of await table.locator('tbody tr').all())
		rows.push(await texts(row.locator('td')));
	return { columns: await texts(table.locator('thead th')), rows };
}

/**
 * Opens the "Webhook URLs" section at the top of a webhook node's panel (when closed), switches it
 * to the Test or Production URL and resolves the URLs it shows with their HTTP method.
 */
export async function webhookUrls(
	editor: N8nEditor,
	which: 'test' | 'production',
): Promise<Array<{ method: string; url: string }>> {
	const ndv = editor.ndv();
	const toggle = ndv.getByTestId(`radio-button-${which}`);
	if (!(await toggle.isVisible()))
		await ndv.locator('.headline.clickable').filter({ hasText: 'Webhook URLs' }).click();
	await toggle.click();
	await ndv
		.locator(`[data-test-id="radio-button-${which}"][aria-checked="true"]`)
		.waitFor({ state: 'visible' });
	const urls = ndv.locator('.webhook-url');
	await urls.first().waitFor({ state: 'visible' });
	const found: Array<{ method: string; url: string }> = [];
	// Each URL is in a .webhook-wrapper, after its HTTP method (.http-method) when n8n shows one.
	for (const wrapper of await ndv.locator('.webhook-wrapper:has(.webhook-url)').all()) {
		const method = wrapper.locator('.http-method');
		found.push({
			method: (await method.count()) > 0 ? (await method.innerText()).trim() : '',
			url: (await wrapper.locator('.webhook-url').innerText()).trim(),
		});
	}
	return found;
}

/**
 * Watches for a toast from now on: start it before the click that runs something, await it after the
 * run's checks. A success toast closes by itself after a few seconds, so looking for it only after
 * slow checks (a loaded machine) found it gone.
 */
export function toastShown(
	editor: N8nEditor,
	text: string,
	timeoutMs = ceiling(60_000),
): Promise<void> {
	const shown = editor.page
		.locator('.el-notification:visible')
		.filter({ hasText: text })
		.first()
		.waitFor({ state: 'visible', timeout: timeoutMs });
	// Awaited later by the caller; until then a timeout is no unhandled rejection.
	shown.catch(() => undefined);
	return shown;
}

/**
 * Ready for a picture: closes every toast (a toast the run showed: toastShown) and moves the pointer
 * off the panel (a hovered field shows its Fixed/Expression switch).
 */
export async function clearForPicture(
	editor: N8nEditor,
	{ timeoutMs = ceiling(60_000) }: { timeoutMs?: number } = {},
): Promise<void> {
	const { page } = editor;
	const visible = page.locator('.el-notification:visible');
	const until = Date.now() + timeoutMs;
	for (let count = await visible.count(); count > 0; count = await visible.count()) {
		if (Date.now() > until)
			throw new Error(`Toasts still shown: ${JSON.stringify(await visible.allInnerTexts())}`);
		// A toast may close by itself meanwhile: then the click has nothing to do.
		await visible
			.first()
			.locator('.el-notification__closeBtn')
			.click({ timeout: ceiling(5_000) })
			.catch(() => undefined);
	}
	await page.mouse.move(1, 1);
}
