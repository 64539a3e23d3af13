/** What a file is, by its first bytes: the one rule (shared/pdf/fileType.ts) the node's checks and the PDF reader share. */
import { FILE_TYPE_HEAD_BYTES, fileTypeOf, PDF_HEADER_WINDOW } from '../../nodes/shared/pdf';

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

	test('neither: text, a PNG, nothing', () => {
		expect(fileTypeOf(Buffer.from('Patient notes, not a document'))).toBeUndefined();
		expect(
			fileTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
		).toBeUndefined();
		expect(fileTypeOf(new Uint8Array(0))).toBeUndefined();
	});
});
