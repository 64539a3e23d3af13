/**
 * Which secure links n8n's server may fetch: https anywhere public; plain http, and loopback,
 * private or link-local addresses, only when the credential's Base URL is such an address itself
 * (the sandbox on 127.0.0.1, a service on the clinic's own network). A link comes from a record,
 * so it must not make n8n fetch its own host, its network or a cloud metadata endpoint.
 */

export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'reserved';

const CLASS_LABEL: Record<AddressClass, string> = {
	public: 'a public address',
	loopback: 'a loopback address',
	private: 'a private-network address',
	'link-local': 'a link-local address',
	reserved: 'a reserved address',
};

/** Name endings that only a local network resolves (RFC 6762, 8375, common intranet suffixes). */
const LOCAL_NAME = /\.(local|internal|intranet|lan|home\.arpa|corp)$/;

function ipv4Parts(host: string): number[] | undefined {
	const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
	const parts = match?.slice(1).map(Number);
	return parts && parts.every((part) => part <= 255) ? parts : undefined;
}

function ipv4Class([a, b, c]: number[]): AddressClass {
	if (a === 127) return 'loopback';
	if (
		a === 10 ||
		(a === 172 && b >= 16 && b <= 31) ||
		(a === 192 && b === 168) ||
		(a === 100 && b >= 64 && b <= 127)
	)
		return 'private';
	if (a === 169 && b === 254) return 'link-local';
	// This network, IETF and documentation ranges, benchmarking, multicast and above.
	if (
		a === 0 ||
		(a === 192 && b === 0 && (c === 0 || c === 2)) ||
		(a === 198 && (b === 18 || b === 19)) ||
		(a === 198 && b === 51 && c === 100) ||
		(a === 203 && b === 0 && c === 113) ||
		a >= 224
	) {
		return 'reserved';
	}
	return 'public';
}

/** The eight 16-bit groups of an IPv6 address (URL hostnames keep it in brackets), or undefined. */
function ipv6Groups(host: string): number[] | undefined {
	let text = host.replace(/^\[|\]$/g, '').toLowerCase();
	if (!text.includes(':')) return undefined;
	// An embedded IPv4 tail (::ffff:1.2.3.4) as two groups.
	const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
	if (tail) {
		const parts = ipv4Parts(tail[1]);
		if (!parts) return undefined;
		text = `${text.slice(0, -tail[1].length)}${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
	}
	const halves = text.split('::');
	if (halves.length > 2) return undefined;
	const parse = (half: string) =>
		half === ''
			? []
			: half.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN));
	const head = parse(halves[0]);
	const rest = halves.length === 2 ? parse(halves[1]) : [];
	const missing = 8 - head.length - rest.length;
	if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
	const groups = [
		...head,
		...new Array<number>(halves.length === 2 ? missing : 0).fill(0),
		...rest,
	];
	return groups.some(Number.isNaN) ? undefined : groups;
}

function ipv6Class(groups: number[]): AddressClass {
	const zeros = (count: number) => groups.slice(0, count).every((group) => group === 0);
	if (zeros(7) && groups[7] === 1) return 'loopback';
	if (zeros(8)) return 'reserved';
	// IPv4-mapped (::ffff:a.b.c.d): the IPv4 address decides.
	if (zeros(5) && groups[5] === 0xffff)
		return ipv4Class([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8]);
	if ((groups[0] & 0xffc0) === 0xfe80) return 'link-local';
	if ((groups[0] & 0xfe00) === 0xfc00) return 'private';
	// Multicast, documentation, NAT64, IPv4-compatible and other special prefixes.
	if (
		(groups[0] & 0xff00) === 0xff00 ||
		(groups[0] === 0x2001 && groups[1] === 0x0db8) ||
		(groups[0] === 0x64 && groups[1] === 0xff9b) ||
		zeros(6)
	)
		return 'reserved';
	return 'public';
}

/**
 * The class of a URL's hostname, from the address itself or, for a name, from what the name says.
 * A public-looking name is not resolved: Node's DNS module is not an import n8n allows verified
 * community nodes, so a public name that resolves to a private address is not caught here.
 */
export function addressClass(hostname: string): AddressClass {
	const host = hostname.toLowerCase().replace(/\.$/, '');
	const v4 = ipv4Parts(host);
	if (v4) return ipv4Class(v4);
	const v6 = ipv6Groups(host);
	if (v6) return ipv6Class(v6);
	if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
	if (!host.includes('.') || LOCAL_NAME.test(host)) return 'private';
	return 'public';
}

/** Why `link` may not be fetched for a credential whose Base URL is `base` ("points to …", "uses …"); undefined when it may. */
export function linkRefusal(link: URL, base: URL): string | undefined {
	const httpAllowed = base.protocol === 'http:';
	if (link.protocol !== 'https:' && !(httpAllowed && link.protocol === 'http:')) {
		return `uses ${link.protocol}, and only https: links are fetched${httpAllowed ? ', or http: ones while the Base URL uses http:' : ''}`;
	}
	const linkClass = addressClass(link.hostname);
	if (linkClass === 'public') return undefined;
	if (linkClass === 'reserved') return `points to ${link.hostname}, ${CLASS_LABEL.reserved}`;
	if (linkClass === addressClass(base.hostname)) return undefined;
	return `points to ${link.hostname}, ${CLASS_LABEL[linkClass]}, which is fetched only when the Base URL's host is one too`;
}
