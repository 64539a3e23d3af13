/**
 * An AI agent and an MCP client fax a letter they wrote, in a real n8n: the *Fax Letter* tool is Sent
 * Fax → Send with the tool's default Document Source (Text) and Text Format (Markdown), its letter,
 * number and cover page from the model ($fromAI): a Markdown referral with a table prints as a document. The sandbox must receive exactly one multipart send whose file is a sound PDF holding
 * the model's words; a number the node refuses comes back to the model and nothing is sent. A second
 * agent faxes a PDF its workflow fetched before it ("Earlier Node's File": an expression reads the
 * file, as a tool's input item has none) behind a cover page whose subject and message the model wrote.
 * n8n's AI Agent talks to a scripted OpenAI-compatible model server (test/harness/model-server.ts).
 */
import { execFileSync } from 'child_process';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import type { RecordedRequest, Sandbox } from '../../sandbox';
import { pdfReader, SOUND_PDF, words } from '../harness/pdf-reader';
import { toolResults, type ModelServer } from '../harness/model-server';
import { startAiServices, type AiServices } from './helpers/ai-services';
import {
	agentWorkflow,
	askAgent,
	faxLetterTool,
	fromAI,
	mcpServerWorkflow,
	saveAgentCredentials,
	withFileFirst,
} from './helpers/ai-workflows';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	sharedInstance,
	ensureInstalled,
	logToStderr,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { MACHINE_MINUTE } from '../harness/machine';

const PATH = 'letter-agent';
const FILE_PATH = 'file-agent';
const FONT_PATH = 'font-agent';
const MCP_PATH = 'letter-tools';
const TO = '+12125550188';
// Markdown, as a model writes a letter: the tool's Text Format is Markdown unless set otherwise.
const LETTER = `# Cardiology referral

Dear Dr. Adams,

I am referring **Jane Roe** (born 1980-01-15) for a cardiology consultation.

| Test | Date | Result |
|------|------|-------:|
| ECG | 2026-11-20 | irregular rhythm |
| LDL | 2026-11-18 | 162 mg/dL |

- Current medication: *lisinopril 10 mg* daily
- Allergies: none known

Kind regards,
Dr. Lee, Clinic North`;
/** What the letter reads as on the fax: no marker, the table's rows and the list's bullets. */
const LETTER_PRINTED = [
	'Cardiology referral',
	'Dear Dr. Adams,',
	'I am referring Jane Roe (born 1980-01-15) for a cardiology consultation.',
	'Test Date Result',
	'ECG 2026-11-20 irregular rhythm',
	'LDL 2026-11-18 162 mg/dL',
	'• Current medication: lisinopril 10 mg daily',
	'• Allergies: none known',
	'Kind regards, Dr. Lee, Clinic North',
];
const MCP_LETTER =
	'To the records department:\n\nPlease send the **discharge summary** of John Doe:\n\n1. to this number\n2. within 48 hours\n\nThank you.';
const MCP_PRINTED = [
	'To the records department:',
	'Please send the discharge summary of John Doe:',
	'1. to this number 2. within 48 hours',
	'Thank you.',
];
/** Markdown's markers, none of which may print. */
const MARKERS = /\*\*|\||#|\s\*\S|`/;
const REFUSED = 'To Number must be an E.164 number like +15551234567 [item 0]';

type Json = Record<string, unknown>;

