import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { OMITTED_FIELDS, RECORD_KINDS } from '../../nodes/shared/records';
import type { Sandbox } from '../../sandbox';
import { useBinaryMode } from '../harness/engine';
import { runAsAgentTool, runFaxService } from '../harness/workflows';
import {
	api,
	errorOf,
	outputOf,
	pdf,
	seedAiDocument,
	seedClient,
	seedEmail,
	seedNumber,
	seedReceivedFax,
	seedSentFax,
	startFastSandbox,
	startReceiver,
	type Receiver,
} from './fixtures';

/** The Output option (Simplified / Raw / Selected Fields) of the operations that read records. */

const received = RECORD_KINDS.receivedFax;
const aiResult = RECORD_KINDS.aiResult;

/** What the service answers for `path`, read directly: the records the node read. */
async function serviceRecords(sandbox: Sandbox, path: string, key: string): Promise<IDataObject[]> {
	const body = (await api(sandbox, 'GET', path)).body;
	const list = body[key] as IDataObject[];
	return key === 'aiDocuments' ? list.map((entry) => entry.aiResult as IDataObject) : list;
}

type Kind = { fields: readonly string[]; simplified?: readonly string[] };

/**
 * Simplified is Raw cut to the kind's fields, plus the names of the dropped fields that have a value
 * (a small kind stays whole); and Selected Fields offers every field the service returned.
 */
function expectSimplified(simple: IDataObject, raw: IDataObject, kind: Kind) {
	expect(Object.keys(raw).filter((field) => !kind.fields.includes(field))).toEqual([]);
	const kept = kind.simplified;
	if (!kept) return expect(simple).toEqual(raw);
	const expected: IDataObject = {};
	for (const field of kept) if (field in raw) expected[field] = raw[field];
	const dropped = Object.keys(raw).filter(
		(field) => !kept.includes(field) && raw[field] !== null && raw[field] !== '',
	);
	expect(simple).toEqual({ ...expected, [OMITTED_FIELDS]: dropped });
}

