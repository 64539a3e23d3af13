import { undoPredictor } from '../../../../nodes/shared/pdf/filters/predictors';
import { documentError, randomBytes } from './helpers';

/**
 * Predictors: PNG rows filtered by hand (worked values, and a reference encoder straight from the PNG
 * specification), TIFF horizontal differencing at 1, 2, 4, 8 and 16 bits, and the parameter checks.
 */

const png = (columns: number, colors = 1, bitsPerComponent = 8) => ({
	predictor: 12,
	colors,
	bitsPerComponent,
	columns,
});
const tiff = (columns: number, colors = 1, bitsPerComponent = 8) => ({
	predictor: 2,
	colors,
	bitsPerComponent,
	columns,
});
const bytes = (data: Uint8Array) => [...data];

/** PNG filtering (the encoder side), to check decoding of every filter type on random rows. */
function pngFilter(rows: Uint8Array[], types: number[], bytesPerPixel: number): Uint8Array {
	const out: number[] = [];
	rows.forEach((row, r) => {
		const above = r > 0 ? rows[r - 1] : new Uint8Array(row.length);
		out.push(types[r]);
		for (let i = 0; i < row.length; i++) {
			const left = i >= bytesPerPixel ? row[i - bytesPerPixel] : 0;
			const upLeft = i >= bytesPerPixel ? above[i - bytesPerPixel] : 0;
			const up = above[i];
			const estimate = left + up - upLeft;
			const [pa, pb, pc] = [
				Math.abs(estimate - left),
				Math.abs(estimate - up),
				Math.abs(estimate - upLeft),
			];
			const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
			const predicted = [0, left, up, Math.floor((left + up) / 2), paeth][types[r]];
			out.push((row[i] - predicted) & 0xff);
		}
	});
	return Uint8Array.from(out);
}

describe('undoPredictor: PNG (10 to 15)', () => {
	// Row 0 [10, 20, 30] unfiltered; row 1 [15, 25, 5] with each filter, worked by hand.
	it.each([
		['None', [0, 15, 25, 5]],
		['Sub', [1, 15, 10, 236]],
		['Up', [2, 5, 5, 231]],
		['Average', [3, 10, 8, 234]],
		['Paeth', [4, 5, 5, 231]],
	])('undoes %s', (_name, row1) => {
		const decoded = undoPredictor(Uint8Array.from([0, 10, 20, 30, ...row1]), png(3));
		expect(bytes(decoded)).toEqual([10, 20, 30, 15, 25, 5]);
	});

	it('undoes Paeth where it predicts from the left and the upper left', () => {
		// Each row's first byte predicts from above. Then left: a 50, b 60, c 100 → estimate 10, nearest a;
		// upper left: a 10, b 100, c 50 → estimate 60, nearest c.
		expect(bytes(undoPredictor(Uint8Array.from([0, 100, 60, 4, 206, 7]), png(2)))).toEqual([
			100, 60, 50, 57,
		]);
		expect(bytes(undoPredictor(Uint8Array.from([0, 50, 100, 4, 216, 7]), png(2)))).toEqual([
			50, 100, 10, 57,
		]);
	});

	it('uses the first row as if a row of zeros were above it', () => {
		expect(bytes(undoPredictor(Uint8Array.from([2, 1, 2, 3]), png(3)))).toEqual([1, 2, 3]);
		expect(bytes(undoPredictor(Uint8Array.from([4, 1, 2, 3]), png(3)))).toEqual([1, 3, 6]);
		expect(bytes(undoPredictor(Uint8Array.from([3, 8, 8, 8]), png(3)))).toEqual([8, 12, 14]);
	});

	it('takes the left neighbour a whole pixel back (3 colours, 16 bits, sub-byte pixels)', () => {
		for (const [colors, bitsPerComponent, bytesPerPixel] of [
			[3, 8, 3],
			[1, 16, 2],
			[4, 16, 8],
			[1, 1, 1],
			[3, 4, 2],
		]) {
			const columns = 7;
			const rowBytes = Math.ceil((colors * bitsPerComponent * columns) / 8);
			const rows = Array.from({ length: 10 }, (_, r) => randomBytes(r * 31 + colors, rowBytes));
			const types = rows.map((_, r) => r % 5);
			const decoded = undoPredictor(pngFilter(rows, types, bytesPerPixel), {
				predictor: 10 + (colors % 6),
				colors,
				bitsPerComponent,
				columns,
			});
			expect(bytes(decoded)).toEqual(bytes(Buffer.concat(rows)));
		}
	});

	it('decodes a last partial row as far as it goes', () => {
		expect(bytes(undoPredictor(Uint8Array.from([0, 1, 2, 3, 2, 1, 1]), png(3)))).toEqual([
			1, 2, 3, 2, 3,
		]);
		expect(bytes(undoPredictor(Uint8Array.from([0, 1, 2, 3, 2]), png(3)))).toEqual([1, 2, 3]);
	});

	it('decodes the 5-column rows of a cross-reference stream (predictor 12, the usual case)', () => {
		// Entries (1, 0x0010, 0), (1, 0x0200, 0), (2, 7, 3) with Up from row 2 on.
		const encoded = Uint8Array.from([
			2,
			1,
			0,
			0x10,
			0,
			0,
			2,
			0,
			2,
			0xf0,
			0,
			0,
			2,
			1,
			0xfe,
			7 - 0,
			0,
			3,
		]);
		expect(bytes(undoPredictor(encoded, png(5)))).toEqual([
			1, 0, 0x10, 0, 0, 1, 2, 0, 0, 0, 2, 0, 7, 0, 3,
		]);
	});

	it('finds a filter type above 4 damaged', () => {
		const error = documentError(() => undoPredictor(Uint8Array.from([0, 1, 2, 5, 1, 2]), png(2)));
		expect([error.reason, error.message]).toEqual([
			'damaged',
			'a stream is damaged (a PNG predictor row has a filter type above 4)',
		]);
	});
});

