import { FontError, LetterError, renderLetter } from '../../../../nodes/shared/pdf';
import { applyCharacterRule } from '../../../../nodes/shared/pdf/letter/characterRule';
import { letterFaces } from '../../../../nodes/shared/pdf/letter/faces';
import { breakPieces } from '../../../../nodes/shared/pdf/letter/lineBreak';
import { letterError } from '../../../harness/pdf/letterError';
import {
	cffFont,
	collection,
	nanumGothic,
	notoSans,
	notoSansBold,
	sawarabiGothic,
	shapingFont,
	withTables,
} from '../../../harness/pdf/fonts';

/** What a letter in an embedded font may hold: the font's characters, no script that needs shaping the writer does not do. */

const noto = () => letterFaces({ regular: notoSans() }).repertoire!;

describe('the character rule with an embedded font', () => {
	test('keeps what the font has: Greek, Cyrillic, Vietnamese (NFC first: e + U+0302 + U+0303 is ễ)', () => {
		const text = 'Γεώργιος Παπαδόπουλος\nИван Петров\nNguye\u0302\u0303n Thị Hương';
		expect(applyCharacterRule(text, 'text', noto())).toBe(text.normalize('NFC'));
		expect(applyCharacterRule('Nguye\u0302\u0303n', 'text', noto())).toBe('Nguyễn');
	});

	test('Greek mu stays Greek (no µ transliteration) when the font has it; a transliteration applies only to what it lacks', () => {
		expect(applyCharacterRule('\u03bc', 'text', noto())).toBe('\u03bc');
		// Noto Sans has no arrows; Sawarabi Gothic has.
		expect(applyCharacterRule('a\u2192b', 'text', noto())).toBe('a->b');
		const sawarabi = letterFaces({ regular: sawarabiGothic() }).repertoire!;
		expect(applyCharacterRule('a\u2192b', 'text', sawarabi)).toBe('a\u2192b');
		expect(applyCharacterRule('\u200bx', 'text', sawarabi)).toBe('x');
	});

	test('a character the font lacks is refused naming its code point and the font, never drawn as a box', () => {
		const error = letterError(() =>
			renderLetter('Patient: 山田太郎', { font: { regular: notoSans() } }),
		);
		expect(error).toMatchObject({ reason: 'character' });
		expect(error.message).toBe(
			"text: 4 Chinese (Han) characters, the first at line 1, column 10: not in the letter's font (NotoSans-Regular); replace or remove them",
		);
		expect(error.message).not.toContain('山');
	});

	test('with a bold file given, a character must be in both', () => {
		const faces = letterFaces({ regular: notoSans(), bold: notoSansBold() });
		expect(faces.repertoire!.description).toBe(
			"the letter's font (NotoSans-Regular, NotoSans-Bold)",
		);
		expect(
			letterError(() => renderLetter('김', { font: { regular: notoSans(), bold: nanumGothic() } })),
		).toMatchObject({ refusal: { groups: [{ script: 'Korean (Hangul)', count: 1 }] } });
	});

	test.each([
		['Devanagari', 'नमस्ते'],
		['Bengali', 'বাংলা'],
		['Tamil', 'தமிழ்'],
		['Thai', 'สวัสดี'],
	])('%s is refused naming the script, even in a font that has its letters', (script, text) => {
		const error = letterError(() =>
			renderLetter(`Name: ${text}`, { font: { regular: notoSans() } }),
		);
		expect(error).toMatchObject({ reason: 'character', script });
		expect(error.message).toMatch(
			new RegExp(
				`^text: ${[...text].length} ${script} (letters|characters), the first at line 1, column 7: ${script} needs `,
			),
		);
	});

	test('a combining mark NFC cannot merge is refused (it would need mark positioning)', () => {
		const error = letterError(() => renderLetter('q\u0303', { font: { regular: notoSans() } }));
		expect(error.message).toBe(
			'text: 1 combining mark at line 1, column 2: combining marks NFC cannot join to the letter before them (they would need mark positioning); replace or remove them',
		);
	});

	test('cover page fields go through the same rule', () => {
		const error = letterError(() =>
			renderLetter('Body', {
				font: { regular: notoSans() },
				coverPage: { to: 'สวัสดี', confidentialityNotice: 'x' },
			}),
		);
		expect(error).toMatchObject({ field: 'coverPage.to', script: 'Thai' });
	});

	test('Arabic and Hebrew are kept in a font that shapes them, with the format characters their layout reads', () => {
		const naskh = letterFaces({ regular: shapingFont('Noto Naskh Arabic') }).repertoire!;
		const hebrew = letterFaces({ regular: shapingFont('Noto Sans Hebrew') }).repertoire!;
		// Persian's ZWNJ inside a word, a right-to-left mark, harakat.
		const arabic = 'می\u200cخواهم \u200fمُحَمَّد ١٢٣';
		expect(applyCharacterRule(arabic, 'text', naskh)).toBe(arabic.normalize('NFC'));
		const pointed = 'בְּרֵאשִׁית דוד';
		expect(applyCharacterRule(pointed, 'text', hebrew)).toBe(pointed.normalize('NFC'));
		// In a letter without right-to-left text the format characters are still dropped.
		expect(applyCharacterRule('a\u200cb\u200d', 'text', noto())).toBe('ab');
	});

	test('Arabic in a font without it is refused as any missing letter: counted, never spelled', () => {
		const error = letterError(() => renderLetter('Name: محمد', { font: { regular: notoSans() } }));
		expect(error.message).toBe(
			"text: 4 Arabic letters, the first at line 1, column 7: not in the letter's font (NotoSans-Regular); replace or remove them",
		);
	});

	test('a font without the tables HarfBuzz would shape with is refused naming what it lacks', () => {
		const noJoiningForms = withTables(shapingFont('Noto Naskh Arabic'), {}, ['GSUB']);
		expect(
			letterError(() => renderLetter('محمد', { font: { regular: noJoiningForms } })).message,
		).toBe(
			"text: 4 Arabic letters, the first at line 1, column 1: Arabic cannot be shaped with the letter's font (NotoNaskhArabic-Regular): it has no Arabic joining forms (GSUB for the arab script); replace or remove them",
		);
		const noMarkPositioning = withTables(shapingFont('Noto Sans Hebrew'), {}, ['GPOS']);
		// Hebrew letters need nothing from GPOS; its points do.
		expect(renderLetter('דוד כהן', { font: { regular: noMarkPositioning } }).pages).toBe(1);
		const error = letterError(() =>
			renderLetter('שָׁלוֹם', { font: { regular: noMarkPositioning } }),
		);
		expect(error).toMatchObject({ script: 'Hebrew' });
		expect(error.message).toContain(
			"Hebrew cannot be shaped with the letter's font (NotoSansHebrew-Regular): it has no Hebrew mark positioning (GPOS for the hebr script)",
		);
		expect(error.message).not.toMatch(/[\u0590-\u05ff]/);
	});
});

