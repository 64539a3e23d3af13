/**
 * Test TIFFs made at test time: a small classic-TIFF writer (either byte order, uncompressed strips or
 * any bytes the test gives), the pixel patterns the pages show, and a Modified Huffman (compression 2)
 * maker, since tiffcp cannot write that one.
 */
import { TAG } from '../../../../nodes/shared/pdf/tiff/tags';

export type FieldType = 'BYTE' | 'ASCII' | 'SHORT' | 'LONG' | 'RATIONAL';
const TYPE_CODES: Record<FieldType, number> = { BYTE: 1, ASCII: 2, SHORT: 3, LONG: 4, RATIONAL: 5 };

/** A tag's values; RATIONAL values are numerator, denominator pairs. */
export interface Field {
	type: FieldType;
	values: number[];
}

export interface FixturePage {
	fields: Record<number, Field>;
	/** The stored strips (or tiles, with `tiled`): their offsets and byte counts are written for them. */
	parts: Uint8Array[];
	tiled?: boolean;
}

export interface WrittenTiff {
	data: Buffer;
	/** Offset of each page's directory, and of the "next directory" pointer at its end. */
	directories: { at: number; nextPointerAt: number }[];
}

/** Tag numbers by name: the reader's own table (TIFF 6.0, section 8); the tiffcp-made files check it independently. */
export { TAG };

export const short = (...values: number[]): Field => ({ type: 'SHORT', values });
export const long = (...values: number[]): Field => ({ type: 'LONG', values });
export const rational = (value: number): Field => ({
	type: 'RATIONAL',
	values: [Math.round(value * 1000), 1000],
});

/** A classic TIFF holding the pages in order, each directory after its data. */
export function writeTiff(
	pages: readonly FixturePage[],
	options: { bigEndian?: boolean } = {},
): WrittenTiff {
	const little = !options.bigEndian;
	const chunks: Buffer[] = [];
	let size = 0;
	const put = (chunk: Buffer) => {
		chunks.push(chunk);
		size += chunk.length;
		if (size % 2 === 1) put(Buffer.alloc(1));
	};
	const u16 = (value: number) => {
		const buffer = Buffer.alloc(2);
		if (little) buffer.writeUInt16LE(value);
		else buffer.writeUInt16BE(value);
		return buffer;
	};
	const u32 = (value: number) => {
		const buffer = Buffer.alloc(4);
		if (little) buffer.writeUInt32LE(value >>> 0);
		else buffer.writeUInt32BE(value >>> 0);
		return buffer;
	};
	const encode = (field: Field) =>
		Buffer.concat(
			field.values.map((value) =>
				field.type === 'BYTE' || field.type === 'ASCII'
					? Buffer.from([value])
					: field.type === 'SHORT'
						? u16(value)
						: u32(value),
			),
		);
	put(Buffer.concat([Buffer.from(little ? 'II' : 'MM', 'latin1'), u16(42), u32(0)]));
	const directories: { at: number; nextPointerAt: number }[] = [];
	for (const page of pages) {
		const offsets: number[] = [];
		for (const part of page.parts) {
			offsets.push(size);
			put(Buffer.from(part));
		}
		const fields: Record<number, Field> = { ...page.fields };
		fields[page.tiled ? TAG.TileOffsets : TAG.StripOffsets] = long(...offsets);
		fields[page.tiled ? TAG.TileByteCounts : TAG.StripByteCounts] = long(
			...page.parts.map((part) => part.length),
		);
		const tags = Object.keys(fields)
			.map(Number)
			.sort((a, b) => a - b);
		const directoryAt = size;
		const entriesBytes = 2 + tags.length * 12 + 4;
		let outOfLineAt = directoryAt + entriesBytes;
		const entries: Buffer[] = [u16(tags.length)];
		const outOfLine: Buffer[] = [];
		for (const tag of tags) {
			const field = fields[tag];
			const count = field.type === 'RATIONAL' ? field.values.length / 2 : field.values.length;
			const bytes = encode(field);
			let value: Buffer;
			if (bytes.length <= 4) value = Buffer.concat([bytes, Buffer.alloc(4 - bytes.length)]);
			else {
				value = u32(outOfLineAt);
				const padded = bytes.length % 2 === 1 ? Buffer.concat([bytes, Buffer.alloc(1)]) : bytes;
				outOfLine.push(padded);
				outOfLineAt += padded.length;
			}
			entries.push(Buffer.concat([u16(tag), u16(TYPE_CODES[field.type]), u32(count), value]));
		}
		entries.push(u32(0));
		put(Buffer.concat([...entries, ...outOfLine]));
		directories.push({ at: directoryAt, nextPointerAt: directoryAt + entriesBytes - 4 });
	}
	const data = Buffer.concat(chunks);
	const link = (at: number, value: number) =>
		little ? data.writeUInt32LE(value, at) : data.writeUInt32BE(value, at);
	link(4, directories[0]?.at ?? 0);
	directories.forEach((directory, index) =>
		link(directory.nextPointerAt, directories[index + 1]?.at ?? 0),
	);
	return { data, directories };
}

