import type { INodeProperties } from 'n8n-workflow';

/** Filter fields the sent and received fax lists share. */

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
