/**
 * A scriptable HTTP proxy in front of the sandbox (or of n8n, for callbacks): each planned fault applies to the next request(s)
 * matching its method and path; every other request is passed through. Every answer closes its
 * connection, so each request opens a new one and a refused connection is really refused.
 */
import http from 'http';
import type { AddressInfo } from 'net';

import type { Sandbox } from '../../sandbox';

export type Fault =
	/** Answer this instead of the sandbox; the request never reaches it. */
	| { kind: 'answer'; status: number; body: string | Buffer; headers?: Record<string, string> }
	/** Drop the connection without answering; the request never reaches the sandbox. */
	| { kind: 'reset' }
	/** Pass the request on, then drop the connection instead of answering: the work is done, the answer lost. */
	| { kind: 'forwardThenReset' }
	/** Pass the request on, then answer this instead of what the sandbox said. */
	| { kind: 'forwardThenAnswer'; status: number; body: string; headers?: Record<string, string> }
	/** Pass the request on and rewrite the sandbox's body. */
	| { kind: 'rewrite'; body: (original: string) => string }
	/** Pass the request on after a pause. */
	| { kind: 'delay'; ms: number }
	/** Run `action` (e.g. change the sandbox's records), then pass the request on. */
	| { kind: 'before'; action: () => Promise<void> }
	/** Answer what `respond` computes from the request's path (with query); the request never reaches the sandbox. */
	| { kind: 'respond'; respond: (path: string) => Promise<{ status: number; body: string }> };

interface Plan {
	method: string;
	path: RegExp;
	fault: Fault;
	times: number;
	userAgent?: RegExp;
}

export interface PlanOptions {
	/** Only requests whose User-Agent matches (e.g. the sandbox's callbacks, not the test's own requests). */
	userAgent?: RegExp;
}

export interface ProxiedRequest {
	method: string;
	path: string;
	fault?: Fault['kind'];
	/** When the request arrived (Date.now()). */
	at: number;
	/** When the proxy answered it (or dropped the connection): set just before the answer leaves. */
	answeredAt?: number;
}

export interface FaultProxy {
	baseUrl: string;
	/** What passed through, in order of arrival. */
	requests: ProxiedRequest[];
	/** Requests that arrived and are not answered yet; never more than the client has in flight. */
	readonly inFlight: number;
	/** The most requests in flight at once since the proxy started. */
	readonly maxInFlight: number;
	/** Applies `fault` to the next `times` requests whose method and path (with query) match; returns what withdraws it. */
	plan(
		method: string,
		path: RegExp,
		fault: Fault,
		times?: number,
		options?: PlanOptions,
	): () => void;
	/** Stops listening, so the next connections are refused, and listens again after `ms`. */
	refuseFor(ms: number): Promise<void>;
	close(): Promise<void>;
}

