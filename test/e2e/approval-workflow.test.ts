/**
 * A person approves a fax in a plain workflow, on both n8n hosts: what n8n 1.x offers where 2.x has
 * its Human in the Loop tools (and what an MCP client's request can be handed to). Webhook → Sent Fax →
 * Preview PDF (the letter and its cover page, `numPages`) → n8n's Send Email: Send and Wait for
 * Response (Approval, Approve and Disapprove) through a local SMTP receiver → If approved → Sent Fax →
 * Send of the previewed PDF (Earlier Node's File). Approve: one fax, the very PDF the e-mail counted;
 * decline: none. And how each n8n treats a link scanner's GET: 2.41.1 ignores one without a browser's
 * User-Agent; 1.123.69 ignores only known bots, so a GET with no User-Agent at all approves there.
 */
import { randomUUID } from 'crypto';

import { startSandbox, type Sandbox } from '../../sandbox';
import { pdfReader, SOUND_PDF, words } from '../harness/pdf-reader';
import { startSmtpServer, type SmtpServer } from '../harness/smtp-server';
import {
	ACTION_RECORDED,
	approvalLinks,
	BROWSER,
	get,
	mailText,
	SCANNERS,
	smtpCredential,
} from './helpers/approval';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	sharedInstance,
	ensureInstalled,
	logToStderr,
	sandboxCredential,
	type N8nExecution,
	type N8nHostInstance,
	type WorkflowJson,
} from './helpers/n8n-host';
import { provisionNumber, sandboxApi } from './helpers/sandbox-api';
import { faxServiceStep, type Step } from './helpers/webhook-steps';
import { MACHINE_MINUTE } from '../harness/machine';

const PATH = 'fax-approval';

type Json = Record<string, unknown>;
type Credential = { id: string; name: string };
interface Fax {
	toNumber: string;
	recipient: string;
	subject: string;
	letter: string;
}

const fax = (toNumber: string, patient: string): Fax => ({
	toNumber,
	recipient: 'Springfield Cardiology',
	subject: 'Cardiology referral',
	letter: `Dear colleagues,\n\nPlease see ${patient} for a cardiology consultation.\n\nKind regards,\nDr. Lee`,
});

/** Webhook → Preview PDF → Ask for Approval (Send and Wait) → Approved? → Fax It (the previewed PDF). */
function approvalWorkflow(
	credentials: { fax: Credential; smtp: Credential },
	fromNumber: string,
): WorkflowJson {
	const body = (field: string) => `={{ $('Webhook').item.json.body.${field} }}`;
	const steps: Step[] = [
		{
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: randomUUID(),
			parameters: { httpMethod: 'POST', path: PATH, responseMode: 'onReceived', options: {} },
		},
		faxServiceStep('Preview PDF', credentials.fax, {
			resource: 'sentFax',
			operation: 'previewPdf',
			documentSource: 'text',
			text: body('letter'),
			addCoverPage: true,
			coverPage: { to: body('recipient'), subject: body('subject') },
			fromNumber: { __rl: true, mode: 'number', value: fromNumber },
			toNumber: body('toNumber'),
		}),
		{
			name: 'Ask for Approval',
			type: 'n8n-nodes-base.emailSend',
			typeVersion: 2.1,
			webhookId: randomUUID(),
			parameters: {
				operation: 'sendAndWait',
				fromEmail: 'fax-desk@example.com',
				toEmail: 'approver@example.com',
				subject: `=Approve a fax to {{ $('Webhook').item.json.body.toNumber }}`,
				message: `=To Number: {{ $('Webhook').item.json.body.toNumber }}\nRecipient: {{ $('Webhook').item.json.body.recipient }}\nSubject: {{ $('Webhook').item.json.body.subject }}\nPages: {{ $json.numPages }} (the cover page included)`,
				approvalOptions: { values: { approvalType: 'double' } },
				options: {
					limitWaitTime: {
						values: { limitType: 'afterTimeInterval', resumeAmount: 4, resumeUnit: 'hours' },
					},
				},
			},
			credentials: { smtp: credentials.smtp },
		},
		{
			name: 'Approved?',
			type: 'n8n-nodes-base.if',
			typeVersion: 2.2,
			parameters: {
				conditions: {
					options: { caseSensitive: true, leftValue: '', typeValidation: 'strict', version: 2 },
					conditions: [
						{
							id: randomUUID(),
							leftValue: '={{ $json.data.approved }}',
							rightValue: '',
							operator: { type: 'boolean', operation: 'true', singleValue: true },
						},
					],
					combinator: 'and',
				},
				options: {},
			},
		},
		faxServiceStep('Fax It', credentials.fax, {
			resource: 'sentFax',
			operation: 'send',
			documentSource: 'binaryData',
			binaryData: "={{ $('Preview PDF').first().binary.data }}",
			fromNumber: { __rl: true, mode: 'number', value: fromNumber },
			toNumber: "={{ $('Webhook').first().json.body.toNumber }}",
		}),
	];
	const nodes = steps.map((step, index) => ({
		id: randomUUID(),
		position: [index * 220, 0],
		...step,
	}));
	const next = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		name: 'Fax after approval',
		nodes,
		connections: {
			Webhook: next('Preview PDF'),
			'Preview PDF': next('Ask for Approval'),
			'Ask for Approval': next('Approved?'),
			'Approved?': { main: [[{ node: 'Fax It', type: 'main', index: 0 }], []] },
		},
		settings: { executionOrder: 'v1' },
	};
}

