import { execFileSync } from 'child_process';
import { renderLetter } from '../../../nodes/shared/pdf';
import { applyCharacterRule } from '../../../nodes/shared/pdf/letter/characterRule';
import {
	EXTENDED_CODE_POINTS,
	extendedEncoding,
	extendedGlyph,
	extendedToUnicode,
} from '../../../nodes/shared/pdf/letter/extendedGlyphs';
import { textWidthUnits } from '../../../nodes/shared/pdf/letter/fontWidths';
import { winAnsiByte } from '../../../nodes/shared/pdf/letter/winAnsi';
import { SOUND_PDF } from '../../harness/pdf-reader';
import { pdfTools } from './helpers/tools';

/**
 * Every glyph the standard fonts print reads back as the character it was written for: the WinAnsi
 * characters by their glyph names, the extended table's through its ToUnicode map (Δ and ∆ share
 * /Delta, Ţ and Ț /Tcommaaccent), in each face a letter draws.
 */

const tools = pdfTools('fax-standard-readback-');
afterAll(() => tools.dispose());

const NO_BREAK_SPACE = 0xa0;
const SOFT_HYPHEN = 0xad;
/** Every printable WinAnsi character but the space, the no-break space and the soft hyphen (dropped by the rule). */
const WINANSI = Array.from({ length: 0x2200 }, (_, codePoint) => codePoint).filter(
	(codePoint) =>
		codePoint > 0x20 &&
		winAnsiByte(codePoint) !== undefined &&
		codePoint !== NO_BREAK_SPACE &&
		codePoint !== SOFT_HYPHEN,
);
const EXTENDED = [...EXTENDED_CODE_POINTS];
const characters = (codePoints: readonly number[]) =>
	codePoints.map((codePoint) => String.fromCodePoint(codePoint));
/** Markdown source printing exactly `text`: every ASCII punctuation character escaped. */
const escaped = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, (character) => `\\${character}`);
const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

