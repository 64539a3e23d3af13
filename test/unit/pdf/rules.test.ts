import {
	CHARACTER_RULE,
	DROPPED_CHARACTERS,
	TRANSLITERATIONS,
	applyCharacterRule,
	requireText,
} from '../../../nodes/shared/pdf/letter/characterRule';
import {
	byteWidthUnits,
	textWidth,
	textWidthUnits,
} from '../../../nodes/shared/pdf/letter/fontWidths';
import { layoutBody, textArea, wrapParagraph } from '../../../nodes/shared/pdf/letter/layout';
import { pdfDate, pdfNumber, pdfString } from '../../../nodes/shared/pdf/write/objects';
import { encodeWinAnsi, winAnsiByte } from '../../../nodes/shared/pdf/letter/winAnsi';
import { readDoc } from '../../harness/docs';
import { letterError } from '../../harness/pdf/letterError';

/** The pieces under renderLetter: widths, WinAnsi, the character rule, wrapping, PDF syntax. */

describe('font widths: the Adobe Core14 AFM values', () => {
	test.each([
		[' ', 278, 278],
		['A', 667, 722],
		['a', 556, 556],
		['i', 222, 278],
		['m', 833, 889],
		['W', 944, 944],
		['0', 556, 556],
		['@', 1015, 975],
		["'", 191, 238],
		['€', 556, 556],
		['—', 1000, 1000],
		['…', 1000, 1000],
		['‰', 1000, 1000],
		['•', 350, 350],
		['é', 556, 556],
		['ß', 611, 611],
		['Æ', 1000, 1000],
		['×', 584, 584],
		['\u00A0', 278, 278],
	])('%j: Helvetica %i, Helvetica-Bold %i', (character, regular, bold) => {
		expect(textWidthUnits('Helvetica', character)).toBe(regular);
		expect(textWidthUnits('Helvetica-Bold', character)).toBe(bold);
	});

	test('every WinAnsi byte has a width, the undefined bytes none', () => {
		const undefinedBytes = [0x7f, 0x81, 0x8d, 0x8f, 0x90, 0x9d];
		for (let byte = 32; byte < 256; byte++) {
			for (const font of ['Helvetica', 'Helvetica-Bold'] as const) {
				if (undefinedBytes.includes(byte)) expect(byteWidthUnits(font, byte)).toBe(0);
				else expect(byteWidthUnits(font, byte)).toBeGreaterThanOrEqual(191);
			}
		}
	});

	test('textWidth scales by the font size and takes bytes or a string', () => {
		expect(textWidth('Helvetica', 'Hello', 10)).toBeCloseTo(
			((722 + 556 + 222 + 222 + 556) * 10) / 1000,
			10,
		);
		expect(textWidth('Helvetica-Bold', encodeWinAnsi('Ärztin'), 12)).toBe(
			textWidth('Helvetica-Bold', 'Ärztin', 12),
		);
	});
});

describe('WinAnsi', () => {
	test('ASCII and Latin-1 map to themselves, the 0x80-0x9F typography to its byte, the rest to nothing', () => {
		expect(winAnsiByte(0x41)).toBe(0x41);
		expect(winAnsiByte(0xe9)).toBe(0xe9);
		expect(winAnsiByte(0x20ac)).toBe(0x80);
		expect(winAnsiByte(0x2014)).toBe(0x97);
		expect(winAnsiByte(0x0178)).toBe(0x9f);
		for (const codePoint of [0x09, 0x0a, 0x7f, 0x80, 0x9f, 0x03a9, 0x4e2d, 0x1f600])
			expect(winAnsiByte(codePoint)).toBeUndefined();
		expect([...encodeWinAnsi('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')]).toEqual([
			0x80, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8e, 0x91, 0x92,
			0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9e, 0x9f,
		]);
		expect(() => encodeWinAnsi('中')).toThrow('U+4E2D');
	});
});

