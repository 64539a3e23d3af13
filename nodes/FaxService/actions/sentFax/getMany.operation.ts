import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { FieldMapping } from '../../../shared/parameters';
import { outputFields, returnAllFields } from '../fields';
import {
	dateRangeFilters,
	fieldCollection,
	isTestFilter,
	numberFilters,
	SHARED_FILTERS,
} from '../../../shared/parameters';
import { getFilteredPages } from '../faxRecords';
import type { RecordKindName } from '../../../shared/records';

const numbers = numberFilters("The account's number that sent the fax", 'Destination number');

const properties: INodeProperties[] = [
	...returnAllFields,
	fieldCollection('filters', [
		...dateRangeFilters('sent'),
		numbers.from,
		isTestFilter,
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
		{
			displayName: 'Sort By',
			name: 'sort',
			type: 'string',
			default: '',
			placeholder: 'sent_at',
			description:
				'Field to sort by. The interface does not list the accepted values; the sandbox accepts sent_at, completed_at, to_number, from_number, patient_name.',
		},
		{
			displayName: 'Sort Direction',
			name: 'sortDir',
			type: 'options',
			default: 'desc',
			options: [
				{ name: 'Ascending', value: 'asc' },
				{ name: 'Descending', value: 'desc' },
			],
		},
		numbers.to,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['sentFax'], operation: ['getMany'] } },
	[...properties, ...outputFields('sentFax')],
);

export const records: RecordKindName = 'sentFax';

const FILTERS: Record<string, FieldMapping> = {
	...SHARED_FILTERS,
	patientName: { apiName: 'patient_name', label: 'Patient Name' },
	patientDob: { apiName: 'patient_dob', label: 'Patient Date of Birth', kind: 'date' },
	senderName: { apiName: 'sender_name', label: 'Sender Name' },
	recipientName: { apiName: 'recipient_name', label: 'Recipient Name' },
	dateStart: { apiName: 'date_start', label: 'Sent After', kind: 'dateOrDateTime' },
	dateEnd: { apiName: 'date_end', label: 'Sent Before', kind: 'dateOrDateTime' },
	sort: { apiName: 'sort', label: 'Sort By' },
	sortDir: { apiName: 'sort_dir', label: 'Sort Direction' },
};

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await getFilteredPages(this, itemIndex, '/sent_faxes', 'sentFaxes', FILTERS);
}
