/**
 * Chinese and Japanese paragraphs in a CJK TrueType font (Sawarabi Gothic), as a reader sees them: at
 * every font size and page width, plain and Markdown, pdftotext reads back the whole text, and no line
 * starts with closing punctuation (，。、」）…, small kana, ー) or ends with an opening bracket.
 */
import { renderLetter } from '../../../nodes/shared/pdf';
import type { LetterOptions } from '../../../nodes/shared/pdf';
import { SOUND_PDF, pdfReader } from '../../harness/pdf-reader';
import { sawarabiGothic } from '../../harness/pdf/fonts';

const pdfs = pdfReader('fax-cjk-line-breaks-');
afterAll(() => pdfs.dispose());

/** A clinical paragraph in Chinese (in forms Sawarabi Gothic has), with a long record number. */
const CHINESE =
	'患者男性，六十五歳，病歴番号20240612000123，因反覆胸悶気短三年，加重伴双下肢水腫一週入院。' +
	'診察：血圧150/90 mmHg，心率八十八次毎分，律齊，各弁膜聴診区未聞及病理性雑音。頸静脈怒張，' +
	'肝頸静脈回流征陽性，活動後気促明顕，夜間不能平臥……建議低塩飲食，限制液体摂入，毎日監測体重' +
	'（晨起空腹），如有不適，随時就診。';

const JAPANESE =
	'本日、山田太郎様（七十二歳）をご紹介いたします。「胸が苦しい」とのことで、心電図を施行しました。' +
	'ちょっとした動作でも息切れがあり、コーヒーは控えていただいています。検査結果は別紙をご参照ください' +
	'（詳細は添付資料「検査報告書」）。ご多忙のところ恐縮ですが、よろしくお願いいたします。';

const CLOSING = /^[，。、」』）】〕！？：；…ーっゃゅょァィゥェォッャュョ,.;:!?)\]]/u;
const OPENING = /[「『（【〔([]$/u;

/** The body's lines as pdftotext reads them, without the footer. */
function bodyLines(options: LetterOptions, text: string): string[] {
	const read = pdfs.read(
		renderLetter(text, { font: { regular: sawarabiGothic() }, ...options }).pdf,
	);
	expect(read.check).toMatchObject(SOUND_PDF);
	return read.text
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line !== '' && !/^Page \d+ of \d+$/.test(line));
}

const unspaced = (text: string) => text.replace(/\s+/g, '');

describe.each([
	['Chinese', CHINESE],
	['Japanese', JAPANESE],
])('a %s paragraph', (_, paragraph) => {
	const text = `${paragraph}${paragraph}`;
	test.each([9, 10, 11, 12, 13, 14, 15, 16])(
		'at %i pt, on Letter and A4, plain and Markdown: every character read back, no line starts with closing punctuation or ends with an opening bracket',
		(fontSize) => {
			for (const pageSize of ['letter', 'a4'] as const)
				for (const format of ['plain', 'markdown'] as const) {
					const lines = bodyLines({ fontSize, pageSize, format }, text);
					expect(lines.length).toBeGreaterThan(4);
					expect(unspaced(lines.join(''))).toBe(unspaced(text));
					expect(lines.filter((line) => CLOSING.test(line))).toEqual([]);
					expect(lines.filter((line) => OPENING.test(line))).toEqual([]);
				}
		},
	);

	test('in a Markdown list and quote (narrower columns), the same', () => {
		for (const fontSize of [9, 12, 16]) {
			const lines = bodyLines({ fontSize, format: 'markdown' }, `- ${text}\n\n> > ${text}`);
			const items = lines.map((line) => line.replace(/^[•·\-*]\s*/u, ''));
			expect(unspaced(items.join(''))).toContain(unspaced(text));
			expect(items.filter((line) => CLOSING.test(line))).toEqual([]);
			expect(items.filter((line) => OPENING.test(line))).toEqual([]);
		}
	});
});
