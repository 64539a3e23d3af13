/**
 * Serialises a PDF 1.4 file from numbered objects: header, objects, cross-reference table, trailer.
 * Everything but the header's binary comment is ASCII (text bytes above 126 are octal escapes), so the
 * byte offsets in the xref table are plain string lengths.
 */

import type { StreamData } from '../read/objects';
import { streamLength } from '../read/objects';

/** A dictionary (or other direct value) as PDF syntax, or a stream with its dictionary's extra entries. */
export type PdfObject = string | { dictionaryEntries: string; data: StreamData };

/**
 * %PDF-1.4 and a comment of four bytes above 127, which tells transfer tools the file is binary
 * (PDF 1.7 section 7.5.2).
 */
const HEADER = Buffer.concat([
	Buffer.from('%PDF-1.4\n%', 'latin1'),
	Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]),
	Buffer.from('\n', 'latin1'),
]);

/** A number as PDF syntax: at most two decimals, no exponent, no trailing zeros, no "-0". */
export function pdfNumber(value: number): string {
	const rounded = Math.round(value * 100) / 100;
	if (Object.is(rounded, -0) || rounded === 0) return '0';
	return rounded.toFixed(2).replace(/\.?0+$/, '');
}

/**
 * A literal string of WinAnsi bytes: the delimiters ( ) and the backslash escaped, bytes outside
 * printable ASCII as three-digit octal escapes, so no byte of the file depends on how a tool reads
 * non-ASCII.
 */
export function pdfString(bytes: Uint8Array): string {
	let out = '(';
	for (const byte of bytes) {
		if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
		else if (byte >= 0x20 && byte <= 0x7e) out += String.fromCharCode(byte);
		else out += `\\${byte.toString(8).padStart(3, '0')}`;
	}
	return `${out})`;
}

/** A date string D:YYYYMMDDHHmmSSZ in UTC (PDF 1.7 section 7.9.4). */
export function pdfDate(date: Date): string {
	const two = (n: number) => String(n).padStart(2, '0');
	return `D:${date.getUTCFullYear()}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}Z`;
}

/** An indirect reference to object number n. */
export function ref(objectNumber: number): string {
	return `${objectNumber} 0 R`;
}

/**
 * The file. objects[i] becomes object i + 1 (generation 0). Each xref entry is exactly 20 bytes:
 * 10-digit offset, space, 5-digit generation, space, n or f, CR LF.
 */
export function serialisePdf(
	objects: readonly PdfObject[],
	trailer: { root: number; info?: number },
): Buffer {
	const parts: Uint8Array[] = [HEADER];
	let offset = HEADER.length;
	const offsets: number[] = [];
	const add = (part: Uint8Array) => {
		parts.push(part);
		offset += part.length;
	};
	objects.forEach((object, index) => {
		offsets.push(offset);
		if (typeof object === 'string') {
			add(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
		} else {
			const extra = object.dictionaryEntries === '' ? '' : ` ${object.dictionaryEntries}`;
			add(
				Buffer.from(
					`${index + 1} 0 obj\n<< /Length ${streamLength(object.data)}${extra} >>\nstream\n`,
					'latin1',
				),
			);
			if (object.data instanceof Uint8Array) add(object.data);
			else object.data.forEach(add);
			add(Buffer.from('\nendstream\nendobj\n', 'latin1'));
		}
	});
	const xrefOffset = offset;
	const entries = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n\r\n`).join('');
	const info = trailer.info === undefined ? '' : ` /Info ${ref(trailer.info)}`;
	add(
		Buffer.from(
			`xref\n0 ${objects.length + 1}\n0000000000 65535 f\r\n${entries}` +
				`trailer\n<< /Size ${objects.length + 1} /Root ${ref(trailer.root)}${info} >>\nstartxref\n${xrefOffset}\n%%EOF\n`,
			'latin1',
		),
	);
	return Buffer.concat(parts);
}
