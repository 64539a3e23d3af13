/**
 * The example workflow files in examples/ themselves (no n8n needed): valid n8n workflow JSON, only
 * n8n's and this package's nodes, no secrets, and callback URLs that point at their own trigger.
 * example-portability.test.ts checks that they name no address of the machine they were written on.
 * examples.test.ts runs them in a real n8n.
 */
import { readdirSync } from 'fs';

import { readDoc } from '../harness/docs';
import {
	AI_AGENT_FILE,
	AI_APPROVAL_FILE,
	CREDENTIAL,
	EXAMPLES_DIR,
	FILES,
	FORM_TRIGGER_TYPE,
	isPlainObject,
	ownTriggerUrl,
	type Example,
	type ExampleNode,
	type Json,
	PACKAGE_TYPES,
	parseExample,
	readExampleText,
	strings,
	TRIGGER_TYPE,
	triggerOf,
} from './helpers/examples';

/** The form fields an expression reads from the form's item ($('Form').item.json['Label'] or .Label). */
const formFieldsRead = (form: string, parameters: Json): string[] => {
	const reference = new RegExp(
		`\\$\\('${form}'\\)\\.item\\.json(?:\\['([^']+)'\\]|\\.(\\w+))`,
		'g',
	);
	return [
		...new Set(
			strings(parameters).flatMap((entry) =>
				[...entry.value.matchAll(reference)].map((match) => match[1] ?? match[2]),
			),
		),
	].sort();
};

/** A form example's nodes: form → Find a Fax Number (the account's first) → the Send that faxes from it. */
function formToSend(example: Example, form: ExampleNode): ExampleNode {
	const [find, send] = example.nodes.filter(
		(node) => node.type === 'n8n-nodes-fax-service.faxService',
	);
	expect(find.parameters).toEqual({ resource: 'faxNumber', operation: 'getMany', limit: 1 });
	expect(example.connections[form.name].main).toEqual([
		[{ node: find.name, type: 'main', index: 0 }],
	]);
	expect(example.connections[find.name].main).toEqual([
		[{ node: send.name, type: 'main', index: 0 }],
	]);
	expect(send.parameters).toMatchObject({
		resource: 'sentFax',
		operation: 'send',
		addCoverPage: true,
		fromNumber: { __rl: true, mode: 'number', value: '={{ $json.number }}' },
	});
	// Nothing else of the item is read: the form's fields by the form's name, so removing Find a Fax Number keeps them.
	expect(
		strings(send.parameters).filter(
			(entry) => entry.value.includes('$json') && entry.path !== '$.fromNumber.value',
		),
	).toEqual([]);
	return send;
}

