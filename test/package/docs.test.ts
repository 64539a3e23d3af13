import { existsSync, readFileSync } from 'fs';
import { dirname, join, normalize } from 'path';

import type { INodeProperties } from 'n8n-workflow';

import { RECORD_KINDS, type RecordKind } from '../../nodes/shared/records';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { COMPAT_VERSIONS } = require('../../scripts/n8n-host/hosts') as {
	COMPAT_VERSIONS: string[];
};
import {
	ALL_FIELDS,
	NODE_DESCRIPTIONS,
	optionsOf,
	operationsByResource,
	SHOWN_NAMES,
	type Field,
} from '../harness/descriptions';
import {
	anchorsOf,
	boldSpansOf,
	fencedBlocks,
	headingsOf,
	linksOf,
	plainProseOf,
	PROJECT_DOCS,
	proseOf,
	readDoc,
	REPO_ROOT,
	sectionOf,
	USER_DOCS,
} from '../harness/docs';

/**
 * What README.md and docs/ say of the nodes is what the nodes' descriptions hold: every link and
 * picture leads somewhere, every name in bold in the README is a field, option or node a user sees,
 * every "Resource → Operation" exists, the operations reference lists every operation and each
 * operation's every field, the Simplified table is the code's, and the defaults they state are the
 * descriptions' defaults. (The Quick start runs in real n8n: test/e2e/registry-install.test.ts.)
 */

const README = readDoc('README.md');
/** What must name today's operations and keys: all but the CHANGELOG, which keeps the names of its time. */
const CURRENT_DOCS = PROJECT_DOCS.filter((file) => file !== 'CHANGELOG.md');
const [ACTION] = NODE_DESCRIPTIONS;
const RESOURCES = operationsByResource();

/** Names n8n itself shows around our nodes (its menus, its tool variant, its own nodes). */
const N8N_NAMES = new Set([
	'AI Agent',
	'MCP Server Trigger',
	'Fax Service Tool',
	'Production URL',
	'Webhook URLs',
]);

/** Fields every operation of a kind has, told once for all (docs/operations.md and errors-and-retries.md). */
const GENERAL_FIELDS = new Set([
	'Request Options',
	'Output',
	'Fields',
	'Patient Data for the Model',
]);

/** Keys the nodes output besides the service's record fields (Send's answer, waits, previews, triggers, error output). */
const OUTPUT_KEYS = ['faxId', 'message', 'timedOut', 'numPages', 'eventType', 'verified', 'error'];

const DEFAULT_CLAIMS: Array<{
	file: string;
	says: string;
	field: string;
	node: unknown;
	tool?: unknown;
}> = [
	{
		file: 'README.md',
		says: '**Requests in Parallel** at a time (default **20**)',
		field: 'Fax Service.requestsInParallel',
		node: 20,
	},
	{
		file: 'README.md',
		says: "**Raw** (every field, the node's default), **Simplified** (the fields most workflows need; the AI tool's default)",
		field: 'Fax Service.output',
		node: 'raw',
		tool: 'simple',
	},
	{
		file: 'docs/letters.md',
		says: 'Font Size (9–16 pt, default 11)',
		field: 'Fax Service.fontSize',
		node: 11,
	},
	{
		file: 'docs/letters.md',
		says: '**Text Format**: **Plain** (the default on the node',
		field: 'Fax Service.textFormat',
		node: 'plain',
		tool: 'markdown',
	},
	{
		file: 'docs/packets.md',
		says: '**Add Cover Page** (default off)',
		field: 'Fax Service.addCoverPage',
		node: false,
	},
];