/** Text-like ink: a border, lines of "letters" (blocks with counters), a long bar and diagonal strokes. */
export function inkAt(x: number, y: number, width: number, height: number): boolean {
	if (x < 3 || y < 3 || x >= width - 3 || y >= height - 3) return true;
	if (y >= 20 && y < 26 && x >= 40 && x < Math.min(width - 40, 700)) return true;
	const line = Math.floor(y / 24);
	const inLine = y % 24;
	if (inLine >= 4 && inLine < 18 && x >= 20 && x < width - 20) {
		const glyph = Math.floor((x - 20) / 11);
		const inGlyph = (x - 20) % 11;
		if (inGlyph >= 8 || (glyph * 7 + line * 3) % 9 === 0) return false;
		const kind = (glyph * 13 + line * 5) % 4;
		if (kind === 0) return inGlyph < 2 || inLine < 6 || inLine >= 16;
		if (kind === 1) return (inGlyph + inLine) % 5 < 2;
		if (kind === 2) return inGlyph === 3 || inGlyph === 4 || inLine === 10;
		return inGlyph < 2 || inGlyph > 5 ? inLine > 8 : inLine % 4 === 0;
	}
	return (x + 2 * y) % 211 < 2;
}

/** Packs ink into 1-bit rows: ink is 1 in WhiteIsZero, 0 in BlackIsZero. */
export function packBilevel(
	width: number,
	height: number,
	photometric: 'whiteIsZero' | 'blackIsZero',
): Buffer {
	const rowBytes = Math.ceil(width / 8);
	const data = Buffer.alloc(rowBytes * height);
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			if (inkAt(x, y, width, height) === (photometric === 'whiteIsZero'))
				data[y * rowBytes + (x >> 3)] |= 0x80 >> (x & 7);
		}
	}
	return data;
}

/** The grey value pdftoppm should show for each pixel of a bilevel page: 0 for ink, 255 for paper. */
export function bilevelGrey(width: number, height: number): Uint8Array {
	const grey = new Uint8Array(width * height);
	for (let y = 0; y < height; y++)
		for (let x = 0; x < width; x++) grey[y * width + x] = inkAt(x, y, width, height) ? 0 : 255;
	return grey;
}

/** 8-bit samples for colour pages: gradients and a few hard edges, each channel different. */
export function sampleAt(x: number, y: number, channel: number): number {
	if (x >= 10 && x < 30 && y >= 10 && y < 30) return channel === 1 ? 255 : 0;
	return (x * (3 + channel * 2) + y * (5 + channel) + channel * 60) & 255;
}