describe('example workflow files', () => {
	const texts = Object.fromEntries(
		Object.values(FILES).map((file) => [file, readExampleText(file)]),
	);

	test('examples/ holds exactly the examples of FILES and the two AI agent ones, each of FILES valid n8n workflow JSON', () => {
		expect(readdirSync(EXAMPLES_DIR).sort()).toEqual(
			[...Object.values(FILES), AI_AGENT_FILE, AI_APPROVAL_FILE].sort(),
		);
		for (const [file, text] of Object.entries(texts)) {
			const example = parseExample(text);
			expect({
				file,
				name: typeof example.name,
				nodes: Array.isArray(example.nodes),
				connections: isPlainObject(example.connections),
			}).toEqual({
				file,
				name: 'string',
				nodes: true,
				connections: true,
			});
			expect(example.settings).toMatchObject({ executionOrder: 'v1' });
			const names = example.nodes.map((node) => node.name);
			const ids = example.nodes.map((node) => node.id);
			expect(new Set(names).size).toBe(names.length);
			expect(new Set(ids).size).toBe(ids.length);
			for (const node of example.nodes) {
				expect({
					file,
					node: node.name,
					id: /^[0-9a-f-]{36}$/.test(node.id),
					typeVersion: typeof node.typeVersion,
					position: node.position.length,
					parameters: isPlainObject(node.parameters),
				}).toEqual({
					file,
					node: node.name,
					id: true,
					typeVersion: 'number',
					position: 2,
					parameters: true,
				});
			}
			// Every connection joins two nodes of the workflow.
			for (const [from, outputs] of Object.entries(example.connections)) {
				expect(names).toContain(from);
				for (const target of outputs.main.flat()) expect(names).toContain(target.node);
			}
		}
	});

	test("docs/agents.md quotes the approved-referral example's approval message as the example holds it", () => {
		const quoted = /```\n(The referral agent asks to send a fax\.[\s\S]*?)\n```/.exec(
			readDoc('docs/agents.md'),
		)?.[1];
		const messages = strings(parseExample(readExampleText(AI_APPROVAL_FILE)))
			.map(({ value }) => value)
			.filter((value) => value.startsWith('=The referral agent asks to send a fax.'));
		expect(messages).toEqual([`=${quoted}`]);
	});

	test('only n8n-nodes-base nodes and the nodes of this package', () => {
		for (const text of Object.values(texts)) {
			for (const node of parseExample(text).nodes) {
				expect(
					node.type.startsWith('n8n-nodes-base.') || PACKAGE_TYPES.includes(node.type)
						? 'known'
						: node.type,
				).toBe('known');
			}
		}
	});

	test('no credential secrets: Fax Service nodes reference the "Fax Service sandbox" credential by id and name only', () => {
		for (const [file, text] of Object.entries(texts)) {
			expect({
				file,
				secrets: text.match(/sk_(test|live)_|testApiKey|liveApiKey|"apiKey"|Bearer /gi),
			}).toEqual({ file, secrets: null });
			for (const node of parseExample(text).nodes) {
				if (PACKAGE_TYPES.includes(node.type))
					expect({ node: node.name, credentials: node.credentials }).toEqual({
						node: node.name,
						credentials: { faxServiceApi: CREDENTIAL },
					});
				else
					expect({ node: node.name, credentials: node.credentials }).toEqual({
						node: node.name,
						credentials: undefined,
					});
			}
		}
	});

	test("every Callback URL is the production URL of the trigger in the same workflow, built from n8n's own URL; webhook ids are unique", () => {
		const webhookIds: string[] = [];
		for (const [file, text] of Object.entries(texts)) {
			const example = parseExample(text);
			const callbacks = strings(example.nodes.map((node) => node.parameters)).filter((entry) =>
				/\.callbackUrl$/.test(entry.path),
			);
			if (!example.nodes.some((node) => node.type === TRIGGER_TYPE)) {
				// No webhook trigger (the polling example, Send and Wait, the forms, the packet, the letter
				// in another script): no callback URL to give.
				expect({ file, callbacks }).toEqual({ file, callbacks: [] });
				continue;
			}
			const trigger = triggerOf(example);
			expect(trigger.webhookId).toMatch(/^[0-9a-f-]{36}$/);
			webhookIds.push(trigger.webhookId!);
			// Example 2 registers its trigger on the number instead.
			expect({ file, callbacks: callbacks.map((entry) => entry.value) }).toEqual({
				file,
				callbacks: file === FILES.inbound ? [] : [ownTriggerUrl(trigger.webhookId!)],
			});
		}
		expect(new Set(webhookIds).size).toBe(webhookIds.length);
	});

	test("the form letter: a Form Trigger whose fields are all the Fax Service node reads, faxed as Text with a cover page from the account's first number", () => {
		const example = parseExample(texts[FILES.formLetter]);
		const form = triggerOf(example, FORM_TRIGGER_TYPE);
		expect(form.webhookId).toMatch(/^[0-9a-f-]{36}$/);
		expect(form.parameters).toMatchObject({
			responseMode: 'lastNode',
			options: { path: 'referral-letter' },
		});
		const labels = (
			form.parameters.formFields as {
				values: Array<{ fieldLabel: string; requiredField?: boolean }>;
			}
		).values.map((field) => field.fieldLabel);
		const send = formToSend(example, form);
		expect(send.parameters.documentSource).toBe('text');
		// Every field an expression of the Fax Service node reads is a field of the form, and every field is used.
		expect(formFieldsRead(form.name, send.parameters)).toEqual([...labels].sort());
		expect(String(send.parameters.text)).toMatch(/^=/);
	});

	test("the form photo: a Form Trigger with one file field, whose file (the form's binary field, the label's \\W as _) is faxed behind a cover page from the account's first number", () => {
		const example = parseExample(texts[FILES.formPhoto]);
		const form = triggerOf(example, FORM_TRIGGER_TYPE);
		expect(form.webhookId).toMatch(/^[0-9a-f-]{36}$/);
		expect(form.typeVersion).toBe(
			triggerOf(parseExample(texts[FILES.formLetter]), FORM_TRIGGER_TYPE).typeVersion,
		);
		expect(form.parameters).toMatchObject({
			responseMode: 'lastNode',
			options: { path: 'photo-fax' },
		});
		const fields = (
			form.parameters.formFields as {
				values: Array<{ fieldLabel: string; fieldType?: string; requiredField?: boolean }>;
			}
		).values;
		const files = fields.filter((field) => field.fieldType === 'file');
		expect(files).toEqual([
			{
				fieldLabel: 'Document',
				fieldType: 'file',
				multipleFiles: false,
				acceptFileTypes: '.jpg,.jpeg,.png,.gif,.bmp,.pdf,.tif,.tiff',
				requiredField: true,
			},
		]);
		const send = formToSend(example, form);
		expect(send.parameters).toMatchObject({
			documentSource: 'binaryData',
			// n8n's Form Trigger names the binary field after the label, every \\W made _.
			binaryData: `={{ $('${form.name}').item.binary.${files[0].fieldLabel.replace(/\W/g, '_')} }}`,
		});
		// Every text field is read by an expression of the Fax Service node, and nothing else is.
		expect(formFieldsRead(form.name, send.parameters)).toEqual(
			fields
				.filter((field) => field.fieldType !== 'file')
				.map((field) => field.fieldLabel)
				.sort(),
		);
	});
});
