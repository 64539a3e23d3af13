import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { DownloadedFile } from '../../shared/download';
import { downloadSecureLink } from '../../shared/download';
import { apiRequest } from '../../shared/transport';
import { readRequiredString } from './readers';

/** Sent and received faxes are read and downloaded the same way: by their token, from their own list. */

const FAX_RECORDS = {
	sent: { path: '/sent_faxes', label: 'Sent fax' },
	received: { path: '/received_faxes', label: 'Received fax' },
} as const;

export type FaxRecordKind = keyof typeof FAX_RECORDS;

export const faxIdField = (description: string): INodeProperties => ({
	displayName: 'Fax ID',
	name: 'faxId',
	type: 'string',
	default: '',
	required: true,
	description,
});

export async function getFax(ctx: IExecuteFunctions, itemIndex: number, kind: FaxRecordKind): Promise<IDataObject> {
	const faxId = readRequiredString(ctx, itemIndex, 'faxId', 'Fax ID');
	const { path, label } = FAX_RECORDS[kind];
	return await apiRequest.call(ctx, {
		method: 'GET',
		answer: { record: null, id: 'sendToken' },
		path: `${path}/${encodeURIComponent(faxId)}`,
		itemIndex,
		notFound: `${label} "${faxId}"`,
	});
}

/** The fax record with its document, fetched from the record's secure link, as binary data. */
export async function downloadFaxPdf(ctx: IExecuteFunctions, itemIndex: number, kind: FaxRecordKind): Promise<INodeExecutionData[]> {
	const record = await getFax(ctx, itemIndex, kind);
	const token = String(record.sendToken);
	if (typeof record.secureLink !== 'string' || record.secureLink === '') {
		throw new NodeOperationError(ctx.getNode(), `${FAX_RECORDS[kind].label} "${token}" has no secure link to download [item ${itemIndex}]`, { itemIndex });
	}
	const file = await downloadSecureLink.call(ctx, record.secureLink, itemIndex);
	return [await withDownloadedFile(ctx, itemIndex, record, file, `${token}.pdf`)];
}

/** Wraps a downloaded secure-link file as n8n binary data next to the record. */
export async function withDownloadedFile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	record: IDataObject,
	file: DownloadedFile,
	fallbackName: string,
): Promise<INodeExecutionData> {
	const propertyName = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim() || 'data';
	const binary = await ctx.helpers.prepareBinaryData(file.data, file.fileName ?? fallbackName, file.contentType ?? 'application/pdf');
	return { json: record, binary: { [propertyName]: binary } };
}
