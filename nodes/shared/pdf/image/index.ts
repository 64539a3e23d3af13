/**
 * image/ — images as fax pages: what the rest of the PDF library may use of this folder. Each format
 * module (jpeg, png/, gif, bmp) turns a file into one image XObject (types.ts); `imageXObject` picks
 * the module by the file's first bytes, `imageToPdf` makes the one-page PDF and `imageToDocument` the
 * same page as a document to join, without the file (page.ts, placement.ts).
 */

import { DocumentError } from '../errors';
import { fileTypeOf } from '../fileType';
import type { PageSize } from '../letter/layout';
import type { PdfDocument } from '../read/document';
import { bmpImage } from './bmp';
import { gifImage } from './gif';
import { jpegImage } from './jpeg';
import { imagePageDocument, imagePagePdf } from './page';
import { pngImage } from './png';
import type { ImageXObject } from './types';

export { DEFAULT_IMAGE_DPI, IMAGE_MARGIN } from './placement';
export type { ImageXObject } from './types';

/**
 * The image XObject of a JPEG, PNG, GIF or BMP file. Throws DocumentError: 'notPdf' for any other
 * file, and what its format module throws ('damaged', 'unsupported', 'tooLarge').
 */
export function imageXObject(data: Uint8Array): ImageXObject {
	switch (fileTypeOf(data)?.kind) {
		case 'jpeg':
			return jpegImage(data);
		case 'png':
			return pngImage(data);
		case 'gif':
			return gifImage(data);
		case 'bmp':
			return bmpImage(data);
		default:
			throw new DocumentError('notPdf', 'the file is not a JPEG, PNG, GIF or BMP image');
	}
}

/** The image as a one-page PDF of `pageSize` (Letter or A4). Throws DocumentError as imageXObject does. */
export function imageToPdf(data: Uint8Array, pageSize: PageSize): Buffer {
	return imagePagePdf(imageXObject(data), pageSize);
}

/** The image's one-page PDF as read/document.ts reads it, the file never written. Throws as imageXObject does. */
export function imageToDocument(data: Uint8Array, pageSize: PageSize): PdfDocument {
	return imagePageDocument(imageXObject(data), pageSize);
}
