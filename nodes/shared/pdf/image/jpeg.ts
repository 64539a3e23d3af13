/**
 * A JPEG file as an image XObject, its pixels never decoded: the marker segments are walked from the
 * start-of-image to the end-of-image marker and the file goes into a DCTDecode stream with its
 * entropy-coded scans byte for byte as they were (no quality lost, no time spent decoding, no memory
 * but the file's). Read on the way: the frame header (size, components, precision, coding process),
 * the JFIF and EXIF resolution, the EXIF orientation and Adobe's APP14 marker.
 *
 * Metadata a PDF reader does not use is left out of the stream (see `kept`): a phone photo's EXIF holds
 * where it was taken and the camera's serial number, XMP and IPTC may hold names and captions, and a
 * comment any text; none of it belongs in a fax of a patient's document. So do bytes after the
 * end-of-image marker (a phone's motion-photo video, a second picture).
 */

import { DocumentError } from '../errors';
import { readExif, type ExifFacts } from './exif';
import { checkImageSize } from './limits';
import type { ImageXObject } from './types';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;

/** Frame (SOFn) markers this package embeds: baseline, extended sequential and progressive Huffman. */
const EMBEDDED_FRAMES = new Set([0xc0, 0xc1, 0xc2]);

/** The other SOFn markers, named as a refusal says them. */
const REFUSED_FRAMES = new Map<number, string>([
	[0xc3, 'a lossless JPEG'],
	[0xc5, 'a hierarchical (differential) JPEG'],
	[0xc6, 'a hierarchical (differential) JPEG'],
	[0xc7, 'a hierarchical (differential) JPEG'],
	[0xc9, 'an arithmetic-coded JPEG'],
	[0xca, 'an arithmetic-coded JPEG'],
	[0xcb, 'an arithmetic-coded JPEG'],
	[0xcd, 'an arithmetic-coded JPEG'],
	[0xce, 'an arithmetic-coded JPEG'],
	[0xcf, 'an arithmetic-coded JPEG'],
]);

const COLOUR_SPACES: Record<number, string> = { 1: 'DeviceGray', 3: 'DeviceRGB', 4: 'DeviceCMYK' };

/** One marker segment: the marker byte, where its 0xFF starts and where its length-counted payload ends. */
interface Segment {
	marker: number;
	start: number;
	payload: number;
	end: number;
}

interface Frame {
	width: number;
	height: number;
	components: number;
}

const damaged = (what: string) => new DocumentError('damaged', `the JPEG ${what}`);
const TRUNCATED_HEADERS = 'ends inside its headers (the file is cut short)';
const TRUNCATED_SCAN = 'is cut short: its image data ends without the end-of-image marker';

