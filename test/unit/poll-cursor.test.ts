import type { IDataObject } from 'n8n-workflow';

import type { AdvanceOptions, Feed, FeedCursor } from '../../nodes/FaxServicePollTrigger/cursor';
import { advance } from '../../nodes/FaxServicePollTrigger/cursor';

/**
 * The cursor's rules on lists built here, record by record, where the sandbox cannot go: more records
 * than the cursor remembers, pending records deep in an unordered list, a poll cut short by its budget.
 * (The trigger against the sandbox: test/nodes/poll-trigger.test.ts.)
 */

interface Row extends IDataObject {
	sendToken: string;
	done: boolean;
	at: number | null;
	started?: number;
}

const feed: Feed = {
	token: (record) => String(record.sendToken),
	isFinal: (record) => record.done === true,
	time: (record) => (typeof record.at === 'number' ? record.at : undefined),
	startTime: (record) => (typeof record.started === 'number' ? record.started : undefined),
};

const row = (n: number, done = true, at: number | null = n * 1000): Row => ({
	sendToken: `t${n}`,
	done,
	at,
});

/** A list served `size` records a page, in the order of `rows` at the moment each page is read; counts reads. */
function list(rows: () => Row[], size = 10) {
	const reads: number[] = [];
	const readPage: AdvanceOptions['readPage'] = async (page) => {
		reads.push(page);
		const all = rows();
		return {
			records: all.slice((page - 1) * size, page * size),
			totalCount: all.length,
			totalPages: Math.ceil(all.length / size),
		};
	};
	return { reads, readPage };
}

const poll = async (
	cursor: FeedCursor | undefined,
	readPage: AdvanceOptions['readPage'],
	extra: Partial<AdvanceOptions> = {},
) => await advance(feed, cursor, { readPage, maxSeen: 1000, maxPending: 1000, ...extra });

const tokens = (records: IDataObject[]) => records.map((record) => String(record.sendToken));

describe('polling cursor', () => {
	test('the first poll reads every page and emits nothing; a quiet later poll reads one page', async () => {
		const rows = Array.from({ length: 35 }, (_, i) => row(i));
		const source = list(() => rows);
		const first = await poll(undefined, source.readPage);
		expect(first.emit).toEqual([]);
		expect(source.reads).toEqual([1, 2, 3, 4]);
		expect(first.cursor.total).toBe(35);

		source.reads.length = 0;
		const quiet = await poll(first.cursor, source.readPage);
		expect(quiet.emit).toEqual([]);
		expect(source.reads).toEqual([1]);
	});

	test('a new record on the last page of an unordered list is found, because the total count grew', async () => {
		const rows = Array.from({ length: 30 }, (_, i) => row(i));
		const source = list(() => rows);
		const { cursor } = await poll(undefined, source.readPage);
		rows.push(row(100));
		source.reads.length = 0;
		const next = await poll(cursor, source.readPage);
		expect(tokens(next.emit)).toEqual(['t100']);
		expect(source.reads).toEqual([1, 2, 3, 4]);
	});

	test('a pending record deep in the list is followed until it is final, then emitted once', async () => {
		const rows = [...Array.from({ length: 25 }, (_, i) => row(i)), row(50, false)];
		const source = list(() => rows);
		const first = await poll(undefined, source.readPage);
		expect(first.cursor.pending).toHaveProperty('t50');
		rows[25] = row(50, true, 51_000);
		const second = await poll(first.cursor, source.readPage);
		expect(tokens(second.emit)).toEqual(['t50']);
		expect(second.cursor.pending).toEqual({});
		expect((await poll(second.cursor, source.readPage)).emit).toEqual([]);
	});

	test('a pending record that leaves the list is forgotten once a poll has read every page', async () => {
		const rows = [row(1), row(2, false)];
		const source = list(() => rows);
		const first = await poll(undefined, source.readPage);
		rows.pop();
		const second = await poll(first.cursor, source.readPage);
		expect(second.complete).toBe(true);
		expect(second.cursor.pending).toEqual({});
		expect(second.cursor.total).toBe(1);
	});

	test('past maxSeen the oldest tokens are forgotten and the horizon keeps them from coming back', async () => {
		const rows = Array.from({ length: 5 }, (_, i) => row(i + 1));
		const source = list(() => rows);
		const first = await poll(undefined, source.readPage, { maxSeen: 3 });
		expect(Object.keys(first.cursor.seen).sort()).toEqual(['t3', 't4', 't5']);
		expect(first.cursor.horizon).toBe(2001);

		// The list now serves the forgotten t1 and t2 again as if new (say, after being re-listed), and a late t0.5 (older
		// than the horizon), and a late record between the horizon and the newest: only the last is emitted.
		rows.splice(
			0,
			rows.length,
			row(1),
			row(2),
			{ sendToken: 'late-old', done: true, at: 500 },
			{ sendToken: 'late-new', done: true, at: 3500 },
			row(3),
			row(4),
			row(5),
		);
		const next = await poll({ ...first.cursor, total: 0 }, source.readPage, { maxSeen: 3 });
		expect(tokens(next.emit)).toEqual(['late-new']);
	});

	test('a poll cut short by readUntil leaves the rest to the next poll, which emits it', async () => {
		const rows = Array.from({ length: 10 }, (_, i) => row(i));
		const source = list(() => rows);
		const { cursor } = await poll(undefined, source.readPage);
		for (let i = 100; i < 130; i++) rows.unshift(row(i));
		const short = await poll(cursor, source.readPage, { readUntil: 0, now: () => 0 });
		expect(short.complete).toBe(false);
		expect(short.pagesRead).toBe(1);
		const rest = await poll(short.cursor, source.readPage);
		expect([...tokens(short.emit), ...tokens(rest.emit)].sort()).toEqual(
			Array.from({ length: 30 }, (_, i) => `t${100 + i}`).sort(),
		);
	});

	test('records without a time are handled by token alone; the first poll with emitFrom emits them', async () => {
		const rows = [row(1, true, null), row(2, true, 10), row(3, true, 5000)];
		const source = list(() => rows);
		const first = await poll(undefined, source.readPage, { emitFrom: 1000, now: () => 99 });
		expect(tokens(first.emit)).toEqual(['t3', 't1']);
		expect(first.cursor.seen).toEqual({ t1: 99, t3: 5000 });
		expect((await poll(first.cursor, source.readPage)).emit).toEqual([]);
	});

	test("emission order is defined whatever the list's order: time, then start time, then token", async () => {
		// Three completed in the same millisecond (two of them sent in the same one too), one later, one without a time.
		const records: Row[] = [
			{ sendToken: 'b', done: true, at: 5000, started: 1000 },
			{ sendToken: 'a', done: true, at: 5000, started: 1000 },
			{ sendToken: 'z', done: true, at: 5000, started: 900 },
			{ sendToken: 'y', done: true, at: 6000, started: 100 },
			{ sendToken: 'x', done: true, at: null },
		];
		const expected = ['z', 'a', 'b', 'y', 'x'];
		const orders = [
			records,
			[...records].reverse(),
			[records[3], records[1], records[4], records[0], records[2]],
		];
		for (const order of orders) {
			const source = list(() => order, 2);
			const { emit } = await poll(undefined, source.readPage, { emitFrom: 0 });
			expect(tokens(emit)).toEqual(expected);
		}
	});
});
