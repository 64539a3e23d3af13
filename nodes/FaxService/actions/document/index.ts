/**
 * The document of a fax or a secure-link e-mail (Document Source, cover page, Further Documents), in
 * two steps: `readDocumentRequest` reads and checks every parameter and file of the item into a
 * DocumentRequest (request.ts), then `buildDocument` builds it (build.ts), reading no parameter.
 * `readUpload` is the plain one-file upload of the operations without Document Source.
 */

export { readUpload } from './alone';
export type { BuiltDocument } from './build';
export { buildDocument, documentContents } from './build';
export { DEFAULT_LETTER_FILE_NAME, documentFields } from './fields';
export type { DocumentPurpose } from './fields';
export { DOCUMENT_KINDS, PDF_OR_IMAGE_KINDS } from './files';
export { today } from './letterParameters';
export type { DocumentOptions, DocumentRequest } from './request';
export { readDocumentRequest } from './request';
