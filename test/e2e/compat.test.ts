/**
 * The package as npm publishes it, on each n8n version the README claims (README, Compatibility): the
 * packed package is loaded from a folder with no n8n-workflow of its own, so its nodes run on the
 * n8n-workflow of the n8n that loads them, as after n8n's own installer. A smoke end to end per host:
 * the node types (and the AI tool variant), an action against the sandbox, a signed callback accepted
 * and a forged one refused, a packet (cover page, two documents) faxed as one PDF, a letter from Text and
 * an earlier node's file (Document Source, and the tool's default for it), Send and Wait resumed
 * (today's operation value and 0.1.0's), a polling tick.
 *
 * Hosts: the two pinned hosts in `npm test`; `npm run test:compat` (N8N_COMPAT_HOSTS=compat) the older
 * releases of scripts/n8n-host/hosts.js; N8N_COMPAT_HOSTS=1.66.0,2 any of them (CONTRIBUTING.md, Compatibility).
 */
import { randomUUID } from 'crypto';
import { join } from 'path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { runPackedPackage, type PackedPackage } from '../harness/package-tarball';
import { pdfReader, SOUND_PDF, words } from '../harness/pdf-reader';
import { COMPAT_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	createInstance,
	ensureInstalled,
	faxServicePollTriggerWorkflow,
	faxServiceTriggerWorkflow,
	logToStderr,
	REPO_ROOT,
	resolveHost,
	sandboxCredential,
	type HostVersion,
	ranToEnd,
	type N8nExecution,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { pdfForm, provisionNumber, sandboxApi, type SandboxApi } from './helpers/sandbox-api';
import { fanOutWorkflow, faxServiceStep, pdfStep, webhookWorkflow } from './helpers/webhook-steps';
import { ceiling, MACHINE_MINUTE } from '../harness/machine';

const OWNER = { email: 'owner@example.com', password: 'Sandbox-Passw0rd' };
const TYPES = ['faxService', 'faxServiceTrigger', 'faxServicePollTrigger', 'faxServiceTool'].map(
	(name) => `n8n-nodes-fax-service.${name}`,
);
const RESOURCES = [
	'sentFax',
	'receivedFax',
	'faxNumber',
	'client',
	'secureLinkEmail',
	'aiDocument',
];
/** n8n-workflow's '@tool' display option (the tool variant's own Operation list and Output default) arrived in n8n 1.86. */
const TOOL_DISPLAY_OPTIONS_FROM = [1, 86];

interface NodeTypeJson {
	name: string;
	outputs: unknown;
	properties: Array<{ name: string; options?: Array<{ value: string }> }>;
}
type GetNodeParameters = (...args: unknown[]) => Record<string, unknown> | null;

/** What the host's own n8n-workflow makes of a tool node saved with only `values` (the editor's and the engine's parameter resolution). */
function resolvedToolParameters(
	hostVersion: HostVersion,
	tool: NodeTypeJson,
	values: Record<string, unknown>,
): Record<string, unknown> {
	const hostModules = join(REPO_ROOT, resolveHost(hostVersion).folder, 'node_modules');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { NodeHelpers } = require(
		require.resolve('n8n-workflow', { paths: [join(hostModules, 'n8n')] }),
	) as { NodeHelpers: { getNodeParameters: GetNodeParameters } };
	const node = {
		id: randomUUID(),
		name: 'Tool',
		type: tool.name,
		typeVersion: 1,
		position: [0, 0],
		parameters: values,
	};
	// From n8n-workflow 1.86 the node type's description is the 6th argument (it tells '@tool'); before, the 6th was a flag.
	const resolve = NodeHelpers.getNodeParameters;
	const parameters =
		resolve.length >= 7
			? resolve(tool.properties, values, true, false, node, tool)
			: resolve(tool.properties, values, true, false, node);
	return parameters ?? {};
}

const pdfs = pdfReader('fax-compat-');
afterAll(() => pdfs.dispose());

let packed: PackedPackage;
beforeAll(async () => {
	packed = await runPackedPackage();
	// Nothing above the unpacked package provides n8n-workflow: the host's n8n must.
	expect(() => require.resolve('n8n-workflow', { paths: [packed.unpackedDir] })).toThrow();
}, 5 * MACHINE_MINUTE);
afterAll(() => packed?.dispose());

describeOnHosts(
	COMPAT_HOSTS,
	'the published package on its host',
	({ hostVersion, n8nVersion }) => {
		let sandbox: Sandbox;
		let n8n: N8nHostInstance;
		let fromNumber: string;
		/** The token of the fax received right after the polling trigger was activated (beforeAll). */
		let receivedAfterActivation: string;
		const workflowIds = {
			send: '',
			packet: '',
			letter: '',
			earlierFile: '',
			sendAndWait: '',
			legacySendAndWait: '',
			trigger: '',
			poll: '',
		};
		const paths = {
			send: `compat-send-${randomUUID()}`,
			packet: `compat-packet-${randomUUID()}`,
			letter: `compat-letter-${randomUUID()}`,
			earlierFile: `compat-earlier-${randomUUID()}`,
			sendAndWait: `compat-saw-${randomUUID()}`,
			legacySendAndWait: `compat-saw-legacy-${randomUUID()}`,
		};
		const triggerWebhookId = randomUUID();
		const triggerUrl = () => n8n.webhookUrl(`${triggerWebhookId}/fax-service`);

		let api: SandboxApi;
		const startByWebhook = async (path: string, body: Record<string, unknown>) => {
			const response = await fetch(n8n.webhookUrl(path), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
			expect(response.status).toBe(200);
			await response.text();
		};
		const finished = (workflowId: string, timeoutMs = ceiling(60_000)): Promise<N8nExecution> =>
			n8n.waitForExecution(workflowId, ranToEnd, { what: 'finished', timeoutMs });
		const sendAndWaitWorkflow = (
			name: string,
			path: string,
			operation: string,
			credential: { id: string; name: string },
		) =>
			fanOutWorkflow(
				name,
				path,
				'faxes',
				pdfStep(`${sandbox.origin}/samples/referral.pdf`, 'Sample PDF'),
				[
					faxServiceStep('Send and Wait', credential, {
						resource: 'sentFax',
						operation,
						binaryPropertyName: 'data',
						fromNumber: { __rl: true, mode: 'number', value: fromNumber },
						toNumber: "={{ $('Split Out').item.json.toNumber }}",
						limitWaitTime: true,
						waitAmount: 1,
						waitUnit: 'hours',
					}),
				],
			);

		beforeAll(async () => {
			await ensureInstalled({ hostVersion, log: logToStderr });
			sandbox = await startSandbox({
				port: 0,
				timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
				callbackRetryScheduleMs: [500, 1000, 2000],
			});
			api = sandboxApi(sandbox);
			fromNumber = await provisionNumber(api);
			// editor: the type files n8n writes for its editor say what it loaded (packageLoaded()).
			n8n = await createInstance({
				hostVersion,
				packageDir: packed.unpackedDir,
				owner: OWNER,
				editor: true,
			});
			await n8n.start();
			const [credential] = await n8n.importCredentials([sandboxCredential(sandbox)]);
			const workflows = await n8n.importWorkflows([
				webhookWorkflow(
					'compat: send',
					paths.send,
					[
						faxServiceStep('Send', credential, {
							resource: 'sentFax',
							operation: 'send',
							binaryPropertyName: 'data',
							fromNumber: { __rl: true, mode: 'number', value: fromNumber },
							toNumber: '+12125550123',
						}),
					],
					pdfStep(`${sandbox.origin}/samples/referral.pdf`),
				),
				// The packet by Binary File: Document Source (an '@tool' field, 1.86+) is not needed for it.
				webhookWorkflow(
					'compat: packet',
					paths.packet,
					[
						faxServiceStep('Send Packet', credential, {
							resource: 'sentFax',
							operation: 'send',
							binaryPropertyName: 'data',
							fromNumber: { __rl: true, mode: 'number', value: fromNumber },
							toNumber: '+12125550124',
							addCoverPage: true,
							coverPage: { subject: 'Referral packet' },
							furtherDocuments: { documents: [{ source: 'binary', binaryPropertyName: 'data' }] },
						}),
					],
					pdfStep(`${sandbox.origin}/samples/referral.pdf`),
				),
				// In a TrueType font from the item (Letter Font): a Vietnamese name, a Japanese address.
				webhookWorkflow(
					'compat: letter',
					paths.letter,
					[
						faxServiceStep('Send Letter', credential, {
							resource: 'sentFax',
							operation: 'send',
							documentSource: 'text',
							textFormat: 'markdown',
							text: '# Referral\n\nDear Dr. Adams,\n\n| Test | Result |\n|---|---|\n| LDL | 162 mg/dL |\n\nPlease see our **patient** Nguyễn Thị Hương on Monday.\n\n東京都千代田区丸の内1-1',
							letterFont: 'trueType',
							fontFile: 'data',
							fromNumber: { __rl: true, mode: 'number', value: fromNumber },
							toNumber: '+12125550125',
							addCoverPage: true,
							coverPage: { subject: 'Referral letter', message: '**Urgent:** call first' },
						}),
					],
					pdfStep(`${sandbox.origin}/samples/fonts/SawarabiGothic-Regular.ttf`),
				),
				webhookWorkflow(
					'compat: earlier file',
					paths.earlierFile,
					[
						faxServiceStep('Send Earlier File', credential, {
							resource: 'sentFax',
							operation: 'send',
							documentSource: 'binaryData',
							binaryData: "={{ $('PDF').item.binary.data }}",
							fromNumber: { __rl: true, mode: 'number', value: fromNumber },
							toNumber: '+12125550126',
						}),
					],
					pdfStep(`${sandbox.origin}/samples/referral.pdf`),
				),
				sendAndWaitWorkflow(
					'compat: send and wait',
					paths.sendAndWait,
					'sendAndWaitForCompletion',
					credential,
				),
				sendAndWaitWorkflow(
					'compat: send and wait, as 0.1.0 saved it',
					paths.legacySendAndWait,
					'sendAndWait',
					credential,
				),
				faxServiceTriggerWorkflow('compat: trigger', triggerWebhookId, credential, ['sentFax']),
				faxServicePollTriggerWorkflow(
					'compat: polling',
					'Fax Service Polling Trigger',
					credential,
					{ events: ['receivedFax'], options: {} },
				),
			]);
			[
				workflowIds.send,
				workflowIds.packet,
				workflowIds.letter,
				workflowIds.earlierFile,
				workflowIds.sendAndWait,
				workflowIds.legacySendAndWait,
				workflowIds.trigger,
				workflowIds.poll,
			] = workflows.map((workflow) => workflow.id);
			for (const id of Object.values(workflowIds)) await n8n.publishWorkflow(id);
			// Received now, right after the polling trigger's activation: its next minute tick comes while
			// the other tests run, and the polling test only checks what that tick emitted.
			const received = await api(
				'POST',
				'/received_faxes/test_receive',
				pdfForm({ to_number: fromNumber, from_number: '+14155551234' }),
			);
			receivedAfterActivation = /([0-9a-f]{24})/.exec(String(received.message))![1];
		}, 30 * MACHINE_MINUTE);

		afterAll(async () => {
			await n8n?.dispose();
			await sandbox?.stop();
		}, 2 * MACHINE_MINUTE);

		test('n8n lists the three nodes, the credential and the AI tool variant with every resource', async () => {
			const loaded = n8n.packageLoaded();
			expect(loaded.nodeTypes.sort()).toEqual([...TYPES].sort());
			expect(loaded).toMatchObject({
				credentialTypes: ['faxServiceApi'],
				missingCredentialTypes: [],
			});
			const { cookie } = await n8n.ensureOwner(OWNER);
			const types = await n8n.editorNodeTypes<NodeTypeJson>(cookie!);
			const tool = types.find((type) => type.name === 'n8n-nodes-fax-service.faxServiceTool')!;
			expect(JSON.stringify(tool.outputs)).toContain('ai_tool');
			// n8n adds its Custom API Call option to a node with a credential.
			const resources = tool.properties
				.find((property) => property.name === 'resource')
				?.options?.map((option) => option.value);
			expect(resources?.filter((value) => value !== '__CUSTOM_API_CALL__').sort()).toEqual(
				[...RESOURCES].sort(),
			);
			// One Operation picker per resource on the node and one on the tool ('@tool' display options).
			expect(tool.properties.filter((property) => property.name === 'operation')).toHaveLength(
				2 * RESOURCES.length,
			);

			// From n8n 1.86 the tool gets Simplified output and its own Operation list (no wait operation);
			// before, n8n shows neither '@tool' property: the node falls back to Raw (output.ts) and the router
			// refuses a wait operation in a tool.
			const [major, minor] = n8nVersion.split('.').map(Number);
			const knowsTool =
				major > TOOL_DISPLAY_OPTIONS_FROM[0] ||
				(major === TOOL_DISPLAY_OPTIONS_FROM[0] && minor >= TOOL_DISPLAY_OPTIONS_FROM[1]);
			const resolved = resolvedToolParameters(hostVersion, tool, { resource: 'receivedFax' });
			expect({ operation: resolved.operation, output: resolved.output }).toEqual({
				operation: 'get',
				output: knowsTool ? 'simple' : undefined,
			});
			// Document Source: the tool's own default (Text) from 1.86; before, the node's field (Binary File),
			// which the tool then refuses before sending, naming Text and Earlier Node's File.
			const send = resolvedToolParameters(hostVersion, tool, {
				resource: 'sentFax',
				operation: 'send',
			});
			expect(send.documentSource).toBe(knowsTool ? 'text' : 'binary');
			// Text Format: Markdown, what a model writes, from 1.86; before, Binary File shows no Text Format.
			expect(send.textFormat).toBe(knowsTool ? 'markdown' : undefined);
		});

		test('Sent Fax → Send sends one fax with the PDF and outputs its record', async () => {
			await startByWebhook(paths.send, {});
			const execution = await finished(workflowIds.send);
			expect(execution.status).toBe('success');
			const sends = sandbox.requests.filter(
				(request) =>
					request.method === 'POST' &&
					request.path === '/api/v2/sent_faxes' &&
					(request.body as Record<string, unknown>)?.to_number === '+12125550123',
			);
			expect(sends).toHaveLength(1);
			expect(sends[0].body).toMatchObject({ to_number: '+12125550123', from_number: fromNumber });
			expect(execution.items.Send).toEqual([
				expect.objectContaining({ faxId: expect.stringMatching(/^[0-9a-f]{24}$/) }),
			]);
		});

		test('Sent Fax → Send faxes a packet: a cover page counting every page, then the document twice, as one sound PDF', async () => {
			await startByWebhook(paths.packet, {});
			const execution = await finished(workflowIds.packet);
			expect({ status: execution.status, error: execution.error }).toEqual({
				status: 'success',
				error: undefined,
			});
			const [send] = sandbox.requests.filter(
				(request) =>
					request.method === 'POST' &&
					request.path === '/api/v2/sent_faxes' &&
					(request.body as Record<string, unknown>)?.to_number === '+12125550124',
			);
			const sample = pdfs.read(
				Buffer.from(await (await fetch(`${sandbox.origin}/samples/referral.pdf`)).arrayBuffer()),
			);
			const packet = pdfs.read(send.files[0].data);
			expect(packet.check).toEqual(SOUND_PDF);
			expect(packet.pages).toBe(1 + 2 * sample.pages);
			expect(words(packet.pageTexts[0])).toContain(`Pages: ${packet.pages}`);
			expect(words(packet.pageTexts[0])).toContain('Subject: Referral packet');
			expect(packet.pageTexts.slice(1).map(words)).toEqual(
				[...sample.pageTexts, ...sample.pageTexts].map(words),
			);
		});

		test("Document Source works in the node: a Markdown letter in a TrueType font with a cover page, and an earlier node's file, each one sound fax", async () => {
			await startByWebhook(paths.letter, {});
			await startByWebhook(paths.earlierFile, {});
			for (const id of [workflowIds.letter, workflowIds.earlierFile]) {
				const execution = await finished(id);
				expect({ status: execution.status, error: execution.error }).toEqual({
					status: 'success',
					error: undefined,
				});
			}
			const sentTo = (number: string) =>
				sandbox.requests.filter(
					(request) =>
						request.method === 'POST' &&
						request.path === '/api/v2/sent_faxes' &&
						(request.body as Record<string, unknown>)?.to_number === number,
				);
			const [letterSend] = sentTo('+12125550125');
			const letter = pdfs.read(letterSend.files[0].data);
			expect(letter.check).toEqual(SOUND_PDF);
			expect(letter.pages).toBe(2);
			expect(words(letter.pageTexts[0])).toContain('Subject: Referral letter');
			// Text Format Markdown: the letter and the cover's message print without their markers.
			expect(words(letter.pageTexts[0])).toContain('Message: Urgent: call first');
			const body = words(letter.pageTexts[1]);
			for (const line of [
				'Referral',
				'Test Result',
				'LDL 162 mg/dL',
				'Please see our patient Nguyễn Thị Hương on Monday.',
				'東京都千代田区丸の内1-1',
			])
				expect(body).toContain(line);
			expect(body).not.toMatch(/\*|\||#/);
			const [fileSend] = sentTo('+12125550126');
			const sample = Buffer.from(
				await (await fetch(`${sandbox.origin}/samples/referral.pdf`)).arrayBuffer(),
			);
			expect(fileSend.files[0].data.equals(sample)).toBe(true);
		});

		test('the trigger accepts a signed callback once and refuses a forged one', async () => {
			await api(
				'POST',
				'/sent_faxes',
				pdfForm({ from_number: fromNumber, to_number: '+12125550199', callback_url: triggerUrl() }),
			);
			const attempts = await sandbox.waitForCallbacks(
				(all) => all.some((a) => a.url === triggerUrl() && a.status !== null),
				ceiling(20_000),
			);
			const genuine = attempts.find((a) => a.url === triggerUrl())!;
			expect(genuine.status).toBe(200);
			const [execution] = await n8n.waitForExecutions(workflowIds.trigger, {
				count: 1,
				timeoutMs: ceiling(30_000),
			});
			expect(execution.items['Fax Service Trigger']).toEqual([
				expect.objectContaining({ eventType: 'sentFax', verified: true, toNumber: '+12125550199' }),
			]);
			const forged = await fetch(triggerUrl(), {
				method: 'POST',
				headers: {
					'content-type': genuine.contentType,
					'x-service-signature': genuine.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
				},
				body: String(genuine.body),
			});
			expect(forged.status).toBe(401);
			expect(await n8n.executions(workflowIds.trigger)).toHaveLength(1);
		});

		test.each([
			["today's operation", 'sendAndWait' as const],
			['the operation value 0.1.0 saved', 'legacySendAndWait' as const],
		])(
			"Send and Wait (%s) waits and is resumed by the service's callback",
			async (_name, which) => {
				await startByWebhook(paths[which], { faxes: [{ toNumber: '+12125550123' }] });
				const resumed = await finished(workflowIds[which]);
				expect({ status: resumed.status, error: resumed.error }).toEqual({
					status: 'success',
					error: undefined,
				});
				expect(resumed.items['Send and Wait']).toEqual([
					expect.objectContaining({ sentStatus: 'success', timedOut: false }),
				]);
			},
		);

		test(
			'the polling trigger emits a fax received after its activation at its next tick',
			async () => {
				const token = receivedAfterActivation;
				// n8n polls every minute: the tick comes within one of the fax (received in beforeAll).
				const [execution] = await n8n.waitForExecutions(workflowIds.poll, {
					count: 1,
					timeoutMs: ceiling(75_000),
				});
				expect(execution.items['Fax Service Polling Trigger']).toEqual([
					expect.objectContaining({ eventType: 'receivedFax', sendToken: token }),
				]);
			},
			2 * MACHINE_MINUTE,
		);
	},
);
