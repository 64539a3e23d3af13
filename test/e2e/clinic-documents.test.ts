/**
 * The images a clinic is handed, through a real n8n's Webhook node (a multipart upload: the file in the
 * item's binary field `data`), on both hosts: a PNG screenshot of a payer portal goes to AI Document →
 * Upload and the sandbox receives a one-page PDF holding that image; an iPhone's HEIC photo given to
 * Sent Fax → Send under "Continue (using error output)" leaves by the error output, named with its
 * remedy, and the sandbox hears nothing; the remedy followed (n8n's Edit Image node, GraphicsMagick,
 * writes the HEIC as a JPEG) faxes it as a page. The images are made at test time (helpers/images.ts).
 */
import { randomUUID } from 'crypto';

import { startSandbox, type Sandbox } from '../../sandbox';
import { pdfReader, SOUND_PDF } from '../harness/pdf-reader';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	heicPhoto,
	listedImages,
	quadrants,
	realHeicPhoto,
	renderedPage,
	screenshotPng,
} from './helpers/images';
import {
	ensureInstalled,
	logToStderr,
	ranToEnd,
	sandboxCredential,
	sharedInstance,
	type N8nExecution,
	type N8nHostInstance,
	type WorkflowJson,
} from './helpers/n8n-host';
import { provisionNumber, sandboxApi } from './helpers/sandbox-api';
import { failureOf, faxServiceStep, webhookWorkflow } from './helpers/webhook-steps';
import { MACHINE_MINUTE } from '../harness/machine';

const TO_NUMBER = '+12125550123';
type Flow = 'upload' | 'heic' | 'converted';

/** The user's error branch: the Send's success output to "Mark as Sent", its error output to "Tell the Front Desk". */
function withErrorBranch(workflow: WorkflowJson, from: string): WorkflowJson {
	const noOp = (name: string, index: number) => ({
		id: randomUUID(),
		name,
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: [440, index * 200],
		parameters: {},
	});
	workflow.nodes.push(noOp('Mark as Sent', 0), noOp('Tell the Front Desk', 1));
	(workflow.connections as Record<string, unknown>)[from] = {
		main: [
			[{ node: 'Mark as Sent', type: 'main', index: 0 }],
			[{ node: 'Tell the Front Desk', type: 'main', index: 0 }],
		],
	};
	return workflow;
}

