import { spawnSync } from 'child_process';
import { join } from 'path';
import { ceiling } from '../harness/machine';

/**
 * n8n's node CLI (@n8n/node-cli) on this checkout: `n8n-node cloud-support` finds it eligible (strict
 * mode, its exact default eslint.config.mjs), and that default config, run by ESLint itself without
 * the per-file config lookup `npm run lint` turns on, passes on everything the package publishes from
 * (nodes/, credentials/, package.json). CONTRIBUTING.md ("Lint and n8n Cloud eligibility") has why the
 * rest of the checkout (sandbox/, test/, scripts/, bench/) is linted by its own config.
 */

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'node_modules', '.bin');

function run(command: string, args: string[]): { status: number | null; output: string } {
	const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
	delete env.ESLINT_FLAGS;
	delete env.NODE_ENV; // eslint-plugin-n8n-nodes-base takes every file for a node file under NODE_ENV=test
	const result = spawnSync(join(BIN, command), args, {
		cwd: ROOT,
		env,
		encoding: 'utf8',
		timeout: ceiling(240_000),
	});
	return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test(
	'n8n-node cloud-support: eligible for n8n Cloud verification',
	() => {
		const { output } = run('n8n-node', ['cloud-support']);
		expect(output).toContain('Strict mode: enabled');
		expect(output).toContain('ESLint config: using default config');
		expect(output).toContain('Status: eligible for n8n Cloud verification');
	},
	ceiling(120_000),
);

test(
	"n8n-node's default config passes on nodes/, credentials/ and package.json, with ESLint's default config lookup",
	() => {
		const { status, output } = run('eslint', [
			'--max-warnings=0',
			'nodes',
			'credentials',
			'package.json',
		]);
		expect(output.trim()).toBe('');
		expect(status).toBe(0);
	},
	ceiling(240_000),
);

test(
	'Prettier (the n8n-nodes-starter settings, .prettierrc.js) finds every file formatted, as npm run lint checks',
	() => {
		const { status, output } = run('prettier', ['--check', '.']);
		expect({ status, output }).toMatchObject({
			status: 0,
			output: expect.stringContaining('All matched files use Prettier code style!'),
		});
	},
	ceiling(120_000),
);
