import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';
import { readRequiredString } from '../readers';
import { outputFields } from '../fields';
import type { RecordKindName } from '../../../shared/records';

export const description = updateDisplayOptions(
	{ show: { resource: ['secureLinkEmail'], operation: ['get'] } },
	[
		{
			displayName: 'Email ID',
			name: 'emailId',
			type: 'string',
			default: '',
			required: true,
			description: 'The emailId returned when the e-mail was queued',
		},
		...outputFields('secureLinkEmail'),
	],
);

export const records: RecordKindName = 'secureLinkEmail';

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const emailId = readRequiredString(this, itemIndex, 'emailId', 'Email ID');
	return await apiRequest.call(this, {
		method: 'GET',
		answer: { record: null, id: 'emailId' },
		path: `/emails/${encodeURIComponent(emailId)}`,
		itemIndex,
		notFound: `E-mail "${emailId}"`,
	});
}
