/**
 * The form-letter example (examples/form-letter-fax.json) in a real n8n, as a user imports it: its n8n
 * Form is served and submitted over HTTP as the form page does (multipart field-0 … field-5: n8n's Form
 * Trigger accepts nothing else, on both hosts), and the letter it faxes is read back from what the
 * sandbox received (qpdf --check, pdftotext).
 */
import { pdfReader, SOUND_PDF, words } from '../harness/pdf-reader';
import { FILES } from './helpers/examples';
import { useFormExample } from './helpers/form-example';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import { MACHINE_MINUTE } from '../harness/machine';

describeOnHosts(
	BOTH_HOSTS,
	'the form-letter example in a real n8n against the sandbox',
	({ hostVersion }) => {
		const example = useFormExample(hostVersion, {
			file: FILES.formLetter,
			formPath: 'referral-letter',
		});
		const pdfs = pdfReader('fax-examples-form-letter-');
		afterAll(() => pdfs.dispose());

		const FORM = 'Referral Letter Form';
		const SEND = 'Fax the Letter';
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
			const { status, html } = await example.servedForm();
			expect(status).toBe(200);
			expect(html).toContain('Fax a referral letter');
			for (const label of Object.keys(submission)) expect(html).toContain(label);
		});

		test(
			'a submission is faxed as a PDF letter with its cover page: one multipart POST /sent_faxes, checked with qpdf and read back with pdftotext',
			async () => {
				const sentBefore = example.sends().length;
				// What the form page posts: multipart/form-data, field-0 … field-5 in the order of the form's fields
				// (n8n's Form Trigger accepts nothing else: it asserts multipart/form-data on both hosts).
				const form = new FormData();
				Object.values(submission).forEach((value, index) => form.append(`field-${index}`, value));
				const response = await fetch(example.formUrl(), { method: 'POST', body: form });
				// Respond When: Workflow Finishes, so the answer comes once the fax is queued.
				expect(response.status).toBe(200);

				const execution = await example.finishedExecution(
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

				const posts = example.sends().slice(sentBefore);
				expect(posts).toHaveLength(1);
				const [post] = posts;
				expect(post.status).toBe(201);
				expect(String(post.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
				expect(post.body).toEqual({
					from_number: example.fromNumber,
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
				expect(cover).toContain(example.fromNumber);
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
			2 * MACHINE_MINUTE,
		);

		test('every execution succeeded', async () => {
			expect((await example.n8n.executions(example.workflowId)).map((e) => e.status)).toEqual([
				'success',
			]);
		});
	},
);
