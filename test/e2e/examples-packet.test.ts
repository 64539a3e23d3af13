/**
 * The referral-packet example (examples/referral-packet-fax.json) in a real n8n, as a user imports it
 * and runs it (`n8n execute`): three PDFs fetched by n8n's HTTP Request node, Sent Fax → Preview PDF
 * joins them behind a cover page (its binary output and page count), Sent Fax → Send faxes that PDF. What
 * the sandbox received is read back (qpdf --check, pdfinfo, pdftotext) and compared page by page with
 * the three sources.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { pdfReader, SOUND_PDF, words, type ReadPdf } from '../harness/pdf-reader';
import { CREDENTIAL, FILES, localiseExample } from './helpers/examples';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	createInstance,
	ensureInstalled,
	itemsOf,
	logToStderr,
	sandboxCredential,
	type N8nHostInstance,
	type N8nRun,
} from './helpers/n8n-host';
import { provisionNumber, sandboxApi } from './helpers/sandbox-api';

const MINUTE = 60_000;
const SAMPLES = ['referral.pdf', 'lab-results.pdf', 'prior-auth.pdf'];

describeOnHosts(
	BOTH_HOSTS,
	'the referral-packet example in a real n8n against the sandbox',
	({ hostVersion }) => {
		let sandbox: Sandbox;
		let n8n: N8nHostInstance;
		let fromNumber: string;
		let run: N8nRun;
		const pdfs = pdfReader('fax-examples-packet-');
		const sources: ReadPdf[] = [];

		beforeAll(async () => {
			await ensureInstalled({ hostVersion, log: logToStderr });
			sandbox = await startSandbox({
				port: 0,
				timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
			});
			fromNumber = await provisionNumber(sandboxApi(sandbox));
			for (const name of SAMPLES)
				sources.push(
					pdfs.read(
						Buffer.from(await (await fetch(`${sandbox.origin}/samples/${name}`)).arrayBuffer()),
					),
				);
			n8n = await createInstance({ hostVersion });
			// The example names its credential by id: imported with it, as `npm run dev` does.
			await n8n.importCredentials([{ ...sandboxCredential(sandbox), ...CREDENTIAL }]);
			const [workflow] = await n8n.importWorkflows([
				localiseExample(FILES.packet, { sandboxOrigin: sandbox.origin, n8nBaseUrl: n8n.baseUrl }),
			]);
			run = await n8n.execute(workflow.id);
		}, 10 * MINUTE);

		afterAll(async () => {
			await n8n?.dispose();
			await sandbox?.stop();
			pdfs.dispose();
		}, 2 * MINUTE);

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
			const [buildRun] = run.data.resultData.runData['Build the Packet'] as Array<{
				data: { main: Array<Array<{ binary?: Record<string, unknown> }>> };
			}>;
			expect(buildRun.data.main[0][0].binary?.data).toMatchObject({
				fileName: 'referral.pdf',
				mimeType: 'application/pdf',
			});
			expect(
				sandbox.requests.filter(
					(request) => request.method === 'POST' && request.path === '/api/v2/sent_faxes',
				),
			).toHaveLength(1);
		});

		test("the one fax sent is that PDF: a sound file, the cover page counting every page, then each document's pages as they were", () => {
			const [post] = sandbox.requests.filter(
				(request) => request.method === 'POST' && request.path === '/api/v2/sent_faxes',
			);
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
	},
);
