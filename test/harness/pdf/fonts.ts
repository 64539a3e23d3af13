/**
 * The TrueType fonts the embedded-font tests use, from the dev dependencies (Google Fonts' files as
 * @expo-google-fonts packages them; Adobe's Source Sans 3 as its `source-sans` package ships it,
 * variable and static), and the refused kinds of file made from them.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { writeSfnt } from '../../../nodes/shared/pdf/font/sfnt';
import { readSfntDirectory } from '../../../nodes/shared/pdf/font/sfnt';
import { FontData } from '../../../nodes/shared/pdf/font/fontData';

const PACKAGES = join(__dirname, '..', '..', '..', 'node_modules', '@expo-google-fonts');
const cache = new Map<string, Buffer>();
const load = (path: string): Buffer => {
	let bytes = cache.get(path);
	if (bytes === undefined) cache.set(path, (bytes = readFileSync(join(PACKAGES, path))));
	return bytes;
};

/** The shaping tests' right-to-left fonts: a file path by the name the tests call each. */
export const SHAPING_FONTS = {
	'Noto Naskh Arabic': join(
		PACKAGES,
		'noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf',
	),
	'Noto Naskh Arabic Bold': join(PACKAGES, 'noto-naskh-arabic/700Bold/NotoNaskhArabic_700Bold.ttf'),
	Vazirmatn: join(PACKAGES, 'vazirmatn/400Regular/Vazirmatn_400Regular.ttf'),
	/** Nastaliq: glyphs joined by GPOS cursive attachment, long chained contexts. */
	'Noto Nastaliq Urdu': join(
		PACKAGES,
		'noto-nastaliq-urdu/400Regular/NotoNastaliqUrdu_400Regular.ttf',
	),
	'Noto Sans Hebrew': join(PACKAGES, 'noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf'),
} as const;

export type ShapingFontName = keyof typeof SHAPING_FONTS;

/** A right-to-left font's bytes, for the shaper's tests. */
export const shapingFont = (name: ShapingFontName): Buffer => readFileSync(SHAPING_FONTS[name]);

/** Noto Sans: Latin, Greek, Cyrillic, Vietnamese (composite accented letters); cmap formats 4 and 12. */
export const notoSans = () => load('noto-sans/400Regular/NotoSans_400Regular.ttf');
export const notoSansBold = () => load('noto-sans/700Bold/NotoSans_700Bold.ttf');
export const notoSansItalic = () =>
	load('noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf');
/** Sawarabi Gothic: Japanese kana and kanji (so Chinese names written in them), Latin, Cyrillic. */
export const sawarabiGothic = () =>
	load('sawarabi-gothic/400Regular/SawarabiGothic_400Regular.ttf');
/** Nanum Gothic: Korean hangul; a format 4 cmap only. */
export const nanumGothic = () => load('nanum-gothic/400Regular/NanumGothic_400Regular.ttf');

const SOURCE_SANS = join(__dirname, '..', '..', '..', 'node_modules', 'source-sans');
/** Source Sans 3's path in its package (fontTools reads files). */
export const sourceSansPath = (path: string): string => join(SOURCE_SANS, path);
/** Source Sans 3 variable (TrueType outlines, gvar, avar, HVAR): one wght axis 200-900, its default ExtraLight (200). */
export const sourceSansVariable = () =>
	readFileSync(sourceSansPath('VF/SourceSans3VF-Upright.ttf'));
export const sourceSansVariableItalic = () =>
	readFileSync(sourceSansPath('VF/SourceSans3VF-Italic.ttf'));
/** The same variable font with CFF2 outlines ('OTTO'). */
export const sourceSansVariableCff2 = () =>
	readFileSync(sourceSansPath('VF/SourceSans3VF-Upright.otf'));

/** The tables of a font file, copied, by tag. */
export function tablesOf(font: Uint8Array): Map<string, Uint8Array> {
	const { tables } = readSfntDirectory(new FontData(font, 'test'));
	return new Map(
		[...tables].map(([tag, { offset, length }]) => [
			tag,
			Uint8Array.from(font.subarray(offset, offset + length)),
		]),
	);
}

/** A font file of `font`'s tables with others added (a variable font's fvar and gvar) or some left out. */
export function withTables(
	font: Uint8Array,
	add: Record<string, Uint8Array>,
	remove: readonly string[] = [],
	version?: number,
): Uint8Array {
	const tables = tablesOf(font);
	for (const tag of remove) tables.delete(tag);
	for (const [tag, data] of Object.entries(add)) tables.set(tag, data);
	return writeSfnt(tables, version);
}

/** An OpenType font with CFF outlines ('OTTO'): the sfnt of a real font with a CFF table instead of glyf. */
export function cffFont(): Uint8Array {
	return withTables(
		notoSans(),
		{ 'CFF ': new Uint8Array([1, 0, 4, 1]) },
		['glyf', 'loca'],
		0x4f54544f,
	);
}

/** A TrueType collection ('ttcf') holding one font: its header, one offset, the font after it. */
export function collection(): Uint8Array {
	const font = notoSans();
	const header = Buffer.alloc(16);
	header.write('ttcf', 0, 'latin1');
	header.writeUInt32BE(0x00010000, 4);
	header.writeUInt32BE(1, 8);
	header.writeUInt32BE(16, 12);
	return Buffer.concat([header, font]);
}
