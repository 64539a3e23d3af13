import type { LetterOptions } from '../../../nodes/shared/pdf';
import { DEFAULT_CONFIDENTIALITY_NOTICE, renderLetter, textWidth } from '../../../nodes/shared/pdf';
import { pdfReader, SOUND_PDF, type ReadPdf } from '../../harness/pdf-reader';
import { letterError } from '../../harness/pdf/letterError';

/**
 * renderLetter end to end: every document goes through qpdf --check (structure), our own xref and
 * stream-length check (a clearer message when an offset is wrong), and pdftotext (the text comes back).
 */

const pdfs = pdfReader('fax-letter-pdf-');
afterAll(() => pdfs.dispose());
/** What the tools read of each file checked() wrote. */
const readBack = new Map<string, ReadPdf>();

/** Every xref entry points at "n 0 obj", every stream's /Length is its byte count; returns the object count. */
function checkXrefAndStreams(pdf: Buffer): number {
	const text = pdf.toString('latin1');
	expect(text.startsWith('%PDF-1.4\n%')).toBe(true);
	expect([...pdf.subarray(10, 14)].every((byte) => byte > 127)).toBe(true);
	expect(text.endsWith('%%EOF\n')).toBe(true);
	const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
	expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
	const header = /^xref\n0 (\d+)\n/.exec(text.slice(startxref));
	expect(header).not.toBeNull();
	const size = Number(header![1]);
	const entriesAt = startxref + header![0].length;
	expect(text.slice(entriesAt, entriesAt + 20)).toBe('0000000000 65535 f\r\n');
	for (let object = 1; object < size; object++) {
		const entry = text.slice(entriesAt + 20 * object, entriesAt + 20 * (object + 1));
		expect(entry).toMatch(/^\d{10} 00000 n\r\n$/);
		const offset = Number(entry.slice(0, 10));
		expect({ object, at: text.slice(offset, offset + `${object} 0 obj\n`.length) }).toEqual({
			object,
			at: `${object} 0 obj\n`,
		});
	}
	expect(text.slice(entriesAt + 20 * size)).toMatch(
		new RegExp(`^trailer\\n<< /Size ${size} /Root 1 0 R /Info 2 0 R >>\\n`),
	);
	for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
		const start = match.index! + match[0].length;
		expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
	}
	return size - 1;
}

/** Writes, checks and returns the path of a rendered letter. */
function checked(pdf: Buffer): string {
	checkXrefAndStreams(pdf);
	const document = pdfs.read(pdf);
	expect(document.check).toEqual(SOUND_PDF);
	readBack.set(document.file, document);
	return document.file;
}

/** pdftotext -layout of a checked file, or of one of its pages (from 1). */
const pdfText = (file: string, page?: number): string =>
	page === undefined ? readBack.get(file)!.text : readBack.get(file)!.pageTexts[page - 1];
const pdfInfo = (file: string): string => readBack.get(file)!.info;
const pageCount = (file: string): number => readBack.get(file)!.pages;

function render(
	text: string,
	options?: LetterOptions,
): { file: string; pages: number; pdf: Buffer } {
	const letter = renderLetter(text, options);
	return { file: checked(letter.pdf), pages: letter.pages, pdf: letter.pdf };
}

const COVER = {
	to: 'Dr. Amelia Hartmann',
	toFax: '+1 555 0100',
	from: 'Riverside Clinic',
	fromFax: '+1 555 0199',
	date: '2026-11-25',
	subject: 'Referral: cardiology consult',
	confidentialityNotice: DEFAULT_CONFIDENTIALITY_NOTICE,
};

