/**
 * pdf/ — layer 0. The package's PDF library, as the operations use it. Owns everything PDF: the letter
 * writer (letter/), the reader of PDFs from the field (read/, with the stream filters of filters/), TIFF
 * pages (tiff/), the joiner (compose/), the file writer (write/) and their errors; documents.ts is what
 * the operations call to open and join. Imports nothing else of nodes/shared; any node or shared folder
 * may import it, through this file only.
 */

export { CHARACTER_RULE, DROPPED_CHARACTERS, TRANSLITERATIONS } from './letter/characterRule';
export { DEFAULT_CONFIDENTIALITY_NOTICE } from './letter/coverPage';
export type { CoverPage } from './letter/coverPage';
export { DocumentError, LetterError } from './errors';
export type { DocumentErrorReason, LetterErrorReason } from './errors';
export { textWidth } from './letter/fontWidths';
export type { FontName } from './letter/fontWidths';
export type { PageSize } from './letter/layout';
export { DEFAULT_FONT_SIZE, MAX_FONT_SIZE, MIN_FONT_SIZE, renderCoverSheet, renderLetter } from './letter/render';
export type { Letter, LetterOptions } from './letter/render';
export { firstPageSize, joinDocuments, nearestPageSize, openDocument } from './documents';
export type { OpenedDocument } from './documents';
