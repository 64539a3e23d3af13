import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { documentContents } from '../document';
import { buildFaxDocument, faxDocumentFields, faxNumbers } from './send.operation';

/**
 * Preview PDF: the document Send would fax (cover page, every document), built the same way and
 * returned as binary data with its page count; nothing is sent and the service is not asked.
 */

const properties: INodeProperties[] = [
	...faxDocumentFields,
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyOutput',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the PDF in',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sentFax'], operation: ['previewPdf'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const built = await buildFaxDocument(this, itemIndex, faxNumbers(this, itemIndex));
	const { bytes, pages: numPages } = await documentContents(this, itemIndex, 'fax', built);
	const { file } = built;
	const field =
		String(this.getNodeParameter('binaryPropertyOutput', itemIndex, 'data')).trim() || 'data';
	const binary = await this.helpers.prepareBinaryData(bytes, file.fileName, file.contentType);
	return [
		{
			json: {
				fileName: file.fileName,
				mimeType: file.contentType,
				fileSize: bytes.length,
				numPages,
			},
			binary: { [field]: binary },
		},
	];
}