/** `preserveHost`: pass the client's Host header on, as a reverse proxy in front of n8n must (n8n 1.x signs resume URLs with it). */
export async function startFaultProxy(
	destination: Pick<Sandbox, 'origin'>,
	{ preserveHost = false } = {},
): Promise<FaultProxy> {
	const target = new URL(destination.origin);
	const plans: Plan[] = [];
	const requests: ProxiedRequest[] = [];
	let inFlight = 0;
	let maxInFlight = 0;

	const forward = async (req: http.IncomingMessage, body: Buffer) =>
		await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
			(resolve, reject) => {
				const upstream = http.request(
					{
						host: target.hostname,
						port: Number(target.port),
						method: req.method,
						path: req.url,
						headers: {
							...req.headers,
							host: preserveHost ? req.headers.host : target.host,
							connection: 'close',
						},
					},
					(res) => {
						const chunks: Buffer[] = [];
						res.on('data', (chunk: Buffer) => chunks.push(chunk));
						res.on('end', () =>
							resolve({
								status: res.statusCode ?? 502,
								headers: res.headers,
								body: Buffer.concat(chunks),
							}),
						);
						res.on('error', reject);
					},
				);
				upstream.on('error', reject);
				upstream.end(body);
			},
		);

	const send = (
		res: http.ServerResponse,
		status: number,
		body: string | Buffer,
		headers: Record<string, string | string[] | undefined> = {},
	) => {
		const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
		const clean: Record<string, string | string[]> = {};
		for (const [name, value] of Object.entries(headers)) {
			if (
				value !== undefined &&
				!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(
					name.toLowerCase(),
				)
			)
				clean[name] = value;
		}
		res.writeHead(status, { ...clean, 'content-length': bytes.length, connection: 'close' });
		res.end(bytes);
	};

	const server = http.createServer((req, res) => {
		// Counted from arrival until the answer is written (before it can reach the client): a lower bound of the client's count.
		const entry: ProxiedRequest = { method: req.method ?? '', path: req.url ?? '', at: Date.now() };
		inFlight++;
		maxInFlight = Math.max(maxInFlight, inFlight);
		const settle = () => {
			if (entry.answeredAt !== undefined) return;
			entry.answeredAt = Date.now();
			inFlight--;
		};
		res.on('close', settle);
		const answer = (
			status: number,
			body: string | Buffer,
			headers?: Record<string, string | string[] | undefined>,
		) => {
			settle();
			send(res, status, body, headers);
		};
		const drop = () => {
			settle();
			req.socket.resetAndDestroy();
		};
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			void (async () => {
				const body = Buffer.concat(chunks);
				const plan = plans.find(
					(p) =>
						p.times > 0 &&
						p.method === req.method &&
						p.path.test(req.url ?? '') &&
						(!p.userAgent || p.userAgent.test(req.headers['user-agent'] ?? '')),
				);
				if (plan) plan.times--;
				const fault = plan?.fault;
				entry.fault = fault?.kind;
				requests.push(entry);
				try {
					if (!fault) {
						const upstream = await forward(req, body);
						return answer(
							upstream.status,
							upstream.body,
							upstream.headers as Record<string, string>,
						);
					}
					switch (fault.kind) {
						case 'answer':
							return answer(fault.status, fault.body, fault.headers);
						case 'reset':
							return drop();
						case 'forwardThenReset':
							await forward(req, body);
							return drop();
						case 'forwardThenAnswer':
							await forward(req, body);
							return answer(fault.status, fault.body, fault.headers);
						case 'rewrite': {
							const upstream = await forward(req, body);
							return answer(
								upstream.status,
								fault.body(upstream.body.toString('utf8')),
								upstream.headers as Record<string, string>,
							);
						}
						case 'delay':
						case 'before': {
							if (fault.kind === 'delay')
								await new Promise((resolve) => setTimeout(resolve, fault.ms));
							else await fault.action();
							const upstream = await forward(req, body);
							return answer(
								upstream.status,
								upstream.body,
								upstream.headers as Record<string, string>,
							);
						}
						case 'respond': {
							const computed = await fault.respond(req.url ?? '');
							return answer(computed.status, computed.body, { 'content-type': 'application/json' });
						}
					}
				} catch (error) {
					answer(599, `fault proxy: ${(error as Error).message}`);
				}
			})();
		});
	});
	server.keepAliveTimeout = 1;
	const listen = async (port = 0) =>
		await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
	await listen();
	const port = (server.address() as AddressInfo).port;

	return {
		baseUrl: `http://127.0.0.1:${port}/api/v2`,
		requests,
		get inFlight() {
			return inFlight;
		},
		get maxInFlight() {
			return maxInFlight;
		},
		plan(method, path, fault, times = 1, options = {}) {
			const plan: Plan = { method, path, fault, times, userAgent: options.userAgent };
			plans.push(plan);
			return () => {
				plan.times = 0;
			};
		},
		async refuseFor(ms) {
			await new Promise<void>((resolve) => server.close(() => resolve()));
			setTimeout(() => void listen(port), ms);
		},
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
