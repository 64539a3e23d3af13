/**
 * The suites' environment (test/setup/environment.js): every fetch opens a connection of its own, so no
 * request goes out on a kept-alive connection that the server is closing.
 */
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';

describe("the suites' fetch", () => {
	let server: Server;
	let connections = 0;

	beforeAll(async () => {
		server = createServer((_request, response) => response.end('ok'));
		server.on('connection', () => connections++);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	});

	afterAll(async () => {
		await new Promise((resolve) => server.close(resolve));
	});

	test('opens a new connection for each request, also one right after another to the same server', async () => {
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
		for (let request = 0; request < 3; request++) {
			const response = await fetch(url, {
				method: request === 1 ? 'POST' : 'GET',
				body: request === 1 ? 'x' : undefined,
			});
			expect(await response.text()).toBe('ok');
		}
		expect(connections).toBe(3);
	});
});
