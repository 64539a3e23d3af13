/**
 * The example workflows in examples/ run in a real n8n against the sandbox, so that none of them rots:
 * each is imported as a user would (its credential picked; example 2's number picked under Register on
 * Fax Numbers), its manual part executed or its form submitted, and its trigger part (or its waiting
 * Send and Wait) driven by the sandbox's real callbacks, which reach n8n at the URLs the examples build
 * from n8n's own (no address is written in them: example-portability.test.ts). The n8n is the run's shared one of each host.
 * The files themselves are checked in example-files.test.ts; the form-letter example runs in
 * examples-form.test.ts, the form-photo example in examples-photo.test.ts, the AI agent example in
 * examples-ai.test.ts.
 */
import { existsSync } from 'fs';
import { join } from 'path';

import { startSandbox, type Sandbox } from '../../sandbox';
import {
	CREDENTIAL,
	credentialIdsOf,
	FILES,
	localiseExample,
	parameterProblems,
	startNodeOf,
	triggerOf,
	type Example,
	type ExampleKey,
	type Json,
	type NodeTypeDescription,
} from './helpers/examples';
import {
	ensureInstalled,
	itemsOf,
	logToStderr,
	REPO_ROOT,
	sandboxCredential,
	secretsInFiles,
	sharedInstance,
	ranToEnd,
	settled,
	type N8nExecution,
	type N8nHostInstance,
	type N8nRun,
} from './helpers/n8n-host';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import { ceiling, MACHINE_MINUTE } from '../harness/machine';

const PUBLISHED: ExampleKey[] = ['inbound', 'ai', 'client', 'poll'];

