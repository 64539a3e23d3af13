'use strict';
/**
 * What `npm run dev` puts in its n8n: the example workflows, each ready to run. The examples name no
 * address of this machine (their callbacks are built from n8n's own URL); the one change is the fonts
 * example's public URL origin, pointed at dev's sandbox, which serves the same paths, so it runs offline
 * (`exampleWorkflows`). The sandbox starts with an empty account on every run, so dev gives it a fax
 * number first (`devFaxNumber`: the sandbox hands out numbers in order, so every run gets the same one
 * back), which the examples' Find a Fax Number takes, and publishes the examples that start on their
 * own and need no credential but the sandbox's (`publishable`).
 */
const fs = require('fs');
const path = require('path');

const EXAMPLES_DIR = path.resolve(__dirname, '..', 'examples');
/** Dev's default n8n address, where the inbound example's trigger is reached. */
const DEFAULT_N8N_ORIGIN = 'http://127.0.0.1:5678';
/** The origin of the public font URLs the fonts example fetches from (test/e2e/helpers/examples.ts). */
const PUBLIC_FONT_ORIGIN = 'https://raw.githubusercontent.com';
const MANUAL_TRIGGER_TYPE = 'n8n-nodes-base.manualTrigger';
/** The example whose manual part simulates a fax to the account's first number, for its trigger to receive. */
const INBOUND_EXAMPLE = 'inbound-fax-route-by-classification.json';
const DEV_AREA_CODE = '415';

/** The example files as dev imports them: the public font URLs' origin pointed at `sandboxOrigin` when given. */
function exampleWorkflows({ sandboxOrigin } = {}) {
	if (!fs.existsSync(EXAMPLES_DIR)) return [];
	return fs
		.readdirSync(EXAMPLES_DIR)
		.filter((name) => name.endsWith('.json'))
		.sort()
		.map((file) => {
			const text = fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8');
			const workflow = JSON.parse(
				sandboxOrigin === undefined ? text : text.split(PUBLIC_FONT_ORIGIN).join(sandboxOrigin),
			);
			return { file, workflow };
		});
}

/** The only credential dev can fill in (its sandbox's); an example needing another (OpenAI, SMTP) waits for the user's. */
const DEV_CREDENTIAL_TYPE = 'faxServiceApi';

/**
 * Whether dev publishes an example: it starts on its own (a trigger other than the manual one) and
 * needs no credential but the sandbox's, so it runs as published.
 */
function publishable(workflow) {
	const startsOnItsOwn = workflow.nodes.some(
		(node) => /Trigger$/.test(node.type) && node.type !== MANUAL_TRIGGER_TYPE,
	);
	const devCredentialsOnly = workflow.nodes.every((node) =>
		Object.keys(node.credentials ?? {}).every((type) => type === DEV_CREDENTIAL_TYPE),
	);
	return startsOnItsOwn && devCredentialsOnly;
}

/** The production URL of the inbound example's trigger, where dev's number sends its received faxes. */
function inboundTriggerUrl(n8nOrigin = DEFAULT_N8N_ORIGIN) {
	const { workflow } = exampleWorkflows().find((example) => example.file === INBOUND_EXAMPLE);
	const trigger = workflow.nodes.find(
		(node) => node.type === 'n8n-nodes-fax-service.faxServiceTrigger',
	);
	return `${n8nOrigin}/webhook/${trigger.webhookId}/fax-service`;
}

/**
 * The sandbox account's first fax number, provisioned when it has none, its faxes received by the
 * inbound example's trigger (`callbackUrl`). Resolves the number (E.164).
 */
async function devFaxNumber({ baseUrl, testKey }, callbackUrl) {
	const headers = { authorization: `Bearer ${testKey}`, 'content-type': 'application/json' };
	const listed = await fetch(`${baseUrl}/fax_numbers`, { headers });
	if (listed.status !== 200)
		throw new Error(`The sandbox answered ${listed.status} to GET /fax_numbers`);
	const [first] = (await listed.json()).faxNumbers;
	if (first) return first.number;
	const provisioned = await fetch(`${baseUrl}/fax_numbers`, {
		method: 'POST',
		headers,
		body: JSON.stringify({ fax_number: { area_code: DEV_AREA_CODE, callback_url: callbackUrl } }),
	});
	if (provisioned.status !== 201)
		throw new Error(
			`The sandbox answered ${provisioned.status} to provisioning a fax number: ${await provisioned.text()}`,
		);
	return (await provisioned.json()).faxNumber.number;
}

module.exports = { devFaxNumber, exampleWorkflows, inboundTriggerUrl, publishable };
