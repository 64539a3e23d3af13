import http from 'http';
import net, { type AddressInfo } from 'net';
import type {
	IDataObject,
	INodeExecutionData,
	INodeParameterResourceLocator,
	INodeParameters,
} from 'n8n-workflow';

import {
	startSandbox,
	type RecordedRequest,
	type Sandbox,
	type SandboxOptions,
} from '../../sandbox';
import { useBinaryMode, type BinaryMode, type RunResult } from '../harness/engine';
import { startFaultProxy, type FaultProxy } from '../harness/fault-proxy';
import type { TestInputItem } from '../harness/test-input.node';
import { runFaxService } from '../harness/workflows';

/** Shared fixtures of the node tests: sandboxes, documents, seeding through the real HTTP API. */

export const NODE = 'Fax Service';

/** Distinctive keys, so a test can prove they never reach output or errors. */
export const TEST_KEY = 'sk_test_SECRET123';
export const LIVE_KEY = 'sk_live_SECRET456';

/** A sandbox on a free port with a short asynchronous life (tests never wait on it). */
export async function startFastSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	return await startSandbox({
		port: 0,
		testKey: TEST_KEY,
		liveKey: LIVE_KEY,
		callbackRetryScheduleMs: [50],
		// Generous: a loopback callback on a loaded machine can take a few hundred ms, and a timed-out one is retried.
		callbackTimeoutMs: 2000,
		...options,
		timing: {
			inProgressAfterMs: 50,
			completeAfterMs: 100,
			aiCompleteAfterMs: 50,
			...options.timing,
		},
	});
}

// ---------- the suite fixture ----------

export interface EngineSuiteOptions {
	/** n8n's binary data mode for the suite's runs (default: n8n's default). */
	binaryMode?: BinaryMode;
	/** Options of the suite's sandbox. */
	sandbox?: SandboxOptions;
	/** Seed this many fax numbers of the account before each test (the request log is then cleared). */
	accountNumbers?: number;
	/** A callback receiver for the suite (answers every callback 200). */
	receiver?: boolean;
	/** A new fault proxy in front of the sandbox for each test; `run` goes through it. */
	faultProxy?: boolean;
}

/** What a suite's tests use; read its fields inside hooks and tests (they are set by the suite's hooks). */
export interface EngineSuite {
	/** The suite's sandbox: started once, reset before each test. */
	readonly sandbox: Sandbox;
	/** The first number seeded before each test (option `accountNumbers`). */
	readonly accountNumber: string;
	/** The suite's callback receiver (option `receiver`). */
	readonly receiver: Receiver;
	/** The test's fault proxy (option `faultProxy`). */
	readonly proxy: FaultProxy;
	/** Runs the Fax Service node through n8n's engine against the sandbox, through the proxy when there is one. */
	run(
		parameters: INodeParameters,
		options?: Parameters<typeof runFaxService>[2],
	): Promise<RunResult>;
}

/**
 * The setup the engine suites share, as jest hooks of the enclosing describe: a fast sandbox for the
 * suite (reset before each test), optionally the account's number and a fault proxy for each test.
 */
export function useEngineSuite(options: EngineSuiteOptions = {}): EngineSuite {
	let sandbox: Sandbox | undefined;
	let accountNumber: string | undefined;
	let proxy: FaultProxy | undefined;
	let receiver: Receiver | undefined;
	const suite: EngineSuite = {
		get sandbox() {
			if (!sandbox)
				throw new Error("The suite's sandbox is not started yet: use it inside a hook or test.");
			return sandbox;
		},
		get accountNumber() {
			if (accountNumber === undefined)
				throw new Error('No account number: pass { accountNumbers: 1 } to useEngineSuite.');
			return accountNumber;
		},
		get receiver() {
			if (!receiver) throw new Error('No receiver: pass { receiver: true } to useEngineSuite.');
			return receiver;
		},
		get proxy() {
			if (!proxy) throw new Error('No fault proxy: pass { faultProxy: true } to useEngineSuite.');
			return proxy;
		},
		run: async (parameters, runOptions = {}) =>
			await runFaxService(suite.sandbox, parameters, {
				...(proxy ? { credentials: { baseUrl: proxy.baseUrl } } : {}),
				...runOptions,
			}),
	};

	beforeAll(async () => {
		await useBinaryMode(options.binaryMode ?? 'default');
		sandbox = await startFastSandbox(options.sandbox);
		if (options.receiver) receiver = await startReceiver();
	});
	afterAll(async () => {
		await sandbox?.stop();
		await receiver?.close();
	});
	beforeEach(async () => {
		suite.sandbox.reset();
		if (options.accountNumbers) {
			const seeded = [];
			for (let i = 0; i < options.accountNumbers; i++)
				seeded.push(await seedNumber(suite.sandbox, '212'));
			accountNumber = String(seeded[0].number);
			suite.sandbox.requests.length = 0;
		}
		if (options.faultProxy) proxy = await startFaultProxy(suite.sandbox);
	});
	if (options.faultProxy) {
		afterEach(async () => {
			await proxy?.close();
			proxy = undefined;
		});
	}
	return suite;
}

