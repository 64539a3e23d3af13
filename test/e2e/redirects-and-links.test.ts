/**
 * Where the node's requests may go, in a real n8n on both hosts. API requests never leave the Base
 * URL's origin: a redirect to another origin, or of a request that creates something, fails naming
 * it and is not followed, so no other server gets the key or a patient's fax; a read redirected
 * within the origin is followed. A record's secure link is fetched without the key, only when its
 * scheme and address class pass the policy, checked again at every redirect hop.
 * Network rule: every server here is on loopback (127.0.0.1, reached once as 0.0.0.0). Private,
 * link-local and public addresses are the policy's unit tests, never connected to from a test.
 */
import { randomUUID } from 'crypto';

import { startSandbox, type RecordedRequest, type Sandbox } from '../../sandbox';
import { binariesOf, storedBinary } from './helpers/binary';
import { minimalPdf } from './helpers/files';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	sharedInstance,
	ensureInstalled,
	logToStderr,
	sandboxCredential,
	type CredentialJson,
	type N8nExecution,
	type N8nHostInstance,
} from './helpers/n8n-host';
import {
	forwardTo,
	jsonReply,
	redirectReply,
	startRecordingServer,
	type RecordedHttpRequest,
	type RecordingServer,
} from './helpers/recording-server';
import { provisionNumber, sandboxApi } from './helpers/sandbox-api';
import { failureOf, faxServiceStep, pdfStep, webhookWorkflow } from './helpers/webhook-steps';
import { MACHINE_MINUTE } from '../harness/machine';

const GET_NODE = 'Get Sent Fax';
const SEND_NODE = 'Send Fax';
const DOWNLOAD_NODE = 'Download PDF';
const TO_NUMBER = '+12125550123';
const PATIENT = { patientName: 'Ada Lovelace', patientDob: '1815-12-10' };
/** Origin A serves the API under this prefix too: where its same-origin redirects point. */
const MOVED = '/moved';
/** The fake API's key: it never checks it, the test checks where it went. */
const LINK_API_KEY = `sk_test_links_${randomUUID().replace(/-/g, '')}`;
const LINKED_PDF = minimalPdf('LINKED DOCUMENT');
const MOVED_PDF = minimalPdf('LINKED DOCUMENT, MOVED');
/** The sent faxes the fake API serves, one per secure-link case. */
const LINK_FAX = {
	loopback: 'link-loopback',
	ftp: 'link-ftp',
	file: 'link-file',
	reserved: 'link-reserved',
	hopReserved: 'link-hop-reserved',
	hopLoopback: 'link-hop-loopback',
};
const REFUSED = 'The secure link was not downloaded:';

type Case = 'get' | 'send' | 'download';

/** A redirect origin A answers instead of passing the request on (the next matching requests, until the test ends). */
interface PlannedRedirect {
	method: string;
	path: string;
	status: number;
	location: string;
}

/** A sent-fax record as the spec shows it (section 4.3), with the secure link the test chose. */
const sentFaxRecord = (sendToken: string, secureLink: string | null) => ({
	sendToken,
	fromNumber: '+14155550100',
	toNumber: TO_NUMBER,
	sentStatus: 'success',
	sentAt: '2026-11-24T10:00:00.000Z',
	completedAt: '2026-11-24T10:00:30.000Z',
	numPages: 1,
	errorDetails: null,
	isTest: true,
	recordStatus: 'active',
	secureLink,
});

/** What a test says of a request: enough to see where the key and a body went. */
const seen = (request: RecordedHttpRequest) => ({
	method: request.method,
	url: request.url,
	authorization: request.headers.authorization,
	bodyBytes: request.body.length,
});

