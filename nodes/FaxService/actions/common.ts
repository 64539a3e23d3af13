import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodeParameterResourceLocator } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { MultipartFile, Readable } from '../../shared/multipart';
import type { FileKind } from '../../shared/validation';
import {
	assertDate,
	assertDateOrDateTime,
	assertE164,
	assertEmail,
	assertFileKind,
	assertMaxBytes,
	assertUrl,
	assertUuid,
	MIME_TYPE,
} from '../../shared/validation';
import type { DownloadedFile } from '../../shared/transport';
import { apiRequestAllPages } from '../../shared/transport';

/** Fields and helpers several operations share, so each is written once. */

export const binaryPropertyField = (description: string): INodeProperties => ({
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the input binary field holding the file',
	description,
});

export const outputBinaryField: INodeProperties = {
	displayName: 'Put Output File in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the output binary field to put the PDF in',
};

const COLLECTION_LABELS = {
	additionalFields: { displayName: 'Additional Fields', placeholder: 'Add Field' },
	updateFields: { displayName: 'Update Fields', placeholder: 'Add Field' },
	filters: { displayName: 'Filters', placeholder: 'Add Filter' },
} as const;

/** The optional fields of an operation, in n8n's usual collections. */
export const fieldCollection = (name: keyof typeof COLLECTION_LABELS, options: INodeProperties[]): INodeProperties => ({
	...COLLECTION_LABELS[name],
	name,
	type: 'collection',
	default: {},
	options,
});

/** Where the service sends a callback; `receives` says what arrives there. */
export const callbackUrlField = (receives: string, required = false): INodeProperties => ({
	displayName: 'Callback URL',
	name: 'callbackUrl',
	type: 'string',
	default: '',
	required,
	placeholder: 'https://your-n8n/webhook/…',
	description: `Receives ${receives}. Paste the Production URL of a Fax Service Trigger here.`,
});

export const returnAllFields: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** `undefined` means Return All. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const limit = ctx.getNodeParameter('limit', itemIndex, 50) as number;
	if (!Number.isInteger(limit) || limit < 1) {
		throw new NodeOperationError(ctx.getNode(), `Limit must be a whole number of at least 1, got ${limit} [item ${itemIndex}]`, { itemIndex });
	}
	return limit;
}

/** A fax number picked from the account's numbers, or typed as E.164. */
export const faxNumberLocator = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchFaxNumbersByNumber', searchable: true },
		},
		{
			displayName: 'Number',
			name: 'number',
			type: 'string',
			placeholder: '+15551234567',
			validation: [{ type: 'regex', properties: { regex: '^\\+[1-9]\\d{1,14}$', errorMessage: 'Use E.164, like +15551234567' } }],
		},
	],
});

/** A record addressed by its UUID, picked from the account's records or typed. */
const uuidLocator = (displayName: string, name: string, searchListMethod: string): INodeProperties => ({
	displayName,
	name,
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod, searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '3f2b1c9e-8a6d-4e2f-9b1a-7c5d4e3f2a10',
		},
	],
});

export const faxNumberIdLocator = uuidLocator('Fax Number', 'faxNumberId', 'searchFaxNumbers');

export const clientIdLocator = uuidLocator('Client', 'clientId', 'searchClients');

