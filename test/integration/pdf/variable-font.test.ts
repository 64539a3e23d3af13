import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { renderLetter } from '../../../nodes/shared/pdf';
import type { LetterFont } from '../../../nodes/shared/pdf';
import { readOutline } from '../../../nodes/shared/pdf/font/glyphOutline';
import type { TrueTypeFont } from '../../../nodes/shared/pdf/font/trueType';
import { readTrueType } from '../../../nodes/shared/pdf/font/trueType';
import type { ReferenceGlyph } from '../../harness/pdf/fontToolsInstance';
import { fontToolsInstance, referenceGlyphs } from '../../harness/pdf/fontToolsInstance';
import {
	sourceSansPath,
	sourceSansVariable,
	sourceSansVariableItalic,
	withTables,
} from '../../harness/pdf/fonts';
import { SOUND_PDF } from '../../harness/pdf-reader';
import { pdfTools } from './helpers/tools';

/**
 * A variable font printed at Regular and Bold, checked against Debian's fontTools: for every glyph a
 * letter's text draws (composites and their components too), the instance this library makes has
 * the points, component offsets, advance widths and boxes of `fonttools varLib.instancer font.ttf
 * wght=…` (compare() says where rounding may differ). And as a fax machine sees it: a letter in the
 * variable font renders (pdftoppm) to the very pixels of the same letter in fontTools' static
 * instance, its stems as thick, and thicker than the stored ExtraLight's.
 */

const tools = pdfTools('fax-variable-font-');
const directory = tools.path('.');
afterAll(() => tools.dispose());

/** Latin, accented (composite) letters, figures and punctuation a medical letter has. */
const TEXT =
	'Patient: Zoë Müller-Łukasiewicz, née Ångström — São Paulo, Ñuñoa; Dvořák, Şahin, Đặng.\n' +
	'Hydrochlorothiazide 12.5 mg (1-0-0), Lisinopril 20 mg: BP 142/91 mmHg; HbA1c 7.4 %. “Quoted” ‘text’ & more? Yes!\n' +
	'ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 ÀÉÎÕÜÇ àéîõüç ŒœßÆæØøÞþ';

/** The ids of the glyphs the text draws and of their components. */
function drawnGlyphs(font: TrueTypeFont): number[] {
	const ids = new Set<number>();
	const visit = (glyphId: number) => {
		if (ids.has(glyphId)) return;
		ids.add(glyphId);
		const outline = readOutline(font.glyph(glyphId), 'test');
		if (outline.kind === 'composite') outline.components.forEach((c) => visit(c.glyphId));
	};
	for (const character of TEXT)
		if (character !== '\n') visit(font.glyphId(character.codePointAt(0)!));
	return [...ids].sort((a, b) => a - b);
}

/**
 * Checks a font's instance against fontTools' glyph by glyph: points, contours, component offsets,
 * advances and a simple glyph's box and side bearing exactly; a composite's box (and so its side
 * bearing) to a unit, since fontTools takes it from the unrounded points of its components and this
 * library from the rounded ones the file holds (those a rasteriser draws). Returns how many composite
 * box values differ.
 */
function compare(font: TrueTypeFont, reference: Map<number, ReferenceGlyph>): number {
	let compositeDifferences = 0;
	for (const [glyphId, expected] of reference) {
		const bytes = font.glyph(glyphId);
		const outline = readOutline(bytes, 'test');
		expect({ glyphId, kind: outline.kind }).toEqual({ glyphId, kind: expected.kind });
		expect({ glyphId, advance: font.advance(glyphId) }).toEqual({
			glyphId,
			advance: expected.advance,
		});
		if (outline.kind === 'empty') continue;
		const view = Buffer.from(bytes);
		const box = [2, 4, 6, 8].map((at) => view.readInt16BE(at));
		if (outline.kind === 'simple') {
			expect({ glyphId, box, lsb: font.leftSideBearing(glyphId) }).toEqual({
				glyphId,
				box: expected.box,
				lsb: expected.leftSideBearing,
			});
			expect({ glyphId, ends: outline.endPoints, xs: outline.xs, ys: outline.ys }).toEqual({
				glyphId,
				ends: expected.endPoints,
				xs: expected.xs,
				ys: expected.ys,
			});
		} else {
			const components = outline.components.map((c) => ({
				glyphId: c.glyphId,
				x: c.argument1,
				y: c.argument2,
			}));
			expect({ glyphId, components }).toEqual({ glyphId, components: expected.components });
			const differences = [...box, font.leftSideBearing(glyphId)].map((value, index) =>
				Math.abs(value - [...expected.box, expected.leftSideBearing][index]),
			);
			expect(Math.max(...differences)).toBeLessThanOrEqual(1);
			compositeDifferences += differences.filter((difference) => difference !== 0).length;
		}
	}
	return compositeDifferences;
}

