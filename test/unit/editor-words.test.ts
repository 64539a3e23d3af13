/**
 * What the editor shows of the three nodes, in a user's words: canvas subtitles evaluated as the editor
 * does (n8n-workflow's Workflow and Expression, getSimpleParameterValue 'internal') name the resource,
 * operation and events instead of their values; the events' node-creator entries; the send panels'
 * order (where the fax goes, then what goes); and no encoding jargon in any text of the panels.
 * browser.test.ts and browser-editor.test.ts check the same in n8n's editor.
 */
import type { INode, INodeProperties, INodeType, INodeTypes } from 'n8n-workflow';
import { NodeHelpers, NodeOperationError, Workflow } from 'n8n-workflow';

import { FaxServiceApi } from '../../credentials/FaxServiceApi.credentials';
import { letterFailure } from '../../nodes/FaxService/actions/document/failures';
import { resources } from '../../nodes/FaxService/actions/versionDescription';
import { FaxService } from '../../nodes/FaxService/FaxService.node';
import { FaxServicePollTrigger } from '../../nodes/FaxServicePollTrigger/FaxServicePollTrigger.node';
import { FaxServiceTrigger } from '../../nodes/FaxServiceTrigger/FaxServiceTrigger.node';
import { applyCharacterRule } from '../../nodes/shared/pdf/letter/characterRule';
import { letterError } from '../harness/pdf/letterError';
import { EVENTS_SUBTITLE, TRIGGER_EVENTS } from '../../nodes/shared/parameters';

const action = new FaxService();
const trigger = new FaxServiceTrigger();
const pollTrigger = new FaxServicePollTrigger();

