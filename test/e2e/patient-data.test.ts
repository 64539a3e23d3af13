/**
 * Patient data in a real n8n at N8N_LOG_LEVEL=debug, on both hosts. Distinctive patient values go
 * through every operation that carries them (Send, with a file, as a letter from Text and as a packet with a cover page; Send and Wait, with a callback whose re-read the
 * service refuses quoting the patient; Secure-Link Email; AI upload; Simulate Inbound; the trigger's
 * callbacks; a polling tick), through validation failures (an encrypted document among them) and through service errors whose texts
 * quote them. Then none is in a line the package logs, in an execution's error message, in n8n's event
 * log (which copies those messages) or in static data, while the error's description, which only the
 * editor and the execution show, still says what was typed and what the service said.
 * Network: every server is on loopback.
 */
import { randomBytes, randomUUID } from 'crypto';

import { signCallback } from '../../nodes/shared/callbacks/signature';
import { startSandbox, type Sandbox } from '../../sandbox';
import { SANDBOX_PATIENT } from '../../sandbox/extraction';
import { startFaultProxy, type Fault, type FaultProxy } from '../harness/fault-proxy';
import { minimalPdf } from './helpers/files';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	createInstance,
	ensureInstalled,
	faxServicePollTriggerWorkflow,
	faxServiceTriggerWorkflow,
	logToStderr,
	sandboxCredential,
	type N8nExecution,
	type N8nHostInstance,
} from './helpers/n8n-host';
import {
	errorMessagesOf,
	eventLog,
	packageEntries,
	PATIENT,
	patientValuesIn,
} from './helpers/patient-data';
import { qpdfVariant } from '../nodes/packet-fixtures';
import {
	failureOf,
	faxServiceStep,
	pdfStep,
	runThroughWebhook,
	webhookWorkflow,
	type Step,
} from './helpers/webhook-steps';
import { waitFor } from './helpers/wait';
import { provisionNumber, receiveFax, sandboxApi } from './helpers/sandbox-api';
import { ceiling, MACHINE_MINUTE } from '../harness/machine';

const TO_NUMBER = '+12125550123';
const SEND_AND_WAIT = 'Send and Wait';
const POLL_TRIGGER = 'Fax Service Polling Trigger';
const TRIGGER = 'Fax Service Trigger';
/** The patient's referral, naming the patient: served by the proxy (the sandbox serves only its own samples). */
const PATIENT_PDF = minimalPdf(
	`REFERRAL for ${PATIENT.name}, born ${PATIENT.dob}, member ${PATIENT.memberId}`,
);
const PDF_PATH = '/samples/patient-referral.pdf';
/** The same referral, encrypted (qpdf): a document the packet cannot take. */
const LOCKED_PDF_PATH = '/samples/patient-referral-locked.pdf';
/** The patient fields of a fax, typed into the node. */
const FAX_FIELDS = {
	patientName: PATIENT.name,
	patientDob: PATIENT.dob,
	note: PATIENT.note,
	senderName: PATIENT.senderName,
	recipientName: PATIENT.recipientName,
};
const EMAIL_FIELDS = { ...FAX_FIELDS, subject: PATIENT.subject };
/** A letter about the patient (Document Source: Text), with a cover page naming them. */
const LETTER = `Referral for ${PATIENT.name}, born ${PATIENT.dob}, member ${PATIENT.memberId}.\n\n${PATIENT.note}`;
const LETTER_FIELDS = {
	documentSource: 'text',
	text: LETTER,
	addCoverPage: true,
	coverPage: {
		to: PATIENT.recipientName,
		from: PATIENT.senderName,
		subject: PATIENT.subject,
		message: PATIENT.note,
	},
};
/** The same letter as an agent writes it: Text Format Markdown, the patient's values in bold, a table and the cover's message. */
const MARKDOWN_LETTER_FIELDS = {
	...LETTER_FIELDS,
	textFormat: 'markdown',
	text: `# Referral\n\n**Patient:** ${PATIENT.name}\n\n| Born | Member |\n|---|---|\n| ${PATIENT.dob} | ${PATIENT.memberId} |\n\n> ${PATIENT.note}`,
	coverPage: { ...LETTER_FIELDS.coverPage, message: `**Note:** ${PATIENT.note}` },
};
/** The letter in a TrueType font (Letter Font), its file in the item's binary field data. */
const FONT_LETTER_FIELDS = { ...LETTER_FIELDS, letterFont: 'trueType', fontFile: 'data' };
/** The referral twice behind a cover page naming the patient: a packet the node reads and joins. */
const PACKET_FIELDS = {
	addCoverPage: true,
	coverPage: LETTER_FIELDS.coverPage,
	furtherDocuments: { documents: [{ source: 'binary', binaryPropertyName: 'data' }] },
};

