/**
 * The PDF syntax of ISO 32000-1 sections 7.2-7.3 read from bytes: white space and comments, numbers,
 * names with #xx escapes, literal strings (escapes, balanced parentheses, line ends), hex strings,
 * arrays, dictionaries and "N G R" references. Indirect objects and streams are in indirect.ts.
 */

import { damaged } from '../damage';
import type { PdfValue } from './objects';
import { PdfDict, PdfName, PdfRef, PdfString } from './objects';

/** Byte classes of section 7.2.2: 1 white space, 2 delimiter, 0 regular. */
const BYTE_CLASS = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) BYTE_CLASS[byte] = 1;
for (const byte of '()<>[]{}/%') BYTE_CLASS[byte.charCodeAt(0)] = 2;

export const isWhiteSpace = (byte: number): boolean => BYTE_CLASS[byte] === 1;
export const isRegular = (byte: number): boolean => BYTE_CLASS[byte] === 0;
export const isDigit = (byte: number): boolean => byte >= 0x30 && byte <= 0x39;

/** Nesting deeper than this is no real document: refuse it before the call stack runs out. */
const MAX_NESTING = 100;

const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const BACKSLASH = 0x5c;

/** What a literal string's single-character escapes stand for (section 7.3.4.2, Table 3). */
const STRING_ESCAPES: Record<number, number> = {
	0x6e: 0x0a,
	0x72: 0x0d,
	0x74: 0x09,
	0x62: 0x08,
	0x66: 0x0c,
};

function hexValue(byte: number): number {
	if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
	if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
	if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
	return -1;
}

/** A cursor over the file (or a decoded object stream) that reads one value at a time. */
export class PdfLexer {
	constructor(
		readonly data: Uint8Array,
		public position = 0,
	) {}

	/** Moves past white space and comments. */
	skipSpace(): void {
		const { data } = this;
		let at = this.position;
		while (at < data.length) {
			const byte = data[at];
			if (BYTE_CLASS[byte] === 1) at++;
			else if (byte === 0x25) {
				while (at < data.length && data[at] !== LINE_FEED && data[at] !== CARRIAGE_RETURN) at++;
			} else break;
		}
		this.position = at;
	}

	/** True (and moves past it) when the next token is exactly this keyword. */
	skipKeyword(keyword: string): boolean {
		this.skipSpace();
		const { data, position } = this;
		for (let index = 0; index < keyword.length; index++) {
			if (data[position + index] !== keyword.charCodeAt(index)) return false;
		}
		const after = position + keyword.length;
		if (after < data.length && isRegular(data[after])) return false;
		this.position = after;
		return true;
	}

	/** An unsigned integer of digits only (object headers, xref tables), else undefined and no move. */
	readUnsigned(): number | undefined {
		this.skipSpace();
		const { data } = this;
		let at = this.position;
		let value = 0;
		while (at < data.length && isDigit(data[at])) value = value * 10 + data[at++] - 0x30;
		if (at === this.position || (at < data.length && isRegular(data[at]))) return undefined;
		this.position = at;
		return value;
	}

	readValue(depth = 0): PdfValue {
		if (depth > MAX_NESTING) throw damaged('arrays or dictionaries are nested too deeply');
		this.skipSpace();
		const { data } = this;
		if (this.position >= data.length) throw damaged('the file ends inside an object');
		const byte = data[this.position];
		if (byte === 0x2f) return this.readName();
		if (byte === 0x28) return this.readLiteralString();
		if (byte === 0x3c)
			return data[this.position + 1] === 0x3c ? this.readDictionary(depth) : this.readHexString();
		if (byte === 0x5b) return this.readArray(depth);
		if (isDigit(byte) || byte === 0x2b || byte === 0x2d || byte === 0x2e)
			return this.readNumberOrReference();
		if (isRegular(byte)) {
			const start = this.position;
			if (this.skipKeyword('true')) return true;
			if (this.skipKeyword('false')) return false;
			if (this.skipKeyword('null')) return null;
			this.position = start;
		}
		throw damaged('an object has a token that is not a PDF value');
	}

	private readArray(depth: number): PdfValue[] {
		const { data } = this;
		this.position++;
		const items: PdfValue[] = [];
		for (;;) {
			this.skipSpace();
			if (this.position >= data.length) throw damaged('the file ends inside an array');
			if (data[this.position] === 0x5d) break;
			items.push(this.readValue(depth + 1));
		}
		this.position++;
		return items;
	}

	private readDictionary(depth: number): PdfDict {
		const { data } = this;
		this.position += 2;
		const dictionary = new PdfDict();
		for (;;) {
			this.skipSpace();
			if (this.position >= data.length) throw damaged('the file ends inside a dictionary');
			const byte = data[this.position];
			if (byte === 0x3e && data[this.position + 1] === 0x3e) break;
			if (byte !== 0x2f) {
				// As poppler reads it: the token that is no key is passed over, the dictionary read on.
				this.skipToken(depth);
				continue;
			}
			const key = this.readName().value;
			const value = this.readValue(depth + 1);
			// A null value is the same as no entry (section 7.3.7).
			if (value !== null) dictionary.entries.set(key, value);
		}
		this.position += 2;
		return dictionary;
	}

