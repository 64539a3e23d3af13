/**
 * What a file is, by its first bytes: the one rule the node (which files it takes, before any request)
 * and the PDF library (how it opens them) share. A file's name or mime type can lie; its bytes cannot.
 */

export type FileKind = 'pdf' | 'tiff';

/**
 * How far into a file a PDF's `%PDF-` header may start: PDF readers take bytes before it (a mail or
 * transfer header left in front), up to 1,024 of them (the limit Acrobat and poppler keep).
 */
export const PDF_HEADER_WINDOW = 1024;

/** The leading bytes fileTypeOf needs to see: the header window, then `%PDF-` and its version. */
export const FILE_TYPE_HEAD_BYTES = PDF_HEADER_WINDOW + 8;

export interface FileType {
	kind: FileKind;
	/** Where a PDF's header starts (0 for a TIFF): a PDF with bytes before it goes out as a copy that starts with it. */
	headerOffset: number;
	/** A BigTIFF (TIFF magic number 43): refused by name, never called "not a document". */
	bigTiff: boolean;
}

const TIFF_CLASSIC = 42;
const TIFF_BIG = 43;

/** The TIFF magic number after a byte-order mark ("II" little-endian, "MM" big-endian), or undefined. */
function tiffMagic(data: Uint8Array): number | undefined {
	if (data.length < 4) return undefined;
	if (data[0] === 0x49 && data[1] === 0x49) return data[2] | (data[3] << 8);
	if (data[0] === 0x4d && data[1] === 0x4d) return (data[2] << 8) | data[3];
	return undefined;
}

/** Where `%PDF-` starts within the header window, or undefined. */
export function pdfHeaderOffset(data: Uint8Array): number | undefined {
	const window = Buffer.from(
		data.buffer,
		data.byteOffset,
		Math.min(data.length, PDF_HEADER_WINDOW + 5),
	).toString('latin1');
	const at = window.indexOf('%PDF-');
	return at < 0 ? undefined : at;
}

/** The file's type from its first bytes (at least FILE_TYPE_HEAD_BYTES of them, or the whole file), or undefined. */
export function fileTypeOf(head: Uint8Array): FileType | undefined {
	const magic = tiffMagic(head);
	if (magic === TIFF_CLASSIC || magic === TIFF_BIG)
		return { kind: 'tiff', headerOffset: 0, bigTiff: magic === TIFF_BIG };
	const headerOffset = pdfHeaderOffset(head);
	return headerOffset === undefined ? undefined : { kind: 'pdf', headerOffset, bigTiff: false };
}
