import { spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';
import { ceiling } from '../harness/machine';

/**
 * Publishing goes through GitHub Actions only (scripts/release.js, .github/workflows/publish.yml): a
 * hand `npm publish` stops at prepublishOnly, and the release refuses a tag that is not the version.
 */

const ROOT = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { releaseProblem } = require(join(ROOT, 'scripts', 'release.js')) as {
	releaseProblem(env: Record<string, string | undefined>): string | null;
};
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	version: string;
};

test(
	'`npm publish` by hand stops at prepublishOnly (checked with --dry-run: nothing leaves the machine)',
	() => {
		const result = spawnSync('npm', ['publish', '--dry-run'], {
			cwd: ROOT,
			encoding: 'utf8',
			timeout: ceiling(120_000),
		});
		expect(result.status).not.toBe(0);
		expect(result.stderr + result.stdout).toContain('`npm publish` by hand is refused');
	},
	ceiling(120_000),
);

test('the release runs only in GitHub Actions, on a tag equal to the version', () => {
	expect(releaseProblem({})).toMatch(/publish\.yml/);
	expect(
		releaseProblem({ GITHUB_ACTIONS: 'true', GITHUB_REF_TYPE: 'branch', GITHUB_REF_NAME: 'main' }),
	).toMatch(/is not package\.json's version/);
	expect(
		releaseProblem({
			GITHUB_ACTIONS: 'true',
			GITHUB_REF_TYPE: 'tag',
			GITHUB_REF_NAME: `v${version}`,
		}),
	).toMatch(/is not package\.json's version/);
});

test('the version being released has its CHANGELOG section', () => {
	expect(
		releaseProblem({ GITHUB_ACTIONS: 'true', GITHUB_REF_TYPE: 'tag', GITHUB_REF_NAME: version }),
	).toBeNull();
});

test('the publish workflow publishes with provenance from a version tag', () => {
	const workflow = readFileSync(join(ROOT, '.github', 'workflows', 'publish.yml'), 'utf8');
	expect(workflow).toMatch(/tags:\s*\n\s*- '\*\.\*\.\*'/);
	expect(workflow).toMatch(/id-token: write/);
	expect(workflow).toMatch(/run: npm run release/);
	expect(readFileSync(join(ROOT, 'scripts', 'release.js'), 'utf8')).toMatch(
		/'publish', tarball, '--provenance'/,
	);
});
