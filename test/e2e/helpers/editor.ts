/**
 * What browser.test.ts needs around the editor's page object (browser.ts): the Chromium lookup and
 * the suite's one skip, the workflow whose panels it opens, option display names from the nodes' own
 * descriptions, a step runner that reports what the browser saw, and the check of our node icon.
 */
import { randomUUID } from 'crypto';
import { readFileSync } from 'fs';
import { join } from 'path';

import type { INodeProperties } from 'n8n-workflow';
import type { Locator } from 'playwright-core';

import { findChromium, saveScreenshot, waitForImage, type Browser } from './browser';
import { CREDENTIAL, TRIGGER_TYPE } from './examples';
import { REPO_ROOT, type WorkflowJson } from './n8n-host';

export const ACTION_TYPE = 'n8n-nodes-fax-service.faxService';
export const SCREENSHOTS = join(REPO_ROOT, 'test', 'e2e', 'screenshots');
const ICON_FILE = join(REPO_ROOT, 'dist', 'icons', 'fax-service.svg');
/** Where n8n serves a community package's file: icon (/icons/<package>/<path in the package>). */
const ICON_URL = /\/icons\/n8n-nodes-fax-service\/dist\/icons\/fax-service\.svg$/;

export type NodeJson = Record<string, unknown> & {
	name: string;
	type: string;
	parameters?: Record<string, unknown>;
};

/** The workflow's nodes that n8n draws as canvas nodes (sticky notes are drawn apart). */
export const canvasNodeNames = (nodes: NodeJson[]): string[] =>
	nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote').map((node) => node.name);

export const chromiumLookup = findChromium();
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
export const describeWithChromium = chromiumLookup.path ? describe : describe.skip;

/** Display name of an options parameter's value, from the node's own description. */
export function optionName(
	properties: INodeProperties[],
	name: string,
	value: unknown,
	resource?: string,
): string {
	const property = properties.find(
		(p) =>
			p.name === name &&
			(resource === undefined ||
				!p.displayOptions?.show?.resource ||
				p.displayOptions.show.resource.includes(resource)),
	);
	const option = (property?.options as Array<{ name: string; value: unknown }> | undefined)?.find(
		(o) => o.value === (value ?? property?.default),
	);
	if (!option)
		throw new Error(
			`No option ${String(value)} for parameter ${name}${resource ? ` of resource ${resource}` : ''}`,
		);
	return option.name;
}

/**
 * The workflow whose panels the tests open: Manual Trigger → Send Fax, and the Fax Service Trigger.
 * (Example 1 no longer has either: it sends with Send and Wait and needs no trigger; browser.test.ts runs it.)
 */
export function workflowToImport(): { workflow: WorkflowJson; source: string } {
	const credentials = { faxServiceApi: CREDENTIAL };
	return {
		source: 'the built-in workflow (Manual Trigger → Send Fax, Fax Service Trigger)',
		workflow: {
			name: 'Fax Service in the editor (browser e2e)',
			nodes: [
				{
					id: randomUUID(),
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
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
					parameters: {
						events: ['sentFax', 'receivedFax', 'aiDocument'],
						registerOnFaxNumbers: [],
						options: {},
					},
					credentials,
				},
			],
			connections: { Start: { main: [[{ node: 'Send Fax', type: 'main', index: 0 }]] } },
			settings: { executionOrder: 'v1' },
		},
	};
}

/** A step runner: runs a step; on failure saves a page screenshot and adds what the browser reported. */
export function stepRunner(
	browserOf: () => Browser | undefined,
): <T>(name: string, fn: () => Promise<T>) => Promise<T> {
	return async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
		try {
			return await fn();
		} catch (error) {
			const browser = browserOf();
			let screenshot = '';
			if (browser) {
				screenshot = await saveScreenshot(
					browser.page,
					SCREENSHOTS,
					`failure-${name.replace(/[^a-z0-9]+/gi, '-')}.png`,
				).catch(() => '');
			}
			const details = [
				screenshot && `screenshot: ${screenshot}`,
				browser && `page: ${browser.page.url()}`,
				browser?.diagnostics.length
					? `browser:\n  ${browser.diagnostics.slice(-20).join('\n  ')}`
					: '',
			].filter(Boolean);
			if (error instanceof Error) error.message += `\n[${name}] ${details.join('\n')}`;
			throw error;
		}
	};
}

/** The icon <img> is our SVG: the package's file: icon URL, loaded (not n8n's fallback), same bytes as dist/. */
export async function expectOurIcon(
	browser: Browser,
	n8nBaseUrl: string,
	img: Locator,
): Promise<void> {
	const state = await waitForImage(img);
	expect(state.src).toMatch(ICON_URL);
	expect(state.complete).toBe(true);
	expect(state.naturalWidth).toBeGreaterThan(0);
	expect(state.naturalHeight).toBeGreaterThan(0);
	// A GET may go out on a kept-alive connection n8n is closing (ECONNRESET, seen under load): as a
	// browser does for an idempotent request (RFC 9110 §9.2.2), Playwright sends it again on a new one.
	const served = await browser.page.request.get(new URL(state.src, n8nBaseUrl).toString(), {
		maxRetries: 1,
	});
	expect(served.status()).toBe(200);
	expect(served.headers()['content-type']).toMatch(/^image\/svg\+xml/);
	expect(Buffer.from(await served.body()).equals(readFileSync(ICON_FILE))).toBe(true);
}
