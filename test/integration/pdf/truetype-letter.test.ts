import { renderCoverSheet, renderLetter } from '../../../nodes/shared/pdf';
import type { LetterOptions } from '../../../nodes/shared/pdf';
import { SOUND_PDF, words } from '../../harness/pdf-reader';
import {
	nanumGothic,
	notoSans,
	notoSansBold,
	notoSansItalic,
	sawarabiGothic,
} from '../../harness/pdf/fonts';
import { pdfTools } from './helpers/tools';

/**
 * Letters in an embedded TrueType font, as a reader sees them: pdffonts lists one CID TrueType subset
 * per file drawn (embedded, with ToUnicode), pdftotext gives back exactly the text, qpdf finds nothing
 * wrong, and the same letter is the same bytes.
 */

const tools = pdfTools('fax-truetype-letter-');
afterAll(() => tools.dispose());

/** Script, font file, its PostScript name, a name in the script. */
const NAMES: ReadonlyArray<readonly [string, () => Uint8Array, string, string]> = [
	['Greek', notoSans, 'NotoSans-Regular', 'Γεώργιος Παπαδόπουλος'],
	['Cyrillic', notoSans, 'NotoSans-Regular', 'Иван Петров, Олена Ковальчук'],
	['Vietnamese', notoSans, 'NotoSans-Regular', 'Nguyễn Thị Hương'],
	['Chinese', sawarabiGothic, 'SawarabiGothic-Regular', '王小明'],
	['Japanese', sawarabiGothic, 'SawarabiGothic-Regular', '山田太郎, 東京都千代田区丸の内1-1'],
	['Korean', nanumGothic, 'NanumGothic', '김민준'],
];

/** The lines of a page's text, trimmed, without empty ones. */
const lines = (text: string) =>
	text
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line !== '');

/** Every font of a file is an embedded CID TrueType subset with a ToUnicode map. */
function expectEmbeddedSubsets(file: string, names: readonly string[]): void {
	const fonts = tools.fonts(file);
	expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(names);
	for (const font of fonts) {
		expect(font.name).toMatch(/^[A-Z]{6}\+/);
		expect(font).toMatchObject({
			type: 'CID TrueType',
			encoding: 'Identity-H',
			embedded: true,
			subset: true,
			toUnicode: true,
		});
	}
}

describe('a letter in an embedded TrueType font', () => {
	test.each(NAMES)(
		'%s: pdffonts shows an embedded subset, pdftotext the exact text',
		(_, font, postScriptName, name) => {
			const letter = renderLetter(`Patient: ${name}\nDate of birth: 1970-01-01`, {
				font: { regular: font() },
			});
			const read = tools.read(letter.pdf);
			expect(read.check).toEqual(SOUND_PDF);
			expect(lines(read.pageTexts[0])).toEqual([
				`Patient: ${name}`,
				'Date of birth: 1970-01-01',
				'Page 1 of 1',
			]);
			expectEmbeddedSubsets(read.file, [postScriptName]);
		},
	);

	test('NFC: Vietnamese typed with combining marks prints and reads back as the composed letters', () => {
		const read = tools.read(
			renderLetter('Nguye\u0302\u0303n Thi\u0323 Hu\u031bo\u031bng', {
				font: { regular: notoSans() },
			}).pdf,
		);
		expect(lines(read.pageTexts[0])[0]).toBe('Nguyễn Thị Hương');
	});

	test("the pages' content streams are Flate-compressed (a plain letter's stay as they were): qpdf reads them back", () => {
		const text = 'Nguyễn Thị Hương, Γεώργιος Παπαδόπουλος. '.repeat(200);
		const letter = renderLetter(text, { font: { regular: notoSans() } }).pdf.toString('latin1');
		const pages = [...letter.matchAll(/\/Contents (\d+) 0 R/g)].map(([, number]) => number);
		expect(pages.length).toBeGreaterThan(1);
		for (const number of pages)
			expect(letter).toMatch(
				new RegExp(`\\n${number} 0 obj\\n<< /Length \\d+ /Filter /FlateDecode >>`),
			);
		expect(renderLetter('Dear Dr. Adams').pdf.toString('latin1')).not.toContain('/FlateDecode');
		const read = tools.read(Buffer.from(letter, 'latin1'));
		expect(read.check).toEqual(SOUND_PDF);
		expect(words(read.text)).toContain(words(text.slice(0, 200)));
	});

	test('the same letter gives the same bytes; another text another subset tag', () => {
		const options: LetterOptions = {
			font: { regular: sawarabiGothic() },
			coverPage: { to: '山田太郎', confidentialityNotice: '機密情報です。' },
		};
		const first = renderLetter('東京都千代田区丸の内1-1', options).pdf;
		const second = renderLetter('東京都千代田区丸の内1-1', {
			...options,
			font: { regular: Uint8Array.from(sawarabiGothic()) },
		}).pdf;
		expect(second.equals(first)).toBe(true);
		const tag = (pdf: Buffer) => /\/BaseFont \/([A-Z]{6})\+/.exec(pdf.toString('latin1'))![1];
		expect(tag(renderLetter('東京都', options).pdf)).not.toBe(tag(first));
	});

	test('a long Japanese paragraph wraps between ideographs, inside the margins, no line starting with 。 or 、', () => {
		const sentence =
			'本日は東京都千代田区丸の内の診療所にて、山田太郎様の検査結果をお送りいたします。';
		const letter = renderLetter(sentence.repeat(12), { font: { regular: sawarabiGothic() } });
		const read = tools.read(letter.pdf);
		expect(read.check).toEqual(SOUND_PDF);
		const body = lines(read.pageTexts[0]).slice(0, -1);
		expect(body.length).toBeGreaterThan(8);
		expect(body.join('')).toBe(sentence.repeat(12));
		for (const line of body) expect(line).not.toMatch(/^[、。」）]/);
		const boxes = tools
			.wordBoxes(read.file)
			.filter((box) => box.page === 1 && !box.text.startsWith('Page'));
		for (const box of boxes) {
			expect(box.xMin).toBeGreaterThanOrEqual(72 - 0.01);
			expect(box.xMax).toBeLessThanOrEqual(612 - 72 + 0.01);
		}
		// Full lines reach the right margin within one ideograph (11 pt).
		expect(Math.max(...boxes.map((box) => box.xMax))).toBeGreaterThan(612 - 72 - 11);
	});

	test('a Korean paragraph breaks at spaces and, for a word longer than a line, between syllables', () => {
		const text = `${'김민준 환자분의 검사 결과를 보내드립니다. '.repeat(8)}${'가'.repeat(60)}`;
		const read = tools.read(renderLetter(text, { font: { regular: nanumGothic() } }).pdf);
		expect(read.check).toEqual(SOUND_PDF);
		for (const box of tools.wordBoxes(read.file)) expect(box.xMax).toBeLessThanOrEqual(540.01);
		expect(words(read.pageTexts[0])).toContain('김민준 환자분의 검사 결과를 보내드립니다.');
	});

	test('the cover page: every field, the notice and the footer in the font, none in Helvetica', () => {
		const letter = renderLetter('Уважаемый доктор, результаты анализов прилагаются.', {
			font: { regular: notoSans(), bold: notoSansBold() },
			coverPage: {
				to: 'Олена Ковальчук',
				from: 'Γεώργιος Παπαδόπουλος',
				subject: 'Nguyễn Thị Hương',
				message: 'Срочно.',
				confidentialityNotice: 'Конфиденциально: только для адресата.',
			},
		});
		const read = tools.read(letter.pdf);
		expect(read.check).toEqual(SOUND_PDF);
		const cover = words(read.pageTexts[0]);
		for (const expected of [
			'FAX',
			'To: Олена Ковальчук',
			'From: Γεώργιος Παπαδόπουλος',
			'Pages: 2',
			'Subject: Nguyễn Thị Hương',
			'Message: Срочно.',
			'Конфиденциально: только для адресата.',
			'Page 1 of 2',
		])
			expect(cover).toContain(expected);
		expectEmbeddedSubsets(read.file, ['NotoSans-Bold', 'NotoSans-Regular']);
		expect(letter.pdf.toString('latin1')).not.toContain('/Helvetica');
	});

	test('renderCoverSheet takes the font too', () => {
		const read = tools.read(
			renderCoverSheet({ from: '김민준', confidentialityNotice: '기밀' }, 1, {
				font: { regular: nanumGothic() },
			}).pdf,
		);
		expect(read.check).toEqual(SOUND_PDF);
		expect(words(read.pageTexts[0])).toContain('From: 김민준');
		expectEmbeddedSubsets(read.file, ['NanumGothic']);
	});
});