describeOnHosts(BOTH_HOSTS, 'the documents a clinic has, in a real n8n', ({ hostVersion }) => {
	let sandbox: Sandbox;
	let n8n: N8nHostInstance;
	const pdfs = pdfReader('fax-clinic-documents-');
	const screenshot = screenshotPng(pdfs.directory);
	const paths: Record<Flow, string> = {
		upload: `clinic-screenshot-${randomUUID()}`,
		heic: `clinic-heic-${randomUUID()}`,
		converted: `clinic-converted-${randomUUID()}`,
	};
	const ids = {} as Record<Flow, string>;

	/**
	 * Uploads `file` to the flow's webhook as a browser does (multipart, the file field `data`); resolves
	 * the execution it started, once ended, and how long that took.
	 */
	const run = async (
		flow: Flow,
		file: { bytes: Buffer; name: string; type: string },
	): Promise<{ execution: N8nExecution; ms: number }> => {
		const before = new Set((await n8n.executions(ids[flow])).map((e) => e.id));
		const form = new FormData();
		form.append('data', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
		const started = Date.now();
		const response = await fetch(n8n.webhookUrl(paths[flow]), { method: 'POST', body: form });
		expect(response.status).toBe(200);
		await response.text();
		const execution = await n8n.waitForExecution(
			ids[flow],
			(e) => !before.has(e.id) && ranToEnd(e) && e.data !== null,
			{ what: `of ${flow}, finished`, timeoutMs: MACHINE_MINUTE },
		);
		return { execution, ms: Date.now() - started };
	};
	const requestsTo = (path: string) =>
		sandbox.requests.filter((r) => r.method === 'POST' && r.path === `/api/v2${path}`);

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		sandbox = await startSandbox({
			port: 0,
			timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
		});
		const fromNumber = await provisionNumber(sandboxApi(sandbox));
		// The run's n8n of this host, shared with the other suites that need a plain one.
		n8n = await sharedInstance({ hostVersion });
		const [credential] = await n8n.importCredentials([sandboxCredential(sandbox)]);
		const saved = await n8n.importWorkflows([
			webhookWorkflow('clinic documents: a screenshot to AI upload', paths.upload, [
				faxServiceStep('Upload', credential, {
					resource: 'aiDocument',
					operation: 'upload',
					binaryPropertyName: 'data',
					// The AI result goes nowhere n8n listens: n8n answers 404 and the sandbox does not retry it.
					callbackUrl: n8n.webhookUrl(`clinic-ai-result-${randomUUID()}`),
				}),
			]),
			withErrorBranch(
				webhookWorkflow('clinic documents: an iPhone photo faxed', paths.heic, [
					{
						...faxServiceStep('Send', credential, {
							resource: 'sentFax',
							operation: 'send',
							binaryPropertyName: 'data',
							fromNumber: { __rl: true, mode: 'number', value: fromNumber },
							toNumber: TO_NUMBER,
						}),
						onError: 'continueErrorOutput',
					},
				]),
				'Send',
			),
			// The refusal's remedy, as a user follows it: Edit Image (GraphicsMagick) to JPEG, then Send.
			webhookWorkflow(
				'clinic documents: an iPhone photo made a JPEG, then faxed',
				paths.converted,
				[
					faxServiceStep('Send', credential, {
						resource: 'sentFax',
						operation: 'send',
						binaryPropertyName: 'data',
						fromNumber: { __rl: true, mode: 'number', value: fromNumber },
						toNumber: TO_NUMBER,
					}),
				],
				{
					name: 'Edit Image',
					type: 'n8n-nodes-base.editImage',
					typeVersion: 1,
					// Shrink a photo larger than 2000 px (this one is not), and write it as a JPEG.
					parameters: {
						operation: 'resize',
						width: 2000,
						height: 2000,
						resizeOption: 'onlyIfLarger',
						options: { format: 'jpeg' },
					},
				},
			),
		]);
		[ids.upload, ids.heic, ids.converted] = saved.map((workflow) => workflow.id);
		for (const id of Object.values(ids)) await n8n.publishWorkflow(id);
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		await sandbox?.stop();
		pdfs.dispose();
	}, 2 * MACHINE_MINUTE);

	test('a PNG screenshot uploaded to AI Document → Upload: the sandbox receives a sound one-page PDF holding the image at its size', async () => {
		const uploadsBefore = requestsTo('/ai_documents').length;
		const { execution, ms } = await run('upload', {
			bytes: screenshot.png,
			name: 'portal-screenshot.png',
			type: 'image/png',
		});
		logToStderr(`n8n ${hostVersion}: the screenshot uploaded in ${ms} ms`);
		expect(execution.status).toBe('success');
		expect(execution.items.Upload).toEqual([
			{ message: expect.any(String), aiToken: expect.any(String) },
		]);

		const uploads = requestsTo('/ai_documents').slice(uploadsBefore);
		expect(uploads).toHaveLength(1);
		const [upload] = uploads;
		expect(upload.status).toBe(201);
		expect(upload.files).toHaveLength(1);
		expect(upload.files[0]).toMatchObject({
			field: 'file',
			filename: expect.stringMatching(/\.pdf$/),
			mimetype: 'application/pdf',
		});
		const document = pdfs.read(upload.files[0].data);
		expect(document.check).toEqual(SOUND_PDF);
		expect(document.pages).toBe(1);
		expect(listedImages(document.file)).toEqual([
			expect.objectContaining({
				page: 1,
				type: 'image',
				width: screenshot.width,
				height: screenshot.height,
			}),
		]);
		// Poppler draws the picture (no blank page): wide, it is turned a quarter to fill the portrait page.
		const page = renderedPage(document.file, 1);
		const { box } = quadrants(page);
		expect(box.width * box.height).toBeGreaterThan((page.width * page.height) / 4);
		expect(box.width / box.height).toBeCloseTo(screenshot.height / screenshot.width, 1);
	});

	test('an iPhone HEIC photo given to Send under "Continue (using error output)": the item leaves by the error output naming HEIC and the remedy; the sandbox gets no request', async () => {
		const requestsBefore = sandbox.requests.length;
		const { execution, ms } = await run('heic', {
			bytes: heicPhoto(),
			name: 'IMG_0001.HEIC',
			type: 'image/heic',
		});
		logToStderr(`n8n ${hostVersion}: the HEIC photo refused in ${ms} ms`);
		expect(execution.status).toBe('success');
		const runs = execution.data?.resultData.runData.Send as Array<{
			data: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
		}>;
		const [success, error] = runs[runs.length - 1].data.main;
		expect(success ?? []).toEqual([]);
		expect(error).toHaveLength(1);
		expect(execution.items['Mark as Sent']).toBeUndefined();
		expect(execution.items['Tell the Front Desk']).toEqual([
			expect.objectContaining({
				error: expect.stringMatching(/^Input Binary Field "data" .*HEIC.* \[item 0\]$/),
				message: expect.stringContaining('Most Compatible'),
			}),
		]);
		// Refused before any request: nothing reached the service.
		expect(sandbox.requests.slice(requestsBefore)).toEqual([]);
	});

	test("the refusal's remedy works: n8n's Edit Image node turns the HEIC photo into a JPEG, which is faxed as a page", async () => {
		const photo = realHeicPhoto(pdfs.directory);
		const sendsBefore = requestsTo('/sent_faxes').length;
		const { execution } = await run('converted', {
			bytes: photo.heic,
			name: 'IMG_0002.HEIC',
			type: 'image/heic',
		});
		expect({ status: execution.status, error: failureOf(execution).message }).toEqual({
			status: 'success',
			error: undefined,
		});
		const sends = requestsTo('/sent_faxes').slice(sendsBefore);
		expect(sends).toHaveLength(1);
		expect(sends[0].files[0]).toMatchObject({ mimetype: 'application/pdf' });
		const document = pdfs.read(sends[0].files[0].data);
		expect(document.check).toEqual(SOUND_PDF);
		expect(document.pages).toBe(1);
		expect(listedImages(document.file)).toEqual([
			expect.objectContaining({
				page: 1,
				encoding: 'jpeg',
				width: photo.width,
				height: photo.height,
			}),
		]);
	});
});
