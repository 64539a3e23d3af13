import http from 'http';
import type { AddressInfo } from 'net';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';

/** Small delays so the asynchronous life runs quickly in tests. */
export const FAST: SandboxOptions = {
	port: 0,
	timing: { inProgressAfterMs: 20, completeAfterMs: 60, aiCompleteAfterMs: 40 },
	callbackRetryScheduleMs: [25, 25, 25],
	// Generous: a loopback callback on a loaded machine can take a few hundred ms, and a timed-out one is retried.
	callbackTimeoutMs: 2000,
};

export function start(options: SandboxOptions = {}): Promise<Sandbox> {
	return startSandbox({ ...FAST, ...options, timing: { ...FAST.timing, ...options.timing } });
}

// ---------- documents ----------

/** A minimal PDF with `pages` page objects (plus a /Pages tree node) and optional text. */
export function pdf(pages = 1, content = ''): Buffer {
	const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Count ${pages} >>`];
	for (let i = 0; i < pages; i++) objects.push('<< /Type /Page /Parent 2 0 R >>');
	const body = objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj`).join('\n');
	return Buffer.from(`%PDF-1.4\n${body}\n% ${content}\n%%EOF\n`, 'latin1');
}

export const TIFF_LE = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]);
export const TIFF_BE = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00]);
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]);

// ---------- HTTP client ----------

/** Parsed JSON of a response or callback, read freely by the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface ApiResponse {
	status: number;
	headers: Headers;
	body: Json;
	raw: Buffer;
}

export interface FilePart {
	data: Buffer;
	filename?: string;
	type?: string;
}

export interface CallOptions {
	key?: string | null;
	json?: unknown;
	form?: Record<string, string>;
	multipart?: Record<string, string | FilePart>;
	query?: Record<string, string>;
	headers?: Record<string, string>;
	rawBody?: string;
}

export function multipartBody(fields: Record<string, string | FilePart>): FormData {
	const fd = new FormData();
	for (const [name, value] of Object.entries(fields)) {
		if (typeof value === 'string') fd.append(name, value);
		else
			fd.append(
				name,
				new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/pdf' }),
				value.filename ?? 'document.pdf',
			);
	}
	return fd;
}

export async function call(
	sb: Sandbox,
	method: string,
	path: string,
	options: CallOptions = {},
): Promise<ApiResponse> {
	const url = new URL(sb.baseUrl + path);
	for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
	const headers: Record<string, string> = { ...options.headers };
	const key = options.key === undefined ? sb.testKey : options.key;
	if (key !== null) headers.authorization = `Bearer ${key}`;
	let body: string | URLSearchParams | FormData | undefined;
	if (options.json !== undefined) {
		headers['content-type'] ??= 'application/json';
		body = JSON.stringify(options.json);
	} else if (options.form) {
		body = new URLSearchParams(options.form);
	} else if (options.multipart) {
		body = multipartBody(options.multipart);
	} else if (options.rawBody !== undefined) {
		body = options.rawBody;
	}
	const res = await fetch(url, { method, headers, body });
	const raw = Buffer.from(await res.arrayBuffer());
	let parsed: unknown = undefined;
	if ((res.headers.get('content-type') ?? '').includes('json'))
		parsed = JSON.parse(raw.toString('utf8'));
	return { status: res.status, headers: res.headers, body: parsed, raw };
}

export function file(data: Buffer, filename = 'document.pdf', type = 'application/pdf'): FilePart {
	return { data, filename, type };
}

/** Provisions a fax number and returns it. */
export async function provision(sb: Sandbox, fields: Record<string, unknown> = {}): Promise<Json> {
	const res = await call(sb, 'POST', '/fax_numbers', {
		json: { fax_number: { area_code: '212', ...fields } },
	});
	if (res.status !== 201) throw new Error(`provision failed: ${res.status} ${res.raw.toString()}`);
	return res.body.faxNumber;
}

export async function sendFax(
	sb: Sandbox,
	fields: Record<string, string | FilePart> = {},
	key?: string,
): Promise<string> {
	const res = await call(sb, 'POST', '/sent_faxes', {
		key,
		multipart: {
			file: file(pdf()),
			from_number: '+12125550001',
			to_number: '+13105551234',
			...fields,
		},
	});
	if (res.status !== 201) throw new Error(`send failed: ${res.status} ${res.raw.toString()}`);
	return res.body.faxId;
}

