import type { IDataObject } from 'n8n-workflow';

import type { ListPage } from '../shared/transport';

/**
 * What a poll remembers of one list between polls, and how a poll moves it on. Nothing here assumes
 * the list is sorted (the spec gives received faxes no sort order): which records are new is decided
 * by their tokens, how far to read by the list's total count, and only the stop rule's shortcut
 * (`lastWasNew`) profits from a newest-first list.
 */

/** Kept in the node's static data: plain JSON. */
export interface FeedCursor {
	/** Records of the list accounted for after the last poll. */
	total: number;
	/** Final records already handled (emitted, or there before polling began): token → record time (ms). */
	seen: Record<string, number>;
	/** Records older than this (ms) are never emitted: older than everything `seen` still remembers. */
	horizon: number;
	/** Records seen before they were final (sent faxes queued or in progress): token → when first seen (ms). */
	pending: Record<string, number>;
}

/** How a list's records are read: their token, whether they are final, and their time. */
export interface Feed {
	token(record: IDataObject): string;
	isFinal(record: IDataObject): boolean;
	/** The record's own time (ms) from the service's clock, or undefined when it has none. */
	time(record: IDataObject): number | undefined;
	/** When the record began (ms), to order records of the same `time`; undefined when it has none. */
	startTime(record: IDataObject): number | undefined;
}

export interface AdvanceOptions {
	/** Reads page `page` (1-based) of the list. */
	readPage(page: number): Promise<ListPage>;
	/** First poll only: emit final records from this time (ms) on; without it the first poll emits nothing. */
	emitFrom?: number;
	/** Stop reading further pages after this moment (ms); the next poll goes on where this one stopped. */
	readUntil?: number;
	/** How many final tokens `seen` keeps. */
	maxSeen: number;
	/** How many not-yet-final tokens `pending` keeps. */
	maxPending: number;
	now?: () => number;
}

export interface AdvanceResult {
	/** Records to emit, in `emissionOrder`. */
	emit: IDataObject[];
	cursor: FeedCursor;
	pagesRead: number;
	/** Whether every page was read. */
	complete: boolean;
}

/** Defaults: about 60 bytes per remembered token in static data. */
export const MAX_SEEN = 2000;
export const MAX_PENDING = 1000;

export function isFeedCursor(value: unknown): value is FeedCursor {
	const cursor = value as FeedCursor;
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof cursor.total === 'number' &&
		typeof cursor.horizon === 'number' &&
		typeof cursor.seen === 'object' &&
		cursor.seen !== null &&
		typeof cursor.pending === 'object' &&
		cursor.pending !== null
	);
}

/**
 * One poll of one list. The first poll (no `previous`) reads every page: what is there is remembered
 * and not emitted, unless `emitFrom` asks for it. A later poll reads page after page until
 *  - the page's last record was not new (a newest-first list has reached what it had seen), and
 *  - the new records found account for the growth of the list's total count, and
 *  - every record that was pending has been met again (to see whether it became final),
 * or until the last page (or `readUntil`). The records read in the meantime may shift between
 * pages: a token is handled once per poll. `previous` is not changed; the caller keeps the
 * returned cursor only when the whole poll succeeded, so a failed poll loses nothing.
 */
export async function advance(
	feed: Feed,
	previous: FeedCursor | undefined,
	options: AdvanceOptions,
): Promise<AdvanceResult> {
	const now = options.now ?? Date.now;
	const first = previous === undefined;
	const cursor: FeedCursor = first
		? { total: 0, seen: {}, horizon: options.emitFrom ?? 0, pending: {} }
		: {
				total: previous.total,
				seen: { ...previous.seen },
				horizon: previous.horizon,
				pending: { ...previous.pending },
			};
	const quiet = first && options.emitFrom === undefined;
	const totalBefore = previous?.total ?? 0;
	const pendingBefore = Object.keys(cursor.pending);
	const encountered = new Set<string>();
	const emit: IDataObject[] = [];
	let found = 0;

	/** Takes one record into the cursor; true when it was unknown before this poll. */
	const take = (record: IDataObject, token: string): boolean => {
		if (!feed.isFinal(record)) {
			if (token in cursor.pending) return false;
			cursor.pending[token] = now();
			found++;
			return true;
		}
		if (token in cursor.seen) return false;
		const wasPending = token in cursor.pending;
		delete cursor.pending[token];
		const time = feed.time(record);
		// Older than anything still remembered: it may have been handled already, so it is never emitted.
		if (!wasPending && time !== undefined && time < cursor.horizon) return false;
		cursor.seen[token] = time ?? now();
		if (!quiet) emit.push(record);
		if (wasPending) return false;
		found++;
		return true;
	};

	let announced = 0;
	let page = 1;
	let complete = false;
	for (; ; page++) {
		const { records, totalCount, totalPages } = await options.readPage(page);
		if (page === 1) announced = totalCount;
		let lastWasNew = false;
		for (const record of records) {
			const token = feed.token(record);
			if (encountered.has(token)) {
				lastWasNew = false;
				continue;
			}
			encountered.add(token);
			lastWasNew = take(record, token);
		}
		if (records.length === 0 || page >= totalPages) {
			complete = true;
			break;
		}
		if (first) continue;
		const pendingMissing = pendingBefore.some(
			(token) => token in cursor.pending && !encountered.has(token),
		);
		if (!lastWasNew && found >= announced - totalBefore && !pendingMissing) break;
		if (options.readUntil !== undefined && now() >= options.readUntil) break;
	}

	if (complete) {
		cursor.total = encountered.size;
		// Pending records no longer in the list cannot become final in it.
		for (const token of Object.keys(cursor.pending))
			if (!encountered.has(token)) delete cursor.pending[token];
	} else {
		cursor.total = totalBefore + found;
	}
	bound(cursor, options.maxSeen, options.maxPending);
	return { emit: emit.sort(emissionOrder(feed)), cursor, pagesRead: page, complete };
}

/**
 * The order a poll emits in, whatever order the list had: oldest `time` first, then oldest
 * `startTime`, then token (records of the same millisecond are common: one upload, many faxes).
 * A record without a time comes after those with one.
 */
function emissionOrder(feed: Feed): (a: IDataObject, b: IDataObject) => number {
	const byTime = (a: number | undefined, b: number | undefined) =>
		(a ?? Infinity) - (b ?? Infinity) || 0;
	return (a, b) => {
		const tokenA = feed.token(a);
		const tokenB = feed.token(b);
		return (
			byTime(feed.time(a), feed.time(b)) ||
			byTime(feed.startTime(a), feed.startTime(b)) ||
			(tokenA < tokenB ? -1 : tokenA > tokenB ? 1 : 0)
		);
	};
}

/** Keeps the newest `maxSeen` final tokens (raising the horizon past the dropped ones) and the newest `maxPending` pending ones. */
function bound(cursor: FeedCursor, maxSeen: number, maxPending: number): void {
	const seen = Object.entries(cursor.seen);
	if (seen.length > maxSeen) {
		seen.sort((a, b) => b[1] - a[1]);
		// Newest first: the first dropped token is the newest one forgotten.
		const newestDropped = seen[maxSeen][1];
		cursor.seen = Object.fromEntries(seen.slice(0, maxSeen));
		cursor.horizon = Math.max(cursor.horizon, newestDropped + 1);
	}
	const pending = Object.entries(cursor.pending);
	if (pending.length > maxPending) {
		pending.sort((a, b) => b[1] - a[1]);
		cursor.pending = Object.fromEntries(pending.slice(0, maxPending));
	}
}