/** A spec 7 error envelope whose texts quote the patient, as a service may. */
const serviceError = (
	status: number,
	title: string,
	detail: string | Record<string, string[]>,
): Fault => ({
	kind: 'answer',
	status,
	headers: { 'content-type': 'application/json' },
	body: JSON.stringify({ error: { status, title, detail } }),
});

type FailureFlow =
	| 'badDob'
	| 'badEmail'
	| 'nameAsNumber'
	| 'badLetter'
	| 'badFontLetter'
	| 'lockedPacket'
	| 'refusedFax'
	| 'refusedEmail'
	| 'failedUpload';
type Flow = 'send' | 'sendAndWait' | 'fontLetter' | FailureFlow;

/** Each failure: what the message must say (never a value), and what the description must still carry. */
const FAILURES: Array<{
	flow: FailureFlow;
	name: string;
	message: RegExp;
	description: string[];
	fault?: { method: string; path: RegExp; answer: Fault };
}> = [
	{
		flow: 'badDob',
		name: `validation: Patient Date of Birth "${PATIENT.dobInvalid}"`,
		message: /^Patient Date of Birth must be a date in the form YYYY-MM-DD \[item 0\]$/,
		description: [`Got "${PATIENT.dobInvalid}".`],
	},
	{
		flow: 'badEmail',
		name: "validation: a Recipient Email that is the patient's name",
		message: /^Recipient Email must be an e-mail address\b.*\[item 0\]$/,
		description: [`Got "${PATIENT.name}".`],
	},
	{
		flow: 'nameAsNumber',
		name: "validation: the To Number of a forward fed the patient's name",
		message: /^To Number must be an E\.164 number\b.*\[item 0\]$/,
		description: [`Got "${PATIENT.name}".`],
	},
	{
		flow: 'badLetter',
		name: 'validation: a letter about the patient with a character outside the fax fonts',
		message:
			/^Text cannot be faxed: 15 Greek letters, the first at line 1, column 3; 1 Chinese \(Han\) character at line 1, column \d+: not in the standard fax fonts \[item 0\]$/,
		description: ['standard PDF fonts, which show Latin letters'],
	},
	{
		flow: 'badFontLetter',
		name: "validation: a letter about the patient in Letter Font's file, with Thai script",
		message:
			/^Text cannot be faxed: 19 Thai characters, the first at line 1, column 1: Thai needs shaping \(stacked marks\) and dictionary line breaking, which the letter writer does not do \[item 0\]$/,
		description: ['Thai text needs letter shaping'],
	},
	{
		flow: 'lockedPacket',
		name: 'validation: a packet (cover page naming the patient) whose document is an encrypted PDF about the patient',
		message: /^Input Binary Field "data" cannot be faxed: it is an encrypted PDF \[item 0\]$/,
		description: ['save or print an unprotected copy'],
	},
	{
		flow: 'refusedFax',
		name: 'service: a 400 whose field map quotes the patient (Send)',
		fault: {
			method: 'POST',
			path: /^\/api\/v2\/sent_faxes$/,
			answer: serviceError(400, 'Bad Request', {
				patient_name: [`${PATIENT.name} does not match member ${PATIENT.memberId}`],
				patient_dob: [`${PATIENT.dob} is later than the date of service`],
			}),
		},
		message:
			/^The Fax Service refused POST \/sent_faxes \(HTTP 400\): check patient_name, patient_dob$/,
		description: [
			`${PATIENT.name} does not match member ${PATIENT.memberId}`,
			`${PATIENT.dob} is later than the date of service`,
		],
	},
	{
		flow: 'refusedEmail',
		name: 'service: a 400 whose detail quotes the patient (Secure-Link Email)',
		fault: {
			method: 'POST',
			path: /^\/api\/v2\/emails$/,
			answer: serviceError(
				400,
				'Bad Request',
				`Mailbox ${PATIENT.email} refused the secure link for ${PATIENT.name}`,
			),
		},
		message: /^The Fax Service refused POST \/emails \(HTTP 400\)$/,
		description: [`Mailbox ${PATIENT.email} refused the secure link for ${PATIENT.name}`],
	},
	{
		flow: 'failedUpload',
		name: 'service: a 503 whose title and detail quote the patient (AI upload)',
		fault: {
			method: 'POST',
			path: /^\/api\/v2\/ai_documents$/,
			answer: serviceError(
				503,
				`Extraction paused for ${PATIENT.name}`,
				`The document of ${PATIENT.name} (member ${PATIENT.memberId}) is held for review`,
			),
		},
		message: /^The Fax Service \w+( \w+)* POST \/ai_documents \(HTTP 503\)$/,
		description: [
			`Extraction paused for ${PATIENT.name}`,
			`The document of ${PATIENT.name} (member ${PATIENT.memberId}) is held for review`,
		],
	},
];

