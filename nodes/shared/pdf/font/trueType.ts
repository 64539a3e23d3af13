/**
 * Reads what embedding a TrueType font needs: glyph ids by code point (cmap), advance widths (hmtx),
 * the outlines' places (loca, glyf), the metrics a PDF font descriptor carries (head, hhea, OS/2, post)
 * and the PostScript name (name). Tables are read in place, not copied; nothing about hinting is read,
 * and the layout features (GSUB, GPOS, GDEF) are the shaper's to read (shaping/layoutEngine.ts).
 * A variable font is read at the weight asked for (variableFont.ts): its glyphs, advances and side
 * bearings are then the instance's.
 */

import { FontError } from '../errors';
import type { CharacterMap } from './cmap';
import { readCharacterMap } from './cmap';
import { FontData, damaged } from './fontData';
import type { TableEntry } from './sfnt';
import { readSfntDirectory } from './sfnt';
import type { FontInstance } from './fontInstance';
import type { VariableWeight } from './variableFont';
import { REGULAR_WEIGHT, variableWeight } from './variableFont';

/** Metrics in PDF glyph space (1/1000 em), as the font descriptor takes them. */
export interface FontMetrics {
	bbox: readonly [number, number, number, number];
	ascent: number;
	descent: number;
	capHeight: number;
	italicAngle: number;
	fixedPitch: boolean;
}

const REQUIRED = ['head', 'hhea', 'maxp', 'hmtx', 'loca', 'glyf', 'cmap'] as const;

export class TrueTypeFont {
	readonly data: FontData;
	readonly tables: ReadonlyMap<string, TableEntry>;
	readonly unitsPerEm: number;
	readonly glyphCount: number;
	readonly postScriptName: string;
	readonly metrics: FontMetrics;
	/** Whether the file is a variable font (fvar). */
	readonly variable: boolean;
	/** For a variable font with a weight axis: its stored weight and the weight drawn. */
	readonly variableWeight?: VariableWeight;
	private readonly instance?: FontInstance;
	private readonly characterMap: CharacterMap;
	private readonly longLoca: boolean;
	private readonly horizontalMetrics: number;
	private readonly glyphCache = new Map<number, number>();

	/** `weight`: the instance a variable font is drawn at (clamped to its weight axis); static fonts ignore it. */
	constructor(bytes: Uint8Array, field: string, weight = REGULAR_WEIGHT) {
		this.data = new FontData(bytes, field);
		this.tables = readSfntDirectory(this.data).tables;
		if (!this.tables.has('glyf') && this.tables.has('CFF '))
			throw new FontError(
				'cff',
				`${field} has CFF (PostScript) outlines: only TrueType outlines (glyf) can be embedded`,
				field,
			);
		for (const tag of REQUIRED)
			if (!this.tables.has(tag))
				throw new FontError(
					'notTrueType',
					`${field} is not a usable TrueType font: it has no '${tag}' table`,
					field,
				);
		const head = this.offset('head');
		this.data.need(head, 54, "the 'head' table");
		this.unitsPerEm = this.data.uint16(head + 18);
		if (this.unitsPerEm < 16 || this.unitsPerEm > 16384)
			throw damaged(field, `its units per em (${this.unitsPerEm}) are out of range`);
		this.longLoca = this.data.int16(head + 50) === 1;
		this.glyphCount = this.data.uint16(this.offset('maxp') + 4);
		if (this.glyphCount === 0) throw damaged(field, 'it has no glyphs');
		const hhea = this.offset('hhea');
		this.horizontalMetrics = this.data.uint16(hhea + 34);
		if (this.horizontalMetrics === 0 || this.horizontalMetrics > this.glyphCount)
			throw damaged(field, 'its hhea table counts no or too many horizontal metrics');
		const hmtxNeeded = this.horizontalMetrics * 4 + (this.glyphCount - this.horizontalMetrics) * 2;
		if (this.tables.get('hmtx')!.length < hmtxNeeded)
			throw damaged(field, 'its hmtx table is shorter than its glyph count needs');
		if (this.tables.get('loca')!.length < (this.glyphCount + 1) * (this.longLoca ? 4 : 2))
			throw damaged(field, 'its loca table is shorter than its glyph count needs');
		this.characterMap = readCharacterMap(this.data, this.offset('cmap'));
		this.variable = this.tables.has('fvar');
		this.metrics = this.readMetrics(head, hhea);
		this.variableWeight = variableWeight(this.defaults(), this.tables, weight);
		this.instance = this.variableWeight?.instance;
		// An instance is another font: its own name, so a viewer never takes it for the stored weight.
		const named = this.readPostScriptName(this.variableWeight?.postScriptNameId);
		const stored = this.readPostScriptName(6) ?? 'TrueTypeFont';
		// Without a named instance at the weight: the variations' name prefix (name id 25) or the
		// stored name, and the weight, as Adobe's naming of arbitrary instances does.
		this.postScriptName =
			named ??
			(this.variableWeight === undefined
				? stored
				: `${(this.readPostScriptName(25) ?? stored).slice(0, 52)}_${this.variableWeight.weight}wght`);
	}

