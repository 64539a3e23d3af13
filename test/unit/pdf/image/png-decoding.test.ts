import { inflateSync } from 'zlib';
import { pngImage } from '../../../../nodes/shared/pdf/image/png';
import type { HeaderFields } from './png-files';
import {
	chunk,
	filterRows,
	idat,
	interlaceRows,
	pngFile,
	rowLength,
	seededBytes,
} from './png-files';

/**
 * The PNG decoder against hand-made files (png-files.ts): every filter type at every pixel size,
 * Adam7 at sizes with empty passes, alpha and tRNS printed on white, the IDAT stream copied as it is
 * when that is lossless, pHYs and eXIf. Pixels are compared with the rows the files were made from.
 */

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ALL_FILTERS = [0, 1, 2, 3, 4];

interface Format {
	colourType: number;
	bitDepth: number;
}
const FORMATS: Format[] = [
	...[1, 2, 4, 8, 16].map((bitDepth) => ({ colourType: 0, bitDepth })),
	...[8, 16].map((bitDepth) => ({ colourType: 2, bitDepth })),
	...[1, 2, 4, 8].map((bitDepth) => ({ colourType: 3, bitDepth })),
	...[8, 16].map((bitDepth) => ({ colourType: 4, bitDepth })),
	...[8, 16].map((bitDepth) => ({ colourType: 6, bitDepth })),
];
const formatName = ({ colourType, bitDepth }: Format) => `type ${colourType} ${bitDepth}-bit`;

/** A palette of every entry the bit depth can index. */
const plte = (bitDepth: number) => chunk('PLTE', seededBytes(99, 3 << bitDepth));

/** Random packed rows, the padding bits of each row zero (as encoders write them). */
function randomRows(header: HeaderFields, channels: number, seed: number): Uint8Array {
	const stride = rowLength(header, channels);
	const rows = seededBytes(seed, stride * header.height);
	const usedBits = header.width * channels * header.bitDepth;
	if (usedBits % 8 !== 0)
		for (let row = 0; row < header.height; row++)
			rows[row * stride + stride - 1] &= 0xff00 >> usedBits % 8;
	return rows;
}

/** Colour samples over white, as a number, rounded: (c·a + max·(max − a)) / max. */
function expectedOnWhite(rows: Uint8Array, colours: number, bitDepth: number): Uint8Array {
	const wide = bitDepth === 16;
	const read = (index: number) =>
		wide ? (rows[index * 2] << 8) | rows[index * 2 + 1] : rows[index];
	const max = wide ? 65535 : 255;
	const pixels = rows.length / ((colours + 1) * (wide ? 2 : 1));
	const out = new Uint8Array(pixels * colours * (wide ? 2 : 1));
	for (let pixel = 0; pixel < pixels; pixel++) {
		const alpha = read(pixel * (colours + 1) + colours);
		for (let sample = 0; sample < colours; sample++) {
			const value = Math.round(
				(read(pixel * (colours + 1) + sample) * alpha + max * (max - alpha)) / max,
			);
			const at = pixel * colours + sample;
			if (wide) out.set([value >> 8, value & 0xff], at * 2);
			else out[at] = value;
		}
	}
	return out;
}

/** What the PDF image's samples should be: the rows themselves, or with alpha composited. */
function expectedSamples(format: Format, rows: Uint8Array): Uint8Array {
	const channels = CHANNELS[format.colourType];
	if (format.colourType === 4 || format.colourType === 6)
		return expectedOnWhite(rows, channels - 1, format.bitDepth);
	return rows;
}

describe('Adam7 at sizes with empty passes: every format, every filter type', () => {
	const SIZES = [
		[1, 1],
		[2, 2],
		[3, 9],
		[9, 3],
		[13, 11],
	];
	const cases = FORMATS.flatMap((format) =>
		SIZES.map(
			([width, height]) =>
				[`${formatName(format)} ${width}x${height}`, format, width, height] as const,
		),
	);
	test.each(cases)('%s', (_, format, width, height) => {
		const header = { width, height, ...format, interlace: 1 };
		const channels = CHANNELS[format.colourType];
		const rows = randomRows(header, channels, width * 31 + height);
		const palette = format.colourType === 3 ? [plte(format.bitDepth)] : [];
		const file = pngFile(header, [
			...palette,
			idat(interlaceRows(rows, header, channels, ALL_FILTERS)),
		]);
		const image = pngImage(file);
		expect(image.dictionaryEntries).not.toContain('/DecodeParms');
		expect(inflateSync(Buffer.concat([image.data].flat()))).toEqual(
			Buffer.from(expectedSamples(format, rows)),
		);
	});
});

