import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FileKind } from '../../../shared/pdf';
import type { MultipartFile } from '../../../shared/transport';
import { BINARY_DATA_EXAMPLE } from './fields';
import { DOCUMENT_KINDS, earlierFile, readItemFile } from './files';

/**
 * The parameters that name a document's files: Binary File or Earlier Node's File (the main one) and
 * Further Documents, each read (files.ts) and checked by its content before any request.
 */

export interface SourceFile {
	/** The field as the panel shows it, for messages: `Input Binary Field "data"`, `Further Documents → Document 2 (…)`. */
	label: string;
	file: MultipartFile;
}

/** The main document of Binary File or Earlier Node's File, as checked (an image is still an image). */
async function mainFile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	source: 'binary' | 'binaryData',
	allowed: readonly FileKind[],
	maxBytes?: number,
): Promise<SourceFile> {
	if (source === 'binaryData') {
		const file = await earlierFile(
			ctx,
			itemIndex,
			'Binary Data',
			ctx.getNodeParameter('binaryData', itemIndex, '') as unknown,
			allowed,
			maxBytes,
		);
		return { label: 'Binary Data', file };
	}
	const item = ctx.getInputData()[itemIndex];
	if (ctx.getNode().type.endsWith('Tool') && Object.keys(item?.binary ?? {}).length === 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`A file cannot reach this tool: n8n gives an AI agent's tool no binary data [item ${itemIndex}]`,
			{
				itemIndex,
				description: `Set Document Source to "Text" so the model writes the letter, or to "Earlier Node's File" with an expression such as ${BINARY_DATA_EXAMPLE}.`,
			},
		);
	}
	const propertyName = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const label = `Input Binary Field "${propertyName}"`;
	return {
		label,
		file: await readItemFile(ctx, itemIndex, propertyName, label, allowed, maxBytes),
	};
}

/** Further Documents, in the order given: PDF, TIFF or image, from the item or an earlier node. */
async function furtherFiles(ctx: IExecuteFunctions, itemIndex: number): Promise<SourceFile[]> {
	const entries = (ctx.getNodeParameter('furtherDocuments.documents', itemIndex, []) ??
		[]) as IDataObject[];
	if (!Array.isArray(entries)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Further Documents must be a list of documents [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	const files: SourceFile[] = [];
	for (const [index, entry] of entries.entries()) {
		const place = `Further Documents → Document ${index + 1}`;
		if (entry.source === 'binaryData') {
			const label = `${place} (Binary Data)`;
			files.push({
				label,
				file: await earlierFile(ctx, itemIndex, label, entry.binaryData, DOCUMENT_KINDS),
			});
		} else {
			const propertyName = String(entry.binaryPropertyName ?? 'data').trim() || 'data';
			const label = `${place} (Input Binary Field "${propertyName}")`;
			files.push({
				label,
				file: await readItemFile(ctx, itemIndex, propertyName, label, DOCUMENT_KINDS),
			});
		}
	}
	return files;
}

/**
 * The document's files in order: the main one (Binary File or Earlier Node's File; none for Text),
 * then Further Documents, which are read first (the order their errors have always come in). The main
 * file must be of the `allowed` kinds only when it goes alone: with a cover page or further documents
 * it may be any document kind, since a PDF is made of it.
 */
export async function sourceFiles(
	ctx: IExecuteFunctions,
	itemIndex: number,
	main: 'binary' | 'binaryData' | undefined,
	options: { allowed: readonly FileKind[]; maxBytes?: number; withCover: boolean },
): Promise<SourceFile[]> {
	const further = await furtherFiles(ctx, itemIndex);
	if (main === undefined) return further;
	const alone = !options.withCover && further.length === 0;
	const kinds = alone ? options.allowed : DOCUMENT_KINDS;
	return [await mainFile(ctx, itemIndex, main, kinds, options.maxBytes), ...further];
}
