/**
 * The examples that make documents, in a real n8n, as a user imports and runs them (the editor's
 * Execute workflow, or its published form): the referral packet (examples/referral-packet-fax.json: three
 * PDFs uploaded in its n8n Form, Sent Fax → Preview PDF joins them behind a cover page, its binary output
 * and page count, Sent Fax → Send faxes that PDF, compared page by page with the three sources) and the
 * letter in another script (examples/letter-in-any-script.json: Noto Sans fetched by HTTP Request from
 * its public URL, whose origin alone is pointed at the sandbox, which serves that path; a Markdown letter
 * with Greek, Vietnamese and Cyrillic names and its cover page faxed in it). What the sandbox
 * received is read back (qpdf --check, pdfinfo, pdftotext, pdffonts).
 */
import { execFileSync } from 'child_process';

import { startSandbox, type Sandbox } from '../../sandbox';
import { pdfReader, SOUND_PDF, words, type ReadPdf } from '../harness/pdf-reader';
import { CREDENTIAL, credentialIdsOf, FILES, localiseExample } from './helpers/examples';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	sharedInstance,
	ensureInstalled,
	itemsOf,
	logToStderr,
	sandboxCredential,
	type N8nHostInstance,
	type N8nRun,
	type N8nRunData,
} from './helpers/n8n-host';
import { provisionNumber, sandboxApi } from './helpers/sandbox-api';
import { ceiling, MACHINE_MINUTE } from '../harness/machine';

const SAMPLES = ['referral.pdf', 'lab-results.pdf', 'prior-auth.pdf'];

