import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { FieldMapping } from '../../../shared/parameters';
import { outputFields, returnAllFields } from '../fields';
import {
	dateRangeFilters,
	faxStatusFilter,
	fieldCollection,
	isTestFilter,
	numberFilters,
	recordOption,
	SHARED_FILTERS,
} from '../../../shared/parameters';
import { getFilteredPages } from '../faxRecords';
import type { RecordKindName } from '../../../shared/records';

const numbers = numberFilters(
	'The sending fax number',
	"The account's number that received the fax",
);

const properties: INodeProperties[] = [
	...returnAllFields,
	fieldCollection('filters', [
		{
			displayName: 'Callback Status',
			name: 'callbackStatus',
			type: 'options',
			default: 'success',
			options: [
				{ name: 'Failed', value: 'failed' },
				{ name: 'Pending', value: 'pending' },
				{ name: 'Success', value: 'success' },
			],
			description: 'Delivery status of the received-fax callback',
		},
		{
			displayName: 'Caller Name',
			name: 'callerName',
			type: 'string',
			default: '',
			description: 'Caller ID name',
		},
		recordOption('Client', 'client', 'getClients', 'Only faxes received on numbers of this client'),
		...dateRangeFilters('received'),
		faxStatusFilter,
		numbers.from,
		isTestFilter,
		numbers.to,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['receivedFax'], operation: ['getMany'] } },
	[...properties, ...outputFields('receivedFax')],
);

export const records: RecordKindName = 'receivedFax';

const FILTERS: Record<string, FieldMapping> = {
	...SHARED_FILTERS,
	callerName: { apiName: 'caller_name', label: 'Caller Name' },
	dateStart: { apiName: 'date_start', label: 'Received After', kind: 'dateOrDateTime' },
	dateEnd: { apiName: 'date_end', label: 'Received Before', kind: 'dateOrDateTime' },
	faxStatus: { apiName: 'fax_status', label: 'Fax Status' },
	client: { apiName: 'client', label: 'Client Name or ID' },
	callbackStatus: { apiName: 'callback_status', label: 'Callback Status' },
};

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await getFilteredPages(this, itemIndex, '/received_faxes', 'receivedFaxes', FILTERS);
}