/** One bilevel page as an uncompressed fixture, with its resolution and strips of `rowsPerStrip` rows. */
export function bilevelPage(options: {
	width: number;
	height: number;
	photometric: 'whiteIsZero' | 'blackIsZero';
	dpi?: [number, number];
	rowsPerStrip?: number;
}): FixturePage {
	const { width, height } = options;
	const rows = packBilevel(width, height, options.photometric);
	const rowsPerStrip = options.rowsPerStrip ?? height;
	const rowBytes = Math.ceil(width / 8);
	const parts: Uint8Array[] = [];
	for (let y = 0; y < height; y += rowsPerStrip)
		parts.push(rows.subarray(y * rowBytes, Math.min(height, y + rowsPerStrip) * rowBytes));
	const fields: Record<number, Field> = {
		[TAG.ImageWidth]: long(width),
		[TAG.ImageLength]: long(height),
		[TAG.BitsPerSample]: short(1),
		[TAG.Compression]: short(1),
		[TAG.PhotometricInterpretation]: short(options.photometric === 'whiteIsZero' ? 0 : 1),
		[TAG.SamplesPerPixel]: short(1),
		[TAG.RowsPerStrip]: long(rowsPerStrip),
	};
	if (options.dpi !== undefined) {
		fields[TAG.XResolution] = rational(options.dpi[0]);
		fields[TAG.YResolution] = rational(options.dpi[1]);
		fields[TAG.ResolutionUnit] = short(2);
	}
	return { fields, parts };
}

/**
 * Chunky 8-bit (or 16-bit, each sample's value repeated in both bytes) pages: `samples` channels from
 * sampleAt, photometric as given, extra tags added by the test.
 */
export function samplePage(options: {
	width: number;
	height: number;
	samples: number;
	photometric: number;
	bits?: 8 | 16;
	bigEndian?: boolean;
	extra?: Record<number, Field>;
	value?: (x: number, y: number, channel: number) => number;
}): FixturePage {
	const { width, height, samples } = options;
	const bits = options.bits ?? 8;
	const value = options.value ?? sampleAt;
	const data = Buffer.alloc(width * height * samples * (bits / 8));
	let at = 0;
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			for (let channel = 0; channel < samples; channel++) {
				const sample = value(x, y, channel);
				data[at++] = sample;
				// 16 bits: high byte = the 8-bit value, low byte differs so that keeping the wrong byte shows.
				if (bits === 16) data[at++] = 255 - sample;
			}
		}
	}
	if (bits === 16 && !options.bigEndian)
		for (let index = 0; index < data.length; index += 2)
			data.writeUInt16LE(data.readUInt16BE(index), index);
	return {
		fields: {
			[TAG.ImageWidth]: long(width),
			[TAG.ImageLength]: long(height),
			[TAG.BitsPerSample]: short(...Array.from({ length: samples }, () => bits)),
			[TAG.Compression]: short(1),
			[TAG.PhotometricInterpretation]: short(options.photometric),
			[TAG.SamplesPerPixel]: short(samples),
			[TAG.RowsPerStrip]: long(height),
			[TAG.XResolution]: rational(100),
			[TAG.YResolution]: rational(100),
			[TAG.ResolutionUnit]: short(2),
			...options.extra,
		},
		parts: [data],
	};
}

/**
 * Modified Huffman (TIFF compression 2) from Group 3 1-D data without fill bits: each row's codes sit
 * between two EOLs (eleven 0 bits and a 1, which no run of codes contains), so each row is cut out and
 * padded to a byte boundary, as Modified Huffman has it.
 */
export function modifiedHuffmanFromG3(g3: Uint8Array): Buffer {
	const bits: number[] = [];
	for (const byte of g3) for (let bit = 7; bit >= 0; bit--) bits.push((byte >> bit) & 1);
	const eolEnds: number[] = [];
	let zeros = 0;
	bits.forEach((bit, index) => {
		if (bit === 1 && zeros >= 11) eolEnds.push(index + 1);
		zeros = bit === 0 ? zeros + 1 : 0;
	});
	const out: number[] = [];
	eolEnds.forEach((start, index) => {
		// Without fill bits a row's codes end right where the next EOL's twelve bits begin.
		const end = index + 1 < eolEnds.length ? eolEnds[index + 1] - 12 : bits.length;
		if (end <= start) return; // the six EOLs of the closing RTC
		const row = bits.slice(start, end);
		while (row.length % 8 !== 0) row.push(0);
		out.push(...row);
	});
	const bytes = Buffer.alloc(out.length / 8);
	out.forEach((bit, index) => {
		if (bit === 1) bytes[index >> 3] |= 0x80 >> (index & 7);
	});
	return bytes;
}
