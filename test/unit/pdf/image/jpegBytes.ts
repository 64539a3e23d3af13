/**
 * Hand-made JPEG files for the pure suites: marker segments byte by byte (ITU T.81 Annex B), so a test
 * can state any frame header, metadata block or broken structure that no encoder writes.
 */

export const SOI = Buffer.from([0xff, 0xd8]);
export const EOI = Buffer.from([0xff, 0xd9]);

/** A marker segment: 0xFF, the marker, the length (payload + 2) and the payload. */
export function segment(marker: number, payload: ArrayLike<number> | string): Buffer {
	const body =
		typeof payload === 'string' ? Buffer.from(payload, 'latin1') : Buffer.from(payload as number[]);
	const head = Buffer.from([0xff, marker, 0, 0]);
	head.writeUInt16BE(body.length + 2, 2);
	return Buffer.concat([head, body]);
}

/** A frame header (SOFn): precision, height, width and `components` components of one sampling factor. */
export function frame(
	options: {
		marker?: number;
		precision?: number;
		width?: number;
		height?: number;
		components?: number;
		sampling?: number;
	} = {},
): Buffer {
	const { marker = 0xc0, precision = 8, width = 16, height = 8, components = 3 } = options;
	const payload = [precision, height >> 8, height & 255, width >> 8, width & 255, components];
	for (let index = 0; index < components; index++)
		payload.push(index + 1, index === 0 ? (options.sampling ?? 0x22) : 0x11, 0);
	return segment(marker, payload);
}

/** A quantisation table (all ones) and a Huffman table: the tables a file has before its scan. */
export const TABLES = Buffer.concat([
	segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
	segment(0xc4, [0x00, 0, 1, ...new Array<number>(14).fill(0), 0]),
]);

/**
 * A scan: its header and entropy-coded bytes holding what must not end it (a stuffed 0xFF00, a restart
 * marker, fill bytes 0xFF before the next marker).
 */
export const SCAN = Buffer.concat([
	segment(0xda, [1, 1, 0x00, 0, 63, 0]),
	Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0x78]),
]);

/** JFIF's APP0: version 1.02, density units (0 aspect only, 1 per inch, 2 per centimetre) and densities. */
export function jfif(units: number, x: number, y: number): Buffer {
	return segment(0xe0, [
		...Buffer.from('JFIF\0', 'latin1'),
		1,
		2,
		units,
		x >> 8,
		x & 255,
		y >> 8,
		y & 255,
		0,
		0,
	]);
}

/** Adobe's APP14: DCTEncode version 100, no flags, the colour transform (0 none, 1 YCbCr, 2 YCCK). */
export function adobe(transform: number): Buffer {
	return segment(0xee, [...Buffer.from('Adobe', 'latin1'), 0, 100, 0, 0, 0, 0, transform]);
}

export interface ExifFields {
	orientation?: number;
	/** Numerator and denominator of XResolution and YResolution. */
	x?: [number, number];
	y?: [number, number];
	unit?: number;
	/** Bytes after IFD0 (e.g. a thumbnail that holds JPEG markers). */
	tail?: Buffer;
}

/** The TIFF structure of an EXIF block (IFD0 only), in either byte order. */
export function exifTiff(little: boolean, fields: ExifFields): Buffer {
	const entries: Array<[number, number, number | [number, number]]> = [];
	if (fields.x !== undefined) entries.push([0x011a, 5, fields.x]);
	if (fields.y !== undefined) entries.push([0x011b, 5, fields.y]);
	if (fields.orientation !== undefined) entries.push([0x0112, 3, fields.orientation]);
	if (fields.unit !== undefined) entries.push([0x0128, 3, fields.unit]);
	entries.sort((a, b) => a[0] - b[0]);
	const rationalsAt = 8 + 2 + entries.length * 12 + 4;
	const out = Buffer.alloc(rationalsAt + entries.length * 8);
	const u16 = (value: number, at: number) =>
		little ? out.writeUInt16LE(value, at) : out.writeUInt16BE(value, at);
	const u32 = (value: number, at: number) =>
		little ? out.writeUInt32LE(value, at) : out.writeUInt32BE(value, at);
	out.write(little ? 'II' : 'MM', 0, 'latin1');
	u16(42, 2);
	u32(8, 4);
	u16(entries.length, 8);
	entries.forEach(([tag, type, value], index) => {
		const at = 10 + index * 12;
		u16(tag, at);
		u16(type, at + 2);
		u32(1, at + 4);
		if (typeof value === 'number') u16(value, at + 8);
		else {
			const offset = rationalsAt + index * 8;
			u32(offset, at + 8);
			u32(value[0], offset);
			u32(value[1], offset + 4);
		}
	});
	return Buffer.concat([out, fields.tail ?? Buffer.alloc(0)]);
}

/** EXIF's APP1: "Exif\0\0" and the TIFF structure. */
export function exif(little: boolean, fields: ExifFields): Buffer {
	return segment(
		0xe1,
		Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifTiff(little, fields)]),
	);
}

/** A whole file: SOI, the segments given, the tables, a frame unless given, a scan and EOI. */
export function jpegFile(
	options: { before?: Buffer[]; frame?: Buffer; after?: Buffer[] } = {},
): Buffer {
	return Buffer.concat([
		SOI,
		...(options.before ?? []),
		TABLES,
		options.frame ?? frame(),
		SCAN,
		...(options.after ?? []),
		EOI,
	]);
}
