import type { IExecuteFunctions } from 'n8n-workflow';

import type { OpenedDocument } from '../../../shared/pdf';
import { joinDocuments, openDocument } from '../../../shared/pdf';
import type { MultipartFile } from '../../../shared/transport';
import { assertMaxBytes, MIME_TYPE } from '../../../shared/validation';
import { openFailure } from './failures';
import type { DocumentPurpose } from './fields';
import type { SourceFile } from './files';
import { bytesOf } from './files';

/** A packet: the cover page (when asked for), then every document's pages in order, as one PDF. */

export interface Packet {
	file: MultipartFile;
	pages: number;
}

/** Opens one file with the PDF library; what it cannot read fails the item, naming the file (before any request). */
export async function openSource(
	ctx: IExecuteFunctions,
	itemIndex: number,
	purpose: DocumentPurpose,
	source: SourceFile,
): Promise<OpenedDocument> {
	const bytes = await bytesOf(ctx, source.file);
	try {
		return openDocument(bytes);
	} catch (error) {
		throw openFailure(ctx, itemIndex, source.label, purpose, error);
	}
}

/** "referral.tif" → "referral.pdf": the packet is a PDF whatever its first file was. */
function pdfName(fileName: string): string {
	return /\.pdf$/i.test(fileName)
		? fileName
		: `${fileName.replace(/\.(tiff?|[^./\\]{1,5})$/i, '')}.pdf`;
}

/** The pages that go in front of the documents, made once their page count is known (the cover page, or a letter). */
export type FrontPages = (
	followingPages: number,
	firstDocument: OpenedDocument | undefined,
) => Buffer | undefined;

/**
 * Builds the packet, checked before any request: each file read and checked, then the front pages
 * (a cover page, or a letter with its cover page) made counting every page after them, then one PDF.
 */
export async function buildPacket(
	ctx: IExecuteFunctions,
	itemIndex: number,
	purpose: DocumentPurpose,
	front: FrontPages,
	sources: readonly SourceFile[],
	fileName: string,
	maxBytes?: number,
): Promise<Packet> {
	const documents: OpenedDocument[] = [];
	for (const source of sources) documents.push(await openSource(ctx, itemIndex, purpose, source));
	const frontPdf = front(
		documents.reduce((sum, document) => sum + document.pageCount, 0),
		documents[0],
	);
	if (frontPdf !== undefined) documents.unshift(openDocument(frontPdf));
	const { pdf, pages } = joinDocuments(documents);
	if (maxBytes !== undefined)
		assertMaxBytes(ctx, itemIndex, 'The PDF made of the documents', pdf.length, maxBytes);
	return {
		file: {
			field: 'file',
			fileName: pdfName(fileName),
			contentType: MIME_TYPE.pdf,
			size: pdf.length,
			data: pdf,
		},
		pages,
	};
}
