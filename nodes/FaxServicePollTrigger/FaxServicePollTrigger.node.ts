import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { MAIN_CONNECTION } from '../shared/compat';
import { forgetCredentials } from '../shared/credentials';
import { loadOptions } from '../shared/lists';
import { EVENTS_SUBTITLE, eventsField, OUTPUT_MODES, pdfFieldOption } from '../shared/parameters';
import { RECORD_KINDS, simplifiedRecord } from '../shared/records';
import { downloadSecureLink } from '../shared/transport';
import { assertDateOrDateTime } from '../shared/validation';
import type { FeedCursor } from './cursor';
import { advance, isFeedCursor, MAX_PENDING, MAX_SEEN } from './cursor';
import type { EventFeed, PollEvent } from './feeds';
import { FEEDS, filterProperties, readFilterQuery } from './feeds';

/** Share of n8n's poll budget spent reading lists; the rest is left for downloading PDFs. */
const READ_SHARE_OF_BUDGET = 0.6;

/** What static data keeps per event: the cursor, and the settings it was made for. */
interface StoredFeed {
	settings: string;
	cursor: FeedCursor;
}

export class FaxServicePollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fax Service Polling Trigger',
		name: 'faxServicePollTrigger',
		icon: {
			light: 'file:../../icons/fax-service.svg',
			dark: 'file:../../icons/fax-service.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: EVENTS_SUBTITLE,
		description:
			'Starts the workflow on new received faxes, completed sent faxes and finished AI documents, by asking the Fax Service at set times: no public URL needed',
		defaults: { name: 'Fax Service Polling Trigger' },
		polling: true,
		inputs: [],
		outputs: [MAIN_CONNECTION],
		credentials: [{ name: 'faxServiceApi', required: true }],
		properties: [
			{
				displayName:
					'Asks the service for new records at the Poll Times above, so n8n needs no public URL, and catches up on what arrived while n8n was down. For instant delivery to a reachable n8n, use the Fax Service Trigger.',
				name: 'setupNotice',
				type: 'notice',
				default: '',
			},
			eventsField(['aiDocument', 'receivedFax', 'sentFax'], ['receivedFax']),
			...filterProperties,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'AI Document Output',
						name: 'aiDocumentOutput',
						type: 'options',
						default: 'raw',
						description:
							"How much of each finished AI document's result the item holds, as AI Document → Get gives it",
						options: OUTPUT_MODES.filter((mode) => mode.value !== 'fields'),
					},
					{
						displayName: 'Attach Received PDF',
						name: 'attachPdf',
						type: 'boolean',
						default: false,
						description:
							"Whether to download each received fax's PDF from its secure link and put it in the item as binary data",
					},
					{
						displayName: 'Emit Records From',
						name: 'emitFrom',
						type: 'dateTime',
						default: '',
						description:
							'On the first poll, emit the records of this time and later. Empty: the first poll emits nothing and later polls emit what is new. Changing it (or a filter) starts over.',
					},
					pdfFieldOption,
				],
			},
		],
	};

	methods = { loadOptions };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		// The poll context lives as long as the activation: read the credential anew each poll.
		forgetCredentials.call(this);
		const feeds = readFeeds(this);
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const queries = new Map(feeds.map((feed) => [feed.event, readFilterQuery(this, feed)]));
		const emitFrom = readEmitFrom(this, options);
		if (
			options.aiDocumentOutput !== undefined &&
			options.aiDocumentOutput !== 'raw' &&
			options.aiDocumentOutput !== 'simple'
		) {
			throw new NodeOperationError(
				this.getNode(),
				`Options → AI Document Output must be Simplified or Raw, got "${String(options.aiDocumentOutput)}"`,
			);
		}

		if (this.getMode() === 'manual') return [await sampleItems(this, feeds, queries, options)];
		try {
			return await pollFeeds(this, feeds, queries, emitFrom, options);
		} catch (error) {
			const failure =
				error instanceof NodeApiError || error instanceof NodeOperationError
					? error
					: new NodeOperationError(this.getNode(), error as Error);
			failure.description = [
				failure.description,
				'This poll emitted nothing and nothing is lost: the next poll starts from where this one did.',
			]
				.filter(Boolean)
				.join('\n');
			throw failure;
		}
	}
}

