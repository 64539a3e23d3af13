/**
 * Patient Data for the Model (node version 1.1): what the Fax Service's AI tool gives the model of
 * each read and send, run as n8n runs a tool call (test/harness/tool.ts), with the option off (the
 * default), on, and on a version-1 tool node (everything, as before). The fields withheld are
 * shared/records' patient lists; here each expectation is written out, field by field.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RECORD_KINDS, type RecordKind } from '../../nodes/shared/records';
import { SANDBOX_PATIENT } from '../../sandbox/extraction';
import { runAsAgentTool, runFaxService } from '../harness/workflows';
import { api, outputOf, pdf, seedAiDocument, seedEmail, seedReceivedFax } from './fixtures';
import { aiResult, received, expectSimplified, useOutputSuite, waitUntil } from './output-checks';

/** What the author types on the tool's Send: a patient the sandbox does not invent. */
const SENT_PATIENT = { patientName: 'Orvillea Tranquist', patientDob: '1931-02-03' };
const SENT_NOTE = 'Follow-up for Orvillea';
const EMAIL_RECIPIENT = 'orvillea.tranquist@patients.example';

/** Every patient value the suite's records can carry, as the model would read them in the tool's JSON. */
const PATIENT_VALUES = [
	SANDBOX_PATIENT.patientName,
	SANDBOX_PATIENT.patientDob,
	SANDBOX_PATIENT.patientPhoneNumber,
	SANDBOX_PATIENT.patientAddress,
	'SBX123456789', // member id
	'Sandbox Health PPO',
	'Essential (primary) hypertension',
	'E11.9',
	SENT_PATIENT.patientName,
	SENT_PATIENT.patientDob,
	SENT_NOTE,
	EMAIL_RECIPIENT,
];

const patientValuesIn = (answer: unknown): string[] => {
	const text = JSON.stringify(answer);
	return PATIENT_VALUES.filter((value) => text.includes(value));
};

type Setting = 'version 1' | 'off' | 'on';
/** A sent fax's or e-mail's last states: its record no longer changes. */
const FINAL = ['success', 'failure'];

