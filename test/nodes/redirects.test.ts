/**
 * Redirects through n8n's engine: API requests follow only reads within the Base URL's origin, and
 * say what to fix for the rest; a secure link is checked at every hop. The end-to-end suite
 * (test/e2e/redirects-and-links.test.ts) shows the same on both n8n majors, with servers on other
 * origins that record everything they receive.
 */
import http from 'http';
import type { AddressInfo } from 'net';

import type { Fault } from '../harness/fault-proxy';
import {
	apiRequests,
	errorOf,
	expectNoKeys,
	outputOf,
	pdf,
	seedSentFax,
	TEST_KEY,
	useEngineSuite,
} from './fixtures';

const redirect = (location?: string, status = 302): Fault => ({
	kind: 'answer',
	status,
	body: '',
	headers: location === undefined ? {} : { location },
});

/** A loopback server that answers each request with `answer(path)` and records the headers it got. */
async function startLinkServer(
	answer: (
		path: string,
		origin: string,
	) => { status: number; headers?: Record<string, string>; body?: Buffer },
) {
	const received: Array<{ path: string; headers: http.IncomingHttpHeaders }> = [];
	const server = http.createServer((req, res) => {
		received.push({ path: req.url ?? '', headers: req.headers });
		const { status, headers, body } = answer(req.url ?? '', origin);
		res.writeHead(status, headers).end(body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		origin,
		received,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

describe('API redirects', () => {
	const suite = useEngineSuite({ faultProxy: true });
	const origin = () => new URL(suite.proxy.baseUrl).origin;

	test("a read redirected within the Base URL's origin is followed, with the key, to the answer", async () => {
		suite.proxy.plan('GET', /^\/api\/v2\/fax_numbers$/, redirect('/api/v2/fax_numbers?moved=1'));
		const output = outputOf(
			await suite.run({ resource: 'faxNumber', operation: 'getMany', returnAll: true }),
		);
		expect(output).toEqual([]);
		const [read] = apiRequests(suite.sandbox, 'GET', '/fax_numbers');
		expect(suite.proxy.requests.map((r) => [r.path, r.fault])).toEqual([
			['/api/v2/fax_numbers', 'answer'],
			['/api/v2/fax_numbers?moved=1', undefined],
		]);
		expect(read.query).toEqual({ moved: '1' });
		expect(read.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
	});

	test('a read redirected more than 5 times in a row fails, saying so', async () => {
		suite.proxy.plan('GET', /^\/api\/v2\/fax_numbers/, redirect('/api/v2/fax_numbers?again=1'), 6);
		const error = errorOf(
			await suite.run({ resource: 'faxNumber', operation: 'getMany', returnAll: true }),
		);
		expect(error.message).toBe(
			`The Fax Service answered GET /fax_numbers with a redirect (HTTP 302) to ${origin()}/api/v2/fax_numbers; it was not followed`,
		);
		expect(String(error.description)).toContain(
			'It redirected 6 times in a row (at most 5 are followed)',
		);
		expect(suite.proxy.requests).toHaveLength(6);
		expect(suite.sandbox.requests).toEqual([]);
	});

	test('http → https: the message names the new address, the description the Base URL to use; nothing is sent there', async () => {
		const secure = `https://${new URL(suite.proxy.baseUrl).host}/api/v2/fax_numbers?page=1&page_size=100`;
		suite.proxy.plan('GET', /^\/api\/v2\/fax_numbers/, redirect(secure, 301));
		const result = await suite.run({
			resource: 'faxNumber',
			operation: 'getMany',
			returnAll: true,
		});
		const error = errorOf(result);
		expect(error.name).toBe('NodeApiError');
		expect(error.httpCode).toBe('301');
		expect(error.message).toBe(
			`The Fax Service answered GET /fax_numbers with a redirect (HTTP 301) to https://${new URL(suite.proxy.baseUrl).host}/api/v2/fax_numbers; it was not followed`,
		);
		expect(String(error.description)).toBe(
			`The Base URL redirects http → https: use https://${new URL(suite.proxy.baseUrl).host}/api/v2 as the credential's Base URL.`,
		);
		expect(suite.proxy.requests).toHaveLength(1);
		expectNoKeys(result);
	});

	test('a creation answered 303 within the origin is not re-sent, and says it may have been done', async () => {
		suite.proxy.plan(
			'POST',
			/^\/api\/v2\/fax_numbers$/,
			redirect('/api/v2/fax_numbers/created', 303),
		);
		const error = errorOf(
			await suite.run({ resource: 'faxNumber', operation: 'provision', areaCode: '415' }),
		);
		expect(error.message).toBe(
			`The Fax Service answered POST /fax_numbers with a redirect (HTTP 303) to ${origin()}/api/v2/fax_numbers/created; it was not followed`,
		);
		expect(String(error.description)).toContain(
			`The request was not re-sent to ${origin()}/api/v2/fax_numbers/created, so nothing was created or changed there.`,
		);
		expect(String(error.description)).toContain(
			'A 303 answer can mean the service did the work first',
		);
		expect(String(error.description)).toContain('never re-sent after a redirect');
		expect(suite.proxy.requests.map((r) => r.method)).toEqual(['POST']);
		expect(suite.sandbox.requests).toEqual([]);
	});

	test('a redirect without a Location header', async () => {
		suite.proxy.plan('GET', /^\/api\/v2\/clients/, redirect(undefined, 302));
		const error = errorOf(
			await suite.run({ resource: 'client', operation: 'getMany', returnAll: true }),
		);
		expect(error.message).toBe(
			'The Fax Service answered GET /clients with HTTP 302 and no Location header',
		);
		expect(error.httpCode).toBe('302');
	});
});

describe('Secure-link hops', () => {
	const suite = useEngineSuite({ faultProxy: true });
	let links: Awaited<ReturnType<typeof startLinkServer>> | undefined;
	afterEach(async () => {
		await links?.close();
		links = undefined;
	});

	/** Sent Fax → Download PDF of a fax whose record's secureLink is `link`. */
	async function downloadVia(link: string) {
		const faxId = await seedSentFax(suite.sandbox);
		suite.proxy.plan('GET', new RegExp(`^/api/v2/sent_faxes/${faxId}$`), {
			kind: 'rewrite',
			body: (original) => JSON.stringify({ ...JSON.parse(original), secureLink: link }),
		});
		return await suite.run({ resource: 'sentFax', operation: 'downloadPdf', faxId });
	}

	test('a hop to another loopback port is followed (the Base URL is loopback), with no key at either', async () => {
		const document = pdf(1, 'hop test');
		const target = await startLinkServer(() => ({
			status: 200,
			headers: { 'content-type': 'application/pdf' },
			body: document,
		}));
		links = await startLinkServer(() => ({
			status: 302,
			headers: { location: `${target.origin}/files/final.pdf` },
		}));
		try {
			const result = await downloadVia(`${links.origin}/files/first`);
			const [item] = outputOf(result);
			expect(item.binary?.data).toMatchObject({ mimeType: 'application/pdf' });
			for (const { headers } of [...links.received, ...target.received])
				expect(headers.authorization).toBeUndefined();
			expect(target.received.map((r) => r.path)).toEqual(['/files/final.pdf']);
			expectNoKeys(result);
		} finally {
			await target.close();
		}
	});

	test('more than 5 hops: refused, saying so', async () => {
		links = await startLinkServer((path, origin) => ({
			status: 307,
			headers: { location: `${origin}${path}x` },
		}));
		const error = errorOf(await downloadVia(`${links.origin}/f`));
		expect(error.message).toBe(
			'The secure link was not downloaded: it redirected more than 5 times',
		);
		expect(links.received).toHaveLength(6);
	});

	test('a hop to another scheme is refused before any connection', async () => {
		links = await startLinkServer(() => ({
			status: 302,
			headers: { location: 'file:///etc/passwd' },
		}));
		const error = errorOf(await downloadVia(`${links.origin}/f`));
		expect(error.message).toBe(
			'The secure link was not downloaded: its redirect 1 uses file:, and only https: links are fetched, or http: ones while the Base URL uses http:',
		);
		expect(String(error.description)).toContain('checked before connecting and at every redirect');
	});
});
