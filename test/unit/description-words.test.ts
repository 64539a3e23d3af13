/**
 * The words true: every text the three nodes and the credential show (each operation's action and
 * description in the operation list, each field's description and hint, each option's description,
 * each notice) names only output keys and fields that exist, and the node's error messages name fields
 * as the panel shows them.
 *
 * What counts as a reference:
 * - an identifier: a camelCase word (`faxId`, `sentStatus`: how the service and the node name keys and
 *   parameters) or a backticked one. In an operation's own words it must be a key that operation returns
 *   or a parameter of it; in a field's words, a key some operation of its resource returns (where a
 *   value comes from: "the faxId returned when it was queued") or a parameter of the node; in a
 *   trigger's or the credential's words, a field of a record the service gives (shared/records) or a
 *   parameter of that node;
 * - a quoted or bolded name in Title Case ("No Client (Unassign)", **Document Source**): a name the node
 *   shows (field, collection, option, resource locator mode), or one of NAMED_ELSEWHERE;
 * - a path of Title Case names joined by " → " ("Cover Page → Recipient Name", "Sent Fax → Send"): a
 *   resource and one of its operations, or fields nested as the panel nests them (an option's name last).
 *   The node's source is read for such paths in string literals too: its error messages name fields so.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { INode, INodeProperties } from 'n8n-workflow';

import { fontFailure, letterFailure } from '../../nodes/FaxService/actions/document/failures';
import type { OperationEntry } from '../../nodes/FaxService/actions/resourceDefinition';
import { resources } from '../../nodes/FaxService/actions/versionDescription';
import { TIMED_OUT } from '../../nodes/shared/callbacks';
import { FontError, LetterError } from '../../nodes/shared/pdf/errors';
import type { RecordKindName } from '../../nodes/shared/records';
import { OMITTED_FIELDS, RECORD_KINDS } from '../../nodes/shared/records';
import type { Field } from '../harness/descriptions';
import { ALL_FIELDS, CREDENTIAL, NODE_DESCRIPTIONS, optionsOf } from '../harness/descriptions';
import { sourceLabels, sourceStrings } from '../harness/source-strings';

const ROOT = path.resolve(__dirname, '../..');
const [ACTION, TRIGGER, POLL_TRIGGER] = NODE_DESCRIPTIONS;

/**
 * What the operations without the Output option return (the spec's section 2.8 wrappers, or a record
 * kind); the node suites (test/nodes/) check each against the sandbox. Operations with `records` return
 * that kind's fields (and Simplified's omittedFields).
 */
const RETURNS: Record<string, { kind?: RecordKindName; keys?: string[] }> = {
	'sentFax.send': { keys: ['message', 'faxId'] }, // queued fax
	'sentFax.sendAndWaitForCompletion': { kind: 'sentFax', keys: ['message', TIMED_OUT] },
	'sentFax.previewPdf': { keys: ['fileName', 'mimeType', 'fileSize', 'numPages'] },
	'sentFax.downloadPdf': { kind: 'sentFax' },
	'receivedFax.downloadPdf': { kind: 'receivedFax' },
	'receivedFax.forward': { keys: ['message', 'faxId'] }, // queued fax
	'receivedFax.simulateInbound': { keys: ['message'] }, // message response
	'faxNumber.provision': { kind: 'faxNumber' },
	'faxNumber.update': { kind: 'faxNumber' },
	'client.create': { kind: 'client' },
	'client.rename': { kind: 'client' },
	'secureLinkEmail.send': { keys: ['message', 'emailId'] }, // queued e-mail
	'aiDocument.upload': { keys: ['message', 'aiToken'] }, // queued AI document
	'aiDocument.uploadAndWaitForResult': { kind: 'aiResult', keys: ['message', TIMED_OUT] },
};

/** Identifiers that are not references, and why. */
const NOT_REFERENCES: Record<string, string> = {
	code: "Markdown's inline code, in Text Format's list of its syntax",
};

/** Names quoted in the texts that the panel shows from somewhere else than the node's description. */
const NAMED_ELSEWHERE: Record<string, string> = {
	'No Client (Unassign)': "the Client picker's first entry (nodes/shared/lists/pickers.ts)",
	'Webhook URLs': "n8n's trigger panel: the tab that shows a webhook's URLs",
	'Production URL': "n8n's trigger panel: the URL of an active workflow",
};

/** Paths in the source's strings that are other programs' menus, and whose. */
const OTHER_MENUS: Record<string, string> = {
	'Settings → Camera → Formats': "the iPhone's settings",
	'Options → Format': "n8n's Edit Image node",
};