describeOnHosts(
	BOTH_HOSTS,
	'example workflows in a real n8n against the sandbox',
	({ hostVersion }) => {
		let sandbox: Sandbox;
		let n8n: N8nHostInstance;
		const examples = {} as Record<ExampleKey, Example & { id: string }>;
		const samples: Record<string, Buffer> = {};
		/** Example 1 run while the account had no fax number yet. */
		let newUserRun: N8nRun;
		let firstNumber: { id: string; number: string };
		let credentialIds: Record<string, string>;

		/** The example as a user imports it: its credential picked. */
		const localise = (file: string, change?: (example: Example) => void): Example =>
			localiseExample(
				file,
				{ sandboxOrigin: sandbox.origin, n8nBaseUrl: n8n.baseUrl, credentialIds },
				change,
			);
		const triggerUrl = (key: ExampleKey) =>
			n8n.webhookUrl(`${triggerOf(examples[key]).webhookId}/fax-service`);
		const api = async (method: string, path: string, body?: FormData | Json): Promise<Json> => {
			const headers: Record<string, string> = { authorization: `Bearer ${sandbox.testKey}` };
			if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
			const response = await fetch(`${sandbox.baseUrl}${path}`, {
				method,
				headers,
				body: body instanceof FormData ? body : body && JSON.stringify(body),
			});
			const json = (await response.json()) as Json;
			if (response.status >= 300)
				throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
			return json;
		};
		const testReceive = async (toNumber: string, sample: string): Promise<string> => {
			const form = new FormData();
			form.append('to_number', toNumber);
			form.append('from_number', '+13105550199');
			form.append(
				'file',
				new Blob([new Uint8Array(samples[sample])], { type: 'application/pdf' }),
				sample,
			);
			const { message } = await api('POST', '/received_faxes/test_receive', form);
			return /([0-9a-f]{24})/.exec(String(message))![1];
		};

		/** Waits for a finished execution started by the workflow's Fax Service Trigger (or polling trigger) that matches. */
		const triggerExecution = (
			key: ExampleKey,
			matches: (execution: N8nExecution) => boolean,
			timeoutMs = ceiling(30_000),
			trigger = startNodeOf(examples[key]).name,
		): Promise<N8nExecution> => {
			return n8n.waitForExecution(
				examples[key].id,
				(execution) =>
					execution.items[trigger] !== undefined && ranToEnd(execution) && matches(execution),
				{
					what: `of "${examples[key].name}" started by its trigger, as expected`,
					timeoutMs,
					evidence: (executions) =>
						`trigger items: ${JSON.stringify(executions.map((e) => e.items[trigger]))}\n` +
						`callbacks: ${JSON.stringify(sandbox.callbackAttempts.map((a) => ({ type: a.type, url: a.url, status: a.status, error: a.error })))}`,
				},
			);
		};

		beforeAll(async () => {
			expect(existsSync(join(REPO_ROOT, 'dist', 'nodes', 'FaxService', 'FaxService.node.js'))).toBe(
				true,
			);
			await ensureInstalled({ hostVersion, log: logToStderr });
			sandbox = await startSandbox({
				port: 0,
				timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
				callbackRetryScheduleMs: [300, 600, 1200],
				callbackTimeoutMs: ceiling(15_000),
			});
			for (const name of ['referral.pdf', 'prior-auth.pdf', 'lab-results.pdf']) {
				samples[name] = Buffer.from(
					await (await fetch(`${sandbox.origin}/samples/${name}`)).arrayBuffer(),
				);
			}
			// The run's n8n of this host, shared with the other suites that need a plain one.
			n8n = await sharedInstance({ hostVersion });
			const saved = await n8n.importCredentials([
				{ ...sandboxCredential(sandbox), name: CREDENTIAL.name },
			]);
			credentialIds = credentialIdsOf(saved, [CREDENTIAL]);

			// A new user: no fax number yet. Example 1 provisions one, sends from it and waits.
			[examples.sendFax] = await n8n.importWorkflows([localise(FILES.sendFax)]);
			newUserRun = await n8n.runManually(examples.sendFax.id);
			const { faxNumbers } = (await api('GET', '/fax_numbers')) as {
				faxNumbers: Array<{ id: string; number: string }>;
			};
			firstNumber = faxNumbers[0];

			// The other examples are saved and published, as in the editor.
			// Example 2's one setup step: pick the number under "Inbound Fax Number Names or IDs".
			[examples.inbound, examples.ai, examples.client, examples.poll] = await n8n.importWorkflows([
				localise(FILES.inbound, (example) => {
					triggerOf(example).parameters.registerOnFaxNumbers = [firstNumber.id];
				}),
				localise(FILES.ai),
				localise(FILES.client),
				localise(FILES.poll),
			]);
			// Example 1 starts by hand only (Send and Wait needs no trigger), so there is nothing to publish.
			for (const key of PUBLISHED) await n8n.publishWorkflow(examples[key].id);
		}, 10 * MACHINE_MINUTE);

		afterAll(async () => {
			await n8n?.dispose();
			await sandbox?.stop();
		}, 2 * MACHINE_MINUTE);

		test('n8n has every node type and version the examples use, with every parameter and option value they set', async () => {
			// Every example file, also those another suite runs (examples-form, examples-ai).
			const nodes = (Object.keys(FILES) as ExampleKey[]).flatMap((key) =>
				localise(FILES[key]).nodes.map((node) => ({ file: FILES[key], node })),
			);
			// What the editor asks n8n for when it opens the examples: each type and version once.
			const key = (node: { type: string; typeVersion: number }) =>
				`${node.type} ${node.typeVersion}`;
			const asked = [...new Map(nodes.map(({ node }) => [key(node), node])).values()];
			const descriptions = await n8n.nodeTypeDescriptions<NodeTypeDescription>(
				(await n8n.ensureOwner()).cookie!,
				asked.map((node) => ({ name: node.type, version: node.typeVersion })),
			);
			const problems: string[] = [];
			for (const { file, node } of nodes) {
				const description = descriptions[asked.findIndex((other) => key(other) === key(node))];
				if (!description) {
					problems.push(
						`${file}: ${node.name}: no node type ${node.type} version ${node.typeVersion}`,
					);
					continue;
				}
				problems.push(
					...parameterProblems(description.properties, node.parameters, `${file}: ${node.name}`),
				);
			}
			expect(problems).toEqual([]);
		});

		test('every example published without an error', async () => {
			const status = await n8n.activationStatus();
			expect(
				status
					.map((entry) => ({ name: entry.name, state: entry.state }))
					.sort((a, b) => a.name.localeCompare(b.name)),
			).toEqual(
				PUBLISHED.map((key) => examples[key])
					.map((example) => ({ name: example.name, state: 'activated' }))
					.sort((a, b) => a.name.localeCompare(b.name)),
			);
		});

		describe('1. send a fax and act on its outcome', () => {
			const SEND = 'Send Fax and Wait';
			/** The execution of example 1 that sent `faxId`, once n8n has it finished. */
			const outcomeOf = (faxId: string): Promise<N8nExecution> =>
				n8n.waitForExecution(
					examples.sendFax.id,
					(e) => e.items[SEND]?.[0]?.sendToken === faxId && settled(e),
					{
						what: `going on after fax ${faxId}`,
						timeoutMs: MACHINE_MINUTE,
						evidence: () =>
							`last callbacks: ${JSON.stringify(sandbox.callbackAttempts.slice(-3).map((a) => ({ url: a.url, status: a.status })))}`,
					},
				);

			test('for a new user (no fax number yet) it provisions one, sends from it, waits with its resume URL and goes on when the callback comes', async () => {
				expect(itemsOf(newUserRun, 'Has a Fax Number?', { output: 0 })).toEqual([]);
				expect(itemsOf(newUserRun, 'Has a Fax Number?', { output: 1 })).toEqual([{}]);
				const provisioned = itemsOf(newUserRun, 'Provision a Fax Number')!;
				expect(provisioned).toEqual([
					expect.objectContaining({ id: firstNumber.id, number: firstNumber.number }),
				]);
				expect(firstNumber.number).toMatch(/^\+1415555\d{4}$/);
				expect(newUserRun.status).toBe('waiting');
				const [queued] = itemsOf(newUserRun, SEND)!;
				expect(queued.sendToken).toMatch(/^[0-9a-f]{24}$/);
				const request = sandbox.requests.find(
					(r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes',
				)!;
				expect(request.body).toMatchObject({
					from_number: firstNumber.number,
					to_number: '+12125550123',
					patient_name: 'Jane Q Sample',
				});
				// n8n 2.x checks the resume token in `signature`; 1.x checks no URL of this operation value (README, Send and wait).
				const signature = hostVersion === 2 ? '\\?signature=[0-9a-f]{64}' : '';
				expect(String((request.body as Json).callback_url)).toMatch(
					new RegExp(`^${n8n.baseUrl}/webhook-waiting/\\d+/[^/?]+${signature}$`),
				);
				// The letter of its Text field, made a PDF by the node.
				expect(request.files[0]).toMatchObject({
					filename: 'referral-letter.pdf',
					mimetype: 'application/pdf',
				});
				expect(request.files[0].data.toString('latin1')).toContain(
					'REFERRAL: cardiology consultation',
				);

				const execution = await outcomeOf(String(queued.sendToken));
				expect(execution.status).toBe('success');
				expect(execution.items.Delivered).toEqual([
					expect.objectContaining({ faxId: queued.sendToken }),
				]);
			});

			test(
				'with a fax number it sends from it, waits, and goes on through Delivered when the callback comes',
				async () => {
					const run = await n8n.runManually(examples.sendFax.id);
					expect(run.status).toBe('waiting');
					expect(itemsOf(run, 'Provision a Fax Number')).toBeUndefined();
					expect(itemsOf(run, 'Has a Fax Number?', { output: 0 })).toEqual([
						expect.objectContaining({ number: firstNumber.number }),
					]);
					const faxId = String(itemsOf(run, SEND)![0].sendToken);

					const execution = await outcomeOf(faxId);
					expect(execution.status).toBe('success');
					expect(execution.items[SEND][0]).toMatchObject({
						sendToken: faxId,
						sentStatus: 'success',
						fromNumber: firstNumber.number,
						timedOut: false,
					});
					expect(execution.items.Delivered).toEqual([
						{
							faxId,
							summary: 'Fax to +12125550123 delivered (1 page(s))',
							completedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
							pdfLink: expect.stringMatching(new RegExp(`^${sandbox.origin}/files/`)),
						},
					]);
					expect(execution.items.Failed).toBeUndefined();
					expect(execution.items['Read the Status']).toBeUndefined();
				},
				2 * MACHINE_MINUTE,
			);
		});

		describe('2. route inbound faxes by classification', () => {
			test('publishing registered the trigger on the chosen number', async () => {
				const { faxNumber } = (await api('GET', `/fax_numbers/${firstNumber.id}`)) as {
					faxNumber: Json;
				};
				expect(faxNumber.callbackUrl).toBe(triggerUrl('inbound'));
			});

			test(
				'a received referral (the letter its manual part writes) takes the referral route and is e-mailed with its PDF behind a secure link',
				async () => {
					const run = await n8n.runManually(examples.inbound.id);
					const [simulated] = itemsOf(run, 'Simulate an Inbound Fax')!;
					const sendToken = /([0-9a-f]{24})/.exec(String(simulated.message))![1];

					const execution = await triggerExecution(
						'inbound',
						(e) => e.items['When a Fax Arrives'][0]?.sendToken === sendToken,
					);
					expect(execution.status).toBe('success');
					expect(execution.items['When a Fax Arrives'][0]).toMatchObject({
						documentClassification: 'referral',
						toNumber: firstNumber.number,
						fromNumber: '+13105550111',
					});
					expect(itemsOf(execution.data, 'Route by Classification', { output: 0 })).toHaveLength(1);
					expect(execution.items['Email Referral via Secure Link']).toEqual([
						expect.objectContaining({ emailId: expect.stringMatching(/^[0-9a-f]{24}$/) }),
					]);
					expect(execution.items['Prior Authorization Details']).toBeUndefined();
					expect(execution.items['Other Document']).toBeUndefined();

					const emails = sandbox.requests.filter(
						(r) => r.method === 'POST' && r.path === '/api/v2/emails',
					);
					expect(emails).toHaveLength(1);
					expect(emails[0].status).toBe(201);
					expect(emails[0].body).toMatchObject({
						recipient_email: 'referrals@example.com',
						expire_after: '7',
						patient_name: 'Jane Q Sample',
						patient_dob: '1980-01-15',
						subject: `Referral for Jane Q Sample (fax ${sendToken})`,
					});
					expect(emails[0].files).toHaveLength(1);
					const [written] = itemsOf(run, 'Write a Test Referral')!;
					expect(emails[0].files[0].data.length).toBe(written.fileSize);
					expect(emails[0].files[0].data.toString('latin1')).toContain(
						'REFERRAL: cardiology consultation',
					);
				},
				2 * MACHINE_MINUTE,
			);

			test(
				'a prior authorization and a lab report take the other two routes',
				async () => {
					const priorAuth = await testReceive(firstNumber.number, 'prior-auth.pdf');
					const lab = await testReceive(firstNumber.number, 'lab-results.pdf');
					const priorExecution = await triggerExecution(
						'inbound',
						(e) => e.items['When a Fax Arrives'][0]?.sendToken === priorAuth,
					);
					const labExecution = await triggerExecution(
						'inbound',
						(e) => e.items['When a Fax Arrives'][0]?.sendToken === lab,
					);

					expect(priorExecution.items['Email Referral via Secure Link']).toBeUndefined();
					expect(priorExecution.items['Prior Authorization Details']).toEqual([
						{
							faxId: priorAuth,
							patientName: 'Jane Q Sample',
							insuranceMemberId: 'SBX123456789',
							authorizationNumber: expect.stringMatching(/^AUTH-/),
							validFrom: '2025-01-01',
							validTo: '2025-06-30',
							decision: 'approved',
						},
					]);
					expect(labExecution.items['Email Referral via Secure Link']).toBeUndefined();
					expect(labExecution.items['Prior Authorization Details']).toBeUndefined();
					expect(labExecution.items['Other Document']).toEqual([
						expect.objectContaining({
							faxId: lab,
							documentClassification: 'medical_records',
							secondaryCategory: 'lab_results',
							fromNumber: '+13105550199',
						}),
					]);
					// Still only the referral was e-mailed.
					expect(
						sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/emails'),
					).toHaveLength(1);
				},
				2 * MACHINE_MINUTE,
			);
		});

		describe('3. AI extraction', () => {
			test(
				'a document uploaded in its form is extracted and the completion callback, at the URL the example builds, picks patient and classification',
				async () => {
					// What the form page posts: multipart/form-data, the file as field-0, once n8n serves the form.
					const formUrl = `${n8n.baseUrl}/form/ai-extraction`;
					const until = Date.now() + ceiling(30_000);
					while ((await fetch(formUrl)).status !== 200 && Date.now() < until)
						await new Promise((resolve) => setTimeout(resolve, 300));
					const form = new FormData();
					form.append(
						'field-0',
						new Blob([new Uint8Array(samples['referral.pdf'])], { type: 'application/pdf' }),
						'referral.pdf',
					);
					expect((await fetch(formUrl, { method: 'POST', body: form })).status).toBe(200);
					const submitted = await triggerExecution(
						'ai',
						(e) => e.items['Upload for AI Extraction'] !== undefined,
						ceiling(30_000),
						'Document Upload',
					);
					const [queued] = submitted.items['Upload for AI Extraction'];
					const aiToken = String(queued.aiToken);
					expect(aiToken).toMatch(/^[0-9a-f]{24}$/);
					const upload = sandbox.requests.find(
						(r) => r.method === 'POST' && r.path === '/api/v2/ai_documents',
					)!;
					expect(upload.body).toMatchObject({ callback_url: triggerUrl('ai') });
					expect(upload.files[0].data).toEqual(samples['referral.pdf']);

					const execution = await triggerExecution(
						'ai',
						(e) => e.items['When Extraction Completes'][0]?.aiToken === aiToken,
						ceiling(30_000),
						'When Extraction Completes',
					);
					expect(execution.status).toBe('success');
					expect(execution.items['Patient and Classification']).toEqual([
						{
							aiToken,
							documentClassification: 'referral',
							documentSummary: expect.any(String),
							patientName: 'Jane Q Sample',
							patientDob: '1980-01-15',
							patientPhoneNumber: '+15555550123',
							insurancePayer: expect.any(String),
							insuranceMemberId: 'SBX123456789',
							icdCodes: 'I10, E11.9',
							failed: false,
						},
					]);
				},
				2 * MACHINE_MINUTE,
			);
		});

		describe('4. provision a fax number for a new client', () => {
			test(
				"creates the client, assigns it a new number pointing at the trigger, and that number's faxes start the workflow",
				async () => {
					const run = await n8n.runManually(examples.client.id);
					const [client] = itemsOf(run, 'Create Client')!;
					const clientId = String(client.clientId);
					expect(client).toMatchObject({ name: 'Riverside Cardiology', faxNumbers: [] });
					const [provisioned] = itemsOf(run, 'Provision Fax Number')!;
					const [updated] = itemsOf(run, 'Route Its Faxes Here')!;
					expect(updated).toMatchObject({
						id: provisioned.id,
						callbackUrl: triggerUrl('client'),
						client: { clientId, name: 'Riverside Cardiology' },
					});

					// What the service now holds.
					const stored = ((await api('GET', `/clients/${clientId}`)) as { client: Json }).client;
					expect(stored).toMatchObject({
						clientId,
						name: 'Riverside Cardiology',
						faxNumbers: [
							{ id: provisioned.id, number: provisioned.number, callbackUrl: triggerUrl('client') },
						],
					});
					expect(String(provisioned.number)).toMatch(/^\+1415555\d{4}$/);
					expect(provisioned.number).not.toBe(firstNumber.number);

					const sendToken = await testReceive(String(provisioned.number), 'lab-results.pdf');
					const execution = await triggerExecution(
						'client',
						(e) => e.items["When the Client's Fax Arrives"][0]?.sendToken === sendToken,
					);
					expect(execution.items['Client Fax Summary']).toEqual([
						{
							clientId,
							faxNumber: provisioned.number,
							from: '+13105550199',
							pages: 1,
							documentClassification: 'medical_records',
							faxId: sendToken,
						},
					]);
					// The fax did not reach example 2, whose trigger listens on the other number.
					expect(
						(await n8n.executions(examples.inbound.id)).some(
							(e) => e.items['When a Fax Arrives']?.[0]?.sendToken === sendToken,
						),
					).toBe(false);
				},
				2 * MACHINE_MINUTE,
			);
		});

		describe('5. poll for inbound faxes and route them (no public URL)', () => {
			test(
				'faxes received after activation are found by the next poll, downloaded and routed, each once',
				async () => {
					const referral = await testReceive(firstNumber.number, 'referral.pdf');
					const priorAuth = await testReceive(firstNumber.number, 'prior-auth.pdf');
					const lab = await testReceive(firstNumber.number, 'lab-results.pdf');
					const polled = async (token: string) =>
						await triggerExecution(
							'poll',
							(e) =>
								e.items['Every Minute: New Received Faxes'].some(
									(item) => item.sendToken === token,
								),
							2.5 * MACHINE_MINUTE,
						);
					// One poll may have brought all three: each execution once.
					const executions = [
						...new Map(
							[await polled(referral), await polled(priorAuth), await polled(lab)].map((e) => [
								e.id,
								e,
							]),
						).values(),
					];
					const items = (node: string) =>
						executions.flatMap((execution) => execution.items[node] ?? []);

					expect(items('Referral Intake')).toContainEqual({
						faxId: referral,
						patientName: 'Jane Q Sample',
						patientDob: '1980-01-15',
						pdfFileName: expect.stringMatching(/\.pdf$/),
						pdfMimeType: 'application/pdf',
					});
					expect(items('Prior Authorization Intake')).toContainEqual({
						faxId: priorAuth,
						patientName: 'Jane Q Sample',
						insuranceMemberId: 'SBX123456789',
						authorizationNumber: expect.stringMatching(/^AUTH-/),
					});
					expect(items('Other Document')).toContainEqual({
						faxId: lab,
						documentClassification: 'medical_records',
						secondaryCategory: 'lab_results',
						fromNumber: '+13105550199',
					});
					// Each fax the poll emitted (also those of examples 2 and 4), once.
					const emitted = (await n8n.executions(examples.poll.id)).flatMap((e) =>
						(e.items['Every Minute: New Received Faxes'] ?? []).map((item) =>
							String(item.sendToken),
						),
					);
					expect(emitted.length).toBe(new Set(emitted).size);
				},
				4 * MACHINE_MINUTE,
			);
		});

		describe('afterwards', () => {
			test(
				'every trigger execution succeeded and every callback was accepted',
				async () => {
					for (const key of PUBLISHED) {
						const trigger = startNodeOf(examples[key]).name;
						// The last callbacks' runs may still be going (a loaded machine): each run there is now, finished.
						const started = (await n8n.executions(examples[key].id)).filter(
							(e) => e.status !== 'waiting',
						);
						const failed = (
							await n8n.waitForExecutions(examples[key].id, {
								count: started.length,
								timeoutMs: MACHINE_MINUTE,
							})
						).filter((e) => e.status !== 'success');
						expect({
							example: key,
							trigger,
							failed: failed.map((e) => ({ mode: e.mode, status: e.status, error: e.error })),
						}).toEqual({ example: key, trigger, failed: [] });
					}
					// Example 1: the new user's execution and the next one, each resumed by its callback.
					expect((await n8n.executions(examples.sendFax.id)).map((e) => e.status)).toEqual([
						'success',
						'success',
					]);
					// Every callback got a 200.
					const refused = sandbox.callbackAttempts.filter((attempt) => attempt.status !== 200);
					expect(
						refused.map((attempt) => ({ type: attempt.type, status: attempt.status })),
					).toEqual([]);
					expect(n8n.logs()).not.toContain(sandbox.testKey);
					expect(n8n.logs()).not.toContain(sandbox.liveKey);
				},
				3 * MACHINE_MINUTE,
			);

			test("no test or live key in n8n's logs or database files (executions, static data, everything: scanned)", () => {
				expect(secretsInFiles(n8n, [sandbox.testKey, sandbox.liveKey])).toEqual([]);
			});
		});
	},
);
