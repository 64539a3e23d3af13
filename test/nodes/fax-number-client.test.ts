import type { Sandbox } from '../../sandbox';
import { runFaxService } from '../harness/workflows';
import {
	api,
	apiRequests,
	byId,
	fromList,
	outputOf,
	type Receiver,
	seedClient,
	seedNumber,
	startFastSandbox,
	startReceiver,
} from './fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

describe('Fax Number and Client through the engine', () => {
	let sandbox: Sandbox;
	let receiver: Receiver;

	beforeAll(async () => {
		sandbox = await startFastSandbox({ faxNumberLimit: 10 });
		receiver = await startReceiver();
	});
	afterAll(async () => {
		await sandbox.stop();
		await receiver.close();
	});
	beforeEach(() => sandbox.reset());

	describe('Fax Number', () => {
		test('Provision: sends the wrapped JSON body and emits the new number itself', async () => {
			const client = await seedClient(sandbox, 'Cardiology');
			sandbox.requests.length = 0;
			const result = await runFaxService(sandbox, {
				resource: 'faxNumber',
				operation: 'provision',
				areaCode: '415',
				additionalFields: { callbackUrl: receiver.url, clientId: String(client.clientId) },
			});
			const [post] = apiRequests(sandbox, 'POST', '/fax_numbers');
			expect(sandbox.requests).toHaveLength(1);
			expect(String(post.headers['content-type'])).toMatch(/^application\/json/);
			expect(post.body).toEqual({ fax_number: { area_code: '415', callback_url: receiver.url, client_id: client.clientId } });

			const output = outputOf(result);
			expect(output).toHaveLength(1);
			expect(output[0].json).not.toHaveProperty('faxNumber');
			expect(output[0].json).toMatchObject({
				number: expect.stringMatching(/^\+1415\d{7}$/),
				callbackUrl: receiver.url,
				client: { clientId: client.clientId, name: 'Cardiology' },
			});
			expect(String(output[0].json.id)).toMatch(UUID);
			expect(output[0].pairedItem).toEqual({ item: 0 });
		});

		test('Provision: only the area code goes out when nothing else is set', async () => {
			const result = await runFaxService(sandbox, { resource: 'faxNumber', operation: 'provision', areaCode: '212' });
			expect(outputOf(result)[0].json).toMatchObject({ callbackUrl: null, client: null });
			expect(apiRequests(sandbox, 'POST', '/fax_numbers')[0].body).toEqual({ fax_number: { area_code: '212' } });
		});

		test('Get: by ID and picked from the list, emits the number itself', async () => {
			const number = await seedNumber(sandbox, '646');
			for (const locator of [byId(String(number.id)), fromList(String(number.id))]) {
				sandbox.requests.length = 0;
				const result = await runFaxService(sandbox, { resource: 'faxNumber', operation: 'get', faxNumberId: locator });
				const output = outputOf(result);
				expect(output).toHaveLength(1);
				expect(output[0].json).toEqual(number);
				expect(output[0].pairedItem).toEqual({ item: 0 });
				expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v2/fax_numbers/${String(number.id)}`]);
			}
		});

		test('Get Many: one item per number; Limit cuts the list', async () => {
			const numbers = [await seedNumber(sandbox, '212'), await seedNumber(sandbox, '213'), await seedNumber(sandbox, '214')];
			const all = outputOf(await runFaxService(sandbox, { resource: 'faxNumber', operation: 'getMany', returnAll: true }));
			expect(all.map((item) => item.json)).toEqual(numbers);
			expect(all.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);

			const limited = outputOf(await runFaxService(sandbox, { resource: 'faxNumber', operation: 'getMany', returnAll: false, limit: 2 }));
			expect(limited.map((item) => item.json)).toEqual(numbers.slice(0, 2));
		});

		test('Update: sets a new callback URL and client', async () => {
			const number = await seedNumber(sandbox, '212');
			const client = await seedClient(sandbox, 'Oncology');
			sandbox.requests.length = 0;
			const url = `${receiver.url}?number=1`;
			const result = await runFaxService(sandbox, {
				resource: 'faxNumber',
				operation: 'update',
				faxNumberId: byId(String(number.id)),
				updateFields: { callbackUrl: url, clientId: String(client.clientId) },
			});
			const [patch] = apiRequests(sandbox, 'PATCH', `/fax_numbers/${String(number.id)}`);
			expect(sandbox.requests).toHaveLength(1);
			expect(patch.body).toEqual({ fax_number: { callback_url: url, client_id: client.clientId } });
			const output = outputOf(result);
			expect(output[0].json).toMatchObject({ id: number.id, callbackUrl: url, client: { clientId: client.clientId, name: 'Oncology' } });
			expect(output[0].pairedItem).toEqual({ item: 0 });
		});

		test('Update: an empty callback URL and "No Client" clear both to null', async () => {
			const seeded = await seedNumber(sandbox, '212', { callback_url: receiver.url });
			const client = await seedClient(sandbox, 'Radiology', String(seeded.id));
			expect((await api(sandbox, 'GET', `/fax_numbers/${String(seeded.id)}`)).body.faxNumber).toMatchObject({
				client: { clientId: client.clientId },
			});
			sandbox.requests.length = 0;

			const result = await runFaxService(sandbox, {
				resource: 'faxNumber',
				operation: 'update',
				faxNumberId: fromList(String(seeded.id)),
				updateFields: { callbackUrl: '', clientId: '' },
			});
			const [patch] = apiRequests(sandbox, 'PATCH', `/fax_numbers/${String(seeded.id)}`);
			expect(patch.body).toEqual({ fax_number: { callback_url: null, client_id: null } });
			expect(outputOf(result)[0].json).toMatchObject({ id: seeded.id, callbackUrl: null, client: null });
			const stored = await api(sandbox, 'GET', `/fax_numbers/${String(seeded.id)}`);
			expect(stored.body.faxNumber).toMatchObject({ callbackUrl: null, client: null });
		});

		test('Update: only the field that was added is sent', async () => {
			const seeded = await seedNumber(sandbox, '212', { callback_url: receiver.url });
			sandbox.requests.length = 0;
			await runFaxService(sandbox, {
				resource: 'faxNumber',
				operation: 'update',
				faxNumberId: byId(String(seeded.id)),
				updateFields: { callbackUrl: '' },
			});
			expect(apiRequests(sandbox, 'PATCH')[0].body).toEqual({ fax_number: { callback_url: null } });
		});
	});

	describe('Client', () => {
		test('Create: sends the wrapped name and fax number, emits the client itself with its numbers', async () => {
			const number = await seedNumber(sandbox, '212');
			sandbox.requests.length = 0;
			const result = await runFaxService(sandbox, {
				resource: 'client',
				operation: 'create',
				name: 'Pediatrics',
				additionalFields: { faxNumberId: String(number.id) },
			});
			const [post] = apiRequests(sandbox, 'POST', '/clients');
			expect(sandbox.requests).toHaveLength(1);
			expect(post.body).toEqual({ client: { name: 'Pediatrics', fax_number_id: number.id } });
			const output = outputOf(result);
			expect(output).toHaveLength(1);
			expect(output[0].json).not.toHaveProperty('client');
			expect(output[0].json).toMatchObject({ name: 'Pediatrics', faxNumbers: [{ id: number.id, number: number.number }] });
			expect(String(output[0].json.clientId)).toMatch(UUID);
			expect(output[0].pairedItem).toEqual({ item: 0 });
		});

		test('Create: without a fax number only the name goes out', async () => {
			const result = await runFaxService(sandbox, { resource: 'client', operation: 'create', name: 'Dermatology' });
			expect(apiRequests(sandbox, 'POST', '/clients')[0].body).toEqual({ client: { name: 'Dermatology' } });
			expect(outputOf(result)[0].json).toMatchObject({ name: 'Dermatology', faxNumbers: [] });
		});

		test('Get: by ID and picked from the list, emits the client itself', async () => {
			const number = await seedNumber(sandbox, '212');
			const client = await seedClient(sandbox, 'Neurology', String(number.id));
			for (const locator of [byId(String(client.clientId)), fromList(String(client.clientId))]) {
				sandbox.requests.length = 0;
				const output = outputOf(await runFaxService(sandbox, { resource: 'client', operation: 'get', clientId: locator }));
				expect(output).toHaveLength(1);
				expect(output[0].json).toEqual(client);
				expect(sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v2/clients/${String(client.clientId)}`]);
			}
		});

		test('Get Many: one item per client; Limit cuts the list', async () => {
			const clients = [await seedClient(sandbox, 'A'), await seedClient(sandbox, 'B'), await seedClient(sandbox, 'C')];
			const all = outputOf(await runFaxService(sandbox, { resource: 'client', operation: 'getMany', returnAll: true }, { items: [{ json: {} }, { json: {} }] }));
			expect(all.map((item) => item.json)).toEqual([...clients, ...clients]);
			expect(all.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }, { item: 1 }, { item: 1 }, { item: 1 }]);
			const limited = outputOf(await runFaxService(sandbox, { resource: 'client', operation: 'getMany', limit: 1 }));
			expect(limited.map((item) => item.json)).toEqual([clients[0]]);
		});

		test('Rename: patches the wrapped name and emits the renamed client', async () => {
			const client = await seedClient(sandbox, 'Old Name');
			sandbox.requests.length = 0;
			const result = await runFaxService(sandbox, {
				resource: 'client',
				operation: 'rename',
				clientId: byId(String(client.clientId)),
				name: 'New Name',
			});
			const [patch] = apiRequests(sandbox, 'PATCH', `/clients/${String(client.clientId)}`);
			expect(sandbox.requests).toHaveLength(1);
			expect(patch.body).toEqual({ client: { name: 'New Name' } });
			expect(outputOf(result)[0].json).toEqual({ clientId: client.clientId, name: 'New Name', faxNumbers: [] });
			expect((await api(sandbox, 'GET', `/clients/${String(client.clientId)}`)).body.client).toMatchObject({ name: 'New Name' });
		});
	});
});