describe('rows in every filter type, not interlaced', () => {
	test.each(FORMATS.map((format) => [formatName(format), format] as const))('%s', (_, format) => {
		const header = { width: 21, height: 15, ...format };
		const channels = CHANNELS[format.colourType];
		const rows = randomRows(header, channels, 7 + format.bitDepth);
		const stride = rowLength(header, channels);
		const pixelBytes = Math.max(1, (channels * format.bitDepth) >> 3);
		const scanlines = filterRows(rows, stride, pixelBytes, ALL_FILTERS);
		const palette = format.colourType === 3 ? [plte(format.bitDepth)] : [];
		const image = pngImage(pngFile(header, [...palette, idat(scanlines)]));
		if (format.colourType === 4 || format.colourType === 6) {
			expect(inflateSync(Buffer.concat([image.data].flat()))).toEqual(
				Buffer.from(expectedSamples(format, rows)),
			);
		} else {
			// Copied as it is: the reader undoes the filters (/Predictor 15), shown by the ImageMagick suite.
			expect(inflateSync(Buffer.concat([image.data].flat()))).toEqual(scanlines);
			expect(image.dictionaryEntries).toContain(
				`/DecodeParms << /Predictor 15 /Colors ${channels} /BitsPerComponent ${format.bitDepth} /Columns 21 >>`,
			);
		}
	});
});

/** Sample `index` of a row (counting across the row's pixels), at any bit depth. */
function sampleReader(rows: Uint8Array, header: HeaderFields, channels: number) {
	const stride = rowLength(header, channels);
	const bits = header.bitDepth;
	return (row: number, index: number): number => {
		if (bits === 16)
			return (rows[row * stride + index * 2] << 8) | rows[row * stride + index * 2 + 1];
		const bit = index * bits;
		return (rows[row * stride + (bit >> 3)] >> (8 - bits - (bit & 7))) & (2 ** bits - 1);
	};
}

/** The rows with every pixel equal to `key` (one value a sample) made white: each sample at its maximum. */
function whitened(
	rows: Uint8Array,
	header: HeaderFields,
	channels: number,
	key: number[],
): Uint8Array {
	const out = rows.slice();
	const stride = rowLength(header, channels);
	const bits = header.bitDepth;
	const sampleAt = sampleReader(rows, header, channels);
	for (let row = 0; row < header.height; row++)
		for (let x = 0; x < header.width; x++) {
			if (!key.every((value, sample) => sampleAt(row, x * channels + sample) === value)) continue;
			for (let sample = 0; sample < channels; sample++) {
				const bit = (x * channels + sample) * bits;
				for (let b = bit; b < bit + bits; b++) out[row * stride + (b >> 3)] |= 0x80 >> (b & 7);
			}
		}
	return out;
}

describe('tRNS: the transparent colour prints white, a palette keeps its indices', () => {
	const cases = [
		...[1, 2, 4, 8, 16].map((bitDepth) => ({ colourType: 0, bitDepth })),
		...[8, 16].map((bitDepth) => ({ colourType: 2, bitDepth })),
	];
	test.each(cases.map((format) => [formatName(format), format] as const))('%s', (_, format) => {
		const header = { width: 19, height: 7, ...format };
		const channels = CHANNELS[format.colourType];
		// Few distinct values, so the key colour (the first pixel's) comes back often.
		const rows = randomRows(header, channels, 5).map((byte) => byte & 0x81);
		const first = sampleReader(rows, header, channels);
		const key = Array.from({ length: channels }, (_, sample) => first(0, sample));
		const trns = Buffer.alloc(channels * 2);
		key.forEach((value, sample) => trns.writeUInt16BE(value, sample * 2));
		const scanlines = filterRows(
			rows,
			rowLength(header, channels),
			Math.max(1, (channels * format.bitDepth) >> 3),
			ALL_FILTERS,
		);
		const image = pngImage(pngFile(header, [chunk('tRNS', trns), idat(scanlines)]));
		const expected = whitened(rows, header, channels, key);
		expect(expected).not.toEqual(rows);
		expect(inflateSync(Buffer.concat([image.data].flat()))).toEqual(Buffer.from(expected));
		expect(image.dictionaryEntries).toContain(
			`/BitsPerComponent ${format.bitDepth} /Filter /FlateDecode`,
		);
	});

	test('a palette: its tRNS alphas composited into the entries; indices past the PLTE are black', () => {
		const header = { width: 4, height: 1, bitDepth: 2, colourType: 3 };
		const palette = Buffer.from([200, 100, 0, 10, 20, 30, 255, 255, 255]);
		const trns = Buffer.from([0, 128]);
		const scanlines = Buffer.from([0, 0b00011011]);
		const image = pngImage(
			pngFile(header, [chunk('PLTE', palette), chunk('tRNS', trns), idat(scanlines)]),
		);
		const over = (c: number, a: number) => Math.round((c * a + 255 * (255 - a)) / 255);
		const hex = [255, 255, 255, over(10, 128), over(20, 128), over(30, 128), 255, 255, 255, 0, 0, 0]
			.map((value) => value.toString(16).padStart(2, '0'))
			.join('');
		expect(image.dictionaryEntries).toContain(`/ColorSpace [/Indexed /DeviceRGB 3 <${hex}>]`);
		expect(image.dictionaryEntries).toContain('/Predictor 15');
	});

	test('a tRNS of the wrong length is ignored (as libpng does): the stream is copied', () => {
		const header = { width: 2, height: 1, bitDepth: 8, colourType: 2 };
		const image = pngImage(
			pngFile(header, [
				chunk('tRNS', Buffer.from([0, 1])),
				idat(Buffer.from([0, 1, 2, 3, 4, 5, 6])),
			]),
		);
		expect(image.dictionaryEntries).toContain('/Predictor 15');
	});
});

