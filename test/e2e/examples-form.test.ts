/**
 * The form-letter example (examples/form-letter-fax.json) in a real n8n, as a user imports it: its n8n
 * Form is served and submitted over HTTP as the form page does (multipart field-0 … field-5: n8n's Form
 * Trigger accepts nothing else, on both hosts), and the letter it faxes is read back from what the
 * sandbox received (qpdf --check, pdftotext).
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { pdfReader, SOUND_PDF, words } from '../harness/pdf-reader';
import { CREDENTIAL, credentialIdsOf, FILES, localiseExample } from './helpers/examples';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	sharedInstance,
	ensureInstalled,
	logToStderr,
	ranToEnd,
	sandboxCredential,
	type N8nExecution,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { provisionNumber, sandboxApi } from './helpers/sandbox-api';

const MINUTE = 60_000;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeOnHosts(
	BOTH_HOSTS,
	'the form-letter example in a real n8n against the sandbox',
	({ hostVersion }) => {
		let sandbox: Sandbox;
		let n8n: N8nHostInstance;
		let workflowId: string;
		let fromNumber: string;
		const pdfs = pdfReader('fax-examples-form-letter-');

		/** Waits for a finished execution of the example that matches. */
		const finishedExecution = (
			matches: (execution: N8nExecution) => boolean,
			timeoutMs = 30_000,
		): Promise<N8nExecution> =>
			n8n.waitForExecution(workflowId, (execution) => ranToEnd(execution) && matches(execution), {
				what: 'finished as expected',
				timeoutMs,
			});

		beforeAll(async () => {
			await ensureInstalled({ hostVersion, log: logToStderr });
			sandbox = await startSandbox({
				port: 0,
				timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
			});
			fromNumber = await provisionNumber(sandboxApi(sandbox));
			// The run's n8n of this host, shared with the other suites that need a plain one.
			n8n = await sharedInstance({ hostVersion });
			const saved = await n8n.importCredentials([
				{ ...sandboxCredential(sandbox), name: CREDENTIAL.name },
			]);
			// The example's one setup step: pick the From Number.
			const [workflow] = await n8n.importWorkflows([
				localiseExample(
					FILES.formLetter,
					{
						sandboxOrigin: sandbox.origin,
						n8nBaseUrl: n8n.baseUrl,
						credentialIds: credentialIdsOf(saved, [CREDENTIAL]),
					},
					(example) => {
						const send = example.nodes.find((node) => node.name === 'Fax the Letter')!;
						send.parameters.fromNumber = {
							__rl: true,
							mode: 'list',
							value: fromNumber,
							cachedResultName: fromNumber,
						};
					},
				),
			]);
			workflowId = workflow.id;
			await n8n.publishWorkflow(workflowId);
		}, 10 * MINUTE);

		afterAll(async () => {
			await n8n?.dispose();
			await sandbox?.stop();
			pdfs.dispose();
		}, 2 * MINUTE);

		const FORM = 'Referral Letter Form';
		const SEND = 'Fax the Letter';
		/** The form's production URL: n8n serves a Form Trigger at /form/<its path>. */
		const formUrl = () => `${n8n.baseUrl}/form/referral-letter`;
		const submission = {
			'Patient Name': 'Jane Q Sample',
			'Patient Date of Birth': '1980-01-15',
			'Recipient Name': 'Springfield Cardiology',
			'Recipient Fax Number': '+12125550123',
			Subject: 'Referral for a cardiology consult',
			Letter:
				'Please see our patient for a cardiology consult.\nBlood pressure 150/95 ± 5 mmHg on two visits; Müller test normal.\n\nThank you for seeing her.',
		};

		test('the published form is served at its production URL', async () => {
			const until = Date.now() + 30_000;
			let response = await fetch(formUrl());
			while (response.status !== 200 && Date.now() < until) {
				await delay(300);
				response = await fetch(formUrl());
			}
			expect(response.status).toBe(200);
			const html = await response.text();
			expect(html).toContain('Fax a referral letter');
			for (const label of Object.keys(submission)) expect(html).toContain(label);
		});

		test(
			'a submission is faxed as a PDF letter with its cover page: one multipart POST /sent_faxes, checked with qpdf and read back with pdftotext',
			async () => {
				const sentBefore = sandbox.requests.filter(
					(r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes',
				).length;
				// What the form page posts: multipart/form-data, field-0 … field-5 in the order of the form's fields
				// (n8n's Form Trigger accepts nothing else: it asserts multipart/form-data on both hosts).
				const form = new FormData();
				Object.values(submission).forEach((value, index) => form.append(`field-${index}`, value));
				const response = await fetch(formUrl(), { method: 'POST', body: form });
				// Respond When: Workflow Finishes, so the answer comes once the fax is queued.
				expect(response.status).toBe(200);

				const execution = await finishedExecution(
					(e) =>
						e.items[FORM]?.[0]?.['Recipient Fax Number'] === submission['Recipient Fax Number'],
				);
				expect(execution.status).toBe('success');
				// multipart/form-data sends a value's line breaks as CRLF (as a browser does); the letter makes them LF again.
				expect(execution.items[FORM]).toEqual([
					expect.objectContaining({
						...submission,
						Letter: submission.Letter.replace(/\n/g, '\r\n'),
						formMode: 'production',
					}),
				]);
				expect(execution.items[SEND]).toEqual([
					{ message: expect.any(String), faxId: expect.stringMatching(/^[0-9a-f]{24}$/) },
				]);

				const posts = sandbox.requests
					.filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes')
					.slice(sentBefore);
				expect(posts).toHaveLength(1);
				const [post] = posts;
				expect(post.status).toBe(201);
				expect(String(post.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
				expect(post.body).toEqual({
					from_number: fromNumber,
					to_number: submission['Recipient Fax Number'],
					patient_name: submission['Patient Name'],
					patient_dob: submission['Patient Date of Birth'],
					recipient_name: submission['Recipient Name'],
					sender_name: 'Springfield Family Practice',
				});
				expect(post.files).toHaveLength(1);
				expect(post.files[0]).toMatchObject({
					field: 'file',
					filename: 'referral-letter.pdf',
					mimetype: 'application/pdf',
				});

				const letter = pdfs.read(post.files[0].data);
				expect(letter.check).toEqual(SOUND_PDF);
				expect(letter.pages).toBe(2);
				const [cover, body] = letter.pageTexts.map(words);
				// The cover page: its title and rows, the Subject from the form, the fax's own numbers.
				expect(cover).toContain('FAX');
				expect(cover).toContain(`Subject: ${submission.Subject}`);
				expect(cover).toContain(`To: ${submission['Recipient Name']}`);
				expect(cover).toContain(submission['Recipient Fax Number']);
				expect(cover).toContain(fromNumber);
				expect(cover).not.toContain(submission['Patient Name']);
				// The letter: the expression's lines around the form's Letter, every line of which is there.
				expect(body).toContain(
					`Re: ${submission['Patient Name']}, date of birth ${submission['Patient Date of Birth']}`,
				);
				expect(body).toContain(`Dear ${submission['Recipient Name']},`);
				for (const line of submission.Letter.split('\n').filter(Boolean))
					expect(body).toContain(line);
				expect(body).toContain('Kind regards, Springfield Family Practice');
				expect(body).toContain('Page 2 of 2');
			},
			2 * MINUTE,
		);

		test('every execution succeeded', async () => {
			expect((await n8n.executions(workflowId)).map((e) => e.status)).toEqual(['success']);
		});
	},
);