/** Waits until `check` holds (records change while the sandbox delivers them: compare only settled ones). */
async function waitUntil(what: string, check: () => Promise<boolean>): Promise<void> {
	const deadline = Date.now() + 15_000;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`not within 15 s: ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

async function waitForAiResults(sandbox: Sandbox, count: number): Promise<void> {
	await waitUntil(
		`${count} AI documents completed`,
		async () =>
			(await serviceRecords(sandbox, '/ai_documents', 'aiDocuments')).filter((r) => r.completedAt)
				.length >= count,
	);
}

const bytesPerItem = (items: IDataObject[]) =>
	Math.round(
		items.reduce((sum, item) => sum + Buffer.byteLength(JSON.stringify(item)), 0) / items.length,
	);

describe('Output: Simplified, Raw, Selected Fields', () => {
	let sandbox: Sandbox;
	let receiver: Receiver;
	let accountNumber: string;

	beforeAll(async () => {
		await useBinaryMode('default');
		sandbox = await startFastSandbox();
		receiver = await startReceiver();
	});
	afterAll(async () => {
		await sandbox.stop();
		await receiver.close();
	});
	beforeEach(async () => {
		sandbox.reset();
		accountNumber = String((await seedNumber(sandbox, '212')).number);
	});

	describe('Received Fax', () => {
		let tokens: string[];
		beforeEach(async () => {
			tokens = [
				await seedReceivedFax(sandbox, accountNumber, '+14155551234', pdf(1, 'REFERRAL')),
				await seedReceivedFax(sandbox, accountNumber),
			];
			sandbox.requests.length = 0;
		});

		test('a node saved without Output emits the records exactly as before (Raw), and Raw chosen is the same', async () => {
			const records = await serviceRecords(sandbox, '/received_faxes', 'receivedFaxes');
			sandbox.requests.length = 0;
			const saved = outputOf(
				await runFaxService(sandbox, {
					resource: 'receivedFax',
					operation: 'getMany',
					returnAll: true,
				}),
			);
			expect(saved.map((item) => item.json)).toEqual(records);
			expect(saved.every((item) => !(OMITTED_FIELDS in item.json))).toBe(true);
			const raw = outputOf(
				await runFaxService(sandbox, {
					resource: 'receivedFax',
					operation: 'getMany',
					returnAll: true,
					output: 'raw',
				}),
			);
			expect(raw.map((item) => item.json)).toEqual(records);
			const one = outputOf(
				await runFaxService(sandbox, {
					resource: 'receivedFax',
					operation: 'get',
					faxId: tokens[0],
				}),
			);
			expect(one.map((item) => item.json)).toEqual([
				(await api(sandbox, 'GET', `/received_faxes/${tokens[0]}`)).body,
			]);
		});

		test("Simplified: Get Many and Get keep the agent's fields and name the dropped ones that have a value", async () => {
			const records = await serviceRecords(sandbox, '/received_faxes', 'receivedFaxes');
			const many = outputOf(
				await runFaxService(sandbox, {
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
				await runFaxService(sandbox, {
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
			const records = await serviceRecords(sandbox, '/received_faxes', 'receivedFaxes');
			const many = outputOf(
				await runFaxService(sandbox, {
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
				await runFaxService(sandbox, {
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
					sandbox,
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
			expect(sandbox.requests).toEqual([]);

			// The editor requires Fields; an expression can still give none.
			const empty = errorOf(
				await runFaxService(sandbox, {
					resource: 'receivedFax',
					operation: 'getMany',
					output: 'fields',
					fields: '={{ [] }}',
				}),
			);
			expect(empty.message).toContain('Fields is empty');
			expect(sandbox.requests).toEqual([]);
		});
	});

	describe('AI Document', () => {
		let tokens: string[];
		beforeEach(async () => {
			tokens = [
				await seedAiDocument(sandbox, receiver.url, pdf(1, 'REFERRAL')),
				await seedAiDocument(sandbox, receiver.url, pdf(1, 'PRIOR AUTH')),
			];
			await waitForAiResults(sandbox, 2);
		});

		test('Raw (default), Simplified and Selected Fields of Get Many and Get', async () => {
			const records = await serviceRecords(sandbox, '/ai_documents', 'aiDocuments');
			const raw = outputOf(
				await runFaxService(sandbox, {
					resource: 'aiDocument',
					operation: 'getMany',
					returnAll: true,
				}),
			);
			expect(raw.map((item) => item.json)).toEqual(records);
			const simple = outputOf(
				await runFaxService(sandbox, {
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
				await runFaxService(sandbox, {
					resource: 'aiDocument',
					operation: 'get',
					documentId: tokens[0],
					output: 'simple',
				}),
			);
			expectSimplified(one[0].json, records[0], aiResult);
			const picked = outputOf(
				await runFaxService(sandbox, {
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
					sandbox,
					accountNumber,
					'+14155551234',
					pdf(1, i % 2 ? 'REFERRAL' : 'PRIOR AUTH'),
				);
			for (let i = 0; i < 48; i++)
				await seedAiDocument(sandbox, receiver.url, pdf(1, i % 2 ? 'REFERRAL' : 'PRIOR AUTH'));
			await waitForAiResults(sandbox, 50);
			const sizes: Record<string, number> = {};
			for (const [resource, name] of [
				['receivedFax', 'Received Fax'],
				['aiDocument', 'AI results'],
			] as const) {
				for (const output of ['raw', 'simple'] as const) {
					const items = outputOf(
						await runFaxService(sandbox, { resource, operation: 'getMany', limit: 50, output }),
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

	test('every other record kind: Simplified cuts the large records (sent fax, e-mail) and keeps the small ones whole (fax number, client)', async () => {
		const faxNumber = (
			(await api(sandbox, 'GET', '/fax_numbers')).body.faxNumbers as IDataObject[]
		)[0];
		const client = await seedClient(sandbox, 'Clinic');
		const sendToken = await seedSentFax(sandbox, {
			from_number: accountNumber,
			patient_name: 'Jane Doe',
		});
		const emailId = await seedEmail(sandbox);
		const FINAL = ['success', 'failure'];
		await waitUntil('the sent fax and the e-mail final', async () => {
			const [fax, email] = [
				(await api(sandbox, 'GET', `/sent_faxes/${sendToken}`)).body,
				(await api(sandbox, 'GET', `/emails/${emailId}`)).body,
			];
			return FINAL.includes(String(fax.sentStatus)) && FINAL.includes(String(email.emailStatus));
		});
		const cases: Array<[IDataObject, string, Kind]> = [
			[
				{ resource: 'sentFax', operation: 'get', faxId: sendToken },
				`/sent_faxes/${sendToken}`,
				RECORD_KINDS.sentFax,
			],
			[
				{ resource: 'sentFax', operation: 'getMany', returnAll: true },
				'/sent_faxes',
				RECORD_KINDS.sentFax,
			],
			[
				{ resource: 'secureLinkEmail', operation: 'get', emailId },
				`/emails/${emailId}`,
				RECORD_KINDS.secureLinkEmail,
			],
			[
				{
					resource: 'client',
					operation: 'get',
					clientId: { __rl: true, mode: 'id', value: client.clientId },
				},
				`/clients/${String(client.clientId)}`,
				RECORD_KINDS.client,
			],
			[
				{ resource: 'client', operation: 'getMany', returnAll: true },
				'/clients',
				RECORD_KINDS.client,
			],
			[
				{ resource: 'faxNumber', operation: 'getMany', returnAll: true },
				'/fax_numbers',
				RECORD_KINDS.faxNumber,
			],
			[
				{
					resource: 'faxNumber',
					operation: 'get',
					faxNumberId: { __rl: true, mode: 'id', value: faxNumber.id },
				},
				`/fax_numbers/${String(faxNumber.id)}`,
				RECORD_KINDS.faxNumber,
			],
		];
		for (const kind of Object.values(RECORD_KINDS) as Kind[]) {
			expect(new Set(kind.fields).size).toBe(kind.fields.length);
			expect((kind.simplified ?? []).filter((field) => !kind.fields.includes(field))).toEqual([]);
		}
		expect(
			Object.fromEntries(
				Object.entries(RECORD_KINDS).map(([name, kind]) => [name, kind.fields.length]),
			),
		).toEqual({
			sentFax: 19,
			receivedFax: 27,
			faxNumber: 6,
			client: 3,
			secureLinkEmail: 17,
			aiResult: 42,
		});
		for (const [parameters, path, kind] of cases) {
			const body = (await api(sandbox, 'GET', path)).body;
			const list = body.sentFaxes ?? body.clients ?? body.faxNumbers;
			const raw = (list as IDataObject[] | undefined) ?? [
				((body.client ?? body.faxNumber) as IDataObject | undefined) ?? body,
			];
			const simple = outputOf(
				await runFaxService(sandbox, { ...parameters, output: 'simple' } as never),
			).map((item) => item.json);
			expect(simple).toHaveLength(raw.length);
			simple.forEach((item, i) => expectSimplified(item, raw[i], kind));
		}
	});

	describe("as an AI agent's tool (faxServiceTool)", () => {
		async function runAsTool(parameters: IDataObject): Promise<IDataObject[]> {
			const result = await runAsAgentTool(sandbox, parameters as INodeParameters);
			const error = result.error('Test Agent');
			if (error) throw new Error(`Test Agent failed: ${error.message}`);
			return result.output('Test Agent')[0].json.answer as IDataObject[];
		}

		test('Output defaults to Simplified on the tool; Raw when chosen', async () => {
			const token = await seedReceivedFax(
				sandbox,
				accountNumber,
				'+14155551234',
				pdf(1, 'REFERRAL'),
			);
			const record = (await api(sandbox, 'GET', `/received_faxes/${token}`)).body;
			const byDefault = await runAsTool({
				resource: 'receivedFax',
				operation: 'get',
				faxId: token,
			});
			expect(byDefault).toHaveLength(1);
			expectSimplified(byDefault[0], record, received);
			expect(
				await runAsTool({ resource: 'receivedFax', operation: 'get', faxId: token, output: 'raw' }),
			).toEqual([record]);
		});
	});
});
