import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { MultipartFile } from '../../../shared/transport';
import type { FileKind } from '../../../shared/pdf';
import { assertMaxBytes, MIME_TYPE } from '../../../shared/validation';
import { DOCUMENT_KINDS, sentAlone } from '../readers';
import type { DocumentPurpose } from './fields';
import { bytesOf, furtherFiles, mainFile } from './files';
import type { CoverNumbers } from './letter';
import { coverPageOf, coverSheet, letterFontOf, textDocument } from './letter';
import type { FrontPages } from './packet';
import { buildPacket, openSource } from './packet';

/**
 * The document of a fax or a secure-link e-mail (Document Source, cover page, Further Documents): one
 * set of fields (fields.ts), one reader (`readDocument`) for every operation that sends a document, and
 * `buildDocument` for the operation that only builds it.
 */

export { DEFAULT_LETTER_FILE_NAME, documentFields } from './fields';
export type { DocumentPurpose } from './fields';
export { today } from './letter';

export interface DocumentOptions extends CoverNumbers {
	/** The file kinds the operation accepts (a letter or a packet is a PDF; an image becomes one). */
	allowed: readonly FileKind[];
	/** The largest file the operation accepts, in bytes, if it has a limit. */
	maxBytes?: number;
	purpose: DocumentPurpose;
}

export interface BuiltDocument {
	file: MultipartFile;
	/** Known when the node made the file (a letter, a packet or an image's page), else undefined: the file goes as it is. */
	pages?: number;
	/** The field that gave a file going as it is, for messages. */
	label?: string;
}

function documentSource(
	ctx: IExecuteFunctions,
	itemIndex: number,
): 'binary' | 'binaryData' | 'text' {
	// A node saved before Document Source existed has no value: the saved behaviour, Binary File.
	const source = ctx.getNodeParameter('documentSource', itemIndex, 'binary') as string;
	if (source === 'binary' || source === 'binaryData' || source === 'text') return source;
	throw new NodeOperationError(
		ctx.getNode(),
		`Document Source must be "Binary File", "Earlier Node's File" or "Text" [item ${itemIndex}]`,
		{ itemIndex },
	);
}

/**
 * The item's document, checked before any request. A PDF or TIFF with no cover page and no further
 * documents goes as it is (read when sent), an image alone as its one-page PDF; anything else is one
 * PDF the node makes now: a letter, or a packet of the cover page and every document's pages.
 */
export async function buildDocument(
	ctx: IExecuteFunctions,
	itemIndex: number,
	options: DocumentOptions,
): Promise<BuiltDocument> {
	const source = documentSource(ctx, itemIndex);
	if (source === 'text' && !options.allowed.includes('pdf'))
		throw new Error('buildDocument: Text makes a PDF, which this operation does not accept');
	const cover = coverPageOf(ctx, itemIndex, options.purpose, options);
	// Letter Font goes with the text the node writes: the letter, or the cover page.
	const font =
		source === 'text' || cover !== undefined ? await letterFontOf(ctx, itemIndex) : undefined;
	const further = await furtherFiles(ctx, itemIndex);
	if (source === 'text') {
		const letter = textDocument(ctx, itemIndex, options.purpose, cover, font);
		if (further.length === 0) {
			const { pdf, pages } = letter.render(0);
			if (options.maxBytes !== undefined)
				assertMaxBytes(ctx, itemIndex, 'The PDF made from Text', pdf.length, options.maxBytes);
			return {
				file: {
					field: 'file',
					fileName: letter.fileName,
					contentType: MIME_TYPE.pdf,
					size: pdf.length,
					data: pdf,
				},
				pages,
			};
		}
		return await buildPacket(
			ctx,
			itemIndex,
			options.purpose,
			(following) => letter.render(following).pdf,
			further,
			letter.fileName,
			{ maxBytes: options.maxBytes, imagePageSize: letter.pageSize },
		);
	}
	// With a cover page or further documents, the main file may be any document kind whatever the operation takes: a PDF goes out.
	const alone = cover === undefined && further.length === 0;
	const main = await mainFile(
		ctx,
		itemIndex,
		source,
		alone ? options.allowed : DOCUMENT_KINDS,
		options.maxBytes,
	);
	if (alone) {
		const sent = await sentAlone(
			ctx,
			itemIndex,
			main.label,
			main.file,
			options.purpose,
			options.maxBytes,
		);
		return { ...sent, label: main.label };
	}
	const front: FrontPages = (following, first) =>
		cover === undefined
			? undefined
			: coverSheet(ctx, itemIndex, options.purpose, cover, following, first, font);
	return await buildPacket(
		ctx,
		itemIndex,
		options.purpose,
		front,
		[main, ...further],
		main.file.fileName,
		{ maxBytes: options.maxBytes },
	);
}

/** The file to upload for the item's document (see buildDocument). */
export async function readDocument(
	ctx: IExecuteFunctions,
	itemIndex: number,
	options: DocumentOptions,
): Promise<MultipartFile> {
	return (await buildDocument(ctx, itemIndex, options)).file;
}

/** The built document in memory with its page count: a file going as it is is read and counted now. */
export async function documentContents(
	ctx: IExecuteFunctions,
	itemIndex: number,
	purpose: DocumentPurpose,
	built: BuiltDocument,
): Promise<{ bytes: Buffer; pages: number }> {
	const bytes = await bytesOf(ctx, built.file);
	if (built.pages !== undefined) return { bytes, pages: built.pages };
	const opened = await openSource(ctx, itemIndex, purpose, {
		label: built.label ?? 'The document',
		file: { ...built.file, data: bytes },
	});
	return { bytes, pages: opened.pageCount };
}