describeOnHosts(
	BOTH_HOSTS,
	'a letter faxed by an AI agent and an MCP client',
	({ hostVersion }) => {
		let services: AiServices | undefined;
		let model: ModelServer;
		let sandbox: Sandbox;
		let n8n: N8nHostInstance;
		let client: Client | undefined;
		const pdfs = pdfReader('fax-ai-letter-');

		const sends = (from: number) =>
			sandbox.requests
				.slice(from)
				.filter((request) => request.method === 'POST' && request.path === '/api/v2/sent_faxes');
		/** The PDF of a send: sound, one file, read back as words. */
		const letterOf = (request: RecordedRequest) => {
			expect(request.files.map((file) => ({ field: file.field, mimetype: file.mimetype }))).toEqual(
				[{ field: 'file', mimetype: 'application/pdf' }],
			);
			const document = pdfs.read(request.files[0].data);
			expect(document.check).toEqual(SOUND_PDF);
			return {
				pages: document.pages,
				cover: words(document.pageTexts[0]),
				letter: words(document.pageTexts.slice(1).join('\n')),
			};
		};
		const ask = async (chatInput: string, path = PATH) => await askAgent(n8n, path, chatInput);

		beforeAll(async () => {
			await ensureInstalled({ hostVersion, log: logToStderr });
			services = await startAiServices();
			({ model, sandbox } = services);
			// The run's n8n of this host, shared with the other suites that need a plain one.
			n8n = await sharedInstance({ hostVersion });
			const credentials = await saveAgentCredentials(n8n, sandbox, model.baseUrl);
			const faxServiceRef = credentials.faxService;
			// The tool goes on with its error item (On Error: continue): on both majors the model then reads the node's message.
			const workflows = await n8n.importWorkflows([
				agentWorkflow(hostVersion, 'Letter agent', PATH, credentials, 'continueRegularOutput', [
					faxLetterTool(services.faxNumber),
				]),
				mcpServerWorkflow('Letter tools over MCP', MCP_PATH, faxServiceRef, [
					faxLetterTool(services.faxNumber),
				]),
				withFileFirst(
					agentWorkflow(hostVersion, 'File agent', FILE_PATH, credentials, undefined, [
						{
							name: 'Fax The PDF',
							description:
								'Faxes the PDF this workflow fetched to a fax number, behind a cover page you write',
							parameters: {
								resource: 'sentFax',
								operation: 'send',
								documentSource: 'binaryData',
								binaryData: "={{ $('Get PDF').item.binary.data }}",
								fromNumber: { __rl: true, mode: 'number', value: services.faxNumber },
								toNumber: fromAI(
									'toNumber',
									'The fax number to send to, in E.164 form like +15551234567',
								),
								addCoverPage: true,
								coverPage: {
									subject: fromAI('subject', 'The subject line of the cover page'),
									message: fromAI('message', 'A short message for the cover page'),
								},
							},
						},
					]),
					`${sandbox.origin}/samples/referral.pdf`,
					'Get PDF',
				),
				// A letter in Japanese and Vietnamese: the font fetched before the agent, read by an expression.
				withFileFirst(
					agentWorkflow(hostVersion, 'Font agent', FONT_PATH, credentials, undefined, [
						{
							name: 'Fax Letter',
							description: 'Faxes a letter you write, in any script, behind a cover page',
							parameters: {
								resource: 'sentFax',
								operation: 'send',
								text: fromAI('letter', 'The letter to fax, in Markdown'),
								letterFont: 'trueType',
								fontFile: "={{ $('Get Font').item.binary.data }}",
								fromNumber: { __rl: true, mode: 'number', value: services.faxNumber },
								toNumber: fromAI('toNumber', 'The fax number, in E.164 form'),
								addCoverPage: true,
								coverPage: { to: fromAI('recipientName', 'Who the fax is for') },
							},
						},
					]),
					`${sandbox.origin}/samples/fonts/SawarabiGothic-Regular.ttf`,
					'Get Font',
				),
			]);
			for (const workflow of workflows) await n8n.publishWorkflow(workflow.id);
			for (const path of [PATH, FILE_PATH, FONT_PATH]) await n8n.waitForWebhook(path);
			client = new Client({ name: 'fax-service-letter-e2e', version: '1.0.0' });
			await client.connect(
				new StreamableHTTPClientTransport(new URL(`${n8n.baseUrl}/mcp/${MCP_PATH}`)),
			);
		}, 10 * MACHINE_MINUTE);

		afterAll(async () => {
			await client?.close();
			await n8n?.dispose();
			await services?.stop();
			pdfs.dispose();
		}, 2 * MACHINE_MINUTE);

		test(
			'the agent writes a letter and faxes it: one send, a sound PDF with its words and cover page',
			async () => {
				const before = sandbox.requests.length;
				let toolAnswer: Json[] = [];
				model.script([
					(request) => {
						const tool = (request.tools ?? []).find(
							(offered) => offered.function.name === 'Fax_Letter',
						);
						if (!tool)
							throw new Error(
								`tools offered: ${JSON.stringify((request.tools ?? []).map((offered) => offered.function.name))}`,
							);
						return {
							toolCalls: [
								{
									name: 'Fax_Letter',
									arguments: {
										toNumber: TO,
										letter: LETTER,
										recipientName: 'Dr. Adams',
										subject: 'Cardiology referral',
									},
								},
							],
						};
					},
					(request) => {
						toolAnswer = JSON.parse(toolResults(request).at(-1)!.content) as Json[];
						return { content: `Faxed the referral to ${TO}: ${String(toolAnswer[0]?.faxId)}.` };
					},
				]);
				const answer = await ask(`Write Dr. Adams (${TO}) a referral for Jane Roe and fax it.`);
				expect({
					failures: model.failures,
					remaining: model.remaining(),
					status: answer.status,
				}).toEqual({ failures: [], remaining: 0, status: 200 });

				const sent = sends(before);
				expect(sent).toHaveLength(1);
				expect(sent[0].body).toMatchObject({ to_number: TO, from_number: services!.faxNumber });
				const { pages, cover, letter } = letterOf(sent[0]);
				expect(pages).toBe(2);
				expect(cover).toEqual(expect.stringContaining('Dr. Adams'));
				expect(cover).toEqual(expect.stringContaining('Cardiology referral'));
				expect(cover).toEqual(expect.stringContaining(TO));
				for (const line of LETTER_PRINTED) expect(letter).toContain(line);
				expect(letter).not.toMatch(MARKERS);
				expect(letter).toContain('Page 2 of 2');

				expect(toolAnswer).toEqual([
					expect.objectContaining({ faxId: expect.stringMatching(/^[0-9a-f]{24}$/) }),
				]);
				expect(answer.body).toEqual({
					output: `Faxed the referral to ${TO}: ${String(toolAnswer[0].faxId)}.`,
				});
			},
			3 * MACHINE_MINUTE,
		);

		test(
			'a number the node refuses comes back to the model, and nothing is sent',
			async () => {
				const before = sandbox.requests.length;
				let toolMessage: Json[] = [];
				model.script([
					() => ({
						toolCalls: [
							{
								name: 'Fax_Letter',
								arguments: {
									toNumber: '212-555-0188',
									letter: LETTER,
									recipientName: 'Dr. Adams',
									subject: 'Cardiology referral',
								},
							},
						],
					}),
					(request) => {
						toolMessage = JSON.parse(toolResults(request).at(-1)!.content) as Json[];
						return { content: 'The number 212-555-0188 is not a fax number; nothing was sent.' };
					},
				]);
				const answer = await ask('Fax the referral to 212-555-0188.');
				expect({
					failures: model.failures,
					remaining: model.remaining(),
					status: answer.status,
				}).toEqual({ failures: [], remaining: 0, status: 200 });
				expect(toolMessage).toEqual([expect.objectContaining({ error: REFUSED })]);
				expect(sandbox.requests.slice(before)).toEqual([]);
			},
			3 * MACHINE_MINUTE,
		);

		test(
			'an agent faxes the PDF its workflow fetched, behind a cover page whose subject and message it wrote',
			async () => {
				const before = sandbox.requests.length;
				let toolAnswer: Json[] = [];
				model.script([
					() => ({
						toolCalls: [
							{
								name: 'Fax_The_PDF',
								arguments: {
									toNumber: TO,
									subject: 'Cardiology referral',
									message: 'The referral of our patient follows.',
								},
							},
						],
					}),
					(request) => {
						toolAnswer = JSON.parse(toolResults(request).at(-1)!.content) as Json[];
						return { content: `Faxed the PDF: ${String(toolAnswer[0]?.faxId)}.` };
					},
				]);
				const answer = await ask(`Fax the referral to ${TO}.`, FILE_PATH);
				expect({
					failures: model.failures,
					remaining: model.remaining(),
					status: answer.status,
				}).toEqual({ failures: [], remaining: 0, status: 200 });
				const sample = pdfs.read(
					Buffer.from(await (await fetch(`${sandbox.origin}/samples/referral.pdf`)).arrayBuffer()),
				);
				const sent = sends(before);
				expect(sent).toHaveLength(1);
				expect(sent[0].body).toMatchObject({ to_number: TO });
				const packet = pdfs.read(sent[0].files[0].data);
				expect(packet.check).toEqual(SOUND_PDF);
				expect(packet.pages).toBe(1 + sample.pages);
				for (const row of [
					'Subject: Cardiology referral',
					'Message: The referral of our patient follows.',
					`Pages: ${1 + sample.pages}`,
					`Fax: ${TO}`,
				]) {
					expect(words(packet.pageTexts[0])).toContain(row);
				}
				expect(packet.pageTexts.slice(1).map(words)).toEqual(sample.pageTexts.map(words));
				expect(toolAnswer).toEqual([
					expect.objectContaining({ faxId: expect.stringMatching(/^[0-9a-f]{24}$/) }),
				]);
			},
			3 * MACHINE_MINUTE,
		);

		test(
			'an agent faxes a letter naming Nguyễn Thị Hương at a Japanese address, in the font its workflow fetched, with a cover page',
			async () => {
				const before = sandbox.requests.length;
				const letter = '# 紹介状\n\n**患者:** Nguyễn Thị Hương\n\n住所: 東京都千代田区丸の内1-1';
				model.script([
					() => ({
						toolCalls: [
							{
								name: 'Fax_Letter',
								arguments: { letter, toNumber: TO, recipientName: '山田太郎 様' },
							},
						],
					}),
					(request) => ({
						content: `Faxed: ${String((JSON.parse(toolResults(request).at(-1)!.content) as Json[])[0]?.faxId)}.`,
					}),
				]);
				const answer = await ask('Fax the referral to Dr. Yamada.', FONT_PATH);
				expect({
					failures: model.failures,
					remaining: model.remaining(),
					status: answer.status,
				}).toEqual({ failures: [], remaining: 0, status: 200 });
				const sent = sends(before);
				expect(sent).toHaveLength(1);
				const fax = letterOf(sent[0]);
				expect(fax.cover).toContain('To: 山田太郎 様');
				for (const line of ['紹介状', '患者: Nguyễn Thị Hương', '住所: 東京都千代田区丸の内1-1'])
					expect(fax.letter).toContain(line);
				const fonts = execFileSync('pdffonts', [pdfs.read(sent[0].files[0].data).file], {
					encoding: 'utf8',
				});
				expect(fonts).toMatch(
					/[A-Z]{6}\+SawarabiGothic\S*\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/,
				);
			},
			3 * MACHINE_MINUTE,
		);

		test(
			'an MCP client faxes a text: one send, a sound PDF with its words',
			async () => {
				const before = sandbox.requests.length;
				const result = (await client!.callTool({
					name: 'Fax_Letter',
					arguments: {
						toNumber: TO,
						letter: MCP_LETTER,
						recipientName: 'Records',
						subject: 'Records request',
					},
				})) as { content: Array<{ type: string; text?: string }>; isError?: boolean };
				expect(result.isError).toBeFalsy();
				const [record] = JSON.parse(
					result.content.map((part) => part.text ?? '').join(''),
				) as Json[];
				expect(record.faxId).toMatch(/^[0-9a-f]{24}$/);
				const sent = sends(before);
				expect(sent).toHaveLength(1);
				const { cover, letter } = letterOf(sent[0]);
				expect(cover).toContain('Records request');
				for (const line of MCP_PRINTED) expect(letter).toContain(line);
				expect(letter).not.toMatch(MARKERS);
			},
			2 * MACHINE_MINUTE,
		);
	},
);
