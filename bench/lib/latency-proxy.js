'use strict';
/**
 * A service latency in front of the sandbox: a proxy that passes each request on at once (the upload
 * streams through) and answers no sooner than `latencyMs` after the request arrived, the way a real
 * service that takes that long to answer would. Keep-alive on both sides, like a real HTTPS endpoint.
 * It also counts the requests in flight (`maxInFlight`), so the report shows each node's concurrency.
 */

const http = require('http');

async function startLatencyProxy(origin, latencyMs) {
	const target = new URL(origin);
	const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
	const stats = { inFlight: 0, maxInFlight: 0, requests: 0 };
	const server = http.createServer((req, res) => {
		const arrived = Date.now();
		stats.requests++;
		stats.inFlight++;
		stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
		res.on('close', () => stats.inFlight--);
		const upstream = http.request(
			{
				host: target.hostname,
				port: Number(target.port),
				method: req.method,
				path: req.url,
				headers: { ...req.headers, host: target.host },
				agent,
			},
			(answer) => {
				const chunks = [];
				answer.on('data', (chunk) => chunks.push(chunk));
				answer.on('end', () => {
					setTimeout(
						() => {
							res.writeHead(answer.statusCode || 502, answer.headers);
							res.end(Buffer.concat(chunks));
						},
						Math.max(0, arrived + latencyMs - Date.now()),
					);
				});
			},
		);
		upstream.on('error', (error) => {
			res.writeHead(502, { 'content-type': 'text/plain' });
			res.end(`latency proxy: ${error.message}`);
		});
		req.pipe(upstream);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		origin: `http://127.0.0.1:${server.address().port}`,
		stats,
		resetStats: () => Object.assign(stats, { maxInFlight: stats.inFlight, requests: 0 }),
		close: async () => {
			server.closeAllConnections();
			agent.destroy();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}

module.exports = { startLatencyProxy };
