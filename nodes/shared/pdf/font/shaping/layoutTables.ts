/**
 * The structures GSUB and GPOS share (OpenType's "common table formats"): the script list with its
 * language systems, the feature list, the lookup list (extension lookups resolved to the subtable
 * they wrap), coverage tables and class definitions. Offsets are absolute in the font file; every
 * read goes through FontData, so a table pointing outside the file fails as FontError 'damaged'.
 */

import type { FontData } from '../fontData';

export type Coverage = ReadonlyMap<number, number>;
export type ClassDefinition = ReadonlyMap<number, number>;

export interface LanguageSystem {
	requiredFeature: number;
	features: readonly number[];
}

export interface ScriptRecord {
	defaultLanguage?: LanguageSystem;
	languages: ReadonlyMap<string, LanguageSystem>;
}

export interface Lookup {
	/** The lookup type, an extension lookup's wrapped type. */
	type: number;
	flag: number;
	markFilteringSet: number;
	/** Where each subtable starts (an extension's wrapped subtable). */
	subtables: readonly number[];
}

export interface LayoutTable {
	scripts: ReadonlyMap<string, ScriptRecord>;
	features: ReadonlyArray<{ tag: string; lookups: readonly number[] }>;
	lookups: readonly Lookup[];
}

/** LookupFlag bits (OpenType). */
export const RIGHT_TO_LEFT = 0x0001;
export const IGNORE_BASE_GLYPHS = 0x0002;
export const IGNORE_LIGATURES = 0x0004;
export const IGNORE_MARKS = 0x0008;
export const IGNORE_FLAGS = 0x000e;
export const USE_MARK_FILTERING_SET = 0x0010;
export const MARK_ATTACHMENT_TYPE = 0xff00;

/** GSUB's or GPOS's lists; `extensionType` is the lookup type that wraps others (7 in GSUB, 9 in GPOS). */
export function readLayoutTable(data: FontData, table: number, extensionType: number): LayoutTable {
	const scriptList = table + data.uint16(table + 4);
	const featureList = table + data.uint16(table + 6);
	const lookupList = table + data.uint16(table + 8);
	return {
		scripts: readScripts(data, scriptList),
		features: readFeatures(data, featureList),
		lookups: readLookups(data, lookupList, extensionType),
	};
}

function readScripts(data: FontData, list: number): Map<string, ScriptRecord> {
	const scripts = new Map<string, ScriptRecord>();
	const count = data.uint16(list);
	for (let index = 0; index < count; index += 1) {
		const record = list + 2 + index * 6;
		const script = list + data.uint16(record + 4);
		const defaultOffset = data.uint16(script);
		const languages = new Map<string, LanguageSystem>();
		const languageCount = data.uint16(script + 2);
		for (let language = 0; language < languageCount; language += 1) {
			const languageRecord = script + 4 + language * 6;
			languages.set(
				data.tag(languageRecord),
				readLanguageSystem(data, script + data.uint16(languageRecord + 4)),
			);
		}
		scripts.set(data.tag(record), {
			defaultLanguage:
				defaultOffset === 0 ? undefined : readLanguageSystem(data, script + defaultOffset),
			languages,
		});
	}
	return scripts;
}

function readLanguageSystem(data: FontData, at: number): LanguageSystem {
	const count = data.uint16(at + 4);
	return {
		requiredFeature: data.uint16(at + 2),
		features: Array.from({ length: count }, (_, index) => data.uint16(at + 6 + index * 2)),
	};
}

function readFeatures(data: FontData, list: number): Array<{ tag: string; lookups: number[] }> {
	const count = data.uint16(list);
	return Array.from({ length: count }, (_, index) => {
		const record = list + 2 + index * 6;
		const feature = list + data.uint16(record + 4);
		const lookupCount = data.uint16(feature + 2);
		return {
			tag: data.tag(record),
			lookups: Array.from({ length: lookupCount }, (__, lookup) =>
				data.uint16(feature + 4 + lookup * 2),
			),
		};
	});
}

function readLookups(data: FontData, list: number, extensionType: number): Lookup[] {
	const count = data.uint16(list);
	return Array.from({ length: count }, (_, index) => {
		const lookup = list + data.uint16(list + 2 + index * 2);
		let type = data.uint16(lookup);
		const flag = data.uint16(lookup + 2);
		const subtableCount = data.uint16(lookup + 4);
		let subtables = Array.from(
			{ length: subtableCount },
			(__, subtable) => lookup + data.uint16(lookup + 6 + subtable * 2),
		);
		const markFilteringSet =
			flag & USE_MARK_FILTERING_SET ? data.uint16(lookup + 6 + subtableCount * 2) : 0;
		if (type === extensionType) {
			// Extension subtables: format 1, the wrapped type, a 32-bit offset from the extension subtable.
			type = subtables.length > 0 ? data.uint16(subtables[0] + 2) : 0;
			subtables = subtables.map((at) => at + data.uint32(at + 4));
		}
		return { type, flag, markFilteringSet, subtables };
	});
}

/** A coverage table: glyph id -> its coverage index. */
export function readCoverage(data: FontData, at: number): Coverage {
	const coverage = new Map<number, number>();
	const format = data.uint16(at);
	const count = data.uint16(at + 2);
	if (format === 1) {
		for (let index = 0; index < count; index += 1)
			coverage.set(data.uint16(at + 4 + index * 2), index);
	} else if (format === 2) {
		for (let range = 0; range < count; range += 1) {
			const record = at + 4 + range * 6;
			const first = data.uint16(record);
			const last = data.uint16(record + 2);
			const startIndex = data.uint16(record + 4);
			for (let glyph = first; glyph <= last; glyph += 1)
				coverage.set(glyph, startIndex + glyph - first);
		}
	}
	return coverage;
}

/** A class definition table: glyph id -> class (glyphs it does not list are class 0). */
export function readClassDefinition(data: FontData, at: number): ClassDefinition {
	const classes = new Map<number, number>();
	const format = data.uint16(at);
	if (format === 1) {
		const first = data.uint16(at + 2);
		const count = data.uint16(at + 4);
		for (let index = 0; index < count; index += 1)
			classes.set(first + index, data.uint16(at + 6 + index * 2));
	} else if (format === 2) {
		const count = data.uint16(at + 2);
		for (let range = 0; range < count; range += 1) {
			const record = at + 4 + range * 6;
			const last = data.uint16(record + 2);
			const value = data.uint16(record + 4);
			for (let glyph = data.uint16(record); glyph <= last; glyph += 1) classes.set(glyph, value);
		}
	}
	return classes;
}

/** A list of 16-bit values after a count at `at`. */
export function readUint16Array(data: FontData, at: number): number[] {
	const count = data.uint16(at);
	return Array.from({ length: count }, (_, index) => data.uint16(at + 2 + index * 2));
}
