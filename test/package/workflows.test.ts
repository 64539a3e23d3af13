import { spawnSync } from 'child_process';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

import { readDoc, sectionOf } from '../harness/docs';

/**
 * GitHub's runner runs the workflows as a user whose apt-get cannot install: every workflow that runs
 * suites first installs, with sudo, the Debian packages of the one list (scripts/system-packages.js),
 * and no workflow, nor the README, keeps a package list of its own.
 */

const ROOT = join(__dirname, '..', '..');
const WORKFLOWS = join(ROOT, '.github', 'workflows');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PACKAGES } = require(join(ROOT, 'scripts', 'system-packages.js')) as {
	PACKAGES: Array<{ name: string }>;
};

/** Each workflow's `run:` commands in order, comments left out (a block's lines joined). */
function runCommands(file: string): string[] {
	const lines = readFileSync(join(WORKFLOWS, file), 'utf8').split('\n');
	const commands: string[] = [];
	for (let i = 0; i < lines.length; i++) {
		const run = /^(\s*)(?:- )?run: ?(.*)$/.exec(lines[i]);
		if (!run) continue;
		if (!/^[|>]/.test(run[2])) {
			commands.push(run[2]);
			continue;
		}
		const block: string[] = [];
		while (
			i + 1 < lines.length &&
			(lines[i + 1].trim() === '' || indent(lines[i + 1]) > run[1].length)
		)
			block.push(lines[++i].trim());
		commands.push(block.filter((line) => line && !line.startsWith('#')).join('\n'));
	}
	return commands;
}

const indent = (line: string) => line.length - line.trimStart().length;
const FILES = readdirSync(WORKFLOWS).filter((name) => name.endsWith('.yml'));
const runsSuites = (command: string) => /\.ci\/run|\bnpx jest\b|\bnpm (run )?test\b/.test(command);
const INSTALLS_THE_LIST = /^sudo "\$\(command -v node\)" scripts\/system-packages\.js --install$/;

test('the list names the packages .ci/run installs, and the workflows run suites', () => {
	expect(PACKAGES.map((pkg) => pkg.name)).toEqual(
		expect.arrayContaining(['chromium', 'postgresql', 'redis-server', 'qpdf', 'poppler-utils']),
	);
	expect(readFileSync(join(ROOT, '.ci', 'run'), 'utf8')).toMatch(
		/^node scripts\/system-packages\.js --install$/m,
	);
	expect(FILES.filter((file) => runCommands(file).some(runsSuites)).sort()).toEqual([
		'ci.yml',
		'compat.yml',
	]);
});

test.each(FILES.filter((file) => runCommands(file).some(runsSuites)))(
	'%s installs the Debian packages of scripts/system-packages.js with sudo before any suite runs',
	(file) => {
		const commands = runCommands(file);
		const install = commands.findIndex((command) => INSTALLS_THE_LIST.test(command));
		expect(install).toBeGreaterThanOrEqual(0);
		expect(commands.slice(0, install).filter(runsSuites)).toEqual([]);
	},
);

test.each(FILES)('%s keeps no package list of its own (no apt-get, no package named)', (file) => {
	const names = PACKAGES.map((pkg) => pkg.name);
	const own = runCommands(file).filter(
		(command) =>
			/\bapt(-get)? /.test(command) ||
			names.some((name) => new RegExp(`(^|\\s)${name}(\\s|$)`).test(command)),
	);
	expect(own).toEqual([]);
});

test("the README's Development names the list by the script that prints it, and copies none of it", () => {
	const development = sectionOf(readDoc('README.md'), 'Development');
	expect(development).toContain('`node scripts/system-packages.js --list`');
	const listed = spawnSync(
		process.execPath,
		[join(ROOT, 'scripts', 'system-packages.js'), '--list'],
		{
			encoding: 'utf8',
		},
	);
	expect(listed.stdout.trim().split('\n')).toEqual(PACKAGES.map((pkg) => pkg.name));
	const copied = PACKAGES.map((pkg) => pkg.name).filter((name) =>
		new RegExp(`(^|[^\\w-])${name}([^\\w-]|$)`).test(development),
	);
	expect(copied).toEqual([]);
});
