/**
 * What a file is, by its first bytes: the one rule the node (which files it takes, before any request)
 * and the PDF library (how it opens them) share. A file's name or mime type can lie; its bytes cannot.
 * Also the image formats recognised only to be refused by name (HEIC, WebP, AVIF), so a refusal can
 * say what the file is and what to do, rather than "not a document".
 */

/** The images a fax page is made of (image/): each becomes one page. */
export type ImageKind = 'jpeg' | 'png' | 'gif' | 'bmp';

export type FileKind = 'pdf' | 'tiff' | ImageKind;

export const IMAGE_KINDS: readonly ImageKind[] = ['jpeg', 'png', 'gif', 'bmp'];

/** Image formats this package does not convert, as their refusals name them. */
export type RefusedImageFormat = 'HEIC' | 'WebP' | 'AVIF';

/**
 * How far into a file a PDF's `%PDF-` header may start: PDF readers take bytes before it (a mail or
 * transfer header left in front), up to 1,024 of them (the limit Acrobat and poppler keep).
 */
export const PDF_HEADER_WINDOW = 1024;

/** The leading bytes fileTypeOf needs to see: the header window, then `%PDF-` and its version. */
export const FILE_TYPE_HEAD_BYTES = PDF_HEADER_WINDOW + 8;

export interface FileType {
	kind: FileKind;
	/** Where a PDF's header starts (0 for the others): a PDF with bytes before it goes out as a copy that starts with it. */
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

const latin1 = (data: Uint8Array, start: number, end: number): string =>
	Buffer.from(data.buffer, data.byteOffset, data.byteLength)
		.subarray(start, Math.min(end, data.length))
		.toString('latin1');

const startsWith = (data: Uint8Array, bytes: readonly number[]): boolean =>
	data.length >= bytes.length && bytes.every((byte, index) => data[index] === byte);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** SOI and the 0xFF of the first marker: every JPEG (JFIF, EXIF, Adobe, raw) starts so. */
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
/** BITMAPINFOHEADER and its kin (OS/2 1.x 12, OS/2 2.x 16/64, V2 52, V3 56, V4 108, V5 124): "BM" alone is too weak a sign. */
const BMP_INFO_HEADER_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

/** The image kind its signature at the start names, or undefined. */
function imageKind(data: Uint8Array): ImageKind | undefined {
	if (startsWith(data, JPEG_SIGNATURE)) return 'jpeg';
	if (startsWith(data, PNG_SIGNATURE)) return 'png';
	const six = latin1(data, 0, 6);
	if (six === 'GIF87a' || six === 'GIF89a') return 'gif';
	if (six.startsWith('BM') && data.length >= 18) {
		const infoSize = data[14] | (data[15] << 8) | (data[16] << 16) | (data[17] << 24);
		if (BMP_INFO_HEADER_SIZES.has(infoSize)) return 'bmp';
	}
	return undefined;
}

/** Where `%PDF-` starts within the header window, or undefined. */
export function pdfHeaderOffset(data: Uint8Array): number | undefined {
	const window = latin1(data, 0, PDF_HEADER_WINDOW + 5);
	const at = window.indexOf('%PDF-');
	return at < 0 ? undefined : at;
}

/**
 * The file's type from its first bytes (at least FILE_TYPE_HEAD_BYTES of them, or the whole file), or
 * undefined. An image's signature is read at the start only and before the PDF header window: a file
 * that starts as an image is that image (the bytes a PDF may have before its header are a mail or
 * transfer header, text).
 */
export function fileTypeOf(head: Uint8Array): FileType | undefined {
	const magic = tiffMagic(head);
	if (magic === TIFF_CLASSIC || magic === TIFF_BIG)
		return { kind: 'tiff', headerOffset: 0, bigTiff: magic === TIFF_BIG };
	const image = imageKind(head);
	if (image !== undefined) return { kind: image, headerOffset: 0, bigTiff: false };
	const headerOffset = pdfHeaderOffset(head);
	return headerOffset === undefined ? undefined : { kind: 'pdf', headerOffset, bigTiff: false };
}

export function isImageKind(kind: FileKind): kind is ImageKind {
	return (IMAGE_KINDS as readonly FileKind[]).includes(kind);
}

/** HEIF brands (ISO/IEC 23008-12): HEVC-coded images and sequences, and the generic image brands. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * The brands of an ISO base media file's leading `ftyp` box (ISO/IEC 14496-12 4.3): its major brand
 * and the compatible ones that the head holds; undefined when the file does not start with one.
 */
function ftypBrands(data: Uint8Array): string[] | undefined {
	if (data.length < 16 || latin1(data, 4, 8) !== 'ftyp') return undefined;
	const boxSize = ((data[0] << 24) | (data[1] << 16) | (data[2] << 8) | data[3]) >>> 0;
	const end = Math.min(boxSize, data.length);
	const brands = [latin1(data, 8, 12)];
	for (let at = 16; at + 4 <= end; at += 4) brands.push(latin1(data, at, at + 4));
	return brands;
}

/**
 * HEIC (the iPhone's photo format; HEIF), WebP or AVIF, told by their first bytes, or undefined. AVIF
 * is HEIF too (its generic brand mif1 is shared): any AVIF brand makes the file an AVIF.
 */
export function refusedImageFormat(head: Uint8Array): RefusedImageFormat | undefined {
	if (latin1(head, 0, 4) === 'RIFF' && latin1(head, 8, 12) === 'WEBP') return 'WebP';
	const brands = ftypBrands(head);
	if (brands === undefined) return undefined;
	if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'AVIF';
	if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'HEIC';
	return undefined;
}
