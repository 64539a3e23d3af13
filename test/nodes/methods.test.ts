import type { INodeListSearchResult, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { FaxService } from '../../nodes/FaxService/FaxService.node';
import { callNodeMethod } from '../harness/engine';
import { credentialsFor, faxServiceNode } from '../harness/workflows';
import { seedClient, seedNumber, startFastSandbox, TEST_KEY } from './fixtures';

describe('loadOptions and listSearch through the real LoadOptionsContext', () => {
	let sandbox: Sandbox;
	let ny: { id: string; number: string };
	let sf: { id: string; number: string };
	let cardiology: { clientId: string; name: string };
	let oncology: { clientId: string; name: string };

	beforeAll(async () => {
		sandbox = await startFastSandbox();
		const first = await seedNumber(sandbox, '212');
		const second = await seedNumber(sandbox, '415');
		ny = { id: String(first.id), number: String(first.number) };
		sf = { id: String(second.id), number: String(second.number) };
		const c1 = await seedClient(sandbox, 'Cardiology', ny.id);
		const c2 = await seedClient(sandbox, 'Oncology');
		cardiology = { clientId: String(c1.clientId), name: 'Cardiology' };
		oncology = { clientId: String(c2.clientId), name: 'Oncology' };
	});
	afterAll(async () => {
		await sandbox.stop();
	});
	beforeEach(() => {
		sandbox.requests.length = 0;
	});

	const call = async <T>(kind: 'loadOptions' | 'listSearch', method: string, filter?: string) =>
		await callNodeMethod<T>(kind, method, faxServiceNode({}), credentialsFor(sandbox), filter);

	test("searchFaxNumbersByNumber lists the account's numbers by E.164 value, labelled with their client", async () => {
		const result = await call<INodeListSearchResult>('listSearch', 'searchFaxNumbersByNumber');
		expect(result.results).toEqual([
			{ name: `${ny.number} (Cardiology)`, value: ny.number },
			{ name: sf.number, value: sf.number },
		]);
		expect(sandbox.requests).toHaveLength(1);
		expect(sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: '/api/v2/fax_numbers',
			status: 200,
		});
		expect(sandbox.requests[0].headers.authorization).toBe(`Bearer ${TEST_KEY}`);
	});

	test('searchFaxNumbersByNumber filters by number and by client name', async () => {
		expect(
			(await call<INodeListSearchResult>('listSearch', 'searchFaxNumbersByNumber', '415')).results,
		).toEqual([{ name: sf.number, value: sf.number }]);
		expect(
			(
				await call<INodeListSearchResult>('listSearch', 'searchFaxNumbersByNumber', 'cardio')
			).results.map((r) => r.value),
		).toEqual([ny.number]);
		expect(
			(
				await call<INodeListSearchResult>(
					'listSearch',
					'searchFaxNumbersByNumber',
					'nothing-like-this',
				)
			).results,
		).toEqual([]);
	});

	test('searchFaxNumbers lists the numbers by id and filters', async () => {
		const all = await call<INodeListSearchResult>('listSearch', 'searchFaxNumbers');
		expect(all.results).toEqual([
			{ name: `${ny.number} (Cardiology)`, value: ny.id },
			{ name: sf.number, value: sf.id },
		]);
		expect(
			(await call<INodeListSearchResult>('listSearch', 'searchFaxNumbers', '212')).results.map(
				(r) => r.value,
			),
		).toEqual([ny.id]);
	});

	test('searchClients lists the clients by clientId and filters by name', async () => {
		const all = await call<INodeListSearchResult>('listSearch', 'searchClients');
		expect(all.results).toEqual([
			{ name: 'Cardiology', value: cardiology.clientId },
			{ name: 'Oncology', value: oncology.clientId },
		]);
		expect(
			(await call<INodeListSearchResult>('listSearch', 'searchClients', 'onco')).results,
		).toEqual([{ name: 'Oncology', value: oncology.clientId }]);
		expect(sandbox.requests.every((r) => r.path === '/api/v2/clients')).toBe(true);
	});

	test('getClients and getClientsOrNone give the clients as options; the latter starts with "No Client"', async () => {
		const clients = await call<INodePropertyOptions[]>('loadOptions', 'getClients');
		expect(clients).toEqual([
			{ name: 'Cardiology', value: cardiology.clientId },
			{ name: 'Oncology', value: oncology.clientId },
		]);
		const orNone = await call<INodePropertyOptions[]>('loadOptions', 'getClientsOrNone');
		expect(orNone[0].value).toBe('');
		expect(orNone.slice(1)).toEqual(clients);
	});

	test('getFaxNumbers gives the numbers as options valued by id', async () => {
		expect(await call<INodePropertyOptions[]>('loadOptions', 'getFaxNumbers')).toEqual([
			{ name: `${ny.number} (Cardiology)`, value: ny.id },
			{ name: sf.number, value: sf.id },
		]);
	});

	test('a wrong key makes the picker fail with the authentication message, without the key', async () => {
		let caught: (Error & { description?: string }) | undefined;
		try {
			await callNodeMethod(
				'listSearch',
				'searchClients',
				faxServiceNode({}),
				credentialsFor(sandbox, { testApiKey: 'sk_test_PICKER_WRONG' }),
			);
		} catch (error) {
			caught = error as Error & { description?: string };
		}
		expect(caught?.message).toMatch(/Authentication failed/);
		expect(sandbox.requests.map((r) => r.status)).toEqual([401]);
		expect(
			JSON.stringify({ message: caught?.message, description: caught?.description }),
		).not.toContain('sk_test_PICKER_WRONG');
	});
});

