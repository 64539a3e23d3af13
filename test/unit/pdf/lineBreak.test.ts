/**
 * Where lines break (nodes/shared/pdf/letter/lineBreak.ts) and the wrappers that use it (layout.ts for
 * plain text, markdown/richText.ts for Markdown): no line starts with closing punctuation (，。、」）!
 * and the like, small kana, ー) or ends with an opening bracket, at a space, between CJK characters or
 * where a piece too wide for its line is cut; Latin text without such characters breaks as it did.
 */
import type { Face } from '../../../nodes/shared/pdf/letter/fontWidths';
import { letterFaces } from '../../../nodes/shared/pdf/letter/faces';
import { wrapParagraph } from '../../../nodes/shared/pdf/letter/layout';
import {
	breakPieces,
	cutIntoLines,
	joinUnbreakableSpaces,
	mayBreakAtSpaces,
	wordPieces,
} from '../../../nodes/shared/pdf/letter/lineBreak';
import { wrapRich } from '../../../nodes/shared/pdf/letter/markdown/richText';
import { sawarabiGothic } from '../../harness/pdf/fonts';

const sawarabi = (): Face => letterFaces({ regular: sawarabiGothic() }).regular;
/** Both wrappers' lines for one paragraph in one face. */
const wrapBoth = (text: string, face: Face, size: number, width: number) => ({
	plain: wrapParagraph(text, face, size, width),
	markdown: wrapRich([{ text, font: face }], size, width).map((line) =>
		line.segments.map((segment) => segment.text).join(''),
	),
});

