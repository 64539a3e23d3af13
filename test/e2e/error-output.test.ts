/**
 * Failed items and n8n's error handling, in real n8n (the routing is n8n's own: n8n-core moves an item
 * to the error output by its json's keys). A user's workflow: the Fax Service node under "Continue
 * (using error output)", its success output wired to "Mark as Sent", its error output to "Tell the Front
 * Desk"; one item per entry of the webhook's body. Every kind of failure, each beside an item that is
 * sent: a check before any request, refused files, the service's 404 and 5xx, a connection that broke,
 * Send and Wait's outcomes; and the same node under "Continue (using regular output)". The service sits
 * behind a fault proxy (test/harness/fault-proxy.ts) that answers or drops the requests a test plans.
 *
 * Hosts: the pinned hosts in `npm test`; `npm run test:compat` the older releases (as compat.test.ts,
 * loading the package as npm packs it there).
 */
import { randomUUID } from 'crypto';

import { startSandbox, type Sandbox } from '../../sandbox';
import { startFaultProxy, type FaultProxy } from '../harness/fault-proxy';
import { runPackedPackage, type PackedPackage } from '../harness/package-tarball';
import { binariesOf } from './helpers/binary';
import { minimalPdf } from './helpers/files';
import { COMPAT_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	COMPAT_VERSIONS,
	createInstance,
	sharedInstance,
	ensureInstalled,
	logToStderr,
	sandboxCredential,
	ranToEnd,
	type HostVersion,
	type N8nExecution,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { pdfForm, provisionNumber, sandboxApi, type SandboxApi } from './helpers/sandbox-api';
import { errorBranchWorkflow, type ErrorBranchOperation } from './helpers/error-branch';
import { MACHINE_MINUTE } from '../harness/machine';

const SEND_FAXES = /^\/api\/v2\/sent_faxes$/;
const isCompatRelease = (host: HostVersion) =>
	(COMPAT_VERSIONS as readonly HostVersion[]).includes(host);

/** The older releases load the package as npm packs it (their n8n-workflow, not the checkout's). */
let packed: PackedPackage | undefined;
beforeAll(async () => {
	if (COMPAT_HOSTS.some(isCompatRelease)) packed = await runPackedPackage();
}, 5 * MACHINE_MINUTE);
afterAll(() => packed?.dispose());

describeOnHosts(COMPAT_HOSTS, "failed items on n8n's error output", ({ hostVersion }) => {
	let sandbox: Sandbox;
	let proxy: FaultProxy;
	let n8n: N8nHostInstance;
	let api: SandboxApi;
	let fromNumber: string;
	const flows: ErrorBranchOperation[] = [
		'send',
		'sendOneAtATime',
		'sendAndWaitForCompletion',
		'downloadPdf',
		'sendItsFile',
		'regularOutput',
	];
	const paths = Object.fromEntries(
		flows.map((flow) => [flow, `error-output-${flow}-${randomUUID()}`]),
	) as Record<ErrorBranchOperation, string>;
	const ids = {} as Record<ErrorBranchOperation, string>;

	/** Starts `flow` (each is started once) with these entries and waits for its execution to end. */
	const run = async (
		flow: ErrorBranchOperation,
		faxes: Array<Record<string, string>>,
	): Promise<N8nExecution> => {
		const response = await fetch(n8n.webhookUrl(paths[flow]), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ faxes }),
		});
		expect(response.status).toBe(200);
		await response.text();
		const execution = await n8n.waitForExecution(ids[flow], ranToEnd, {
			what: `of ${flow}, finished`,
			timeoutMs: 2 * MACHINE_MINUTE,
		});
		expect({ status: execution.status, error: execution.error }).toEqual({
			status: 'success',
			error: undefined,
		});
		return execution;
	};
	/** The items of the node's last run on each output, each as [input item, what identifies it]. */
	const pairing = (execution: N8nExecution, output: number, identify: string) => {
		const runs = execution.data?.resultData.runData.Send as Array<{
			data: {
				main: Array<Array<{ json: Record<string, unknown>; pairedItem?: { item: number } }>>;
			};
		}>;
		return (runs[runs.length - 1].data.main[output] ?? [])
			.map((item) => [item.pairedItem?.item, item.json.error ?? item.json[identify]])
			.sort((x, y) => Number(x[0]) - Number(y[0]));
	};
	const faxesTo = (toNumber: string) =>
		sandbox.requests.filter(
			(request) =>
				request.method === 'POST' &&
				request.path === '/api/v2/sent_faxes' &&
				(request.body as Record<string, unknown>)?.to_number === toNumber,
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
		proxy = await startFaultProxy(sandbox);
		// A compatibility release loads the packed package; a pinned host is the run's shared n8n.
		n8n = isCompatRelease(hostVersion)
			? await (await createInstance({ hostVersion, packageDir: packed!.unpackedDir })).start()
			: await sharedInstance({ hostVersion });
		const [credential] = await n8n.importCredentials([sandboxCredential(sandbox, proxy.baseUrl)]);
		const saved = await n8n.importWorkflows(
			flows.map((flow) =>
				errorBranchWorkflow(flow, {
					path: paths[flow],
					credential,
					fromNumber,
					pdfUrl: `${sandbox.origin}/samples/referral.pdf`,
				}),
			),
		);
		flows.forEach((flow, index) => (ids[flow] = saved[index].id));
		for (const flow of flows) await n8n.publishWorkflow(ids[flow]);
	}, 30 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		await proxy?.close();
		await sandbox?.stop();
	}, 2 * MACHINE_MINUTE);

	test('a check before any request: the bad item takes the error branch with the message and what was given, the good one is sent', async () => {
		const execution = await run('send', [
			{ toNumber: '+12125550140', ref: 'good' },
			{ toNumber: '555-1234', ref: 'bad' },
		]);
		expect(execution.items['Mark as Sent']).toEqual([
			expect.objectContaining({ faxId: expect.stringMatching(/^[0-9a-f]{24}$/) }),
		]);
		// The message and what was given, beside the fields of the item that came in.
		expect(execution.items['Tell the Front Desk']).toEqual([
			expect.objectContaining({
				error: 'To Number must be an E.164 number like +15551234567 [item 1]',
				message: expect.stringContaining('Got "555-1234".'),
			}),
		]);
		expect(faxesTo('+12125550140')).toHaveLength(1);
		expect(pairing(execution, 0, 'faxId')).toEqual([[0, expect.any(String)]]);
		expect(pairing(execution, 1, 'faxId')).toEqual([
			[1, 'To Number must be an E.164 number like +15551234567 [item 1]'],
		]);
	});

	test("the service's 5xx and a connection that broke after sending take the error branch, each saying the fax may exist; the others are sent", async () => {
		// One item after the other: the 2nd creation is answered 502, the 3rd's connection is dropped.
		proxy.plan('POST', SEND_FAXES, { kind: 'delay', ms: 0 }, 1);
		proxy.plan('POST', SEND_FAXES, { kind: 'answer', status: 502, body: 'Bad Gateway' }, 1);
		proxy.plan('POST', SEND_FAXES, { kind: 'forwardThenReset' }, 1);
		const numbers = ['+12125550150', '+12125550151', '+12125550152', '+12125550153'];
		const execution = await run(
			'sendOneAtATime',
			numbers.map((toNumber) => ({ toNumber })),
		);
		expect(pairing(execution, 0, 'faxId')).toEqual([
			[0, expect.stringMatching(/^[0-9a-f]{24}$/)],
			[3, expect.stringMatching(/^[0-9a-f]{24}$/)],
		]);
		const failed = pairing(execution, 1, 'faxId');
		expect(failed.map(([item]) => item)).toEqual([1, 2]);
		expect(String(failed[0][1])).toContain('HTTP 502');
		expect(String(failed[1][1])).toContain('failed after the request was sent');
		for (const item of execution.items['Tell the Front Desk'])
			expect(String(item.message)).toContain('may have taken effect');
		// Sent once each, never repeated: the dropped one reached the service, the 502 did not.
		expect(numbers.map((number) => faxesTo(number).length)).toEqual([1, 0, 1, 1]);
	});

	test('"Continue (using regular output)": every item leaves by the one output in input order, a failed one as {error, description, httpCode}', async () => {
		proxy.plan('POST', SEND_FAXES, { kind: 'answer', status: 500, body: 'down' }, 1);
		const execution = await run('regularOutput', [
			{ toNumber: '555-1234' },
			{ toNumber: '+12125550160' },
		]);
		const items = execution.items['Mark as Sent'];
		expect(items).toEqual([
			expect.objectContaining({
				error: 'To Number must be an E.164 number like +15551234567 [item 0]',
				description: expect.stringContaining('Got "555-1234".'),
			}),
			expect.objectContaining({
				error: expect.stringContaining('HTTP 500'),
				httpCode: '500',
			}),
		]);
		expect(pairing(execution, 0, 'faxId').map(([item]) => item)).toEqual([0, 1]);
	});

	test('Send and Wait: a fax that ended in failure is an outcome on the success branch, an item it could not send takes the error branch after the wait, each paired with its input', async () => {
		const execution = await run('sendAndWaitForCompletion', [
			{ toNumber: '+12125550141' },
			{ toNumber: '555-1234' },
			// The sandbox fails a fax to a number ending in 0000.
			{ toNumber: '+12125550000' },
		]);
		// In input order, except on n8n 1.66, whose error output handling reverses every node's items
		// (it pops them; 1.88 shifts): compared by number, and the pairing says which is which.
		const byNumber = (items: Array<Record<string, unknown>>) =>
			[...items].sort((x, y) => String(x.toNumber).localeCompare(String(y.toNumber)));
		expect(byNumber(execution.items['Mark as Sent'])).toEqual([
			expect.objectContaining({
				toNumber: '+12125550000',
				sentStatus: 'failure',
				errorDetails: expect.objectContaining({ errorMessage: expect.any(String) }),
			}),
			expect.objectContaining({ toNumber: '+12125550141', sentStatus: 'success', timedOut: false }),
		]);
		expect(execution.items['Tell the Front Desk']).toEqual([
			expect.objectContaining({
				error: 'To Number must be an E.164 number like +15551234567 [item 1]',
				message: expect.stringContaining('Got "555-1234".'),
			}),
		]);
		expect(pairing(execution, 0, 'toNumber')).toEqual([
			[0, '+12125550141'],
			[2, '+12125550000'],
		]);
		expect(pairing(execution, 1, 'toNumber')).toEqual([
			[1, 'To Number must be an E.164 number like +15551234567 [item 1]'],
		]);
	});

	test("Download PDF: the service's 404 takes the error branch with its words; the fax's PDF goes on in binary field data", async () => {
		const sent = await api(
			'POST',
			'/sent_faxes',
			pdfForm({ from_number: fromNumber, to_number: '+12125550142' }),
		);
		const faxId = /([0-9a-f]{24})/.exec(JSON.stringify(sent))![1];
		await sandbox.settle();
		const unknown = 'ffffffffffffffffffffffff';
		const execution = await run('downloadPdf', [{ faxId }, { faxId: unknown }]);
		expect(execution.items['Mark as Sent']).toEqual([
			expect.objectContaining({ sendToken: faxId }),
		]);
		const [binary] = binariesOf(execution.data, 'Mark as Sent');
		expect(Object.keys(binary ?? {})).toEqual(['data']);
		expect(binary?.data).toMatchObject({ mimeType: 'application/pdf' });
		expect(execution.items['Tell the Front Desk']).toEqual([
			expect.objectContaining({
				error: expect.stringContaining(`Sent fax "${unknown}" was not found`),
				message: expect.any(String),
			}),
		]);
	});

	test('files the node refuses behind a cover page take the error branch before any request, the sound one is faxed', async () => {
		const base64 = (bytes: Buffer) => bytes.toString('base64');
		const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
		const cut = minimalPdf('cut short').subarray(0, 60);
		const execution = await run('sendItsFile', [
			{ toNumber: '+12125550143', file: base64(minimalPdf('sound')) },
			{ toNumber: '+12125550144', file: base64(png) },
			{ toNumber: '+12125550145', file: base64(cut) },
		]);
		expect(execution.items['Mark as Sent']).toEqual([
			expect.objectContaining({ faxId: expect.stringMatching(/^[0-9a-f]{24}$/) }),
		]);
		// Each with its item's index (Convert to File leaves the items no other field to merge).
		expect(execution.items['Tell the Front Desk'].map((item) => String(item.error)).sort()).toEqual(
			[
				// The PNG is cut short inside its header: read as the image it is, refused as damaged.
				'Input Binary Field "data" cannot be faxed: it is damaged and cannot be read [item 1]',
				'Input Binary Field "data" cannot be faxed: it is damaged and cannot be read [item 2]',
			],
		);
		expect(['+12125550143', '+12125550144', '+12125550145'].map((n) => faxesTo(n).length)).toEqual([
			1, 0, 0,
		]);
	});
});
