/**
 * The approved-referral example (examples/ai-approved-referral-fax.json) in a real n8n 2.x, as a user
 * imports it: its n8n Form starts n8n's AI Agent (OpenAI Chat Model on the scripted model server,
 * test/harness/model-server.ts), whose *Fax Referral* tool waits behind n8n's own Human in the Loop
 * tool of Send Email (`emailSendHitlTool`), which mails the approver through a local SMTP receiver
 * (test/harness/smtp-server.ts). Approve: exactly one fax, whose PDF holds the letter, and the model
 * gets its faxId. Decline, or no answer within Limit Wait Time: nothing is sent and the model is told.
 * The approval e-mail names the number, recipient, subject and page count, and none of the patient's
 * values; a mail scanner's GET of its links (no browser User-Agent) decides nothing. The same gate
 * under an MCP Server Trigger (which the editor does not allow) sends nothing and asks no one.
 * n8n 2.6 introduced the Human in the Loop tools: the suite runs on the pinned 2.x only.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { randomUUID } from 'crypto';

import type { Sandbox } from '../../sandbox';
import {
	messageText,
	startModelServer,
	toolResults,
	type ModelServer,
	type ModelTurn,
} from '../harness/model-server';
import { pdfReader, SOUND_PDF, words } from '../harness/pdf-reader';
import { startSmtpServer, type SmtpServer } from '../harness/smtp-server';
import { startAiServices, type AiServices } from './helpers/ai-services';
import { FAX_SERVICE_TOOL_TYPE, openAiCredential } from './helpers/ai-workflows';
import {
	ACTION_RECORDED,
	approvalLinks,
	BROWSER,
	get,
	mailText,
	SCANNERS,
	smtpCredential,
} from './helpers/approval';
import {
	AI_APPROVAL_FILE,
	CREDENTIAL,
	credentialIdsOf,
	localiseExample,
	parseExample,
	readExampleText,
	strings,
	type Example,
} from './helpers/examples';
import {
	sharedInstance,
	ensureInstalled,
	logToStderr,
	pinnedN8nVersion,
	sandboxCredential,
	type N8nExecution,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { sandboxApi } from './helpers/sandbox-api';
import { MACHINE_MINUTE } from '../harness/machine';

const GATE = 'Approve by E-mail';
const GATE_TYPE = 'n8n-nodes-base.emailSendHitlTool';
const OPENAI = { id: 'openai-account', name: 'OpenAI account' };
const SMTP = { id: 'smtp-account', name: 'SMTP account' };

type Json = Record<string, unknown>;
interface Referral {
	patient: string;
	dob: string;
	recipient: string;
	toNumber: string;
	reason: string;
	subject: string;
	letter: string;
}

const referral = (toNumber: string, patient: string, dob: string): Referral => ({
	patient,
	dob,
	recipient: 'Dr. Adams, Springfield Cardiology',
	toNumber,
	reason: 'Irregular rhythm on the ECG of 2026-11-20; palpitations for three weeks.',
	subject: 'Cardiology referral',
	letter: `Dear Dr. Adams,\n\nI am referring ${patient} (born ${dob}) for a cardiology consultation.\nHer ECG of 2026-11-20 shows an irregular rhythm; palpitations for three weeks.\n\nKind regards,\nDr. Lee, Springfield Family Practice`,
});
const toolArgs = (r: Referral) => ({
	letter: r.letter,
	recipientName: r.recipient,
	subject: r.subject,
	toNumber: r.toNumber,
});

/** The scripted agent: checks it got the form, previews the letter, asks to fax it with the preview's page count, then says what came back. */
function agentTurns(r: Referral, seen: { pages?: number; result?: string }): ModelTurn[] {
	return [
		(request) => {
			const prompt = request.messages.map(messageText).join('\n');
			for (const value of [r.patient, r.dob, r.recipient, r.toNumber])
				if (!prompt.includes(value)) throw new Error(`the prompt lacks a form value: ${prompt}`);
			return { toolCalls: [{ name: 'Preview_Referral', arguments: toolArgs(r) }] };
		},
		(request) => {
			seen.pages = Number((JSON.parse(toolResults(request).at(-1)!.content) as Json[])[0].numPages);
			return {
				toolCalls: [
					{
						name: 'Fax_Referral',
						arguments: { toolParameters: toolArgs(r), hitlParameters: { pages: seen.pages } },
					},
				],
			};
		},
		(request) => {
			seen.result = toolResults(request).at(-1)!.content;
			return { content: `Done: ${seen.result}` };
		},
	];
}

