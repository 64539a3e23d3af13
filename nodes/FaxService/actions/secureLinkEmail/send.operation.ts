import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest, encodeMultipart } from '../../../shared/transport';
import { assertEmail, assertIntegerInRange } from '../../../shared/validation';
import { buildDocument, DOCUMENT_KINDS, documentFields, readDocumentRequest } from '../document';
import { callbackUrlField } from '../fields';
import { fieldCollection, optionalFields } from '../../../shared/parameters';

const properties: INodeProperties[] = [
	...documentFields(
		'The PDF, TIFF or image (JPEG, PNG, GIF or BMP) the recipient can open through the secure link',
		'email',
	),
	{
		displayName: 'Recipient Email',
		name: 'recipientEmail',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
	},
	{
		displayName: 'Expire After',
		name: 'expireAfter',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 180, numberPrecision: 0 },
		default: 7,
		required: true,
		description:
			'How long the secure link stays valid, from 1 to 180. The interface does not state the unit; the sandbox treats it as days.',
	},
	fieldCollection('additionalFields', [
		callbackUrlField('the e-mail callback when delivery completes'),
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
		{
			displayName: 'Reply-To Email',
			name: 'replyToEmail',
			type: 'string',
			default: '',
			placeholder: 'name@email.com',
		},
		{ displayName: 'Sender Name', name: 'senderName', type: 'string', default: '' },
		{ displayName: 'Subject', name: 'subject', type: 'string', default: '' },
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['secureLinkEmail'], operation: ['send'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const recipientEmail = assertEmail(
		this,
		itemIndex,
		'Recipient Email',
		this.getNodeParameter('recipientEmail', itemIndex) as string,
	);
	const expireAfter = assertIntegerInRange(
		this,
		itemIndex,
		'Expire After',
		this.getNodeParameter('expireAfter', itemIndex) as number,
		1,
		180,
	);
	const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const fields: Record<string, string> = {
		recipient_email: recipientEmail,
		expire_after: String(expireAfter),
		...optionalFields(this, itemIndex, additional, {
			recipientName: { apiName: 'recipient_name', label: 'Recipient Name' },
			senderName: { apiName: 'sender_name', label: 'Sender Name' },
			replyToEmail: { apiName: 'reply_to_email', label: 'Reply-To Email', kind: 'email' },
			subject: { apiName: 'subject', label: 'Subject' },
			note: { apiName: 'note', label: 'Note' },
			patientName: { apiName: 'patient_name', label: 'Patient Name' },
			patientDob: { apiName: 'patient_dob', label: 'Patient Date of Birth', kind: 'date' },
			callbackUrl: { apiName: 'callback_url', label: 'Callback URL', kind: 'url' },
		}),
	};
	const request = await readDocumentRequest(this, itemIndex, {
		allowed: DOCUMENT_KINDS,
		purpose: 'email',
	});
	const { file } = await buildDocument(this, itemIndex, request);
	return await apiRequest.call(this, {
		method: 'POST',
		path: '/emails',
		multipart: encodeMultipart(fields, [file]),
		itemIndex,
		answer: { record: null, id: 'emailId' },
	});
}
