import { components, isComposite } from '../../../../nodes/shared/pdf/font/compositeGlyphs';
import { FontData } from '../../../../nodes/shared/pdf/font/fontData';
import { embeddedFontObjects } from '../../../../nodes/shared/pdf/font/pdfFont';
import { readSfntDirectory, tableChecksum } from '../../../../nodes/shared/pdf/font/sfnt';
import { glyphClosure, subsetFont } from '../../../../nodes/shared/pdf/font/subset';
import { subsetTag } from '../../../../nodes/shared/pdf/font/subsetTag';
import { toUnicodeCMap } from '../../../../nodes/shared/pdf/font/toUnicode';
import type { TrueTypeFont } from '../../../../nodes/shared/pdf/font/trueType';
import { readTrueType } from '../../../../nodes/shared/pdf/font/trueType';
import { notoSans, sawarabiGothic, sourceSansVariable } from '../../../harness/pdf/fonts';

/** The subsetter: only the glyphs drawn, their components, renumbered, in a valid file. */

const glyphsOf = (font: TrueTypeFont, text: string) => [
	...new Set([...text].map((character) => font.glyphId(character.codePointAt(0)!))),
];

/** The subset's tables, by tag, as views. */
function tables(bytes: Uint8Array): Map<string, Uint8Array> {
	const { tables: directory } = readSfntDirectory(new FontData(bytes, 'subset'));
	return new Map(
		[...directory].map(([tag, { offset, length }]) => [
			tag,
			bytes.subarray(offset, offset + length),
		]),
	);
}

describe('subsetting a TrueType font', () => {
	const noto = readTrueType(notoSans(), 'font.regular');

	test('keeps .notdef and the glyphs drawn, numbered 0, 1, 2… in their original order', () => {
		const used = glyphsOf(noto, 'Иван Петров');
		const subset = subsetFont(noto, used);
		expect(subset.glyphIds[0]).toBe(0);
		expect(subset.glyphIds).toEqual([0, ...used].sort((a, b) => a - b));
		expect(subset.glyphIds).toHaveLength(new Set('Иван Петров').size + 1);
		subset.glyphIds.forEach((glyphId, index) => expect(subset.newGlyphId.get(glyphId)).toBe(index));
		// A few kilobytes out of Noto Sans's 600.
		expect(subset.bytes.length).toBeLessThan(8000);
		expect(notoSans().length).toBeGreaterThan(600_000);
	});

	test('a composite glyph brings its components (Vietnamese ễ ợ ư), renumbered inside it', () => {
		const text = 'Nguyễn Thị Hương ợ';
		const used = glyphsOf(noto, text);
		const composite = used.filter((glyphId) => isComposite(noto.glyph(glyphId)));
		expect(composite.length).toBeGreaterThan(0);
		const closure = glyphClosure(noto, used);
		const subset = subsetFont(noto, used);
		expect(subset.glyphIds).toEqual(closure);
		const glyf = tables(subset.bytes).get('glyf')!;
		const loca = tables(subset.bytes).get('loca')!;
		const head = tables(subset.bytes).get('head')!;
		const longLoca = ((head[50] << 8) | head[51]) === 1;
		const offset = (index: number) =>
			longLoca
				? Buffer.from(loca).readUInt32BE(index * 4)
				: Buffer.from(loca).readUInt16BE(index * 2) * 2;
		for (const glyphId of composite) {
			const originalComponents = components(noto.glyph(glyphId), 'test').map((c) => c.glyphId);
			for (const component of originalComponents) expect(closure).toContain(component);
			const newId = subset.newGlyphId.get(glyphId)!;
			const copied = glyf.subarray(offset(newId), offset(newId + 1));
			expect(components(copied, 'test').map((c) => c.glyphId)).toEqual(
				originalComponents.map((component) => subset.newGlyphId.get(component)),
			);
		}
	});

	test('writes only the tables a viewer needs: no cmap, names, layout or variation tables', () => {
		// A variable font's subset holds its instance's outlines, and none of the variation tables.
		const variable = readTrueType(sourceSansVariable(), 'font.regular');
		const subset = subsetFont(variable, glyphsOf(variable, 'abc'));
		const tags = [...tables(subset.bytes).keys()];
		for (const tag of ['head', 'hhea', 'maxp', 'hmtx', 'loca', 'glyf']) expect(tags).toContain(tag);
		for (const tag of [
			'cmap',
			'name',
			'GSUB',
			'GPOS',
			'OS/2',
			'fvar',
			'gvar',
			'HVAR',
			'avar',
			'MVAR',
			'STAT',
		])
			expect(tags).not.toContain(tag);
	});

	test('counts in maxp and hhea, a full hmtx and a loca of glyphs + 1 entries agree with the glyphs kept', () => {
		const subset = subsetFont(noto, glyphsOf(noto, 'Γεώργιος Παπαδόπουλος'));
		const all = tables(subset.bytes);
		const count = subset.glyphIds.length;
		expect(Buffer.from(all.get('maxp')!).readUInt16BE(4)).toBe(count);
		expect(Buffer.from(all.get('hhea')!).readUInt16BE(34)).toBe(count);
		expect(all.get('hmtx')!.length).toBe(count * 4);
		const longLoca = Buffer.from(all.get('head')!).readInt16BE(50) === 1;
		expect(all.get('loca')!.length).toBe((count + 1) * (longLoca ? 4 : 2));
		subset.glyphIds.forEach((glyphId, index) =>
			expect(Buffer.from(all.get('hmtx')!).readUInt16BE(index * 4)).toBe(noto.advance(glyphId)),
		);
	});

	test('every table checksum is right and the whole file sums to 0xB1B0AFBA (head.checkSumAdjustment)', () => {
		const subset = subsetFont(noto, glyphsOf(noto, 'Nguyễn Thị Hương'));
		const file = Buffer.from(subset.bytes);
		const count = file.readUInt16BE(4);
		for (let index = 0; index < count; index += 1) {
			const record = 12 + index * 16;
			const tag = file.toString('latin1', record, record + 4);
			const offset = file.readUInt32BE(record + 8);
			const length = file.readUInt32BE(record + 12);
			expect(offset % 4).toBe(0);
			const data = Uint8Array.from(file.subarray(offset, offset + length));
			// head's checksum is taken with checkSumAdjustment as zero.
			if (tag === 'head') data.fill(0, 8, 12);
			expect({ tag, checksum: tableChecksum(data) }).toEqual({
				tag,
				checksum: file.readUInt32BE(record + 4),
			});
		}
		expect(tableChecksum(file)).toBe(0xb1b0afba);
	});

	test('a CJK subset of a 1.9 MB font stays small', () => {
		const sawarabi = readTrueType(sawarabiGothic(), 'font.regular');
		const text = '山田太郎東京都千代田区丸の内王小明';
		const subset = subsetFont(sawarabi, glyphsOf(sawarabi, text));
		expect(subset.glyphIds.length).toBe(new Set(text).size + 1);
		expect(subset.bytes.length).toBeLessThan(20_000);
	});
});