const CLOSING = /^[，。、」』）〕】！？：；…‥ーっゃゅょァィゥェォッャュョ,.;:!?)\]}]/u;
const OPENING = /[「『（〔【([{]$/u;

describe('breakPieces', () => {
	test('CJK text breaks between characters, never before closing punctuation, small kana or ー, never after an opening bracket', () => {
		expect(breakPieces('山田太郎')).toEqual(['山', '田', '太', '郎']);
		expect(breakPieces('김민준')).toEqual(['김', '민', '준']);
		expect(breakPieces('「東京」、大阪。')).toEqual(['「東', '京」、', '大', '阪。']);
		expect(breakPieces('ちょっと（注）')).toEqual(['ちょっ', 'と', '（注）']);
		expect(breakPieces('コーヒー')).toEqual(['コー', 'ヒー']);
		expect(breakPieces('律齊，各弁膜')).toEqual(['律', '齊，', '各', '弁', '膜']);
	});

	test('closing marks the old list lacked: an ellipsis, a hyphen, 〛 and ﹐ never start a line', () => {
		expect(breakPieces('平臥……建議')).toEqual(['平', '臥……', '建', '議']);
		expect(breakPieces('東京‐大阪')).toEqual(['東', '京‐', '大', '阪']);
		expect(breakPieces('〚注〛、可')).toEqual(['〚注〛、', '可']);
		expect(breakPieces('可﹐否')).toEqual(['可﹐', '否']);
	});

	test('numbers stay with their units and signs next to CJK text (UAX #14 LB23a, LB25)', () => {
		expect(breakPieces('体温38.5℃，脈拍')).toEqual(['体', '温', '38.5℃，', '脈', '拍']);
		expect(breakPieces('増加20%，')).toEqual(['増', '加', '20%，']);
	});

	test('Latin words give what wordPieces gave before, on a seeded sample of 3,000 words', () => {
		// Letters, digits, hyphens, slashes and symbols without closing or opening punctuation.
		const alphabet = [...'abcxyzABCéßøΩжд0189-/-/_#@&*+=%$'];
		let seed = 7;
		const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
		for (let sample = 0; sample < 3000; sample += 1) {
			const length = 1 + Math.floor(random() * 14);
			const word = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]);
			expect(breakPieces(word.join(''))).toEqual(wordPieces(word.join('')));
		}
		expect(breakPieces('follow-up')).toEqual(['follow-', 'up']);
		expect(breakPieces('https://example.com/a')).toEqual(['https://', 'example.com/', 'a']);
		expect(breakPieces('Nguyễn')).toEqual(['Nguyễn']);
	});

	test('after a hyphen or slash, closing punctuation still does not start a line', () => {
		expect(breakPieces('and/or')).toEqual(['and/', 'or']);
		expect(breakPieces('(and/)')).toEqual(['(and/)']);
		expect(breakPieces('re-!')).toEqual(['re-!']);
	});
});

describe('breaks at spaces', () => {
	test('no break before closing punctuation or after an opening bracket, even across spaces', () => {
		expect(mayBreakAtSpaces('次/分', '，律齊')).toBe(false);
		expect(mayBreakAtSpaces('word', ',')).toBe(false);
		expect(mayBreakAtSpaces('word', ')')).toBe(false);
		expect(mayBreakAtSpaces('(', 'see')).toBe(false);
		expect(mayBreakAtSpaces('（', '注')).toBe(false);
		expect(mayBreakAtSpaces('word', '(see')).toBe(true);
		expect(mayBreakAtSpaces('note)', 'here')).toBe(true);
		expect(mayBreakAtSpaces('word', 'word')).toBe(true);
	});

	test('joinUnbreakableSpaces joins such spaces into the words beside them; a tab stays a break', () => {
		const join = (tokens: string[]) =>
			joinUnbreakableSpaces(
				tokens,
				(token) => token,
				(parts) => parts.join(''),
			);
		expect(join(['a', ' ', '(', ' ', 'b', ' ', ')', ' ', 'c'])).toEqual([
			'a',
			' ',
			'( b )',
			' ',
			'c',
		]);
		expect(join(['分', ' ', '，律齊'])).toEqual(['分 ，律齊']);
		expect(join(['分', '\t', '，律齊'])).toEqual(['分', '\t', '，律齊']);
		expect(join(['see', ' ', 'note'])).toEqual(['see', ' ', 'note']);
	});
});

describe('cutting a piece wider than its line', () => {
	const cuts = (text: string, perLine: number) =>
		cutIntoLines(
			[...text],
			() => 1,
			(units) => units <= perLine,
			false,
		);

	test('cuts where the line is full, or before the last character that may start a line', () => {
		expect(cuts('abcdefgh', 3)).toEqual([3, 6]);
		expect(cuts('12345，678', 5)).toEqual([4]);
		expect(cuts('ab(cdef', 3)).toEqual([2, 5]);
		expect(cuts('abc」」」」def', 3)).toEqual([2, 5, 8]);
	});

	test('where no character may start a line, the cut is where the line is full: no text is lost', () => {
		expect(cuts('，，，，，', 2)).toEqual([2, 4]);
	});
});

describe('wrapped paragraphs (plain text and Markdown)', () => {
	test.each([
		['a space before a comma', '心率八十八次/分 ，律齊 ，各弁膜聴診区未聞及病理性雑音。', 11, 90],
		['an ellipsis', '夜間不能平臥……建議低塩飲食，限制液体摂入。', 11, 67],
		['a long number before a comma', '病歴番号20240612000123，肝頸静脈回流征陽性。', 11, 90],
		['an opening bracket before a space', '毎日監測体重（ 晨起空腹 ），如有不適。', 11, 80],
	])(
		'%s: no line starts with closing punctuation or ends with an opening bracket',
		(_, text, size, width) => {
			const { plain, markdown } = wrapBoth(text, sawarabi(), size, width);
			for (const lines of [plain, markdown]) {
				expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
				expect(lines.slice(1).filter((line) => CLOSING.test(line.trimStart()))).toEqual([]);
				expect(lines.filter((line) => OPENING.test(line.trimEnd()))).toEqual([]);
			}
		},
	);

	test('Latin: "(" never ends a line, "," never starts one', () => {
		const text = 'Please see ( the attached note ) and call us , or fax the form back.';
		for (const width of [40, 55, 70, 90, 120]) {
			const { plain, markdown } = wrapBoth(text, 'Helvetica', 11, width);
			expect(markdown).toEqual(plain);
			expect(plain.filter((line) => /^[,)]/.test(line) || /\($/.test(line))).toEqual([]);
		}
		expect(wrapParagraph('call us , or fax', 'Helvetica', 11, 40)).toEqual(['call us ,', 'or fax']);
	});

	test('Latin text without such characters wraps as before: at spaces, after hyphens and slashes, long words at the full line', () => {
		expect(
			wrapParagraph('follow-up with cardiology and/or nephrology', 'Helvetica', 11, 60),
		).toEqual(['follow-up', 'with', 'cardiology', 'and/or', 'nephrology']);
		expect(wrapParagraph('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'Helvetica', 11, 50)).toEqual([
			'ABCDEF',
			'GHIJKLM',
			'NOPQRS',
			'TUVWXY',
			'Z',
		]);
	});
});