describeOnHosts(
	BOTH_HOSTS,
	'the examples that make documents (referral packet, letter in another script) in a real n8n against the sandbox',
	({ hostVersion }) => {
		let sandbox: Sandbox;
		let n8n: N8nHostInstance;
		let fromNumber: string;
		/** The packet example's execution, started by its form. */
		let run: N8nRunData;
		let letterRun: N8nRun;
		const pdfs = pdfReader('fax-examples-packet-');
		const sources: ReadPdf[] = [];
		/** The packet example's faxes (the letter example's has no patient name). */
		const packetPosts = () =>
			sandbox.requests.filter(
				(request) =>
					request.method === 'POST' &&
					request.path === '/api/v2/sent_faxes' &&
					(request.body as Record<string, unknown>).patient_name === 'Jane Q Sample',
			);

		beforeAll(async () => {
			await ensureInstalled({ hostVersion, log: logToStderr });
			sandbox = await startSandbox({
				port: 0,
				timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
			});
			fromNumber = await provisionNumber(sandboxApi(sandbox));
			// The three documents a clinic uploads: here the sandbox's sample PDFs.
			const uploads: Buffer[] = [];
			for (const name of SAMPLES) {
				uploads.push(
					Buffer.from(await (await fetch(`${sandbox.origin}/samples/${name}`)).arrayBuffer()),
				);
				sources.push(pdfs.read(uploads[uploads.length - 1]));
			}
			// The run's n8n of this host, shared with the other suites that need a plain one.
			n8n = await sharedInstance({ hostVersion });
			const saved = await n8n.importCredentials([
				{ ...sandboxCredential(sandbox), name: CREDENTIAL.name },
			]);
			const addresses = {
				sandboxOrigin: sandbox.origin,
				n8nBaseUrl: n8n.baseUrl,
				credentialIds: credentialIdsOf(saved, [CREDENTIAL]),
			};
			const [packet, letter] = await n8n.importWorkflows([
				localiseExample(FILES.packet, addresses),
				localiseExample(FILES.scriptLetter, addresses),
			]);
			letterRun = await n8n.runManually(letter.id);
			// The packet's form: published, then posted as the form page does (multipart field-0 … field-2,
			// one file each, in the order of the form's fields); it answers once the fax is queued.
			await n8n.publishWorkflow(packet.id);
			const formUrl = `${n8n.baseUrl}/form/referral-packet`;
			const until = Date.now() + ceiling(30_000);
			while ((await fetch(formUrl)).status !== 200 && Date.now() < until)
				await new Promise((resolve) => setTimeout(resolve, 300));
			const form = new FormData();
			SAMPLES.forEach((name, index) =>
				form.append(
					`field-${index}`,
					new Blob([new Uint8Array(uploads[index])], { type: 'application/pdf' }),
					name,
				),
			);
			expect((await fetch(formUrl, { method: 'POST', body: form })).status).toBe(200);
			const execution = await n8n.waitForExecution(
				packet.id,
				(e) => e.items['Fax the Packet'] !== undefined && e.status === 'success',
				{ what: 'faxed the packet its form was given' },
			);
			run = execution.data!;
		}, 10 * MACHINE_MINUTE);

		afterAll(async () => {
			await n8n?.dispose();
			await sandbox?.stop();
			pdfs.dispose();
		}, 2 * MACHINE_MINUTE);

		test('Preview PDF outputs the packet as binary data with its page count, and sends nothing itself', () => {
			const pages = 1 + sources.reduce((sum, source) => sum + source.pages, 0);
			expect(itemsOf(run, 'Build the Packet')).toEqual([
				{
					fileName: 'referral.pdf',
					mimeType: 'application/pdf',
					fileSize: expect.any(Number),
					numPages: pages,
				},
			]);
			const [buildRun] = run.resultData.runData['Build the Packet'] as Array<{
				data: { main: Array<Array<{ binary?: Record<string, unknown> }>> };
			}>;
			expect(buildRun.data.main[0][0].binary?.data).toMatchObject({
				fileName: 'referral.pdf',
				mimeType: 'application/pdf',
			});
			expect(packetPosts()).toHaveLength(1);
		});

		test("the one fax sent is that PDF: a sound file, the cover page counting every page, then each document's pages as they were", () => {
			const [post] = packetPosts();
			expect(post.body).toMatchObject({
				from_number: fromNumber,
				to_number: '+12125550123',
				patient_name: 'Jane Q Sample',
			});
			const [built] = itemsOf(run, 'Build the Packet')!;
			expect(post.files[0].data.length).toBe(built.fileSize);
			const packet = pdfs.read(post.files[0].data);
			expect(packet.check).toEqual(SOUND_PDF);
			expect(packet.pages).toBe(built.numPages);
			const cover = words(packet.pageTexts[0]);
			for (const row of [
				'To: Springfield Cardiology',
				'From: Springfield Family Practice',
				`Fax: ${fromNumber}`,
				`Pages: ${packet.pages}`,
				'Subject: Referral: Jane Q Sample',
				'CONFIDENTIALITY NOTICE',
			]) {
				expect(cover).toContain(row);
			}
			expect(packet.pageTexts.slice(1).map(words)).toEqual(
				sources.flatMap((source) => source.pageTexts.map(words)),
			);
			expect(itemsOf(run, 'Fax the Packet')).toEqual([
				expect.objectContaining({ faxId: expect.stringMatching(/^[0-9a-f]{24}$/) }),
			]);
		});

		test('the letter in another script: its names and cover page read back exactly, in the embedded Noto Sans subset', () => {
			expect(itemsOf(letterRun, 'Fax the Letter')).toEqual([
				expect.objectContaining({ faxId: expect.stringMatching(/^[0-9a-f]{24}$/) }),
			]);
			const post = sandbox.requests.find(
				(request) =>
					request.method === 'POST' &&
					request.path === '/api/v2/sent_faxes' &&
					(request.body as Record<string, unknown>).recipient_name === 'Dr. Nikolaou',
			)!;
			const letter = pdfs.read(post.files[0].data);
			expect(letter.check).toEqual(SOUND_PDF);
			expect(words(letter.pageTexts[0])).toContain('To: Δρ. Νικολάου, Καρδιολογικό Κέντρο');
			expect(words(letter.pageTexts[0])).toContain('Subject: Παραπομπή / Referral');
			for (const name of ['Γεώργιος Παπαδόπουλος', 'Nguyễn Thị Hương', 'Олена Ковальчук'])
				expect(words(letter.pageTexts[1])).toContain(name);
			const fonts = execFileSync('pdffonts', [letter.file], { encoding: 'utf8' });
			expect(fonts).toMatch(
				/[A-Z]{6}\+NotoSans-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/,
			);
			expect(fonts).toMatch(
				/[A-Z]{6}\+NotoSans-Bold\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/,
			);
		});
	},
);