describe('the character rule', () => {
	test('NFC, line breaks, tabs and form feeds kept for the layout', () => {
		expect(applyCharacterRule('Cafe\u0301', 'text')).toBe('Café');
		expect(applyCharacterRule('a\r\nb\rc\n\r\nd', 'text')).toBe('a\nb\nc\n\nd');
		expect(applyCharacterRule('a\tbc\td\n12345\te', 'text')).toBe('a\tbc\td\n12345\te');
		expect(applyCharacterRule('≤\tx', 'text')).toBe('≤\tx');
		expect(applyCharacterRule('≈\tx', 'text')).toBe('~\tx');
		expect(applyCharacterRule('one\ftwo', 'text')).toBe('one\ftwo');
	});

	test('every transliteration and dropped character, nothing else changes', () => {
		for (const [codePoint, { replacement }] of TRANSLITERATIONS) {
			expect(winAnsiByte(codePoint)).toBeUndefined();
			expect(applyCharacterRule(`a${String.fromCodePoint(codePoint)}b`, 'text')).toBe(
				`a${replacement}b`,
			);
		}
		for (const codePoint of DROPPED_CHARACTERS.keys())
			expect(applyCharacterRule(`a${String.fromCodePoint(codePoint)}b`, 'text')).toBe('ab');
		const winAnsi = Array.from({ length: 256 }, (_, byte) => byte)
			.filter((byte) => byte >= 0x20 && byte !== 0xad && winAnsiByte(byte) !== undefined)
			.map((byte) => String.fromCharCode(byte))
			.join('');
		expect(applyCharacterRule(winAnsi, 'text')).toBe(winAnsi);
	});

	test('errors: symbols by code point, 1-based line and column in code points, the field, no text', () => {
		expect(
			letterError(() => applyCharacterRule('line one\r\n\t😀 x 中', 'coverPage.message')),
		).toMatchObject({
			reason: 'character',
			field: 'coverPage.message',
			refusal: {
				groups: [
					{ kind: 'script', script: 'Chinese (Han)', count: 1, line: 2, column: 6 },
					{ kind: 'symbol', codePoint: 'U+1F600', line: 2, column: 2 },
				],
			},
		});
		// The emoji is one column, the combining mark NFC cannot merge fails by itself.
		expect(letterError(() => applyCharacterRule('ab😀cq\u0303', 'text')).refusal!.groups).toEqual([
			expect.objectContaining({ script: 'combining', noun: 'marks', count: 1, column: 6 }),
			expect.objectContaining({ codePoint: 'U+1F600', column: 3 }),
		]);
		expect(letterError(() => applyCharacterRule('\u000b', 'text')).refusal!.groups).toEqual([
			expect.objectContaining({ codePoint: 'U+000B' }),
		]);
		expect(letterError(() => applyCharacterRule('\ud800', 'text')).refusal!.groups).toEqual([
			expect.objectContaining({ codePoint: 'U+D800' }),
		]);
		const error = letterError(() => applyCharacterRule('Name: Jane Roe α', 'text'));
		expect(error.message).toBe(
			'text: 1 Greek letter at line 1, column 16: not in the standard fax fonts; replace or remove them',
		);
		expect(error.name).toBe('LetterError');
	});

	test('requireText refuses empty, whitespace-only and non-text input', () => {
		expect(letterError(() => requireText(' \t\n\f\u00a0\u2009\u200b', 'text'))).toMatchObject({
			reason: 'empty',
			field: 'text',
		});
		expect(letterError(() => requireText(undefined, 'text'))).toMatchObject({ reason: 'empty' });
		expect(requireText(' x ', 'text')).toBe(' x ');
	});

	test('CHARACTER_RULE, for docs/letters.md, names every replacement and every dropped character', () => {
		for (const codePoint of [...TRANSLITERATIONS.keys(), ...DROPPED_CHARACTERS.keys()]) {
			expect(CHARACTER_RULE).toContain(
				`U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`,
			);
		}
		expect(CHARACTER_RULE).toContain('NFC');
		expect(CHARACTER_RULE).toContain('every 36 pt (half an inch)');
		expect(CHARACTER_RULE).toContain('form feed');
		// What a right-to-left letter keeps of them (characterRule's KEPT_FOR_LAYOUT).
		expect(CHARACTER_RULE).toContain(
			'these are kept instead, printing as nothing: U+200C-U+200F, U+061C, U+202A-U+202E, U+2066-U+2069',
		);
	});

	test('docs/letters.md quotes CHARACTER_RULE word for word, one quoted paragraph a line', () => {
		const letters = readDoc('docs/letters.md');
		for (const line of CHARACTER_RULE.split('\n')) expect(letters).toContain(`\n> ${line}\n`);
	});
});

