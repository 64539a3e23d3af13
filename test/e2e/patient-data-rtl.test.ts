/**
 * A letter in Hebrew naming a patient, in a real n8n at N8N_LOG_LEVEL=debug, on both hosts (issue
 * 56): faxed in Noto Sans Hebrew (Hebrew, Latin and digits), printed right to left; the same letter
 * in a font without Hebrew refused, counting its letters. Then no Hebrew patient value (whole, in
 * parts, or spelled as code points: helpers/patient-data.ts) is in any entry of n8n's log (n8n's
 * own and the package's), in a stored error message, in n8n's event log, in the run data of the
 * executions (what every node output) or among the fields the service received: the PDF is the only
 * copy that leaves. The one exception is n8n's, not the package's: n8n copies a failed node's
 * parameters, the letter as typed, into its error (error.node), so into the stored run data and its
 * debug line "Workflow execution finished with error"; (a) and (d) find the letter there and only
 * there. Network: every server is on loopback.
 */
import { randomUUID } from 'crypto';
import { execFileSync } from 'child_process';

import { startSandbox, type Sandbox } from '../../sandbox';
import { pdfReader, SOUND_PDF } from '../harness/pdf-reader';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	createInstance,
	ensureInstalled,
	logToStderr,
	sandboxCredential,
	type N8nExecution,
	type N8nHostInstance,
} from './helpers/n8n-host';
import {
	errorMessagesOf,
	eventLog,
	HEBREW_PATIENT,
	logEntries,
	patientValuesIn,
	withoutNodeParameters,
} from './helpers/patient-data';
import {
	failureOf,
	faxServiceStep,
	pdfStep,
	runThroughWebhook,
	webhookWorkflow,
} from './helpers/webhook-steps';
import { provisionNumber, sandboxApi } from './helpers/sandbox-api';
import { waitFor } from './helpers/wait';
import { MACHINE_MINUTE } from '../harness/machine';

const TO_NUMBER = '+12125550123';
/** A referral naming the patient, in Markdown: heading, a list with their name, date of birth and allergy. */
const LETTER = `# מכתב הפניה

- **המטופל:** ${HEBREW_PATIENT.name}
- **תאריך לידה:** ${HEBREW_PATIENT.dob}
- **הערה:** ${HEBREW_PATIENT.note}

בברכה,
מרפאת הצפון`;
/** What the fax must print, each checked alone (pdftotext moves punctuation around numbers). */
const PRINTED = [
	'מכתב',
	'הפניה',
	...HEBREW_PATIENT.name.split(' '),
	HEBREW_PATIENT.dob,
	...HEBREW_PATIENT.note.split(' '),
	'לוי',
];
/** pdftotext's text as compared: without the bidi embedding controls it adds, and NFKC. */
const comparable = (text: string) => text.replace(/[\u202a-\u202e]/g, '').normalize('NFKC');

type Flow = 'hebrewFont' | 'latinFont';

