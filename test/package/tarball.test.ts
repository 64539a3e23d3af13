import { spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import { builtinModules } from 'module';
import { join } from 'path';

import { runPackedPackage, REPO_ROOT, type PackedPackage } from '../harness/package-tarball';
import { ceiling } from '../harness/machine';

/**
 * The verification gate: the package as `npm pack` makes it from a clean copy of the checkout, checked
 * the way n8n checks a community package before verifying it (@n8n/scan-community-package's ESLint
 * rules, on the source and on the packed files), and its file list: what n8n loads, nothing else.
 */

const SCAN_RUNNER = join(REPO_ROOT, 'test', 'harness', 'scan-package.mjs');

interface ScanResult {
	passed: boolean;
	message: string | null;
	details: string | null;
}

/**
 * Runs the scanner (an ES module) in a child Node on a folder; `leg` as in scan-package.mjs. Without
 * jest's NODE_ENV=test: with it, eslint-plugin-n8n-nodes-base takes every file for a node file
 * ("Test.node.ts") and reports rules that do not apply to it.
 */
function scan(folder: string, leg: 'source' | 'tarball' | 'all'): ScanResult {
	const env = { ...process.env };
	delete env.NODE_ENV;
	const result = spawnSync(process.execPath, [SCAN_RUNNER, folder, leg], {
		encoding: 'utf8',
		env,
		timeout: ceiling(240_000),
	});
	if (result.status !== 0)
		throw new Error(`scan-package.mjs ${leg} exited ${result.status}: ${result.stderr}`);
	return JSON.parse(result.stdout.trim().split('\n').pop()!) as ScanResult;
}

const sourcePackageJson = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
	name: string;
	n8n: { nodes: string[]; credentials: string[] };
};

describe('the packed package', () => {
	let packed: PackedPackage;

	beforeAll(async () => {
		packed = await runPackedPackage();
	}, ceiling(300_000));

	afterAll(() => packed?.dispose());

	test('holds every node, its codex and the credential n8n loads, and the icons they name', () => {
		const files = new Set(packed.files);
		for (const node of sourcePackageJson.n8n.nodes) {
			expect(files).toContain(node);
			expect(files).toContain(node.replace(/\.js$/, '.json'));
		}
		for (const credential of sourcePackageJson.n8n.credentials) expect(files).toContain(credential);
		expect(files).toContain('dist/icons/fax-service.svg');
		expect(files).toContain('dist/icons/fax-service.dark.svg');
		for (const always of ['package.json', 'README.md', 'LICENSE.md'])
			expect(files).toContain(always);
	});

	test('holds nothing but dist/ and the three files npm always adds', () => {
		const outside = packed.files.filter(
			(file) =>
				!file.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE.md'].includes(file),
		);
		expect(outside).toEqual([]);
		// dist/ holds compiled JavaScript, codex JSON and icons: no TypeScript (sources or .d.ts: n8n loads
		// the .js by path and nobody imports this package as a library), no source maps.
		const unexpected = packed.files.filter(
			(file) => file.startsWith('dist/') && !/\.(js|json|svg|png)$/.test(file),
		);
		expect(unexpected).toEqual([]);
		const devTooling = packed.files.filter(
			(file) =>
				/(^|\/)(test|sandbox|scripts|bench|examples)\//.test(file) ||
				/\.(test|spec)\.js$/.test(file),
		);
		expect(devTooling).toEqual([]);
	});

	test('its JavaScript requires no package but the peer n8n-workflow (and Node built-ins)', () => {
		const required = new Set<string>();
		for (const file of packed.files.filter((f) => f.endsWith('.js'))) {
			const source = readFileSync(join(packed.unpackedDir, file), 'utf8');
			for (const match of source.matchAll(/require\("([^".][^"]*)"\)/g)) required.add(match[1]);
		}
		const packages = [...required].filter(
			(name) => !builtinModules.includes(name.replace(/^node:/, '')),
		);
		expect(packages).toEqual(['n8n-workflow']);
	});

	test('its package.json: no runtime dependencies, n8n-workflow as a peer, nothing that installs or runs', () => {
		const packageJson = JSON.parse(
			readFileSync(join(packed.unpackedDir, 'package.json'), 'utf8'),
		) as Record<string, unknown>;
		expect(packageJson.dependencies).toBeUndefined();
		expect(packageJson.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		// Optional: npm installs nothing beside the package (n8n provides n8n-workflow); README, "Install".
		expect(packageJson.peerDependenciesMeta).toEqual({ 'n8n-workflow': { optional: true } });
		expect(packageJson.keywords).toContain('n8n-community-node-package');
		const scripts = (packageJson.scripts ?? {}) as Record<string, string>;
		for (const hook of ['preinstall', 'install', 'postinstall', 'prepare'])
			expect(scripts[hook]).toBeUndefined();
	});

	test(
		"n8n's scanner rules pass on the source (nodes, credentials, package.json), as its source leg runs them",
		() => {
			const result = scan(REPO_ROOT, 'source');
			expect(result.details ?? '').toBe('');
			expect(result).toMatchObject({ passed: true });
		},
		ceiling(240_000),
	);

	test(
		"n8n's scanner rules pass on the packed files: its tarball leg (.js, package.json) and every .js/.ts/.json file",
		() => {
			for (const leg of ['tarball', 'all'] as const) {
				const result = scan(packed.unpackedDir, leg);
				expect({ leg, details: result.details ?? '' }).toEqual({ leg, details: '' });
				expect(result).toMatchObject({ passed: true });
			}
		},
		ceiling(240_000),
	);
});
