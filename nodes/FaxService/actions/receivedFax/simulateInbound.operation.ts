import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest, encodeMultipart } from '../../../shared/transport';
import { assertE164 } from '../../../shared/validation';
import { binaryPropertyField, faxNumberLocator } from '../fields';
import { DOCUMENT_KINDS, readUpload } from '../document';
import { readE164Locator } from '../readers';

const properties: INodeProperties[] = [
	binaryPropertyField(
		'The PDF, TIFF or image (JPEG, PNG, GIF or BMP) the simulated sender faxes; an image goes as a one-page PDF',
	),
	faxNumberLocator(
		'To Number',
		'toNumber',
		"The account's fax number that receives the simulated fax; its callback URL is called",
	),
	{
		displayName: 'From Number',
		name: 'fromNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: '+15551234567',
		description: 'The simulated sending fax number, in E.164 form',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['receivedFax'], operation: ['simulateInbound'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const toNumber = readE164Locator(this, itemIndex, 'toNumber', 'To Number');
	const fromNumber = assertE164(
		this,
		itemIndex,
		'From Number',
		this.getNodeParameter('fromNumber', itemIndex) as string,
	);
	const file = await readUpload(this, itemIndex, DOCUMENT_KINDS);
	return await apiRequest.call(this, {
		method: 'POST',
		answer: { message: true },
		path: '/received_faxes/test_receive',
		multipart: encodeMultipart({ to_number: toNumber, from_number: fromNumber }, [file]),
		itemIndex,
	});
}
