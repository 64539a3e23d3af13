import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { fieldCollection, recordOption } from '../FaxService/actions/fields';
import { faxStatusFilter, isTestFilter, numberFilters, SHARED_FILTERS } from '../FaxService/actions/filters';
import type { FieldMapping } from '../FaxService/actions/readers';
import { optionalFields } from '../FaxService/actions/readers';
import { apiRequest, MAX_PAGE_SIZE } from '../shared/transport';
import { TRIGGER_EVENTS } from '../shared/triggers';
import type { Feed, ListPage } from './cursor';

/** The two lists the polling trigger watches: where they are, their filters, and how their records are read. */

export type PollEvent = 'receivedFax' | 'sentFax';

export interface EventFeed extends Feed {
	event: PollEvent;
	/** What the event is called in the panel. */
	name: string;
	path: string;
	listKey: string;
	filtersParameter: string;
	filters: Record<string, FieldMapping>;
}

/** A time field of a record (ms), or undefined when it is missing or not a date. */
function timeOf(value: unknown): number | undefined {
	const time = typeof value === 'string' ? Date.parse(value) : NaN;
	return Number.isFinite(time) ? time : undefined;
}

/** A record's own time: when it completed, else when it was sent. */
const recordTime = (record: IDataObject) => timeOf(record.completedAt) ?? timeOf(record.sentAt);
/** When it was sent: orders records that completed in the same millisecond. */
const startTime = (record: IDataObject) => timeOf(record.sentAt);

const token = (record: IDataObject) => String(record.sendToken);

export const FEEDS: Record<PollEvent, EventFeed> = {
	receivedFax: {
		event: 'receivedFax',
		name: TRIGGER_EVENTS.receivedFax.name,
		path: '/received_faxes',
		listKey: 'receivedFaxes',
		filtersParameter: 'receivedFaxFilters',
		filters: {
			toNumber: SHARED_FILTERS.toNumber,
			client: { apiName: 'client', label: 'Client' },
			isTest: SHARED_FILTERS.isTest,
			faxStatus: { apiName: 'fax_status', label: 'Fax Status' },
		},
		token,
		// A received fax is listed once it has been received (spec 2.3: success or failure).
		isFinal: () => true,
		time: recordTime,
		startTime,
	},
	sentFax: {
		event: 'sentFax',
		name: TRIGGER_EVENTS.sentFax.name,
		path: '/sent_faxes',
		listKey: 'sentFaxes',
		filtersParameter: 'sentFaxFilters',
		filters: {
			fromNumber: SHARED_FILTERS.fromNumber,
			toNumber: SHARED_FILTERS.toNumber,
			isTest: SHARED_FILTERS.isTest,
		},
		token,
		isFinal: (record) => record.sentStatus === 'success' || record.sentStatus === 'failure',
		time: recordTime,
		startTime,
	},
};

const receivedTo = numberFilters('The sending fax number', 'Only faxes received on this number of the account').to;
const sent = numberFilters('Only faxes sent from this number of the account', 'Only faxes sent to this number');

/** Only filters on what never changes once a record is listed, so a record never leaves the filtered list. */
export const filterProperties: INodeProperties[] = [
	{
		...fieldCollection('filters', [
			recordOption('Client', 'client', 'getClients', 'Only faxes received on numbers of this client'),
			faxStatusFilter,
			isTestFilter,
			receivedTo,
		]),
		displayName: 'Fax Received Filters',
		name: FEEDS.receivedFax.filtersParameter,
		displayOptions: { show: { events: ['receivedFax'] } },
	},
	{
		...fieldCollection('filters', [sent.from, isTestFilter, sent.to]),
		displayName: 'Sent Fax Completed Filters',
		name: FEEDS.sentFax.filtersParameter,
		displayOptions: { show: { events: ['sentFax'] } },
	},
];

/** The list query of a feed's filters, checked before any request. */
export function readFilterQuery(ctx: IPollFunctions, feed: EventFeed): Record<string, string> {
	const values = ctx.getNodeParameter(feed.filtersParameter, {}) as IDataObject;
	const labelled: Record<string, FieldMapping> = {};
	for (const [name, mapping] of Object.entries(feed.filters)) labelled[name] = { ...mapping, label: `${feed.name} Filters → ${mapping.label}` };
	return optionalFields(ctx, undefined, values, labelled);
}

/** One page of a feed's list, with the largest page size; every record must carry its token. */
export async function readListPage(ctx: IPollFunctions, feed: EventFeed, query: Record<string, string>, page: number): Promise<ListPage> {
	const answer = await apiRequest.call(ctx, {
		method: 'GET',
		path: feed.path,
		qs: { ...query, page, page_size: MAX_PAGE_SIZE },
		answer: { list: feed.listKey, paged: true, id: 'sendToken' },
	});
	const meta = answer.meta as IDataObject;
	return { records: answer[feed.listKey] as IDataObject[], totalCount: Number(meta.totalCount), totalPages: Number(meta.totalPages) };
}