describe('undoPredictor: TIFF (2)', () => {
	it('adds each 8-bit component to the same component of the pixel on its left, row by row', () => {
		const encoded = Uint8Array.from([1, 2, 3, 1, 1, 1, 255, 0, 0, 9, 9, 9, 1, 1, 1, 1, 1, 1]);
		expect(bytes(undoPredictor(encoded, tiff(3, 3)))).toEqual([
			1, 2, 3, 2, 3, 4, 1, 3, 4, 9, 9, 9, 10, 10, 10, 11, 11, 11,
		]);
	});

	it('adds 16-bit big-endian components with the carry', () => {
		const encoded = Uint8Array.from([0x00, 0xff, 0x00, 0x01, 0xff, 0xff]);
		expect(bytes(undoPredictor(encoded, tiff(3, 1, 16)))).toEqual([
			0x00, 0xff, 0x01, 0x00, 0x00, 0xff,
		]);
		const twoColours = Uint8Array.from([0x12, 0x34, 0x00, 0x01, 0x00, 0x10, 0xff, 0xff]);
		expect(bytes(undoPredictor(twoColours, tiff(2, 2, 16)))).toEqual([
			0x12, 0x34, 0x00, 0x01, 0x12, 0x44, 0x00, 0x00,
		]);
	});

	it('adds packed 1-, 2- and 4-bit components modulo their size, keeping the padding bits', () => {
		expect(bytes(undoPredictor(Uint8Array.from([0b10000000, 0b01000001]), tiff(8, 1, 1)))).toEqual([
			0b11111111, 0b01111110,
		]);
		expect(bytes(undoPredictor(Uint8Array.from([0x55, 0x40]), tiff(5, 1, 2)))).toEqual([
			0x6c, 0x40,
		]);
		expect(bytes(undoPredictor(Uint8Array.from([0x12, 0x34, 0xf1, 0x2f]), tiff(2, 2, 4)))).toEqual([
			0x12, 0x46, 0xf1, 0x10,
		]);
		// 3 columns of 1 bit: the row's 5 padding bits stay as they were.
		expect(bytes(undoPredictor(Uint8Array.from([0b10000101]), tiff(3, 1, 1)))).toEqual([
			0b11100101,
		]);
	});

	it('leaves the data untouched (a copy) and tolerates a last partial row', () => {
		const encoded = Uint8Array.from([1, 1, 1, 1, 2, 2]);
		expect(bytes(undoPredictor(encoded, tiff(4)))).toEqual([1, 2, 3, 4, 2, 4]);
		expect(bytes(encoded)).toEqual([1, 1, 1, 1, 2, 2]);
	});
});

describe('undoPredictor: parameters', () => {
	it('returns the data as it is for predictor 1', () => {
		const data = Uint8Array.from([1, 2, 3]);
		expect(undoPredictor(data, { predictor: 1, colors: 0, bitsPerComponent: 3, columns: 0 })).toBe(
			data,
		);
	});

	it.each([
		[
			{ predictor: 3, colors: 1, bitsPerComponent: 8, columns: 1 },
			'Predictor is not 1, 2 or 10 to 15',
		],
		[
			{ predictor: 16, colors: 1, bitsPerComponent: 8, columns: 1 },
			'Predictor is not 1, 2 or 10 to 15',
		],
		[
			{ predictor: 12, colors: 0, bitsPerComponent: 8, columns: 1 },
			'Colors is not a positive integer',
		],
		[
			{ predictor: 2, colors: 1.5, bitsPerComponent: 8, columns: 1 },
			'Colors is not a positive integer',
		],
		[
			{ predictor: 12, colors: 1, bitsPerComponent: 3, columns: 1 },
			'BitsPerComponent is not 1, 2, 4, 8 or 16',
		],
		[
			{ predictor: 12, colors: 1, bitsPerComponent: 8, columns: -4 },
			'Columns is not a positive integer',
		],
		[
			{ predictor: 12, colors: 1e6, bitsPerComponent: 16, columns: 1e6 },
			'a row is longer than 2 GiB',
		],
	])('finds %j damaged', (parameters, what) => {
		const error = documentError(() => undoPredictor(Uint8Array.from([0, 0, 0]), parameters));
		expect([error.reason, error.message]).toEqual([
			'damaged',
			`a stream's predictor parameters are invalid (${what})`,
		]);
	});
});