describe('Patient Data for the Model (the AI tool, node version 1.1)', () => {
	const suite = useOutputSuite();

	/** The tool's answer to one call: the JSON its items give the model. */
	async function toolAnswer(setting: Setting, parameters: IDataObject): Promise<IDataObject[]> {
		const result = await runAsAgentTool(
			suite.sandbox,
			{
				...parameters,
				...(setting === 'on' && { patientDataForModel: true }),
			} as INodeParameters,
			{ node: { typeVersion: setting === 'version 1' ? 1 : 1.1 } },
		);
		const error = result.error('Test Agent');
		if (error) throw new Error(`Test Agent failed: ${error.message}`);
		return result.output('Test Agent')[0].json.answer as IDataObject[];
	}

	let receivedToken: string;
	let receivedRecord: IDataObject;
	beforeEach(async () => {
		receivedToken = await seedReceivedFax(
			suite.sandbox,
			suite.accountNumber,
			'+14155551234',
			pdf(1, 'REFERRAL'),
		);
		receivedRecord = (await api(suite.sandbox, 'GET', `/received_faxes/${receivedToken}`)).body;
	});

	test("each kind's patient fields are fields of that kind, never its id", () => {
		for (const kind of Object.values(RECORD_KINDS) as RecordKind[]) {
			expect((kind.patient ?? []).filter((field) => !kind.fields.includes(field))).toEqual([]);
			expect(kind.patient ?? []).not.toContain(kind.id);
		}
	});

	test('received faxes, Simplified (the tool default): off keeps ids, statuses, times, pages and the type; on and version 1 add the patient', async () => {
		const get = { resource: 'receivedFax', operation: 'get', faxId: receivedToken };
		const [off] = await toolAnswer('off', get);
		expect(off).toEqual({
			sendToken: receivedToken,
			fromNumber: '+14155551234',
			toNumber: suite.accountNumber,
			callerName: receivedRecord.callerName,
			faxStatus: 'success',
			sentAt: receivedRecord.sentAt,
			completedAt: receivedRecord.completedAt,
			numPages: 1,
			isTest: true,
			errorDetails: null,
			documentClassification: 'referral',
			// Simplified names the other fields with a value it left out: no patient field among them.
			omittedFields: ['secondaryCategory'],
		});
		expect(patientValuesIn(off)).toEqual([]);
		for (const setting of ['on', 'version 1'] as const) {
			const [whole] = await toolAnswer(setting, get);
			expectSimplified(whole, receivedRecord, received);
			expect(whole).toMatchObject({
				patientName: SANDBOX_PATIENT.patientName,
				patientDob: SANDBOX_PATIENT.patientDob,
			});
		}
		const many = { resource: 'receivedFax', operation: 'getMany', returnAll: true };
		expect(patientValuesIn(await toolAnswer('off', many))).toEqual([]);
		expect(patientValuesIn(await toolAnswer('on', many))).toEqual(
			expect.arrayContaining([SANDBOX_PATIENT.patientName, SANDBOX_PATIENT.patientDob]),
		);
	});

	test('Raw and Selected Fields withhold the same fields when off; the node in a workflow is untouched', async () => {
		const raw = { resource: 'receivedFax', operation: 'get', faxId: receivedToken, output: 'raw' };
		const [off] = await toolAnswer('off', raw);
		expect(Object.keys(off)).toEqual([
			'sendToken',
			'fromNumber',
			'toNumber',
			'callerName',
			'faxStatus',
			'sentAt',
			'completedAt',
			'numPages',
			'isTest',
			'errorDetails',
			'callbackStatus',
			'client',
			'documentClassification',
			'secondaryCategory',
		]);
		expect(await toolAnswer('on', raw)).toEqual([receivedRecord]);
		expect(await toolAnswer('version 1', raw)).toEqual([receivedRecord]);
		// A patient field chosen in Selected Fields is still withheld: the author's switch decides.
		const fields = { ...raw, output: 'fields', fields: ['patientName', 'numPages'] };
		expect(await toolAnswer('off', fields)).toEqual([{ sendToken: receivedToken, numPages: 1 }]);
		expect(await toolAnswer('on', fields)).toEqual([
			{ sendToken: receivedToken, patientName: SANDBOX_PATIENT.patientName, numPages: 1 },
		]);
		// The same parameter on the node of version 1.1 in a plain workflow changes nothing.
		const node = outputOf(await runFaxService(suite.sandbox, raw, { node: { typeVersion: 1.1 } }));
		expect(node.map((item) => item.json)).toEqual([receivedRecord]);
	});

	test("AI document results: off keeps the token, type, time and error; on gives the AI's extracted fields", async () => {
		const aiToken = await seedAiDocument(suite.sandbox, suite.receiver.url, pdf(1, 'REFERRAL'));
		const aiRecord = async () =>
			(await api(suite.sandbox, 'GET', `/ai_documents/${aiToken}`)).body.aiResult as IDataObject;
		await waitUntil('the AI result completed', async () => !!(await aiRecord()).completedAt);
		const record = await aiRecord();
		const get = { resource: 'aiDocument', operation: 'get', documentId: aiToken };
		const [off] = await toolAnswer('off', get);
		expect(off).toEqual({
			aiToken,
			completedAt: record.completedAt,
			errorDetails: null,
			documentClassification: 'referral',
			omittedFields: [],
		});
		const [rawOff] = await toolAnswer('off', { ...get, output: 'raw' });
		expect(rawOff).toEqual({
			aiToken,
			documentClassification: 'referral',
			completedAt: record.completedAt,
			errorDetails: null,
		});
		const [on] = await toolAnswer('on', get);
		expectSimplified(on, record, aiResult);
		expect(on).toMatchObject({ patientName: SANDBOX_PATIENT.patientName });
		const many = { resource: 'aiDocument', operation: 'getMany', returnAll: true, output: 'raw' };
		expect(patientValuesIn(await toolAnswer('off', many))).toEqual([]);
		expect(await toolAnswer('version 1', many)).toEqual([record]);
	});

	test('Send: the author’s patient fields reach the service, and the model gets the faxId and message either way; sent-fax reads withhold them when off', async () => {
		const send = {
			resource: 'sentFax',
			operation: 'send',
			fromNumber: { __rl: true, mode: 'number', value: suite.accountNumber },
			toNumber: '+13105551234',
			documentSource: 'text',
			text: 'Referral letter.',
			additionalFields: { ...SENT_PATIENT, note: SENT_NOTE, recipientName: 'Cardiology' },
		};
		const answers: Record<string, IDataObject> = {};
		for (const setting of ['off', 'on', 'version 1'] as const) {
			const [answer] = await toolAnswer(setting, send);
			expect(Object.keys(answer).sort()).toEqual(['faxId', 'message']);
			expect(patientValuesIn(answer)).toEqual([]);
			answers[setting] = answer;
		}
		const sent = suite.sandbox.requests.filter(
			(r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes',
		);
		expect(sent.map((r) => (r.body as IDataObject).patient_name)).toEqual(
			Array(3).fill(SENT_PATIENT.patientName),
		);
		const faxId = String(answers.off.faxId);
		// Compared with the service's record below: read both once the fax has settled.
		await waitUntil('the sent fax final', async () =>
			FINAL.includes(
				String((await api(suite.sandbox, 'GET', `/sent_faxes/${faxId}`)).body.sentStatus),
			),
		);
		const raw = { resource: 'sentFax', operation: 'get', faxId, output: 'raw' };
		const [off] = await toolAnswer('off', raw);
		expect(off).toMatchObject({ sendToken: faxId, recipientName: 'Cardiology' });
		for (const field of ['patientName', 'patientDob', 'note', 'secureLink'])
			expect(off).not.toHaveProperty(field);
		expect(patientValuesIn(await toolAnswer('off', { ...raw, operation: 'getMany' }))).toEqual([]);
		expect(patientValuesIn(await toolAnswer('on', raw))).toEqual([
			SENT_PATIENT.patientName,
			SENT_PATIENT.patientDob,
			SENT_NOTE,
		]);
		expect(await toolAnswer('version 1', raw)).toEqual([
			(await api(suite.sandbox, 'GET', `/sent_faxes/${faxId}`)).body,
		]);
	});

	test("secure-link e-mails: off withholds the recipient (who may be the patient), subject and note; Download PDF's record too", async () => {
		const emailId = await seedEmail(suite.sandbox, EMAIL_RECIPIENT);
		await waitUntil('the e-mail final', async () =>
			FINAL.includes(
				String((await api(suite.sandbox, 'GET', `/emails/${emailId}`)).body.emailStatus),
			),
		);
		const raw = { resource: 'secureLinkEmail', operation: 'get', emailId, output: 'raw' };
		const [off] = await toolAnswer('off', raw);
		expect(Object.keys(off).sort()).toEqual(
			[
				'emailId',
				'senderName',
				'replyToEmail',
				'recordStatus',
				'emailStatus',
				'expiry',
				'sentAt',
				'lastViewedAt',
				'isTest',
				'errorDetails',
			].sort(),
		);
		expect(await toolAnswer('on', raw)).toEqual([
			(await api(suite.sandbox, 'GET', `/emails/${emailId}`)).body,
		]);
		const download = { resource: 'receivedFax', operation: 'downloadPdf', faxId: receivedToken };
		const [downloaded] = await toolAnswer('off', download);
		expect(downloaded).toMatchObject({ sendToken: receivedToken, numPages: 1 });
		expect(patientValuesIn(downloaded)).toEqual([]);
		expect(downloaded).not.toHaveProperty('secureLink');
		expect(patientValuesIn(await toolAnswer('on', download))).toEqual(
			expect.arrayContaining([SANDBOX_PATIENT.patientName]),
		);
	});
});
