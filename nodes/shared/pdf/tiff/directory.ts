/**
 * The TIFF container: header, byte order and the chain of image file directories (IFDs), one per
 * page. Reads tag values on demand and checks every offset against the file, so a broken file is a
 * DocumentError 'damaged' and never a read outside the data. Classic TIFF only (TIFF 6.0, section 2).
 */

import { DocumentError } from '../errors';
import { fileTypeOf } from '../fileType';
import { damaged } from '../damage';

/** More directories than any fax or scan has: past it the file is refused rather than walked. */
export const MAX_DIRECTORIES = 10_000;

/** Bytes per value of each TIFF field type (1 BYTE ... 13 IFD); 0 for a type TIFF does not define. */
const TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];
const TYPE_RATIONAL = 5;
const TYPE_SRATIONAL = 10;
const TYPE_FLOAT = 11;
const TYPE_DOUBLE = 12;
/** Types holding unsigned integers: BYTE, SHORT, LONG, UNDEFINED (read as bytes), IFD. */
const INTEGER_TYPES = new Set([1, 3, 4, 7, 13]);

/** One directory entry: where its values are (already checked to lie inside the file). */
interface Entry {
	type: number;
	count: number;
	valueAt: number;
}

/** The file's bytes, read in its byte order with every access bounds-checked. */
export class TiffBytes {
	readonly data: Uint8Array;
	readonly littleEndian: boolean;
	private readonly view: DataView;

	constructor(data: Uint8Array, littleEndian: boolean) {
		this.data = data;
		this.littleEndian = littleEndian;
		this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
	}

	/** Throws 'damaged' unless bytes [at, at + length) lie inside the file. */
	require(at: number, length: number, what: string): void {
		if (!Number.isSafeInteger(at) || at < 0 || length < 0 || at + length > this.data.length) {
			throw damaged(`the TIFF ${what} lies past the end of the file`);
		}
	}

	u16(at: number): number {
		return this.view.getUint16(at, this.littleEndian);
	}

	u32(at: number): number {
		return this.view.getUint32(at, this.littleEndian);
	}

	f32(at: number): number {
		return this.view.getFloat32(at, this.littleEndian);
	}

	f64(at: number): number {
		return this.view.getFloat64(at, this.littleEndian);
	}

	/** A sub-array of the file (no copy). */
	bytes(at: number, length: number, what: string): Uint8Array {
		this.require(at, length, what);
		return this.data.subarray(at, at + length);
	}
}

/** One IFD: its tags, read as numbers when asked. Page numbers in messages count from 1. */
export class TiffDirectory {
	readonly page: number;
	readonly file: TiffBytes;
	private readonly entries: Map<number, Entry>;

	constructor(file: TiffBytes, page: number, entries: Map<number, Entry>) {
		this.file = file;
		this.page = page;
		this.entries = entries;
	}

	has(tag: number): boolean {
		return this.entries.has(tag);
	}

	/** A tag's values as unsigned integers; undefined when absent. Rational or float types: 'damaged'. */
	integers(tag: number, name: string): number[] | undefined {
		const entry = this.located(tag, name);
		if (entry === undefined) return undefined;
		if (!INTEGER_TYPES.has(entry.type))
			throw this.damaged(
				`${name} has a field type (${entry.type}) that does not hold whole numbers`,
			);
		const size = TYPE_SIZES[entry.type];
		const values = new Array<number>(entry.count);
		for (let index = 0; index < entry.count; index++) {
			const at = entry.valueAt + index * size;
			values[index] =
				size === 1 ? this.file.data[at] : size === 2 ? this.file.u16(at) : this.file.u32(at);
		}
		return values;
	}

	/** The first value of an integer tag, or the fallback when the tag is absent. */
	integer(tag: number, name: string, fallback: number): number {
		const values = this.integers(tag, name);
		if (values === undefined) return fallback;
		if (values.length === 0) throw this.damaged(`${name} has no value`);
		return values[0];
	}

