import { readIndirectObject } from '../../../../nodes/shared/pdf/read/indirect';
import { PdfLexer } from '../../../../nodes/shared/pdf/read/lexer';
import type { PdfValue } from '../../../../nodes/shared/pdf/read/objects';
import {
	PdfDict,
	PdfName,
	PdfRef,
	PdfStream,
	PdfString,
	contiguous,
} from '../../../../nodes/shared/pdf/read/objects';
import { documentError } from '../../../harness/pdf/documentError';

/**
 * The PDF syntax of ISO 32000-1 sections 7.2-7.3, mostly with the standard's own examples: every kind
 * of value, the escapes, and what breaks a file.
 */

type Plain =
	| null
	| boolean
	| number
	| string
	| { name: string }
	| { ref: [number, number] }
	| Plain[]
	| { [key: string]: Plain };

/** A value as plain data to compare: a string object becomes its bytes as latin1 text. */
function plain(value: PdfValue): Plain {
	if (value instanceof PdfName) return { name: value.value };
	if (value instanceof PdfString) return Buffer.from(value.bytes).toString('latin1');
	if (value instanceof PdfRef) return { ref: [value.objectNumber, value.generation] };
	if (Array.isArray(value)) return value.map(plain);
	if (value instanceof PdfDict)
		return Object.fromEntries([...value.entries].map(([key, item]) => [key, plain(item)]));
	if (value instanceof PdfStream) throw new Error('no stream expected');
	return value;
}

const read = (text: string): Plain => plain(new PdfLexer(Buffer.from(text, 'latin1')).readValue());

describe('values (section 7.3)', () => {
	test.each([
		['123', 123],
		['43445', 43445],
		['+17', 17],
		['-98', -98],
		['0', 0],
		['34.5', 34.5],
		['-3.62', -3.62],
		['+123.6', 123.6],
		['4.', 4],
		['-.002', -0.002],
		['.5', 0.5],
		['-3.', -3],
		['+1', 1],
		['0.0', 0],
		['007', 7],
	])('number %s', (text, value) => expect(read(text)).toBe(value));

	test.each([
		['true', true],
		['false', false],
		['null', null],
	])('%s', (text, value) => expect(read(text)).toBe(value));

	test.each([
		['/Name1', 'Name1'],
		['/A;Name_With-Various***Characters?', 'A;Name_With-Various***Characters?'],
		['/1.2', '1.2'],
		['/.notdef', '.notdef'],
		['/Lime#20Green', 'Lime Green'],
		['/paired#28#29parentheses', 'paired()parentheses'],
		['/The_Key_of_F#23_Minor', 'The_Key_of_F#_Minor'],
		['/A#42', 'AB'],
		['/caf#e9', 'caf\u00e9'],
		['/ ', ''],
	])('name %s', (text, name) => expect(read(text)).toEqual({ name }));

	test.each([
		['(This is a string)', 'This is a string'],
		[
			'(Strings may contain balanced parentheses ( ) and special characters (*!&}^% and so on).)',
			'Strings may contain balanced parentheses ( ) and special characters (*!&}^% and so on).',
		],
		['()', ''],
		['(escapes \\n\\r\\t\\b\\f\\(\\)\\\\ end)', 'escapes \n\r\t\b\f()\\ end'],
		['(octal \\0053 \\53 \\053 \\5x \\376)', 'octal \u00053 + + \u0005x \u00fe'],
		['(These \\\ntwo strings \\\r\nare the same.)', 'These two strings are the same.'],
		['(line\r\nends\rare\nline feeds)', 'line\nends\nare\nline feeds'],
		['(an unknown escape \\q keeps the q)', 'an unknown escape q keeps the q'],
		['(a right paren \\) alone)', 'a right paren ) alone'],
	])('literal string %j', (text, bytes) => expect(read(text)).toBe(bytes));

	test.each([
		['<4E6F762073686D6F7A206B6120706F702E>', 'Nov shmoz ka pop.'],
		['<901FA3>', '\u0090\u001f\u00a3'],
		['<901FA>', '\u0090\u001f\u00a0'],
		['<41 42\n4 3>', 'ABC'],
		['<>', ''],
		['<6162ff>', 'ab\u00ff'],
	])('hex string %s', (text, bytes) => expect(read(text)).toBe(bytes));

	test('an array of each kind, nested, with references among numbers', () => {
		expect(read('[549 3.14 false (Ralph) /SomeName [1 0 R 2 0 R 3 4 5] null]')).toEqual([
			549,
			3.14,
			false,
			'Ralph',
			{ name: 'SomeName' },
			[{ ref: [1, 0] }, { ref: [2, 0] }, 3, 4, 5],
			null,
		]);
		expect(read('[12 0 R]')).toEqual([{ ref: [12, 0] }]);
		expect(read('[12 0]')).toEqual([12, 0]);
		expect(read('[1 2 R]')).toEqual([{ ref: [1, 2] }]);
		// A signed number starts no reference: the R is then a stray token.
		expect(documentError(() => read('[-1 0 R]')).reason).toBe('damaged');
	});

	test("the standard's dictionary example; a null value is no entry", () => {
		expect(
			read(
				'<< /Type /Example /Subtype /DictionaryExample /Version 0.01 /IntegerItem 12 /StringItem (a string) /Subdictionary << /Item1 0.4 /Item2 true /LastItem (not !) /VeryLastItem (OK) >> /Gone null >>',
			),
		).toEqual({
			Type: { name: 'Example' },
			Subtype: { name: 'DictionaryExample' },
			Version: 0.01,
			IntegerItem: 12,
			StringItem: 'a string',
			Subdictionary: { Item1: 0.4, Item2: true, LastItem: 'not !', VeryLastItem: 'OK' },
		});
		expect(read('<<>>')).toEqual({});
		expect(read('<</A/B/C[/D]/E<</F 1 0 R>>>>')).toEqual({
			A: { name: 'B' },
			C: [{ name: 'D' }],
			E: { F: { ref: [1, 0] } },
		});
	});

	test('comments are white space, even between the parts of a reference', () => {
		expect(read('% a comment ( /%) blah\n[1 % another\r 2 %\n 0 % here\n R]')).toEqual([
			1,
			{ ref: [2, 0] },
		]);
		expect(read('[(a % is no comment in a string)]')).toEqual(['a % is no comment in a string']);
	});

	test('damage read as poppler reads it: a token where a key must be passed over, letters after a number the next token', () => {
		expect(read('<< /X 1 0 R 0 R /Pages 2 0 R >>')).toEqual({
			X: { ref: [1, 0] },
			Pages: { ref: [2, 0] },
		});
		expect(read('<< /FontName /AASGAA+Arial,Unicode MS /Flags 4 (a) [1] <00> >>')).toEqual({
			FontName: { name: 'AASGAA+Arial,Unicode' },
			Flags: 4,
		});
		expect(read('<< 1 2 >>')).toEqual({});
		const lexer = new PdfLexer(Buffer.from('74191endobj', 'latin1'));
		expect(lexer.readValue()).toBe(74191);
		expect(lexer.skipKeyword('endobj')).toBe(true);
	});

	test.each([
		['an unclosed string', '(unclosed', 'a string is not closed'],
		['an unclosed dictionary', '<< /A 1', 'the file ends inside a dictionary'],
		['an unclosed array', '[1 2', 'the file ends inside an array'],
		['a bad hex digit', '<12G4>', 'a hex string has a byte that is not a hex digit'],
		['a keyword that is no value', 'endobj', 'an object has a token that is not a PDF value'],
		['a stray delimiter', ')', 'an object has a token that is not a PDF value'],
		['nothing', '', 'the file ends inside an object'],
		['200 nested arrays', '['.repeat(200), 'arrays or dictionaries are nested too deeply'],
	])('%s: damaged', (_, text, message) => {
		const error = documentError(() => read(text));
		expect({ reason: error.reason, message: error.message }).toEqual({
			reason: 'damaged',
			message,
		});
	});
});

