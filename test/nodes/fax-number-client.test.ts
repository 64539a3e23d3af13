import {
	api,
	apiRequests,
	byId,
	fromList,
	outputOf,
	seedClient,
	seedNumber,
	useEngineSuite,
} from './fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

describe('Fax Number and Client through the engine', () => {
	const suite = useEngineSuite({ sandbox: { faxNumberLimit: 10 }, receiver: true });

	describe('Fax Number', () => {
		test('Provision: sends the wrapped JSON body and emits the new number itself', async () => {
			const client = await seedClient(suite.sandbox, 'Cardiology');
			suite.sandbox.requests.length = 0;
			const result = await suite.run({
				resource: 'faxNumber',
				operation: 'provision',
				areaCode: '415',
				additionalFields: { callbackUrl: suite.receiver.url, clientId: String(client.clientId) },
			});
			const [post] = apiRequests(suite.sandbox, 'POST', '/fax_numbers');
			expect(suite.sandbox.requests).toHaveLength(1);
			expect(String(post.headers['content-type'])).toMatch(/^application\/json/);
			expect(post.body).toEqual({
				fax_number: {
					area_code: '415',
					callback_url: suite.receiver.url,
					client_id: client.clientId,
				},
			});

			const output = outputOf(result);
			expect(output).toHaveLength(1);
			expect(output[0].json).not.toHaveProperty('faxNumber');
			expect(output[0].json).toMatchObject({
				number: expect.stringMatching(/^\+1415\d{7}$/),
				callbackUrl: suite.receiver.url,
				client: { clientId: client.clientId, name: 'Cardiology' },
			});
			expect(String(output[0].json.id)).toMatch(UUID);
			expect(output[0].pairedItem).toEqual({ item: 0 });
		});

		test('Provision: only the area code goes out when nothing else is set', async () => {
			const result = await suite.run({
				resource: 'faxNumber',
				operation: 'provision',
				areaCode: '212',
			});
			expect(outputOf(result)[0].json).toMatchObject({ callbackUrl: null, client: null });
			expect(apiRequests(suite.sandbox, 'POST', '/fax_numbers')[0].body).toEqual({
				fax_number: { area_code: '212' },
			});
		});

		test('Get: by ID and picked from the list, emits the number itself', async () => {
			const number = await seedNumber(suite.sandbox, '646');
			for (const locator of [byId(String(number.id)), fromList(String(number.id))]) {
				suite.sandbox.requests.length = 0;
				const result = await suite.run({
					resource: 'faxNumber',
					operation: 'get',
					faxNumberId: locator,
				});
				const output = outputOf(result);
				expect(output).toHaveLength(1);
				expect(output[0].json).toEqual(number);
				expect(output[0].pairedItem).toEqual({ item: 0 });
				expect(suite.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
					`GET /api/v2/fax_numbers/${String(number.id)}`,
				]);
			}
		});

		test('Get Many: one item per number; Limit cuts the list', async () => {
			const numbers = [
				await seedNumber(suite.sandbox, '212'),
				await seedNumber(suite.sandbox, '213'),
				await seedNumber(suite.sandbox, '214'),
			];
			const all = outputOf(
				await suite.run({ resource: 'faxNumber', operation: 'getMany', returnAll: true }),
			);
			expect(all.map((item) => item.json)).toEqual(numbers);
			expect(all.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);

			const limited = outputOf(
				await suite.run({
					resource: 'faxNumber',
					operation: 'getMany',
					returnAll: false,
					limit: 2,
				}),
			);
			expect(limited.map((item) => item.json)).toEqual(numbers.slice(0, 2));
		});

		test('Update: sets a new callback URL and client', async () => {
			const number = await seedNumber(suite.sandbox, '212');
			const client = await seedClient(suite.sandbox, 'Oncology');
			suite.sandbox.requests.length = 0;
			const url = `${suite.receiver.url}?number=1`;
			const result = await suite.run({
				resource: 'faxNumber',
				operation: 'update',
				faxNumberId: byId(String(number.id)),
				updateFields: { callbackUrl: url, clientId: String(client.clientId) },
			});
			const [patch] = apiRequests(suite.sandbox, 'PATCH', `/fax_numbers/${String(number.id)}`);
			expect(suite.sandbox.requests).toHaveLength(1);
			expect(patch.body).toEqual({ fax_number: { callback_url: url, client_id: client.clientId } });
			const output = outputOf(result);
			expect(output[0].json).toMatchObject({
				id: number.id,
				callbackUrl: url,
				client: { clientId: client.clientId, name: 'Oncology' },
			});
			expect(output[0].pairedItem).toEqual({ item: 0 });
		});

		test('Update: an empty callback URL and "No Client" clear both to null', async () => {
			const seeded = await seedNumber(suite.sandbox, '212', { callback_url: suite.receiver.url });
			const client = await seedClient(suite.sandbox, 'Radiology', String(seeded.id));
			expect(
				(await api(suite.sandbox, 'GET', `/fax_numbers/${String(seeded.id)}`)).body.faxNumber,
			).toMatchObject({
				client: { clientId: client.clientId },
			});
			suite.sandbox.requests.length = 0;

			const result = await suite.run({
				resource: 'faxNumber',
				operation: 'update',
				faxNumberId: fromList(String(seeded.id)),
				updateFields: { callbackUrl: '', clientId: '' },
			});
			const [patch] = apiRequests(suite.sandbox, 'PATCH', `/fax_numbers/${String(seeded.id)}`);
			expect(patch.body).toEqual({ fax_number: { callback_url: null, client_id: null } });
			expect(outputOf(result)[0].json).toMatchObject({
				id: seeded.id,
				callbackUrl: null,
				client: null,
			});
			const stored = await api(suite.sandbox, 'GET', `/fax_numbers/${String(seeded.id)}`);
			expect(stored.body.faxNumber).toMatchObject({ callbackUrl: null, client: null });
		});

		test('Update: only the field that was added is sent', async () => {
			const seeded = await seedNumber(suite.sandbox, '212', { callback_url: suite.receiver.url });
			suite.sandbox.requests.length = 0;
			await suite.run({
				resource: 'faxNumber',
				operation: 'update',
				faxNumberId: byId(String(seeded.id)),
				updateFields: { callbackUrl: '' },
			});
			expect(apiRequests(suite.sandbox, 'PATCH')[0].body).toEqual({
				fax_number: { callback_url: null },
			});
		});
	});

	describe('Client', () => {
		test('Create: sends the wrapped name and fax number, emits the client itself with its numbers', async () => {
			const number = await seedNumber(suite.sandbox, '212');
			suite.sandbox.requests.length = 0;
			const result = await suite.run({
				resource: 'client',
				operation: 'create',
				name: 'Pediatrics',
				additionalFields: { faxNumberId: String(number.id) },
			});
			const [post] = apiRequests(suite.sandbox, 'POST', '/clients');
			expect(suite.sandbox.requests).toHaveLength(1);
			expect(post.body).toEqual({ client: { name: 'Pediatrics', fax_number_id: number.id } });
			const output = outputOf(result);
			expect(output).toHaveLength(1);
			expect(output[0].json).not.toHaveProperty('client');
			expect(output[0].json).toMatchObject({
				name: 'Pediatrics',
				faxNumbers: [{ id: number.id, number: number.number }],
			});
			expect(String(output[0].json.clientId)).toMatch(UUID);
			expect(output[0].pairedItem).toEqual({ item: 0 });
		});

		test('Create: without a fax number only the name goes out', async () => {
			const result = await suite.run({
				resource: 'client',
				operation: 'create',
				name: 'Dermatology',
			});
			expect(apiRequests(suite.sandbox, 'POST', '/clients')[0].body).toEqual({
				client: { name: 'Dermatology' },
			});
			expect(outputOf(result)[0].json).toMatchObject({ name: 'Dermatology', faxNumbers: [] });
		});

		test('Get: by ID and picked from the list, emits the client itself', async () => {
			const number = await seedNumber(suite.sandbox, '212');
			const client = await seedClient(suite.sandbox, 'Neurology', String(number.id));
			for (const locator of [byId(String(client.clientId)), fromList(String(client.clientId))]) {
				suite.sandbox.requests.length = 0;
				const output = outputOf(
					await suite.run({ resource: 'client', operation: 'get', clientId: locator }),
				);
				expect(output).toHaveLength(1);
				expect(output[0].json).toEqual(client);
				expect(suite.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
					`GET /api/v2/clients/${String(client.clientId)}`,
				]);
			}
		});

		test('Get Many: one item per client; Limit cuts the list', async () => {
			const clients = [
				await seedClient(suite.sandbox, 'A'),
				await seedClient(suite.sandbox, 'B'),
				await seedClient(suite.sandbox, 'C'),
			];
			const all = outputOf(
				await suite.run(
					{ resource: 'client', operation: 'getMany', returnAll: true },
					{ items: [{ json: {} }, { json: {} }] },
				),
			);
			expect(all.map((item) => item.json)).toEqual([...clients, ...clients]);
			expect(all.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 0 },
				{ item: 0 },
				{ item: 1 },
				{ item: 1 },
				{ item: 1 },
			]);
			const limited = outputOf(
				await suite.run({ resource: 'client', operation: 'getMany', limit: 1 }),
			);
			expect(limited.map((item) => item.json)).toEqual([clients[0]]);
		});

		test('Rename: patches the wrapped name and emits the renamed client', async () => {
			const client = await seedClient(suite.sandbox, 'Old Name');
			suite.sandbox.requests.length = 0;
			const result = await suite.run({
				resource: 'client',
				operation: 'rename',
				clientId: byId(String(client.clientId)),
				name: 'New Name',
			});
			const [patch] = apiRequests(suite.sandbox, 'PATCH', `/clients/${String(client.clientId)}`);
			expect(suite.sandbox.requests).toHaveLength(1);
			expect(patch.body).toEqual({ client: { name: 'New Name' } });
			expect(outputOf(result)[0].json).toEqual({
				clientId: client.clientId,
				name: 'New Name',
				faxNumbers: [],
			});
			expect(
				(await api(suite.sandbox, 'GET', `/clients/${String(client.clientId)}`)).body.client,
			).toMatchObject({ name: 'New Name' });
		});
	});
});