describe('Markdown in an embedded font', () => {
	const markdown = [
		'# Результаты',
		'',
		'Пациент **Иван Петров**, *Олена Ковальчук* и ***Γεώργιος***.',
		'',
		'- первый',
		'- второй',
		'',
		'Код: `ABC-123` и `Код-7`.',
		'',
		'| Имя | Дата |',
		'| --- | ---- |',
		'| Nguyễn Thị Hương | 2024-01-01 |',
	].join('\n');

	test('bold and italic runs use the bold and italic files; code that fits WinAnsi stays Courier', () => {
		const letter = renderLetter(markdown, {
			format: 'markdown',
			font: { regular: notoSans(), bold: notoSansBold(), italic: notoSansItalic() },
		});
		const read = tools.read(letter.pdf);
		expect(read.check).toEqual(SOUND_PDF);
		const text = words(read.pageTexts[0]);
		for (const expected of [
			'Результаты',
			'Пациент Иван Петров, Олена Ковальчук и Γεώργιος.',
			'• первый',
			'• второй',
			'Код: ABC-123 и Код-7.',
			'Nguyễn Thị Hương 2024-01-01',
		])
			expect(text).toContain(expected);
		const fonts = tools.fonts(read.file);
		expect(fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
			'Courier',
			'NotoSans-Bold',
			'NotoSans-Italic',
			'NotoSans-Regular',
		]);
		// The bold-italic run falls back to the bold file (no bold-italic file given).
		expect(fonts.filter((font) => font.type === 'CID TrueType')).toHaveLength(3);
	});

	test('without bold and italic files every run is drawn in the regular file, code beyond WinAnsi too', () => {
		const read = tools.read(
			renderLetter(markdown, { format: 'markdown', font: { regular: notoSans() } }).pdf,
		);
		expect(read.check).toEqual(SOUND_PDF);
		expect(words(read.pageTexts[0])).toContain('Пациент Иван Петров, Олена Ковальчук и Γεώργιος.');
		expect(tools.fonts(read.file).map((font) => font.name.replace(/^[A-Z]{6}\+/, ''))).toEqual([
			'Courier',
			'NotoSans-Regular',
		]);
	});

	test('a code block in Japanese is drawn in the font, broken by width inside the margins', () => {
		const read = tools.read(
			renderLetter(`\`\`\`\n${'検査結果'.repeat(30)}\n\`\`\``, {
				format: 'markdown',
				font: { regular: sawarabiGothic() },
			}).pdf,
		);
		expect(read.check).toEqual(SOUND_PDF);
		expect(lines(read.pageTexts[0]).slice(0, -1).join('')).toBe('検査結果'.repeat(30));
		for (const box of tools.wordBoxes(read.file)) expect(box.xMax).toBeLessThanOrEqual(540.01);
	});
});