/** Neither key appears anywhere in the run (output, errors, everything n8n keeps of it). */
export function expectNoKeys(result: RunResult, ...extra: string[]): void {
	const run = JSON.stringify(result.run);
	for (const key of [TEST_KEY, LIVE_KEY, ...extra]) expect(run).not.toContain(key);
}

// ---------- documents ----------

/** A small hand-written PDF: catalog, page tree and `pages` page objects, with some text. */
export function pdf(pages = 2, text = 'Fax Service node test'): Buffer {
	const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
		...Array.from(
			{ length: pages },
			() => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
		),
	];
	let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
	const offsets: number[] = [];
	objects.forEach((object, i) => {
		offsets.push(Buffer.byteLength(body, 'latin1'));
		body += `${i + 1} 0 obj\n${object}\nendobj\n`;
	});
	const xref = Buffer.byteLength(body, 'latin1');
	body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
	body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n% ${text}\n%%EOF\n`;
	return Buffer.from(body, 'latin1');
}

/** A little-endian TIFF header with an empty IFD, followed by bytes of every value. */
export const TIFF = Buffer.concat([
	Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]),
	Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
]);

/** A PNG signature and header chunk start: a PNG cut short inside its header, whatever its name says. */
export const PNG = Buffer.from([
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);

export function fileItem(
	data: Buffer,
	fileName = 'document.pdf',
	mimeType = 'application/pdf',
	json: IDataObject = {},
	field = 'data',
): TestInputItem {
	return { json, binary: { [field]: { base64: data.toString('base64'), fileName, mimeType } } };
}

export function byNumber(value: string): INodeParameterResourceLocator {
	return { __rl: true, mode: 'number', value };
}

export function fromList(value: string): INodeParameterResourceLocator {
	return { __rl: true, mode: 'list', value };
}

export function byId(value: string): INodeParameterResourceLocator {
	return { __rl: true, mode: 'id', value };
}

// ---------- direct API calls (seeding and checking, independent of the node) ----------

export async function api(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: { json?: unknown; form?: FormData },
): Promise<{ status: number; body: IDataObject }> {
	const headers: Record<string, string> = { authorization: `Bearer ${sandbox.testKey}` };
	let payload: string | FormData | undefined;
	if (body?.json !== undefined) {
		headers['content-type'] = 'application/json';
		payload = JSON.stringify(body.json);
	} else if (body?.form) {
		payload = body.form;
	}
	const res = await fetch(`${sandbox.baseUrl}${path}`, { method, headers, body: payload });
	const text = await res.text();
	return { status: res.status, body: text ? (JSON.parse(text) as IDataObject) : {} };
}

function multipart(
	fields: Record<string, string>,
	file: Buffer,
	fileName = 'seed.pdf',
	type = 'application/pdf',
): FormData {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	form.append('file', new Blob([new Uint8Array(file)], { type }), fileName);
	return form;
}

export async function seedNumber(
	sandbox: Sandbox,
	areaCode = '212',
	extra: IDataObject = {},
): Promise<IDataObject> {
	const res = await api(sandbox, 'POST', '/fax_numbers', {
		json: { fax_number: { area_code: areaCode, ...extra } },
	});
	if (res.status !== 201)
		throw new Error(`seeding a fax number failed: ${res.status} ${JSON.stringify(res.body)}`);
	return res.body.faxNumber as IDataObject;
}

export async function seedClient(
	sandbox: Sandbox,
	name: string,
	faxNumberId?: string,
): Promise<IDataObject> {
	const client: IDataObject = { name };
	if (faxNumberId) client.fax_number_id = faxNumberId;
	const res = await api(sandbox, 'POST', '/clients', { json: { client } });
	if (res.status !== 201)
		throw new Error(`seeding a client failed: ${res.status} ${JSON.stringify(res.body)}`);
	return res.body.client as IDataObject;
}

export async function seedSentFax(
	sandbox: Sandbox,
	fields: Record<string, string> = {},
	file = pdf(1),
): Promise<string> {
	const res = await api(sandbox, 'POST', '/sent_faxes', {
		form: multipart({ from_number: '+12125550001', to_number: '+13105551234', ...fields }, file),
	});
	if (res.status !== 201)
		throw new Error(`seeding a sent fax failed: ${res.status} ${JSON.stringify(res.body)}`);
	return String(res.body.faxId);
}

/** Simulates an inbound fax and returns its sendToken, read back from the list. */
export async function seedReceivedFax(
	sandbox: Sandbox,
	toNumber: string,
	fromNumber = '+14155551234',
	file = pdf(1),
): Promise<string> {
	const res = await api(sandbox, 'POST', '/received_faxes/test_receive', {
		form: multipart({ to_number: toNumber, from_number: fromNumber }, file),
	});
	if (res.status !== 201)
		throw new Error(`seeding a received fax failed: ${res.status} ${JSON.stringify(res.body)}`);
	const token = /([0-9a-f]{24})/.exec(String(res.body.message))?.[1];
	if (!token) throw new Error(`no token in ${String(res.body.message)}`);
	return token;
}

export async function seedEmail(
	sandbox: Sandbox,
	recipientEmail = 'someone@example.com',
	file = pdf(1),
): Promise<string> {
	const res = await api(sandbox, 'POST', '/emails', {
		form: multipart({ recipient_email: recipientEmail, expire_after: '7' }, file),
	});
	if (res.status !== 201)
		throw new Error(`seeding an e-mail failed: ${res.status} ${JSON.stringify(res.body)}`);
	return String(res.body.emailId);
}

export async function seedAiDocument(
	sandbox: Sandbox,
	callbackUrl: string,
	file = pdf(1),
): Promise<string> {
	const res = await api(sandbox, 'POST', '/ai_documents', {
		form: multipart({ callback_url: callbackUrl }, file),
	});
	if (res.status !== 201)
		throw new Error(`seeding an AI document failed: ${res.status} ${JSON.stringify(res.body)}`);
	return String(res.body.aiToken);
}

// ---------- a callback receiver and a dead address ----------

export interface Receiver {
	url: string;
	close(): Promise<void>;
}

/** Answers every callback 200, so the sandbox's deliveries end at once. */
export async function startReceiver(): Promise<Receiver> {
	const server = http.createServer((req, res) => {
		req.resume();
		req.on('end', () => res.writeHead(200).end('ok'));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	return {
		url: `http://127.0.0.1:${port}/callback`,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/** A base URL on which nothing listens (connection refused). */
