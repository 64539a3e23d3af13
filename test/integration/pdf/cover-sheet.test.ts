import { execFileSync } from 'child_process';

import {
	DEFAULT_CONFIDENTIALITY_NOTICE,
	renderCoverSheet,
	renderLetter,
} from '../../../nodes/shared/pdf';
import { pdfReader, SOUND_PDF, words } from '../../harness/pdf-reader';

/**
 * The cover page for documents made elsewhere (renderCoverSheet), and a letter that other documents
 * follow (followingPages): their Pages row and "Page x of y" count the whole fax.
 */

const pdfs = pdfReader('fax-cover-sheet-');
afterAll(() => pdfs.dispose());

describe('renderCoverSheet', () => {
	test('one page counting the documents after it: Pages and "Page 1 of n"', () => {
		const sheet = renderCoverSheet(
			{ to: 'Dr. Adams', subject: 'Referral', confidentialityNotice: 'Private.' },
			7,
		);
		expect(sheet.pages).toBe(1);
		const read = pdfs.read(sheet.pdf);
		expect(read.check).toEqual(SOUND_PDF);
		expect(read.pages).toBe(1);
		const cover = words(read.pageTexts[0]);
		for (const row of [
			'FAX',
			'To: Dr. Adams',
			'Pages: 8',
			'Subject: Referral',
			'Private.',
			'Page 1 of 8',
		])
			expect(cover).toContain(row);
	});

	test('a message too long for the cover continues on pages of its own, every one counted', () => {
		const sheet = renderCoverSheet(
			{ message: 'The patient history follows. '.repeat(400), confidentialityNotice: 'Private.' },
			3,
			{ pageSize: 'a4' },
		);
		const read = pdfs.read(sheet.pdf);
		expect(read.pages).toBe(sheet.pages);
		expect(sheet.pages).toBeGreaterThan(1);
		const total = sheet.pages + 3;
		expect(words(read.pageTexts[0])).toContain(`Pages: ${total}`);
		expect(words(read.pageTexts.at(-1)!)).toContain(`Page ${sheet.pages} of ${total}`);
		expect(read.info).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
	});

	test('refuses a page count that is not a whole number, and cover values the fonts cannot show', () => {
		expect(() => renderCoverSheet({ confidentialityNotice: 'x' }, -1)).toThrow(RangeError);
		expect(() => renderCoverSheet({ confidentialityNotice: 'x' }, 1.5)).toThrow(RangeError);
		expect(() => renderCoverSheet({ subject: 'Ω', confidentialityNotice: 'x' }, 1)).toThrow(
			expect.objectContaining({
				name: 'LetterError',
				reason: 'character',
				field: 'coverPage.subject',
			}),
		);
	});
});

describe('the cover page in text order', () => {
	test('pdftotext -raw reads every label followed by its value, "Pages: 3" included', () => {
		const cover = {
			to: 'Dr. Adams',
			toFax: '+1 555 0100',
			from: 'Riverside Clinic',
			date: '2026-11-25',
			subject: 'Referral',
			confidentialityNotice: DEFAULT_CONFIDENTIALITY_NOTICE,
		};
		const letter = renderLetter('Page one.\fPage two.', { coverPage: cover });
		const { file } = pdfs.read(letter.pdf);
		const raw = execFileSync('pdftotext', ['-raw', '-f', '1', '-l', '1', file, '-'], {
			encoding: 'utf8',
		}).split('\n');
		for (const row of [
			'To: Dr. Adams',
			'Fax: +1 555 0100',
			'From: Riverside Clinic',
			'Date: 2026-11-25',
			'Pages: 3',
			'Subject: Referral',
		])
			expect(raw).toContain(row);
		expect(raw.indexOf('Date: 2026-11-25')).toBeLessThan(raw.indexOf('Pages: 3'));
		expect(raw.indexOf('Pages: 3')).toBeLessThan(raw.indexOf('Subject: Referral'));
	});
});

describe('renderLetter with followingPages', () => {
	test('the cover and every page of the letter count the pages that follow it', () => {
		const letter = renderLetter('Page one.\fPage two.', {
			coverPage: { confidentialityNotice: 'x' },
			followingPages: 4,
		});
		expect(letter.pages).toBe(3);
		const read = pdfs.read(letter.pdf);
		expect(words(read.pageTexts[0])).toContain('Pages: 7');
		expect(read.pageTexts.map(words).map((text) => /Page \d+ of \d+/.exec(text)?.[0])).toEqual([
			'Page 1 of 7',
			'Page 2 of 7',
			'Page 3 of 7',
		]);
	});

	test('without it, the same bytes as before: nothing follows', () => {
		expect(
			renderLetter('Hello.', { followingPages: 0 }).pdf.equals(renderLetter('Hello.').pdf),
		).toBe(true);
	});
});
