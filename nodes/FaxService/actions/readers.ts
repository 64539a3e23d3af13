import type { IBinaryData, IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { MultipartFile, Readable } from '../../shared/transport';
import type { FileKind, ImageKind } from '../../shared/pdf';
import {
	FILE_TYPE_HEAD_BYTES,
	IMAGE_KINDS,
	imageToPdf,
	joinDocuments,
	openDocument,
} from '../../shared/pdf';
import {
	assertE164,
	assertFileKind,
	assertMaxBytes,
	assertUuid,
	FILE_EXTENSION,
	MIME_TYPE,
} from '../../shared/validation';
import { openFailure } from './document/failures';
import type { DocumentPurpose } from './document/fields';
import { DEFAULT_REQUESTS_IN_PARALLEL } from './fields';

/** Readers of the shared fields (what execute does with them): each checks its value and names the field and item. */

/** `undefined` means Return All. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const limit = ctx.getNodeParameter('limit', itemIndex, 50) as number;
	if (!Number.isInteger(limit) || limit < 1) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Limit must be a whole number of at least 1, got ${limit} [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	return limit;
}

/** Request Options → Requests in Parallel, read once for the whole run (from the first item). */
export function readRequestsInParallel(ctx: IExecuteFunctions): number {
	const value = ctx.getNodeParameter(
		'requestOptions.requestsInParallel',
		0,
		DEFAULT_REQUESTS_IN_PARALLEL,
	) as number;
	if (!Number.isInteger(value) || value < 1) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Requests in Parallel must be a whole number of at least 1, got ${value}`,
			{ itemIndex: 0 },
		);
	}
	return value;
}

function locatorValue(ctx: IExecuteFunctions, name: string, itemIndex: number): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as
		| string
		| INodeParameterResourceLocator;
	return String(typeof value === 'object' && value !== null ? value.value : (value ?? ''));
}

/**
 * A fax number field's value, checked. `whenEmpty` says what to do about an empty one: n8n itself
 * stops a run whose required field is left empty in the panel, but not one whose expression gives nothing.
 */
export function readE164Locator(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	whenEmpty?: string,
): string {
	const value = locatorValue(ctx, name, itemIndex);
	if (whenEmpty !== undefined && value.trim() === '') {
		throw new NodeOperationError(ctx.getNode(), `${label} is empty [item ${itemIndex}]`, {
			itemIndex,
			description: whenEmpty,
		});
	}
	return assertE164(ctx, itemIndex, label, value);
}

export function readUuidLocator(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): string {
	return assertUuid(ctx, itemIndex, label, locatorValue(ctx, name, itemIndex));
}

export function readRequiredString(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): string {
	const value = String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();
	if (value === '') {
		throw new NodeOperationError(ctx.getNode(), `${label} must not be empty [item ${itemIndex}]`, {
			itemIndex,
		});
	}
	return value;
}

/** The kinds a document field takes: PDF, TIFF and the images that become a page each. */
export const DOCUMENT_KINDS: readonly FileKind[] = ['pdf', 'tiff', ...IMAGE_KINDS];

/** The kinds a field whose file must reach the service as a PDF takes (AI documents): PDF and images. */
export const PDF_OR_IMAGE_KINDS: readonly FileKind[] = ['pdf', ...IMAGE_KINDS];

/**
 * Reads the file of the node's Input Binary Field, checks its type by content, and makes it what the
 * service takes: an image goes as its one-page PDF (image/ of the PDF library, on Letter paper).
 */
export async function readUpload(
	ctx: IExecuteFunctions,
	itemIndex: number,
	allowed: readonly FileKind[],
	maxBytes?: number,
): Promise<MultipartFile> {
	const propertyName = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const field = `Input Binary Field "${propertyName}"`;
	const file = await readItemFile(ctx, itemIndex, propertyName, field, allowed, maxBytes);
	return (await sentAlone(ctx, itemIndex, field, file, undefined, maxBytes)).file;
}

/** The image kind of a file these readers checked (its content type is the one they set), or undefined. */
export function imageKindOf(file: MultipartFile): ImageKind | undefined {
	return IMAGE_KINDS.find((kind) => MIME_TYPE[kind] === file.contentType);
}

/** "referral.tif" → "referral.pdf": a file the node makes is a PDF whatever it was made of. */
export function pdfName(fileName: string): string {
	return /\.pdf$/i.test(fileName)
		? fileName
		: `${fileName.replace(/\.(tiff?|[^./\\]{1,5})$/i, '')}.pdf`;
}

/**
 * A file that goes alone (no cover page, no further documents): a PDF or a TIFF as it is; an image as
 * its one-page PDF on Letter paper (the service takes PDF or TIFF only), made now so a damaged image
 * fails the item before any request. `pages` is known for an image (1).
 */
export async function sentAlone(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	file: MultipartFile,
	purpose: DocumentPurpose | undefined,
	maxBytes?: number,
): Promise<{ file: MultipartFile; pages?: number }> {
	if (imageKindOf(file) === undefined) return { file };
	const given = typeof file.data === 'function' ? await file.data() : file.data;
	const bytes = Buffer.isBuffer(given) ? given : await ctx.helpers.binaryToBuffer(given);
	let pdf: Buffer;
	try {
		pdf = imageToPdf(bytes, 'letter');
	} catch (error) {
		throw openFailure(ctx, itemIndex, field, purpose, error);
	}
	if (maxBytes !== undefined)
		assertMaxBytes(ctx, itemIndex, `${field} as a PDF`, pdf.length, maxBytes);
	const fileName = pdfName(file.fileName);
	return {
		file: { field: file.field, fileName, contentType: MIME_TYPE.pdf, size: pdf.length, data: pdf },
		pages: 1,
	};
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