describe('the rest of the file', () => {
	const header = { width: 3, height: 2, bitDepth: 8, colourType: 0 };
	const scanlines = Buffer.from([0, 1, 2, 3, 2, 4, 5, 6]);
	const metres = (x: number, y: number, unit: number) => {
		const data = Buffer.alloc(9);
		data.writeUInt32BE(x, 0);
		data.writeUInt32BE(y, 4);
		data[8] = unit;
		return chunk('pHYs', data);
	};

	test('IDAT split into several chunks (one empty) is one stream, copied as it is', () => {
		const stream = idat(scanlines).subarray(8, -4);
		const parts = [
			stream.subarray(0, 3),
			stream.subarray(3, 3),
			stream.subarray(3, 9),
			stream.subarray(9),
		];
		const image = pngImage(
			pngFile(
				header,
				parts.map((part) => chunk('IDAT', part)),
			),
		);
		expect(image.data).toEqual(stream);
	});

	test.each([
		['72 dpi (2835 px/m)', 2835, 2835, { x: 72, y: 72 }],
		['300 x 600 dpi', 11811, 23622, { x: 300, y: 600 }],
		['a resolution no whole dpi gives', 4000, 4000, { x: 101.6, y: 101.6 }],
	])('pHYs in metres: %s', (_, x, y, resolution) => {
		const image = pngImage(pngFile(header, [metres(x, y, 1), idat(scanlines)]));
		expect(image.resolution).toEqual(resolution);
	});

	test('pHYs without a unit (an aspect ratio only), or of zero, states no resolution', () => {
		expect(
			pngImage(pngFile(header, [metres(1, 2, 0), idat(scanlines)])).resolution,
		).toBeUndefined();
		expect(
			pngImage(pngFile(header, [metres(0, 0, 1), idat(scanlines)])).resolution,
		).toBeUndefined();
		expect(pngImage(pngFile(header, [idat(scanlines)])).resolution).toBeUndefined();
	});

	test.each([
		['big-endian', 'MM', 6],
		['little-endian', 'II', 8],
	])('eXIf orientation, %s', (_, order, orientation) => {
		const little = order === 'II';
		const exif = Buffer.alloc(26);
		exif.write(order, 0, 'latin1');
		const u16 = (value: number, at: number) =>
			little ? exif.writeUInt16LE(value, at) : exif.writeUInt16BE(value, at);
		const u32 = (value: number, at: number) =>
			little ? exif.writeUInt32LE(value, at) : exif.writeUInt32BE(value, at);
		u16(42, 2);
		u32(8, 4);
		u16(1, 8);
		u16(0x0112, 10);
		u16(3, 12);
		u32(1, 14);
		u16(orientation, 18);
		const image = pngImage(pngFile(header, [chunk('eXIf', exif), idat(scanlines)]));
		expect(image.orientation).toBe(orientation);
		expect(pngImage(pngFile(header, [idat(scanlines)])).orientation).toBe(1);
	});

	test('unknown ancillary chunks are skipped, and anything after IEND', () => {
		const file = pngFile(header, [
			chunk('tEXt', Buffer.from('Comment\0x')),
			chunk('prVt', Buffer.from([1])),
			idat(scanlines),
		]);
		const image = pngImage(Buffer.concat([file, Buffer.from('trailing bytes')]));
		expect(inflateSync(Buffer.concat([image.data].flat()))).toEqual(scanlines);
	});
});
