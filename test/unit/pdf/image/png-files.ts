/**
 * Hand-made PNG files for the pure PNG suites: chunks with their CRC-32 (computed bit by bit here, not
 * by the package's table), image data deflated by Node's zlib, rows filtered by this file's own PNG
 * filters (PNG section 9.2), so the decoder is checked against an independent encoder.
 */
import { deflateSync } from 'zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** CRC-32 (polynomial 0xEDB88320), one bit at a time. */
export function bitwiseCrc32(bytes: Uint8Array): number {
	let crc = 0xffffffff;
	for (const byte of bytes) {
		crc ^= byte;
		for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
	}
	return (crc ^ 0xffffffff) >>> 0;
}

/** One chunk: length, type, data, CRC of type and data. */
export function chunk(type: string, data: Uint8Array = new Uint8Array(0)): Buffer {
	const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
	const out = Buffer.alloc(body.length + 8);
	out.writeUInt32BE(data.length, 0);
	body.copy(out, 4);
	out.writeUInt32BE(bitwiseCrc32(body), body.length + 4);
	return out;
}

export interface HeaderFields {
	width: number;
	height: number;
	bitDepth: number;
	colourType: number;
	interlace?: number;
}

export function ihdr({ width, height, bitDepth, colourType, interlace = 0 }: HeaderFields): Buffer {
	const data = Buffer.alloc(13);
	data.writeUInt32BE(width, 0);
	data.writeUInt32BE(height, 4);
	data.set([bitDepth, colourType, 0, 0, interlace], 8);
	return chunk('IHDR', data);
}

/** A whole file: signature, IHDR, the chunks given (in order), IEND. */
export function pngFile(header: HeaderFields, chunks: Buffer[]): Buffer {
	return Buffer.concat([SIGNATURE, ihdr(header), ...chunks, chunk('IEND')]);
}

/** Bytes of one row of `width` pixels. */
export function rowLength(header: HeaderFields, channels: number): number {
	return Math.ceil((header.width * channels * header.bitDepth) / 8);
}

const paeth = (a: number, b: number, c: number): number => {
	const p = a + b - c;
	const pa = Math.abs(p - a);
	const pb = Math.abs(p - b);
	const pc = Math.abs(p - c);
	return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/**
 * Packed rows (rowBytes each) -> scanlines, row r filtered with filters[r % filters.length] (PNG
 * filter types 0-4); bytesPerPixel as PNG defines it (at least 1).
 */
export function filterRows(
	rows: Uint8Array,
	rowBytes: number,
	bytesPerPixel: number,
	filters: readonly number[],
): Buffer {
	const height = rows.length / rowBytes;
	const out = Buffer.alloc(height * (rowBytes + 1));
	for (let r = 0; r < height; r++) {
		const filter = filters[r % filters.length];
		out[r * (rowBytes + 1)] = filter;
		for (let i = 0; i < rowBytes; i++) {
			const x = rows[r * rowBytes + i];
			const a = i >= bytesPerPixel ? rows[r * rowBytes + i - bytesPerPixel] : 0;
			const b = r > 0 ? rows[(r - 1) * rowBytes + i] : 0;
			const c = r > 0 && i >= bytesPerPixel ? rows[(r - 1) * rowBytes + i - bytesPerPixel] : 0;
			const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
			out[r * (rowBytes + 1) + 1 + i] = (x - predicted) & 0xff;
		}
	}
	return out;
}

/** The scanlines as one IDAT chunk of a zlib stream. */
export function idat(scanlines: Uint8Array): Buffer {
	return chunk('IDAT', deflateSync(scanlines));
}

/** Seeded bytes (xorshift32): the same test data every run. */
export function seededBytes(seed: number, size: number): Uint8Array {
	let state = seed >>> 0 || 1;
	const out = new Uint8Array(size);
	for (let index = 0; index < size; index++) {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		out[index] = state >>> 24;
	}
	return out;
}

/** Where a chunk of this type starts in the file (its length field). */
export function chunkOffset(file: Buffer, type: string): number {
	const at = file.indexOf(type, 8, 'latin1');
	if (at < 0) throw new Error(`no ${type} chunk`);
	return at - 4;
}

const ADAM7 = [
	[0, 0, 8, 8],
	[4, 0, 8, 8],
	[0, 4, 4, 8],
	[2, 0, 4, 4],
	[0, 2, 2, 4],
	[1, 0, 2, 2],
	[0, 1, 1, 2],
];

/**
 * Packed rows of the whole image -> Adam7 scanlines (PNG section 8.2): each non-empty pass's pixels
 * as packed rows, filtered with `filters` cycling, the passes one after the other.
 */
export function interlaceRows(
	rows: Uint8Array,
	header: HeaderFields,
	channels: number,
	filters: readonly number[],
): Buffer {
	const pixelBits = channels * header.bitDepth;
	const stride = rowLength(header, channels);
	const read = (x: number, y: number, bit: number): number =>
		(rows[y * stride + ((x * pixelBits + bit) >> 3)] >> (7 - ((x * pixelBits + bit) & 7))) & 1;
	const passes: Buffer[] = [];
	for (const [x0, y0, dx, dy] of ADAM7) {
		const width = header.width > x0 ? Math.ceil((header.width - x0) / dx) : 0;
		const height = header.height > y0 ? Math.ceil((header.height - y0) / dy) : 0;
		if (width === 0 || height === 0) continue;
		const passStride = Math.ceil((width * pixelBits) / 8);
		const pass = new Uint8Array(passStride * height);
		for (let row = 0; row < height; row++)
			for (let column = 0; column < width; column++)
				for (let bit = 0; bit < pixelBits; bit++) {
					const value = read(x0 + column * dx, y0 + row * dy, bit);
					const at = column * pixelBits + bit;
					pass[row * passStride + (at >> 3)] |= value << (7 - (at & 7));
				}
		passes.push(filterRows(pass, passStride, Math.max(1, pixelBits >> 3), filters));
	}
	return Buffer.concat(passes);
}