const allKindFields = () => Object.values(RECORD_KINDS).flatMap((kind) => [...kind.fields]);

function operationReturns(resource: string, value: string, operation: OperationEntry): string[] {
	if (operation.records) return [...RECORD_KINDS[operation.records].fields, OMITTED_FIELDS];
	const declared = RETURNS[`${resource}.${value}`];
	if (!declared) return [];
	return [...(declared.kind ? RECORD_KINDS[declared.kind].fields : []), ...(declared.keys ?? [])];
}

/** Every field of a node (or the credential), nested ones included. */
const fieldsOf = (owner: string): Field[] => ALL_FIELDS.filter((field) => field.owner === owner);
const parameterNames = (owner: string) => new Set(fieldsOf(owner).map((f) => f.property.name));

/** Every name the node shows: fields, groups, options, resource locator modes. */
function shownNames(owner: string): Set<string> {
	const names = new Set<string>([owner]);
	for (const { property } of fieldsOf(owner)) {
		names.add(property.displayName);
		for (const entry of property.options ?? [])
			names.add('name' in entry && !('type' in entry) ? String(entry.name) : entry.displayName);
		for (const mode of property.modes ?? []) names.add(mode.displayName);
	}
	return names;
}

const MINOR = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or']);
MINOR.add('the').add('to').add('with');
/** Whether a quoted text is a name in Title Case ("Recipient Name", "Bold and Italic Font Files"). */
function isTitleCase(text: string): boolean {
	const words = text.split(' ').map((word) => word.replace(/^[("']+|[)"'.,:]+$/g, ''));
	return (
		/^[A-Z0-9]/.test(words[0] ?? '') &&
		words.every((word) => /^[A-Z0-9]/.test(word) || MINOR.has(word))
	);
}

const IDENTIFIER = /`([A-Za-z_]\w*)`|(?<![$\w./-])([a-z]+(?:[A-Z][a-z0-9]*)+)\b/g;
const QUOTED = /"([^"]+)"|\*\*([^*]+)\*\*|<b>([^<]+)<\/b>/g;
const TITLE = `[A-Z][\\w'.-]*(?: (?:(?:and|of|or|in|to|for|with) )?[A-Z0-9][\\w'.()-]*)*`;
const PATH = new RegExp(`${TITLE}(?: → ${TITLE})+`, 'g');

const identifiers = (text: string) =>
	[...text.matchAll(IDENTIFIER)].map((m) => m[1] ?? m[2]).filter((w) => !(w in NOT_REFERENCES));
const quotedNames = (text: string) =>
	[...text.matchAll(QUOTED)].map((m) => m[1] ?? m[2] ?? m[3]).filter(isTitleCase);
const paths = (text: string) =>
	[...text.matchAll(PATH)]
		.map(([p]) => p.replace(/[.,;:]+$/, ''))
		.map((p) => (p.split(')').length > p.split('(').length ? p.replace(/\)+$/, '') : p))
		.filter((p) => !(p in OTHER_MENUS));

/** Whether a path names a resource and its operation, or fields nested as in the panel of `owner`. */
function pathExists(owner: string, text: string): boolean {
	let segments = text.split(' → ');
	if (segments[0] === ACTION.displayName) segments = segments.slice(1);
	const resource = Object.values(resources).find((r) => r.name === segments[0]);
	if (resource && segments.length === 2)
		return Object.values(resource.operations).some((op) => op.name === segments[1]);
	const matches = (field: Field, names: string[]) => {
		const full = [...field.within, field.property.displayName];
		return full.slice(full.length - names.length).join(' → ') === names.join(' → ');
	};
	const owners = owner === '*' ? NODE_DESCRIPTIONS.map((d) => d.displayName) : [owner];
	const fields = owners.flatMap(fieldsOf);
	return fields.some(
		(field) =>
			matches(field, segments) ||
			field.within.slice(-segments.length).join(' → ') === segments.join(' → ') ||
			(matches(field, segments.slice(0, -1)) &&
				optionsOf(field.property).some((option) => option.name === segments.at(-1))),
	);
}

/** The texts of one property: description, hint, a notice's text, its options' descriptions and actions. */
function propertyTexts(property: INodeProperties): string[] {
	return [
		property.type === 'notice' ? property.displayName : undefined,
		property.description,
		property.hint,
		optionsOf(property).flatMap((option) => [option.description, option.action]),
	]
		.flat()
		.filter((text): text is string => typeof text === 'string');
}

interface Text {
	where: string;
	text: string;
	/** the identifiers it may name */
	allowed: Set<string>;
	owner: string;
}

/** Every text of the action node, each with what it may name. */
function actionTexts(): Text[] {
	const names = parameterNames(ACTION.displayName);
	const texts: Text[] = [];
	const byResource = new Map<string, string[]>();
	for (const resource of Object.values(resources)) {
		const keys: string[] = [];
		for (const [value, operation] of Object.entries(resource.operations)) {
			const returns = operationReturns(resource.value, value, operation);
			keys.push(...returns);
			const own = new Set([...returns, ...shownParameterNames(resource.value, value)]);
			for (const text of [operation.action, operation.summary])
				texts.push({
					where: `${resource.name} → ${operation.name} (operation list)`,
					text,
					allowed: own,
					owner: ACTION.displayName,
				});
		}
		byResource.set(resource.value, keys);
	}
	for (const { property, root, within } of fieldsOf(ACTION.displayName)) {
		if (root.name === 'operation') continue;
		const shownFor = (root.displayOptions?.show?.resource as string[] | undefined) ?? [
			...byResource.keys(),
		];
		const allowed = new Set([...names, ...shownFor.flatMap((r) => byResource.get(r) ?? [])]);
		for (const text of propertyTexts(property))
			texts.push({
				where: [...within, property.displayName].join(' → '),
				text,
				allowed,
				owner: ACTION.displayName,
			});
	}
	return texts;
}

/** The parameter names an operation shows (its fields and those nested in them). */
function shownParameterNames(resource: string, operation: string): string[] {
	return fieldsOf(ACTION.displayName)
		.filter(({ root }) => {
			const show = root.displayOptions?.show;
			return (
				(show?.resource === undefined || (show.resource as string[]).includes(resource)) &&
				(show?.operation === undefined || (show.operation as string[]).includes(operation))
			);
		})
		.map(({ property }) => property.name);
}

/** The triggers' and the credential's texts: they may name the records' fields and their own parameters. */
function otherTexts(): Text[] {
	const owners = [TRIGGER.displayName, POLL_TRIGGER.displayName, CREDENTIAL.displayName];
	return owners.flatMap((owner) => {
		const allowed = new Set([...allKindFields(), OMITTED_FIELDS, ...parameterNames(owner)]);
		return fieldsOf(owner).flatMap(({ property, within }) =>
			propertyTexts(property).map((text) => ({
				where: [...within, property.displayName].join(' → '),
				text,
				allowed,
				owner,
			})),
		);
	});
}

const ALL_TEXTS = [...actionTexts(), ...otherTexts()];

/** Which node's panel a source file's words are about ('*': shared code, any node's). */
function ownerOfFile(file: string): string {
	if (file.startsWith('nodes/FaxServiceTrigger/')) return TRIGGER.displayName;
	if (file.startsWith('nodes/FaxServicePollTrigger/')) return POLL_TRIGGER.displayName;
	if (file.startsWith('nodes/FaxService/')) return ACTION.displayName;
	return '*';
}

const node = { name: 'Fax Service', parameters: {} } as INode;
const ctx = { getNode: () => node } as never;
const coverPage = fieldsOf(ACTION.displayName).find((f) => f.property.name === 'coverPage')!
	.property as INodeProperties;

describe('the words true', () => {
	test('what the checks recognise as references, and what they refuse', () => {
		expect(
			identifiers(
				'returns its sendToken (`faxId`), with $fromAI, https://docs.n8n.io/code/x, `code`',
			),
		).toEqual(['sendToken', 'faxId']);
		expect(
			quotedNames('"Recipient Name", **Document Source**, <b>Text</b>, "Page x of y", "plain"'),
		).toEqual(['Recipient Name', 'Document Source', 'Text']);
		expect(
			paths('add one with the Fax Number → Provision operation; shorten Cover Page → To.'),
		).toEqual(['Fax Number → Provision', 'Cover Page → To']);
		const exists = (p: string) => pathExists(ACTION.displayName, p);
		expect({
			operation: exists('Fax Service → Received Fax → Simulate Inbound'),
			field: exists('Cover Page → Recipient Name'),
			option: exists('Document Source → Text'),
			printedRow: exists('Cover Page → To'),
			notNested: exists('Letter Font → Font File'),
			noOperation: exists('Sent Fax → Fetch'),
		}).toEqual({
			operation: true,
			field: true,
			option: true,
			printedRow: false,
			notNested: false,
			noOperation: false,
		});
		const send = ALL_TEXTS.find((t) => t.where === 'Sent Fax → Send (operation list)')!;
		expect(identifiers('returns its sendToken').filter((w) => !send.allowed.has(w))).toEqual([
			'sendToken',
		]);
	});

	test('the table of what operations return names each operation without the Output option, and only those', () => {
		const without = Object.values(resources).flatMap((resource) =>
			Object.entries(resource.operations)
				.filter(([, operation]) => !operation.records)
				.map(([value]) => `${resource.value}.${value}`),
		);
		expect(Object.keys(RETURNS).sort()).toEqual(without.sort());
		expect(ALL_TEXTS.length).toBeGreaterThan(200);
	});

	test('every identifier a text names is a key its operation returns or a parameter of its node', () => {
		const wrong = ALL_TEXTS.flatMap(({ where, text, allowed, owner }) =>
			identifiers(text)
				.filter((word) => !allowed.has(word))
				.map((word) => `${owner}: ${where} names "${word}": ${text}`),
		);
		expect(wrong).toEqual([]);
	});

	test('every quoted or bolded name in Title Case is one the node shows', () => {
		const wrong = ALL_TEXTS.flatMap(({ where, text, owner }) => {
			const shown = shownNames(owner);
			return quotedNames(text)
				.filter((name) => !shown.has(name) && !(name in NAMED_ELSEWHERE))
				.map((name) => `${owner}: ${where} names "${name}": ${text}`);
		});
		expect(wrong).toEqual([]);
		const pickers = fs.readFileSync(path.join(ROOT, 'nodes/shared/lists/pickers.ts'), 'utf8');
		expect(pickers).toContain(`'No Client (Unassign)'`);
	});

	test('every "A → B" path in the texts, and in the strings of the nodes\' source (their errors), names a resource and operation or fields as the panel nests them', () => {
		const wrong = [
			...ALL_TEXTS.flatMap(({ where, text, owner }) =>
				paths(text)
					.filter((p) => !pathExists(owner, p))
					.map((p) => `${owner}: ${where}: "${p}"`),
			),
			...sourceStrings().flatMap(({ file, text }) =>
				paths(text)
					.filter((p) => !pathExists(ownerOfFile(file), p))
					.map((p) => `${file}: "${p}"`),
			),
		];
		expect(wrong).toEqual([]);
	});

	test("where the source labels a parameter by its name (validators, readers, a collection's entries), the label is that parameter's display name", () => {
		const labels = sourceLabels(isTitleCase);
		const fieldsFor = (file: string) => {
			const owner = ownerOfFile(file);
			return owner === '*' ? ALL_FIELDS : fieldsOf(owner);
		};
		const wrong = labels
			.filter(({ file, name }) => fieldsFor(file).some((f) => f.property.name === name))
			.filter(
				({ file, name, label }) =>
					!fieldsFor(file).some(
						(f) => f.property.name === name && f.property.displayName === label.split(' → ').at(-1),
					),
			)
			.map(({ file, name, label }) => `${file}: ${name} labelled "${label}"`);
		expect(wrong).toEqual([]);
		expect(labels.length).toBeGreaterThan(20);
	});

	test("a cover-page field's error names it as the panel does: Cover Page → its display name, and the item", () => {
		const wrong: string[] = [];
		for (const field of coverPage.options as INodeProperties[]) {
			const error = letterFailure(
				ctx,
				3,
				new LetterError('coverPage', 'not text', { field: `coverPage.${field.name}` }),
				'fax',
			);
			const expected = `Cover Page → ${field.displayName} must be text [item 3]`;
			if (error.message !== expected) wrong.push(`${error.message} (expected: ${expected})`);
		}
		expect(wrong).toEqual([]);
		const tooLong = letterFailure(
			ctx,
			0,
			new LetterError('coverPage', 'long', { field: 'coverPage' }),
			'fax',
		);
		// The remedy names the fields to shorten as the panel shows them.
		const named = String(tooLong.description)
			.match(/shorten (.+?), or/)![1]
			.split(/, | or /);
		expect(named.filter((name) => !shownNames(ACTION.displayName).has(name))).toEqual([]);
	});

	test("a font file's error names the field as the panel nests it, and the item", () => {
		for (const field of ['font.regular', 'font.bold', 'font.italic', 'font.boldItalic']) {
			const { message } = fontFailure(ctx, 2, new FontError('cff', 'CFF outlines', field));
			const [label] = message.split(' cannot be used');
			expect({
				field,
				label,
				exists: pathExists(ACTION.displayName, label) || shownNames(ACTION.displayName).has(label),
				item: message.endsWith('[item 2]'),
			}).toEqual({
				field,
				label,
				exists: true,
				item: true,
			});
		}
	});
});