describe('node description', () => {
	const description = new FaxService().description;
	const expected: Record<string, string[]> = {
		sentFax: ['send', 'sendAndWaitForCompletion', 'previewPdf', 'get', 'getMany', 'downloadPdf'],
		receivedFax: ['get', 'getMany', 'simulateInbound', 'forward', 'downloadPdf'],
		faxNumber: ['provision', 'get', 'getMany', 'update'],
		client: ['create', 'get', 'getMany', 'rename'],
		secureLinkEmail: ['send', 'get'],
		aiDocument: ['upload', 'uploadAndWaitForResult', 'get', 'getMany'],
	};

	test('is usable as a tool and needs the Fax Service credential', () => {
		expect(description.usableAsTool).toBe(true);
		expect(description.credentials).toEqual([{ name: 'faxServiceApi', required: true }]);
	});

	test('offers exactly the six resources', () => {
		const resource = description.properties.find((p) => p.name === 'resource');
		expect((resource?.options as INodePropertyOptions[]).map((o) => o.value).sort()).toEqual(
			Object.keys(expected).sort(),
		);
	});

	// The node's pickers: their AI tool variant's (shown only with `@tool`) are test/package/node-types.test.ts's.
	const nodePickers = description.properties.filter(
		(p): p is INodeProperties =>
			p.name === 'operation' && p.displayOptions?.show?.['@tool'] === undefined,
	);

	test.each(Object.entries(expected))(
		'%s has its operations, each with an action',
		(resource, operations) => {
			const pickers = nodePickers.filter(
				(p) =>
					(p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource) === true,
			);
			expect(pickers).toHaveLength(1);
			const options = pickers[0].options as Array<INodePropertyOptions & { action?: string }>;
			expect(options.map((o) => o.value).sort()).toEqual([...operations].sort());
			for (const option of options) {
				expect(typeof option.action).toBe('string');
				expect(option.action?.length).toBeGreaterThan(5);
			}
			expect(operations).toContain(pickers[0].default);
		},
	);

	test('every action sentence is distinct', () => {
		const actions = nodePickers.flatMap((p) =>
			(p.options as Array<{ action?: string }>).map((o) => o.action),
		);
		expect(actions).toHaveLength(25);
		expect(new Set(actions).size).toBe(actions.length);
	});
});
