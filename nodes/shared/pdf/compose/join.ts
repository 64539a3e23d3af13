/**
 * joinDocuments: the pages of several PDFs, in order, in one new PDF. Pages are copied, not redrawn: each
 * page dictionary with its inherited attributes made explicit, and every object the pages of a document
 * reach copied once (shared fonts and images written once), renumbered, stream bytes as they were.
 * What is copied and what is left out (structure tree, article beads, the source's /Pages nodes and
 * catalog) is read/pageObjects.ts's decision; what of the source catalogs the new catalog carries (the
 * form's fields, the layers that are off) is catalog.ts's. This file numbers and writes.
 */

import { DocumentError } from '../errors';
import type { PdfDocument } from '../read/document';
import { versionRank } from '../read/document';
import type { PdfRef } from '../read/objects';
import { PdfDict, PdfStream } from '../read/objects';
import { keptEntries, keptPageEntries } from '../read/pageObjects';
import { PdfFileWriter } from '../write/fileWriter';
import { joinedCatalog } from './catalog';
import type { Renumber } from './serialise';
import { dictionaryText, entriesText, valueText } from './serialise';

export interface JoinedPdf {
	pdf: Buffer;
	pages: number;
}

const CATALOG = 1;
const PAGES = 2;
const MINIMUM_VERSION = '1.7';

/** PDF 1.7, or the highest version among the documents. */
function outputVersion(documents: readonly PdfDocument[]): string {
	return documents.reduce(
		(highest, document) =>
			versionRank(document.version) > versionRank(highest) ? document.version : highest,
		MINIMUM_VERSION,
	);
}

/** Numbers one document's pages and objects from `next` on; returns the renumbering and the next free number. */
function numberDocument(
	document: PdfDocument,
	next: number,
): { pageNumbers: number[]; objectNumbers: Map<number, number>; renumber: Renumber; next: number } {
	const pageNumbers = document.pages.map((_, index) => next + index);
	let following = next + pageNumbers.length;
	const objectNumbers = new Map<number, number>();
	for (const objectNumber of document.objectNumbers) objectNumbers.set(objectNumber, following++);
	const renumber = (reference: PdfRef): number | undefined => {
		const pageIndex = document.pageIndex.get(reference.objectNumber);
		return pageIndex === undefined
			? objectNumbers.get(reference.objectNumber)
			: pageNumbers[pageIndex];
	};
	return { pageNumbers, objectNumbers, renumber, next: following };
}

/** Writes one document's pages and the objects they reach, with the entries the catalog adds to some (by source number). */
function writeDocument(
	writer: PdfFileWriter,
	document: PdfDocument,
	numbering: ReturnType<typeof numberDocument>,
	addedEntries: ReadonlyMap<number, string>,
): void {
	const { context } = document;
	const { pageNumbers, objectNumbers, renumber } = numbering;
	document.pages.forEach((page, index) => {
		const type = page.dictionary.name('Type') === 'Page' ? '' : '/Type /Page ';
		writer.addObject(
			pageNumbers[index],
			dictionaryText(
				`${type}/Parent ${PAGES} 0 R ${entriesText(keptPageEntries(page, context), context, renumber)}`,
			),
		);
	});
	for (const sourceNumber of document.objectNumbers) {
		const objectNumber = objectNumbers.get(sourceNumber)!;
		const value = context.get(sourceNumber);
		const added = addedEntries.get(sourceNumber);
		if (added !== undefined && value instanceof PdfDict) {
			writer.addObject(
				objectNumber,
				dictionaryText(
					`${entriesText(keptEntries(value, context, false), context, renumber)} ${added}`,
				),
			);
		} else if (value instanceof PdfStream) {
			writer.addStream(
				objectNumber,
				entriesText(keptEntries(value.dictionary, context, true), context, renumber),
				value.data,
			);
		} else {
			writer.addObject(objectNumber, valueText(value, context, renumber));
		}
	}
}

/**
 * One PDF with every page of every document, in order (documents from readPdf). Throws DocumentError
 * 'noPages' when given no document.
 */
export function joinDocuments(documents: readonly PdfDocument[]): JoinedPdf {
	if (documents.length === 0) throw new DocumentError('noPages', 'there are no documents to join');
	const writer = new PdfFileWriter(outputVersion(documents));
	let next = PAGES + 1;
	const allPages: number[] = [];
	const numbered = documents.map((document) => {
		const numbering = numberDocument(document, next);
		next = numbering.next;
		for (const pageNumber of numbering.pageNumbers) allPages.push(pageNumber);
		return numbering;
	});
	const catalog = joinedCatalog(
		documents.map((document, index) => ({ document, renumber: numbered[index].renumber })),
		PAGES,
	);
	writer.addObject(CATALOG, catalog.text);
	writer.addObject(
		PAGES,
		`<< /Type /Pages /Kids [${allPages.map((objectNumber) => `${objectNumber} 0 R`).join(' ')}] /Count ${allPages.length} >>`,
	);
	documents.forEach((document, index) =>
		writeDocument(writer, document, numbered[index], catalog.addedEntries[index]),
	);
	return { pdf: writer.finish(CATALOG), pages: allPages.length };
}