/** The top-level fields an operation shows (and the fields of its collections), on the node or the tool. */
function fieldsOfOperation(resource: string, operation: string): Field[] {
	const resourceValue = optionsOf(ACTION.properties.find((p) => p.name === 'resource')!).find(
		(option) => option.name === resource,
	)!.value;
	const operationValue = ACTION.properties
		.filter((p) => p.name === 'operation')
		.flatMap(optionsOf)
		.find((option) => option.name === operation)!.value;
	const shown = (property: INodeProperties) => {
		const show = property.displayOptions?.show ?? {};
		return (
			(show.resource as unknown[] | undefined)?.includes(resourceValue) !== false &&
			(show.operation as unknown[] | undefined)?.includes(operationValue) !== false &&
			show.resource !== undefined
		);
	};
	const top = ACTION.properties.filter(
		(p) => shown(p) && p.type !== 'notice' && !['resource', 'operation'].includes(p.name),
	);
	return ALL_FIELDS.filter(
		({ owner, property, root }) =>
			owner === ACTION.displayName && property.type !== 'notice' && top.includes(root),
	);
}

describe('links and pictures', () => {
	test.each(PROJECT_DOCS)(
		'%s: every link to a file of this repository, and its anchor, exists',
		(file) => {
			const broken: string[] = [];
			for (const { target } of linksOf(readDoc(file))) {
				if (/^[a-z]+:/.test(target)) continue;
				const [path, anchor] = target.split('#');
				const resolved = path ? normalize(join(dirname(file), path)) : file;
				if (!existsSync(join(REPO_ROOT, resolved))) broken.push(`${target}: no ${resolved}`);
				else if (anchor && !anchorsOf(readDoc(resolved)).has(anchor))
					broken.push(`${target}: no heading with anchor #${anchor} in ${resolved}`);
			}
			expect(broken).toEqual([]);
		},
	);

	test.each(PROJECT_DOCS)(
		'%s: every "README, Section" it names is a section of the README (moved ones are links)',
		(file) => {
			const sections = headingsOf(README).flatMap(({ title }) => [title, title.split(':')[0]]);
			const wrong = [
				...plainProseOf(readDoc(file))
					.replace(/\s+/g, ' ')
					.matchAll(/\bREADME(?:'s|,| \() ?(?:[*"“]([^*"”]{1,60})|([A-Z][^*"”]{0,60}))/g),
			]
				.map(([, quoted, named]) => quoted ?? named)
				.filter((said) => !sections.some((title) => said.startsWith(title)));
			expect(wrong).toEqual([]);
		},
	);

	test.each(PROJECT_DOCS)('%s: no placeholder left in its prose', (file) => {
		// A name of a setting or a file is written as code; a bare FRESH_CI-like word is a value to fill in.
		const placeholders = plainProseOf(readDoc(file))
			.split('\n')
			.flatMap((line, index) =>
				[...line.matchAll(/\b(?:TODO|TBD|FIXME|XXX|[A-Z][A-Z0-9]*_[A-Z0-9_]+)\b|\?\?\?/g)].map(
					([token]) => `line ${index + 1}: ${token}`,
				),
			);
		expect(placeholders).toEqual([]);
	});

	test('the README shows three pictures of docs/images/, each a PNG', () => {
		const images = linksOf(README).filter((link) => link.image);
		expect(images.map((image) => image.target).sort()).toEqual([
			'docs/images/preview-packet.png',
			'docs/images/send-letter.png',
			'docs/images/trigger-production-url.png',
		]);
		for (const { target } of images)
			expect(readFileSync(join(REPO_ROOT, target)).subarray(1, 4).toString()).toBe('PNG');
	});

	test('every file of docs/ is linked from the README', () => {
		const linked = new Set(linksOf(README).map((link) => link.target.split('#')[0]));
		expect(USER_DOCS.filter((file) => file !== 'README.md' && !linked.has(file))).toEqual([]);
	});
});

describe('the README', () => {
	test('is short: at most 300 lines', () => {
		expect(README.split('\n').length).toBeLessThanOrEqual(300);
	});

	test("puts in bold only what a user sees by that name: our nodes' fields and options, n8n's own, or a number", () => {
		const unknown = boldSpansOf(README).filter(
			(span) => !SHOWN_NAMES.has(span) && !N8N_NAMES.has(span) && !/^[\d.]+$/.test(span),
		);
		expect(unknown).toEqual([]);
	});

	test('the operations table lists every resource with exactly its operations', () => {
		const rows = sectionOf(README, 'Operations')
			.split('\n')
			.filter((line) => /^\| [A-Z]/.test(line) && !line.startsWith('| Resource'));
		const listed = new Map(
			rows.map((row) => {
				const [, resource, operations] = row.split('|').map((cell) => cell.trim());
				return [resource, [...operations.matchAll(/\*\*([^*]+)\*\*/g)].map(([, name]) => name)];
			}),
		);
		expect([...listed.keys()]).toEqual([...RESOURCES.keys()]);
		for (const [resource, operations] of RESOURCES)
			expect([...listed.get(resource)!].sort()).toEqual([...operations].sort());
	});

	test("the Docker block runs, inside n8n's container, exactly the by-hand install", () => {
		const lines = (block: string) =>
			block
				.split('\n')
				.map((line) => line.trim())
				.filter((line) => line && !line.startsWith('#'));
		const [byHand] = fencedBlocks(sectionOf(README, 'By hand'), 'bash');
		const [docker] = fencedBlocks(sectionOf(README, 'Docker'), 'bash');
		const inside = /^docker exec -it (\S+) sh -c '([^']+)'$/.exec(lines(docker)[0]);
		expect(inside?.[2].split(' && ')).toEqual(lines(byHand).join(' && ').split(' && '));
		expect(lines(docker)[1]).toBe(`docker restart ${inside![1]}`);
	});

	test('Compatibility names the n8n releases the suites install, oldest first', () => {
		const hostFile = (folder: string) =>
			(
				JSON.parse(readFileSync(join(REPO_ROOT, folder, 'package.json'), 'utf8')) as {
					dependencies: Record<string, string>;
				}
			).dependencies.n8n;
		const tested = [...COMPAT_VERSIONS, hostFile('.n8n-host-1'), hostFile('.n8n-host')].sort(
			(a: string, b: string) => a.localeCompare(b, 'en', { numeric: true }),
		);
		const said = /Tested on ([\d., and]+) \(newest\)/.exec(
			sectionOf(README, 'Compatibility').replace(/\s+/g, ' '),
		)?.[1];
		expect(said?.split(/, | and /)).toEqual(tested);
	});

	test("the Text field's link to which characters print leads to a section the README has", () => {
		const hint = ACTION.properties.find((p) => p.name === 'text')!.hint!;
		const anchor = /href="https:\/\/www\.npmjs\.com\/package\/n8n-nodes-fax-service#([\w-]+)"/.exec(
			hint,
		)?.[1];
		expect([...anchorsOf(README)]).toContain(anchor);
	});

	test('the codex links (the node panel\'s "Documentation") lead to sections the README has', () => {
		for (const node of ['FaxService', 'FaxServiceTrigger', 'FaxServicePollTrigger']) {
			const codex = JSON.parse(
				readFileSync(join(REPO_ROOT, 'nodes', node, `${node}.node.json`), 'utf8'),
			) as { resources: Record<string, Array<{ url: string }>> };
			for (const { url } of Object.values(codex.resources).flat())
				expect([...anchorsOf(README)]).toContain(url.split('#')[1]);
		}
	});
});

