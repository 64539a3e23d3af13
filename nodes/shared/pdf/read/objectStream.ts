/**
 * Object streams (section 7.5.7): /Type /ObjStm, /N pairs of "object-number offset" at the start of the
 * decoded data, each object at /First + offset. /Extends only chains streams for search and is ignored;
 * so is /Type, which damaged files get wrong.
 */

import type { DecodeBudget, Resolve } from './decode';
import { decodeStream } from './decode';
import { damaged } from '../damage';
import { PdfLexer } from './lexer';
import type { PdfValue } from './objects';
import { PdfStream, wholeNumber } from './objects';

export class ObjectStreamContents {
	constructor(
		private readonly data: Uint8Array,
		private readonly first: number,
		/** Object numbers in stream order. */
		readonly objectNumbers: readonly number[],
		private readonly offsets: readonly number[],
	) {}

	/** Object `objectNumber`, expected at position `index` (found by number when the index is wrong). */
	read(objectNumber: number, index: number): PdfValue {
		const position =
			this.objectNumbers[index] === objectNumber ? index : this.objectNumbers.indexOf(objectNumber);
		if (position < 0)
			throw damaged('an object is not in the object stream the cross-reference says');
		return new PdfLexer(this.data, this.first + this.offsets[position]).readValue();
	}
}

/** Decodes an object stream and reads its index of objects. */
export function openObjectStream(
	stream: PdfValue,
	budget: DecodeBudget,
	resolve: Resolve,
): ObjectStreamContents {
	// A wrong /Type is tolerated (qpdf warns, poppler does not look): /N and /First say what it holds.
	if (!(stream instanceof PdfStream)) throw damaged('an object stream is missing');
	const count = wholeNumber(resolve(stream.dictionary.get('N')));
	const first = wholeNumber(resolve(stream.dictionary.get('First')));
	if (count === undefined || first === undefined)
		throw damaged('an object stream has no valid /N or /First');
	const data = decodeStream(stream, budget, resolve);
	const lexer = new PdfLexer(data.subarray(0, first));
	const objectNumbers: number[] = [];
	const offsets: number[] = [];
	for (let index = 0; index < count; index++) {
		const objectNumber = lexer.readUnsigned();
		const offset = lexer.readUnsigned();
		if (objectNumber === undefined || offset === undefined)
			throw damaged('an object stream index is malformed');
		objectNumbers.push(objectNumber);
		offsets.push(offset);
	}
	return new ObjectStreamContents(data, first, objectNumbers, offsets);
}