describe('renderLetter: a valid PDF whose text comes back', () => {
	test('one line: one page, the line, the footer, the producer and no date', () => {
		const { file, pages, pdf } = render('Please call the clinic about the appointment.');
		expect(pages).toBe(1);
		expect(pageCount(file)).toBe(1);
		const text = pdfText(file);
		expect(text).toContain('Please call the clinic about the appointment.');
		expect(text).toContain('Page 1 of 1');
		expect(pdfInfo(file)).toMatch(/^Producer:\s+n8n-nodes-fax-service$/m);
		expect(pdf.toString('latin1')).not.toContain('/CreationDate');
		expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 612 792]');
		expect(pdf.toString('latin1')).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
	});

	// Its time and memory are measured by `npm run bench`, not asserted here.
	test('50 pages: every line in order, "Page 1 of 50" to "Page 50 of 50"', () => {
		// 11 pt on Letter: first baseline 709, line height 14.85, last baseline >= 72: 43 lines a page.
		const lines = Array.from(
			{ length: 50 * 43 },
			(_, index) =>
				`Line ${String(index + 1).padStart(4, '0')} of the discharge summary, with a few more words.`,
		);
		const { file, pages } = render(lines.join('\n'));
		expect(pages).toBe(50);
		expect(pageCount(file)).toBe(50);
		const text = pdfText(file);
		expect(text).toContain('Page 1 of 50');
		expect(text).toContain('Page 50 of 50');
		const found = text
			.split('\n')
			.map((line) => line.trim())
			.filter((line) => line.startsWith('Line '));
		expect(found).toEqual(lines);
		expect(pdfText(file, 50)).toContain('Line 2150 of');
		expect(pdfText(file, 2).trim().split('\n')[0].trim()).toBe(lines[43]);
	});

	test('a 2,000-character word: all of it comes back, broken after a hyphen or slash or at the overflowing character', () => {
		const word = Array.from(
			{ length: 2000 },
			(_, index) =>
				'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-_?=&'[(index * 7) % 68],
		).join('');
		const { file } = render(`See ${word} for details.`);
		const bodyLines = pdfText(file)
			.split('\n')
			.map((line) => line.trim())
			.filter((line) => line !== '' && !line.startsWith('Page '));
		expect(bodyLines[0].startsWith('See ')).toBe(true);
		const last = bodyLines[bodyLines.length - 1];
		expect(last.endsWith('for details.')).toBe(true);
		const wordLines = [
			bodyLines[0].slice(4),
			...bodyLines.slice(1, -1),
			last.replace(/ for details\.$/, ''),
		];
		expect(wordLines.join('')).toBe(word);
		expect(wordLines.length).toBeGreaterThan(5);
		let position = 0;
		wordLines.forEach((line, index) => {
			const printed = index === 0 ? `See ${line}` : line;
			expect(textWidth('Helvetica', printed, 11)).toBeLessThanOrEqual(612 - 144);
			expect(word.slice(position, position + line.length)).toBe(line);
			position += line.length;
			if (position >= word.length) return;
			// Ended after a hyphen or slash, or where the next character would overflow...
			const afterBreak = /[-/]$/.test(line) && !/[-/]/.test(word[position]);
			expect(afterBreak || textWidth('Helvetica', printed + word[position], 11) > 612 - 144).toBe(
				true,
			);
			// ...and greedily: the next piece (up to its hyphen or slash) did not fit.
			const nextPiece = /^[-/]*[^-/]*[-/]*/.exec(word.slice(position))![0];
			expect(textWidth('Helvetica', printed + nextPiece, 11)).toBeGreaterThan(612 - 144);
		});
		expect(position).toBe(word.length);
		expect(wordLines.some((line) => /[-/]$/.test(line))).toBe(true);
	});

	test('CRLF and CR give the same bytes as LF; text after a tab starts at the next 36 pt stop', () => {
		const lf = renderLetter('Name:\tJane Roe\nDOB:\t1970-01-01\n\nEnd');
		expect(renderLetter('Name:\tJane Roe\r\nDOB:\t1970-01-01\r\n\r\nEnd').pdf.equals(lf.pdf)).toBe(
			true,
		);
		expect(renderLetter('Name:\tJane Roe\rDOB:\t1970-01-01\r\rEnd').pdf.equals(lf.pdf)).toBe(true);
		// "Name:" and "DOB:" are narrower than 36 pt: both values start at the first stop, 72 + 36.
		const content = lf.pdf.toString('latin1');
		expect(content).toContain('1 0 0 1 72 709 Tm (Name:) Tj\n1 0 0 1 108 709 Tm (Jane Roe) Tj');
		expect(content).toContain('1 0 0 1 108 694.15 Tm (1970-01-01) Tj');
		const text = pdfText(checked(lf.pdf));
		expect(text).toMatch(/Name: +Jane Roe/);
		expect(text).toMatch(/DOB: +1970-01-01/);
	});

	test('Latin-1 and WinAnsi typography come back as themselves, transliterations as their replacement', () => {
		const { file, pdf } = render(
			'Café Müller, Straße 5, 20 € – “Ärztin” … Œuvre ™ Ÿ ± ½ ©\nDose ≤ 5 mg − 2 mg → review ≥ 1 week\nzero\u200Bwidth\u00A0kept (a) [b] \\ back',
		);
		const text = pdfText(file);
		expect(text).toContain('Café Müller, Straße 5, 20 € – “Ärztin” … Œuvre ™ Ÿ ± ½ ©');
		expect(text).toContain('Dose ≤ 5 mg − 2 mg -> review ≥ 1 week');
		expect(text).toMatch(/zerowidth.kept \(a\) \[b\] \\ back/);
		// Bytes above 126 are octal escapes: the content stays ASCII.
		expect(pdf.toString('latin1')).toContain(
			'(Caf\\351 M\\374ller, Stra\\337e 5, 20 \\200 \\226 \\223\\304rztin\\224',
		);
	});

	test('a character the fonts cannot show fails with its script, line and column, and no letter text', () => {
		const secret = 'Patient Jane Roe\nDiagnosis: mild 中 case';
		const error = letterError(() => renderLetter(secret));
		expect(error).toMatchObject({ reason: 'character', field: 'text' });
		expect(error.message).toBe(
			'text: 1 Chinese (Han) character at line 2, column 17: not in the standard fax fonts; replace or remove them',
		);
		for (const word of ['Patient', 'Jane', 'Roe', 'Diagnosis', 'mild', 'case', '中', 'U+4E2D'])
			expect(error.message).not.toContain(word);
		const first = (text: string) => letterError(() => renderLetter(text)).refusal!.groups[0];
		expect(first('ok\r\nok 😀')).toMatchObject({ codePoint: 'U+1F600', line: 2, column: 4 });
		expect(first('Ωmega')).toMatchObject({ script: 'Greek', count: 1, line: 1, column: 1 });
		expect(first('Привет')).toMatchObject({ script: 'Cyrillic', count: 6, line: 1, column: 1 });
		expect(first('bell\u0007')).toMatchObject({ codePoint: 'U+0007', column: 5 });
		expect(first('c1\u0080')).toMatchObject({ codePoint: 'U+0080' });
	});

	test('empty or whitespace-only text fails with reason empty', () => {
		for (const text of ['', ' ', '\n\r\n\t\f', '\u00A0\u200B\uFEFF']) {
			expect(letterError(() => renderLetter(text))).toMatchObject({
				reason: 'empty',
				field: 'text',
			});
		}
	});

	test('a form feed starts a new page; a closing form feed adds none', () => {
		const { file, pages } = render('first page text\fsecond page text\n\f');
		expect(pages).toBe(2);
		expect(pageCount(file)).toBe(2);
		expect(pdfText(file, 1)).toContain('first page text');
		expect(pdfText(file, 1)).not.toContain('second page text');
		expect(pdfText(file, 2)).toContain('second page text');
		expect(pdfText(file, 2)).toContain('Page 2 of 2');
		expect(render('a\f\fb').pages).toBe(3);
	});

	test('A4: the MediaBox and the page size pdfinfo reads', () => {
		const { file, pdf } = render('A4 letter', { pageSize: 'a4' });
		expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
		expect(pdfInfo(file)).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
		expect(letterError(() => renderLetter('x', { pageSize: 'legal' as 'a4' }))).toMatchObject({
			reason: 'pageSize',
		});
	});

	test('fontSize outside 9-16 fails; the ends of the range work and change the layout', () => {
		for (const fontSize of [8.9, 17, 0, -11, Number.NaN, Infinity]) {
			expect(letterError(() => renderLetter('x', { fontSize }))).toMatchObject({
				reason: 'fontSize',
				field: 'fontSize',
			});
		}
		const text = Array.from({ length: 100 }, (_, index) => `line ${index}`).join('\n');
		expect(render(text, { fontSize: 9 }).pages).toBe(2);
		expect(render(text, { fontSize: 16 }).pages).toBe(4);
		expect(renderLetter('x', { fontSize: 9 }).pdf.toString('latin1')).toContain('/F1 9 Tf');
	});

	test('the same input gives the same bytes; a creationDate is the only date', () => {
		const options: LetterOptions = { coverPage: { ...COVER, message: 'See attached.' } };
		expect(
			renderLetter('Body text\fpage two', options).pdf.equals(
				renderLetter('Body text\fpage two', options).pdf,
			),
		).toBe(true);
		const dated = render('Body', { creationDate: new Date('2026-11-25T13:05:00Z') });
		expect(dated.pdf.toString('latin1')).toContain('/CreationDate (D:20261125130500Z)');
		expect(pdfInfo(dated.file)).toMatch(/^CreationDate:\s+.*2026/m);
		expect(
			letterError(() => renderLetter('x', { creationDate: new Date('nonsense') })),
		).toMatchObject({ reason: 'creationDate' });
	});
});

