import type { INodeProperties } from 'n8n-workflow';

import type { FieldMapping } from './optionalFields';

/** Filter fields the sent and received fax lists share (Get Many and the polling trigger). */

export const isTestFilter: INodeProperties = {
	displayName: 'Test or Live',
	name: 'isTest',
	type: 'options',
	default: 'true',
	options: [
		{ name: 'Test Records Only', value: 'true' },
		{ name: 'Live Records Only', value: 'false' },
	],
	description: 'Whether to return only test records (created with the test key) or only live ones',
};

/** How a received fax ended (spec 2.3); it never changes once the fax is listed. */
export const faxStatusFilter: INodeProperties = {
	displayName: 'Fax Status',
	name: 'faxStatus',
	type: 'options',
	default: 'success',
	options: [
		{ name: 'Success', value: 'success' },
		{ name: 'Failure', value: 'failure' },
	],
};

export const dateRangeFilters = (verb: 'sent' | 'received'): INodeProperties[] => {
	const label = verb === 'sent' ? 'Sent' : 'Received';
	return [
		{
			displayName: `${label} After`,
			name: 'dateStart',
			type: 'dateTime',
			default: '',
			description: 'Start of the date range (date_start). A date (YYYY-MM-DD) or a date and time.',
		},
		{
			displayName: `${label} Before`,
			name: 'dateEnd',
			type: 'dateTime',
			default: '',
			description: 'End of the date range (date_end). A date (YYYY-MM-DD) or a date and time.',
		},
	];
};

/** The sending and receiving number filters, described from the list's point of view. */
export const numberFilters = (
	fromDescription: string,
	toDescription: string,
): { from: INodeProperties; to: INodeProperties } => ({
	from: {
		displayName: 'From Number',
		name: 'fromNumber',
		type: 'string',
		default: '',
		placeholder: '+15551234567',
		description: fromDescription,
	},
	to: {
		displayName: 'To Number',
		name: 'toNumber',
		type: 'string',
		default: '',
		placeholder: '+15551234567',
		description: toDescription,
	},
});

/** Query names and checks of the filters both fax lists have. */
export const SHARED_FILTERS: Record<string, FieldMapping> = {
	fromNumber: { apiName: 'from_number', label: 'From Number', kind: 'e164' },
	toNumber: { apiName: 'to_number', label: 'To Number', kind: 'e164' },
	isTest: { apiName: 'is_test', label: 'Test or Live' },
};
