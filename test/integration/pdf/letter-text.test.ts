import { execFileSync } from 'child_process';

import { renderLetter, textWidth } from '../../../nodes/shared/pdf';
import { applyCharacterRule } from '../../../nodes/shared/pdf/letter/characterRule';
import { wordPieces, wrapParagraph } from '../../../nodes/shared/pdf/letter/layout';
import { nextTabStop, tabRuns } from '../../../nodes/shared/pdf/letter/tabStops';
import { pdfReader, SOUND_PDF, type ReadPdf } from '../../harness/pdf-reader';

/** The letter's text features: page breaks, Unicode line breaks and spaces, breaks after - and /. */

const pdfs = pdfReader('fax-letter-text-');
afterAll(() => pdfs.dispose());

function read(pdf: Buffer): ReadPdf {
	const document = pdfs.read(pdf);
	expect(document.check).toEqual(SOUND_PDF);
	return document;
}

describe('form feeds', () => {
	test('a form feed after a section that filled its last row with a line break adds no blank page', () => {
		// 11 pt on Letter: 43 lines a page; the 43rd line's LF would open a page of nothing.
		const letter = renderLetter(`${'x\n'.repeat(42)}x\n\fy`);
		expect(letter.pages).toBe(2);
		const document = read(letter.pdf);
		expect(document.pages).toBe(2);
		expect(document.pageTexts[0].match(/^x$/gm)).toHaveLength(43);
		expect(document.pageTexts[1]).toMatch(/^y$/m);
		expect(document.pageTexts[1]).toContain('Page 2 of 2');
		expect(renderLetter(`${'x\n'.repeat(42)}x\n\n\n\fy`).pages).toBe(2);
		// A page of its own between two form feeds stays: the writer asked for it.
		expect(renderLetter('a\f\fb').pages).toBe(3);
	});
});

describe('Unicode line breaks, spaces and mu', () => {
	test('U+0085 and U+2028 are line breaks, U+2029 a paragraph break', () => {
		expect(applyCharacterRule('a\u0085b\u2028c\u2029d', 'text')).toBe('a\nb\nc\n\nd');
		const document = read(renderLetter('one\u2028two\u2029three\u0085four').pdf);
		expect(document.pageTexts[0]).toMatch(/^one\ntwo\n\nthree\nfour\n/m);
	});

	test('a line and column after U+2028 count it as a line break', () => {
		expect(() => applyCharacterRule('ok\u2028a 中', 'text')).toThrow(
			expect.objectContaining({
				refusal: expect.objectContaining({
					groups: [expect.objectContaining({ line: 2, column: 3 })],
				}),
			}),
		);
	});

	test('U+2007 and U+202F hold "10 kg" together like U+00A0', () => {
		expect(applyCharacterRule('10\u2007kg 5\u202Fmg', 'text')).toBe('10\u00a0kg 5\u00a0mg');
		// Filler that leaves room for "dose 10" but not for "dose 10 kg" on the first line.
		let filler = 'x';
		while (textWidth('Helvetica', `${filler}x dose 10`, 11) <= 468) filler += 'x';
		for (const space of ['\u2007', '\u202F']) {
			expect(wrapParagraph(`${filler} dose 10 kg`, 'Helvetica', 11, 468)).toEqual([
				`${filler} dose 10`,
				'kg',
			]);
			expect(
				wrapParagraph(
					applyCharacterRule(`${filler} dose 10${space}kg`, 'text'),
					'Helvetica',
					11,
					468,
				),
			).toEqual([`${filler} dose`, '10\u00a0kg']);
			const document = read(renderLetter(`${filler} dose 10${space}kg`).pdf);
			expect(document.pageTexts[0].replace(/\u00a0/g, ' ')).toMatch(/^10 kg\s*$/m);
		}
	});

	test('Greek mu prints as the micro sign', () => {
		expect(applyCharacterRule('5 \u03bcg', 'text')).toBe('5 \u00b5g');
		expect(read(renderLetter('Dose 5 \u03bcg').pdf).text).toContain('Dose 5 \u00b5g');
	});
});

