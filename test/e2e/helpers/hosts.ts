/**
 * Running one end-to-end suite on several n8n hosts (scripts/n8n-host/hosts.js): a describe block per
 * host, named after the exact n8n it runs on, in the same jest file and worker, one after the other.
 * A suite opts in by declaring its top-level block with describeOnHosts instead of describe:
 *
 *   describeOnHosts(BOTH_HOSTS, 'Fax Service Trigger in a real n8n', ({ hostVersion }) => {
 *     … n8n = await createInstance({ hostVersion, … }) …
 *   });
 *
 * N8N_HOST_VERSION=1|2, when set, narrows every such suite to that host (and is the host of the suites
 * that call createInstance() without one), e.g. `N8N_HOST_VERSION=1 npx jest test/e2e/trigger.test.ts`.
 */
import { COMPAT_VERSIONS, pinnedN8nVersion, resolveHost, type HostVersion } from './n8n-host';

/** The hosts of a suite that must work on both majors: 2.x (the default) first. */
export const BOTH_HOSTS: readonly HostVersion[] = [2, 1];

/**
 * The hosts of the suites that prove the package on each n8n the README claims (compat.test.ts,
 * error-output.test.ts): the pinned hosts, or N8N_COMPAT_HOSTS: `compat` (every older release of
 * scripts/n8n-host/hosts.js) or hosts by name (`1`, `2`, `1.66.0`, …).
 */
export const COMPAT_HOSTS: readonly HostVersion[] = ((value: string | undefined) => {
	if (!value) return BOTH_HOSTS;
	if (value.trim() === 'compat') return COMPAT_VERSIONS;
	return value
		.split(',')
		.map((host) =>
			/^[12]$/.test(host.trim()) ? (Number(host) as 1 | 2) : (host.trim() as HostVersion),
		);
})(process.env.N8N_COMPAT_HOSTS);

export interface E2eHost {
	hostVersion: HostVersion;
	/** the exact n8n version the host pins, e.g. '1.123.69' */
	n8nVersion: string;
}

/** Declares `body` once per host as `describe('<name> on n8n <version>', …)`. */
export function describeOnHosts(
	hostVersions: readonly HostVersion[],
	name: string,
	body: (host: E2eHost) => void,
): void {
	let selected = hostVersions;
	if (process.env.N8N_HOST_VERSION) {
		const chosen = resolveHost().hostVersion;
		if (!hostVersions.includes(chosen)) {
			throw new Error(
				`"${name}" runs on n8n ${hostVersions.map((v) => `${v}.x`).join(' and ')}, not on N8N_HOST_VERSION=${process.env.N8N_HOST_VERSION}.`,
			);
		}
		selected = [chosen];
	}
	for (const hostVersion of selected) {
		const host = { hostVersion, n8nVersion: pinnedN8nVersion(hostVersion) };
		describe(`${name} on n8n ${host.n8nVersion}`, () => body(host));
	}
}
