/**
 * A loopback HTTP server that records every request it gets (method, path with query, every header,
 * the body's bytes) and answers what the test's `respond` computes: an API origin that redirects, an
 * origin that must never hear from the node, a fake Fax Service API, a secure-link host. Every answer
 * closes its connection, so each request is recorded as it was sent and nothing lingers at close().
 */
import http from 'http';
import type { AddressInfo } from 'net';

export interface RecordedHttpRequest {
	method: string;
	/** the path with its query, as received */
	url: string;
	headers: http.IncomingHttpHeaders;
	body: Buffer;
}

export interface Reply {
	status: number;
	headers?: Record<string, string>;
	body?: string | Buffer;
}

export interface RecordingServer {
	/** http://127.0.0.1:<port> */
	readonly origin: string;
	readonly port: number;
	/** every request in order of arrival, recorded once its body has arrived */
	readonly requests: RecordedHttpRequest[];
	close(): Promise<void>;
}

export const jsonReply = (status: number, body: unknown): Reply => ({
	status,
	headers: { 'content-type': 'application/json' },
	body: JSON.stringify(body),
});

export const redirectReply = (status: number, location: string): Reply => ({
	status,
	headers: { location },
	body: '',
});

/** Listens on 127.0.0.1 at a port the kernel picks (port 0): it is bound before anyone learns it. */
export async function startRecordingServer(
	respond: (request: RecordedHttpRequest) => Reply | Promise<Reply>,
): Promise<RecordingServer> {
	const requests: RecordedHttpRequest[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const request: RecordedHttpRequest = {
				method: req.method ?? '',
				url: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks),
			};
			requests.push(request);
			void (async () => {
				let reply: Reply;
				try {
					reply = await respond(request);
				} catch (error) {
					reply = { status: 599, body: `recording server: ${(error as Error).message}` };
				}
				const body =
					typeof reply.body === 'string'
						? Buffer.from(reply.body, 'utf8')
						: (reply.body ?? Buffer.alloc(0));
				res.writeHead(reply.status, {
					...reply.headers,
					'content-length': body.length,
					connection: 'close',
				});
				res.end(body);
			})();
		});
	});
	server.keepAliveTimeout = 1;
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	const port = (server.address() as AddressInfo).port;
	return {
		origin: `http://127.0.0.1:${port}`,
		port,
		requests,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** Passes a recorded request on to `origin` at `path` (default: its own path), headers and body unchanged but Host; resolves its answer. */
export async function forwardTo(
	origin: string,
	request: RecordedHttpRequest,
	path = request.url,
): Promise<Reply> {
	const target = new URL(origin);
	return await new Promise<Reply>((resolve, reject) => {
		const upstream = http.request(
			{
				host: target.hostname,
				port: Number(target.port),
				method: request.method,
				path,
				headers: { ...request.headers, host: target.host, connection: 'close' },
			},
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => {
					const headers: Record<string, string> = {};
					for (const [name, value] of Object.entries(res.headers)) {
						if (
							typeof value === 'string' &&
							!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)
						)
							headers[name] = value;
					}
					resolve({ status: res.statusCode ?? 502, headers, body: Buffer.concat(chunks) });
				});
				res.on('error', reject);
			},
		);
		upstream.on('error', reject);
		upstream.end(request.body);
	});
}