	/** Past one token: a run of regular characters, a string, array or dictionary, or a stray delimiter. */
	private skipToken(depth: number): void {
		const { data } = this;
		const byte = data[this.position];
		if (isRegular(byte)) {
			while (this.position < data.length && isRegular(data[this.position])) this.position++;
		} else if (byte === 0x28 || byte === 0x3c || byte === 0x5b) {
			this.readValue(depth + 1);
		} else {
			this.position++;
		}
	}

	readName(): PdfName {
		const { data } = this;
		let at = this.position + 1;
		let value = '';
		while (at < data.length && isRegular(data[at])) {
			const byte = data[at];
			const high = byte === 0x23 ? hexValue(data[at + 1]) : -1;
			const low = high < 0 ? -1 : hexValue(data[at + 2]);
			if (low >= 0) {
				value += String.fromCharCode(high * 16 + low);
				at += 3;
			} else {
				value += String.fromCharCode(byte);
				at++;
			}
		}
		this.position = at;
		return new PdfName(value);
	}

	private readLiteralString(): PdfString {
		const { data } = this;
		let at = this.position + 1;
		const bytes: number[] = [];
		let open = 1;
		while (at < data.length) {
			const byte = data[at++];
			if (byte === 0x28) open++;
			else if (byte === 0x29 && --open === 0) break;
			if (byte === CARRIAGE_RETURN) {
				// An unescaped line end of any kind is one line feed (section 7.3.4.2).
				if (data[at] === LINE_FEED) at++;
				bytes.push(LINE_FEED);
			} else if (byte === BACKSLASH) {
				at = this.readEscape(at, bytes);
			} else bytes.push(byte);
		}
		if (open !== 0) throw damaged('a string is not closed');
		this.position = at;
		return new PdfString(Uint8Array.from(bytes));
	}

	/** The escape after a backslash at `at`; returns where the string goes on. */
	private readEscape(at: number, bytes: number[]): number {
		const { data } = this;
		const byte = data[at];
		if (byte === undefined) return at;
		if (byte >= 0x30 && byte <= 0x37) {
			let code = 0;
			let end = at;
			while (end < at + 3 && data[end] >= 0x30 && data[end] <= 0x37)
				code = code * 8 + data[end++] - 0x30;
			bytes.push(code & 0xff);
			return end;
		}
		if (byte === CARRIAGE_RETURN) return data[at + 1] === LINE_FEED ? at + 2 : at + 1;
		if (byte === LINE_FEED) return at + 1;
		// \( \) \\ stand for themselves, and so does any other escaped byte (the backslash is ignored).
		bytes.push(STRING_ESCAPES[byte] ?? byte);
		return at + 1;
	}

	private readHexString(): PdfString {
		const { data } = this;
		let at = this.position + 1;
		const bytes: number[] = [];
		let high = -1;
		for (;;) {
			if (at >= data.length) throw damaged('a hex string is not closed');
			const byte = data[at++];
			if (byte === 0x3e) break;
			const digit = hexValue(byte);
			if (digit < 0) {
				if (isWhiteSpace(byte)) continue;
				throw damaged('a hex string has a byte that is not a hex digit');
			}
			if (high < 0) high = digit;
			else {
				bytes.push(high * 16 + digit);
				high = -1;
			}
		}
		// An odd final digit is followed by 0 (section 7.3.4.3).
		if (high >= 0) bytes.push(high * 16);
		this.position = at;
		return new PdfString(Uint8Array.from(bytes));
	}

	private readNumberOrReference(): number | PdfRef {
		const start = this.position;
		const value = this.readNumber();
		const { data } = this;
		if (!isDigit(data[start]) || !Number.isInteger(value)) return value;
		// "N G R": two unsigned integers and R, else the number alone.
		const afterNumber = this.position;
		const generation = this.readUnsigned();
		if (generation !== undefined) {
			this.skipSpace();
			const at = this.position;
			if (data[at] === 0x52 && (at + 1 >= data.length || !isRegular(data[at + 1]))) {
				this.position = at + 1;
				return new PdfRef(value, generation);
			}
		}
		this.position = afterNumber;
		return value;
	}

	/** [+-]digits[.digits] or [+-].digits, "-3." and "+1" too; as readers do, a lone sign or dot is 0. */
	private readNumber(): number {
		const { data } = this;
		let at = this.position;
		let negative = false;
		while (data[at] === 0x2b || data[at] === 0x2d)
			negative = data[at++] === 0x2d ? !negative : negative;
		let value = 0;
		while (isDigit(data[at])) value = value * 10 + data[at++] - 0x30;
		if (data[at] === 0x2e) {
			at++;
			let scale = 1;
			let fraction = 0;
			while (isDigit(data[at])) {
				fraction = fraction * 10 + data[at++] - 0x30;
				scale *= 10;
			}
			value += fraction / scale;
		}
		// Letters right after the digits ("74191endobj") are the next token, as poppler reads them.
		this.position = at;
		return negative ? -value : value;
	}
}