describe('names and defaults in README.md, docs/ and CONTRIBUTING.md', () => {
	test.each(CURRENT_DOCS)(
		'%s: every "Resource → Operation" names an operation of that resource',
		(file) => {
			const wrong: string[] = [];
			const text = proseOf(readDoc(file));
			for (const [resource, operations] of RESOURCES)
				for (const match of text.matchAll(new RegExp(`${resource} → ([^*_|\\n]+)`, 'g'))) {
					const said = match[1];
					if (!operations.some((operation) => said.startsWith(operation)))
						wrong.push(`${resource} → ${said.slice(0, 40)}`);
				}
			expect(wrong).toEqual([]);
		},
	);

	test('docs/operations.md lists every operation, each with every field it has', () => {
		const table = readDoc('docs/operations.md')
			.split('\n')
			.map((line) => line.split('|').map((cell) => cell.trim()))
			.filter((cells) => cells.length === 6 && RESOURCES.has(cells[1]))
			.map(([, resource, operation, , fields]) => ({ resource, operation, fields }));
		expect(table.map(({ resource, operation }) => `${resource} → ${operation}`).sort()).toEqual(
			[...RESOURCES].flatMap(([r, ops]) => ops.map((op) => `${r} → ${op}`)).sort(),
		);
		const cellOf = (resource: string, operation: string) =>
			table.find((row) => row.resource === resource && row.operation === operation)!.fields;
		const missing: string[] = [];
		for (const { resource, operation, fields } of table) {
			// "Send's fields": the row of that resource's Send counts as this row's too.
			const said = fields.includes("Send's") ? `${fields} ${cellOf(resource, 'Send')}` : fields;
			for (const { property, within } of fieldsOfOperation(resource, operation)) {
				if (GENERAL_FIELDS.has(within[0] ?? property.displayName)) continue;
				if (property.type === 'collection' || property.type === 'fixedCollection') continue;
				if (!said.includes(property.displayName))
					missing.push(`${resource} → ${operation}: ${property.displayName}`);
			}
		}
		expect(missing).toEqual([]);
	});

	test("docs/operations.md's Simplified table is what the code keeps, with each record's field count", () => {
		const rows = readDoc('docs/operations.md')
			.split('\n')
			.filter((line) => /^\| [^|]*\(\d+ fields\)/.test(line) && !line.includes('whole record'));
		const kinds = (Object.values(RECORD_KINDS) as RecordKind[]).filter((kind) => kind.simplified);
		expect(rows).toHaveLength(kinds.length);
		for (const kind of kinds) {
			const name = kind.label.replace(/^an? /, '');
			const row = rows.find((line) => line.toLowerCase().startsWith(`| ${name.toLowerCase()} (`))!;
			expect(row).toContain(`(${kind.fields.length} fields)`);
			const kept = [...row.split('|')[2].matchAll(/`(\w+)`/g)].map(([, name]) => name);
			expect(kept).toEqual([...kind.simplified!]);
		}
	});

	test.each(CURRENT_DOCS)('%s: every {{ $json.<key> }} is a key the nodes output', (file) => {
		const outputKeys = new Set([
			...Object.values(RECORD_KINDS).flatMap((kind) => [...kind.fields]),
			...OUTPUT_KEYS,
		]);
		// Prose only: the diagrams in code blocks also show n8n's own nodes' keys.
		const keys = [...proseOf(readDoc(file)).matchAll(/\{\{ ?\$json\.(\w+)/g)].map(([, key]) => key);
		expect(keys.filter((key) => !outputKeys.has(key))).toEqual([]);
	});

	test.each(DEFAULT_CLAIMS)('$file says "$says"', ({ file, says, field, node, tool }) => {
		expect(readDoc(file).replace(/\s+/g, ' ')).toContain(says);
		const [owner, name] = field.split('.');
		const fields = ALL_FIELDS.filter(
			(f) => f.owner === owner && (f.property.name === name || f.property.displayName === name),
		);
		expect(fields.length).toBeGreaterThan(0);
		const defaults = (onTool: boolean) =>
			new Set(
				fields
					.filter(({ property }) => {
						// n8n shows a field on the tool variant when '@tool' is true, on the node when false.
						const show = property.displayOptions?.show?.['@tool'] as unknown[] | undefined;
						const hide = property.displayOptions?.hide?.['@tool'] as unknown[] | undefined;
						return (show?.includes(onTool) ?? true) && !(hide?.includes(onTool) ?? false);
					})
					.map(({ property }) => property.default as unknown),
			);
		expect([...defaults(false)]).toEqual([node]);
		if (tool !== undefined) expect([...defaults(true)]).toEqual([tool]);
	});
});