/** An optional picker of the account's clients or fax numbers inside a collection. */
export const recordOption = (
	record: 'Client' | 'Fax Number',
	name: string,
	loadOptionsMethod: 'getClients' | 'getClientsOrNone' | 'getFaxNumbers',
	purpose: string,
): INodeProperties => ({
	displayName: `${record} Name or ID`,
	name,
	type: 'options',
	default: '',
	typeOptions: { loadOptionsMethod },
	description: `${purpose}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
});

function locatorValue(ctx: IExecuteFunctions, name: string, itemIndex: number): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as string | INodeParameterResourceLocator;
	return String(typeof value === 'object' && value !== null ? value.value : value ?? '');
}

export function readE164Locator(ctx: IExecuteFunctions, itemIndex: number, name: string, label: string): string {
	return assertE164(ctx, itemIndex, label, locatorValue(ctx, name, itemIndex));
}

export function readUuidLocator(ctx: IExecuteFunctions, itemIndex: number, name: string, label: string): string {
	return assertUuid(ctx, itemIndex, label, locatorValue(ctx, name, itemIndex));
}

export function readRequiredString(ctx: IExecuteFunctions, itemIndex: number, name: string, label: string): string {
	const value = String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();
	if (value === '') {
		throw new NodeOperationError(ctx.getNode(), `${label} must not be empty [item ${itemIndex}]`, { itemIndex });
	}
	return value;
}

/** Reads a file from the item's binary field and checks its type by content. */
export async function readUpload(
	ctx: IExecuteFunctions,
	itemIndex: number,
	allowed: readonly FileKind[],
	maxBytes?: number,
): Promise<MultipartFile> {
	const propertyName = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	const item = ctx.getInputData()[itemIndex];
	if (!item?.binary?.[propertyName]) {
		const present = Object.keys(item?.binary ?? {});
		throw new NodeOperationError(
			ctx.getNode(),
			`Input Binary Field "${propertyName}" is missing on the input item [item ${itemIndex}]`,
			{
				itemIndex,
				description: present.length
					? `The item has binary fields: ${present.join(', ')}`
					: 'The item has no binary data. Read the file first, for example with a "Read/Write Files from Disk" or "HTTP Request" node.',
			},
		);
	}
	const binary = ctx.helpers.assertBinaryData(itemIndex, propertyName);
	const field = `Input Binary Field "${propertyName}"`;
	let data: MultipartFile['data'];
	let size: number;
	let head: Buffer;
	if (binary.id) {
		// Stored outside the item (filesystem, S3, database): read its size and first bytes, send it as a stream.
		const id = binary.id;
		size = (await ctx.helpers.getBinaryMetadata(id)).fileSize;
		head = await firstBytes(await ctx.helpers.getBinaryStream(id, FILE_KIND_BYTES), FILE_KIND_BYTES);
		data = async () => await ctx.helpers.getBinaryStream(id);
	} else {
		data = await ctx.helpers.getBinaryDataBuffer(itemIndex, propertyName);
		size = data.length;
		head = data.subarray(0, FILE_KIND_BYTES);
	}
	if (maxBytes !== undefined) assertMaxBytes(ctx, itemIndex, field, size, maxBytes);
	const kind = assertFileKind(ctx, itemIndex, field, head, allowed);
	const fileName = binary.fileName || `document.${kind === 'pdf' ? 'pdf' : 'tif'}`;
	return { field: 'file', fileName, contentType: MIME_TYPE[kind], size, data };
}

/** How many leading bytes tell a PDF from a TIFF. */
const FILE_KIND_BYTES = 8;

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

export type FieldKind = 'text' | 'date' | 'dateOrDateTime' | 'e164' | 'email' | 'url';

export interface FieldMapping {
	apiName: string;
	label: string;
	kind?: FieldKind;
}

const CHECK: Record<FieldKind, (ctx: IExecuteFunctions, itemIndex: number, label: string, value: string) => string> = {
	text: (_ctx, _itemIndex, _label, value) => value.trim(),
	date: assertDate,
	dateOrDateTime: assertDateOrDateTime,
	e164: assertE164,
	email: assertEmail,
	url: assertUrl,
};

/**
 * Turns the set entries of an "Additional Fields" or "Filters" collection into the service's
 * snake_case fields, checking each value by its kind. Empty entries are left out.
 */
export function optionalFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	values: IDataObject,
	mapping: Record<string, FieldMapping>,
): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [name, { apiName, label, kind = 'text' }] of Object.entries(mapping)) {
		const raw = values[name];
		if (raw === undefined || raw === null || String(raw).trim() === '') continue;
		result[apiName] = CHECK[kind](ctx, itemIndex, label, String(raw));
	}
	return result;
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

/** Get Many of a paginated list: Return All/Limit plus the "Filters" collection as query parameters. */
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
	return await apiRequestAllPages.call(ctx, { path, qs, itemIndex }, listKey, limit);
}