describe('indirect objects and streams (sections 7.3.8, 7.3.10)', () => {
	const object = (text: string, lengths: Record<number, number> = {}) =>
		readIndirectObject(
			Buffer.from(text, 'latin1'),
			0,
			(reference) => lengths[reference.objectNumber],
		);
	const streamData = (text: string, lengths?: Record<number, number>): string => {
		const { value } = object(text, lengths);
		expect(value).toBeInstanceOf(PdfStream);
		return Buffer.from(contiguous((value as PdfStream).data)).toString('latin1');
	};

	test('an object: its number, generation and value', () => {
		const { objectNumber, generation, value } = object('  12 3 obj\n(Brillig)\nendobj');
		expect({ objectNumber, generation, value: plain(value) }).toEqual({
			objectNumber: 12,
			generation: 3,
			value: 'Brillig',
		});
	});

	test('stream data starts after CR LF or LF and is /Length bytes long', () => {
		expect(streamData('7 0 obj\n<< /Length 5 >>\nstream\r\nhello\r\nendstream\nendobj')).toBe(
			'hello',
		);
		expect(streamData('7 0 obj <</Length 6>> stream\nhe\nllo\nendstream endobj')).toBe('he\nllo');
		expect(streamData('7 0 obj\n<< /Length 0 >>\nstream\n\nendstream\nendobj')).toBe('');
	});

	test('the data is a view into the file, not a copy', () => {
		const file = Buffer.from(
			'7 0 obj\n<< /Length 5 >>\nstream\nhello\nendstream\nendobj',
			'latin1',
		);
		const { value } = readIndirectObject(file, 0, () => undefined);
		expect(contiguous((value as PdfStream).data).buffer).toBe(file.buffer);
	});

	test('an indirect /Length is resolved', () => {
		expect(
			streamData(
				'7 0 obj\n<< /Length 8 0 R >>\nstream\nhello endstream inside\nendstream\nendobj',
				{ 8: 22 },
			),
		).toBe('hello endstream inside');
	});

	test('a wrong or unresolvable /Length: the data ends at the line end before endstream', () => {
		expect(streamData('7 0 obj\n<< /Length 99 >>\nstream\nhello\nendstream\nendobj')).toBe('hello');
		expect(streamData('7 0 obj\n<< /Length 2 >>\nstream\nhello\r\nendstream\nendobj')).toBe(
			'hello',
		);
		expect(streamData('7 0 obj\n<< /Length 9 0 R >>\nstream\nhello\nendstream\nendobj')).toBe(
			'hello',
		);
		expect(streamData('7 0 obj\n<< >>\nstream\nhello\nendstream\nendobj')).toBe('hello');
	});

	test('a stream cut short, or no object header: damaged', () => {
		expect(
			documentError(() => object('7 0 obj\n<< /Length 50 >>\nstream\nhello, and then the fi'))
				.message,
		).toBe('a stream is cut short (no endstream)');
		expect(documentError(() => object('xref\n0 1\n')).message).toBe(
			'an object is not where the cross-reference table says',
		);
		expect(documentError(() => object('7 0 R')).reason).toBe('damaged');
	});
});