/** Simulates an inbound fax and returns its sendToken (from the message). */
export async function receiveFax(
	sb: Sandbox,
	toNumber: string,
	fields: Record<string, string | FilePart> = {},
	key?: string,
): Promise<string> {
	const res = await call(sb, 'POST', '/received_faxes/test_receive', {
		key,
		multipart: { file: file(pdf()), to_number: toNumber, from_number: '+14155551234', ...fields },
	});
	if (res.status !== 201)
		throw new Error(`test_receive failed: ${res.status} ${res.raw.toString()}`);
	const token = /([0-9a-f]{24})/.exec(res.body.message)?.[1];
	if (!token) throw new Error(`no token in ${res.body.message}`);
	return token;
}

export async function waitFor<T>(
	probe: () => Promise<T>,
	ok: (v: T) => boolean,
	timeoutMs = 3000,
): Promise<T> {
	const until = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (ok(value)) return value;
		if (Date.now() > until)
			throw new Error(`waitFor timed out; last value: ${JSON.stringify(value)}`);
		await new Promise((r) => setTimeout(r, 10));
	}
}

export function sleep(ms: number): Promise<void> {
	return new Promise((r) => setTimeout(r, ms));
}

// ---------- callback receiver ----------

export interface Received {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: Buffer;
}

export type Answer = number | 'hang' | 'destroy';

export interface Receiver {
	url: string;
	received: Received[];
	close(): Promise<void>;
}

/** A plain node http server answering each callback with answer(request, index). */
export async function startReceiver(
	answer: (req: Received, index: number) => Answer = () => 200,
): Promise<Receiver> {
	const received: Received[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const entry = {
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks),
			};
			received.push(entry);
			const a = answer(entry, received.length - 1);
			if (a === 'hang') return;
			if (a === 'destroy') return void req.socket.destroy();
			res.writeHead(a, { 'content-type': 'text/plain' }).end('ok');
		});
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	const port = (server.address() as AddressInfo).port;
	return {
		url: `http://127.0.0.1:${port}/callback`,
		received,
		close: () =>
			new Promise<void>((r) => {
				server.closeAllConnections();
				server.close(() => r());
			}),
	};
}

/** A URL on which nothing listens (connection refused). */
export async function deadUrl(): Promise<string> {
	const server = http.createServer();
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	const port = (server.address() as AddressInfo).port;
	await new Promise<void>((r) => server.close(() => r()));
	return `http://127.0.0.1:${port}/gone`;
}

// ---------- body parsers (written here, independent of the sandbox) ----------

export function parseUrlencoded(body: Buffer | string): Record<string, string> {
	return Object.fromEntries(
		new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')),
	);
}

export interface Part {
	name: string;
	filename?: string;
	contentType?: string;
	data: Buffer;
}

export function parseMultipart(body: Buffer, contentType: string): Part[] {
	const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
	if (!m) throw new Error(`no boundary in ${contentType}`);
	const delimiter = Buffer.from(`--${m[1] ?? m[2]}`);
	const separator = Buffer.concat([Buffer.from('\r\n'), delimiter]);
	const parts: Part[] = [];
	let pos = body.indexOf(delimiter);
	if (pos !== 0) throw new Error('body does not start with the boundary');
	for (;;) {
		pos += delimiter.length;
		if (body.subarray(pos, pos + 2).toString() === '--') break;
		if (body.subarray(pos, pos + 2).toString() !== '\r\n')
			throw new Error('missing CRLF after boundary');
		pos += 2;
		const headerEnd = body.indexOf('\r\n\r\n', pos);
		const headerLines = body.subarray(pos, headerEnd).toString('utf8').split('\r\n');
		const next = body.indexOf(separator, headerEnd + 4);
		if (next < 0) throw new Error('unterminated part');
		const part: Part = { name: '', data: body.subarray(headerEnd + 4, next) };
		for (const line of headerLines) {
			const [h, ...rest] = line.split(':');
			const value = rest.join(':').trim();
			if (h.toLowerCase() === 'content-disposition') {
				part.name = /\bname="([^"]*)"/.exec(value)?.[1] ?? '';
				const fn = /\bfilename="([^"]*)"/.exec(value);
				if (fn) part.filename = fn[1];
			} else if (h.toLowerCase() === 'content-type') {
				part.contentType = value;
			}
		}
		parts.push(part);
		pos = next + 2;
	}
	return parts;
}
