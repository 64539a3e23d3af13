/**
 * Decoding the only streams the reader itself reads: cross-reference streams and object streams. Page
 * content and images are never decoded (they are copied as they are). One budget per document caps
 * what decoding may produce in all, so a decompression bomb stops with 'tooLarge'.
 */

import { DocumentError } from '../errors';
import type { FilterParameters } from '../filters';
import { decodeStreamData } from '../filters';
import { damaged } from '../damage';
import type { PdfStream, PdfValue } from './objects';
import { PdfDict, PdfName, PdfRef, contiguous } from './objects';

/** Decoded bytes a document may still produce. */
export class DecodeBudget {
	constructor(public remaining: number) {}
}

/** Follows a reference to its value (direct values come back as they are). */
export type Resolve = (value: PdfValue | undefined) => PdfValue | undefined;

const PARAMETER_KEYS: ReadonlyArray<[string, keyof FilterParameters]> = [
	['Predictor', 'predictor'],
	['Colors', 'colors'],
	['BitsPerComponent', 'bitsPerComponent'],
	['Columns', 'columns'],
	['EarlyChange', 'earlyChange'],
];

function filterParameters(
	value: PdfValue | undefined,
	resolve: Resolve,
): FilterParameters | undefined {
	const dictionary = resolve(value);
	if (!(dictionary instanceof PdfDict)) return undefined;
	const parameters: FilterParameters = {};
	for (const [key, field] of PARAMETER_KEYS) {
		const number = resolve(dictionary.get(key));
		if (typeof number === 'number') parameters[field] = number;
	}
	return parameters;
}

function asList(value: PdfValue | undefined): PdfValue[] {
	if (value === undefined || value === null) return [];
	return Array.isArray(value) ? value : [value];
}

/** The stream's decoded bytes, within the document's budget. */
export function decodeStream(
	stream: PdfStream,
	budget: DecodeBudget,
	resolve: Resolve = (value) => value,
): Uint8Array {
	const filterNames = asList(resolve(stream.dictionary.get('Filter'))).map(resolve);
	const parameterList = asList(
		resolve(stream.dictionary.get('DecodeParms') ?? stream.dictionary.get('DP')),
	);
	const filters = filterNames.map((name, index) => {
		if (!(name instanceof PdfName)) throw damaged('a stream filter is not a name');
		return { name: name.value, parms: filterParameters(parameterList[index], resolve) };
	});
	let decoded: Uint8Array | undefined;
	let failure: unknown;
	try {
		decoded = decodeStreamData(contiguous(stream.data), filters, budget.remaining);
	} catch (error) {
		failure = error;
	}
	if (decoded === undefined) {
		// The decoder's own refusals ('tooLarge', 'unsupported', 'damaged') stand; anything else is bad data.
		throw failure instanceof DocumentError
			? failure
			: damaged('a compressed object or cross-reference stream cannot be decoded');
	}
	budget.remaining -= decoded.length;
	return decoded;
}

/** The value, following at most a few references (a reference to a reference is legal, if odd). */
export function resolveWith(get: (reference: PdfRef) => PdfValue): Resolve {
	return (value) => {
		let current = value;
		for (let hop = 0; hop < 8 && current instanceof PdfRef; hop++) current = get(current);
		return current instanceof PdfRef ? null : current;
	};
}
