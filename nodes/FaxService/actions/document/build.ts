import type { IExecuteFunctions } from 'n8n-workflow';

import type { MultipartFile } from '../../../shared/transport';
import { assertMaxBytes, MIME_TYPE } from '../../../shared/validation';
import { sentAlone } from './alone';
import type { DocumentPurpose } from './fields';
import { bytesOf } from './files';
import { writeFrontPages } from './letter';
import { buildPacket, openSource } from './packet';
import type { DocumentRequest } from './request';

/**
 * A DocumentRequest built, before any request, reading no parameter: a PDF or TIFF with nothing in
 * front and nothing after goes as it is (read when sent), an image alone as its one-page PDF; a
 * letter alone as the letter; anything else as one packet.
 */

export interface BuiltDocument {
	file: MultipartFile;
	/** Known when the node made the file (a letter, a packet or an image's page), else undefined: the file goes as it is. */
	pages?: number;
	/** The field that gave a file going as it is, for messages. */
	label?: string;
}

export async function buildDocument(
	ctx: IExecuteFunctions,
	itemIndex: number,
	request: DocumentRequest,
): Promise<BuiltDocument> {
	const { front, sources, purpose, maxBytes } = request;
	if (front?.kind === 'letter' && sources.length === 0) {
		const { pdf, pages } = writeFrontPages(ctx, itemIndex, purpose, front, 0, undefined);
		if (maxBytes !== undefined)
			assertMaxBytes(ctx, itemIndex, 'The PDF made from Text', pdf.length, maxBytes);
		return {
			file: {
				field: 'file',
				fileName: request.fileName,
				contentType: MIME_TYPE.pdf,
				size: pdf.length,
				data: pdf,
			},
			pages,
		};
	}
	if (front === undefined && sources.length === 1) {
		const [main] = sources;
		const sent = await sentAlone(ctx, itemIndex, main.label, main.file, purpose, maxBytes);
		return { ...sent, label: main.label };
	}
	return await buildPacket(ctx, itemIndex, request);
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