	/** Where a table starts (the table must exist: REQUIRED ones are checked on reading). */
	offset(tag: string): number {
		const entry = this.tables.get(tag);
		if (entry === undefined) throw new RangeError(`no '${tag}' table`);
		return entry.offset;
	}

	/** A table's bytes, or undefined when the font has none; a variable font's cvt is its instance's. */
	table(tag: string): Uint8Array | undefined {
		const controlValues = this.variableWeight?.controlValues;
		if (tag === 'cvt ' && controlValues !== undefined) return controlValues;
		const entry = this.tables.get(tag);
		return entry === undefined ? undefined : this.data.slice(entry.offset, entry.length, tag);
	}

	/** The glyph a code point maps to; 0 (.notdef) when the font lacks it. */
	glyphId(codePoint: number): number {
		let glyph = this.glyphCache.get(codePoint);
		if (glyph === undefined) {
			glyph = this.characterMap(codePoint);
			if (glyph >= this.glyphCount) glyph = 0;
			this.glyphCache.set(codePoint, glyph);
		}
		return glyph;
	}

	/** Whether the font draws a code point (a glyph other than .notdef). */
	has(codePoint: number): boolean {
		return this.glyphId(codePoint) !== 0;
	}

	/** A glyph's advance width in font units. */
	advance(glyphId: number): number {
		return this.instance?.glyph(glyphId).advance ?? this.storedAdvance(glyphId);
	}

	/** A glyph's left side bearing in font units. */
	leftSideBearing(glyphId: number): number {
		return this.instance?.glyph(glyphId).leftSideBearing ?? this.storedLeftSideBearing(glyphId);
	}

	/** A glyph's outline data (empty for a glyph without contours, like the space). */
	glyph(glyphId: number): Uint8Array {
		if (this.instance !== undefined) {
			if (glyphId >= this.glyphCount) throw new RangeError(`glyph ${glyphId} is not in the font`);
			return this.instance.glyph(glyphId).bytes;
		}
		return this.storedGlyph(glyphId);
	}

	/** What instancing reads: the stored outlines and metrics. */
	private defaults() {
		return {
			data: this.data,
			defaultGlyph: (glyphId: number) => this.storedGlyph(glyphId),
			defaultAdvance: (glyphId: number) => this.storedAdvance(glyphId),
			defaultLeftSideBearing: (glyphId: number) => this.storedLeftSideBearing(glyphId),
		};
	}

	private storedAdvance(glyphId: number): number {
		const index = Math.min(glyphId, this.horizontalMetrics - 1);
		return this.data.uint16(this.offset('hmtx') + index * 4);
	}

	private storedLeftSideBearing(glyphId: number): number {
		const hmtx = this.offset('hmtx');
		return glyphId < this.horizontalMetrics
			? this.data.int16(hmtx + glyphId * 4 + 2)
			: this.data.int16(hmtx + this.horizontalMetrics * 4 + (glyphId - this.horizontalMetrics) * 2);
	}