	/** The first value of a RATIONAL (or whole-number, or float) tag; undefined when absent or over a zero denominator. */
	number(tag: number, name: string): number | undefined {
		const entry = this.located(tag, name);
		if (entry === undefined || entry.count === 0) return undefined;
		const at = entry.valueAt;
		if (entry.type === TYPE_RATIONAL || entry.type === TYPE_SRATIONAL) {
			const denominator = this.file.u32(at + 4);
			return denominator === 0 ? undefined : this.file.u32(at) / denominator;
		}
		if (entry.type === TYPE_FLOAT) return this.file.f32(at);
		if (entry.type === TYPE_DOUBLE) return this.file.f64(at);
		return this.integer(tag, name, 0);
	}

	damaged(what: string): DocumentError {
		return damaged(`TIFF page ${this.page}: ${what}`);
	}

	/** The entry with its value range checked against the file. */
	private located(tag: number, name: string): Entry | undefined {
		const entry = this.entries.get(tag);
		if (entry === undefined) return undefined;
		this.file.require(
			entry.valueAt,
			entry.count * (TYPE_SIZES[entry.type] ?? 0),
			`${name} value of page ${this.page}`,
		);
		return entry;
	}
}

/** Reads one directory's entries; returns them with the offset of the next directory (0: none). */
function readEntries(
	file: TiffBytes,
	at: number,
	page: number,
): { entries: Map<number, Entry>; next: number } {
	file.require(at, 2, `directory of page ${page}`);
	const count = file.u16(at);
	file.require(at + 2, count * 12 + 4, `directory of page ${page}`);
	const entries = new Map<number, Entry>();
	for (let index = 0; index < count; index++) {
		const entryAt = at + 2 + index * 12;
		const type = file.u16(entryAt + 2);
		const size = TYPE_SIZES[type];
		// Types from later specifications (e.g. BigTIFF's 8-byte integers) cannot hold a tag this reader uses.
		if (size === undefined || size === 0) continue;
		const valueCount = file.u32(entryAt + 4);
		// Values of up to 4 bytes sit in the entry itself; longer ones at the offset it holds.
		const valueAt = valueCount * size <= 4 ? entryAt + 8 : file.u32(entryAt + 8);
		const tag = file.u16(entryAt);
		if (!entries.has(tag)) entries.set(tag, { type, count: valueCount, valueAt });
	}
	return { entries, next: file.u32(at + 2 + count * 12) };
}

/**
 * Every directory of the main chain, in file order. Throws 'damaged' for a header that is not TIFF, an
 * offset outside the file or a chain that loops back on itself; 'unsupported' for BigTIFF; 'noPages'
 * when the chain is empty; 'tooLarge' past MAX_DIRECTORIES.
 */
export function readDirectories(data: Uint8Array): TiffDirectory[] {
	const type = fileTypeOf(data);
	if (type?.kind !== 'tiff' || data.length < 8)
		throw damaged('the file does not start with a TIFF header');
	if (type.bigTiff)
		throw new DocumentError(
			'unsupported',
			'the file is a BigTIFF, which this package does not convert; save it as classic TIFF or PDF',
		);
	const file = new TiffBytes(data, data[0] === 0x49);
	const directories: TiffDirectory[] = [];
	const visited = new Set<number>();
	let next = file.u32(4);
	while (next !== 0) {
		if (visited.has(next))
			throw damaged(`the TIFF directory chain loops back after page ${directories.length}`);
		if (directories.length === MAX_DIRECTORIES)
			throw new DocumentError('tooLarge', `the TIFF has more than ${MAX_DIRECTORIES} pages`);
		visited.add(next);
		const page = directories.length + 1;
		const { entries, next: following } = readEntries(file, next, page);
		directories.push(new TiffDirectory(file, page, entries));
		next = following;
	}
	if (directories.length === 0) throw new DocumentError('noPages', 'the TIFF has no pages');
	return directories;
}