/** The canvas subtitle of a node with these parameters (n8n fills the defaults, as the editor's workflow does). */
function subtitle(type: INodeType, parameters: INode['parameters']): unknown {
	const nodeTypes = {
		getByName: () => type,
		getByNameAndVersion: () => type,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const node: INode = {
		id: '1',
		name: 'Node',
		type: `n8n-nodes-fax-service.${type.description.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(
		workflow.nodes.Node,
		type.description.subtitle!,
		'internal',
		{},
	);
}

/** Every string of a description, deep (display names, descriptions, hints, notices, option names). */
function strings(value: unknown): string[] {
	if (typeof value === 'string') return [value];
	if (Array.isArray(value)) return value.flatMap(strings);
	if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
	return [];
}

describe("the editor's words", () => {
	test('the Fax Service subtitle names the resource and operation ("Sent Fax → Send"), legacy operation values as their operation, the default as Sent Fax → Send', () => {
		expect(subtitle(action, {})).toBe('Sent Fax → Send');
		for (const resource of Object.values(resources)) {
			for (const [value, operation] of Object.entries(resource.operations)) {
				expect(subtitle(action, { resource: resource.value, operation: value })).toBe(
					`${resource.name} → ${operation.name}`,
				);
			}
			for (const [legacy, current] of Object.entries(resource.legacyOperations ?? {})) {
				expect(subtitle(action, { resource: resource.value, operation: legacy })).toBe(
					`${resource.name} → ${resource.operations[current].name}`,
				);
			}
		}
		// A value the node does not know (n8n's Custom API Call) still says something: its values, as before.
		expect(subtitle(action, { resource: 'sentFax', operation: 'notAnOperation' })).toBe(
			'notAnOperation: sentFax',
		);
	});

	test("both triggers' subtitles name the chosen events, in their order; the polling trigger's line is the shared EVENTS_SUBTITLE", () => {
		expect(pollTrigger.description.subtitle).toBe(EVENTS_SUBTITLE);
		expect(trigger.description.subtitle).toBe(EVENTS_SUBTITLE);
		const values = Object.keys(TRIGGER_EVENTS) as Array<keyof typeof TRIGGER_EVENTS>;
		const subsets = values.flatMap((first) => [
			[first],
			...values.filter((v) => v !== first).map((second) => [first, second]),
			[first, ...values.filter((v) => v !== first)],
		]);
		for (const type of [trigger, pollTrigger]) {
			for (const events of subsets) {
				expect(subtitle(type, { events })).toBe(
					events.map((event) => TRIGGER_EVENTS[event].name).join(', '),
				);
			}
		}
		expect(subtitle(trigger, {})).toBe('Sent Fax Completed, Fax Received, AI Document Completed');
	});

	test('each event has its node-creator entry in words ("On AI document completed", not n8n\'s lower-cased "On ai document completed")', () => {
		expect(Object.values(TRIGGER_EVENTS).map((event) => event.action)).toEqual([
			'On AI document completed',
			'On fax received',
			'On sent fax completed',
		]);
		const events = trigger.description.properties.find((p) => p.name === 'events')!;
		expect(
			(events.options as Array<{ action?: string }>).every((option) =>
				option.action?.startsWith('On '),
			),
		).toBe(true);
	});

	test('the trigger\'s description, which n8n\'s node creator shows for the merged "Fax Service" entry, says what the node does and what the trigger does', () => {
		expect(trigger.description.description).toMatch(
			/^Send and receive faxes, send secure-link e-mails, extract documents with AI, and start workflows /,
		);
		expect(pollTrigger.description.description).toMatch(/^Starts the workflow /);
	});

	test('Send, Send and Wait and Preview PDF show From Number and To Number first, before the document; From Number still required', () => {
		for (const operation of ['send', 'sendAndWaitForCompletion', 'previewPdf']) {
			const names = action.description.properties
				.filter(
					(p) =>
						p.displayOptions?.show?.resource?.includes('sentFax') &&
						p.displayOptions.show.operation?.includes(operation),
				)
				.map((p) => p.name);
			expect({ operation, first: names.slice(0, 4) }).toEqual({
				operation,
				first: ['fromNumber', 'fromNumberNotice', 'toNumber', 'documentSource'],
			});
			// Still required: the canvas warns and n8n refuses a run or a Publish while it is empty in the panel.
			expect(
				action.description.properties.find(
					(p) => p.name === 'fromNumber' && p.displayOptions?.show?.operation?.includes(operation),
				)!.required,
			).toBe(true);
		}
	});

	test("the notice below From Number shows only while it is empty (n8n's displayOptions, as the editor evaluates them)", () => {
		const notice = action.description.properties.find(
			(p) => p.name === 'fromNumberNotice',
		) as INodeProperties;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toContain('Fax Number → Provision');
		const shown = (value: string) =>
			NodeHelpers.displayParameter(
				{ resource: 'sentFax', operation: 'send', fromNumber: { __rl: true, mode: 'list', value } },
				notice,
				null,
				action.description,
			);
		expect({
			empty: shown(''),
			picked: shown('+14155550001'),
			expression: shown('={{ $json.number }}'),
		}).toEqual({ empty: true, picked: false, expression: false });
	});

	test('no text of the panels or the credential, and no letter error, speaks of encodings (Windows-1252, WinAnsi, code pages)', () => {
		const texts = [action, trigger, pollTrigger]
			.flatMap((type) => strings(type.description))
			.concat(strings(new FaxServiceApi().properties));
		const node = {
			id: '1',
			name: 'Fax Service',
			type: 'n8n-nodes-fax-service.faxService',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		} as INode;
		const ctx = { getNode: () => node } as never;
		const error = letterFailure(
			ctx,
			0,
			letterError(() => applyCharacterRule('Ж', 'text')),
			'fax',
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		texts.push(error.message, String(error.description));
		const jargon = texts.filter((text) =>
			/windows-?1252|winansi|code ?page|latin-?1|cp1252/i.test(text),
		);
		expect(jargon).toEqual([]);
		const hint = action.description.properties.find((p) => p.name === 'text')!.hint!;
		// The link leads to the README's section on characters and fonts (test/package/docs.test.ts: it exists).
		expect(hint).toContain(
			'<a href="https://www.npmjs.com/package/n8n-nodes-fax-service#letters-and-fonts">which characters print</a>',
		);
	});
});
