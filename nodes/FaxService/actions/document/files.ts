import type { IBinaryData, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { MultipartFile } from '../../../shared/transport';
import type { FileKind } from '../../../shared/pdf';
import { DOCUMENT_KINDS, fileOfBinary, readItemFile } from '../readers';
import { BINARY_DATA_EXAMPLE, FONT_FILE_EXAMPLE } from './fields';

/**
 * The files of a document: the main one (Binary File or Earlier Node's File) and the Further Documents,
 * each checked by its content before any request and named in errors as the panel names it.
 */

export interface SourceFile {
	/** The field as the panel shows it, for messages: `Input Binary Field "data"`, `Further Documents → Document 2 (…)`. */
	label: string;
	file: MultipartFile;
}

/** Binary data an expression gave (an object, or its JSON): what n8n keeps of an item's file. */
function isBinaryData(value: unknown): value is IBinaryData {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
	const { id, data } = value as { id?: unknown; data?: unknown };
	return (typeof id === 'string' && id !== '') || (typeof data === 'string' && data !== '');
}

/** An expression's binary data (an object, or its JSON); `example` is what the error suggests instead. */
function binaryDataOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: string,
	given: unknown,
	example: string,
): IBinaryData {
	let value = given;
	if (typeof value === 'string' && value.trim().startsWith('{')) {
		try {
			value = JSON.parse(value) as unknown;
		} catch {
			// not JSON: refused below
		}
	}
	if (isBinaryData(value)) return value;
	const what =
		value === '' || value === undefined || value === null
			? 'nothing'
			: Array.isArray(value)
				? 'a list'
				: typeof value === 'object'
					? 'an object without a file'
					: `a ${typeof value}`;
	throw new NodeOperationError(
		ctx.getNode(),
		`${label} must be the binary data of an earlier node's item [item ${itemIndex}]`,
		{
			itemIndex,
			description: `The expression gave ${what}. Use one such as ${example}: the node and binary field that hold the file.`,
		},
	);
}

/** An Earlier Node's File value (`label` names its field), read like an item's file. */
async function earlierFile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: string,
	given: unknown,
	allowed: readonly FileKind[],
	maxBytes?: number,
): Promise<MultipartFile> {
	const binary = binaryDataOf(ctx, itemIndex, label, given, BINARY_DATA_EXAMPLE);
	return await fileOfBinary(ctx, itemIndex, label, binary, allowed, maxBytes);
}

/**
 * The bytes of a font file field (`label` names it): the name of one of the input item's binary
 * fields, or an expression's binary data from an earlier node (what an AI tool, with no files of its
 * own, can use). Checked as a font by the letter writer, not here.
 */
export async function fontFileBytes(
	ctx: IExecuteFunctions,
	itemIndex: number,
	label: string,
	given: unknown,
): Promise<Buffer> {
	if (typeof given === 'string' && !given.trim().startsWith('{')) {
		const propertyName = given.trim();
		const item = ctx.getInputData()[itemIndex];
		if (propertyName === '' || !item?.binary?.[propertyName]) {
			const present = Object.keys(item?.binary ?? {});
			throw new NodeOperationError(
				ctx.getNode(),
				`${label}: the input item has no binary field "${propertyName}" [item ${itemIndex}]`,
				{
					itemIndex,
					description: `${present.length ? `The item has binary fields: ${present.join(', ')}.` : 'The item has no binary data.'} Give the name of the binary field that holds the .ttf file, or an expression such as ${FONT_FILE_EXAMPLE} naming the node that read it.`,
				},
			);
		}
		return await ctx.helpers.getBinaryDataBuffer(itemIndex, propertyName);
	}
	const binary = binaryDataOf(ctx, itemIndex, label, given, FONT_FILE_EXAMPLE);
	if (binary.id)
		return await ctx.helpers.binaryToBuffer(await ctx.helpers.getBinaryStream(binary.id));
	return Buffer.from(binary.data, 'base64');
}

/** The main document of Binary File or Earlier Node's File, as checked (an image is still an image). */
export async function mainFile(
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
export async function furtherFiles(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<SourceFile[]> {
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

/** A file's bytes in memory (files n8n keeps outside the item are read now). */
export async function bytesOf(ctx: IExecuteFunctions, file: MultipartFile): Promise<Buffer> {
	if (Buffer.isBuffer(file.data)) return file.data;
	const data = await file.data();
	return Buffer.isBuffer(data) ? data : await ctx.helpers.binaryToBuffer(data);
}
