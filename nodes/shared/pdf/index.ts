/**
 * pdf/ — layer 0. The package's PDF library, as the operations use it. Owns everything PDF: what a
 * file is (fileType: the one rule, for the node's checks and the reader alike), the letter writer
 * (letter/), the reader of PDFs from the field (read/, with the stream filters of filters/), TIFF
 * pages (tiff/), images as pages (image/), opening any of them (documents), the joiner (compose/),
 * the file writer (write/) and their errors. Imports nothing else of nodes/shared; any node or shared folder may import it,
 * through this file only.
 */

export { CHARACTER_RULE, DROPPED_CHARACTERS, TRANSLITERATIONS } from './letter/characterRule';
export { DEFAULT_CONFIDENTIALITY_NOTICE } from './letter/coverPage';
export type { CoverPage } from './letter/coverPage';
export { DocumentError, FontError, LetterError } from './errors';
export type { DocumentErrorReason, FontErrorReason, LetterErrorReason } from './errors';
export type { LetterFont } from './letter/faces';
export { textWidth } from './letter/fontWidths';
export type { FontName } from './letter/fontWidths';
export type { PageSize } from './letter/layout';
export {
	DEFAULT_FONT_SIZE,
	MAX_FONT_SIZE,
	MIN_FONT_SIZE,
	renderCoverSheet,
	renderLetter,
} from './letter/render';
export type { Letter, LetterOptions } from './letter/render';
export type { TextFormat } from './letter/textFormat';
export { TEXT_FORMATS } from './letter/textFormat';
export { firstPageSize, nearestPageSize, openDocument } from './documents';
export type { OpenedDocument, OpenOptions } from './documents';
export { DEFAULT_IMAGE_DPI, IMAGE_MARGIN, imageToPdf } from './image';
export { joinDocuments } from './compose/join';
export type { JoinedPdf } from './compose/join';
export {
	FILE_TYPE_HEAD_BYTES,
	fileTypeOf,
	IMAGE_KINDS,
	isImageKind,
	PDF_HEADER_WINDOW,
	refusedImageFormat,
} from './fileType';
export type { FileKind, FileType, ImageKind, RefusedImageFormat } from './fileType';
