import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FileKind, ImageKind } from '../../../shared/pdf';
import {
	FILE_TYPE_HEAD_BYTES,
	IMAGE_KINDS,
	joinDocuments,
	openDocument,
} from '../../../shared/pdf';
import type { MultipartFile, Readable } from '../../../shared/transport';
import {
	assertFileKind,
	assertMaxBytes,
	FILE_EXTENSION,
	MIME_TYPE,
} from '../../../shared/validation';
import { openFailure } from './failures';
import { BINARY_DATA_EXAMPLE, FONT_FILE_EXAMPLE } from './fields';

/**
 * n8n's binary data read as checked files, before any request: an item's binary field, the binary data
 * an expression gives from an earlier node, a font field's bytes; each file's kind checked by its
 * content and named in errors as the panel names it. The values come from the parameter readers
 * (sources.ts, letterParameters.ts): nothing here reads a node parameter.
 */

/** The kinds a document field takes: PDF, TIFF and the images that become a page each. */
export const DOCUMENT_KINDS: readonly FileKind[] = ['pdf', 'tiff', ...IMAGE_KINDS];

/** The kinds a field whose file must reach the service as a PDF takes (AI documents): PDF and images. */
export const PDF_OR_IMAGE_KINDS: readonly FileKind[] = ['pdf', ...IMAGE_KINDS];

/** The image kind of a file read here (its content type is the one set here), or undefined. */
export function imageKindOf(file: MultipartFile): ImageKind | undefined {
	return IMAGE_KINDS.find((kind) => MIME_TYPE[kind] === file.contentType);
}

/** "referral.tif" → "referral.pdf": a file the node makes is a PDF whatever it was made of. */
export function pdfName(fileName: string): string {
	return /\.pdf$/i.test(fileName)
		? fileName
		: `${fileName.replace(/\.(tiff?|[^./\\]{1,5})$/i, '')}.pdf`;
}

/** A file's bytes in memory (files n8n keeps outside the item are read now). */
export async function bytesOf(ctx: IExecuteFunctions, file: MultipartFile): Promise<Buffer> {
	if (Buffer.isBuffer(file.data)) return file.data;
	const data = await file.data();
	return Buffer.isBuffer(data) ? data : await ctx.helpers.binaryToBuffer(data);
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
export async function earlierFile(
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

/** Reads a file from the item's binary field `propertyName`; `field` names it in errors. */
export async function readItemFile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	field: string,
	allowed: readonly FileKind[],
	maxBytes?: number,
): Promise<MultipartFile> {
	const item = ctx.getInputData()[itemIndex];
	if (!item?.binary?.[propertyName]) {
		const present = Object.keys(item?.binary ?? {});
		throw new NodeOperationError(
			ctx.getNode(),
			`${field} is missing on the input item [item ${itemIndex}]`,
			{
				itemIndex,
				description: present.length
					? `The item has binary fields: ${present.join(', ')}`
					: 'The item has no binary data. Read the file first, for example with a "Read/Write Files from Disk" or "HTTP Request" node.',
			},
		);
	}
	const binary = ctx.helpers.assertBinaryData(itemIndex, propertyName);
	return await fileOfBinary(ctx, itemIndex, field, binary, allowed, maxBytes);
}

/**
 * A file of n8n's binary data (an item's, or one an expression gave), checked by its content; `field`
 * names it in errors. Stored outside the item (filesystem, S3, database): its size and first bytes are
 * read, and it is sent as a stream. Kept in the item (base64): decoded now to check it and again only
 * when sent, so an item waiting to be sent holds no copy.
 */
export async function fileOfBinary(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	binary: IBinaryData,
	allowed: readonly FileKind[],
	maxBytes?: number,
): Promise<MultipartFile> {
	let data: () => Promise<Readable | Buffer>;
	let size: number;
	let head: Buffer;
	if (binary.id) {
		const id = binary.id;
		size = (await ctx.helpers.getBinaryMetadata(id)).fileSize;
		head = await firstBytes(
			await ctx.helpers.getBinaryStream(id, FILE_TYPE_HEAD_BYTES),
			FILE_TYPE_HEAD_BYTES,
		);
		data = async () => await ctx.helpers.getBinaryStream(id);
	} else {
		const decode = async () => Buffer.from(binary.data, 'base64');
		const bytes = await decode();
		size = bytes.length;
		head = Buffer.from(bytes.subarray(0, FILE_TYPE_HEAD_BYTES));
		data = decode;
	}
	if (maxBytes !== undefined) assertMaxBytes(ctx, itemIndex, field, size, maxBytes);
	const type = assertFileKind(ctx, itemIndex, field, head, allowed);
	const fileName = binary.fileName || `document.${FILE_EXTENSION[type.kind]}`;
	if (type.headerOffset > 0) return await pdfFromItsHeader(ctx, itemIndex, field, fileName, data);
	return { field: 'file', fileName, contentType: MIME_TYPE[type.kind], size, data };
}

/**
 * A PDF with bytes before its header (readers take up to PDF_HEADER_WINDOW of them) goes out as a copy
 * that starts with its header, made now: what reaches the service is a PDF every reader opens.
 */
async function pdfFromItsHeader(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	fileName: string,
	open: () => Promise<Readable | Buffer>,
): Promise<MultipartFile> {
	const given = await open();
	const bytes = Buffer.isBuffer(given) ? given : await ctx.helpers.binaryToBuffer(given);
	let pdf: Buffer;
	try {
		pdf = joinDocuments([openDocument(bytes)]).pdf;
	} catch (error) {
		throw openFailure(ctx, itemIndex, field, undefined, error);
	}
	return { field: 'file', fileName, contentType: MIME_TYPE.pdf, size: pdf.length, data: pdf };
}

/** The first `count` bytes of a stream; the stream is closed afterwards. */
async function firstBytes(stream: Readable, count: number): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let length = 0;
	for await (const chunk of stream) {
		chunks.push(chunk as Buffer);
		length += (chunk as Buffer).length;
		if (length >= count) break; // leaving the loop destroys the stream
	}
	return Buffer.concat(chunks).subarray(0, count);
}
