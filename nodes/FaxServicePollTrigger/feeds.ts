import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';

import {
	faxStatusFilter,
	fieldCollection,
	isTestFilter,
	numberFilters,
	optionalFields,
	recordOption,
	SHARED_FILTERS,
	TRIGGER_EVENTS,
} from '../shared/parameters';
import type { FieldMapping } from '../shared/parameters';
import { readAiDocumentPage } from '../shared/lists';
import type { ListPage } from '../shared/transport';
import { apiRequestPage } from '../shared/transport';
import type { Feed } from './cursor';

/** The three lists the polling trigger watches: where they are, their filters, and how their records are read. */

export type PollEvent = 'receivedFax' | 'sentFax' | 'aiDocument';

export interface EventFeed extends Feed {
	event: PollEvent;
	/** What the event is called in the panel. */
	name: string;
	path: string;
	/** The panel's filters of the event and the query parameters they become; none when the list takes none. */
	filtersParameter?: string;
	filters: Record<string, FieldMapping>;
	/** Page `page` (1-based) of the list with `query`, as records that each carry their token. */
	readPage(ctx: IPollFunctions, query: Record<string, string>, page: number): Promise<ListPage>;
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

/** A page of a fax list (spec 2.1 paging), with the largest page size; every record must carry its token. */
const faxListPage =
	(path: string, list: string) =>
	async (ctx: IPollFunctions, query: Record<string, string>, page: number): Promise<ListPage> =>
		await apiRequestPage.call(
			ctx,
			{ path, qs: query },
			{ list, paged: true, id: 'sendToken' },
			page,
		);

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

export const FEEDS: Record<PollEvent, EventFeed> = {
	receivedFax: {
		event: 'receivedFax',
		name: TRIGGER_EVENTS.receivedFax.name,
		path: '/received_faxes',
		readPage: faxListPage('/received_faxes', 'receivedFaxes'),
		filtersParameter: 'receivedFaxFilters',
		filters: {
			toNumber: SHARED_FILTERS.toNumber,
			client: { apiName: 'client', label: 'Client Name or ID' },
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
		readPage: faxListPage('/sent_faxes', 'sentFaxes'),
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
	aiDocument: {
		event: 'aiDocument',
		name: TRIGGER_EVENTS.aiDocument.name,
		path: '/ai_documents',
		// The spec shows no filters for this list (4.6).
		filters: {},
		readPage: async (ctx, _query, page) => await readAiDocumentPage.call(ctx, page),
		token: (record) => String(record.aiToken),
		// AI documents have no state field (spec 3): processing has finished when the result has its
		// completion time, or an error message (a failure the service did not stamp still counts).
		isFinal: (record) => timeOf(record.completedAt) !== undefined || hasText(record.errorDetails),
		time: (record) => timeOf(record.completedAt),
		// An AI result has no other time.
		startTime: () => undefined,
	},
};

const receivedTo = numberFilters(
	'The sending fax number',
	'Only faxes received on this number of the account',
).to;
const sent = numberFilters(
	'Only faxes sent from this number of the account',
	'Only faxes sent to this number',
);

/** Only filters on what never changes once a record is listed, so a record never leaves the filtered list. */
export const filterProperties: INodeProperties[] = [
	{
		...fieldCollection('filters', [
			recordOption(
				'Client',
				'client',
				'getClients',
				'Only faxes received on numbers of this client',
			),
			faxStatusFilter,
			isTestFilter,
			receivedTo,
		]),
		displayName: 'Fax Received Filters',
		name: 'receivedFaxFilters',
		displayOptions: { show: { events: ['receivedFax'] } },
	},
	{
		...fieldCollection('filters', [sent.from, isTestFilter, sent.to]),
		displayName: 'Sent Fax Completed Filters',
		name: 'sentFaxFilters',
		displayOptions: { show: { events: ['sentFax'] } },
	},
];

/** The list query of a feed's filters, checked before any request. */
export function readFilterQuery(ctx: IPollFunctions, feed: EventFeed): Record<string, string> {
	if (feed.filtersParameter === undefined) return {};
	const values = ctx.getNodeParameter(feed.filtersParameter, {}) as IDataObject;
	const labelled: Record<string, FieldMapping> = {};
	for (const [name, mapping] of Object.entries(feed.filters))
		labelled[name] = { ...mapping, label: `${feed.name} Filters → ${mapping.label}` };
	return optionalFields(ctx, undefined, values, labelled);
}
