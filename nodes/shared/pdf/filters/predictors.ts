/**
 * Undoes the predictor of a PDF /FlateDecode or /LZWDecode stream (PDF 1.7 section 7.4.4.4, its
 * DecodeParms): 1 none, 2 TIFF horizontal differencing, 10 to 15 PNG filters chosen per row by the
 * row's first byte. A last partial row is decoded as far as it goes, as pdf.js does: writers cut the
 * last row of an xref stream short often enough, and the reader checks the sizes it needs.
 */

import { DocumentError } from '../errors';
import { damaged } from '../damage';
import { unfilterPngRow } from './pngRows';

export interface PredictorParameters {
	predictor: number;
	/** Interleaved components per sample (Colors). */
	colors: number;
	/** Bits per component: 1, 2, 4, 8 or 16. */
	bitsPerComponent: number;
	/** Samples per row. */
	columns: number;
}

const BITS_PER_COMPONENT = [1, 2, 4, 8, 16];
/** Rows longer than this many bytes are not a real image or table (and would overflow the arithmetic). */
const MAX_ROW_BYTES = 2 ** 31;

function invalid(what: string): DocumentError {
	return damaged(`a stream's predictor parameters are invalid (${what})`);
}

/** The data with the predictor undone; predictor 1 returns data itself. */
export function undoPredictor(data: Uint8Array, parameters: PredictorParameters): Uint8Array {
	const { predictor, colors, bitsPerComponent, columns } = parameters;
	if (
		!Number.isInteger(predictor) ||
		!(predictor === 1 || predictor === 2 || (predictor >= 10 && predictor <= 15))
	) {
		throw invalid('Predictor is not 1, 2 or 10 to 15');
	}
	if (predictor === 1) return data;
	if (!Number.isInteger(colors) || colors < 1) throw invalid('Colors is not a positive integer');
	if (!BITS_PER_COMPONENT.includes(bitsPerComponent))
		throw invalid('BitsPerComponent is not 1, 2, 4, 8 or 16');
	if (!Number.isInteger(columns) || columns < 1) throw invalid('Columns is not a positive integer');
	const bitsPerPixel = colors * bitsPerComponent;
	const rowBytes = Math.ceil((bitsPerPixel * columns) / 8);
	if (rowBytes > MAX_ROW_BYTES) throw invalid('a row is longer than 2 GiB');
	if (predictor === 2) return undoTiffPredictor(data, rowBytes, colors, bitsPerComponent, columns);
	return undoPngPredictor(data, rowBytes, Math.ceil(bitsPerPixel / 8));
}

/** PNG filters, each row a filter type byte and the filtered bytes (pngRows.ts undoes them). */
function undoPngPredictor(data: Uint8Array, rowBytes: number, bytesPerPixel: number): Uint8Array {
	const rows = Math.ceil(data.length / (rowBytes + 1));
	const output = new Uint8Array(Math.max(0, data.length - rows));
	let at = 0;
	let rowStart = 0;
	while (at < data.length) {
		const filter = data[at++];
		const rowLength = Math.min(rowBytes, data.length - at);
		output.set(data.subarray(at, at + rowLength), rowStart);
		at += rowLength;
		const above = rowStart === 0 ? -1 : rowStart - rowBytes;
		if (!unfilterPngRow(filter, output, rowStart, above, rowLength, bytesPerPixel))
			throw damaged('a stream is damaged (a PNG predictor row has a filter type above 4)');
		rowStart += rowLength;
	}
	return output;
}

/** TIFF predictor 2: each component is the difference from the same component of the pixel to its left. */
function undoTiffPredictor(
	data: Uint8Array,
	rowBytes: number,
	colors: number,
	bitsPerComponent: number,
	columns: number,
): Uint8Array {
	const output = data.slice();
	for (let rowStart = 0; rowStart < output.length; rowStart += rowBytes) {
		const rowEnd = Math.min(rowStart + rowBytes, output.length);
		if (bitsPerComponent === 8) {
			for (let i = rowStart + colors; i < rowEnd; i++) output[i] += output[i - colors];
		} else if (bitsPerComponent === 16) {
			// Big-endian 16-bit components: add as numbers, carry from the low byte into the high one.
			for (let i = rowStart + 2 * colors; i + 1 < rowEnd; i += 2) {
				const sum =
					((output[i] << 8) | output[i + 1]) +
					((output[i - 2 * colors] << 8) | output[i - 2 * colors + 1]);
				output[i] = sum >>> 8;
				output[i + 1] = sum;
			}
		} else {
			undoPackedRow(output, rowStart, rowEnd, colors, bitsPerComponent, colors * columns);
		}
	}
	return output;
}

/**
 * Predictor 2 for 1, 2 or 4 bits per component, packed from the high bit of each byte; the bits that
 * pad the row to a whole byte are left as they are.
 */
function undoPackedRow(
	output: Uint8Array,
	rowStart: number,
	rowEnd: number,
	colors: number,
	bitsPerComponent: number,
	rowComponents: number,
): void {
	const mask = (1 << bitsPerComponent) - 1;
	const components = Math.min(
		rowComponents,
		Math.floor(((rowEnd - rowStart) * 8) / bitsPerComponent),
	);
	const read = (index: number): number => {
		const bit = index * bitsPerComponent;
		return (output[rowStart + (bit >>> 3)] >>> (8 - bitsPerComponent - (bit & 7))) & mask;
	};
	for (let index = colors; index < components; index++) {
		const value = (read(index) + read(index - colors)) & mask;
		const bit = index * bitsPerComponent;
		const shift = 8 - bitsPerComponent - (bit & 7);
		const at = rowStart + (bit >>> 3);
		output[at] = (output[at] & ~(mask << shift)) | (value << shift);
	}
}