describe('breaks after a hyphen or slash', () => {
	test('pieces: after a run of - or / with a character on both sides', () => {
		expect(wordPieces('follow-up')).toEqual(['follow-', 'up']);
		expect(wordPieces('https://example.com/a/b-c')).toEqual([
			'https://',
			'example.com/',
			'a/',
			'b-',
			'c',
		]);
		expect(wordPieces('-5')).toEqual(['-5']);
		expect(wordPieces('/usr')).toEqual(['/usr']);
		expect(wordPieces('and/or-')).toEqual(['and/', 'or-']);
		expect(wordPieces('a--b')).toEqual(['a--', 'b']);
	});

	test('a hyphenated word and a URL break after the hyphen or slash, which stays at the end of the line', () => {
		let filler = 'x';
		while (textWidth('Helvetica', `${filler}x see follow-`, 11) <= 468) filler += 'x';
		expect(wrapParagraph(`${filler} see follow-up visit`, 'Helvetica', 11, 468)).toEqual([
			`${filler} see follow-`,
			'up visit',
		]);
		const url = `https://records.example.org/${'patients/'.repeat(8)}12345-summary.pdf`;
		const lines = wrapParagraph(`Open ${url} today`, 'Helvetica', 11, 468);
		expect(lines.length).toBeGreaterThan(1);
		expect(lines[0].startsWith('Open https://')).toBe(true);
		expect(lines[0]).toMatch(/\/$/);
		// Rejoined: no space after a break at a hyphen or slash, one after a break at a space.
		expect(
			lines
				.join('\n')
				.replace(/([-/])\n/g, '$1')
				.replace(/\n/g, ' '),
		).toBe(`Open ${url} today`);
		for (const line of lines) expect(textWidth('Helvetica', line, 11)).toBeLessThanOrEqual(468);
		const document = read(renderLetter(`Open ${url} today`).pdf);
		const printed = document.pageTexts[0]
			.split('\n')
			.map((line) => line.trim())
			.filter((line) => line !== '' && !line.startsWith('Page '));
		expect(printed).toEqual(lines);
	});
});

describe('tabs: measured stops every 36 pt from where the line starts', () => {
	/** Each word pdftotext -bbox finds on page 1, with its left edge. */
	function wordsWithX(pdf: Buffer): Array<{ word: string; x: number }> {
		const { file } = read(pdf);
		const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], {
			encoding: 'utf8',
		});
		return [...html.matchAll(/<word xMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((match) => ({
			word: match[2],
			x: Number(match[1]),
		}));
	}
	const xOf = (found: Array<{ word: string; x: number }>, word: string) =>
		found.find((entry) => entry.word === word)?.x;

	test('columns after tabs line up at the stops, whatever the width of the text before them', () => {
		const rows = ['Name:\tJane\tRoe', 'Medication:\tWarfarin\t5mg', 'i\tWWWWWWWW\tx', '\tindented'];
		const found = wordsWithX(renderLetter(rows.join('\n')).pdf);
		// "Medication:" (59 pt at 11 pt) passes the first stop (108): its column is 144, and so on.
		expect(xOf(found, 'Jane')).toBeCloseTo(108, 1);
		expect(xOf(found, 'Roe')).toBeCloseTo(144, 1);
		expect(xOf(found, 'Warfarin')).toBeCloseTo(144, 1);
		expect(xOf(found, '5mg')).toBeCloseTo(216, 1);
		expect(xOf(found, 'x')).toBeCloseTo(216, 1);
		expect(xOf(found, 'indented')).toBeCloseTo(108, 1);
	});

	test('text that ends on a stop goes to the next one; layout measures tabs to their stop', () => {
		expect(nextTabStop(0)).toBe(36);
		expect(nextTabStop(35.9)).toBe(36);
		expect(nextTabStop(36)).toBe(72);
		expect(tabRuns('a\t\tb', 'Helvetica', 11)).toEqual([
			{ offset: 0, text: 'a' },
			{ offset: 72, text: 'b' },
		]);
		// 12 tabs reach 432 pt: "abc" (17.7 pt at 11 pt) still fits in 468, "abcdefgh" (45.3 pt) does not, so the line breaks at the tabs.
		expect(wrapParagraph(`${'\t'.repeat(12)}abc`, 'Helvetica', 11, 468)).toEqual([
			`${'\t'.repeat(12)}abc`,
		]);
		expect(wrapParagraph(`x${'\t'.repeat(12)}abcdefgh`, 'Helvetica', 11, 468)).toEqual([
			'x',
			'abcdefgh',
		]);
	});

	test('on the cover page, stops count from the value column', () => {
		const letter = renderLetter('Body', {
			coverPage: { subject: 'Ref\tA1', confidentialityNotice: 'Private.' },
		});
		const content = letter.pdf.toString('latin1');
		const subject =
			/1 0 0 1 ([\d.]+) ([\d.]+) Tm \(Ref\) Tj\n1 0 0 1 ([\d.]+) ([\d.]+) Tm \(A1\) Tj/.exec(
				content,
			);
		expect(subject).not.toBeNull();
		expect(Number(subject![3])).toBeCloseTo(Number(subject![1]) + 36, 1);
		expect(subject![4]).toBe(subject![2]);
	});
});