describe.each([
	['Source Sans 3 VF upright', 'VF/SourceSans3VF-Upright.ttf', sourceSansVariable],
	['Source Sans 3 VF italic', 'VF/SourceSans3VF-Italic.ttf', sourceSansVariableItalic],
])('%s (default ExtraLight) against fontTools', (_, path, bytes) => {
	test.each([400, 700])('at wght=%i', (weight) => {
		const font = readTrueType(bytes(), 'font.regular', weight);
		expect(font.variableWeight).toMatchObject({ defaultWeight: 200, weight });
		const glyphIds = drawnGlyphs(font);
		expect(glyphIds.length).toBeGreaterThan(120);
		const reference = referenceGlyphs(
			fontToolsInstance(sourceSansPath(path), weight, TEXT, directory),
			glyphIds,
		);
		// Of about 125 composite boxes, a few values differ by their rounding.
		expect(compare(font, reference)).toBeLessThan(15);
	});
});

/** A page rendered in grey by pdftoppm at 300 dpi: its width, height and pixels (0 black … 255 white). */
function renderGrey(pdf: Buffer): { width: number; height: number; pixels: Buffer } {
	const read = tools.read(pdf);
	expect(read.check).toEqual(SOUND_PDF);
	const pgm = execFileSync('pdftoppm', ['-r', '300', '-gray', '-singlefile', read.file], {
		maxBuffer: 64 * 1024 * 1024,
	});
	const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
	return {
		width: Number(header[1]),
		height: Number(header[2]),
		pixels: pgm.subarray(header[0].length),
	};
}

/** The median length of the horizontal runs of dark pixels: in a page of 'l' and 'H', a stem's width. */
function stemWidth(pdf: Buffer): number {
	const { width, height, pixels } = renderGrey(pdf);
	const runs: number[] = [];
	for (let row = 0; row < height; row += 1) {
		let run = 0;
		for (let column = 0; column <= width; column += 1) {
			const dark = column < width && pixels[row * width + column] < 128;
			if (dark) run += 1;
			else if (run > 0) {
				runs.push(run);
				run = 0;
			}
		}
	}
	runs.sort((a, b) => a - b);
	return runs[Math.floor(runs.length / 2)];
}

const STEMS = Array.from({ length: 12 }, () => 'llllllllll HHHHHH IIIIII').join('\n');
const letter = (text: string, font: LetterFont, format: 'plain' | 'markdown' = 'plain') =>
	renderLetter(text, { font, fontSize: 16, format }).pdf;
/** The variable font with its variation tables left out: the stored ExtraLight, as it printed before. */
const storedExtraLight = () =>
	withTables(sourceSansVariable(), {}, ['fvar', 'gvar', 'avar', 'HVAR', 'MVAR', 'STAT']);

describe('a letter in a variable font whose default is ExtraLight, as printed', () => {
	const instance = (weight: number) =>
		readFileSync(
			fontToolsInstance(
				sourceSansPath('VF/SourceSans3VF-Upright.ttf'),
				weight,
				`${TEXT}${STEMS}*`,
				directory,
			),
		);

	test("renders to the pixels of the same letter in fontTools' Regular instance", () => {
		const ours = renderGrey(letter(TEXT, { regular: sourceSansVariable() }));
		const reference = renderGrey(letter(TEXT, { regular: instance(400) }));
		expect(ours.width).toBe(reference.width);
		expect(ours.pixels.equals(reference.pixels)).toBe(true);
		// Not a blank page: the text is there.
		expect(ours.pixels.filter((value) => value < 128).length).toBeGreaterThan(20000);
	});

	test("stems as thick as fontTools' Regular, and much thicker than the stored ExtraLight", () => {
		const regular = stemWidth(letter(STEMS, { regular: sourceSansVariable() }));
		expect(regular).toBe(stemWidth(letter(STEMS, { regular: instance(400) })));
		const extraLight = stemWidth(letter(STEMS, { regular: storedExtraLight() }));
		// Source Sans 3's stems: about 40 units at ExtraLight, 84 at Regular (in 1000 per em); at
		// 16 pt and 300 dpi that is about 3 pixels against 6.
		expect(extraLight).toBeLessThanOrEqual(3);
		expect(regular).toBeGreaterThanOrEqual(extraLight * 1.8);
	});

	test("bold runs with only the variable file given print at Bold, as fontTools' Bold instance does", () => {
		const bold = `**${STEMS.replace(/\n/g, '**\n**')}**`;
		const ours = letter(bold, { regular: sourceSansVariable() }, 'markdown');
		const reference = letter(bold, { regular: instance(400), bold: instance(700) }, 'markdown');
		expect(tools.fonts(tools.read(ours).file).map((font) => font.name.slice(7))).toEqual([
			'SourceSans3VF-Bold',
			'SourceSans3VF-Regular',
		]);
		expect(renderGrey(ours).pixels.equals(renderGrey(reference).pixels)).toBe(true);
		expect(stemWidth(ours)).toBeGreaterThan(
			stemWidth(letter(STEMS, { regular: sourceSansVariable() })),
		);
	});
});