describe('the subset tag', () => {
	const noto = readTrueType(notoSans(), 'font.regular');

	test('is six capital letters that depend only on the font file and the glyphs kept', () => {
		const ids = subsetFont(noto, glyphsOf(noto, 'Иван')).glyphIds;
		const tag = subsetTag(noto.data.bytes, ids);
		expect(tag).toMatch(/^[A-Z]{6}$/);
		expect(subsetTag(Uint8Array.from(noto.data.bytes), [...ids])).toBe(tag);
		expect(
			subsetTag(noto.data.bytes, subsetFont(noto, glyphsOf(noto, 'Иванов')).glyphIds),
		).not.toBe(tag);
		expect(subsetTag(sawarabiGothic(), ids)).not.toBe(tag);
	});

	test('the same glyphs give byte-identical font objects', () => {
		const texts = new Map(glyphsOf(noto, 'Олена').map((glyph, index) => [glyph, 'Олена'[index]]));
		const first = embeddedFontObjects(noto, texts, 10);
		const second = embeddedFontObjects(readTrueType(notoSans(), 'font.regular'), texts, 10);
		expect(JSON.stringify(second.objects)).toBe(JSON.stringify(first.objects));
		expect(first.baseFont).toMatch(/^[A-Z]{6}\+NotoSans-Regular$/);
	});
});

describe('the PDF objects', () => {
	const noto = readTrueType(notoSans(), 'font.regular');

	test('Type0 with Identity-H, CIDFontType2 with CIDToGIDMap /Identity and W in 1/1000 em, FontFile2, ToUnicode', () => {
		const texts = new Map(glyphsOf(noto, 'Γε').map((glyph, index) => [glyph, 'Γε'[index]]));
		const { objects, subset } = embeddedFontObjects(noto, texts, 7);
		const [type0, cidFont, descriptor, fontFile] = objects;
		expect(type0).toMatch(
			/^<< \/Type \/Font \/Subtype \/Type0 \/BaseFont \/[A-Z]{6}\+NotoSans-Regular \/Encoding \/Identity-H \/DescendantFonts \[8 0 R\] \/ToUnicode 11 0 R >>$/,
		);
		const widths = subset.glyphIds.map((glyph) => noto.advanceUnits(glyph)).join(' ');
		expect(cidFont).toContain(`/W [0 [${widths}]] /CIDToGIDMap /Identity`);
		expect(cidFont).toContain('/Subtype /CIDFontType2');
		expect(descriptor).toContain('/FontFile2 10 0 R');
		expect(descriptor).toMatch(/\/Flags 4 \/FontBBox \[-?\d+ -?\d+ \d+ \d+\]/);
		expect(fontFile).toMatchObject({
			dictionaryEntries: `/Filter /FlateDecode /Length1 ${subset.bytes.length}`,
		});
	});

	test('the ToUnicode CMap maps each code to its text, supplementary characters as surrogate pairs', () => {
		const cmap = toUnicodeCMap(
			new Map([
				[2, 'Γ'],
				[1, 'A'],
				[3, '\u{20B9F}'],
			]),
		).toString('latin1');
		expect(cmap).toContain(
			'3 beginbfchar\n<0001> <0041>\n<0002> <0393>\n<0003> <D842DF9F>\nendbfchar',
		);
		expect(cmap).toContain('/CMapName /Adobe-Identity-UCS def');
	});
});
