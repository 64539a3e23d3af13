/**
 * An indirect object "N G obj ... endobj" at a byte offset (section 7.3.10), and where a stream's data
 * starts and ends (section 7.3.8): /Length when it is right, else the "endstream" keyword.
 */

import { indexOfText } from './bytes';
import { damaged } from '../damage';
import { PdfLexer } from './lexer';
import type { PdfValue } from './objects';
import { PdfDict, PdfRef, PdfStream, wholeNumber } from './objects';

export interface IndirectObject {
	objectNumber: number;
	generation: number;
	value: PdfValue;
}

/** Resolves an indirect /Length; undefined when it cannot (the data then ends at "endstream"). */
export type LengthResolver = (reference: PdfRef) => number | undefined;

/** "N G obj" at offset (after white space), or undefined when something else is there. */
export function readObjectHeader(
	lexer: PdfLexer,
): { objectNumber: number; generation: number } | undefined {
	const objectNumber = lexer.readUnsigned();
	if (objectNumber === undefined) return undefined;
	const generation = lexer.readUnsigned();
	if (generation === undefined || !lexer.skipKeyword('obj')) return undefined;
	return { objectNumber, generation };
}

/** The indirect object whose header is at offset; DocumentError 'damaged' when there is none or it is cut. */
export function readIndirectObject(
	data: Uint8Array,
	offset: number,
	resolveLength: LengthResolver,
): IndirectObject {
	const lexer = new PdfLexer(data, offset);
	const header = readObjectHeader(lexer);
	if (header === undefined) throw damaged('an object is not where the cross-reference table says');
	const value = lexer.readValue();
	if (value instanceof PdfDict && lexer.skipKeyword('stream')) {
		return {
			...header,
			value: new PdfStream(value, streamData(data, lexer.position, value, resolveLength)),
		};
	}
	return { ...header, value };
}

/**
 * Past "stream": the next line end (CR LF or LF; a lone CR tolerated). Whatever a writer put before it
 * on the keyword's line (spaces, a comment, even content) is no data, as poppler and pdf.js read it.
 */
function dataStart(data: Uint8Array, afterKeyword: number): number {
	let at = afterKeyword;
	while (at < data.length && data[at] !== 0x0d && data[at] !== 0x0a) at++;
	if (data[at] === 0x0d) at++;
	if (data[at] === 0x0a) at++;
	return at;
}

/** True when, after white space, "endstream" starts at `at`. */
function endstreamAt(data: Uint8Array, at: number): boolean {
	const lexer = new PdfLexer(data, at);
	lexer.skipSpace();
	return lexer.skipKeyword('endstream');
}

function streamData(
	data: Uint8Array,
	afterKeyword: number,
	dictionary: PdfDict,
	resolveLength: LengthResolver,
): Uint8Array {
	const start = dataStart(data, afterKeyword);
	const lengthEntry = dictionary.get('Length');
	const length =
		lengthEntry instanceof PdfRef ? resolveLength(lengthEntry) : wholeNumber(lengthEntry);
	if (length !== undefined && start + length <= data.length && endstreamAt(data, start + length)) {
		return data.subarray(start, start + length);
	}
	// A wrong or missing /Length: the data ends at the line end before "endstream", as readers take it.
	const keyword = indexOfText(data, 'endstream', start);
	const lengthEnd =
		length !== undefined && start + length <= data.length ? start + length : undefined;
	// No "endstream" before the object ends ("endobj"): the keyword is misspelt, and /Length is the data.
	if (lengthEnd !== undefined) {
		const endobj = indexOfText(data, 'endobj', lengthEnd);
		if (keyword < 0 || (endobj >= 0 && endobj < keyword)) return data.subarray(start, lengthEnd);
	}
	if (keyword < 0) throw damaged('a stream is cut short (no endstream)');
	let end = keyword;
	if (end > start && data[end - 1] === 0x0a) end--;
	if (end > start && data[end - 1] === 0x0d) end--;
	return data.subarray(start, end);
}
