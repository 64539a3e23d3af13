import { renderCoverSheet, renderLetter } from '../../../nodes/shared/pdf';
import { CHARACTER_RULE } from '../../../nodes/shared/pdf/letter/characterRule';
import {
	EXTENDED_CODE_POINTS,
	extendedGlyph,
} from '../../../nodes/shared/pdf/letter/extendedGlyphs';
import { textWidthUnits } from '../../../nodes/shared/pdf/letter/fontWidths';
import { winAnsiByte } from '../../../nodes/shared/pdf/letter/winAnsi';
import { pdfReader, SOUND_PDF, words } from '../../harness/pdf-reader';
import { letterError } from '../../harness/pdf/letterError';

/** Latin Extended-A beyond WinAnsi: the letters the standard Helvetica fonts hold print, the others fail. */

const pdfs = pdfReader('fax-latin-extended-');
afterAll(() => pdfs.dispose());

const LATIN_EXTENDED_A = Array.from({ length: 0x80 }, (_, index) => 0x100 + index);
const PRINTED = LATIN_EXTENDED_A.filter(
	(codePoint) => winAnsiByte(codePoint) === undefined && extendedGlyph(codePoint) !== undefined,
);
const MISSING = LATIN_EXTENDED_A.filter(
	(codePoint) => winAnsiByte(codePoint) === undefined && extendedGlyph(codePoint) === undefined,
);
const text = (codePoints: readonly number[]) =>
	codePoints.map((codePoint) => String.fromCodePoint(codePoint)).join('');

describe('Latin Extended-A', () => {
	test('the table: 78 letters, the ones the fonts lack named', () => {
		expect(PRINTED).toEqual(EXTENDED_CODE_POINTS.filter((codePoint) => codePoint <= 0x17f));
		expect(PRINTED).toHaveLength(78);
		expect(text(MISSING)).toBe('ĈĉĊċĔĕĜĝĠġĤĥĦħĨĩĬĭĲĳĴĵĸĿŀŉŊŋŎŏŜŝŦŧŨũŬŭŴŵŶŷſ');
		for (const character of 'ŁłřŞşĞğıĀ') expect(PRINTED).toContain(character.codePointAt(0));
	});

	test('AFM widths measure the letters: Lslash 556/611, dotlessi 278/278, rcaron 333/389', () => {
		expect(textWidthUnits('Helvetica', 'Ł')).toBe(556);
		expect(textWidthUnits('Helvetica-Bold', 'Ł')).toBe(611);
		expect(textWidthUnits('Helvetica', 'ı')).toBe(278);
		expect(textWidthUnits('Helvetica', 'ř')).toBe(333);
		expect(textWidthUnits('Helvetica-Bold', 'ř')).toBe(389);
		expect(textWidthUnits('Helvetica', 'Dvořák')).toBe(722 + 500 + 556 + 333 + 556 + 500);
	});

	test('every letter the fonts have prints in a letter and a cover page field and reads back exactly', () => {
		const names = 'Łukasz Dvořák, Şahin Ğ ı, Zoë Müller';
		// Half a line each: all 78 on one line would wrap.
		const [first, second] = [text(PRINTED.slice(0, 39)), text(PRINTED.slice(39))];
		const letter = renderLetter(`${names}\n${first}\n${second}\nplain ASCII after`, {
			coverPage: { to: names, from: first, subject: second, confidentialityNotice: 'Private.' },
		});
		const read = pdfs.read(letter.pdf);
		expect(read.check).toEqual(SOUND_PDF);
		const cover = words(read.pageTexts[0]);
		expect(cover).toContain(`To: ${names}`);
		expect(cover).toContain(`From: ${first}`);
		expect(cover).toContain(`Subject: ${second}`);
		const body = read.pageTexts[1].split('\n').map((line) => line.trim());
		expect(body).toContain(names);
		expect(body).toContain(first);
		expect(body).toContain(second);
		expect(body).toContain('plain ASCII after');
		const source = letter.pdf.toString('latin1');
		expect(source).toContain('/F1 4 0 R /F2 5 0 R /F1x 6 0 R /F2x 7 0 R');
		expect(source).toMatch(
			/\/BaseFont \/Helvetica-Bold \/Encoding << \/Type \/Encoding \/BaseEncoding \/WinAnsiEncoding \/Differences \[33 \/Amacron /,
		);
	});

	test('renderCoverSheet prints them too', () => {
		const read = pdfs.read(
			renderCoverSheet({ from: 'Łódź Clinic', confidentialityNotice: 'Poufne: Dvořák.' }, 1).pdf,
		);
		expect(read.check).toEqual(SOUND_PDF);
		expect(words(read.pageTexts[0])).toContain('From: Łódź Clinic');
		expect(words(read.pageTexts[0])).toContain('Poufne: Dvořák.');
	});

	test('the content stream switches to the extended font for those letters only; a letter without them has no extended fonts', () => {
		const source = renderLetter('Antonín Dvořák').pdf.toString('latin1');
		expect(source).toContain(
			`1 0 0 1 72 709 Tm (Anton\\355n Dvo) Tj\n/F1x 11 Tf\n(${String.fromCharCode(extendedGlyph(0x0159)!.byte)}) Tj\n/F1 11 Tf\n(\\341k) Tj`,
		);
		expect(renderLetter('Café Müller').pdf.toString('latin1')).not.toContain('/F1x');
	});

	test('the letters the fonts lack fail, counted as Latin letters (never spelled out)', () => {
		for (const codePoint of MISSING) {
			const label = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
			expect(
				letterError(() => renderLetter(`Name: ${String.fromCodePoint(codePoint)}`)),
			).toMatchObject({
				reason: 'character',
				message:
					'text: 1 Latin letter at line 1, column 7: not in the standard fax fonts; replace or remove them',
			});
			expect(
				letterError(() =>
					renderLetter('Body', {
						coverPage: { to: String.fromCodePoint(codePoint), confidentialityNotice: 'x' },
					}),
				),
			).toMatchObject({
				field: 'coverPage.to',
				refusal: { groups: [{ script: 'Latin', count: 1, line: 1, column: 1 }] },
			});
			expect(CHARACTER_RULE).toContain(`${label} ${String.fromCodePoint(codePoint)}`);
		}
		expect(CHARACTER_RULE).toContain('Latin Extended-A (U+0100-U+017F)');
	});
});