describeOnHosts(
	BOTH_HOSTS,
	'A Hebrew letter naming a patient in a real n8n at debug log level',
	({ hostVersion }) => {
		let sandbox: Sandbox;
		let n8n: N8nHostInstance;
		const workflows = {} as Record<Flow, { id: string; path: string }>;
		const pdfs = pdfReader('fax-patient-rtl-');
		const run = async (flow: Flow): Promise<N8nExecution> =>
			await runThroughWebhook(n8n, workflows[flow]);
		const allExecutions = async () =>
			(
				await Promise.all(Object.values(workflows).map(async ({ id }) => await n8n.executions(id)))
			).flat();
		const sends = () =>
			sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes');

		beforeAll(async () => {
			await ensureInstalled({ hostVersion, log: logToStderr });
			sandbox = await startSandbox({
				port: 0,
				timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
			});
			const fromNumber = await provisionNumber(sandboxApi(sandbox));
			n8n = await createInstance({ hostVersion, env: { N8N_LOG_LEVEL: 'debug' } });
			await n8n.start();
			const [credential] = await n8n.importCredentials([sandboxCredential(sandbox)]);
			// The letter and its cover page in the font HTTP Request left in the item's field data.
			const letter = faxServiceStep('Send Hebrew Letter', credential, {
				resource: 'sentFax',
				operation: 'send',
				fromNumber: { __rl: true, mode: 'number', value: fromNumber },
				toNumber: TO_NUMBER,
				documentSource: 'text',
				textFormat: 'markdown',
				text: LETTER,
				letterFont: 'trueType',
				fontFile: 'data',
				addCoverPage: true,
				coverPage: { to: HEBREW_PATIENT.recipientName, subject: 'הפניה' },
			});
			const fonts: Record<Flow, string> = {
				hebrewFont: 'NotoSansHebrew-Regular.ttf',
				latinFont: 'NotoSans-Regular.ttf',
			};
			const flows = Object.keys(fonts) as Flow[];
			for (const flow of flows) workflows[flow] = { id: '', path: `patient-rtl-${randomUUID()}` };
			const created = await n8n.importWorkflows(
				flows.map((flow) =>
					webhookWorkflow(
						`Hebrew letter: ${flow}`,
						workflows[flow].path,
						[letter],
						pdfStep(`${sandbox.origin}/samples/fonts/${fonts[flow]}`, 'Font'),
					),
				),
			);
			flows.forEach((flow, index) => (workflows[flow].id = created[index].id));
			for (const workflow of created) await n8n.publishWorkflow(workflow.id);
		}, 10 * MACHINE_MINUTE);

		afterAll(async () => {
			await n8n?.dispose();
			await sandbox?.stop();
			pdfs.dispose();
		}, 2 * MACHINE_MINUTE);

		test('in Noto Sans Hebrew the letter is faxed: the patient is in the PDF, in no field sent', async () => {
			const before = sends().length;
			const execution = await run('hebrewFont');
			expect({ status: execution.status, error: failureOf(execution).message }).toEqual({
				status: 'success',
				error: undefined,
			});
			const sent = sends().slice(before);
			expect(sent).toHaveLength(1);
			expect(patientValuesIn(JSON.stringify(sent[0].body))).toEqual([]);
			const fax = pdfs.read(sent[0].files[0].data);
			expect(fax.check).toEqual(SOUND_PDF);
			expect(fax.pages).toBe(2);
			expect(execFileSync('pdffonts', [fax.file], { encoding: 'utf8' })).toMatch(
				/[A-Z]{6}\+NotoSansHebrew-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/,
			);
			const text = comparable(fax.text);
			expect(PRINTED.filter((word) => !text.includes(word))).toEqual([]);
		});

		test('in Noto Sans (no Hebrew) the letter is refused before any request, counting its letters, naming none', async () => {
			const before = sandbox.requests.length;
			const failure = failureOf(await run('latinFont'));
			expect({
				status: failure.status,
				message: failure.message,
				patientValues: patientValuesIn(`${failure.message} ${failure.description}`),
			}).toEqual({
				status: 'error',
				message: expect.stringMatching(
					/^Text cannot be faxed: \d+ Hebrew letters, the first at line 1, column 3: not in the letter's font \(NotoSans-Regular\) \[item 0\]$/,
				),
				patientValues: [],
			});
			expect(sandbox.requests.slice(before)).toEqual([]);
		});

		describe('afterwards', () => {
			test("(a) no entry of n8n's log at debug level, n8n's own or the package's, names a patient value but n8n's copy of the failed node's parameters", () => {
				const entries = logEntries(n8n.logs());
				expect(entries.some((e) => e.level === 'debug')).toBe(true);
				const naming = entries.filter((e) => patientValuesIn(e.text).length > 0);
				// n8n's debug line of the refused execution, its error with the node (and the letter typed in it).
				expect(naming.map((e) => `${e.level} ${e.text.split(' {')[0]}`)).toEqual([
					'debug Workflow execution finished with error',
				]);
				expect(
					naming
						.filter((e) => patientValuesIn(withoutNodeParameters(e.text)).length > 0)
						.map((e) => `${e.level} ${e.text}`),
				).toEqual([]);
			});

			test('(b) the refusal is the one failure stored, and no stored error message names a patient value', async () => {
				const executions = await allExecutions();
				expect(executions.filter((e) => e.status === 'error').map((e) => e.workflowId)).toEqual([
					workflows.latinFont.id,
				]);
				expect(
					executions.flatMap(errorMessagesOf).filter((m) => patientValuesIn(m).length > 0),
				).toEqual([]);
			});

			test(
				"(c) n8n's event log has the refusal's n8n.workflow.failed event, and no patient value",
				async () => {
					const failed = (await allExecutions())
						.filter((e) => e.status === 'error')
						.map((e) => e.id);
					const log = await waitFor('the n8n.workflow.failed event of the refusal', () => {
						const read = eventLog(n8n);
						const logged = read.events
							.filter((e) => e.eventName === 'n8n.workflow.failed')
							.map((e) => String(e.payload.executionId));
						return failed.every((id) => logged.includes(id)) ? read : undefined;
					});
					expect(patientValuesIn(log.text)).toEqual([]);
				},
				2 * MACHINE_MINUTE,
			);

			test("(d) the run data of every execution (each node's output and error) names no patient value but in the failed node's parameters", async () => {
				const executions = await allExecutions();
				expect(executions).toHaveLength(2);
				const runData = (e: N8nExecution) => JSON.stringify(e.data?.resultData);
				expect(
					executions.filter((e) => patientValuesIn(runData(e)).length > 0).map((e) => e.status),
				).toEqual(['error']);
				expect(
					executions
						.filter((e) => patientValuesIn(withoutNodeParameters(runData(e))).length > 0)
						.map((e) => e.id),
				).toEqual([]);
			});
		});
	},
);
