/** TIFF -> PDF: the folder's public surface. */
export { isTiff } from './directory';
export { tiffToPdf } from './tiffToPdf';
export type { TiffPdf } from './tiffToPdf';
