import { existsSync, readFileSync } from 'fs';
import { join } from 'path';

import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { anchorsOf } from '../harness/docs';

import { FaxService } from '../../nodes/FaxService/FaxService.node';
import { FaxServicePollTrigger } from '../../nodes/FaxServicePollTrigger/FaxServicePollTrigger.node';
import { FaxServiceTrigger } from '../../nodes/FaxServiceTrigger/FaxServiceTrigger.node';

/**
 * Every node the package declares has a codex (`<Node>.node.json` beside its source, copied to dist/ by
 * gulpfile.js): n8n reads its categories, documentation links and aliases for the node panel. Its
 * `nodeVersion` names the node's newest version, its links lead to sections the README has.
 */

const ROOT = join(__dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	name: string;
	n8n: { nodes: string[] };
};

interface Codex {
	node: string;
	nodeVersion: string;
	codexVersion: string;
	categories: string[];
	resources: {
		primaryDocumentation: Array<{ url: string }>;
		credentialDocumentation: Array<{ url: string }>;
	};
	alias: string[];
}

const NODE_CLASSES: Record<string, new () => INodeType> = {
	FaxService,
	FaxServiceTrigger,
	FaxServicePollTrigger,
};

/** The newest version a node description offers (its defaultVersion when it has several). */
function newestVersion(description: INodeTypeDescription): number {
	const versions = Array.isArray(description.version) ? description.version : [description.version];
	return description.defaultVersion ?? Math.max(...versions);
}

const readmeAnchors = anchorsOf(readFileSync(join(ROOT, 'README.md'), 'utf8'));

describe.each(packageJson.n8n.nodes)('codex of %s', (distPath) => {
	const sourceBase = distPath.replace(/^dist\//, '').replace(/\.js$/, '');
	const className = sourceBase
		.split('/')
		.pop()!
		.replace(/\.node$/, '');
	const codexFile = join(ROOT, `${sourceBase}.json`);
	const codex = (): Codex => JSON.parse(readFileSync(codexFile, 'utf8')) as Codex;
	const description = (): INodeTypeDescription => new NODE_CLASSES[className]().description;

	test('exists beside the node and is built into dist/', () => {
		expect(NODE_CLASSES[className]).toBeDefined();
		expect(existsSync(codexFile)).toBe(true);
		expect(existsSync(join(ROOT, distPath.replace(/\.js$/, '.json')))).toBe(true);
	});

	test("names the node's type and newest version", () => {
		expect(codex().node).toBe(`${packageJson.name}.${description().name}`);
		expect(Number(codex().nodeVersion)).toBe(newestVersion(description()));
		expect(codex().nodeVersion).toMatch(/^\d+\.\d+$/);
		expect(codex().codexVersion).toBe('1.0');
	});

	test('has categories, aliases and documentation links to sections of the README', () => {
		expect(codex().categories.length).toBeGreaterThan(0);
		expect(codex().alias.length).toBeGreaterThan(0);
		const urls = [
			...codex().resources.primaryDocumentation,
			...codex().resources.credentialDocumentation,
		].map((link) => link.url);
		expect(urls.length).toBe(2);
		for (const url of urls) {
			const [page, anchor] = url.split('#');
			expect(page).toBe(`https://www.npmjs.com/package/${packageJson.name}`);
			expect([...readmeAnchors]).toContain(anchor);
		}
	});
});
