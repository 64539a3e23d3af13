/**
 * How the e2e harness reads an execution row n8n stored (scripts/n8n-host/database.js): n8n 1.x on
 * SQLite writes the row's status and then its run data in two statements, so a row can say finished
 * (or waiting) while its data is still the earlier snapshot; such a row must read as still running.
 */
import { join } from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { decodeExecution } = require('../../scripts/n8n-host/database') as {
	decodeExecution: (row: Record<string, unknown>, hostModules: string) => Record<string, unknown>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const flatted = require('flatted') as { stringify: (value: unknown) => string };

const MODULES = join(__dirname, '..', '..', 'node_modules');
const task = (json: Record<string, unknown>) => [{ data: { main: [[{ json }]] } }];
const WAITING = {
	waitTill: '2026-11-24T08:00:00.000Z',
	resultData: {
		runData: { Webhook: task({ a: 1 }), 'Fax Service': task({ sent: true }) },
		lastNodeExecuted: 'Fax Service',
	},
};
// What n8n 1.x stores when a waiting execution resumes: waitTill cleared, the waiting node's run removed.
const RESUMING = {
	resultData: {
		runData: { Webhook: task({ a: 1 }), 'Fax Service': [] },
		lastNodeExecuted: 'Fax Service',
	},
	executionData: { nodeExecutionStack: [{ node: { name: 'Fax Service' } }] },
};
const INITIAL = { resultData: { runData: {} }, executionData: { nodeExecutionStack: [] } };
const FINAL = {
	resultData: {
		runData: {
			Webhook: task({ a: 1 }),
			'Fax Service': task({ sent: true }),
			After: task({ done: true }),
		},
		lastNodeExecuted: 'After',
	},
};
const FAILED = {
	resultData: {
		runData: { Webhook: task({ a: 1 }) },
		lastNodeExecuted: 'Webhook',
		error: { message: 'boom' },
	},
};

const read = (status: string, data: unknown) =>
	decodeExecution(
		{
			id: 7,
			workflowId: 'w',
			status,
			finished: status === 'success' ? 1 : 0,
			data: flatted.stringify(data),
		},
		MODULES,
	);

describe('e2e harness: an execution row and its run data', () => {
	test('a row already finished over the waiting snapshot reads as running, its row status kept', () => {
		expect(read('success', WAITING)).toMatchObject({
			status: 'running',
			rowStatus: 'success',
			finished: false,
		});
		expect(read('error', WAITING)).toMatchObject({
			status: 'running',
			rowStatus: 'error',
			finished: false,
		});
	});

	test("a row already finished over the resume snapshot (the waiting node's run removed) reads as running", () => {
		expect(read('success', RESUMING)).toMatchObject({
			status: 'running',
			rowStatus: 'success',
			finished: false,
		});
	});

	test('a row already finished over the initial data (no node run yet) reads as running', () => {
		expect(read('success', INITIAL)).toMatchObject({
			status: 'running',
			rowStatus: 'success',
			finished: false,
		});
	});

	test('a finished row with its final data reads as n8n stored it, with the items of every node', () => {
		const done = read('success', FINAL);
		expect(done).toMatchObject({
			status: 'success',
			finished: true,
			lastNodeExecuted: 'After',
			items: { After: [{ done: true }] },
		});
		expect(done.rowStatus).toBeUndefined();
		expect(read('error', FAILED)).toMatchObject({ status: 'error', error: 'boom' });
	});

	test('a waiting row over its waiting snapshot reads as waiting; canceled rows keep their status, whatever their data', () => {
		expect(read('waiting', WAITING)).toMatchObject({ status: 'waiting' });
		expect(read('waiting', WAITING).rowStatus).toBeUndefined();
		expect(read('canceled', WAITING)).toMatchObject({ status: 'canceled' });
		expect(read('canceled', INITIAL)).toMatchObject({ status: 'canceled' });
	});

	test("a row already waiting over the initial data (the waiting node's run not written yet) reads as running", () => {
		// n8n 1.x answers a button clicked in this window with HTTP 500 (WaitingWebhooks pops that run).
		expect(read('waiting', INITIAL)).toMatchObject({
			status: 'running',
			rowStatus: 'waiting',
			finished: false,
		});
		expect(read('waiting', RESUMING)).toMatchObject({ status: 'running', rowStatus: 'waiting' });
	});
});
