import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { MultipartFile } from '../../../shared/transport';
import { apiRequest, encodeMultipart } from '../../../shared/transport';
import { assertE164 } from '../../../shared/validation';
import type { BuiltDocument } from '../document';
import { buildDocument, DOCUMENT_KINDS, documentFields, readDocumentRequest } from '../document';
import {
	callbackUrlField,
	faxNumberLocator,
	NO_FAX_NUMBER_HELP,
	noFaxNumberNotice,
} from '../fields';
import { fieldCollection, optionalFields } from '../../../shared/parameters';
import { readE164Locator } from '../readers';

/**
 * A fax's numbers and document: what Send sends and Preview PDF builds. Where it goes comes first, then
 * what goes (the panel shows the fields in this order; their displayOptions decide which show).
 */
export const faxDocumentFields: INodeProperties[] = [
	faxNumberLocator('From Number', 'fromNumber', "One of the account's fax numbers to send from"),
	noFaxNumberNotice('fromNumber'),
	{
		displayName: 'To Number',
		name: 'toNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: '+15551234567',
		description: 'Destination fax number in E.164 form',
	},
	...documentFields(
		'The PDF, TIFF or image (JPEG, PNG, GIF or BMP) to fax; an image is one page',
		'fax',
	),
];

/** The fields of a fax to send; Send and Wait gives the callback URL itself, so it leaves that one out. */
export const faxFields = (withCallbackUrl: boolean): INodeProperties[] => [
	...faxDocumentFields,
	fieldCollection('additionalFields', [
		...(withCallbackUrl ? [callbackUrlField('the sent-fax callback when delivery completes')] : []),
		{
			displayName: 'Document Type',
			name: 'documentType',
			type: 'options',
			default: 'both',
			options: [
				{ name: 'Both', value: 'both', description: 'The document and the access code sheet' },
				{ name: 'Document Only', value: 'document_only' },
				{ name: 'Access Code Sheet Only', value: 'access_code_sheet_only' },
			],
		},
		{ displayName: 'Note', name: 'note', type: 'string', default: '', typeOptions: { rows: 2 } },
		{
			displayName: 'Patient Date of Birth',
			name: 'patientDob',
			type: 'string',
			default: '',
			placeholder: 'YYYY-MM-DD',
		},
		{ displayName: 'Patient Name', name: 'patientName', type: 'string', default: '' },
		{ displayName: 'Recipient Name', name: 'recipientName', type: 'string', default: '' },
		{ displayName: 'Sender Name', name: 'senderName', type: 'string', default: '' },
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sentFax'], operation: ['send'] } },
	faxFields(true),
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	return await sendFax(this, itemIndex);
}

/** Queues the item's fax; `callbackUrl`, when given, replaces the field of that name. Answers `{message, faxId}`. */
export async function sendFax(
	ctx: IExecuteFunctions,
	itemIndex: number,
	callbackUrl?: string,
): Promise<IDataObject> {
	const { fields, file } = await faxForm(ctx, itemIndex);
	if (callbackUrl !== undefined) fields.callback_url = callbackUrl;
	return await apiRequest.call(ctx, {
		method: 'POST',
		answer: { record: null, id: 'faxId' },
		path: '/sent_faxes',
		multipart: encodeMultipart(fields, [file]),
		itemIndex,
	});
}

/** The item's From and To Number, checked. */
export function faxNumbers(
	ctx: IExecuteFunctions,
	itemIndex: number,
): { fromNumber: string; toNumber: string } {
	const fromNumber = readE164Locator(
		ctx,
		itemIndex,
		'fromNumber',
		'From Number',
		`The fax needs one of the account's numbers to send from. ${NO_FAX_NUMBER_HELP} If an expression gives the number, check that it gives one for this item.`,
	);
	const toNumber = assertE164(
		ctx,
		itemIndex,
		'To Number',
		ctx.getNodeParameter('toNumber', itemIndex) as string,
	);
	return { fromNumber, toNumber };
}

/** The item's fax document as the service gets it: cover page and further documents included. */
export async function buildFaxDocument(
	ctx: IExecuteFunctions,
	itemIndex: number,
	numbers: { fromNumber: string; toNumber: string },
): Promise<BuiltDocument> {
	const request = await readDocumentRequest(ctx, itemIndex, {
		allowed: DOCUMENT_KINDS,
		purpose: 'fax',
		toFax: numbers.toNumber,
		fromFax: numbers.fromNumber,
	});
	return await buildDocument(ctx, itemIndex, request);
}

/** The item's fax as form fields and file, every value checked. */
async function faxForm(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<{ fields: Record<string, string>; file: MultipartFile }> {
	const { fromNumber, toNumber } = faxNumbers(ctx, itemIndex);
	const additional = ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const fields: Record<string, string> = {
		from_number: fromNumber,
		to_number: toNumber,
		...optionalFields(ctx, itemIndex, additional, {
			patientName: { apiName: 'patient_name', label: 'Patient Name' },
			patientDob: { apiName: 'patient_dob', label: 'Patient Date of Birth', kind: 'date' },
			senderName: { apiName: 'sender_name', label: 'Sender Name' },
			recipientName: { apiName: 'recipient_name', label: 'Recipient Name' },
			note: { apiName: 'note', label: 'Note' },
			documentType: { apiName: 'document_type', label: 'Document Type' },
			callbackUrl: { apiName: 'callback_url', label: 'Callback URL', kind: 'url' },
		}),
	};
	return { fields, file: (await buildFaxDocument(ctx, itemIndex, { fromNumber, toNumber })).file };
}