	/** A glyph's advance in 1/1000 em, a whole number: what the PDF's W array says and the layout measures. */
	advanceUnits(glyphId: number): number {
		return this.toPdfUnits(this.advance(glyphId));
	}

	private storedGlyph(glyphId: number): Uint8Array {
		const loca = this.offset('loca');
		const at = (index: number) =>
			this.longLoca ? this.data.uint32(loca + index * 4) : this.data.uint16(loca + index * 2) * 2;
		const start = at(glyphId);
		const end = at(glyphId + 1);
		const glyf = this.tables.get('glyf')!;
		if (end < start || end > glyf.length)
			throw damaged(this.data.field, `glyph ${glyphId} lies outside its glyf table`);
		return this.data.slice(glyf.offset + start, end - start, `glyph ${glyphId}`);
	}

	toPdfUnits(fontUnits: number): number {
		return Math.round((fontUnits * 1000) / this.unitsPerEm);
	}

	private readMetrics(head: number, hhea: number): FontMetrics {
		const data = this.data;
		const scale = (value: number) => this.toPdfUnits(value);
		const bbox = [
			scale(data.int16(head + 36)),
			scale(data.int16(head + 38)),
			scale(data.int16(head + 40)),
			scale(data.int16(head + 42)),
		] as const;
		let ascent = data.int16(hhea + 4);
		let descent = data.int16(hhea + 6);
		let capHeight: number | undefined;
		const os2 = this.tables.get('OS/2');
		if (os2 !== undefined && os2.length >= 78) {
			// The typographic values are the designer's; hhea's are often stretched for clipping.
			ascent = data.int16(os2.offset + 68);
			descent = data.int16(os2.offset + 70);
			if (data.uint16(os2.offset) >= 2 && os2.length >= 90) capHeight = data.int16(os2.offset + 88);
		}
		let italicAngle = 0;
		let fixedPitch = false;
		const post = this.tables.get('post');
		if (post !== undefined && post.length >= 16) {
			italicAngle = data.int16(post.offset + 4) + data.uint16(post.offset + 6) / 65536;
			fixedPitch = data.uint32(post.offset + 12) !== 0;
		}
		return {
			bbox,
			ascent: scale(ascent),
			descent: scale(descent),
			// Without OS/2's cap height, the height of 'H' is the usual estimate: 0.7 em.
			capHeight: capHeight === undefined || capHeight === 0 ? 700 : scale(capHeight),
			italicAngle: Math.round(italicAngle * 100) / 100,
			fixedPitch,
		};
	}

	/** A PostScript name from the name table (id 6, or a named instance's), kept to the characters a PDF name allows unescaped. */
	private readPostScriptName(nameId: number | undefined): string | undefined {
		const name = this.tables.get('name');
		if (name === undefined || nameId === undefined) return undefined;
		const data = this.data;
		const count = data.uint16(name.offset + 2);
		const strings = name.offset + data.uint16(name.offset + 4);
		for (let index = 0; index < count; index += 1) {
			const record = name.offset + 6 + index * 12;
			if (record + 12 > name.offset + name.length) break;
			const platform = data.uint16(record);
			if (data.uint16(record + 6) !== nameId || (platform !== 3 && platform !== 1)) continue;
			const bytes = data.slice(
				strings + data.uint16(record + 10),
				data.uint16(record + 8),
				'the PostScript name',
			);
			let text = '';
			if (platform === 3)
				for (let at = 0; at + 1 < bytes.length; at += 2)
					text += String.fromCharCode((bytes[at] << 8) | bytes[at + 1]);
			else text = String.fromCharCode(...bytes);
			const cleaned = text.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 63);
			if (cleaned !== '') return cleaned;
		}
		return undefined;
	}
}

/**
 * Reads a TrueType file, a variable one at `weight` (Regular unless said); FontError (naming `field`)
 * when it is not one this library can embed.
 */
export function readTrueType(bytes: Uint8Array, field: string, weight?: number): TrueTypeFont {
	return new TrueTypeFont(bytes, field, weight);
}
