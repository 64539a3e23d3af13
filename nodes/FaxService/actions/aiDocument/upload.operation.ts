import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { MultipartFile } from '../../../shared/transport';
import { apiRequest, encodeMultipart } from '../../../shared/transport';
import { AI_DOCUMENT_MAX_BYTES, assertUrl } from '../../../shared/validation';
import { binaryPropertyField, callbackUrlField } from '../fields';
import { PDF_OR_IMAGE_KINDS, readUpload } from '../document';

const properties: INodeProperties[] = [
	binaryPropertyField(
		'The PDF or image (JPEG, PNG, GIF or BMP) to extract and classify, at most 50 MB; an image goes as a one-page PDF',
	),
	callbackUrlField('the AI result when processing completes', true),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['aiDocument'], operation: ['upload'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const callbackUrl = assertUrl(
		this,
		itemIndex,
		'Callback URL',
		this.getNodeParameter('callbackUrl', itemIndex) as string,
	);
	return await uploadDocument(this, itemIndex, callbackUrl);
}

/** Uploads the item's PDF for extraction; the result goes to `callbackUrl`. Answers `{message, aiToken}`. */
export async function uploadDocument(
	ctx: IExecuteFunctions,
	itemIndex: number,
	callbackUrl: string,
): Promise<IDataObject> {
	const file = await readDocument(ctx, itemIndex);
	return await apiRequest.call(ctx, {
		method: 'POST',
		answer: { record: null, id: 'aiToken' },
		path: '/ai_documents',
		multipart: encodeMultipart({ callback_url: callbackUrl }, [file]),
		itemIndex,
	});
}

/** The item's PDF, checked: a PDF or an image (sent as its one-page PDF), at most 52,428,800 bytes. */
async function readDocument(ctx: IExecuteFunctions, itemIndex: number): Promise<MultipartFile> {
	return await readUpload(ctx, itemIndex, PDF_OR_IMAGE_KINDS, AI_DOCUMENT_MAX_BYTES);
}
