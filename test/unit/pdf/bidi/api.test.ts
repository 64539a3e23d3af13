/**
 * The bidi module's interface as a letter layout uses it: levels resolved once for a text's
 * paragraphs, each line's visual runs and order after breaking in logical order (L1, L2), mirrored
 * brackets (L4), surrogate pairs, the given directions; and the generated character data it reads
 * (bidi classes, brackets, joining types) on characters whose values Unicode states.
 */
import {
	lineLevels,
	mirroredCodePoint,
	resolveBidi,
	visualOrder,
	visualRuns,
	isAllLeftToRight,
} from '../../../../nodes/shared/pdf/text/bidi';
import {
	BIDI_CLASS_NAMES,
	bidiClass,
	bracketKey,
} from '../../../../nodes/shared/pdf/text/bidi/characters';
// The shaper's reader of the generated joining types (text/joiningTypes.ts).
import { joiningType } from '../../../../nodes/shared/pdf/font/shaping/characters';

/** The line's characters in visual order, mirrored where L4 says, as a string. */
function shown(text: string, start = 0, end = text.length): string {
	const bidi = resolveBidi(text);
	const levels = lineLevels(bidi, start, end);
	return visualOrder(bidi, start, end)
		.map((unit) => {
			const codePoint = text.codePointAt(unit) as number;
			const mirror = levels[unit - start] % 2 === 1 ? mirroredCodePoint(codePoint) : undefined;
			return String.fromCodePoint(mirror ?? codePoint);
		})
		.join('');
}

const className = (character: string) => BIDI_CLASS_NAMES[bidiClass(character.codePointAt(0)!)];

describe('the bidi module', () => {
	test('a paragraph takes the direction of its first strong character, or the one given', () => {
		expect(resolveBidi('123 محمد abc').paragraphs).toEqual([{ start: 0, end: 12, level: 1 }]);
		expect(resolveBidi('(123) abc محمد').paragraphs[0].level).toBe(0);
		expect(resolveBidi('123 ...').paragraphs[0].level).toBe(0);
		expect(resolveBidi('abc', 'rtl').paragraphs[0].level).toBe(1);
		expect(resolveBidi('محمد', 'ltr').paragraphs[0].level).toBe(0);
		// An isolate's content does not decide the paragraph's direction (P2).
		expect(resolveBidi('\u2067abc\u2069 שלום').paragraphs[0].level).toBe(1);
	});

	test('each paragraph separator ends a paragraph with its own direction', () => {
		const text = 'שלום עולם\nHello world\u2029مرحبا';
		const bidi = resolveBidi(text);
		expect(bidi.paragraphs).toEqual([
			{ start: 0, end: 10, level: 1 },
			{ start: 10, end: 22, level: 0 },
			{ start: 22, end: 27, level: 1 },
		]);
		expect(bidi.levels[9]).toBe(1);
		expect(() => lineLevels(bidi, 5, 15)).toThrow(RangeError);
	});

	test('Latin words and numbers keep their order inside right-to-left text', () => {
		// Logical: Hebrew word, Latin words, a number, Hebrew word.
		expect(shown('דוד Aspirin 100 mg כהן')).toBe('ןהכ Aspirin 100 mg דוד');
		// Digits after Arabic letters are Arabic numbers (W2), which a hyphen does not join (W4): a
		// date's parts read right to left, as in every UAX #9 renderer.
		expect(shown('محمد 2026-11-28 علي')).toBe('يلع 28-11-2026 دمحم');
		expect(shown('דוד 2026-11-28 כהן')).toBe('ןהכ 2026-11-28 דוד');
		// Arabic-Indic digits after Arabic letters keep their order too (W2).
		expect(shown('عمر ٤٥ سنة')).toBe('ةنس ٤٥ رمع');
	});

	test('brackets pair across a right-to-left run and are mirrored (N0, L4)', () => {
		expect(shown('محمد (علي) سعيد')).toBe('ديعس (يلع) دمحم');
		expect(shown('שם [Aspirin] כאן')).toBe('ןאכ [Aspirin] םש');
		expect(shown('abc (דוד) def')).toBe('abc (דוד) def');
		expect(mirroredCodePoint(0x28)).toBe(0x29);
		expect(mirroredCodePoint(0xab)).toBe(0xbb);
		expect(mirroredCodePoint(0x41)).toBeUndefined();
	});

	test('lines broken in logical order are each reordered, whitespace at their ends at the paragraph level (L1)', () => {
		const text = 'שלום עולם Hello דוד כהן';
		const bidi = resolveBidi(text);
		// Broken after "עולם " and after "Hello ".
		expect(shown(text, 0, 10)).toBe(' םלוע םולש');
		expect(Array.from(lineLevels(bidi, 0, 10))).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
		expect(Array.from(lineLevels(bidi, 10, 16))).toEqual([2, 2, 2, 2, 2, 1]);
		expect(visualRuns(bidi, 10, 16)).toEqual([
			{ start: 15, end: 16, level: 1 },
			{ start: 10, end: 15, level: 2 },
		]);
		expect(shown(text, 16, text.length)).toBe('ןהכ דוד');
	});

	test('a tab and the spaces before it take the paragraph level (L1)', () => {
		const bidi = resolveBidi('abc אב \tגד');
		expect(Array.from(lineLevels(bidi, 0, 10))).toEqual([0, 0, 0, 0, 1, 1, 0, 0, 1, 1]);
	});

	test('visual runs are the line in visual order, odd ones to be shown reversed', () => {
		const text = 'Patient محمد علي (45) visited';
		const bidi = resolveBidi(text);
		const runs = visualRuns(bidi, 0, text.length);
		// The digits follow Arabic letters, so are Arabic numbers (W2) and, with them, make the
		// parentheses right to left (N0).
		expect(runs.map((run) => [text.slice(run.start, run.end), run.level])).toEqual([
			['Patient ', 0],
			[')', 1],
			['45', 2],
			['محمد علي (', 1],
			[' visited', 0],
		]);
		expect(isAllLeftToRight(bidi)).toBe(false);
		expect(isAllLeftToRight(resolveBidi('Plain (text) 123.'))).toBe(true);
	});

	test('a surrogate pair is one character: one level for both halves, one entry in the order', () => {
		const text = 'אב 𝐀𝐁 גד';
		const bidi = resolveBidi(text);
		expect(bidi.levels.length).toBe(text.length);
		expect(bidi.levels[3]).toBe(bidi.levels[4]);
		expect(shown(text)).toBe('דג 𝐀𝐁 בא');
	});

	test('explicit embeddings, overrides and isolates are honoured', () => {
		// RLO forces right to left; LRI keeps an embedded Latin run in order inside Hebrew.
		expect(shown('\u202eabc\u202c')).toBe('\u202ecba\u202c');
		expect(shown('שלום \u2066a (b) c\u2069 עולם')).toBe('םלוע \u2069a (b) c\u2066 םולש');
	});

	test('the empty text and an empty line have no levels', () => {
		const bidi = resolveBidi('');
		expect(bidi.paragraphs).toEqual([]);
		expect(visualRuns(resolveBidi('abc'), 1, 1)).toEqual([]);
	});
});

