/**
 * The refusals the node makes before any request, one case each (validation.test.ts runs them): the
 * field, what is wrong with it and, where it quotes the value, only in the description.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { TestInputItem } from '../harness/test-input.node';
import { byId, byNumber, fileItem, pdf, PNG, TIFF } from './fixtures';

const UUID = '3f2b1c9e-8a6d-4e2f-9b1a-7c5d4e3f2a10';
/** The start of an iPhone photo: an ISO base media file whose ftyp box names the brands heic and mif1. */
const HEIC = Buffer.concat([
	Buffer.from('00000018667479706865696300000000', 'hex'),
	Buffer.from('mif1heic', 'latin1'),
	Buffer.alloc(32),
]);
/** The start of a WebP: a RIFF container of form WEBP. */
const WEBP = Buffer.concat([Buffer.from('RIFF\x24\0\0\0WEBPVP8 ', 'latin1'), Buffer.alloc(32)]);
const CALLBACK = 'https://example.com/hook';

export const sendFax = (overrides: INodeParameters = {}): INodeParameters => ({
	resource: 'sentFax',
	operation: 'send',
	fromNumber: byNumber('+12125550001'),
	toNumber: '+13105551234',
	...overrides,
});
const simulate = (overrides: INodeParameters = {}): INodeParameters => ({
	resource: 'receivedFax',
	operation: 'simulateInbound',
	toNumber: byNumber('+12125550001'),
	fromNumber: '+14155551234',
	...overrides,
});
const sendEmail = (overrides: INodeParameters = {}): INodeParameters => ({
	resource: 'secureLinkEmail',
	operation: 'send',
	recipientEmail: 'someone@example.com',
	expireAfter: 7,
	...overrides,
});
const aiUpload = (overrides: INodeParameters = {}): INodeParameters => ({
	resource: 'aiDocument',
	operation: 'upload',
	callbackUrl: CALLBACK,
	...overrides,
});

function oversizedPdf(): Buffer {
	const data = Buffer.alloc(52_428_801, 0x20);
	data.write('%PDF-1.4\n', 0, 'latin1');
	return data;
}

interface Case {
	name: string;
	parameters: INodeParameters;
	items?: TestInputItem[];
	/** Text the message must contain: the field's label and what is wrong. */
	expected: string[];
	/** The text given, which the description quotes and the message must not (any field can be fed patient data); a number is only quoted. */
	given?: string | number;
}

export const withPdf = [fileItem(pdf(1))];

