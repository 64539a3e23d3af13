/**
 * The stream filters the PDF reader decodes itself (object and cross-reference streams) and the
 * compression the TIFF reader and the writer use. Other filters (DCTDecode, CCITTFaxDecode, ...) are
 * never decoded: page content and images are copied as they are.
 */

import { DocumentError } from '../errors';
import { ascii85Decode, asciiHexDecode } from './ascii';
import { inflate } from './inflate';
import { lzwDecode } from './lzw';
import { undoPredictor } from './predictors';

export { ascii85Decode, asciiHexDecode } from './ascii';
export { deflate } from './deflate';
export { inflate } from './inflate';
export { lzwDecode } from './lzw';
export { undoPredictor } from './predictors';
export type { PredictorParameters } from './predictors';

/** A /DecodeParms dictionary's numeric entries, as the reader found them. */
export interface FilterParameters {
	predictor?: number;
	colors?: number;
	bitsPerComponent?: number;
	columns?: number;
	earlyChange?: number;
}

/** One entry of a stream's /Filter, its name without the slash, with its /DecodeParms. */
export interface StreamFilter {
	name: string;
	parms?: FilterParameters;
}

/**
 * Applies the filters in order. Each stage's output is capped at maxOutputBytes ('tooLarge'); a
 * filter not decoded here is 'unsupported', naming it (filter names are PDF keywords, not document
 * content).
 */
export function decodeStreamData(
	data: Uint8Array,
	filters: ReadonlyArray<StreamFilter>,
	maxOutputBytes: number,
): Uint8Array {
	let decoded = data;
	for (const { name, parms = {} } of filters) {
		switch (name) {
			case 'FlateDecode':
			case 'Fl':
				decoded = withPredictor(inflate(decoded, maxOutputBytes), parms);
				break;
			case 'LZWDecode':
			case 'LZW':
				decoded = withPredictor(lzwDecode(decoded, parms.earlyChange ?? 1, maxOutputBytes), parms);
				break;
			case 'ASCIIHexDecode':
			case 'AHx':
				decoded = asciiHexDecode(decoded);
				break;
			case 'ASCII85Decode':
			case 'A85':
				decoded = ascii85Decode(decoded);
				break;
			default:
				throw new DocumentError('unsupported', `stream filter ${name} cannot be decoded here`);
		}
		if (decoded.length > maxOutputBytes)
			throw new DocumentError('tooLarge', `a stream decodes to more than ${maxOutputBytes} bytes`);
	}
	return decoded;
}

/** PDF's defaults: no predictor, 1 colour, 8 bits per component, 1 column. */
function withPredictor(data: Uint8Array, parms: FilterParameters): Uint8Array {
	const predictor = parms.predictor ?? 1;
	if (predictor === 1) return data;
	return undoPredictor(data, {
		predictor,
		colors: parms.colors ?? 1,
		bitsPerComponent: parms.bitsPerComponent ?? 8,
		columns: parms.columns ?? 1,
	});
}
