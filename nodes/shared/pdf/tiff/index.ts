/** TIFF -> PDF: the folder's public surface. */
export { tiffToPdf } from './tiffToPdf';
export type { TiffPdf } from './tiffToPdf';
