/** What a file is, by its first bytes: the one rule (shared/pdf/fileType.ts) the node's checks and the PDF reader share. */
import {
	FILE_TYPE_HEAD_BYTES,
	fileTypeOf,
	PDF_HEADER_WINDOW,
	refusedImageFormat,
} from '../../nodes/shared/pdf';
import { kindsInWords } from '../../nodes/shared/validation';

const pdfAfter = (leading: number) =>
	Buffer.concat([Buffer.alloc(leading, 0x20), Buffer.from('%PDF-1.7\n', 'latin1')]);

describe('fileTypeOf', () => {
	test('a PDF whose header starts anywhere in the first 1,024 bytes, and where it starts', () => {
		expect(PDF_HEADER_WINDOW).toBe(1024);
		for (const leading of [0, 1, 100, 1024])
			expect(fileTypeOf(pdfAfter(leading))).toEqual({
				kind: 'pdf',
				headerOffset: leading,
				bigTiff: false,
			});
	});

	test('a header after the window is not a PDF; the head it needs covers the window and the header', () => {
		expect(fileTypeOf(pdfAfter(1025))).toBeUndefined();
		expect(FILE_TYPE_HEAD_BYTES).toBeGreaterThanOrEqual(PDF_HEADER_WINDOW + '%PDF-'.length);
		expect(fileTypeOf(pdfAfter(1024).subarray(0, FILE_TYPE_HEAD_BYTES))).toMatchObject({
			kind: 'pdf',
		});
	});

	test('classic TIFF in both byte orders, BigTIFF flagged; a TIFF is told by its first four bytes only', () => {
		expect(fileTypeOf(Buffer.from('II*\0', 'latin1'))).toEqual({
			kind: 'tiff',
			headerOffset: 0,
			bigTiff: false,
		});
		expect(fileTypeOf(Buffer.from('MM\0*', 'latin1'))).toEqual({
			kind: 'tiff',
			headerOffset: 0,
			bigTiff: false,
		});
		expect(fileTypeOf(Buffer.from('MM\0+', 'latin1'))).toEqual({
			kind: 'tiff',
			headerOffset: 0,
			bigTiff: true,
		});
		expect(fileTypeOf(Buffer.from('IM*\0', 'latin1'))).toBeUndefined();
	});

	test('neither: text, nothing', () => {
		expect(fileTypeOf(Buffer.from('Patient notes, not a document'))).toBeUndefined();
		expect(fileTypeOf(new Uint8Array(0))).toBeUndefined();
	});
});

const image = (kind: string) => ({ kind, headerOffset: 0, bigTiff: false });
/** "BM", sizes and offsets, then the information header's size (40: BITMAPINFOHEADER). */
const bmpHead = (infoSize: number) => {
	const head = Buffer.alloc(30);
	head.write('BM', 0, 'latin1');
	head.writeUInt32LE(54, 10);
	head.writeUInt32LE(infoSize, 14);
	return head;
};
/** An ISO base media file's leading ftyp box: major brand, version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
	const box = Buffer.alloc(16 + 4 * compatible.length);
	box.writeUInt32BE(box.length, 0);
	box.write(`ftyp${major}`, 4, 'latin1');
	compatible.forEach((brand, index) => box.write(brand, 16 + 4 * index, 'latin1'));
	return Buffer.concat([box, Buffer.alloc(8)]);
};

describe('images by their signatures', () => {
	test('JPEG (SOI and a marker), PNG, GIF87a and GIF89a, BMP with a known information header', () => {
		expect(fileTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toEqual(image('jpeg'));
		expect(fileTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe1]))).toEqual(image('jpeg'));
		expect(
			fileTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
		).toEqual(image('png'));
		expect(fileTypeOf(Buffer.from('GIF87a\x01\0', 'latin1'))).toEqual(image('gif'));
		expect(fileTypeOf(Buffer.from('GIF89a\x01\0', 'latin1'))).toEqual(image('gif'));
		for (const size of [12, 40, 56, 108, 124])
			expect(fileTypeOf(bmpHead(size))).toEqual(image('bmp'));
	});

	test('near misses are not images: a PNG signature cut short, GIF90a, text that starts "BM", a lone SOI', () => {
		expect(fileTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a]))).toBeUndefined();
		expect(fileTypeOf(Buffer.from('GIF90a', 'latin1'))).toBeUndefined();
		expect(
			fileTypeOf(Buffer.from('BMI report for the patient, 2026-11-28', 'latin1')),
		).toBeUndefined();
		expect(fileTypeOf(bmpHead(41))).toBeUndefined();
		expect(fileTypeOf(Buffer.from([0xff, 0xd8, 0x00]))).toBeUndefined();
	});

	test('a file that starts as an image is the image, whatever %PDF- its first kilobyte holds; a PDF keeps its header window', () => {
		const jpegWithText = Buffer.concat([
			Buffer.from([0xff, 0xd8, 0xff, 0xfe, 0, 8]),
			Buffer.from('%PDF-1.7', 'latin1'),
		]);
		expect(fileTypeOf(jpegWithText)).toEqual(image('jpeg'));
		expect(fileTypeOf(pdfAfter(1024))).toMatchObject({ kind: 'pdf', headerOffset: 1024 });
	});
});

describe('images refused by name', () => {
	test.each([
		['an iPhone photo (heic, mif1 compatible)', ftyp('heic', 'mif1', 'heic'), 'HEIC'],
		['a HEIF with the generic brand', ftyp('mif1', 'heic'), 'HEIC'],
		['a burst (msf1, hevc)', ftyp('msf1', 'hevc'), 'HEIC'],
		['heix', ftyp('heix'), 'HEIC'],
		['an AVIF', ftyp('avif', 'mif1', 'miaf'), 'AVIF'],
		['an AVIF under the generic brand', ftyp('mif1', 'avif', 'miaf'), 'AVIF'],
		['an AVIF sequence', ftyp('avis', 'msf1'), 'AVIF'],
		['a WebP', Buffer.from('RIFF\x24\0\0\0WEBPVP8 ', 'latin1'), 'WebP'],
	])('%s', (_name, head, format) => {
		expect(refusedImageFormat(head)).toBe(format);
		expect(fileTypeOf(head)).toBeUndefined();
	});

	test('other ISO and RIFF files are not: an MP4 video, a WAV sound, text', () => {
		expect(refusedImageFormat(ftyp('isom', 'iso2', 'mp41'))).toBeUndefined();
		expect(refusedImageFormat(Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1'))).toBeUndefined();
		expect(refusedImageFormat(Buffer.from('Patient notes, not a document'))).toBeUndefined();
		expect(refusedImageFormat(new Uint8Array(0))).toBeUndefined();
	});
});

describe('what a field takes, in words (its refusal says it)', () => {
	test('documents, then images named after them', () => {
		expect(kindsInWords(['pdf'])).toBe('PDF file');
		expect(kindsInWords(['pdf', 'tiff'])).toBe('PDF or TIFF file');
		expect(kindsInWords(['pdf', 'jpeg', 'png', 'gif', 'bmp'])).toBe(
			'PDF or image file (JPEG, PNG, GIF or BMP)',
		);
		expect(kindsInWords(['pdf', 'tiff', 'jpeg', 'png', 'gif', 'bmp'])).toBe(
			'PDF, TIFF or image file (JPEG, PNG, GIF or BMP)',
		);
	});
});