describe('AI approval example file', () => {
	const example = parseExample(readExampleText(AI_APPROVAL_FILE));
	const node = (name: string) => example.nodes.find((candidate) => candidate.name === name)!;

	test("n8n's form, agent, model and Send Email gate, and this package's tools; credentials by id and name only", () => {
		expect(
			readExampleText(AI_APPROVAL_FILE).match(
				/sk_(test|live)_|sk-|testApiKey|liveApiKey|"apiKey"|"password"|Bearer /gi,
			),
		).toBeNull();
		expect(
			example.nodes.map((n) => ({ name: n.name, type: n.type, credentials: n.credentials })),
		).toEqual([
			{ name: 'Sticky Note', type: 'n8n-nodes-base.stickyNote', credentials: undefined },
			{ name: 'Referral Request', type: 'n8n-nodes-base.formTrigger', credentials: undefined },
			{
				name: 'Find a Fax Number',
				type: 'n8n-nodes-fax-service.faxService',
				credentials: { faxServiceApi: CREDENTIAL },
			},
			{ name: 'Referral Writer', type: '@n8n/n8n-nodes-langchain.agent', credentials: undefined },
			{
				name: 'OpenAI Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				credentials: { openAiApi: OPENAI },
			},
			{
				name: 'Preview Referral',
				type: FAX_SERVICE_TOOL_TYPE,
				credentials: { faxServiceApi: CREDENTIAL },
			},
			{ name: GATE, type: GATE_TYPE, credentials: { smtp: SMTP } },
			{
				name: 'Fax Referral',
				type: FAX_SERVICE_TOOL_TYPE,
				credentials: { faxServiceApi: CREDENTIAL },
			},
		]);
		expect(example.connections).toMatchObject({
			'Referral Request': { main: [[{ node: 'Find a Fax Number', type: 'main', index: 0 }]] },
			'Find a Fax Number': { main: [[{ node: 'Referral Writer', type: 'main', index: 0 }]] },
			'Preview Referral': { ai_tool: [[{ node: 'Referral Writer', type: 'ai_tool', index: 0 }]] },
			[GATE]: { ai_tool: [[{ node: 'Referral Writer', type: 'ai_tool', index: 0 }]] },
			'Fax Referral': { ai_tool: [[{ node: GATE, type: 'ai_tool', index: 0 }]] },
		});
	});

	test('the gate: Approve and Disapprove, a wait limit, and a message with the number, recipient, subject and pages but no letter or patient', () => {
		const gate = node(GATE).parameters;
		expect(gate).toMatchObject({
			approvalOptions: { values: { approvalType: 'double' } },
			options: {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 4, resumeUnit: 'hours' },
				},
			},
		});
		const message = String(gate.message);
		for (const key of ['toNumber', 'recipientName', 'subject'])
			expect(message).toContain(`{{ $tool.parameters.${key} }}`);
		expect(message).toContain("$fromAI('pages'");
		// n8n's default prints "[object Object]"; the letter and anything the model might fill with patient data stay out.
		expect(message).not.toMatch(/\$tool\.parameters\s*}}|\.letter|patient/i);
		expect(`${String(gate.subject)}`).toBe('=Approve a fax to {{ $tool.parameters.toNumber }}');
	});

	test('Preview Referral and Fax Referral build the same fax: the same fields, the same $fromAI keys', () => {
		const fax = (name: string) =>
			Object.fromEntries(
				Object.entries(node(name).parameters).filter(
					([key]) => !['operation', 'toolDescription', 'binaryPropertyOutput'].includes(key),
				),
			);
		const [preview, send] = [fax('Preview Referral'), fax('Fax Referral')];
		expect([
			node('Preview Referral').parameters.operation,
			node('Fax Referral').parameters.operation,
		]).toEqual(['previewPdf', 'send']);
		expect(preview).toEqual(send);
		expect(send).toMatchObject({
			resource: 'sentFax',
			documentSource: 'text',
			addCoverPage: true,
			// The account's first number, which Find a Fax Number took before the agent ran.
			fromNumber: {
				__rl: true,
				mode: 'number',
				value: "={{ $('Find a Fax Number').first().json.number }}",
			},
		});
		const keys = strings(send).flatMap((entry) =>
			[...entry.value.matchAll(/\$fromAI\('(\w+)'/g)].map((match) => match[1]),
		);
		expect(keys.sort()).toEqual(['letter', 'recipientName', 'subject', 'toNumber']);
	});
});

