/**
 * The example workflows in examples/ as the suites read them: their files, their shape, the nodes of
 * this package in them, and an example as a user imports it (its credential picked, and its public
 * font URLs' origin pointed at the run's sandbox, which serves the same paths).
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import { REPO_ROOT, type WorkflowJson } from './n8n-host';

export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');
/**
 * The one origin of a public URL an example fetches from: google/fonts on GitHub (the fonts example's
 * Noto Sans). The suites point it at the sandbox, which serves the same paths (PUBLIC_FONT_PATHS).
 */
export const PUBLIC_FONT_ORIGIN = 'https://raw.githubusercontent.com';
export const CREDENTIAL = { id: 'fax-service-sandbox', name: 'Fax Service sandbox' };
export const TRIGGER_TYPE = 'n8n-nodes-fax-service.faxServiceTrigger';
export const POLL_TRIGGER_TYPE = 'n8n-nodes-fax-service.faxServicePollTrigger';
export const PACKAGE_TYPES = ['n8n-nodes-fax-service.faxService', TRIGGER_TYPE, POLL_TRIGGER_TYPE];
/** n8n's own Form Trigger: the form-letter and form-photo examples start from a form submission. */
export const FORM_TRIGGER_TYPE = 'n8n-nodes-base.formTrigger';

export const FILES = {
	sendFax: 'send-fax-and-track-completion.json',
	inbound: 'inbound-fax-route-by-classification.json',
	ai: 'ai-extraction.json',
	client: 'provision-number-for-new-client.json',
	poll: 'poll-inbound-faxes-and-route.json',
	formLetter: 'form-letter-fax.json',
	formPhoto: 'form-photo-fax.json',
	packet: 'referral-packet-fax.json',
	scriptLetter: 'letter-in-any-script.json',
} as const;
export type ExampleKey = keyof typeof FILES;
/** This n8n's public URL (WEBHOOK_URL) in an expression: its resume URL without n8n's default waiting path. */
export const N8N_URL_EXPRESSION = "{{ $execution.resumeUrl.split('/webhook-waiting/')[0] }}";
/** The Callback URL of an example that sends the service's callbacks to its own Fax Service Trigger. */
export const ownTriggerUrl = (webhookId: string): string =>
	`=${N8N_URL_EXPRESSION}/webhook/${webhookId}/fax-service`;
/** The AI agent example: it uses n8n's AI nodes, and examples-ai.test.ts checks and runs it. */
export const AI_AGENT_FILE = 'ai-agent-inbound-faxes.json';
/** The approved-referral example: an agent whose fax tool waits behind n8n 2.x's Send Email Human in the Loop tool (examples-ai-approval.test.ts). */
export const AI_APPROVAL_FILE = 'ai-approved-referral-fax.json';

export type Json = Record<string, unknown>;
export interface ExampleNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Json;
	webhookId?: string;
	credentials?: Record<string, { id: string; name: string }>;
	[key: string]: unknown;
}
export interface Example extends WorkflowJson {
	nodes: ExampleNode[];
	connections: Record<
		string,
		{ main: Array<Array<{ node: string; type: string; index: number }>> }
	>;
}

export const readExampleText = (file: string): string =>
	readFileSync(join(EXAMPLES_DIR, file), 'utf8');
export const parseExample = (text: string): Example => JSON.parse(text) as Example;
const isExpression = (value: unknown): boolean =>
	typeof value === 'string' && value.startsWith('=');
export const isPlainObject = (value: unknown): value is Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The example as a user imports it: given `credentialIds` (the example's credential id → the one n8n
 * chose when the credential was saved over REST), its nodes pointed at the saved credentials, as a user
 * picks their credential after importing; and PUBLIC_FONT_ORIGIN replaced by the sandbox's origin (the
 * path kept), the one change to a node. The examples name no n8n address (their callbacks are built
 * from `$execution.resumeUrl`), so `n8nBaseUrl` changes nothing; callers still pass it.
 */
export function localiseExample(
	file: string,
	addresses: {
		sandboxOrigin: string;
		n8nBaseUrl?: string;
		credentialIds?: Record<string, string>;
	},
	change?: (example: Example) => void,
): Example {
	const text = readExampleText(file).split(PUBLIC_FONT_ORIGIN).join(addresses.sandboxOrigin);
	const example = pointCredentials(parseExample(text), addresses.credentialIds ?? {});
	change?.(example);
	return example;
}