/** A received-fax callback (spec 6.4) with the AI extraction of the patient's referral. */
const receivedFaxRecord = (sendToken: string, toNumber: string) => ({
	sendToken,
	fromNumber: '+13105550111',
	toNumber,
	callerName: PATIENT.senderName,
	sentAt: new Date(Date.now() - 5000).toISOString(),
	completedAt: new Date().toISOString(),
	numPages: 1,
	isTest: true,
	faxStatus: 'success',
	errorDetails: null,
	documentClassification: 'referral',
	patientName: PATIENT.name,
	patientLastName: 'Quillbrandt',
	patientDob: PATIENT.dob,
	insuranceMemberId: PATIENT.memberId,
	codes: [{ code: 'I10' }],
});

describeOnHosts(BOTH_HOSTS, 'Patient data in a real n8n at debug log level', ({ hostVersion }) => {
	let sandbox: Sandbox;
	/** The credential's Base URL: service faults are planned on it. */
	let proxy: FaultProxy;
	let n8n: N8nHostInstance;
	let fromNumber: string;
	const triggerWebhookId = randomUUID();
	const paths = {} as Record<Flow, string>;
	const workflowIds = {} as Record<Flow | 'trigger' | 'poll', string>;
	/** Created after the polling trigger's activation: its next tick emits them. */
	const polled = { sent: '', received: '' };
	const withdrawals: Array<() => void> = [];
	afterEach(() => withdrawals.splice(0).forEach((withdraw) => withdraw()));

	const executionsOf = async (workflow: keyof typeof workflowIds) =>
		await n8n.executions(workflowIds[workflow]);
	/** Starts a flow through its webhook; resolves its execution once it `is` (default: finished and stored). */
	const run = async (flow: Flow, is?: (e: N8nExecution) => boolean): Promise<N8nExecution> =>
		await runThroughWebhook(n8n, { id: workflowIds[flow], path: paths[flow] }, is);
	const lastCreated = (path: string) =>
		sandbox.requests.filter((r) => r.method === 'POST' && r.path === `/api/v2${path}`).at(-1);

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		sandbox = await startSandbox({
			port: 0,
			timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
			callbackRetryScheduleMs: [500, 1000, 2000, 4000, 8000, 16000],
			callbackTimeoutMs: ceiling(15_000),
		});
		proxy = await startFaultProxy(sandbox);
		const proxyOrigin = new URL(proxy.baseUrl).origin;
		proxy.plan(
			'GET',
			new RegExp(`^${PDF_PATH}$`),
			{
				kind: 'answer',
				status: 200,
				headers: { 'content-type': 'application/pdf' },
				body: PATIENT_PDF.toString('latin1'),
			},
			Infinity,
		);
		const locked = qpdfVariant(PATIENT_PDF, '--encrypt', 'user', 'owner', '256', '--');
		proxy.plan(
			'GET',
			new RegExp(`^${LOCKED_PDF_PATH}$`),
			{ kind: 'answer', status: 200, headers: { 'content-type': 'application/pdf' }, body: locked },
			Infinity,
		);
		// The sandbox's AI extraction names its own sample patient: the received faxes the poll reads name ours.
		const ours = (text: string) =>
			text
				.replaceAll(SANDBOX_PATIENT.patientName, PATIENT.name)
				.replaceAll(SANDBOX_PATIENT.patientDob, PATIENT.dob)
				.replaceAll('SBX123456789', PATIENT.memberId);
		proxy.plan('GET', /^\/api\/v2\/received_faxes\?/, { kind: 'rewrite', body: ours }, Infinity);
		proxy.plan('GET', /^\/api\/v2\/ai_documents\?/, { kind: 'rewrite', body: ours }, Infinity);
		const api = sandboxApi(sandbox);
		fromNumber = await provisionNumber(api);

		n8n = await createInstance({ hostVersion, env: { N8N_LOG_LEVEL: 'debug' } });
		// Saved and published in the running n8n, as in the editor (the REST calls; no n8n CLI boot per step).
		await n8n.start();
		const [credential] = await n8n.importCredentials([sandboxCredential(sandbox, proxy.baseUrl)]);

		// The polling trigger first: what it should emit is created once its activation's poll has been answered.
		const [poll] = await n8n.importWorkflows([
			faxServicePollTriggerWorkflow('Patient data: polling', POLL_TRIGGER, credential, {
				events: ['sentFax', 'receivedFax', 'aiDocument'],
				options: {},
			}),
		]);
		workflowIds.poll = poll.id;
		await n8n.publishWorkflow(poll.id);
		const listAnswered = (list: string) =>
			proxy.requests.some(
				(r) =>
					r.method === 'GET' && r.path.startsWith(`/api/v2/${list}?`) && r.answeredAt !== undefined,
			);
		await waitFor(
			'the activation poll',
			() =>
				(listAnswered('sent_faxes') &&
					listAnswered('received_faxes') &&
					listAnswered('ai_documents')) ||
				undefined,
		);
		const form = new FormData();
		const fields = {
			from_number: fromNumber,
			to_number: TO_NUMBER,
			patient_name: PATIENT.name,
			patient_dob: PATIENT.dob,
			note: PATIENT.note,
			sender_name: PATIENT.senderName,
			recipient_name: PATIENT.recipientName,
		};
		for (const [name, value] of Object.entries(fields)) form.append(name, value);
		form.append(
			'file',
			new Blob([new Uint8Array(PATIENT_PDF)], { type: 'application/pdf' }),
			'referral.pdf',
		);
		polled.sent = String((await api('POST', '/sent_faxes', form)).faxId);
		polled.received = await receiveFax(
			api,
			fromNumber,
			'+13105550111',
			`REFERRAL for ${PATIENT.name}`,
		);

		const pdf = pdfStep(`${proxyOrigin}${PDF_PATH}`, 'Patient PDF');
		const lockedPdf = pdfStep(`${proxyOrigin}${LOCKED_PDF_PATH}`, 'Patient PDF');
		// The letters in a TrueType font take it from the item, as HTTP Request leaves it.
		const font = pdfStep(`${sandbox.origin}/samples/fonts/NotoSans-Regular.ttf`, 'Font');
		const number = { __rl: true, mode: 'number', value: fromNumber };
		const fax = (
			name: string,
			additionalFields: Record<string, string>,
			extra: Record<string, unknown> = {},
		) =>
			faxServiceStep(name, credential, {
				resource: 'sentFax',
				operation: 'send',
				binaryPropertyName: 'data',
				fromNumber: number,
				toNumber: TO_NUMBER,
				additionalFields,
				...extra,
			});
		const email = (recipientEmail: string) =>
			faxServiceStep('Send Secure-Link Email', credential, {
				resource: 'secureLinkEmail',
				operation: 'send',
				binaryPropertyName: 'data',
				recipientEmail,
				expireAfter: 7,
				additionalFields: EMAIL_FIELDS,
			});
		// Its result goes to the Fax Service Trigger.
		const upload = faxServiceStep('Upload AI Document', credential, {
			resource: 'aiDocument',
			operation: 'upload',
			binaryPropertyName: 'data',
			callbackUrl: n8n.webhookUrl(`${triggerWebhookId}/fax-service`),
		});
		const simulate = faxServiceStep('Simulate Inbound Fax', credential, {
			resource: 'receivedFax',
			operation: 'simulateInbound',
			binaryPropertyName: 'data',
			toNumber: number,
			fromNumber: '+13105550111',
		});
		const flows: Record<Flow, Step[]> = {
			send: [
				fax('Send Fax', FAX_FIELDS),
				fax('Send Letter', FAX_FIELDS, LETTER_FIELDS),
				fax('Send Markdown Letter', FAX_FIELDS, MARKDOWN_LETTER_FIELDS),
				fax('Send Packet', FAX_FIELDS, PACKET_FIELDS),
				email(PATIENT.email),
				upload,
				simulate,
			],
			sendAndWait: [
				fax(SEND_AND_WAIT, FAX_FIELDS, {
					operation: 'sendAndWaitForCompletion',
					limitWaitTime: true,
					waitAmount: 1,
					waitUnit: 'hours',
				}),
			],
			badDob: [fax('Send Fax', { ...FAX_FIELDS, patientDob: PATIENT.dobInvalid })],
			badEmail: [email(PATIENT.name)],
			badLetter: [
				fax('Send Letter', FAX_FIELDS, {
					...MARKDOWN_LETTER_FIELDS,
					text: `**${PATIENT.nameGreek}** 中 ${LETTER}`,
				}),
			],
			fontLetter: [fax('Send Font Letter', FAX_FIELDS, FONT_LETTER_FIELDS)],
			badFontLetter: [
				fax('Send Font Letter', FAX_FIELDS, {
					...FONT_LETTER_FIELDS,
					text: `${PATIENT.nameThai} ${LETTER}`,
				}),
			],
			lockedPacket: [fax('Send Packet', FAX_FIELDS, PACKET_FIELDS)],
			nameAsNumber: [
				faxServiceStep('Forward Received Fax', credential, {
					resource: 'receivedFax',
					operation: 'forward',
					faxId: polled.received,
					toNumber: PATIENT.name,
				}),
			],
			refusedFax: [fax('Send Fax', FAX_FIELDS)],
			refusedEmail: [email(PATIENT.email)],
			failedUpload: [upload],
		};
		const names = Object.keys(flows) as Flow[];
		for (const flow of names) paths[flow] = `patient-${flow}-${randomUUID()}`;
		const created = await n8n.importWorkflows([
			faxServiceTriggerWorkflow('Patient data: trigger', triggerWebhookId, credential, [
				'sentFax',
				'receivedFax',
				'aiDocument',
			]),
			// The forward reads no file.
			...names.map((flow) =>
				webhookWorkflow(
					`Patient data: ${flow}`,
					paths[flow],
					flows[flow],
					flow === 'nameAsNumber'
						? undefined
						: flow === 'lockedPacket'
							? lockedPdf
							: flow === 'fontLetter' || flow === 'badFontLetter'
								? font
								: pdf,
				),
			),
		]);
		workflowIds.trigger = created[0].id;
		names.forEach((flow, index) => (workflowIds[flow] = created[index + 1].id));
		for (const workflow of created) await n8n.publishWorkflow(workflow.id);
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		await proxy?.close();
		await sandbox?.stop();
	}, 2 * MACHINE_MINUTE);

	test(
		"Send, Secure-Link Email, AI upload and Simulate Inbound send the patient's data and document",
		async () => {
			const execution = await run('send');
			expect({ status: execution.status, error: failureOf(execution).message }).toEqual({
				status: 'success',
				error: undefined,
			});
			expect(lastCreated('/sent_faxes')?.body).toMatchObject({
				patient_name: PATIENT.name,
				patient_dob: PATIENT.dob,
				note: PATIENT.note,
				sender_name: PATIENT.senderName,
				recipient_name: PATIENT.recipientName,
			});
			expect(lastCreated('/emails')?.body).toMatchObject({
				recipient_email: PATIENT.email,
				subject: PATIENT.subject,
				patient_name: PATIENT.name,
				patient_dob: PATIENT.dob,
			});
			expect(lastCreated('/ai_documents')?.files[0].data).toEqual(PATIENT_PDF);
			// The letters and the packet went out as PDFs of their own (PDFs start "%PDF-"; the patient's referral is the other fax).
			const faxFiles = sandbox.requests
				.filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes')
				.map((r) => r.files[0].data);
			expect(
				faxFiles.filter(
					(file) => !file.equals(PATIENT_PDF) && file.subarray(0, 5).toString() === '%PDF-',
				),
			).toHaveLength(3);
			expect(lastCreated('/received_faxes/test_receive')?.files[0].data).toEqual(PATIENT_PDF);
			// The AI result reached the trigger, which answers once its execution exists.
			await sandbox.waitForCallbacks(
				(all) => all.some((a) => a.type === 'aiDocument' && a.status === 200),
				MACHINE_MINUTE,
			);
		},
		2 * MACHINE_MINUTE,
	);

	test(
		"Send and Wait: a callback whose re-read the service refuses quoting the patient is refused and logged in the package's words; the next delivery resumes",
		async () => {
			// Every re-read of a sent fax fails (the node reads 3 times) until the refusal is seen.
			const quote = `Record of ${PATIENT.name} (born ${PATIENT.dob}, member ${PATIENT.memberId}) is locked for review`;
			const withdraw = proxy.plan(
				'GET',
				/^\/api\/v2\/sent_faxes\/[0-9a-f]{24}$/,
				serviceError(503, 'Service Unavailable', quote),
				Infinity,
			);
			withdrawals.push(withdraw);
			const waiting = await run('sendAndWait', (e) => e.status === 'waiting');
			const request = lastCreated('/sent_faxes')!;
			expect(request.body).toMatchObject({
				patient_name: PATIENT.name,
				patient_dob: PATIENT.dob,
				note: PATIENT.note,
			});
			const callbackUrl = String((request.body as Record<string, unknown>).callback_url);
			await sandbox.waitForCallbacks(
				(all) => all.some((a) => a.url === callbackUrl && a.status === 503),
				MACHINE_MINUTE,
			);
			withdraw();

			const refusal = await waitFor("the refusal's log line", () =>
				packageEntries(n8n.logs()).find((e) => e.text.includes('refused a callback with 503')),
			);
			expect(refusal.text).toMatch(
				/^Fax Service \(waiting execution\) refused a callback with 503: re-reading the waited-for records failed: .*GET \/sent_faxes\/[0-9a-f]{24} \(HTTP 503\)/,
			);
			expect(patientValuesIn(refusal.text)).toEqual([]);
			const resumed = await waitFor('the resumed execution', async () =>
				(await executionsOf('sendAndWait')).find(
					(e) => e.id === waiting.id && e.status === 'success' && e.data !== null,
				),
			);
			expect(resumed.items[SEND_AND_WAIT]).toEqual([
				expect.objectContaining({
					sendToken: expect.any(String),
					sentStatus: 'success',
					patientName: PATIENT.name,
					timedOut: false,
				}),
			]);
		},
		3 * MACHINE_MINUTE,
	);

	test('a letter about the patient in a TrueType font (Letter Font) is faxed with the font embedded', async () => {
		const execution = await run('fontLetter');
		expect({ status: execution.status, error: failureOf(execution).message }).toEqual({
			status: 'success',
			error: undefined,
		});
		const letter = lastCreated('/sent_faxes')!.files[0].data.toString('latin1');
		expect(letter).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
	});

	test.each(FAILURES)(
		'$name: the message names the field or request, never the value; the description keeps what was typed or said',
		async ({ flow, fault, message, description }) => {
			if (fault) withdrawals.push(proxy.plan(fault.method, fault.path, fault.answer));
			const failure = failureOf(await run(flow));
			expect({
				status: failure.status,
				message: failure.message,
				patientValues: patientValuesIn(failure.message ?? ''),
			}).toEqual({
				status: 'error',
				message: expect.stringMatching(message),
				patientValues: [],
			});
			for (const words of description) expect(failure.description).toContain(words);
		},
		2 * MACHINE_MINUTE,
	);

	test(
		'Fax Service Trigger: a signed callback with patient fields is emitted; refused ones are answered without an execution and logged without them',
		async () => {
			const url = n8n.webhookUrl(`${triggerWebhookId}/fax-service`);
			const record = receivedFaxRecord(randomBytes(12).toString('hex'), fromNumber);
			const signed = (payload: object, key = sandbox.testKey) =>
				signCallback('receivedFax', payload, key);
			const post = async (recordDetails: string, signature?: string) => {
				const form = new FormData();
				form.append('recordDetails', recordDetails);
				form.append(
					'file',
					new Blob([new Uint8Array(PATIENT_PDF)], { type: 'application/pdf' }),
					'fax.pdf',
				);
				return (
					await fetch(url, {
						method: 'POST',
						headers: signature === undefined ? {} : { 'x-service-signature': signature },
						body: form,
					})
				).status;
			};
			const before = (await executionsOf('trigger')).length;
			const logFrom = packageEntries(n8n.logs()).length;
			const { sendToken, ...tokenless } = record;
			const nameAsToken = { ...record, sendToken: PATIENT.name };
			const refused = [
				await post(
					JSON.stringify(record),
					signed({ ...record, completedAt: '2020-01-01T00:00:00.000Z' }),
				),
				await post(JSON.stringify(record)),
				await post(JSON.stringify(nameAsToken), signed(nameAsToken, 'sk_test_not_the_account_key')),
				await post(JSON.stringify(record).slice(0, -1), signed(record)),
				await post(JSON.stringify(tokenless), signed(record)),
				(
					await fetch(url, {
						method: 'POST',
						headers: { 'content-type': 'application/json', 'x-service-signature': signed(record) },
						body: JSON.stringify({ recordDetails: record }),
					})
				).status,
			];
			expect(refused).toEqual([401, 401, 401, 400, 400, 400]);

			expect(await post(JSON.stringify(record), signed(record))).toBe(200);
			const emitted = await waitFor('the emitted callback', async () =>
				(await executionsOf('trigger')).find(
					(e) => e.status === 'success' && e.items[TRIGGER]?.[0]?.sendToken === sendToken,
				),
			);
			expect(emitted.items[TRIGGER][0]).toMatchObject({
				eventType: 'receivedFax',
				verified: true,
				patientName: PATIENT.name,
				patientDob: PATIENT.dob,
				insuranceMemberId: PATIENT.memberId,
			});
			// A refusal is answered before any execution exists: the accepted callback made the only one.
			expect(await executionsOf('trigger')).toHaveLength(before + 1);

			const refusals = await waitFor("the six refusals' log lines", () => {
				const lines = packageEntries(n8n.logs())
					.slice(logFrom)
					.filter((e) => e.text.startsWith('Fax Service Trigger refused a callback'));
				return lines.length >= 6 ? lines : undefined;
			});
			expect(refusals.map((e) => /refused a callback with (\d+)/.exec(e.text)?.[1])).toEqual([
				'401',
				'401',
				'401',
				'400',
				'400',
				'400',
			]);
			expect(refusals.filter((e) => patientValuesIn(e.text).length > 0).map((e) => e.text)).toEqual(
				[],
			);
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'Polling Trigger: a tick emits the records with patient fields; what it logs are counts',
		async () => {
			const emitted = await waitFor(
				'the three records polled',
				async () => {
					const items = (await executionsOf('poll')).flatMap((e) => e.items[POLL_TRIGGER] ?? []);
					const [sent, received] = [polled.sent, polled.received].map((token) =>
						items.find((item) => item.sendToken === token),
					);
					// The AI document the Send flow uploaded (the only one of the account that finished).
					const ai = items.find((item) => item.eventType === 'aiDocument');
					return sent && received && ai ? { sent, received, ai } : undefined;
				},
				2 * MACHINE_MINUTE,
			);
			expect(emitted.sent).toMatchObject({
				eventType: 'sentFax',
				patientName: PATIENT.name,
				patientDob: PATIENT.dob,
				note: PATIENT.note,
				senderName: PATIENT.senderName,
			});
			expect(emitted.received).toMatchObject({
				eventType: 'receivedFax',
				patientName: PATIENT.name,
				patientDob: PATIENT.dob,
				insuranceMemberId: PATIENT.memberId,
			});
			expect(emitted.ai).toMatchObject({
				eventType: 'aiDocument',
				patientName: PATIENT.name,
				patientDob: PATIENT.dob,
				insuranceMemberId: PATIENT.memberId,
			});
			// Three lists read at activation, three at each tick after.
			await waitFor(
				'six polling log lines',
				() =>
					packageEntries(n8n.logs()).filter((e) =>
						e.text.startsWith('Fax Service Polling Trigger read'),
					).length >= 6 || undefined,
			);
		},
		3 * MACHINE_MINUTE,
	);

	describe('afterwards', () => {
		const allExecutions = async () =>
			(
				await Promise.all(
					Object.keys(workflowIds).map(
						async (w) => await executionsOf(w as keyof typeof workflowIds),
					),
				)
			).flat();

		test("(a) no entry the package wrote to n8n's log names a patient value", () => {
			const entries = packageEntries(n8n.logs());
			expect(entries.length).toBeGreaterThan(0);
			expect(
				entries
					.filter((e) => patientValuesIn(e.text).length > 0)
					.map((e) => `${e.level} ${e.text}`),
			).toEqual([]);
		});

		test('(b) every failure is stored, and no stored error message names a patient value', async () => {
			const executions = await allExecutions();
			const failed = executions.filter((e) => e.status === 'error').map((e) => e.workflowId);
			expect(failed.sort()).toEqual(FAILURES.map(({ flow }) => workflowIds[flow]).sort());
			const leaks = executions.flatMap((e) =>
				errorMessagesOf(e)
					.filter((message) => patientValuesIn(message).length > 0)
					.map((message) => ({ execution: e.id, message })),
			);
			expect(leaks).toEqual([]);
		});

		test(
			"(c) n8n's event log has each failure's n8n.workflow.failed event, and no patient value",
			async () => {
				const failedIds = (await allExecutions())
					.filter((e) => e.status === 'error')
					.map((e) => e.id);
				const log = await waitFor('an n8n.workflow.failed event of every failed execution', () => {
					const read = eventLog(n8n);
					const logged = new Set(
						read.events
							.filter((e) => e.eventName === 'n8n.workflow.failed')
							.map((e) => String(e.payload.executionId)),
					);
					return failedIds.every((id) => logged.has(id)) ? read : undefined;
				});
				expect(log.files.length).toBeGreaterThan(0);
				// What makes it matter: the event copies the execution's error message.
				const failedEvents = log.events.filter((e) => e.eventName === 'n8n.workflow.failed');
				expect(failedEvents.map((e) => typeof e.payload.errorMessage)).toEqual(
					failedEvents.map(() => 'string'),
				);
				expect(patientValuesIn(log.text)).toEqual([]);
			},
			2 * MACHINE_MINUTE,
		);

		test('(d) static data keeps no patient value', async () => {
			const rows = await n8n.query<{ id: string; staticData: string | null }>(
				'SELECT id, "staticData" FROM workflow_entity',
			);
			// The trigger's remembered callbacks and the polling trigger's cursors.
			expect(
				rows
					.filter((row) => row.staticData && row.staticData !== '{}')
					.map((row) => row.id)
					.sort(),
			).toEqual([workflowIds.poll, workflowIds.trigger].sort());
			expect(rows.filter((row) => patientValuesIn(String(row.staticData)).length > 0)).toEqual([]);
		});
	});
});