describeOnHosts(BOTH_HOSTS, 'a fax approved by e-mail in a plain workflow', ({ hostVersion }) => {
	let sandbox: Sandbox | undefined;
	let smtp: SmtpServer | undefined;
	let n8n: N8nHostInstance;
	let workflowId: string;
	const pdfs = pdfReader('fax-approval-workflow-');

	const sends = () =>
		sandbox!.requests.filter(
			(request) => request.method === 'POST' && request.path === '/api/v2/sent_faxes',
		);
	const execution = (id: string, status: string): Promise<N8nExecution> =>
		n8n.waitForExecution(workflowId, (e) => e.id === id && e.status === status, {
			what: `${id} ${status}`,
			timeoutMs: MACHINE_MINUTE,
		});
	/** Posts a fax to approve; resolves its e-mail and buttons once n8n holds the execution as waiting. */
	const ask = async (f: Fax) => {
		const response = await fetch(n8n.webhookUrl(PATH), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(f),
		});
		expect(response.status).toBe(200);
		const mail = await smtp!.waitForMessage((m) => m.subject === `Approve a fax to ${f.toNumber}`);
		const links = approvalLinks(mail);
		await execution(links.executionId, 'waiting');
		return { mail, ...links };
	};

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		sandbox = await startSandbox({
			port: 0,
			timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
		});
		const fromNumber = await provisionNumber(sandboxApi(sandbox));
		smtp = await startSmtpServer();
		// The run's n8n of this host, shared with the other suites that need a plain one.
		n8n = await sharedInstance({ hostVersion });
		const [faxCredential, smtpCred] = await n8n.importCredentials([
			sandboxCredential(sandbox),
			smtpCredential(smtp),
		]);
		const [workflow] = await n8n.importWorkflows([
			approvalWorkflow(
				{
					fax: { id: faxCredential.id, name: faxCredential.name },
					smtp: { id: smtpCred.id, name: smtpCred.name },
				},
				fromNumber,
			),
		]);
		workflowId = workflow.id;
		await n8n.publishWorkflow(workflowId);
		await n8n.waitForWebhook(PATH);
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		await sandbox?.stop();
		await smtp?.stop();
		pdfs.dispose();
	}, 2 * MACHINE_MINUTE);

	test(
		'approved: the e-mail counts the pages of the preview, no letter in it; the fax is that very PDF',
		async () => {
			const f = fax('+12125550131', 'Philippa Underhay');
			const before = sends().length;
			const { mail, approve, executionId } = await ask(f);
			const text = mailText(mail);
			for (const row of [
				`To Number: ${f.toNumber}`,
				`Recipient: ${f.recipient}`,
				`Subject: ${f.subject}`,
				'Pages: 2 (the cover page included)',
			])
				expect(text).toContain(row);
			expect(mail.raw).not.toContain('Underhay');
			expect((await get(approve, BROWSER)).body).toContain(ACTION_RECORDED);
			const done = await execution(executionId, 'success');
			const sent = sends().slice(before);
			expect(sent).toHaveLength(1);
			expect(sent[0].body).toMatchObject({ to_number: f.toNumber });
			const faxed = pdfs.read(sent[0].files[0].data);
			expect(faxed.check).toEqual(SOUND_PDF);
			expect(faxed.pages).toBe(2);
			expect(words(faxed.pageTexts[1])).toContain(
				`Please see Philippa Underhay for a cardiology consultation.`,
			);
			expect(done.items['Preview PDF']).toEqual([
				expect.objectContaining({ numPages: 2, fileSize: sent[0].files[0].data.length }),
			]);
			expect(done.items['Fax It']).toEqual([
				{ message: expect.any(String), faxId: expect.stringMatching(/^[0-9a-f]{24}$/) },
			]);
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'declined: nothing is sent',
		async () => {
			const before = sends().length;
			const { decline, executionId } = await ask(fax('+12125550132', 'Rosalind Ashcombe'));
			expect((await get(decline, BROWSER)).body).toContain(ACTION_RECORDED);
			const done = await execution(executionId, 'success');
			expect(done.items['Ask for Approval']).toEqual([
				{ data: expect.objectContaining({ approved: false }) },
			]);
			expect(done.items['Fax It']).toBeUndefined();
			expect(sends().length - before).toBe(0);
		},
		3 * MACHINE_MINUTE,
	);

	test(
		hostVersion === 2
			? "a link scanner's GET (no User-Agent, curl, python-requests, Office) decides nothing on n8n 2.x"
			: "on n8n 1.x a GET with no User-Agent at all approves; the other scanners' GETs decide nothing",
		async () => {
			const before = sends().length;
			const { approve, decline, executionId } = await ask(fax('+12125550133', 'Evander Tolliver'));
			const answers: Json[] = [];
			for (const userAgent of SCANNERS.filter(Boolean)) {
				for (const url of [decline, approve])
					answers.push({ userAgent, ...(await get(url, userAgent)) });
			}
			expect(answers).toEqual(
				SCANNERS.filter(Boolean).flatMap((userAgent) => [
					{ userAgent, status: 200, body: '' },
					{ userAgent, status: 200, body: '' },
				]),
			);
			expect((await n8n.executions(workflowId)).find((e) => e.id === executionId)?.status).toBe(
				'waiting',
			);
			// Last, the approve link with no User-Agent header at all.
			const bare = await get(approve);
			if (hostVersion === 2) {
				expect(bare).toEqual({ status: 200, body: '' });
				expect((await n8n.executions(workflowId)).find((e) => e.id === executionId)?.status).toBe(
					'waiting',
				);
				expect((await get(decline, BROWSER)).body).toContain(ACTION_RECORDED);
				await execution(executionId, 'success');
				expect(sends().length - before).toBe(0);
			} else {
				expect(bare.body).toContain(ACTION_RECORDED);
				const done = await execution(executionId, 'success');
				expect(done.items['Ask for Approval']).toEqual([
					{ data: expect.objectContaining({ approved: true }) },
				]);
				expect(sends().length - before).toBe(1);
			}
		},
		3 * MACHINE_MINUTE,
	);
});