/**
 * The workflow with its nodes' credential references pointed at the credentials saved over REST:
 * `credentialIds` maps the id a reference names (an example's, CREDENTIAL's) to the one n8n chose.
 */
export function pointCredentials<T extends WorkflowJson>(
	workflow: T,
	credentialIds: Record<string, string>,
): T {
	for (const node of workflow.nodes as Array<{ credentials?: Record<string, { id: string }> }>)
		for (const reference of Object.values(node.credentials ?? {}))
			reference.id = credentialIds[reference.id] ?? reference.id;
	return workflow;
}

/** The example's credential id → the id n8n chose for each credential saved over REST (for localiseExample). */
export const credentialIdsOf = (
	saved: Array<{ id: string; name: string }>,
	asked: Array<{ id: string; name: string }>,
): Record<string, string> =>
	Object.fromEntries(
		asked.map((reference) => [
			reference.id,
			saved.find((credential) => credential.name === reference.name)!.id,
		]),
	);

export function triggerOf(example: Example, type = TRIGGER_TYPE): ExampleNode {
	const triggers = example.nodes.filter((node) => node.type === type);
	expect(triggers).toHaveLength(1);
	return triggers[0];
}

/** The node that starts the example's executions: this package's polling trigger, n8n's Form Trigger, or this package's webhook trigger. */
export function startNodeOf(example: Example): ExampleNode {
	const type =
		[POLL_TRIGGER_TYPE, FORM_TRIGGER_TYPE].find((candidate) =>
			example.nodes.some((node) => node.type === candidate),
		) ?? TRIGGER_TYPE;
	return triggerOf(example, type);
}

/** Every string in a JSON value, with its path. */
export function strings(value: unknown, path = '$'): Array<{ path: string; value: string }> {
	if (typeof value === 'string') return [{ path, value }];
	if (Array.isArray(value))
		return value.flatMap((entry, index) => strings(entry, `${path}[${index}]`));
	if (isPlainObject(value))
		return Object.entries(value).flatMap(([key, entry]) => strings(entry, `${path}.${key}`));
	return [];
}

export interface Property {
	name: string;
	type: string;
	options?: Array<Property & { value?: unknown; values?: Property[] }>;
	typeOptions?: { loadOptionsMethod?: string };
}
export interface NodeTypeDescription {
	name: string;
	version: number | number[];
	properties: Property[];
}

/** Finds parameters a node type does not have, and fixed option values it does not offer. */
export function parameterProblems(properties: Property[], values: Json, path: string): string[] {
	const problems: string[] = [];
	for (const [key, value] of Object.entries(values)) {
		const candidates = properties.filter((property) => property.name === key);
		if (candidates.length === 0) {
			problems.push(`${path}.${key} is not a parameter`);
			continue;
		}
		if (isExpression(value)) continue;
		const collections = candidates.filter((property) => property.type === 'collection');
		const fixedCollections = candidates.filter((property) => property.type === 'fixedCollection');
		if (collections.length > 0 && isPlainObject(value)) {
			problems.push(
				...parameterProblems(
					collections.flatMap((property) => property.options ?? []),
					value,
					`${path}.${key}`,
				),
			);
		} else if (fixedCollections.length > 0 && isPlainObject(value)) {
			for (const [group, groupValue] of Object.entries(value)) {
				const groups = fixedCollections
					.flatMap((property) => property.options ?? [])
					.filter((option) => option.name === group);
				if (groups.length === 0) problems.push(`${path}.${key}.${group} is not an option group`);
				for (const entry of Array.isArray(groupValue) ? groupValue : [groupValue]) {
					problems.push(
						...parameterProblems(
							groups.flatMap((option) => option.values ?? []),
							entry as Json,
							`${path}.${key}.${group}`,
						),
					);
				}
			}
		} else if (
			candidates.every(
				(property) =>
					['options', 'multiOptions'].includes(property.type) &&
					!property.typeOptions?.loadOptionsMethod,
			)
		) {
			const allowed = new Set(
				candidates.flatMap((property) => (property.options ?? []).map((option) => option.value)),
			);
			for (const entry of Array.isArray(value) ? value : [value]) {
				if (!allowed.has(entry))
					problems.push(
						`${path}.${key} = ${JSON.stringify(entry)} is not one of ${JSON.stringify([...allowed])}`,
					);
			}
		}
	}
	return problems;
}
