import { join } from 'path';

import type {
	INode,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { FaxService } from '../../nodes/FaxService/FaxService.node';
import { FaxServicePollTrigger } from '../../nodes/FaxServicePollTrigger/FaxServicePollTrigger.node';
import { FaxServiceTrigger } from '../../nodes/FaxServiceTrigger/FaxServiceTrigger.node';

/**
 * The node types n8n makes of ours, by n8n's own code on both hosts: the descriptions of every node
 * (each version) go through the host's tool generation as n8n's LoadNodesAndCredentials does at start-up
 * (2.41.1: tool-generation's createAiTools, then createHitlTools; 1.123.69: its createAiTools method).
 * n8n 2.x makes a "Human in the Loop" approval tool of every node with an operation value `sendAndWait`:
 * none may have it. The AI tool variant offers no wait operation (a tool call cannot wait).
 */

const ROOT = join(__dirname, '..', '..');
const WAIT_OPERATIONS = ['sendAndWaitForCompletion', 'uploadAndWaitForResult'];

interface Types {
	nodes: INodeTypeDescription[];
	credentials: unknown[];
}
interface Known {
	nodes: Record<string, unknown>;
	credentials: Record<string, unknown>;
}
interface NodeHelpers {
	displayParameter(
		values: Record<string, unknown>,
		parameter: INodeProperties,
		node: Partial<INode> | null,
		description?: INodeTypeDescription,
	): boolean;
	makeDescription(values: Record<string, unknown>, description: INodeTypeDescription): string;
}

/** A module of one n8n host's install (its own n8n, n8n-workflow). */
const hostModule = <T>(host: string, path: string): T =>
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	require(join(ROOT, host, 'node_modules', path)) as T;

/** Every node's description, each version, as n8n's loader lists them (a deep copy: the generation edits them). */
function ourTypes(): Types {
	const classes: Array<new () => INodeType> = [
		FaxService,
		FaxServiceTrigger,
		FaxServicePollTrigger,
	];
	const nodes = classes.map(
		(NodeClass) => JSON.parse(JSON.stringify(new NodeClass().description)) as INodeTypeDescription,
	);
	for (const node of nodes) node.name = `n8n-nodes-fax-service.${node.name}`;
	return { nodes, credentials: [] };
}

const generated: Record<'2.41.1' | '1.123.69', { types: Types; helpers: NodeHelpers }> = {
	'2.41.1': (() => {
		const types = ourTypes();
		const known: Known = { nodes: {}, credentials: {} };
		const generation = hostModule<{
			createAiTools(t: Types, k: Known): void;
			createHitlTools(t: Types, k: Known): void;
		}>('.n8n-host', 'n8n/dist/tool-generation');
		generation.createAiTools(types, known);
		generation.createHitlTools(types, known);
		return {
			types,
			helpers: hostModule<{ NodeHelpers: NodeHelpers }>('.n8n-host', 'n8n-workflow').NodeHelpers,
		};
	})(),
	'1.123.69': (() => {
		const types = ourTypes();
		const { LoadNodesAndCredentials } = hostModule<{
			LoadNodesAndCredentials: { prototype: Record<string, (...args: unknown[]) => unknown> };
		}>('.n8n-host-1', 'n8n/dist/load-nodes-and-credentials');
		// The loader's own methods on a loader holding only our types (its constructor would start n8n's services).
		const loader = Object.assign(Object.create(LoadNodesAndCredentials.prototype) as object, {
			types,
			known: { nodes: {}, credentials: {} },
		});
		LoadNodesAndCredentials.prototype.createAiTools.call(loader);
		return {
			types,
			helpers: hostModule<{ NodeHelpers: NodeHelpers }>('.n8n-host-1', 'n8n-workflow').NodeHelpers,
		};
	})(),
};

const optionValues = (property: INodeProperties) =>
	((property.options ?? []) as INodePropertyOptions[]).map((option) => option.value);

describe.each(Object.entries(generated))(
	'the node types n8n %s makes of the package',
	(_version, { types, helpers }) => {
		const byName = (name: string) =>
			types.nodes.find((node) => node.name === `n8n-nodes-fax-service.${name}`)!;
		/** The operation pickers a node shows for `resource` (n8n's own display rules, `@tool` included). */
		const shownOperations = (description: INodeTypeDescription, resource: string) =>
			description.properties.filter(
				(property) =>
					property.name === 'operation' &&
					helpers.displayParameter({ resource }, property, { typeVersion: 1 }, description),
			);
		const resources = optionValues(
			new FaxService().description.properties.find((p) => p.name === 'resource')!,
		) as string[];

		test('our nodes and the AI tool variant of the action node, no Human in the Loop variant', () => {
			expect(types.nodes.map((node) => node.name).sort()).toEqual(
				['faxService', 'faxServicePollTrigger', 'faxServiceTool', 'faxServiceTrigger'].map(
					(name) => `n8n-nodes-fax-service.${name}`,
				),
			);
			expect(types.nodes.filter((node) => node.name.endsWith('HitlTool'))).toEqual([]);
		});

		test('no operation option of any node type has the value sendAndWait', () => {
			const operations = types.nodes.flatMap((node) =>
				node.properties.filter((p) => p.name === 'operation'),
			);
			expect(operations.length).toBeGreaterThanOrEqual(2 * resources.length);
			expect(operations.flatMap(optionValues)).not.toContain('sendAndWait');
		});

		test.each([
			['sentFax', 'sendAndWaitForCompletion'],
			['aiDocument', 'uploadAndWaitForResult'],
		])('%s: the node offers %s, its tool variant does not', (resource, wait) => {
			const [inNode] = shownOperations(byName('faxService'), resource);
			expect(shownOperations(byName('faxService'), resource)).toHaveLength(1);
			expect(optionValues(inNode)).toContain(wait);
			const [inTool] = shownOperations(byName('faxServiceTool'), resource);
			expect(shownOperations(byName('faxServiceTool'), resource)).toHaveLength(1);
			expect(optionValues(inTool)).toEqual(optionValues(inNode).filter((value) => value !== wait));
		});

		test('the tool variant offers every other operation of every resource, and no wait operation', () => {
			for (const resource of resources) {
				const tool = shownOperations(byName('faxServiceTool'), resource).flatMap(optionValues);
				const node = shownOperations(byName('faxService'), resource).flatMap(optionValues);
				expect(tool.length).toBeGreaterThan(0);
				expect(tool).toEqual(node.filter((value) => !WAIT_OPERATIONS.includes(value as string)));
			}
		});

		test.each([
			['sentFax', 'send'],
			['sentFax', 'sendAndWaitForCompletion'],
			['sentFax', 'sendAndWait'],
			['sentFax', 'previewPdf'],
			['secureLinkEmail', 'send'],
		])(
			'%s %s: Document Source defaults to Binary File on the node and to Text on the tool; the binary field stays without a Document Source value; cover page and further documents go with every source',
			(resource, operation) => {
				const shown = (name: string, values: Record<string, unknown>, node = 'faxService') =>
					byName(node).properties.filter(
						(p) =>
							p.name === name &&
							helpers.displayParameter(
								{ resource, operation, ...values },
								p,
								{ typeVersion: 1 },
								byName(node),
							),
					);
				expect(shown('documentSource', {}).map((p) => p.default)).toEqual(['binary']);
				expect(shown('documentSource', {}, 'faxServiceTool').map((p) => p.default)).toEqual([
					'text',
				]);
				expect(optionValues(shown('documentSource', {})[0])).toEqual([
					'binary',
					'binaryData',
					'text',
				]);
				// A node saved before Document Source existed has no value for it: the binary field must stay.
				expect(shown('binaryPropertyName', {})).toHaveLength(1);
				expect(shown('binaryPropertyName', { documentSource: 'binary' })).toHaveLength(1);
				expect(shown('binaryPropertyName', { documentSource: 'text' })).toHaveLength(0);
				expect(shown('binaryPropertyName', { documentSource: 'binaryData' })).toHaveLength(0);
				expect(shown('binaryData', { documentSource: 'binaryData' })).toHaveLength(1);
				expect(shown('binaryData', { documentSource: 'binary' })).toHaveLength(0);
				expect(shown('binaryData', {})).toHaveLength(0);
				for (const name of ['text', 'letterOptions']) {
					expect(shown(name, { documentSource: 'text' })).toHaveLength(1);
					expect(shown(name, { documentSource: 'binary' })).toHaveLength(0);
					expect(shown(name, {})).toHaveLength(0);
				}
				// The cover page and further documents go with every source, and on an n8n without '@tool' too.
				for (const name of ['addCoverPage', 'furtherDocuments']) {
					for (const values of [
						{ documentSource: 'text' },
						{ documentSource: 'binary' },
						{ documentSource: 'binaryData' },
						{},
					])
						expect(shown(name, values)).toHaveLength(1);
				}
				for (const documentSource of ['text', 'binary', 'binaryData']) {
					expect(shown('coverPage', { documentSource, addCoverPage: true })).toHaveLength(1);
					expect(shown('coverPage', { documentSource, addCoverPage: false })).toHaveLength(0);
				}
				expect(shown('coverPage', { addCoverPage: true })).toHaveLength(1);
			},
		);

		test("the automatic tool description (what a model reads) is each operation's action", () => {
			const tool = byName('faxServiceTool');
			expect(helpers.makeDescription({ resource: 'sentFax', operation: 'send' }, tool)).toBe(
				`${(shownOperations(tool, 'sentFax')[0].options as INodePropertyOptions[]).find((o) => o.value === 'send')!.action} in Fax Service`,
			);
		});
	},
);