describe('renderLetter: the cover page', () => {
	test('labels and values come back, Pages counts the cover, the default notice is on it', () => {
		const { file, pages } = render('Body page one\fBody page two', {
			coverPage: { ...COVER, message: 'Please review before Friday.' },
		});
		expect(pages).toBe(3);
		expect(pageCount(file)).toBe(3);
		const cover = pdfText(file, 1);
		expect(cover).toMatch(/^\s*FAX\s*$/m);
		for (const [label, value] of [
			['To:', 'Dr. Amelia Hartmann'],
			['Fax:', '+1 555 0100'],
			['From:', 'Riverside Clinic'],
			['Fax:', '+1 555 0199'],
			['Date:', '2026-11-25'],
			['Pages:', '3'],
			['Subject:', 'Referral: cardiology consult'],
		]) {
			expect(cover).toMatch(
				new RegExp(
					`^\\s*${label.replace(/[+.]/g, '\\$&')} +${value.replace(/[+.]/g, '\\$&')}\\s*$`,
					'm',
				),
			);
		}
		expect(cover).toContain('Message:');
		expect(cover).toContain('Please review before Friday.');
		expect(cover.replace(/\s+/g, ' ')).toContain(DEFAULT_CONFIDENTIALITY_NOTICE);
		expect(cover).toContain('Page 1 of 3');
		expect(cover).not.toContain('Body page');
		expect(pdfText(file, 2)).toContain('Body page one');
		expect(pdfText(file, 3)).toMatch(/Body page two[\s\S]*Page 3 of 3/);
	});

	test('a custom notice replaces the default; empty rows are left out, Pages never', () => {
		const notice = 'Confidential: for the named recipient only. Wrong number? Call +1 555 0199.';
		const { file } = render('Body', {
			coverPage: { to: 'Records', confidentialityNotice: notice },
		});
		const cover = pdfText(file, 1);
		expect(cover).toContain(notice);
		expect(cover).not.toContain('protected health information');
		expect(cover).toMatch(/To: +Records/);
		expect(cover).toMatch(/Pages: +2/);
		for (const label of ['Fax:', 'From:', 'Date:', 'Subject:', 'Message:'])
			expect(cover).not.toContain(label);
		expect(
			render('Body', {
				coverPage: { to: ' ', subject: '\u200B', confidentialityNotice: notice },
			}).pdf.toString('latin1'),
		).not.toContain('(To:)');
	});

	test('cover values go through the character rule and errors name the field', () => {
		expect(
			letterError(() => renderLetter('Body', { coverPage: { ...COVER, subject: 'Re: 患者' } })),
		).toMatchObject({
			reason: 'character',
			field: 'coverPage.subject',
			refusal: { groups: [{ script: 'Chinese (Han)', count: 2, line: 1, column: 5 }] },
		});
		expect(
			letterError(() => renderLetter('Body', { coverPage: { ...COVER, message: 'ok\nfine\n🙂' } })),
		).toMatchObject({
			field: 'coverPage.message',
			refusal: { groups: [{ codePoint: 'U+1F642', line: 3, column: 1 }] },
		});
		expect(
			letterError(() =>
				renderLetter('Body', { coverPage: { ...COVER, confidentialityNotice: ' ' } }),
			),
		).toMatchObject({ reason: 'empty', field: 'coverPage.confidentialityNotice' });
		const { file } = render('Body', {
			coverPage: { ...COVER, subject: 'Dose ≤ 5 mg\u2009/\u2009day' },
		});
		expect(pdfText(file, 1)).toMatch(/Subject: +Dose ≤ 5 mg \/ day/);
	});

	test('a message too long for the cover continues on pages before the letter, counted in Pages', () => {
		const message = Array.from({ length: 120 }, (_, index) => `Message line ${index + 1}`).join(
			'\n',
		);
		const { file, pages } = render('The letter body', { coverPage: { ...COVER, message } });
		expect(pageCount(file)).toBe(pages);
		const messageLines = (text: string) =>
			text
				.split('\n')
				.map((line) => line.trim())
				.filter((line) => line.startsWith('Message line'));
		expect(messageLines(pdfText(file))).toEqual(message.split('\n'));
		// The rest of the message, after a heading and a blank line, at 43 lines a page; then the letter.
		const onCover = messageLines(pdfText(file, 1)).length;
		expect(onCover).toBeGreaterThan(10);
		expect(pages).toBe(1 + Math.ceil((120 - onCover + 2) / 43) + 1);
		expect(pdfText(file, 1)).toMatch(new RegExp(`Pages: +${pages}\\b`));
		expect(pdfText(file, 1).replace(/\s+/g, ' ')).toContain(DEFAULT_CONFIDENTIALITY_NOTICE);
		expect(pdfText(file, 2)).toContain('Message (continued):');
		expect(pdfText(file, pages)).toContain('The letter body');
		expect(pdfText(file, pages - 1)).not.toContain('The letter body');
		expect(messageLines(pdfText(file, pages - 1)).pop()).toBe('Message line 120');
	});

	test('a table too long for the cover page fails with reason coverPage', () => {
		expect(
			letterError(() =>
				renderLetter('Body', { coverPage: { ...COVER, subject: 'word '.repeat(2000) } }),
			),
		).toMatchObject({ reason: 'coverPage' });
	});
});