export const cases: Case[] = [
	// E.164 numbers (values the engine cannot check itself arrive through expressions)
	{
		name: 'Send: To Number not E.164',
		parameters: sendFax({ toNumber: '3105551234' }),
		items: withPdf,
		expected: ['To Number', 'E.164'],
		given: '3105551234',
	},
	{
		name: 'Send: From Number not E.164',
		parameters: sendFax({ fromNumber: byNumber('={{ $json.from }}') }),
		items: [fileItem(pdf(1), 'a.pdf', 'application/pdf', { from: '+0212555' })],
		expected: ['From Number', 'E.164'],
		given: '+0212555',
	},
	{
		name: 'Simulate Inbound: From Number not E.164',
		parameters: simulate({ fromNumber: '+1 415 555 1234' }),
		items: withPdf,
		expected: ['From Number', 'E.164'],
	},
	{
		name: 'Simulate Inbound: To Number not E.164',
		parameters: simulate({ toNumber: byNumber('={{ "212-555-0001" }}') }),
		items: withPdf,
		expected: ['To Number', 'E.164'],
		given: '212-555-0001',
	},
	{
		name: 'Forward: To Number not E.164',
		parameters: { resource: 'receivedFax', operation: 'forward', faxId: 'abc', toNumber: '+1abc' },
		expected: ['To Number', 'E.164'],
	},
	{
		name: 'Sent Get Many: From Number filter not E.164',
		parameters: {
			resource: 'sentFax',
			operation: 'getMany',
			filters: { fromNumber: '2125550001' },
		},
		expected: ['From Number', 'E.164'],
	},
	{
		name: 'Received Get Many: To Number filter not E.164',
		parameters: { resource: 'receivedFax', operation: 'getMany', filters: { toNumber: '+' } },
		expected: ['To Number', 'E.164'],
	},
	// area code
	{
		name: 'Provision: area code of two digits',
		parameters: { resource: 'faxNumber', operation: 'provision', areaCode: '41' },
		expected: ['Area Code', 'three digits'],
	},
	{
		name: 'Provision: area code of four digits',
		parameters: { resource: 'faxNumber', operation: 'provision', areaCode: '4155' },
		expected: ['Area Code', 'three digits'],
	},
	// uuids
	{
		name: 'Fax Number Get: id not a UUID',
		parameters: { resource: 'faxNumber', operation: 'get', faxNumberId: byId('12345') },
		expected: ['Fax Number', 'UUID'],
		given: '12345',
	},
	{
		name: 'Fax Number Update: id not a UUID',
		parameters: {
			resource: 'faxNumber',
			operation: 'update',
			faxNumberId: byId('nope'),
			updateFields: { callbackUrl: CALLBACK },
		},
		expected: ['Fax Number', 'UUID'],
	},
	{
		name: 'Fax Number Update: client not a UUID',
		parameters: {
			resource: 'faxNumber',
			operation: 'update',
			faxNumberId: byId(UUID),
			updateFields: { clientId: 'acme' },
		},
		expected: ['Client', 'UUID'],
		given: 'acme',
	},
	{
		name: 'Provision: client not a UUID',
		parameters: {
			resource: 'faxNumber',
			operation: 'provision',
			areaCode: '415',
			additionalFields: { clientId: 'acme' },
		},
		expected: ['Client', 'UUID'],
	},
	{
		name: 'Client Get: id not a UUID',
		parameters: { resource: 'client', operation: 'get', clientId: byId('client-1') },
		expected: ['Client', 'UUID'],
		given: 'client-1',
	},
	{
		name: 'Client Rename: id not a UUID',
		parameters: { resource: 'client', operation: 'rename', clientId: byId('x'), name: 'New' },
		expected: ['Client', 'UUID'],
	},
	{
		name: 'Client Create: fax number not a UUID',
		parameters: {
			resource: 'client',
			operation: 'create',
			name: 'Acme',
			additionalFields: { faxNumberId: '+12125550001' },
		},
		expected: ['Fax Number', 'UUID'],
	},
	// dates
	{
		name: 'Send: patient DOB that is no calendar date',
		parameters: sendFax({ additionalFields: { patientDob: '1980-02-30' } }),
		items: withPdf,
		expected: ['Patient Date of Birth', 'YYYY-MM-DD'],
	},
	{
		name: 'Send: patient DOB in another format',
		parameters: sendFax({ additionalFields: { patientDob: '01/15/1980' } }),
		items: withPdf,
		expected: ['Patient Date of Birth', 'YYYY-MM-DD'],
		given: '01/15/1980',
	},
	{
		name: 'E-mail: patient DOB invalid',
		parameters: sendEmail({ additionalFields: { patientDob: '1980-13-01' } }),
		items: withPdf,
		expected: ['Patient Date of Birth'],
	},
	{
		name: 'Sent Get Many: patient DOB filter invalid',
		parameters: { resource: 'sentFax', operation: 'getMany', filters: { patientDob: 'yesterday' } },
		expected: ['Patient Date of Birth'],
	},
	{
		name: 'Sent Get Many: Sent After invalid',
		parameters: { resource: 'sentFax', operation: 'getMany', filters: { dateStart: '2024-02-31' } },
		expected: ['Sent After'],
	},
	// expire_after
	{
		name: 'E-mail: Expire After 0',
		parameters: sendEmail({ expireAfter: 0 }),
		items: withPdf,
		expected: ['Expire After', '1 to 180'],
		given: 0,
	},
	{
		name: 'E-mail: Expire After 181',
		parameters: sendEmail({ expireAfter: 181 }),
		items: withPdf,
		expected: ['Expire After', '1 to 180'],
		given: 181,
	},
	{
		name: 'E-mail: Expire After not whole',
		parameters: sendEmail({ expireAfter: 2.5 }),
		items: withPdf,
		expected: ['Expire After'],
	},
	// limit
	{
		name: 'Sent Get Many: Limit 0',
		parameters: { resource: 'sentFax', operation: 'getMany', returnAll: false, limit: 0 },
		expected: ['Limit', 'got 0'],
	},
	{
		name: 'Received Get Many: Limit not whole',
		parameters: { resource: 'receivedFax', operation: 'getMany', returnAll: false, limit: 1.5 },
		expected: ['Limit'],
	},
	{
		name: 'Fax Number Get Many: Limit negative',
		parameters: { resource: 'faxNumber', operation: 'getMany', returnAll: false, limit: -1 },
		expected: ['Limit'],
	},
	// binary input
	{
		name: 'Send: binary property missing',
		parameters: sendFax({ binaryPropertyName: 'document' }),
		items: withPdf,
		expected: ['Input Binary Field "document"', 'missing'],
	},
	{
		name: 'Send: item without any binary',
		parameters: sendFax(),
		items: [{ json: {} }],
		expected: ['Input Binary Field "data"', 'missing'],
	},
	{
		name: 'Send: a PNG cut short inside its header, named .pdf: read as the PNG it is, refused as damaged',
		parameters: sendFax(),
		items: [fileItem(PNG, 'scan.pdf', 'application/pdf')],
		expected: ['Input Binary Field "data" cannot be faxed: it is damaged and cannot be read'],
	},
	{
		name: 'Send: text named .png',
		parameters: sendFax(),
		items: [fileItem(Buffer.from('Patient notes'), 'scan.png', 'image/png')],
		expected: [
			'Input Binary Field "data" must be a PDF, TIFF or image file (JPEG, PNG, GIF or BMP)',
		],
	},
	{
		name: 'Send: a HEIC named .jpg is refused by name',
		parameters: sendFax(),
		items: [fileItem(HEIC, 'photo.jpg', 'image/jpeg')],
		expected: [
			"must be a PDF, TIFF or image file (JPEG, PNG, GIF or BMP), got a HEIC image (the iPhone's photo format)",
		],
	},
	{
		name: 'Simulate Inbound: a PNG cut short, named .tif',
		parameters: simulate(),
		items: [fileItem(PNG, 'scan.tif', 'image/tiff')],
		expected: ['Input Binary Field "data" cannot be sent: it is damaged'],
	},
	{
		name: 'E-mail: a PNG cut short, named .pdf',
		parameters: sendEmail(),
		items: [fileItem(PNG, 'scan.pdf')],
		expected: ['Input Binary Field "data" cannot be sent: it is damaged'],
	},
	{
		name: 'AI: a TIFF is refused',
		parameters: aiUpload(),
		items: [fileItem(TIFF, 'scan.tif', 'image/tiff')],
		expected: [
			'Input Binary Field "data" must be a PDF or image file (JPEG, PNG, GIF or BMP), got a TIFF',
		],
	},
	{
		name: 'AI: a WebP is refused by name',
		parameters: aiUpload(),
		items: [fileItem(WEBP, 'scan.webp', 'image/webp')],
		expected: ['must be a PDF or image file (JPEG, PNG, GIF or BMP), got a WebP image'],
	},
	{
		name: 'AI: a PNG cut short, named .pdf',
		parameters: aiUpload(),
		items: [fileItem(PNG, 'scan.pdf')],
		expected: ['Input Binary Field "data" cannot be sent: it is damaged'],
	},
	{
		name: 'AI: 52,428,801 bytes is over the limit',
		parameters: aiUpload(),
		items: [fileItem(oversizedPdf(), 'huge.pdf')],
		expected: ['Input Binary Field "data"', '52428801', '52428800'],
	},
	// callback URLs
	{
		name: 'Send: callback URL not http(s)',
		parameters: sendFax({ additionalFields: { callbackUrl: 'ftp://example.com/hook' } }),
		items: withPdf,
		expected: ['Callback URL', 'http'],
	},
	{
		name: 'AI: callback URL not a URL',
		parameters: aiUpload({ callbackUrl: 'my webhook' }),
		items: withPdf,
		expected: ['Callback URL'],
		given: 'my webhook',
	},
	{
		name: 'AI: callback URL empty',
		parameters: aiUpload({ callbackUrl: '={{ "" }}' }),
		items: withPdf,
		expected: ['Callback URL'],
	},
	{
		name: 'E-mail: callback URL invalid',
		parameters: sendEmail({ additionalFields: { callbackUrl: 'example.com/hook' } }),
		items: withPdf,
		expected: ['Callback URL'],
	},
	{
		name: 'Provision: callback URL invalid',
		parameters: {
			resource: 'faxNumber',
			operation: 'provision',
			areaCode: '415',
			additionalFields: { callbackUrl: 'javascript:alert(1)' },
		},
		expected: ['Callback URL'],
	},
	{
		name: 'Fax Number Update: callback URL invalid',
		parameters: {
			resource: 'faxNumber',
			operation: 'update',
			faxNumberId: byId(UUID),
			updateFields: { callbackUrl: 'not a url' },
		},
		expected: ['Callback URL'],
	},
	// e-mail addresses
	{
		name: 'E-mail: recipient not an e-mail',
		parameters: sendEmail({ recipientEmail: 'someone@' }),
		items: withPdf,
		expected: ['Recipient Email', 'e-mail'],
		given: 'someone@',
	},
	{
		name: 'E-mail: reply-to not an e-mail',
		parameters: sendEmail({ additionalFields: { replyToEmail: 'clinic at example.com' } }),
		items: withPdf,
		expected: ['Reply-To Email', 'e-mail'],
		given: 'clinic at example.com',
	},
	// required values
	{
		name: 'Sent Get: empty Fax ID',
		parameters: { resource: 'sentFax', operation: 'get', faxId: '  ' },
		expected: ['Fax ID', 'empty'],
	},
	{
		name: 'Client Create: empty name',
		parameters: { resource: 'client', operation: 'create', name: '={{ "   " }}' },
		expected: ['Name', 'empty'],
	},
	{
		name: 'Fax Number Update: nothing to update',
		parameters: {
			resource: 'faxNumber',
			operation: 'update',
			faxNumberId: byId(UUID),
			updateFields: {},
		},
		expected: ['Update Fields'],
	},
];