/** A scheduled poll: each feed's cursor moved on, the new records as items. */
async function pollFeeds(
	ctx: IPollFunctions,
	feeds: EventFeed[],
	queries: Map<PollEvent, Record<string, string>>,
	emitFrom: number | undefined,
	options: IDataObject,
): Promise<INodeExecutionData[][] | null> {
	const staticData = ctx.getWorkflowStaticData('node');
	const stored = (staticData.feeds ?? {}) as Partial<Record<PollEvent, StoredFeed>>;
	const budgetMs = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : undefined;
	const readUntil =
		budgetMs === undefined ? undefined : Date.now() + budgetMs * READ_SHARE_OF_BUDGET;
	const next: Partial<Record<PollEvent, StoredFeed>> = {};
	const items: INodeExecutionData[] = [];
	for (const feed of feeds) {
		const query = queries.get(feed.event)!;
		const settings = JSON.stringify({ query, emitFrom: emitFrom ?? null });
		const previous = stored[feed.event];
		const cursor =
			previous?.settings === settings && isFeedCursor(previous.cursor)
				? previous.cursor
				: undefined;
		const result = await advance(feed, cursor, {
			readPage: async (page) => await feed.readPage(ctx, query, page),
			emitFrom: cursor ? undefined : emitFrom,
			readUntil,
			maxSeen: MAX_SEEN,
			maxPending: MAX_PENDING,
		});
		ctx.logger.debug(
			`Fax Service Polling Trigger read ${result.pagesRead} page(s) of ${feed.path}, ${result.emit.length} new`,
		);
		for (const record of result.emit) items.push(await toItem(ctx, feed, record, options));
		next[feed.event] = { settings, cursor: result.cursor };
	}
	// Every list read and every PDF attached: only now does the poll move on, so a failed poll loses nothing.
	staticData.feeds = next as IDataObject;
	return items.length > 0 ? [items] : null;
}

function readFeeds(ctx: IPollFunctions): EventFeed[] {
	const events = ctx.getNodeParameter('events', []) as string[];
	const feeds = events
		.filter((event): event is PollEvent => event in FEEDS)
		.map((event) => FEEDS[event]);
	if (feeds.length === 0)
		throw new NodeOperationError(ctx.getNode(), 'Events must name at least one event to poll for');
	return feeds;
}

function readEmitFrom(ctx: IPollFunctions, options: IDataObject): number | undefined {
	const raw = typeof options.emitFrom === 'string' ? options.emitFrom.trim() : '';
	if (raw === '') return undefined;
	return Date.parse(assertDateOrDateTime(ctx, undefined, 'Options → Emit Records From', raw));
}

/** The same item the webhook trigger emits for the event: `eventType`, `verified` and the record's fields. */
async function toItem(
	ctx: IPollFunctions,
	feed: EventFeed,
	record: IDataObject,
	options: IDataObject,
): Promise<INodeExecutionData> {
	// Read from the service with the account's key over the credential's base URL: as authentic as a signed callback.
	const fields =
		feed.event === 'aiDocument' && options.aiDocumentOutput === 'simple'
			? simplifiedRecord(RECORD_KINDS.aiResult, record)
			: record;
	const item: INodeExecutionData = { json: { eventType: feed.event, verified: true, ...fields } };
	if (
		feed.event === 'receivedFax' &&
		options.attachPdf === true &&
		typeof record.secureLink === 'string' &&
		record.secureLink !== ''
	) {
		const file = await downloadSecureLink.call(ctx, record.secureLink);
		const propertyName = String(options.binaryPropertyName ?? 'data').trim() || 'data';
		const fileName = file.fileName ?? `${String(record.sendToken)}.pdf`;
		item.binary = {
			[propertyName]: await ctx.helpers.prepareBinaryData(
				file.data,
				fileName,
				file.contentType ?? 'application/pdf',
			),
		};
	}
	return item;
}

/** "Fetch Test Event": the newest final record of each event's first page; the cursors stay as they are. */
async function sampleItems(
	ctx: IPollFunctions,
	feeds: EventFeed[],
	queries: Map<PollEvent, Record<string, string>>,
	options: IDataObject,
): Promise<INodeExecutionData[]> {
	const items: INodeExecutionData[] = [];
	for (const feed of feeds) {
		const { records } = await feed.readPage(ctx, queries.get(feed.event)!, 1);
		const newest = records
			.filter((record) => feed.isFinal(record))
			.sort((a, b) => (feed.time(b) ?? -Infinity) - (feed.time(a) ?? -Infinity))[0];
		if (newest) items.push(await toItem(ctx, feed, newest, options));
	}
	if (items.length === 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`No record matches yet for ${feeds.map((feed) => `"${feed.name}"`).join(' or ')} with these filters`,
			{
				description:
					'Send a fax, simulate an inbound one (Fax Service → Received Fax → Simulate Inbound with the test key) or upload a document (AI Document → Upload), then fetch again once it has finished.',
			},
		);
	}
	return items;
}