describe('the font option', () => {
	test('font files that cannot be embedded stop the letter with a FontError naming the face', () => {
		for (const [font, reason, field] of [
			[{ regular: cffFont() }, 'cff', 'font.regular'],
			[{ regular: notoSans(), italic: collection() }, 'collection', 'font.italic'],
			[{ regular: notoSans(), bold: notoSans().subarray(0, 5000) }, 'damaged', 'font.bold'],
		] as const) {
			let caught: unknown;
			try {
				renderLetter('Text', { font });
			} catch (error) {
				caught = error;
			}
			expect(caught).toBeInstanceOf(FontError);
			expect(caught).toMatchObject({ reason, field });
		}
	});

	test('a font option that is not font bytes is a LetterError of reason font', () => {
		for (const font of [{}, { regular: 'NotoSans.ttf' }, { regular: notoSans(), bold: 42 }]) {
			const error = letterError(() => renderLetter('Text', { font: font as never }));
			expect(error).toBeInstanceOf(LetterError);
			expect(error.reason).toBe('font');
		}
	});
});

describe('line breaks in CJK text', () => {
	test('between ideographs, kana and hangul syllables', () => {
		expect(breakPieces('山田太郎')).toEqual(['山', '田', '太', '郎']);
		expect(breakPieces('김민준')).toEqual(['김', '민', '준']);
		expect(breakPieces('丸の内1-1')).toEqual(['丸', 'の', '内', '1-', '1']);
	});

	test('never before closing punctuation or small kana, never after opening punctuation', () => {
		expect(breakPieces('「東京」、大阪。')).toEqual(['「東', '京」、', '大', '阪。']);
		expect(breakPieces('ちょっと（注）')).toEqual(['ちょっ', 'と', '（注）']);
		expect(breakPieces('コーヒー')).toEqual(['コー', 'ヒー']);
	});

	test('Latin words give what they gave before', () => {
		expect(breakPieces('follow-up')).toEqual(['follow-', 'up']);
		expect(breakPieces('Nguyễn')).toEqual(['Nguyễn']);
	});
});