describe('standard fonts read back as written', () => {
	test('the table: 14 signs and letters beyond Latin Extended-A, Ț ț among them with the AFM widths', () => {
		expect(EXTENDED).toHaveLength(78 + 14);
		expect(characters(EXTENDED.filter((codePoint) => codePoint > 0x17f)).join('')).toBe(
			'Șș≤≥≠−Δ∆∑√∂◊Țț',
		);
		// Appended: every entry before them keeps its byte, so files that drew them keep their bytes.
		expect(extendedGlyph(0x025ca)?.byte).toBe(0x21 + 89);
		expect(extendedGlyph(0x021a)).toMatchObject({ byte: 0x21 + 90, name: 'Tcommaaccent' });
		expect(extendedGlyph(0x021b)).toMatchObject({ byte: 0x21 + 91, name: 'tcommaaccent' });
		expect(textWidthUnits('Helvetica', 'Țț')).toBe(611 + 278);
		expect(textWidthUnits('Helvetica-BoldOblique', 'Țț')).toBe(611 + 333);
		expect(applyCharacterRule('Ștefan Țurcan, Mărțișor', 'text')).toBe('Ștefan Țurcan, Mărțișor');
	});

	test('the ToUnicode map gives each byte of the encoding its own character, one byte a code', () => {
		for (const beyondLatin of [false, true]) {
			const [, differences] = /\/Differences \[33 ([^\]]*)\]/.exec(extendedEncoding(beyondLatin))!;
			const names = differences.split(' ');
			const cmap = extendedToUnicode(beyondLatin).toString('latin1');
			expect(cmap).toContain('1 begincodespacerange\n<00> <FF>\nendcodespacerange');
			const entries = [...cmap.matchAll(/^<([0-9A-F]{2})> <([0-9A-F]{4})>$/gm)];
			expect(entries).toHaveLength(names.length);
			expect(entries.map(([, byte, text]) => [parseInt(byte, 16), parseInt(text, 16)])).toEqual(
				EXTENDED.slice(0, names.length).map((codePoint) => [
					extendedGlyph(codePoint)!.byte,
					codePoint,
				]),
			);
		}
		expect(extendedToUnicode(false).toString('latin1')).not.toContain('<2206>');
	});

	test('every WinAnsi and extended character reads back as itself in regular, bold, italic, bold italic and code', () => {
		const all = [...characters(WINANSI), ...characters(EXTENDED)];
		const faces: Array<[label: string, open: string, close: string]> = [
			['Regular', '', ''],
			['Bold', '**', '**'],
			['Italic', '_', '_'],
			['BoldItalic', '***', '***'],
		];
		const paragraphs = faces.map(
			([label, open, close]) => `${label}: ${open}${escaped(all.join(' '))}${close}`,
		);
		// A code span takes no escapes; its double-backtick fence holds the single backtick.
		paragraphs.push(`Code: \`\` ${all.join(' ')} \`\``);
		const letter = renderLetter(paragraphs.join('\n\n'), { format: 'markdown' });
		const read = tools.read(letter.pdf);
		expect(read.check).toEqual(SOUND_PDF);
		expect(read.pages).toBe(1);
		const expected = ['Regular', 'Bold', 'Italic', 'BoldItalic', 'Code']
			.map((label) => `${label}:${all.join('')}`)
			.join('');
		expect(withoutSpaces(read.text)).toBe(`${expected}Page1of1`);
		// Each face named twice (WinAnsi and extended), the extended ones with their ToUnicode map.
		const fonts = tools
			.fonts(read.file)
			.map(({ name, encoding, toUnicode }) => `${name} ${encoding} ${toUnicode}`);
		expect(fonts.sort()).toEqual(
			['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique', 'Courier']
				.flatMap((name) => [`${name} WinAnsi false`, `${name} Custom true`])
				.sort(),
		);
	});

	test('Δ and ∆, Ţ and Ț stay apart; a no-break space reads back as a space, as WinAnsi names it', () => {
		const read = tools.read(renderLetter('Δ ∆ Ţ Ț ţ ț 10\u00a0mg').pdf);
		expect(read.check).toEqual(SOUND_PDF);
		const [line] = read.text.split('\n');
		expect(line.trim().split(/ +/)).toEqual(['Δ', '∆', 'Ţ', 'Ț', 'ţ', 'ț', '10', 'mg']);
		expect(read.text).not.toContain('\u00a0');
	});

	test('a letter of Latin Extended-A letters names only them in its encoding and ToUnicode map', () => {
		const source = renderLetter('Dvořák').pdf.toString('latin1');
		expect(source).toContain('/Differences [33 /Amacron ');
		expect(source).not.toContain('/Scommaaccent');
		expect(source).toContain('/ToUnicode 8 0 R');
		expect(source).toContain(`<${(0x21 + 77).toString(16).toUpperCase()}> <017C>\nendbfchar`);
	});

	test('pdftoppm draws Ț: the glyph of Ţ, a T with a mark below the baseline', () => {
		const ink = (text: string) => firstLineInk(tools.read(renderLetter(text).pdf).file);
		const [tee, commaTee, cedillaTee] = [ink('T'), ink('Ț'), ink('Ţ')];
		// Its T as tall and as heavy as the letter T (the rendering of the two glyphs differs by a few pixels).
		expect(commaTee.above).toBeGreaterThan(tee.above * 0.9);
		expect(commaTee.above).toBeLessThan(tee.above * 1.1);
		expect(tee.below).toBe(0);
		expect(commaTee.below).toBeGreaterThan(20);
		// The same glyph name: Helvetica's Tcommaaccent, whichever of the two letters it was written for.
		expect(cedillaTee).toEqual(commaTee);
	});
});

/**
 * Dark pixels of the letter's first glyph at 300 dpi (pdftoppm -gray), above and below its baseline: the
 * first line's baseline is 83 pt from the top of the page, its text 72 pt from the left.
 */
function firstLineInk(file: string): { above: number; below: number } {
	const DPI = 300;
	const px = (points: number) => Math.round((points * DPI) / 72);
	const [left, top, baseline, bottom] = [px(72), px(83 - 11), px(83) + 2, px(83 + 5)];
	const pgm = execFileSync('pdftoppm', [
		'-r',
		String(DPI),
		'-gray',
		'-f',
		'1',
		'-l',
		'1',
		'-x',
		String(left),
		'-y',
		String(top),
		'-W',
		String(px(11)),
		'-H',
		String(bottom - top),
		file,
	]);
	// P5 <width> <height> <max>\n, then one byte a pixel.
	const header = /^P5\s+(\d+)\s+(\d+)\s+\d+\s/.exec(pgm.toString('latin1', 0, 40))!;
	const [width, height] = [Number(header[1]), Number(header[2])];
	const pixels = pgm.subarray(header[0].length);
	let above = 0;
	let below = 0;
	for (let row = 0; row < height; row += 1)
		for (let column = 0; column < width; column += 1)
			if (pixels[row * width + column] < 128) {
				if (top + row < baseline) above += 1;
				else below += 1;
			}
	return { above, below };
}
