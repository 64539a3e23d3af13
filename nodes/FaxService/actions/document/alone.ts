import type { IExecuteFunctions } from 'n8n-workflow';

import type { FileKind } from '../../../shared/pdf';
import { imageToPdf } from '../../../shared/pdf';
import type { MultipartFile } from '../../../shared/transport';
import { assertMaxBytes, MIME_TYPE } from '../../../shared/validation';
import { openFailure } from './failures';
import type { DocumentPurpose } from './fields';
import { bytesOf, imageKindOf, pdfName, readItemFile } from './files';

/**
 * A file that goes alone (no cover page, no further documents, no letter): a PDF or a TIFF as it is,
 * an image as its one-page PDF on Letter paper (the service takes PDF or TIFF only). Also the plain
 * upload of the operations with one file field and no Document Source (AI Document Upload, Simulate
 * Inbound).
 */

/**
 * The file as it goes: an image's PDF is made now so a damaged image fails the item before any
 * request. `pages` is known for an image (1).
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
	const bytes = await bytesOf(ctx, file);
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

/**
 * The file of the node's Input Binary Field, checked by its content and made what the service takes
 * (an image as its one-page PDF).
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
