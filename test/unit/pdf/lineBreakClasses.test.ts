/**
 * The line-breaking classes (nodes/shared/pdf/letter/lineBreakClasses.ts, generated from Unicode's
 * LineBreak.txt) and UAX #14's pair rules over them (lineBreakRules.ts) give UAX #14's answers; that
 * the committed table is the generator's is test/integration/pdf/line-break-classes.test.ts.
 */
import {
	lineBreakClass,
	mayBreakAcrossSpaces,
	mayBreakBetween,
	resolvedClass,
} from '../../../nodes/shared/pdf/letter/lineBreakRules';

const classOf = (character: string) => lineBreakClass(character.codePointAt(0)!);

describe('the generated table of line-breaking classes', () => {
	test.each([
		['(', 'OP'],
		['「', 'OP'],
		['（', 'OP'],
		[')', 'CP'],
		['」', 'CL'],
		['）', 'CL'],
		['，', 'CL'],
		['、', 'CL'],
		['。', 'CL'],
		['!', 'EX'],
		['？', 'EX'],
		[',', 'IS'],
		['/', 'SY'],
		['"', 'QU'],
		['\u00a0', 'GL'],
		['…', 'IN'],
		['々', 'NS'],
		['ー', 'CJ'],
		['っ', 'CJ'],
		['ァ', 'CJ'],
		['-', 'HY'],
		['\u2014', 'B2'],
		['%', 'PO'],
		['$', 'PR'],
		['7', 'NU'],
		['a', 'AL'],
		['é', 'AL'],
		['Ω', 'AL'],
		['山', 'ID'],
		['の', 'ID'],
		['가', 'H2'],
		['각', 'H3'],
		['\u1100', 'JL'],
		['\u1161', 'JV'],
		['\u11a8', 'JT'],
		['\u0301', 'CM'],
		['\u200b', 'ZW'],
		['\u2060', 'WJ'],
		[' ', 'SP'],
		['\u{20000}', 'ID'],
	])('%s is %s', (character, expected) => {
		expect(classOf(character)).toBe(expected);
	});

	test('conditional Japanese starters resolve to non-starters (strict breaking: ー and small kana never start a line)', () => {
		expect(resolvedClass('ー'.codePointAt(0)!)).toBe('NS');
		expect(resolvedClass('ゃ'.codePointAt(0)!)).toBe('NS');
		expect(resolvedClass('山'.codePointAt(0)!)).toBe('ID');
	});
});

describe("UAX #14's pair rules", () => {
	test.each([
		['ID', 'ID', true],
		['ID', 'CL', false], // LB13
		['CL', 'ID', true],
		['OP', 'ID', false], // LB14
		['ID', 'OP', true],
		['ID', 'NS', false], // LB21
		['NS', 'ID', true],
		['ID', 'IN', false], // LB22
		['ID', 'PO', false], // LB23a
		['PR', 'ID', false],
		['AL', 'AL', false], // LB28
		['AL', 'NU', false], // LB23
		['NU', 'ID', true],
		['AL', 'ID', true],
		['ID', 'QU', false], // LB19
		['HY', 'NU', false], // LB25
		['JL', 'JV', false], // LB26
		['H3', 'H2', true],
		['AL', 'GL', false], // LB12a
		['GL', 'AL', false], // LB12
		['ZW', 'CL', true], // LB8
		['ZW', 'ZW', false], // LB7 before LB8
		['AL', 'WJ', false], // LB11
	] as const)('%s then %s: may break %s', (before, after, expected) => {
		expect(mayBreakBetween(before, after)).toBe(expected);
	});

	test.each([
		['AL', 'CL', false], // LB13: "word )"
		['AL', 'IS', false], // "word ,"
		['AL', 'SY', false], // "mg /"
		['OP', 'AL', false], // LB14: "( word"
		['QU', 'OP', false], // LB15
		['CL', 'NS', false], // LB16
		['B2', 'B2', false], // LB17
		['AL', 'AL', true], // LB18
		['AL', 'OP', true],
		['CL', 'AL', true],
		['ID', 'NS', true], // LB21 holds only between neighbours
	] as const)('%s, spaces, %s: may break %s', (before, after, expected) => {
		expect(mayBreakAcrossSpaces(before, after)).toBe(expected);
	});
});
