/**
 * imagePagePdf: one image XObject -> a one-page PDF 1.4 file, the page Letter or A4 portrait with the
 * image placed on it (placement.ts); imagePageDocument: the same objects as a document to join, the
 * file never written. The image's bytes go in as its format module made them (a JPEG's scans byte for
 * byte). The output depends only on the input.
 */

import type { PageSize } from '../letter/layout';
import type { PdfDocument } from '../read/document';
import { documentOfObjects } from '../read/document';
import type { PdfObject } from '../write/objects';
import { pdfString, ref, serialisePdf } from '../write/objects';
import { placeImage } from './placement';
import type { ImageXObject } from './types';

const PRODUCER = 'n8n-nodes-fax-service';
const VERSION = '1.4';
const CATALOG = 1;
const INFO = 2;

/**
 * A matrix entry with up to four decimals: two (pdfNumber) would misplace the far edge of a
 * 4,000-pixel photo's unit square by more than a device pixel at 600 dpi; four keep it within a tenth.
 */
function matrixNumber(value: number): string {
	const text = value.toFixed(4).replace(/\.?0+$/, '');
	return text === '-0' || text === '' ? '0' : text;
}

/** The one-page PDF of the image on a page of `pageSize`. */
export function imagePagePdf(image: ImageXObject, pageSize: PageSize): Buffer {
	return serialisePdf(pageObjects(image, pageSize), { root: CATALOG, info: INFO });
}

/** The document imagePagePdf's file would read as (read/document.ts), its image data the XObject's own bytes. */
export function imagePageDocument(image: ImageXObject, pageSize: PageSize): PdfDocument {
	return documentOfObjects(pageObjects(image, pageSize), CATALOG, VERSION);
}

function pageObjects(image: ImageXObject, pageSize: PageSize): PdfObject[] {
	const { page, matrix } = placeImage(image, pageSize);
	const content = Buffer.from(`q ${matrix.map(matrixNumber).join(' ')} cm /Im1 Do Q\n`, 'latin1');
	// Objects: 1 catalog, 2 info, 3 page tree, 4 page, 5 its content, 6 the image.
	return [
		`<< /Type /Catalog /Pages ${ref(3)} >>`,
		`<< /Producer ${pdfString(Buffer.from(PRODUCER, 'latin1'))} >>`,
		`<< /Type /Pages /Kids [${ref(4)}] /Count 1 >>`,
		`<< /Type /Page /Parent ${ref(3)} /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /XObject << /Im1 ${ref(6)} >> /ProcSet [/PDF /ImageB /ImageC /ImageI] >> /Contents ${ref(5)} >>`,
		{ dictionaryEntries: '', data: content },
		{ dictionaryEntries: image.dictionaryEntries, data: image.data },
	];
}