/** The file's bytes as a Buffer without copying them (Buffer's indexOf is the fast one). */
function asBuffer(data: Uint8Array): Buffer {
	return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/** The marker segment at `at` (fill bytes 0xFF before a marker are allowed, as T.81 B.1.1.2 has it). */
function segmentAt(data: Buffer, at: number, truncated: string): Segment {
	if (at >= data.length) throw damaged(truncated);
	if (data[at] !== 0xff)
		throw damaged('has broken headers: a segment does not start with a marker');
	let index = at + 1;
	while (index < data.length && data[index] === 0xff) index++;
	if (index >= data.length) throw damaged(truncated);
	const marker = data[index];
	if (marker === 0) throw damaged('has broken headers: a segment does not start with a marker');
	const standalone =
		marker === SOI || marker === EOI || marker === 0x01 || (marker & 0xf8) === 0xd0;
	if (standalone) return { marker, start: at, payload: index + 1, end: index + 1 };
	if (index + 3 > data.length) throw damaged(truncated);
	const length = data.readUInt16BE(index + 1);
	if (length < 2) throw damaged('has broken headers: a segment is shorter than its length field');
	const end = index + 1 + length;
	if (end > data.length) throw damaged(truncated);
	return { marker, start: at, payload: index + 3, end };
}

/**
 * Where a scan's entropy-coded data ends: at the first 0xFF that is not a stuffed 0xFF00 or a restart
 * marker (RST0-7), i.e. at the next marker. Only the bytes are looked at, nothing is decoded.
 */
function entropyEnd(data: Buffer, from: number): number {
	let at = from;
	for (;;) {
		at = data.indexOf(0xff, at);
		if (at < 0 || at + 1 >= data.length) throw damaged(TRUNCATED_SCAN);
		const next = data[at + 1];
		if (next === 0 || (next & 0xf8) === 0xd0) at += 2;
		else if (next === 0xff) at += 1;
		else return at;
	}
}

function readFrame(data: Buffer, segment: Segment): Frame {
	const refused = REFUSED_FRAMES.get(segment.marker);
	if (refused !== undefined) throw unsupported(refused);
	const { payload, end } = segment;
	if (end - payload < 6) throw damaged('has a frame header too short for its fields');
	const precision = data[payload];
	const height = data.readUInt16BE(payload + 1);
	const width = data.readUInt16BE(payload + 3);
	const components = data[payload + 5];
	if (precision === 12) throw unsupported('a 12-bit JPEG');
	if (precision !== 8) throw damaged('has a frame header with an invalid sample precision');
	if (end - payload !== 6 + 3 * components)
		throw damaged('has a frame header whose length does not match its components');
	if (COLOUR_SPACES[components] === undefined)
		throw unsupported('a JPEG with other than 1, 3 or 4 colour components');
	for (let index = 0; index < components; index++) {
		const sampling = data[payload + 6 + index * 3 + 1];
		const horizontal = sampling >> 4;
		const vertical = sampling & 15;
		if (horizontal < 1 || horizontal > 4 || vertical < 1 || vertical > 4)
			throw damaged('has a frame header with an invalid sampling factor');
	}
	if (width === 0) throw damaged('has a frame header with no width');
	if (height === 0) throw unsupported('a JPEG whose height follows its image data (a DNL marker)');
	checkImageSize('JPEG', width, height);
	return { width, height, components };
}

function unsupported(what: string): DocumentError {
	return new DocumentError(
		'unsupported',
		`the image is ${what}, which this package does not convert; save it as an ordinary (baseline or progressive) JPEG, or as PNG`,
	);
}

/** Whether the payload starts with these ASCII bytes (an APPn segment's identifier). */
function startsWith(data: Buffer, segment: Segment, identifier: string): boolean {
	return (
		segment.end - segment.payload >= identifier.length &&
		data.toString('latin1', segment.payload, segment.payload + identifier.length) === identifier
	);
}

/** JFIF's density as dots per inch (units 1 dots per inch, 2 per centimetre; 0 states only the aspect ratio). */
function jfifResolution(data: Buffer, segment: Segment): ImageXObject['resolution'] {
	if (segment.end - segment.payload < 14) return undefined;
	const units = data[segment.payload + 7];
	const x = data.readUInt16BE(segment.payload + 8);
	const y = data.readUInt16BE(segment.payload + 10);
	if (x === 0 || y === 0 || (units !== 1 && units !== 2)) return undefined;
	const factor = units === 2 ? 2.54 : 1;
	return { x: x * factor, y: y * factor };
}

/**
 * Whether a segment goes into the PDF. Kept: every table, frame and scan segment, JFIF's APP0 and
 * Adobe's APP14 (decoders read the colour transform from them). Left out: the other APPn segments
 * (EXIF, XMP, ICC profiles, IPTC, thumbnails) and comments, which DCTDecode ignores.
 */
function kept(data: Buffer, segment: Segment): boolean {
	const { marker } = segment;
	if (marker === APP0) return startsWith(data, segment, 'JFIF\0');
	if (marker === APP14) return startsWith(data, segment, 'Adobe');
	return !(marker > APP0 && marker <= APP15) && marker !== COM;
}

/**
 * The image XObject of a JPEG file. Throws DocumentError: 'damaged' naming what is wrong (not a JPEG,
 * cut short, broken headers), 'unsupported' naming the kind (12-bit, lossless, arithmetic-coded,
 * hierarchical, 2 components, height in a DNL marker), 'tooLarge' past the image limits. Messages
 * never quote the file's data.
 */
export function jpegImage(file: Uint8Array): ImageXObject {
	const data = asBuffer(file);
	if (data.length < 2 || data[0] !== 0xff || data[1] !== SOI)
		throw damaged('does not start with the start-of-image marker');
	const ranges: Array<[number, number]> = [];
	const keep = (start: number, end: number) => {
		const last = ranges[ranges.length - 1];
		if (last !== undefined && last[1] === start) last[1] = end;
		else ranges.push([start, end]);
	};
	keep(0, 2);

	let frame: Frame | undefined;
	let adobe = false;
	let jfif: ImageXObject['resolution'];
	let exif: ExifFacts = {};
	let scans = 0;
	let at = 2;
	for (;;) {
		const segment = segmentAt(data, at, scans === 0 ? TRUNCATED_HEADERS : TRUNCATED_SCAN);
		const { marker } = segment;
		if (marker === EOI) {
			if (scans === 0 || frame === undefined) throw damaged('ends before its image data');
			keep(segment.start, segment.end);
			return imageXObject(data, ranges, frame, {
				resolution: jfif ?? exif.resolution,
				orientation: exif.orientation ?? 1,
				adobe,
			});
		}
		if (marker === SOI) throw damaged('has broken headers: a second start-of-image marker');
		if (marker === SOS) {
			if (frame === undefined) throw damaged('has image data before its frame header');
			at = entropyEnd(data, segment.end);
			keep(segment.start, at);
			scans++;
			continue;
		}
		if (EMBEDDED_FRAMES.has(marker) || REFUSED_FRAMES.has(marker)) {
			if (frame !== undefined) throw damaged('has broken headers: a second frame header');
			frame = readFrame(data, segment);
		} else if (marker === APP0 && jfif === undefined && startsWith(data, segment, 'JFIF\0')) {
			jfif = jfifResolution(data, segment);
		} else if (marker === APP14 && startsWith(data, segment, 'Adobe')) {
			adobe = true;
		} else if (marker === APP0 + 1 && scans === 0 && startsWith(data, segment, 'Exif\0\0')) {
			exif = readExif(data.subarray(segment.payload + 6, segment.end));
		}
		if (kept(data, segment)) keep(segment.start, segment.end);
		at = segment.end;
	}
}

/**
 * The XObject: the kept ranges of the file as views of it (the file itself when nothing was left out),
 * joined only where the output file is written: no copy of the photo in between.
 */
function imageXObject(
	data: Buffer,
	ranges: ReadonlyArray<[number, number]>,
	frame: Frame,
	facts: Pick<ImageXObject, 'resolution' | 'orientation'> & { adobe: boolean },
): ImageXObject {
	const { width, height, components } = frame;
	// Photoshop (and libjpeg after it) writes CMYK and YCCK inverted, announced by the APP14 marker.
	const decode = components === 4 && facts.adobe ? ' /Decode [1 0 1 0 1 0 1 0]' : '';
	const whole = ranges.length === 1 && ranges[0][0] === 0 && ranges[0][1] === data.length;
	return {
		width,
		height,
		resolution: facts.resolution,
		orientation: facts.orientation,
		dictionaryEntries: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /${COLOUR_SPACES[components]} /BitsPerComponent 8 /Filter /DCTDecode${decode}`,
		data: whole ? data : ranges.map(([start, end]) => data.subarray(start, end)),
	};
}