describe('the generated character data', () => {
	test.each([
		['A', 'L'],
		['א', 'R'],
		['ب', 'AL'],
		['\u05ff', 'R'],
		['\u07bf', 'AL'],
		['5', 'EN'],
		['٥', 'AN'],
		['۵', 'EN'],
		['+', 'ES'],
		['%', 'ET'],
		['\u20c1', 'ET'],
		[',', 'CS'],
		['\u064e', 'NSM'],
		['\u200c', 'BN'],
		['\uffff', 'BN'],
		['\n', 'B'],
		['\t', 'S'],
		[' ', 'WS'],
		['(', 'ON'],
		['\u2067', 'RLI'],
		['\u2069', 'PDI'],
		['\u{1e900}', 'R'],
		['\u{10ffff}', 'BN'],
		['\u{20000}', 'L'],
	])('%j is %s', (character, name) => {
		expect(className(character)).toBe(name);
	});

	test('brackets pair by kind and by canonical equivalence (BD16)', () => {
		expect(bracketKey(0x28)).toBe(0x28);
		expect(bracketKey(0x29)).toBe(-0x28);
		expect(bracketKey(0x2329)).toBe(0x3008);
		expect(bracketKey(0x3009)).toBe(-0x3008);
		expect(bracketKey(0x232a)).toBe(-0x3008);
		expect(bracketKey(0xab)).toBe(0);
	});

	test.each([
		[0x0628, 'D'],
		[0x0627, 'R'],
		[0x0622, 'R'],
		[0x0621, 'U'],
		[0x0640, 'C'],
		[0x200d, 'C'],
		[0x200c, 'U'],
		[0x064e, 'T'],
		[0x0670, 'T'],
		[0x06cc, 'D'],
		[0x06c1, 'D'],
		[0x0698, 'R'],
		[0x05d0, 'U'],
		[0x0041, 'U'],
		[0x0301, 'T'],
		[0xa872, 'L'],
	])('U+%s joins as %s', (codePoint, type) => {
		expect(joiningType(codePoint)).toBe(type);
	});
});
