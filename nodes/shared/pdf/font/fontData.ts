/**
 * Big-endian reads over a font file's bytes, each checked against the end of the data: a TrueType file
 * cut short or with an offset pointing outside it must fail as FontError 'damaged', not read zeros or
 * throw a RangeError from deep inside a DataView.
 */

import { FontError } from '../errors';

export class FontData {
	private readonly view: DataView;

	constructor(
		readonly bytes: Uint8Array,
		/** The option the file came in ('font.regular'…), for the error message. */
		readonly field: string,
	) {
		this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	}

	get length(): number {
		return this.bytes.length;
	}

	/** FontError 'damaged' unless `length` bytes from `offset` are inside the file. */
	need(offset: number, length: number, what: string): void {
		if (!(offset >= 0 && length >= 0 && offset + length <= this.bytes.length))
			throw damaged(this.field, `${what} lies past the end of the file`);
	}

	uint8(offset: number): number {
		this.need(offset, 1, 'a value');
		return this.view.getUint8(offset);
	}

	uint16(offset: number): number {
		this.need(offset, 2, 'a value');
		return this.view.getUint16(offset);
	}

	int16(offset: number): number {
		this.need(offset, 2, 'a value');
		return this.view.getInt16(offset);
	}

	uint32(offset: number): number {
		this.need(offset, 4, 'a value');
		return this.view.getUint32(offset);
	}

	tag(offset: number): string {
		this.need(offset, 4, 'a tag');
		return String.fromCharCode(...this.bytes.subarray(offset, offset + 4));
	}

	/** A view of the bytes (no copy), checked to be inside the file. */
	slice(offset: number, length: number, what: string): Uint8Array {
		this.need(offset, length, what);
		return this.bytes.subarray(offset, offset + length);
	}
}

export function damaged(field: string, detail: string): FontError {
	return new FontError(
		'damaged',
		`${field} is a damaged TrueType file: ${detail}; the file may be cut short`,
		field,
	);
}
