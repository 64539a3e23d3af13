/**
 * The shape of nodes/: the shared code in folders by concern, imports flowing one way. Reads every
 * import of every module (type-only ones too, and `export … from`) with TypeScript's own pre-processor.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const NODES = path.join(ROOT, 'nodes');
const SHARED = path.join(NODES, 'shared');

/**
 * Each folder of nodes/shared/ and its layer: a folder may import only folders of a lower layer, so two
 * folders of one layer never import each other. CONTRIBUTING.md (Layout) and each folder's index.ts say the same.
 */
const LAYERS: Record<string, number> = {
	compat: 0,
	credentials: 0,
	pdf: 0,
	records: 0,
	execution: 1,
	validation: 1,
	parameters: 2,
	callbacks: 2,
	transport: 2,
	lists: 3,
};

function modulesUnder(folder: string): string[] {
	return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		if (entry.isDirectory()) return modulesUnder(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

function resolveModule(from: string, specifier: string): string | undefined {
	if (!specifier.startsWith('.')) return undefined;
	const base = path.resolve(path.dirname(from), specifier);
	for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')])
		if (fs.existsSync(candidate)) return candidate;
	throw new Error(`${path.relative(ROOT, from)} imports ${specifier}, which is not a module`);
}

const modules = modulesUnder(NODES);
const imports = new Map<string, string[]>(
	modules.map((file) => {
		const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, false);
		const targets = info.importedFiles
			.map((imported) => resolveModule(file, imported.fileName))
			.filter((target): target is string => target !== undefined);
		return [file, targets];
	}),
);
const relative = (file: string) => path.relative(ROOT, file);
/** The folder of nodes/shared/ a module is in, or undefined outside it. */
const sharedFolder = (file: string) =>
	file.startsWith(SHARED + path.sep) ? path.relative(SHARED, file).split(path.sep)[0] : undefined;
const edges = [...imports].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

/** The node folder of nodes/ a module is in (FaxService, FaxServiceTrigger, …), or undefined in nodes/shared/. */
const nodeFolder = (file: string) => {
	const folder = path.relative(NODES, file).split(path.sep)[0];
	return folder === 'shared' ? undefined : folder;
};

/** Imports from one node's folder into another's: what a node shares with another belongs in nodes/shared/. */
function nodeToNodeImports(importEdges: ReadonlyArray<{ from: string; to: string }>): string[] {
	return importEdges
		.filter(
			({ from, to }) =>
				nodeFolder(from) !== undefined &&
				nodeFolder(to) !== undefined &&
				nodeFolder(from) !== nodeFolder(to),
		)
		.map(
			({ from, to }) =>
				`${relative(from)} (${nodeFolder(from)}) imports ${relative(to)} (${nodeFolder(to)})`,
		);
}

describe('nodes/ architecture', () => {
	it('reads the imports it checks', () => {
		// A guard for the checks below: they see the modules and their imports.
		expect(modules.length).toBeGreaterThan(60);
		expect(imports.get(path.join(SHARED, 'transport', 'apiRequest.ts'))).toContain(
			path.join(SHARED, 'execution', 'index.ts'),
		);
	});

	it('has no import cycle, type-only imports included', () => {
		const cycles: string[] = [];
		const state = new Map<string, 'open' | 'done'>();
		const visit = (file: string, trail: string[]) => {
			if (state.get(file) === 'done') return;
			if (state.get(file) === 'open') {
				cycles.push([...trail.slice(trail.indexOf(file)), file].map(relative).join(' -> '));
				return;
			}
			state.set(file, 'open');
			for (const target of imports.get(file) ?? []) visit(target, [...trail, file]);
			state.set(file, 'done');
		};
		for (const file of modules) visit(file, []);
		expect(cycles).toEqual([]);
	});

	it('gives every folder of nodes/shared/ a layer, and an index.ts that states it', () => {
		const folders = fs.readdirSync(SHARED, { withFileTypes: true });
		expect(folders.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
		expect(folders.map((entry) => entry.name).sort()).toEqual(Object.keys(LAYERS).sort());
		for (const [folder, layer] of Object.entries(LAYERS)) {
			const header = fs.readFileSync(path.join(SHARED, folder, 'index.ts'), 'utf8').split('*/')[0];
			expect(`${folder}: ${/layer (\d)/.exec(header)?.[1]}`).toBe(`${folder}: ${layer}`);
		}
	});

	it('imports only downwards between the folders of nodes/shared/, never into a node', () => {
		const wrong = edges.flatMap(({ from, to }) => {
			const source = sharedFolder(from);
			if (source === undefined) return [];
			const target = sharedFolder(to);
			if (target === undefined)
				return [`${relative(from)} imports the node module ${relative(to)}`];
			if (target !== source && LAYERS[target] >= LAYERS[source]) {
				return [
					`${relative(from)} (${source}, layer ${LAYERS[source]}) imports ${relative(to)} (${target}, layer ${LAYERS[target]})`,
				];
			}
			return [];
		});
		expect(wrong).toEqual([]);
	});

	it('reaches a folder of nodes/shared/ from outside it only through its index.ts', () => {
		const deep = edges
			.filter(({ from, to }) => {
				const target = sharedFolder(to);
				return (
					target !== undefined &&
					sharedFolder(from) !== target &&
					to !== path.join(SHARED, target, 'index.ts')
				);
			})
			.map(({ from, to }) => `${relative(from)} -> ${relative(to)}`);
		expect(deep).toEqual([]);
	});

	it("lets no node import another node's files", () => {
		expect(nodeToNodeImports(edges)).toEqual([]);
	});

	it("catches a node that imports another node's files (a planted import)", () => {
		const poll = path.join(NODES, 'FaxServicePollTrigger', 'feeds.ts');
		const action = path.join(NODES, 'FaxService', 'actions', 'fields.ts');
		const shared = path.join(SHARED, 'parameters', 'index.ts');
		expect(
			nodeToNodeImports([...edges, { from: poll, to: action }, { from: poll, to: shared }]),
		).toEqual([
			'nodes/FaxServicePollTrigger/feeds.ts (FaxServicePollTrigger) imports nodes/FaxService/actions/fields.ts (FaxService)',
		]);
	});
});
