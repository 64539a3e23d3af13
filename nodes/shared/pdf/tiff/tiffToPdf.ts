/**
 * tiffToPdf: a TIFF (fax or scan) -> a PDF 1.4 file whose pages are the TIFF's pages, each sized from
 * its resolution and filled by its image. Bilevel CCITT and uncompressed pages are copied as they are;
 * other pages are decoded and written as Flate images. The output depends only on the input.
 */

import { DocumentError } from '../errors';
import type { PdfObject } from '../write/objects';
import { pdfString, ref, serialisePdf } from '../write/objects';
import { bilevelImages, isCopiedAsIs } from './bilevel';
import { colourImage } from './colour';
import { MAX_DOCUMENT_DECODED_BYTES, checkDecodedSize, decodePage } from './decode';
import { readDirectories } from './directory';
import type { TiffPage } from './page';
import { isPage, readPage } from './page';
import type { PlacedImage } from './placement';
import { pageContent, pageSizeInPoints } from './placement';

export interface TiffPdf {
	pdf: Buffer;
	pages: number;
}

const PRODUCER = 'n8n-nodes-fax-service';

/** The page's images; `budget` counts the bytes decoding may still produce for the whole file. */
function pageImages(page: TiffPage, budget: { remaining: number }): PlacedImage[] {
	if (isCopiedAsIs(page)) return bilevelImages(page);
	budget.remaining -= checkDecodedSize(page);
	if (budget.remaining < 0) {
		throw new DocumentError(
			'tooLarge',
			`the TIFF's pages up to page ${page.number} decode to more than ${MAX_DOCUMENT_DECODED_BYTES / 1048576} MiB`,
		);
	}
	return [colourImage(page, decodePage(page))];
}

/**
 * Converts every page of the main directory chain (thumbnails and transparency masks are skipped).
 * Throws DocumentError: 'damaged' for a file that is not TIFF or is broken, 'unsupported' naming a
 * compression or colour model it does not convert, 'tooLarge', 'noPages'. Messages never quote data.
 */
export function tiffToPdf(data: Uint8Array): TiffPdf {
	const pages = readDirectories(data).filter(isPage).map(readPage);
	if (pages.length === 0)
		throw new DocumentError('noPages', 'the TIFF holds only thumbnails or masks, no page');

	// Objects 1-3 are fixed; each page then takes its page dictionary, its content stream and its images.
	const CATALOG = 1;
	const INFO = 2;
	const PAGES = 3;
	const objects: PdfObject[] = [
		'',
		`<< /Producer ${pdfString(Buffer.from(PRODUCER, 'latin1'))} >>`,
		'',
	];
	const kids: number[] = [];
	const budget = { remaining: MAX_DOCUMENT_DECODED_BYTES };
	for (const page of pages) {
		const images = pageImages(page, budget);
		const pageObject = objects.length + 1;
		const firstImage = pageObject + 2;
		const named = images.map((image, index) => ({ name: `Im${index + 1}`, image }));
		const size = pageSizeInPoints(page.width, page.height, page.resolution);
		// Edge tiles copied as they are reach past the page's right and bottom edges.
		const clip = images.some(
			(image) => image.x + image.width > page.width || image.y + image.height > page.height,
		);
		const xObjects = named
			.map(({ name }, index) => `/${name} ${ref(firstImage + index)}`)
			.join(' ');
		objects.push(
			`<< /Type /Page /Parent ${ref(PAGES)} /MediaBox [0 0 ${size.width} ${size.height}] /Resources << /XObject << ${xObjects} >> /ProcSet [/PDF /ImageB /ImageC /ImageI] >> /Contents ${ref(pageObject + 1)} >>`,
			{
				dictionaryEntries: '',
				data: pageContent(size, { width: page.width, height: page.height, clip }, named),
			},
			...images.map((image) => ({ dictionaryEntries: image.dictionaryEntries, data: image.data })),
		);
		kids.push(pageObject);
	}
	objects[CATALOG - 1] = `<< /Type /Catalog /Pages ${ref(PAGES)} >>`;
	objects[PAGES - 1] =
		`<< /Type /Pages /Kids [${kids.map(ref).join(' ')}] /Count ${kids.length} >>`;
	return { pdf: serialisePdf(objects, { root: CATALOG, info: INFO }), pages: kids.length };
}
