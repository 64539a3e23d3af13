/**
 * The Output option (Simplified / Raw / Selected Fields) on received faxes and AI documents: what each
 * keeps, what it names as dropped, an unknown field refused, and the bytes it saves. The other record
 * kinds and the AI tool: output-kinds.test.ts.
 */
import { OMITTED_FIELDS } from '../../nodes/shared/records';
import { runFaxService } from '../harness/workflows';
import { api, errorOf, outputOf, pdf, seedAiDocument, seedReceivedFax } from './fixtures';
import {
	received,
	aiResult,
	serviceRecords,
	expectSimplified,
	waitForAiResults,
	bytesPerItem,
	useOutputSuite,
} from './output-checks';

describe('Output: Simplified, Raw, Selected Fields', () => {
	const suite = useOutputSuite();

	describe('Received Fax', () => {
		let tokens: string[];
		beforeEach(async () => {
			tokens = [
				await seedReceivedFax(
					suite.sandbox,
					suite.accountNumber,
					'+14155551234',
					pdf(1, 'REFERRAL'),
				),
				await seedReceivedFax(suite.sandbox, suite.accountNumber),
			];
			suite.sandbox.requests.length = 0;
		});

		test('a node saved without Output emits the records exactly as before (Raw), and Raw chosen is the same', async () => {
			const records = await serviceRecords(suite.sandbox, '/received_faxes', 'receivedFaxes');
			suite.sandbox.requests.length = 0;
			const saved = outputOf(
				await runFaxService(suite.sandbox, {
					resource: 'receivedFax',
					operation: 'getMany',
					returnAll: true,
				}),
			);
			expect(saved.map((item) => item.json)).toEqual(records);
			expect(saved.every((item) => !(OMITTED_FIELDS in item.json))).toBe(true);
			const raw = outputOf(
				await runFaxService(suite.sandbox, {
					resource: 'receivedFax',
					operation: 'getMany',
					returnAll: true,
					output: 'raw',
				}),
			);
			expect(raw.map((item) => item.json)).toEqual(records);
			const one = outputOf(
				await runFaxService(suite.sandbox, {
					resource: 'receivedFax',
					operation: 'get',
					faxId: tokens[0],
				}),
			);
			expect(one.map((item) => item.json)).toEqual([
				(await api(suite.sandbox, 'GET', `/received_faxes/${tokens[0]}`)).body,
			]);
		});

		test("Simplified: Get Many and Get keep the agent's fields and name the dropped ones that have a value", async () => {
			const records = await serviceRecords(suite.sandbox, '/received_faxes', 'receivedFaxes');
			const many = outputOf(
				await runFaxService(suite.sandbox, {
					resource: 'receivedFax',
					operation: 'getMany',
					returnAll: true,
					output: 'simple',
				}),
			);
			expect(many).toHaveLength(2);
			many.forEach((item, i) => {
				expectSimplified(item.json, records[i], received);
				expect(item.pairedItem).toEqual({ item: 0 });
			});
			const referral = records.find((r) => r.sendToken === tokens[0])!;
			const one = outputOf(
				await runFaxService(suite.sandbox, {
					resource: 'receivedFax',
					operation: 'get',
					faxId: tokens[0],
					output: 'simple',
				}),
			);
			expectSimplified(one[0].json, referral, received);
			expect(one[0].json).toMatchObject({
				sendToken: tokens[0],
				documentClassification: 'referral',
				patientName: expect.any(String),
			});
			expect(one[0].json[OMITTED_FIELDS]).toEqual(
				expect.arrayContaining(['secureLink', 'patientLastName', 'codes']),
			);
		});

		test('Selected Fields: the chosen fields and the id, for Get Many and Get (a list or a comma-separated expression)', async () => {
			const records = await serviceRecords(suite.sandbox, '/received_faxes', 'receivedFaxes');
			const many = outputOf(
				await runFaxService(suite.sandbox, {
					resource: 'receivedFax',
					operation: 'getMany',
					returnAll: true,
					output: 'fields',
					fields: ['faxStatus', 'numPages'],
				}),
			);
			expect(many.map((item) => item.json)).toEqual(
				records.map((r) => ({
					sendToken: r.sendToken,
					faxStatus: r.faxStatus,
					numPages: r.numPages,
				})),
			);
			const one = outputOf(
				await runFaxService(suite.sandbox, {
					resource: 'receivedFax',
					operation: 'get',
					faxId: tokens[1],
					output: 'fields',
					fields: '={{ "toNumber, completedAt" }}',
				}),
			);
			const record = records.find((r) => r.sendToken === tokens[1])!;
			expect(one[0].json).toEqual({
				sendToken: tokens[1],
				toNumber: record.toNumber,
				completedAt: record.completedAt,
			});
		});

		test('Selected Fields with an unknown name: an error naming the field and the item, before any request', async () => {
			const error = errorOf(
				await runFaxService(
					suite.sandbox,
					{
						resource: 'receivedFax',
						operation: 'get',
						faxId: '={{ $json.token }}',
						output: 'fields',
						fields: '={{ $json.fields }}',
					},
					{
						items: [
							{ json: { token: tokens[0], fields: ['faxStatus'] } },
							{ json: { token: tokens[1], fields: ['faxStatus', 'fax_status'] } },
						],
					},
				),
			);
			expect(error.message).toContain('"fax_status" is not a field of a received fax [item 1]');
			expect(String(error.description)).toContain('faxStatus');
			expect(suite.sandbox.requests).toEqual([]);

			// The editor requires Fields; an expression can still give none.
			const empty = errorOf(
				await runFaxService(suite.sandbox, {
					resource: 'receivedFax',
					operation: 'getMany',
					output: 'fields',
					fields: '={{ [] }}',
				}),
			);
			expect(empty.message).toContain('Fields is empty');
			expect(suite.sandbox.requests).toEqual([]);
		});
	});

	describe('AI Document', () => {
		let tokens: string[];
		beforeEach(async () => {
			tokens = [
				await seedAiDocument(suite.sandbox, suite.receiver.url, pdf(1, 'REFERRAL')),
				await seedAiDocument(suite.sandbox, suite.receiver.url, pdf(1, 'PRIOR AUTH')),
			];
			await waitForAiResults(suite.sandbox, 2);
		});

		test('Raw (default), Simplified and Selected Fields of Get Many and Get', async () => {
			const records = await serviceRecords(suite.sandbox, '/ai_documents', 'aiDocuments');
			const raw = outputOf(
				await runFaxService(suite.sandbox, {
					resource: 'aiDocument',
					operation: 'getMany',
					returnAll: true,
				}),
			);
			expect(raw.map((item) => item.json)).toEqual(records);
			const simple = outputOf(
				await runFaxService(suite.sandbox, {
					resource: 'aiDocument',
					operation: 'getMany',
					returnAll: true,
					output: 'simple',
				}),
			);
			simple.forEach((item, i) => expectSimplified(item.json, records[i], aiResult));
			expect(simple[1].json).toMatchObject({
				aiToken: tokens[1],
				documentClassification: 'prior_authorization',
				patientDob: expect.any(String),
			});
			expect(simple[1].json[OMITTED_FIELDS]).toEqual(
				expect.arrayContaining(['patientLastName', 'icdCodesJson']),
			);

			const one = outputOf(
				await runFaxService(suite.sandbox, {
					resource: 'aiDocument',
					operation: 'get',
					documentId: tokens[0],
					output: 'simple',
				}),
			);
			expectSimplified(one[0].json, records[0], aiResult);
			const picked = outputOf(
				await runFaxService(suite.sandbox, {
					resource: 'aiDocument',
					operation: 'get',
					documentId: tokens[0],
					output: 'fields',
					fields: ['documentSummary'],
				}),
			);
			expect(picked[0].json).toEqual({
				aiToken: tokens[0],
				documentSummary: records[0].documentSummary,
			});
		});

		test('bytes per item, raw vs simplified, 50 received faxes and 50 AI results (printed for the README)', async () => {
			for (let i = 0; i < 50; i++)
				await seedReceivedFax(
					suite.sandbox,
					suite.accountNumber,
					'+14155551234',
					pdf(1, i % 2 ? 'REFERRAL' : 'PRIOR AUTH'),
				);
			for (let i = 0; i < 48; i++)
				await seedAiDocument(
					suite.sandbox,
					suite.receiver.url,
					pdf(1, i % 2 ? 'REFERRAL' : 'PRIOR AUTH'),
				);
			await waitForAiResults(suite.sandbox, 50);
			const sizes: Record<string, number> = {};
			for (const [resource, name] of [
				['receivedFax', 'Received Fax'],
				['aiDocument', 'AI results'],
			] as const) {
				for (const output of ['raw', 'simple'] as const) {
					const items = outputOf(
						await runFaxService(suite.sandbox, {
							resource,
							operation: 'getMany',
							limit: 50,
							output,
						}),
					).map((item) => item.json);
					expect(items).toHaveLength(50);
					sizes[`${name} Get Many, ${output}`] = bytesPerItem(items);
					if (output === 'simple')
						sizes[`${name} Get Many, simple without ${OMITTED_FIELDS}`] = bytesPerItem(
							items.map((item) =>
								Object.fromEntries(Object.entries(item).filter(([key]) => key !== OMITTED_FIELDS)),
							),
						);
				}
			}
			console.log(
				`JSON bytes per item (50 records):\n${Object.entries(sizes)
					.map(([k, v]) => `  ${k}: ${v}`)
					.join('\n')}`,
			);
			expect(sizes['Received Fax Get Many, simple']).toBeLessThan(
				sizes['Received Fax Get Many, raw'] * 0.75,
			);
			expect(sizes['AI results Get Many, simple']).toBeLessThan(
				sizes['AI results Get Many, raw'] * 0.75,
			);
		});
	});
});
