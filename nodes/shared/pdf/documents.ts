/**
 * The documents of a fax as the operations see them: a PDF, a TIFF or an image opened for joining (a
 * TIFF's pages and an image's one page become a PDF first) and the size of its first page
 * (compose/join makes the one PDF they are joined into).
 */

import { DocumentError } from './errors';
import { fileTypeOf, isImageKind, refusedImageFormat } from './fileType';
import { imageToDocument } from './image';
import type { PageSize } from './letter/layout';
import { PAGE_SIZES } from './letter/layout';
import type { PdfDocument } from './read/document';
import { readPdf } from './read/document';
import type { PdfValue } from './read/objects';
import { tiffToPdf } from './tiff';

export type OpenedDocument = PdfDocument;

export interface OpenOptions {
	/** An image's page: Letter or A4 (Letter when not given). PDFs and TIFFs keep their own sizes. */
	pageSize?: PageSize;
}

/**
 * Opens a PDF; a TIFF as the PDF of its pages; a JPEG, PNG, GIF or BMP as a one-page PDF of
 * `pageSize`. Throws DocumentError for a file it cannot take (a HEIC, WebP or AVIF named as such).
 */
export function openDocument(data: Uint8Array, options: OpenOptions = {}): OpenedDocument {
	const kind = fileTypeOf(data)?.kind;
	if (kind === 'tiff') return readPdf(tiffToPdf(data).pdf);
	if (kind !== undefined && isImageKind(kind))
		return imageToDocument(data, options.pageSize ?? 'letter');
	const refused = kind === undefined ? refusedImageFormat(data) : undefined;
	if (refused !== undefined)
		throw new DocumentError(
			'imageFormat',
			`the file is ${refused === 'AVIF' ? 'an' : 'a'} ${refused} image, which this package does not convert`,
		);
	return readPdf(data);
}

function numbers(
	value: PdfValue | undefined,
	resolve: (value: PdfValue | undefined) => PdfValue | undefined,
): number[] | undefined {
	const resolved = resolve(value);
	if (!Array.isArray(resolved) || resolved.length !== 4) return undefined;
	const box = resolved.map((entry) => resolve(entry));
	return box.every((entry): entry is number => typeof entry === 'number') ? box : undefined;
}

/** The first page as printed, in points: its crop box (else media box), turned by /Rotate; undefined when unreadable. */
export function firstPageSize(
	document: OpenedDocument,
): { width: number; height: number } | undefined {
	const page = document.pages[0];
	if (page === undefined) return undefined;
	const attribute = (key: string) => page.dictionary.get(key) ?? page.inherited.get(key);
	const resolve = document.context.resolve;
	const box = numbers(attribute('CropBox'), resolve) ?? numbers(attribute('MediaBox'), resolve);
	if (box === undefined) return undefined;
	const width = Math.abs(box[2] - box[0]);
	const height = Math.abs(box[3] - box[1]);
	const rotate = resolve(attribute('Rotate'));
	return typeof rotate === 'number' && Math.abs(rotate) % 180 === 90
		? { width: height, height: width }
		: { width, height };
}

/** Letter or A4, whichever is nearer to the document's first page (Letter when it has none): the cover page's size. */
export function nearestPageSize(document: OpenedDocument | undefined): PageSize {
	const size = document === undefined ? undefined : firstPageSize(document);
	if (size === undefined) return 'letter';
	// Compared upright: a landscape page still takes an upright cover of its paper size.
	const [short, long] = [Math.min(size.width, size.height), Math.max(size.width, size.height)];
	const distance = (name: PageSize) =>
		Math.abs(PAGE_SIZES[name].width - short) + Math.abs(PAGE_SIZES[name].height - long);
	return distance('a4') < distance('letter') ? 'a4' : 'letter';
}
