/**
 * The secure-link policy (nodes/shared/transport/linkPolicy.ts) for every class of address, including those the
 * end-to-end suites may not send traffic to on this machine (private, link-local, public): the
 * decision is made on the URL alone, before n8n connects anywhere.
 */
import { addressClass, linkRefusal } from '../../nodes/shared/transport/linkPolicy';

describe('addressClass', () => {
	test.each([
		['127.0.0.1', 'loopback'],
		['127.8.9.10', 'loopback'],
		['[::1]', 'loopback'],
		['localhost', 'loopback'],
		['LOCALHOST.', 'loopback'],
		['fax.localhost', 'loopback'],
		['[::ffff:7f00:1]', 'loopback'],
		['[::ffff:127.0.0.1]', 'loopback'],
		['10.0.0.5', 'private'],
		['172.16.0.1', 'private'],
		['172.31.255.255', 'private'],
		['192.168.1.20', 'private'],
		['100.64.0.1', 'private'],
		['[fd12:3456::1]', 'private'],
		['[::ffff:a00:5]', 'private'],
		['faxserver', 'private'],
		['printer.local', 'private'],
		['metadata.google.internal', 'private'],
		['nas.home.arpa', 'private'],
		['169.254.169.254', 'link-local'],
		['[fe80::1]', 'link-local'],
		['[::ffff:a9fe:a9fe]', 'link-local'],
		['0.0.0.0', 'reserved'],
		['[::]', 'reserved'],
		['224.0.0.1', 'reserved'],
		['255.255.255.255', 'reserved'],
		['192.0.2.10', 'reserved'],
		['[2001:db8::1]', 'reserved'],
		['[ff02::1]', 'reserved'],
		['[64:ff9b::a00:1]', 'reserved'],
		['8.8.8.8', 'public'],
		['172.32.0.1', 'public'],
		['100.128.0.1', 'public'],
		['[2606:4700::1111]', 'public'],
		['files.fax-service.example', 'public'],
	])('%s is %s', (host, expected) => {
		expect(addressClass(host)).toBe(expected);
	});

	test('hosts as the URL parser writes them: numeric and hex IPv4 forms are the dotted address', () => {
		expect(addressClass(new URL('http://2130706433/').hostname)).toBe('loopback');
		expect(addressClass(new URL('http://0xa9.0xfe.0xa9.0xfe/').hostname)).toBe('link-local');
		expect(addressClass(new URL('http://[0:0:0:0:0:ffff:10.1.2.3]/').hostname)).toBe('private');
	});
});

describe('linkRefusal', () => {
	const SERVICE = new URL('https://api.fax-service.example/api/v2');
	const SANDBOX = new URL('http://127.0.0.1:4010/api/v2');
	const CLINIC = new URL('https://10.20.0.5/api/v2');
	const refusal = (link: string, base: URL) => linkRefusal(new URL(link), base);

	test('https to a public address is fetched for any Base URL', () => {
		for (const base of [SERVICE, SANDBOX, CLINIC])
			expect(refusal('https://files.fax-service.example/f/abc', base)).toBeUndefined();
	});

	test('plain http only while the Base URL uses http', () => {
		expect(refusal('http://files.fax-service.example/f/abc', SERVICE)).toBe(
			'uses http:, and only https: links are fetched',
		);
		expect(refusal('http://files.fax-service.example/f/abc', SANDBOX)).toBeUndefined();
	});

	test('other schemes never', () => {
		for (const link of [
			'file:///etc/passwd',
			'ftp://files.example/f',
			'data:application/pdf;base64,JVBERg==',
		]) {
			expect(refusal(link, SANDBOX)).toMatch(
				/^uses (file|ftp|data):, and only https: links are fetched, or http: ones while the Base URL uses http:$/,
			);
		}
	});

	test('loopback, private and link-local addresses only when the Base URL is of the same class', () => {
		expect(refusal('http://127.0.0.1:4010/files/abc', SANDBOX)).toBeUndefined();
		expect(refusal('http://localhost:4010/files/abc', SANDBOX)).toBeUndefined();
		expect(refusal('https://127.0.0.1/files/abc', SERVICE)).toBe(
			"points to 127.0.0.1, a loopback address, which is fetched only when the Base URL's host is one too",
		);
		expect(refusal('https://10.20.0.9/files/abc', CLINIC)).toBeUndefined();
		expect(refusal('https://10.20.0.9/files/abc', SERVICE)).toMatch(
			/^points to 10\.20\.0\.9, a private-network address/,
		);
		expect(refusal('http://10.20.0.9/files/abc', SANDBOX)).toMatch(
			/^points to 10\.20\.0\.9, a private-network address/,
		);
		expect(refusal('http://169.254.169.254/latest/meta-data/', SANDBOX)).toMatch(
			/^points to 169\.254\.169\.254, a link-local address/,
		);
		expect(refusal('https://metadata.google.internal/computeMetadata/v1/', SERVICE)).toMatch(
			/a private-network address/,
		);
		expect(refusal('https://[fe80::1]/x', CLINIC)).toMatch(/a link-local address/);
	});

	test('reserved addresses never, whatever the Base URL', () => {
		expect(refusal('http://0.0.0.0:4010/files/abc', SANDBOX)).toBe(
			'points to 0.0.0.0, a reserved address',
		);
		expect(refusal('https://[::]/x', new URL('https://[::]/api/v2'))).toBe(
			'points to [::], a reserved address',
		);
	});
});
