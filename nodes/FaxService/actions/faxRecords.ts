import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ApiContext } from '../../shared/credentials';
import type { FieldMapping } from '../../shared/parameters';
import { optionalFields } from '../../shared/parameters';
import { apiRequest, apiRequestAllPages, downloadSecureLink } from '../../shared/transport';
import { readLimit, readRequiredString } from './readers';

/** Sent and received faxes are listed, read and downloaded the same way: by their token, from their own list. */

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

export async function getFax(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: FaxRecordKind,
): Promise<IDataObject> {
	return await readFax(ctx, kind, readRequiredString(ctx, itemIndex, 'faxId', 'Fax ID'), itemIndex);
}

/** One fax record by its token. */
export async function readFax(
	ctx: ApiContext,
	kind: FaxRecordKind,
	faxId: string,
	itemIndex?: number,
): Promise<IDataObject> {
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
export async function downloadFaxPdf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: FaxRecordKind,
): Promise<INodeExecutionData[]> {
	const record = await getFax(ctx, itemIndex, kind);
	const propertyName = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data'));
	return [await withFaxPdf(ctx, kind, record, propertyName, itemIndex)];
}

/** The record as an item, with the document behind its secure link in the binary field `propertyName`. */
export async function withFaxPdf(
	ctx: IExecuteFunctions | IWebhookFunctions,
	kind: FaxRecordKind,
	record: IDataObject,
	propertyName: string,
	itemIndex?: number,
): Promise<INodeExecutionData> {
	const token = String(record.sendToken);
	if (typeof record.secureLink !== 'string' || record.secureLink === '') {
		const where = itemIndex === undefined ? '' : ` [item ${itemIndex}]`;
		throw new NodeOperationError(
			ctx.getNode(),
			`${FAX_RECORDS[kind].label} "${token}" has no secure link to download${where}`,
			{ itemIndex },
		);
	}
	const file = await downloadSecureLink.call(ctx, record.secureLink, itemIndex);
	const binary = await ctx.helpers.prepareBinaryData(
		file.data,
		file.fileName ?? `${token}.pdf`,
		file.contentType ?? 'application/pdf',
	);
	return { json: record, binary: { [propertyName.trim() || 'data']: binary } };
}

/** Get Many of a fax list: Return All/Limit plus the "Filters" collection as query parameters. */
export async function getFilteredPages(
	ctx: IExecuteFunctions,
	itemIndex: number,
	path: string,
	listKey: string,
	filterMapping: Record<string, FieldMapping>,
): Promise<IDataObject[]> {
	const limit = readLimit(ctx, itemIndex);
	const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const qs = optionalFields(ctx, itemIndex, filters, filterMapping);
	return await apiRequestAllPages.call(
		ctx,
		{ path, qs, itemIndex },
		{ list: listKey, paged: true },
		limit,
	);
}
