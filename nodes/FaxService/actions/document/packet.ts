import type { IExecuteFunctions } from 'n8n-workflow';

import type { OpenedDocument, PageSize } from '../../../shared/pdf';
import { joinDocuments, nearestPageSize, openDocument } from '../../../shared/pdf';
import type { MultipartFile } from '../../../shared/transport';
import { assertMaxBytes, MIME_TYPE } from '../../../shared/validation';
import { openFailure } from './failures';
import type { DocumentPurpose } from './fields';
import { bytesOf, imageKindOf, pdfName } from './files';
import { writeFrontPages } from './letter';
import type { DocumentRequest } from './request';
import type { SourceFile } from './sources';

/**
 * A packet: the front pages (a cover page, or a letter), then every document's pages in order, as one
 * PDF. An image is one page, Letter or A4: the request's page size rule (the letter's Page Size, else
 * the size nearest to the first PDF or TIFF of the packet, else Letter).
 */

export interface Packet {
	file: MultipartFile;
	pages: number;
}

/**
 * Opens one file with the PDF library (an image on a page of `pageSize`); what it cannot read fails
 * the item, naming the file (before any request).
 */
export async function openSource(
	ctx: IExecuteFunctions,
	itemIndex: number,
	purpose: DocumentPurpose,
	source: SourceFile,
	pageSize?: PageSize,
): Promise<OpenedDocument> {
	const bytes = await bytesOf(ctx, source.file);
	try {
		return openDocument(bytes, { pageSize });
	} catch (error) {
		throw openFailure(ctx, itemIndex, source.label, purpose, error);
	}
}

/**
 * Every source opened, in their order: the PDFs and TIFFs first, so that the images' page size can
 * follow the first of them when `imagePageSize` (a letter's) is not given.
 */
async function openSources(
	ctx: IExecuteFunctions,
	itemIndex: number,
	purpose: DocumentPurpose,
	sources: readonly SourceFile[],
	imagePageSize: PageSize | undefined,
): Promise<OpenedDocument[]> {
	const opened: Array<OpenedDocument | undefined> = [];
	for (const source of sources)
		opened.push(
			imageKindOf(source.file) === undefined
				? await openSource(ctx, itemIndex, purpose, source)
				: undefined,
		);
	const firstDocument = opened.find((document) => document !== undefined);
	const pageSize =
		imagePageSize ?? (firstDocument === undefined ? 'letter' : nearestPageSize(firstDocument));
	const documents: OpenedDocument[] = [];
	for (const [index, source] of sources.entries())
		documents.push(opened[index] ?? (await openSource(ctx, itemIndex, purpose, source, pageSize)));
	return documents;
}

/**
 * Builds the packet, before any request: each file opened, then the front pages written counting
 * every page after them, then one PDF, checked against the request's size limit.
 */
export async function buildPacket(
	ctx: IExecuteFunctions,
	itemIndex: number,
	request: DocumentRequest,
): Promise<Packet> {
	const { purpose, front, maxBytes } = request;
	const documents = await openSources(
		ctx,
		itemIndex,
		purpose,
		request.sources,
		request.imagePageSize,
	);
	if (front !== undefined) {
		const following = documents.reduce((sum, document) => sum + document.pageCount, 0);
		const { pdf } = writeFrontPages(ctx, itemIndex, purpose, front, following, documents[0]);
		documents.unshift(openDocument(pdf));
	}
	const { pdf, pages } = joinDocuments(documents);
	if (maxBytes !== undefined)
		assertMaxBytes(ctx, itemIndex, 'The PDF made of the documents', pdf.length, maxBytes);
	return {
		file: {
			field: 'file',
			fileName: pdfName(request.fileName),
			contentType: MIME_TYPE.pdf,
			size: pdf.length,
			data: pdf,
		},
		pages,
	};
}
