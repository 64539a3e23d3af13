/**
 * The sfnt container every TrueType file is: an offset table, a directory of tagged tables, the
 * tables. Reading it tells a TrueType font from a CFF OpenType font, a collection or another file;
 * writing it (for a subset) computes each table's checksum and head.checkSumAdjustment as the
 * OpenType specification says, so font validators and strict printers accept the embedded file.
 */

import { FontError } from '../errors';
import { FontData, damaged } from './fontData';

/** 0x00010000 and Apple's 'true': TrueType outlines. */
const TRUETYPE_VERSIONS = [0x00010000, 0x74727565];
const OTTO = 0x4f54544f;
const TTCF = 0x74746366;
const WOFF = 0x774f4646;
const WOFF2 = 0x774f4632;

export interface TableEntry {
	offset: number;
	length: number;
}

export interface SfntDirectory {
	tables: ReadonlyMap<string, TableEntry>;
}

/** The table directory of a TrueType file; FontError for anything else. */
export function readSfntDirectory(data: FontData): SfntDirectory {
	const field = data.field;
	if (data.length < 12) throw damaged(field, 'it is shorter than a font header');
	const version = data.uint32(0);
	if (version === OTTO)
		throw new FontError(
			'cff',
			hasTable(data, 'CFF2')
				? // A variable .otf: CFF2's blended outlines are not instanced here; its .ttf edition is.
					`${field} is a variable OpenType font with CFF2 (PostScript) outlines ('OTTO', usually .otf): only TrueType outlines (glyf, usually .ttf) can be embedded; use the variable .ttf edition of the font, or a static .ttf of the weight you want`
				: `${field} is an OpenType font with CFF (PostScript) outlines ('OTTO', usually .otf): only TrueType outlines (glyf, usually .ttf) can be embedded; use the .ttf edition of the font`,
			field,
		);
	if (version === TTCF)
		throw new FontError(
			'collection',
			`${field} is a TrueType collection ('ttcf', .ttc) holding several fonts: give one font file (.ttf)`,
			field,
		);
	if (version === WOFF || version === WOFF2)
		throw new FontError(
			'notTrueType',
			`${field} is a web font (${version === WOFF ? 'WOFF' : 'WOFF2'}): give the font as a TrueType file (.ttf)`,
			field,
		);
	if (!TRUETYPE_VERSIONS.includes(version))
		throw new FontError(
			'notTrueType',
			`${field} is not a TrueType font file (no TrueType header at its start)`,
			field,
		);
	const count = data.uint16(4);
	data.need(12, count * 16, 'the table directory');
	const tables = new Map<string, TableEntry>();
	for (let index = 0; index < count; index += 1) {
		const record = 12 + index * 16;
		const tag = data.tag(record);
		const offset = data.uint32(record + 8);
		const length = data.uint32(record + 12);
		data.need(offset, length, `the '${tag.trim()}' table`);
		tables.set(tag, { offset, length });
	}
	return { tables };
}

/** Whether the table directory names a table (read before the file is known to be TrueType). */
function hasTable(data: FontData, tag: string): boolean {
	const count = data.length >= 12 ? data.uint16(4) : 0;
	for (let index = 0; index < count && 12 + index * 16 + 4 <= data.length; index += 1)
		if (data.tag(12 + index * 16) === tag) return true;
	return false;
}

/** The OpenType table checksum: the sum of the big-endian 32-bit words, the last one zero-padded. */
export function tableChecksum(bytes: Uint8Array): number {
	let sum = 0;
	const whole = bytes.length & ~3;
	for (let at = 0; at < whole; at += 4)
		sum =
			(sum + ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3])) >>>
			0;
	if (whole < bytes.length) {
		let last = 0;
		for (let at = whole; at < whole + 4; at += 1) last = (last << 8) | (bytes[at] ?? 0);
		sum = (sum + (last >>> 0)) >>> 0;
	}
	return sum >>> 0;
}

/** Where head.checkSumAdjustment sits in the head table. */
const CHECKSUM_ADJUSTMENT = 8;
const CHECKSUM_MAGIC = 0xb1b0afba;

/**
 * A TrueType file of these tables: sorted by tag (the specification's order), each at a 4-byte
 * boundary, zero-padded, with its checksum; head.checkSumAdjustment makes the whole file sum to the
 * magic number. `tables` must hold 'head'; its checkSumAdjustment is overwritten.
 */
export function writeSfnt(
	tables: ReadonlyMap<string, Uint8Array>,
	version = 0x00010000,
): Uint8Array {
	const tags = [...tables.keys()].sort();
	const count = tags.length;
	const entrySelector = Math.floor(Math.log2(count));
	const searchRange = 2 ** entrySelector * 16;
	let offset = 12 + count * 16;
	const placed = tags.map((tag) => {
		const data = tables.get(tag)!;
		const at = offset;
		offset += (data.length + 3) & ~3;
		return { tag, data, at };
	});
	const file = new Uint8Array(offset);
	const view = new DataView(file.buffer);
	view.setUint32(0, version);
	view.setUint16(4, count);
	view.setUint16(6, searchRange);
	view.setUint16(8, entrySelector);
	view.setUint16(10, count * 16 - searchRange);
	placed.forEach(({ tag, data, at }, index) => {
		file.set(data, at);
		if (tag === 'head') view.setUint32(at + CHECKSUM_ADJUSTMENT, 0);
		const record = 12 + index * 16;
		for (let character = 0; character < 4; character += 1)
			file[record + character] = tag.charCodeAt(character);
		view.setUint32(record + 4, tableChecksum(file.subarray(at, at + data.length)));
		view.setUint32(record + 8, at);
		view.setUint32(record + 12, data.length);
	});
	const head = placed.find((table) => table.tag === 'head');
	if (head === undefined) throw new RangeError('a TrueType file needs a head table');
	view.setUint32(head.at + CHECKSUM_ADJUSTMENT, (CHECKSUM_MAGIC - tableChecksum(file)) >>> 0);
	return file;
}
