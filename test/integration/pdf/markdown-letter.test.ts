import { execFileSync } from 'child_process';

import { renderCoverSheet, renderLetter } from '../../../nodes/shared/pdf';
import { pdfReader, SOUND_PDF, words } from '../../harness/pdf-reader';

/** A Markdown letter as its reader sees it: qpdf, pdftotext and pdffonts. */

const pdfs = pdfReader('fax-markdown-');
afterAll(() => pdfs.dispose());

/** A referral as a model writes one. */
const REFERRAL_MARKDOWN = `# Referral to Cardiology

**Patient:** Jane Doe
**DOB:** 1956-03-14 · **MRN:** 12345

## Reason for referral

Intermittent chest pain on exertion, *worse in the mornings*; ***urgent*** review requested.

- Hypertension since 2019, on lisinopril 10 mg daily
- Type 2 diabetes
  - HbA1c 7.2 %
  - metformin 500 mg twice daily
1. ECG attached
2. Echo booked

| Test | Result | Reference range |
|:-----|-------:|:---------------:|
| LDL | 162 mg/dL | < 100 |
| HbA1c | 7.2 % | 4.0-5.6 |

---

> Note: the patient prefers morning appointments.

Reference \`ECG-2026-11\`; see [the guideline](https://example.org/guide). patient_id_123, 2 * 3, -5 mg, #5 Main St, Ștefan ≤ 5.`;

describe('a Markdown letter read back', () => {
	test('prints without markers, in the standard faces, and reads back word for word', () => {
		const letter = renderLetter(REFERRAL_MARKDOWN, {
			format: 'markdown',
			coverPage: {
				to: 'Cardiology',
				message: '**Urgent:** please call\n- before noon\n- ask for *Dr. Lee*',
				confidentialityNotice: 'Private.',
			},
		});
		const read = pdfs.read(letter.pdf);
		expect(read.check).toEqual(SOUND_PDF);
		const body = words(read.pageTexts[1]);
		expect(body).not.toMatch(/\*\*|\||`|^#|\s#\s|\]\(/);
		for (const expected of [
			'Referral to Cardiology',
			'Patient: Jane Doe',
			'DOB: 1956-03-14 · MRN: 12345',
			'Intermittent chest pain on exertion, worse in the mornings; urgent review requested.',
			'• Hypertension since 2019, on lisinopril 10 mg daily',
			'– HbA1c 7.2 %',
			'1. ECG attached 2. Echo booked',
			'Test Result Reference range',
			'LDL 162 mg/dL < 100',
			'Note: the patient prefers morning appointments.',
			'Reference ECG-2026-11; see the guideline (https://example.org/guide). patient_id_123, 2 * 3, -5 mg, #5 Main St, Ștefan ≤ 5.',
		])
			expect(body).toContain(expected);
		// The cover page's message takes the letter's format.
		const cover = words(read.pageTexts[0]);
		expect(cover).toContain('Message: Urgent: please call • before noon • ask for Dr. Lee');
		const fonts = execFileSync('pdffonts', [read.file], { encoding: 'utf8' });
		for (const face of [
			'Helvetica ',
			'Helvetica-Bold ',
			'Helvetica-Oblique ',
			'Helvetica-BoldOblique ',
			'Courier ',
		])
			expect(fonts).toMatch(new RegExp(`^${face}\\s+Type 1\\s+\\S+\\s+no\\s+no`, 'm'));
	});

	test('a cover sheet alone writes its message as Markdown when told to, as plain text otherwise', () => {
		const cover = { message: '**Call** us', confidentialityNotice: 'Private.' };
		expect(words(pdfs.read(renderCoverSheet(cover, 1, { format: 'markdown' }).pdf).text)).toContain(
			'Message: Call us',
		);
		expect(words(pdfs.read(renderCoverSheet(cover, 1).pdf).text)).toContain('Message: **Call** us');
	});

	test('a Markdown message too long for the cover page continues on pages headed "Message (continued):"', () => {
		const message = Array.from({ length: 60 }, (_, index) => `- item ${index}`).join('\n');
		const read = pdfs.read(
			renderLetter('Body.', {
				format: 'markdown',
				coverPage: { message, confidentialityNotice: 'Private.' },
			}).pdf,
		);
		expect(read.check).toEqual(SOUND_PDF);
		expect(read.pages).toBe(3);
		expect(words(read.pageTexts[1])).toMatch(/^Message \(continued\): • item \d+/);
		const items = words(read.text).match(/• item \d+/g);
		expect(items).toEqual(Array.from({ length: 60 }, (_, index) => `• item ${index}`));
		expect(words(read.pageTexts[2])).toContain('Body.');
	});
});