describe(`AI approval example in a real n8n ${pinnedN8nVersion(2)}`, () => {
	let services: AiServices | undefined;
	let sandbox: Sandbox;
	let model: ModelServer;
	/** A second model for the run left to its wait limit, which goes on while the other tests run. */
	let lateModel: ModelServer | undefined;
	let smtp: SmtpServer | undefined;
	let n8n: N8nHostInstance;
	let client: Client | undefined;
	const workflowIds: Record<'main' | 'late' | 'mcp', string> = { main: '', late: '', mcp: '' };
	const late = {
		referral: referral('+12125550177', 'Ottilie Quernheim', '1957-03-09'),
		seen: {} as { pages?: number; result?: string },
	};
	const pdfs = pdfReader('fax-ai-approval-');

	const sends = () =>
		sandbox.requests.filter(
			(request) => request.method === 'POST' && request.path === '/api/v2/sent_faxes',
		);
	const submit = async (path: string, r: Referral) => {
		const form = new FormData();
		[r.patient, r.dob, r.recipient, r.toNumber, r.reason].forEach((value, index) =>
			form.append(`field-${index}`, value),
		);
		const response = await fetch(`${n8n.baseUrl}/form/${path}`, { method: 'POST', body: form });
		expect(response.status).toBe(200);
	};
	/** Polls the workflow's executions until one satisfies `matches`. */
	const execution = (
		workflowId: string,
		matches: (e: N8nExecution) => boolean,
		what: string,
		timeoutMs = MACHINE_MINUTE,
	): Promise<N8nExecution> => n8n.waitForExecution(workflowId, matches, { what, timeoutMs });
	const approvalMail = (r: Referral) =>
		smtp!.waitForMessage((mail) => mail.subject === `Approve a fax to ${r.toNumber}`);
	/** The mail, once n8n holds the execution as waiting (it mails first, then saves the wait). */
	const waitingFor = async (r: Referral) => {
		const mail = await approvalMail(r);
		const { executionId } = approvalLinks(mail);
		const waiting = await execution(
			workflowIds.main,
			(e) => e.id === executionId && e.status === 'waiting',
			`${executionId} waiting`,
		);
		return { mail, waiting };
	};
	const finished = (id: string, timeoutMs?: number) =>
		execution(
			workflowIds.main,
			(e) => e.id === id && e.status === 'success',
			`${id} finished`,
			timeoutMs,
		);

	beforeAll(async () => {
		await ensureInstalled({ hostVersion: 2, log: logToStderr });
		services = await startAiServices();
		({ sandbox, model } = services);
		lateModel = await startModelServer();
		smtp = await startSmtpServer();
		// The run's n8n 2.x, shared with the other suites that need a plain one.
		n8n = await sharedInstance({ hostVersion: 2 });
		const lateOpenAi = { id: 'openai-late', name: 'OpenAI late' };
		const saved = await n8n.importCredentials([
			{ ...sandboxCredential(sandbox), name: CREDENTIAL.name },
			{ ...openAiCredential(model.baseUrl), name: OPENAI.name },
			{ ...openAiCredential(lateModel.baseUrl), name: lateOpenAi.name },
			{ ...smtpCredential(smtp), name: SMTP.name },
		]);
		const credentialIds = credentialIdsOf(saved, [CREDENTIAL, OPENAI, lateOpenAi, SMTP]);
		const setUp = (change?: (example: Example) => void) =>
			localiseExample(
				AI_APPROVAL_FILE,
				{ sandboxOrigin: sandbox.origin, n8nBaseUrl: n8n.baseUrl, credentialIds },
				// As imported, its credentials picked; the variants below change what they say.
				change,
			);
		const node = (example: Example, name: string) =>
			example.nodes.find((candidate) => candidate.name === name)!;
		const [main, lateRun, mcp] = await n8n.importWorkflows([
			setUp(),
			// The same example, left to run out its Limit Wait Time (1 minute here), on its own form and model.
			setUp((example) => {
				example.name += ' (1 minute)';
				for (const n of example.nodes) if (n.webhookId) n.webhookId = randomUUID();
				Object.assign(node(example, 'Referral Request').parameters.options as Json, {
					path: 'approved-referral-late',
				});
				node(example, 'OpenAI Chat Model').credentials = {
					openAiApi: { ...lateOpenAi, id: credentialIds[lateOpenAi.id] },
				};
				node(example, GATE).parameters.options = {
					limitWaitTime: {
						values: { limitType: 'afterTimeInterval', resumeAmount: 1, resumeUnit: 'minutes' },
					},
				};
			}),
			// The gate and its tool under an MCP Server Trigger, as JSON can wire them (the editor offers the gate to AI Agents only).
			setUp((example) => {
				example.name = 'Gate under MCP';
				const gate = { ...node(example, GATE), webhookId: randomUUID() };
				example.nodes = [
					{
						id: randomUUID(),
						name: 'MCP Server Trigger',
						type: '@n8n/n8n-nodes-langchain.mcpTrigger',
						typeVersion: 2,
						position: [0, 0],
						webhookId: randomUUID(),
						parameters: { path: 'gated-fax' },
					},
					gate,
					node(example, 'Fax Referral'),
				];
				example.connections = {
					[GATE]: { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
					'Fax Referral': { ai_tool: [[{ node: GATE, type: 'ai_tool', index: 0 }]] },
				} as unknown as Example['connections'];
			}),
		]);
		Object.assign(workflowIds, { main: main.id, late: lateRun.id, mcp: mcp.id });
		for (const id of Object.values(workflowIds)) await n8n.publishWorkflow(id);
		for (const path of ['approved-referral', 'approved-referral-late'])
			await n8n.waitForWebhook(path);
		// The run left to its limit starts first: the tests below run during its wait.
		lateModel.script(agentTurns(late.referral, late.seen));
		await submit('approved-referral-late', late.referral);
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await client?.close();
		await n8n?.dispose();
		await services?.stop();
		await lateModel?.stop();
		await smtp?.stop();
		pdfs.dispose();
	}, 2 * MACHINE_MINUTE);

	test(
		'approved: the e-mail names number, recipient, subject and pages, no patient value; scanners decide nothing; one fax with the letter; the model gets its faxId',
		async () => {
			const r = referral('+12125550188', 'Jane Roe-Valderrama', '1980-01-15');
			const seen: { pages?: number; result?: string } = {};
			model.script(agentTurns(r, seen));
			const before = sends().length;
			await submit('approved-referral', r);
			const { mail, waiting } = await waitingFor(r);

			// The e-mail: to the approver, with what will be sent and the link to read the letter in n8n; nothing of the patient.
			expect({ from: mail.from, to: mail.to }).toEqual({
				from: 'fax-agent@example.com',
				to: ['approver@example.com'],
			});
			const text = mailText(mail);
			for (const row of [
				`To Number: ${r.toNumber}`,
				`Recipient: ${r.recipient}`,
				`Subject: ${r.subject}`,
				`Pages: ${seen.pages}`,
			])
				expect(text).toContain(row);
			expect(seen.pages).toBe(2);
			expect(text).toContain(
				`${n8n.baseUrl}/workflow/${workflowIds.main}/executions/${waiting.id}`,
			);
			expect(text).toContain('Approve and fax');
			expect(text).toContain('Decline');
			for (const secret of [
				r.patient,
				'Valderrama',
				r.dob,
				'ECG',
				'palpitations',
				'irregular rhythm',
			]) {
				expect({
					secret,
					raw: mail.raw.toLowerCase().includes(secret.toLowerCase()),
					text: text.toLowerCase().includes(secret.toLowerCase()),
				}).toEqual({ secret, raw: false, text: false });
			}
			// What the link shows the approver: the waiting execution holds the call the gate stopped, letter included.
			const gateRun = (
				waiting.data!.resultData.runData[GATE] as Array<{
					inputOverride: { ai_tool: Array<Array<{ json: Json }>> };
				}>
			)[0];
			expect(gateRun.inputOverride.ai_tool[0][0].json).toMatchObject({
				toolParameters: toolArgs(r),
				pages: 2,
			});

			// A mail scanner fetches both links: n8n answers an empty page and records nothing.
			const { approve, decline } = approvalLinks(mail);
			for (const userAgent of SCANNERS) {
				for (const url of [decline, approve])
					expect({ userAgent, ...(await get(url, userAgent)) }).toEqual({
						userAgent,
						status: 200,
						body: '',
					});
			}
			expect(
				(await execution(workflowIds.main, (e) => e.id === waiting.id, waiting.id)).status,
			).toBe('waiting');
			// Nothing sent, and the agent did not go on (its last turn is still unused).
			expect({ sends: sends().length - before, remaining: model.remaining() }).toEqual({
				sends: 0,
				remaining: 1,
			});

			// The approver's click.
			const click = await get(approve, BROWSER);
			expect(click.status).toBe(200);
			expect(click.body).toContain(ACTION_RECORDED);
			const done = await finished(waiting.id);
			expect({ failures: model.failures, remaining: model.remaining() }).toEqual({
				failures: [],
				remaining: 0,
			});
			const sent = sends().slice(before);
			expect(sent).toHaveLength(1);
			expect(sent[0].body).toMatchObject({
				to_number: r.toNumber,
				from_number: services!.faxNumber,
			});
			const faxed = pdfs.read(sent[0].files[0].data);
			expect(faxed.check).toEqual(SOUND_PDF);
			expect(faxed.pages).toBe(2);
			const [cover, letter] = faxed.pageTexts.map(words);
			for (const row of [
				`To: ${r.recipient}`,
				`Subject: ${r.subject}`,
				`Fax: ${r.toNumber}`,
				'Pages: 2',
			])
				expect(cover).toContain(row);
			expect(cover).not.toContain(r.patient);
			for (const line of r.letter.split('\n').filter(Boolean)) expect(letter).toContain(line);
			const [record] = JSON.parse(seen.result!) as Json[];
			expect(record.faxId).toMatch(/^[0-9a-f]{24}$/);
			expect(
				JSON.stringify(await sandboxApi(sandbox)('GET', `/sent_faxes/${String(record.faxId)}`)),
			).toContain(r.toNumber);
			expect(done.items['Referral Writer']).toEqual([{ output: `Done: ${seen.result}` }]);

			// The links are spent: a second click, on either, sends nothing more.
			for (const url of [approve, decline]) await get(url, BROWSER);
			expect(sends().length - before).toBe(1);
			expect(
				(await n8n.executions(workflowIds.main))
					.filter((e) => e.id === waiting.id)
					.map((e) => e.status),
			).toEqual(['success']);
		},
		4 * MACHINE_MINUTE,
	);

	test(
		'declined: nothing is sent and the model is told the call was rejected',
		async () => {
			const r = referral('+12125550199', 'Bartholomew Quince', '1975-06-30');
			const seen: { pages?: number; result?: string } = {};
			model.script(agentTurns(r, seen));
			const before = sends().length;
			await submit('approved-referral', r);
			const { mail, waiting } = await waitingFor(r);
			const click = await get(approvalLinks(mail).decline, BROWSER);
			expect(click.body).toContain(ACTION_RECORDED);
			const done = await finished(waiting.id);
			expect({ failures: model.failures, remaining: model.remaining() }).toEqual({
				failures: [],
				remaining: 0,
			});
			expect(sends().length - before).toBe(0);
			expect(JSON.parse(seen.result!)).toEqual([
				{ output: expect.stringContaining('User rejected the tool call to Fax Referral') },
			]);
			expect(done.items['Referral Writer']).toEqual([{ output: `Done: ${seen.result}` }]);
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'under an MCP Server Trigger the gate asks no one and sends nothing: the call comes back empty',
		async () => {
			const before = { sends: sends().length, mails: smtp!.messages.length };
			client = new Client({ name: 'fax-service-approval-e2e', version: '1.0.0' });
			await client.connect(
				new StreamableHTTPClientTransport(new URL(`${n8n.baseUrl}/mcp/gated-fax`)),
			);
			const { tools } = await client.listTools();
			expect(tools.map((tool) => tool.name)).toEqual(['Fax_Referral']);
			const r = referral('+12125550166', 'Cornelius Fairweather', '1969-12-01');
			const result = (await client.callTool({
				name: 'Fax_Referral',
				arguments: { toolParameters: toolArgs(r), hitlParameters: { pages: 2 } },
			})) as { content: Array<{ type: string; text?: string }> };
			expect(result.content.map((part) => part.text ?? '').join('')).toBe('');
			expect({ sends: sends().length, mails: smtp!.messages.length }).toEqual(before);
		},
		2 * MACHINE_MINUTE,
	);

	test(
		'no answer within Limit Wait Time: the call counts as rejected, nothing is sent',
		async () => {
			const mail = await approvalMail(late.referral);
			const { executionId } = approvalLinks(mail);
			// n8n's wait tracker looks every minute; the limit is one minute after the e-mail.
			await execution(
				workflowIds.late,
				(e) => e.id === executionId && e.status === 'success',
				`${executionId} past its limit`,
				4 * MACHINE_MINUTE,
			);
			expect({ failures: lateModel!.failures, remaining: lateModel!.remaining() }).toEqual({
				failures: [],
				remaining: 0,
			});
			expect(JSON.parse(late.seen.result!)).toEqual([
				{ output: expect.stringContaining('User rejected the tool call to Fax Referral') },
			]);
			expect(
				sends().filter((request) => (request.body as Json).to_number === late.referral.toNumber),
			).toEqual([]);
		},
		5 * MACHINE_MINUTE,
	);
});