describe('wrapping and pages', () => {
	const WIDTH = 468;
	const paragraph = Array.from(
		{ length: 400 },
		(_, index) =>
			['a', 'clinic', 'appointment', 'MRI', 'W', 'follow-up', 'iii', 'Mmmmm'][(index * 5) % 8],
	).join(' ');

	test('greedy: every line fits, and no line could have taken the next word', () => {
		for (const size of [9, 11, 16]) {
			const lines = wrapParagraph(paragraph, 'Helvetica', size, WIDTH);
			expect(lines.join(' ')).toBe(paragraph);
			lines.forEach((line, index) => {
				expect(textWidth('Helvetica', line, size)).toBeLessThanOrEqual(WIDTH);
				if (index + 1 < lines.length)
					expect(
						textWidth('Helvetica', `${line} ${lines[index + 1].split(' ')[0]}`, size),
					).toBeGreaterThan(WIDTH);
			});
		}
	});

	test('indentation kept, spaces at a break dropped, no-break space holds words, blank paragraph kept', () => {
		expect(wrapParagraph('    indented', 'Helvetica', 11, WIDTH)).toEqual(['    indented']);
		expect(wrapParagraph('', 'Helvetica', 11, WIDTH)).toEqual(['']);
		const words = wrapParagraph(`${'word '.repeat(30)}    next`, 'Helvetica', 11, 100);
		for (const line of words) expect(line).toBe(line.trim());
		const held = wrapParagraph(`${'x'.repeat(60)} 5\u00a0mg`, 'Helvetica', 11, 340);
		expect(held[held.length - 1]).toBe('5\u00a0mg');
	});

	test('a word wider than the line starts a new line and breaks at the overflowing character', () => {
		const word = 'W'.repeat(100);
		const lines = wrapParagraph(`short ${word}`, 'Helvetica', 11, WIDTH);
		expect(lines[0]).toBe('short');
		// 468 pt / (944 * 11 / 1000) = 45.07: 45 W a line.
		expect(lines.slice(1)).toEqual(['W'.repeat(45), 'W'.repeat(45), 'W'.repeat(10)]);
	});

	test('pages: 43 lines at 11 pt on Letter, 47 on A4, a blank line is not carried to the top of a page', () => {
		const letter = textArea('letter');
		const lines = Array.from({ length: 44 }, (_, index) => `l${index}`);
		const pages = layoutBody(lines.join('\n'), letter, 11);
		expect(pages.map((page) => page.length)).toEqual([43, 1]);
		expect(pages[0][0]).toEqual({ text: 'l0', x: 72, y: 709, width: 468, rightToLeft: false });
		expect(pages[0][42].y).toBeCloseTo(709 - 42 * 14.85, 6);
		expect(pages[0][42].y).toBeGreaterThanOrEqual(72);
		// A4: first baseline 841.89 - 72 - 11 = 758.89; (758.89 - 72) / 14.85 = 46.3, so 47 baselines.
		expect(
			layoutBody(Array(48).fill('x').join('\n'), textArea('a4'), 11).map((page) => page.length),
		).toEqual([47, 1]);
		const withBlank = layoutBody([...lines.slice(0, 43), '', 'after'].join('\n'), letter, 11);
		expect(withBlank[1]).toEqual([
			{ text: 'after', x: 72, y: 709, width: 468, rightToLeft: false },
		]);
	});
});

describe('PDF syntax', () => {
	test('strings escape ( ) \\ and write bytes outside printable ASCII as octal', () => {
		expect(pdfString(encodeWinAnsi('a(b)c\\d'))).toBe('(a\\(b\\)c\\\\d)');
		expect(pdfString(encodeWinAnsi('é€ ~'))).toBe('(\\351\\200 ~)');
		expect(pdfString(Buffer.from([0, 10, 127, 255]))).toBe('(\\000\\012\\177\\377)');
	});

	test('numbers: two decimals at most, no exponent, no -0; dates in UTC', () => {
		expect(
			[72, 709.005, 595.28, 0.1 + 0.2, -0.001, 1e-7, 14.85 * 3, 841.89].map(pdfNumber),
		).toEqual(['72', '709.01', '595.28', '0.3', '0', '0', '44.55', '841.89']);
		expect(pdfDate(new Date('2026-01-02T03:04:05.678Z'))).toBe('D:20260102030405Z');
	});
});
