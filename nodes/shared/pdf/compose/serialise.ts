/**
 * A copied value as PDF syntax (section 7.3), with its references renumbered: the entries kept are the
 * ones read/pageObjects.ts decides, and a reference to anything not copied is written as null.
 */

import type { PdfDocument } from '../read/document';
import type { CopyContext } from '../read/pageObjects';
import { keptEntries } from '../read/pageObjects';
import type { PdfValue } from '../read/objects';
import { PdfDict, PdfName, PdfRef, PdfString } from '../read/objects';
import { pdfString } from '../write/objects';

/** The new number of a referenced object, or undefined when it is not copied. */
export type Renumber = (reference: PdfRef) => number | undefined;

/** A document as written into the joined file (once for each time it is given): its renumbering there. */
export interface CopiedDocument {
	document: PdfDocument;
	renumber: Renumber;
}

/**
 * "N 0 R ..." of the copied objects among each copy's `references`, each once, in order (what the joined
 * catalog lists: fields, layers). A page is no such object, whatever a broken file points at.
 */
export function copiedReferencesText<Copy extends CopiedDocument>(
	copies: readonly Copy[],
	references: (copy: Copy) => readonly PdfRef[],
): string {
	const numbers = new Set<number>();
	for (const copy of copies) {
		for (const reference of references(copy)) {
			const objectNumber = copy.document.pageIndex.has(reference.objectNumber)
				? undefined
				: copy.renumber(reference);
			if (objectNumber !== undefined) numbers.add(objectNumber);
		}
	}
	return [...numbers].map((objectNumber) => `${objectNumber} 0 R`).join(' ');
}

/** Name bytes written as they are: printable ASCII except the delimiters and #. */
const PLAIN_NAME_BYTE = new Uint8Array(256);
for (let byte = 0x21; byte <= 0x7e; byte++)
	PLAIN_NAME_BYTE[byte] = '()<>[]{}/%#'.includes(String.fromCharCode(byte)) ? 0 : 1;

export function nameText(name: string): string {
	let text = '/';
	for (let index = 0; index < name.length; index++) {
		const byte = name.charCodeAt(index) & 0xff;
		text += PLAIN_NAME_BYTE[byte] === 1 ? name[index] : `#${byte.toString(16).padStart(2, '0')}`;
	}
	return text;
}

/** A number with no exponent: integers as they are, reals to ten decimals without trailing zeros. */
function numberText(value: number): string {
	if (!Number.isFinite(value)) return '0';
	if (Number.isInteger(value))
		return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
	const text = value.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
	return text === '-0' ? '0' : text;
}

/** Mostly binary strings (IDs, UTF-16 text) are shorter as hex; text stays readable as a literal. */
function stringText(bytes: Uint8Array): string {
	let binary = 0;
	for (const byte of bytes) if (byte < 0x20 || byte > 0x7e) binary++;
	return binary * 2 > bytes.length
		? `<${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}>`
		: pdfString(bytes);
}

/** "/Key value ..." of entries. */
export function entriesText(
	entries: ReadonlyArray<[string, PdfValue]>,
	context: CopyContext,
	renumber: Renumber,
): string {
	return entries
		.map(([key, value]) => `${nameText(key)} ${valueText(value, context, renumber)}`)
		.join(' ');
}

export function valueText(value: PdfValue, context: CopyContext, renumber: Renumber): string {
	if (value === null) return 'null';
	if (typeof value === 'boolean') return value ? 'true' : 'false';
	if (typeof value === 'number') return numberText(value);
	if (value instanceof PdfName) return nameText(value.value);
	if (value instanceof PdfString) return stringText(value.bytes);
	if (value instanceof PdfRef) {
		const objectNumber = renumber(value);
		return objectNumber === undefined ? 'null' : `${objectNumber} 0 R`;
	}
	if (Array.isArray(value))
		return `[${value.map((item) => valueText(item, context, renumber)).join(' ')}]`;
	if (value instanceof PdfDict)
		return dictionaryText(entriesText(keptEntries(value, context, false), context, renumber));
	// A stream is only ever an indirect object, which the joiner writes itself: one nested is no valid file.
	return 'null';
}

export function dictionaryText(entries: string): string {
	return entries === '' ? '<< >>' : `<< ${entries} >>`;
}