describeOnHosts(BOTH_HOSTS, 'Redirects and secure links in a real n8n', ({ hostVersion }) => {
	let sandbox: Sandbox;
	let n8n: N8nHostInstance;
	/** Origin A, the Base URL of the redirect cases: answers the planned redirect, passes everything else on to the sandbox. */
	let originA: RecordingServer;
	/** Origin B, another port: must never hear from the node. */
	let originB: RecordingServer;
	/** The Base URL of the secure-link cases: serves sent faxes whose secureLink the test chose. */
	let linkApi: RecordingServer;
	/** Loopback link hosts: the documents, and a second port a link redirects to. */
	let fileHost: RecordingServer;
	let otherFileHost: RecordingServer;
	/** Reached as http://0.0.0.0:<port> (a reserved address): the policy must refuse it before connecting. */
	let reservedHost: RecordingServer;
	let plannedRedirect: PlannedRedirect | undefined;
	let sandboxMark = 0;
	/** The credential whose Base URL is origin A, as the editor's credential Test sends it. */
	let viaOriginACredential: CredentialJson & { id: string };
	/** An existing sent fax in the sandbox, read through origin A. */
	let existingFax: string;
	/** The bytes the Send cases fax (the sandbox's sample, fetched by n8n's HTTP Request node). */
	let referralPdf: Buffer;
	const secureLinks = new Map<string, string>();
	const paths: Record<Case, string> = {
		get: `redir-get-${randomUUID()}`,
		send: `redir-send-${randomUUID()}`,
		download: `link-download-${randomUUID()}`,
	};
	const workflowIds: Record<Case, string> = { get: '', send: '', download: '' };

	const linkHosts = () => [fileHost, otherFileHost, reservedHost];
	const servers = () => [originA, originB, linkApi, ...linkHosts()];
	/** The sandbox's API requests since the test began. */
	const sandboxRequests = (): RecordedRequest[] => sandbox.requests.slice(sandboxMark);
	const sandboxCreates = () =>
		sandboxRequests()
			.filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes')
			.map((r) => r.path);
	/** Requests that carried an Authorization header to a server that is not the API's (origin A, the sandbox, the fake API). */
	const keysOutsideTheApi = () =>
		[originB, ...linkHosts()].flatMap((s) =>
			s.requests.filter((r) => r.headers.authorization !== undefined).map(seen),
		);
	const sentFaxCount = async () => {
		const response = await fetch(`${sandbox.baseUrl}/sent_faxes`, {
			headers: { authorization: `Bearer ${sandbox.testKey}` },
		});
		return ((await response.json()) as { meta: { totalCount: number } }).meta.totalCount;
	};

	/** Runs a workflow through its webhook and resolves its execution once finished and stored. */
	const run = async (which: Case, body: Record<string, unknown> = {}): Promise<N8nExecution> => {
		const before = new Set((await n8n.executions(workflowIds[which])).map((e) => e.id));
		const response = await fetch(n8n.webhookUrl(paths[which]), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		expect(response.status).toBe(200);
		const executions = await n8n.waitForExecutions(workflowIds[which], {
			count: before.size + 1,
			timeoutMs: 2 * MACHINE_MINUTE,
		});
		return executions.find((e) => !before.has(e.id))!;
	};

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		sandbox = await startSandbox({ port: 0 });
		const api = sandboxApi(sandbox);
		const fromNumber = await provisionNumber(api);
		referralPdf = Buffer.from(
			await (await fetch(`${sandbox.origin}/samples/referral.pdf`)).arrayBuffer(),
		);
		const form = new FormData();
		form.append('from_number', fromNumber);
		form.append('to_number', TO_NUMBER);
		form.append(
			'file',
			new Blob([new Uint8Array(referralPdf)], { type: 'application/pdf' }),
			'referral.pdf',
		);
		existingFax = String((await api('POST', '/sent_faxes', form)).faxId);

		originA = await startRecordingServer(async (request) => {
			const redirect = plannedRedirect;
			if (redirect && request.method === redirect.method && request.url === redirect.path)
				return redirectReply(redirect.status, redirect.location);
			return await forwardTo(
				sandbox.origin,
				request,
				request.url.startsWith(`${MOVED}/`) ? request.url.slice(MOVED.length) : request.url,
			);
		});
		// Answers like the service would, so that a request that reaches it could look like a success.
		originB = await startRecordingServer((request) =>
			request.method === 'GET'
				? jsonReply(200, sentFaxRecord(existingFax, null))
				: jsonReply(201, { message: 'Fax queued for delivery', faxId: 'created-at-origin-b' }),
		);
		linkApi = await startRecordingServer((request) => {
			const token = decodeURIComponent(
				/^\/api\/v2\/sent_faxes\/([^/?]+)$/.exec(request.url)?.[1] ?? '',
			);
			const link = secureLinks.get(token);
			return link
				? jsonReply(200, sentFaxRecord(token, link))
				: jsonReply(404, { error: { title: 'Not Found', detail: `no fax at ${request.url}` } });
		});
		const pdf = (bytes: Buffer) => ({
			status: 200,
			headers: { 'content-type': 'application/pdf' },
			body: bytes,
		});
		reservedHost = await startRecordingServer(() => pdf(LINKED_PDF));
		otherFileHost = await startRecordingServer(() => pdf(MOVED_PDF));
		fileHost = await startRecordingServer((request) => {
			if (request.url === '/hop/reserved')
				return redirectReply(302, `http://0.0.0.0:${reservedHost.port}/files/referral.pdf`);
			if (request.url === '/hop/loopback')
				return redirectReply(302, `${otherFileHost.origin}/files/moved.pdf`);
			return request.url === '/files/referral.pdf'
				? pdf(LINKED_PDF)
				: { status: 404, body: 'no such file' };
		});
		secureLinks.set(LINK_FAX.loopback, `${fileHost.origin}/files/referral.pdf`);
		secureLinks.set(LINK_FAX.ftp, `ftp://127.0.0.1:${fileHost.port}/files/referral.pdf`);
		secureLinks.set(LINK_FAX.file, 'file:///etc/passwd');
		secureLinks.set(LINK_FAX.reserved, `http://0.0.0.0:${reservedHost.port}/files/referral.pdf`);
		secureLinks.set(LINK_FAX.hopReserved, `${fileHost.origin}/hop/reserved`);
		secureLinks.set(LINK_FAX.hopLoopback, `${fileHost.origin}/hop/loopback`);

		// The run's n8n of this host, shared with the other suites that need a plain one.
		n8n = await sharedInstance({ hostVersion });
		// Saved and published in the running n8n, as in the editor (the REST calls).
		const [viaOriginA, fakeApi] = await n8n.importCredentials([
			{
				...sandboxCredential(sandbox, `${originA.origin}/api/v2`),
				name: 'Fax Service through origin A',
			},
			{
				name: 'Fax Service fake API',
				type: 'faxServiceApi',
				data: {
					baseUrl: `${linkApi.origin}/api/v2`,
					authenticateWith: 'test',
					testApiKey: LINK_API_KEY,
					liveApiKey: '',
				},
			},
		]);
		const [get, send, download] = await n8n.importWorkflows([
			webhookWorkflow('Redirects: get', paths.get, [
				faxServiceStep(GET_NODE, viaOriginA, {
					resource: 'sentFax',
					operation: 'get',
					faxId: '={{ $json.body.faxId }}',
				}),
			]),
			webhookWorkflow(
				'Redirects: send',
				paths.send,
				[
					faxServiceStep(SEND_NODE, viaOriginA, {
						resource: 'sentFax',
						operation: 'send',
						binaryPropertyName: 'data',
						fromNumber: { __rl: true, mode: 'number', value: fromNumber },
						toNumber: TO_NUMBER,
						additionalFields: PATIENT,
					}),
				],
				pdfStep(`${sandbox.origin}/samples/referral.pdf`, 'Sample PDF'),
			),
			webhookWorkflow('Secure links: download', paths.download, [
				faxServiceStep(DOWNLOAD_NODE, fakeApi, {
					resource: 'sentFax',
					operation: 'downloadPdf',
					faxId: '={{ $json.body.faxId }}',
					binaryPropertyName: 'data',
				}),
			]),
		]);
		viaOriginACredential = {
			...sandboxCredential(sandbox, `${originA.origin}/api/v2`),
			id: viaOriginA.id,
		};
		workflowIds.get = get.id;
		workflowIds.send = send.id;
		workflowIds.download = download.id;
		for (const which of Object.keys(paths) as Case[]) {
			await n8n.publishWorkflow(workflowIds[which]);
			await n8n.waitForWebhook(paths[which]);
		}
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		for (const server of servers()) await server?.close();
		await sandbox?.stop();
	}, 2 * MACHINE_MINUTE);

	beforeEach(() => {
		plannedRedirect = undefined;
		for (const server of servers()) server.requests.length = 0;
		sandboxMark = sandbox.requests.length;
	});

	describe("API requests stay at the Base URL's origin", () => {
		test(
			'a Get redirected (302) to another origin fails naming the redirect; that origin receives nothing',
			async () => {
				const path = `/api/v2/sent_faxes/${existingFax}`;
				const location = `${originB.origin}${path}`;
				plannedRedirect = { method: 'GET', path, status: 302, location };

				const { description, ...failure } = failureOf(await run('get', { faxId: existingFax }));
				expect({ ...failure, originB: originB.requests.map(seen) }).toEqual({
					status: 'error',
					message: `The Fax Service answered GET /sent_faxes/${existingFax} with a redirect (HTTP 302) to ${location}; it was not followed`,
					httpCode: '302',
					originB: [],
				});
				expect(description).toContain(originB.origin);
				// The request was real: origin A got it, with the key; the sandbox got nothing.
				expect(originA.requests.map(seen)).toEqual([
					{ method: 'GET', url: path, authorization: `Bearer ${sandbox.testKey}`, bodyBytes: 0 },
				]);
				expect(sandboxRequests()).toEqual([]);
			},
			3 * MACHINE_MINUTE,
		);

		test.each([307, 308, 302])(
			'a Send redirected (%i) to another origin is not re-sent there: no request, key or fax reaches it, nothing is created',
			async (status) => {
				const location = `${originB.origin}/api/v2/sent_faxes`;
				plannedRedirect = { method: 'POST', path: '/api/v2/sent_faxes', status, location };
				const faxesBefore = await sentFaxCount();

				const { description, ...failure } = failureOf(await run('send'));
				expect({
					...failure,
					originB: originB.requests.map(seen),
					sandboxCreates: sandboxCreates(),
				}).toEqual({
					status: 'error',
					message: `The Fax Service answered POST /sent_faxes with a redirect (HTTP ${status}) to ${location}; it was not followed`,
					httpCode: String(status),
					originB: [],
					sandboxCreates: [],
				});
				expect(description).toMatch(/nothing was created/i);
				expect(description).toContain(location);
				// Origin A got the whole request (the key, the patient's fields, the PDF): that is what must not travel on.
				expect(originA.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
					'POST /api/v2/sent_faxes',
				]);
				const [post] = originA.requests;
				expect(post.headers.authorization).toBe(`Bearer ${sandbox.testKey}`);
				expect(post.body.includes(referralPdf)).toBe(true);
				expect(post.body.toString('latin1')).toContain(PATIENT.patientName);
				expect(await sentFaxCount()).toBe(faxesBefore);
			},
			3 * MACHINE_MINUTE,
		);

		test(
			"the credential's Test (the editor's button) follows no redirect: it fails, and the other origin gets nothing",
			async () => {
				const path = '/api/v2/fax_numbers';
				plannedRedirect = {
					method: 'GET',
					path,
					status: 302,
					location: `${originB.origin}${path}`,
				};
				const { cookie } = await n8n.ensureOwner();
				const tested = await n8n.rest('POST', '/rest/credentials/test', {
					cookie,
					body: { credentials: viaOriginACredential },
				});
				expect({
					status: tested.status,
					result: (tested.json as { data?: { status?: string } }).data?.status,
				}).toEqual({ status: 200, result: 'Error' });
				expect(originA.requests.map(seen)).toEqual([
					{ method: 'GET', url: path, authorization: `Bearer ${sandbox.testKey}`, bodyBytes: 0 },
				]);
				expect(originB.requests.map(seen)).toEqual([]);
			},
			3 * MACHINE_MINUTE,
		);

		test(
			"a Get redirected (302) within the Base URL's origin is followed; the key goes only to that origin",
			async () => {
				const path = `/api/v2/sent_faxes/${existingFax}`;
				// A relative Location: the same origin, another path (which origin A serves from the sandbox).
				plannedRedirect = { method: 'GET', path, status: 302, location: `${MOVED}${path}` };

				const execution = await run('get', { faxId: existingFax });
				expect({
					status: execution.status,
					error: execution.error,
					sendToken: execution.items[GET_NODE]?.[0]?.sendToken,
				}).toEqual({
					status: 'success',
					error: undefined,
					sendToken: existingFax,
				});
				const withKey = `Bearer ${sandbox.testKey}`;
				expect(originA.requests.map(seen)).toEqual([
					{ method: 'GET', url: path, authorization: withKey, bodyBytes: 0 },
					{ method: 'GET', url: `${MOVED}${path}`, authorization: withKey, bodyBytes: 0 },
				]);
				expect(
					sandboxRequests().map((r) => ({
						method: r.method,
						path: r.path,
						authorization: r.headers.authorization,
					})),
				).toEqual([{ method: 'GET', path, authorization: withKey }]);
				expect(originB.requests.map(seen)).toEqual([]);
				expect(keysOutsideTheApi()).toEqual([]);
			},
			3 * MACHINE_MINUTE,
		);

		test(
			"a Send redirected (307) within the Base URL's origin is not re-sent: it fails, and the sandbox never sees a create",
			async () => {
				plannedRedirect = {
					method: 'POST',
					path: '/api/v2/sent_faxes',
					status: 307,
					location: `${MOVED}/api/v2/sent_faxes`,
				};
				const faxesBefore = await sentFaxCount();

				const { description, ...failure } = failureOf(await run('send'));
				expect({
					...failure,
					originA: originA.requests.map((r) => `${r.method} ${r.url}`),
					sandboxCreates: sandboxCreates(),
				}).toEqual({
					status: 'error',
					message: `The Fax Service answered POST /sent_faxes with a redirect (HTTP 307) to ${originA.origin}${MOVED}/api/v2/sent_faxes; it was not followed`,
					httpCode: '307',
					originA: ['POST /api/v2/sent_faxes'],
					sandboxCreates: [],
				});
				expect(description).toMatch(/nothing was created/i);
				expect(await sentFaxCount()).toBe(faxesBefore);
				expect(keysOutsideTheApi()).toEqual([]);
			},
			3 * MACHINE_MINUTE,
		);
	});

	describe('secure links pass the link policy before every connection', () => {
		/** The download's outcome and error message as n8n stored them (the description states the policy, the same for every refusal). */
		const refusal = async (faxId: string) => {
			const { status, message } = failureOf(await run('download', { faxId }));
			return { status, message };
		};

		test(
			'a loopback link (the Base URL is loopback too) is downloaded into the binary field, without the key',
			async () => {
				const execution = await run('download', { faxId: LINK_FAX.loopback });
				expect({ status: execution.status, error: execution.error }).toEqual({
					status: 'success',
					error: undefined,
				});
				const binary = binariesOf(execution.data, DOWNLOAD_NODE)[0]?.data;
				expect(binary).toBeDefined();
				expect(storedBinary(n8n, binary!).equals(LINKED_PDF)).toBe(true);
				expect(fileHost.requests.map(seen)).toEqual([
					{ method: 'GET', url: '/files/referral.pdf', authorization: undefined, bodyBytes: 0 },
				]);
				// The record itself came from the API, with the key.
				expect(linkApi.requests.map((r) => r.headers.authorization)).toEqual([
					`Bearer ${LINK_API_KEY}`,
				]);
			},
			3 * MACHINE_MINUTE,
		);

		test.each([
			['ftp:', LINK_FAX.ftp],
			['file:', LINK_FAX.file],
		])(
			'a %s link is refused',
			async (scheme, faxId) => {
				expect(await refusal(faxId)).toEqual({
					status: 'error',
					message: expect.stringMatching(new RegExp(`^${REFUSED} .*${scheme}`)) as string,
				});
				expect(linkHosts().flatMap((s) => s.requests.map(seen))).toEqual([]);
			},
			3 * MACHINE_MINUTE,
		);

		test(
			'a link to http://0.0.0.0:<port> (a reserved address) is refused, and nothing connects there',
			async () => {
				const failure = await refusal(LINK_FAX.reserved);
				expect({ ...failure, reservedHost: reservedHost.requests.map(seen) }).toEqual({
					status: 'error',
					message: expect.stringMatching(
						new RegExp(`^${REFUSED} .*0\\.0\\.0\\.0.*reserved`),
					) as string,
					reservedHost: [],
				});
			},
			3 * MACHINE_MINUTE,
		);

		test(
			'a loopback link that redirects (302) to http://0.0.0.0:<port> is refused at that hop, and nothing connects there',
			async () => {
				const failure = await refusal(LINK_FAX.hopReserved);
				expect({
					...failure,
					fileHost: fileHost.requests.map(seen),
					reservedHost: reservedHost.requests.map(seen),
				}).toEqual({
					status: 'error',
					message: expect.stringMatching(
						new RegExp(`^${REFUSED} .*redirect.*0\\.0\\.0\\.0.*reserved`),
					) as string,
					fileHost: [
						{ method: 'GET', url: '/hop/reserved', authorization: undefined, bodyBytes: 0 },
					],
					reservedHost: [],
				});
			},
			3 * MACHINE_MINUTE,
		);

		test(
			'a loopback link that redirects (302) to another loopback port is followed, without the key at either',
			async () => {
				const execution = await run('download', { faxId: LINK_FAX.hopLoopback });
				expect({ status: execution.status, error: execution.error }).toEqual({
					status: 'success',
					error: undefined,
				});
				const binary = binariesOf(execution.data, DOWNLOAD_NODE)[0]?.data;
				expect(binary).toBeDefined();
				expect(storedBinary(n8n, binary!).equals(MOVED_PDF)).toBe(true);
				expect([...fileHost.requests, ...otherFileHost.requests].map(seen)).toEqual([
					{ method: 'GET', url: '/hop/loopback', authorization: undefined, bodyBytes: 0 },
					{ method: 'GET', url: '/files/moved.pdf', authorization: undefined, bodyBytes: 0 },
				]);
				expect(keysOutsideTheApi()).toEqual([]);
			},
			3 * MACHINE_MINUTE,
		);
	});
});
