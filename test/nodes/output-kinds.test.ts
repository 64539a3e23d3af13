/**
 * The Output option on every other record kind (sent fax, e-mail, fax number, client) and on the AI
 * agent's tool, where it defaults to Simplified. Received faxes and AI documents: output.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RECORD_KINDS } from '../../nodes/shared/records';
import { runAsAgentTool, runFaxService } from '../harness/workflows';
import {
	api,
	outputOf,
	pdf,
	seedClient,
	seedEmail,
	seedReceivedFax,
	seedSentFax,
} from './fixtures';
import { received, expectSimplified, waitUntil, useOutputSuite, type Kind } from './output-checks';

describe('Output of the other record kinds and the AI tool', () => {
	const suite = useOutputSuite();

	test('every other record kind: Simplified cuts the large records (sent fax, e-mail) and keeps the small ones whole (fax number, client)', async () => {
		const faxNumber = (
			(await api(suite.sandbox, 'GET', '/fax_numbers')).body.faxNumbers as IDataObject[]
		)[0];
		const client = await seedClient(suite.sandbox, 'Clinic');
		const sendToken = await seedSentFax(suite.sandbox, {
			from_number: suite.accountNumber,
			patient_name: 'Jane Doe',
		});
		const emailId = await seedEmail(suite.sandbox);
		const FINAL = ['success', 'failure'];
		await waitUntil('the sent fax and the e-mail final', async () => {
			const [fax, email] = [
				(await api(suite.sandbox, 'GET', `/sent_faxes/${sendToken}`)).body,
				(await api(suite.sandbox, 'GET', `/emails/${emailId}`)).body,
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
			const body = (await api(suite.sandbox, 'GET', path)).body;
			const list = body.sentFaxes ?? body.clients ?? body.faxNumbers;
			const raw = (list as IDataObject[] | undefined) ?? [
				((body.client ?? body.faxNumber) as IDataObject | undefined) ?? body,
			];
			const simple = outputOf(
				await runFaxService(suite.sandbox, { ...parameters, output: 'simple' } as never),
			).map((item) => item.json);
			expect(simple).toHaveLength(raw.length);
			simple.forEach((item, i) => expectSimplified(item, raw[i], kind));
		}
	});

	describe("as an AI agent's tool (faxServiceTool)", () => {
		async function runAsTool(parameters: IDataObject): Promise<IDataObject[]> {
			const result = await runAsAgentTool(suite.sandbox, parameters as INodeParameters);
			const error = result.error('Test Agent');
			if (error) throw new Error(`Test Agent failed: ${error.message}`);
			return result.output('Test Agent')[0].json.answer as IDataObject[];
		}

		test('Output defaults to Simplified on the tool; Raw when chosen', async () => {
			const token = await seedReceivedFax(
				suite.sandbox,
				suite.accountNumber,
				'+14155551234',
				pdf(1, 'REFERRAL'),
			);
			const record = (await api(suite.sandbox, 'GET', `/received_faxes/${token}`)).body;
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