export async function closedPortBaseUrl(): Promise<string> {
	const server = http.createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return `http://127.0.0.1:${port}/api/v2`;
}

/**
 * A TCP relay in front of the sandbox that passes each request on but drops the client's
 * connection as soon as the sandbox starts answering: the service did the work, the caller
 * never hears about it (the network failing after an upload started).
 */
export interface DroppingProxy {
	baseUrl: string;
	readonly connections: number;
	close(): Promise<void>;
}

export async function startDroppingProxy(sandbox: Sandbox): Promise<DroppingProxy> {
	const target = new URL(sandbox.origin);
	const sockets = new Set<net.Socket>();
	let connections = 0;
	const server = net.createServer((client) => {
		connections++;
		const upstream = net.connect(Number(target.port), target.hostname);
		for (const socket of [client, upstream]) {
			sockets.add(socket);
			socket.on('error', () => undefined);
			socket.on('close', () => sockets.delete(socket));
		}
		client.pipe(upstream);
		upstream.once('data', () => {
			client.resetAndDestroy();
			upstream.destroy();
		});
		client.on('close', () => upstream.destroy());
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	return {
		baseUrl: `http://127.0.0.1:${port}/api/v2`,
		get connections() {
			return connections;
		},
		close: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}

// ---------- reading results ----------

export function apiRequests(sandbox: Sandbox, method?: string, path?: string): RecordedRequest[] {
	return sandbox.requests.filter(
		(r) => (!method || r.method === method) && (!path || r.path === `/api/v2${path}`),
	);
}

/** Output items of the Fax Service node, failing with the node's error when it stopped. */
export function outputOf(result: RunResult): INodeExecutionData[] {
	const error = result.error(NODE);
	if (error)
		throw new Error(`Fax Service failed: ${error.message} ${String(error.description ?? '')}`);
	return result.output(NODE);
}

/** The error the Fax Service node stopped with; fails when it did not stop. */
export function errorOf(
	result: RunResult,
): Error & IDataObject & { context?: IDataObject; httpCode?: string } {
	const error = result.error(NODE);
	if (!error)
		throw new Error(
			`Fax Service did not fail; output: ${JSON.stringify(result.output(NODE).map((i) => i.json))}`,
		);
	return error as Error & IDataObject & { context?: IDataObject; httpCode?: string };
}
