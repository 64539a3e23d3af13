import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { runFaxService } from '../harness/workflows';
import {
	api,
	apiRequests,
	errorOf,
	NODE,
	outputOf,
	type Receiver,
	seedClient,
	seedNumber,
	seedReceivedFax,
	seedSentFax,
	startFastSandbox,
	startReceiver,
} from './fixtures';

const DAY = 24 * 60 * 60 * 1000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const yesterday = dateOf(Date.now() - DAY);
const tomorrow = dateOf(Date.now() + DAY);

async function inBatches(count: number, make: (i: number) => Promise<unknown>): Promise<void> {
	for (let start = 0; start < count; start += 25) {
		await Promise.all(
			Array.from({ length: Math.min(25, count - start) }, (_, k) => make(start + k)),
		);
	}
}

describe('Paging of the list operations', () => {
	let sandbox: Sandbox;
	let allTokens: string[];

	beforeAll(async () => {
		sandbox = await startFastSandbox();
		const number = await seedNumber(sandbox, '212');
		await inBatches(230, (i) => seedSentFax(sandbox, { patient_name: `Patient ${i}` }));
		await inBatches(105, () => seedReceivedFax(sandbox, String(number.number)));
		// The service's own order, read directly, to compare the node's pages with.
		allTokens = [];
		for (const page of [1, 2, 3]) {
			const res = await api(sandbox, 'GET', `/sent_faxes?page=${page}&page_size=100`);
			allTokens.push(...(res.body.sentFaxes as IDataObject[]).map((fax) => String(fax.sendToken)));
		}
		sandbox.requests.length = 0;
	});
	afterAll(async () => {
		await sandbox.stop();
	});
	beforeEach(() => {
		sandbox.requests.length = 0;
	});

	// Pages after the first are read several at a time, so they may arrive in any order.
	const pages = () =>
		apiRequests(sandbox, 'GET', '/sent_faxes')
			.map((r) => ({ page: r.query.page, page_size: r.query.page_size }))
			.sort((a, b) => Number(a.page) - Number(b.page));

	test('Return All reads pages 1 to 3 of 100 and stops at totalPages', async () => {
		const output = outputOf(
			await runFaxService(sandbox, { resource: 'sentFax', operation: 'getMany', returnAll: true }),
		);
		expect(output).toHaveLength(230);
		expect(output.map((item) => item.json.sendToken)).toEqual(allTokens);
		expect(new Set(allTokens).size).toBe(230);
		expect(pages()).toEqual([
			{ page: '1', page_size: '100' },
			{ page: '2', page_size: '100' },
			{ page: '3', page_size: '100' },
		]);
		expect(apiRequests(sandbox, 'GET', '/sent_faxes').every((r) => r.status === 200)).toBe(true);
		expect(output.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('Limit below one page: one request with page_size = limit', async () => {
		const output = outputOf(
			await runFaxService(sandbox, {
				resource: 'sentFax',
				operation: 'getMany',
				returnAll: false,
				limit: 5,
			}),
		);
		expect(output).toHaveLength(5);
		expect(pages()).toEqual([{ page: '1', page_size: '5' }]);
		expect(output.map((item) => item.json.sendToken)).toEqual(allTokens.slice(0, 5));
	});

	test('Limit of exactly one page: one request of 100', async () => {
		const output = outputOf(
			await runFaxService(sandbox, {
				resource: 'sentFax',
				operation: 'getMany',
				returnAll: false,
				limit: 100,
			}),
		);
		expect(output).toHaveLength(100);
		expect(pages()).toEqual([{ page: '1', page_size: '100' }]);
	});

	test('Limit above one page: two requests of 100, 150 items', async () => {
		const output = outputOf(
			await runFaxService(sandbox, {
				resource: 'sentFax',
				operation: 'getMany',
				returnAll: false,
				limit: 150,
			}),
		);
		expect(output).toHaveLength(150);
		expect(pages()).toEqual([
			{ page: '1', page_size: '100' },
			{ page: '2', page_size: '100' },
		]);
		expect(output.map((item) => item.json.sendToken)).toEqual(allTokens.slice(0, 150));
	});

	test('Limit above the total: stops at the last page with all records', async () => {
		const output = outputOf(
			await runFaxService(sandbox, {
				resource: 'sentFax',
				operation: 'getMany',
				returnAll: false,
				limit: 1000,
			}),
		);
		expect(output).toHaveLength(230);
		expect(pages().map((p) => p.page)).toEqual(['1', '2', '3']);
	});

	test('Received faxes: Return All reads two pages of 100 for 105 records', async () => {
		const output = outputOf(
			await runFaxService(sandbox, {
				resource: 'receivedFax',
				operation: 'getMany',
				returnAll: true,
			}),
		);
		expect(output).toHaveLength(105);
		expect(new Set(output.map((item) => item.json.sendToken)).size).toBe(105);
		expect(
			apiRequests(sandbox, 'GET', '/received_faxes').map((r) => [r.query.page, r.query.page_size]),
		).toEqual([
			['1', '100'],
			['2', '100'],
		]);
	});

	test('Received faxes: Limit 7 is one request with page_size 7', async () => {
		const output = outputOf(
			await runFaxService(sandbox, { resource: 'receivedFax', operation: 'getMany', limit: 7 }),
		);
		expect(output).toHaveLength(7);
		expect(
			apiRequests(sandbox, 'GET', '/received_faxes').map((r) => [r.query.page, r.query.page_size]),
		).toEqual([['1', '7']]);
	});
});

/** The query a list run sent, without the paging fields. */
function filterQuery(sandbox: Sandbox, path: string): Record<string, string> {
	const requests = apiRequests(sandbox, 'GET', path);
	expect(requests).toHaveLength(1);
	const { page, page_size: pageSize, ...rest } = requests[0].query;
	expect(page).toBe('1');
	expect(pageSize).toBe('100');
	return rest;
}

describe('Sent Fax Get Many filters reach the query', () => {
	let sandbox: Sandbox;
	let a: string;
	let b: string;

	beforeAll(async () => {
		sandbox = await startFastSandbox();
		await seedNumber(sandbox, '212');
		await seedNumber(sandbox, '212');
		a = await seedSentFax(sandbox, {
			from_number: '+12125550001',
			to_number: '+13105551234',
			patient_name: 'Ann Lee',
			patient_dob: '1970-02-03',
			sender_name: 'Clinic North',
			recipient_name: 'Dr Adams',
		});
		b = await seedSentFax(sandbox, {
			from_number: '+12125550002',
			to_number: '+13105559999',
			patient_name: 'Bob Stone',
			patient_dob: '1961-07-08',
			sender_name: 'Clinic South',
			recipient_name: 'Dr Baker',
		});
	});
	afterAll(async () => {
		await sandbox.stop();
	});
	beforeEach(() => {
		sandbox.requests.length = 0;
	});

	const run = async (filters: INodeParameters) =>
		await runFaxService(sandbox, {
			resource: 'sentFax',
			operation: 'getMany',
			returnAll: true,
			filters,
		});

	test('all filters at once: every snake_case name and value, and only the matching fax', async () => {
		const dateEnd = `${tomorrow}T12:00:00Z`;
		const output = outputOf(
			await run({
				fromNumber: '+12125550001',
				toNumber: '+13105551234',
				patientName: 'Ann Lee',
				patientDob: '1970-02-03',
				senderName: 'Clinic North',
				recipientName: 'Dr Adams',
				dateStart: yesterday,
				dateEnd,
				isTest: 'true',
				sort: 'patient_name',
				sortDir: 'asc',
			}),
		);
		expect(filterQuery(sandbox, '/sent_faxes')).toEqual({
			from_number: '+12125550001',
			to_number: '+13105551234',
			patient_name: 'Ann Lee',
			patient_dob: '1970-02-03',
			sender_name: 'Clinic North',
			recipient_name: 'Dr Adams',
			date_start: yesterday,
			date_end: dateEnd,
			is_test: 'true',
			sort: 'patient_name',
			sort_dir: 'asc',
		});
		expect(output.map((item) => item.json.sendToken)).toEqual([a]);
	});

	const single: Array<[string, string, string, () => string[]]> = [
		['fromNumber', '+12125550002', 'from_number', () => [b]],
		['toNumber', '+13105551234', 'to_number', () => [a]],
		['patientName', 'ann', 'patient_name', () => [a]],
		['patientDob', '1961-07-08', 'patient_dob', () => [b]],
		['senderName', 'South', 'sender_name', () => [b]],
		['recipientName', 'Adams', 'recipient_name', () => [a]],
		['dateStart', tomorrow, 'date_start', () => []],
		['dateEnd', `${yesterday}T00:00:00Z`, 'date_end', () => []],
		['isTest', 'false', 'is_test', () => []],
		['sort', 'recipient_name', 'sort', () => [b, a]],
		['sortDir', 'asc', 'sort_dir', () => [a, b]],
	];

	test.each(single)('%s = %s is sent as %s', async (name, value, apiName, expected) => {
		const output = outputOf(await run({ [name]: value }));
		expect(filterQuery(sandbox, '/sent_faxes')).toEqual({ [apiName]: value });
		expect(output.map((item) => item.json.sendToken)).toEqual(expected());
	});

	test("Sent After as n8n's date-time picker stores it (no time zone) gives a working request", async () => {
		// The picker of a `dateTime` parameter stores "YYYY-MM-DDTHH:mm:ss"; the node accepts it.
		const before = sandbox.requests.length;
		const result = await run({ dateStart: `${yesterday}T00:00:00` });
		expect(result.error(NODE)?.message).toBeUndefined();
		expect(
			outputOf(result)
				.map((item) => item.json.sendToken)
				.sort(),
		).toEqual([a, b].sort());
		// Sent as an unambiguous UTC instant: the wall-clock time read in the workflow's time zone.
		const sent = String(sandbox.requests[before].query.date_start);
		expect(sent).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
		expect(Math.abs(Date.parse(sent) - Date.parse(`${yesterday}T00:00:00Z`))).toBeLessThanOrEqual(
			14 * 3600 * 1000,
		);
	});
});

describe('Received Fax Get Many filters reach the query', () => {
	let sandbox: Sandbox;
	let receiver: Receiver;
	let clientId: string;
	let r1: string;
	let r2: string;

	beforeAll(async () => {
		sandbox = await startFastSandbox();
		receiver = await startReceiver();
		const n1 = await seedNumber(sandbox, '212', { callback_url: receiver.url });
		const n2 = await seedNumber(sandbox, '212');
		clientId = String((await seedClient(sandbox, 'Cardiology', String(n1.id))).clientId);
		r1 = await seedReceivedFax(sandbox, String(n1.number), '+14155551234');
		r2 = await seedReceivedFax(sandbox, String(n2.number), '+14155550000');
		await sandbox.settle();
	});
	afterAll(async () => {
		await sandbox.stop();
		await receiver.close();
	});
	beforeEach(() => {
		sandbox.requests.length = 0;
	});

	const run = async (filters: INodeParameters) =>
		await runFaxService(sandbox, {
			resource: 'receivedFax',
			operation: 'getMany',
			returnAll: true,
			filters,
		});

	test('all filters at once: every snake_case name and value, and only the matching fax', async () => {
		const dateStart = `${yesterday}T00:00:00Z`;
		const output = outputOf(
			await run({
				fromNumber: '+14155551234',
				toNumber: '+12125550001',
				callerName: 'Sandbox',
				dateStart,
				dateEnd: tomorrow,
				faxStatus: 'success',
				isTest: 'true',
				client: clientId,
				callbackStatus: 'success',
			}),
		);
		expect(filterQuery(sandbox, '/received_faxes')).toEqual({
			from_number: '+14155551234',
			to_number: '+12125550001',
			caller_name: 'Sandbox',
			date_start: dateStart,
			date_end: tomorrow,
			fax_status: 'success',
			is_test: 'true',
			client: clientId,
			callback_status: 'success',
		});
		expect(output.map((item) => item.json.sendToken)).toEqual([r1]);
	});

	const single: Array<[string, string, () => string, () => string[]]> = [
		['fromNumber', 'from_number', () => '+14155550000', () => [r2]],
		['toNumber', 'to_number', () => '+12125550001', () => [r1]],
		['callerName', 'caller_name', () => 'sandbox caller', () => [r2, r1]],
		['dateStart', 'date_start', () => tomorrow, () => []],
		['dateEnd', 'date_end', () => yesterday, () => []],
		['faxStatus', 'fax_status', () => 'failure', () => [r2]],
		['isTest', 'is_test', () => 'false', () => []],
		['client', 'client', () => clientId, () => [r1]],
		['callbackStatus', 'callback_status', () => 'success', () => [r1]],
	];

	test.each(single)('%s is sent as %s', async (name, apiName, value, expected) => {
		const output = outputOf(await run({ [name]: value() }));
		expect(filterQuery(sandbox, '/received_faxes')).toEqual({ [apiName]: value() });
		expect(output.map((item) => item.json.sendToken).sort()).toEqual(expected().sort());
	});

	test('a filter value the sandbox refuses is reported, not swallowed', async () => {
		const error = errorOf(await run({ callbackStatus: 'bounced' }));
		expect(error.httpCode).toBe('400');
		expect(error.message).toContain('callback_status');
	});
});
