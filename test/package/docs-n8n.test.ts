import { spawnSync } from 'child_process';
import { readdirSync, readFileSync, statSync } from 'fs';
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import { createRequire } from 'module';
import { join } from 'path';
import { Readable } from 'stream';

import { startSandbox } from '../../sandbox';
import { linkRefusal } from '../../nodes/shared/transport/linkPolicy';
import { RETRY_DELAYS_MS } from '../../nodes/shared/transport/retryPolicy';
import { REQUEST_TIMEOUT_MS } from '../../nodes/shared/transport/send';
import { proseOf, readDoc, REPO_ROOT, USER_DOCS } from '../harness/docs';
import { ceiling } from '../harness/machine';

/**
 * What README.md and docs/ say of n8n itself and of running the package, checked against the code of
 * the n8n releases the suite installs (.n8n-host: 2.41.1, .n8n-host-1: 1.123.69) and the package's
 * own: every n8n setting named is one n8n reads, the defaults the tables state are n8n's, who may
 * install from the editor, the request timeout and retries, and the sandbox from n8n in Docker.
 */

const HOSTS = ['.n8n-host', '.n8n-host-1'];
const SETTING = /^(?:N8N|EXECUTIONS|WEBHOOK|QUEUE|DB)_[A-Z0-9_]+|^WEBHOOK_URL$/;

interface HostFacts {
	/** each setting the docs' tables state a default for, as the host reads it with no environment */
	settings: Record<string, unknown>;
	owner: string[];
	admin: string[];
	memberScopes: string[];
}

const cached = <T>(read: (host: string) => T) => {
	const values = new Map<string, T>();
	return (host: string): T => {
		if (!values.has(host)) values.set(host, read(host));
		return values.get(host)!;
	};
};

/** Every `.js` file of the n8n packages that read settings, in one host's install. */
const n8nCode = cached((host: string): string => {
	const roots = ['n8n/dist', '@n8n/config/dist', 'n8n-core/dist', '@n8n/backend-common/dist'];
	const texts: string[] = [];
	const walk = (dir: string) => {
		for (const name of readdirSync(dir)) {
			const path = join(dir, name);
			if (statSync(path).isDirectory()) walk(path);
			else if (name.endsWith('.js')) texts.push(readFileSync(path, 'utf8'));
		}
	};
	for (const root of roots) walk(join(REPO_ROOT, host, 'node_modules', root));
	return texts.join('\n');
});

/** The names of settings one host's n8n reads: quoted, or read from process.env. */
const settingsRead = cached(
	(host: string): Set<string> =>
		new Set(
			[...n8nCode(host).matchAll(/['"`]([A-Z][A-Z0-9_]+)['"`]|env\.([A-Z][A-Z0-9_]+)\b/g)].map(
				([, quoted, fromEnv]) => quoted ?? fromEnv,
			),
		),
);

/** n8n's settings as one host reads them with no environment (its defaults), and its roles' scopes. */
const hostFacts = cached((host: string): HostFacts => {
	const script = `
		require('reflect-metadata');
		const { Container } = require('@n8n/di');
		const { GlobalConfig } = require('@n8n/config');
		const { CommunityPackagesConfig } = require('n8n/dist/modules/community-packages/community-packages.config.js');
		const scopes = require('@n8n/permissions/dist/roles/scopes/global-scopes.ee.js');
		const { executions, logging } = Container.get(GlobalConfig);
		const packages = Container.get(CommunityPackagesConfig);
		console.log(JSON.stringify({
			settings: {
				EXECUTIONS_DATA_SAVE_ON_SUCCESS: executions.saveDataOnSuccess,
				EXECUTIONS_DATA_SAVE_ON_ERROR: executions.saveDataOnError,
				EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: executions.saveDataManualExecutions,
				EXECUTIONS_DATA_PRUNE: executions.pruneData,
				EXECUTIONS_DATA_MAX_AGE: executions.pruneDataMaxAge,
				EXECUTIONS_DATA_PRUNE_MAX_COUNT: executions.pruneDataMaxCount,
				N8N_LOG_LEVEL: logging.level,
				N8N_COMMUNITY_PACKAGES_ENABLED: packages.enabled,
				N8N_UNVERIFIED_PACKAGES_ENABLED: packages.unverifiedEnabled,
				N8N_REINSTALL_MISSING_PACKAGES: packages.reinstallMissing,
			},
			owner: scopes.GLOBAL_OWNER_SCOPES,
			admin: scopes.GLOBAL_ADMIN_SCOPES,
			memberScopes: scopes.GLOBAL_MEMBER_SCOPES,
		}));`;
	const result = spawnSync(process.execPath, ['-e', script], {
		cwd: join(REPO_ROOT, host),
		env: { PATH: process.env.PATH },
		encoding: 'utf8',
		timeout: ceiling(60_000),
	});
	expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
	return JSON.parse(result.stdout) as HostFacts;
});

const oneLine = (file: string) => proseOf(readDoc(file)).replace(/\s+/g, ' ');

test.each(USER_DOCS)('%s: every n8n setting it names is one n8n reads', (file) => {
	const named = [...proseOf(readDoc(file)).matchAll(/`([A-Z][A-Z0-9_]+)(?:=[^`]*)?`/g)]
		.map(([, name]) => name)
		.filter((name) => SETTING.test(name));
	const unread = [...new Set(named)].filter(
		(name) => !HOSTS.some((host) => settingsRead(host).has(name)),
	);
	expect(unread).toEqual([]);
});

test.each(['docs/compliance.md', 'docs/install-and-upgrade.md'])(
	"%s: the defaults its tables state are n8n's, on both hosts",
	(file) => {
		const rows = readDoc(file)
			.split('\n')
			.map((line) => /^\s*\| `([A-Z0-9_]+)` \| `([^`]+)`/.exec(line))
			.filter((row): row is RegExpExecArray => row !== null)
			.map(([, name, value]) => ({ name, value }));
		expect(rows.length).toBeGreaterThanOrEqual(3);
		for (const host of HOSTS) {
			const { settings } = hostFacts(host);
			for (const { name, value } of rows) {
				expect({ host, name, known: name in settings }).toEqual({ host, name, known: true });
				expect({ host, name, value: String(settings[name]) }).toEqual({ host, name, value });
			}
		}
	},
);

test("the README's editor install: community packages on by default, for the Owner or an Admin", () => {
	expect(oneLine('README.md')).toContain(
		'community nodes enabled (`N8N_COMMUNITY_PACKAGES_ENABLED`, on by default), as its Owner or an Admin: *Settings → Community Nodes',
	);
	for (const host of HOSTS) {
		const { owner, admin, memberScopes, settings } = hostFacts(host);
		expect(settings.N8N_COMMUNITY_PACKAGES_ENABLED).toBe(true);
		for (const scope of ['communityPackage:install', 'communityPackage:update']) {
			expect({ host, owner: owner.includes(scope), admin: admin.includes(scope) }).toEqual({
				host,
				owner: true,
				admin: true,
			});
		}
		expect(memberScopes.filter((scope) => scope.startsWith('communityPackage'))).toEqual([]);
	}
});

test('WEBHOOK_URL: both hosts read it; 2.x prefers N8N_WEBHOOK_URL, which 1.x does not read', () => {
	const urlService = (host: string) =>
		readFileSync(join(REPO_ROOT, host, 'node_modules/n8n/dist/services/url.service.js'), 'utf8');
	expect(urlService('.n8n-host')).toMatch(
		/this\.globalConfig\.webhookUrl \|\| this\.trimQuotes\(process\.env\.WEBHOOK_URL\)/,
	);
	expect(n8nCode('.n8n-host')).toContain("Env)('N8N_WEBHOOK_URL')");
	expect(urlService('.n8n-host-1')).toContain('process.env.WEBHOOK_URL');
	expect(n8nCode('.n8n-host-1')).not.toContain('N8N_WEBHOOK_URL');
	expect(oneLine('docs/install-and-upgrade.md')).toContain(
		'n8n 2.x also reads `N8N_WEBHOOK_URL` and prefers it',
	);
});

/** Whether a host's n8n (its server, editor and translations) holds `text`. */
const hostHolds = (host: string, text: string): boolean =>
	spawnSync(
		'grep',
		[
			'-rlF',
			'--include=*.js',
			'--include=*.json',
			text,
			'n8n/dist',
			'n8n-editor-ui/dist',
			'@n8n/i18n/dist',
		],
		{ cwd: join(REPO_ROOT, host, 'node_modules'), encoding: 'utf8' },
	).stdout !== '';

test("the editor's words and n8n's messages the page quotes are n8n's", () => {
	const said = oneLine('docs/install-and-upgrade.md');
	const everywhere = [
		'A newer version is available',
		'Confirm update',
		'Uninstall package',
		'Confirm uninstall',
	];
	for (const words of everywhere) {
		expect(said).toContain(`*${words}*`);
		for (const host of HOSTS)
			expect({ host, words, held: hostHolds(host, words) }).toEqual({ host, words, held: true });
	}
	const refusal = 'Community packages are disabled on this instance';
	expect(said).toContain(`n8n 2.x also refuses installs and updates ("${refusal}")`);
	expect([hostHolds('.n8n-host', refusal), hostHolds('.n8n-host-1', refusal)]).toEqual([
		true,
		false,
	]);
	expect(said).toContain('n8n 2.41 warns that its default will become `false`');
	expect(said).toContain('(it logs `WEBHOOK_URL` as deprecated)');
	const deprecations = readFileSync(
		join(REPO_ROOT, '.n8n-host/node_modules/n8n/dist/deprecation/deprecation.service.js'),
		'utf8',
	);
	expect(deprecations).toMatch(/envVar: 'WEBHOOK_URL',\s+message: 'Use N8N_WEBHOOK_URL instead/);
	expect(deprecations).toMatch(
		/envVar: 'N8N_UNVERIFIED_PACKAGES_ENABLED',\s+message: 'The default for this variable will change to `false`/,
	);
});

test('the request timeout and the retries of a read are what the transport does', () => {
	const said = oneLine('docs/install-and-upgrade.md');
	expect(said).toContain(`waits at most **${REQUEST_TIMEOUT_MS / 1000} seconds**`);
	const [first, second] = RETRY_DELAYS_MS.map((ms) => `${ms / 1000} s`);
	expect(said).toContain(`is tried again after ${first}, then after ${second}; after three tries`);
	expect(RETRY_DELAYS_MS).toHaveLength(2);
});

/** The module through which each host's n8n sends a node's HTTP request (it resolves axios from there). */
const N8N_HTTP: Record<string, string> = {
	'.n8n-host': '@n8n/backend-network/dist/http/axios/request.js',
	'.n8n-host-1':
		'n8n-core/dist/execution-engine/node-execution-context/utils/request-helper-functions.js',
};

type Post = (url: string, body: Readable, options: object) => Promise<{ status: number }>;

test.each(HOSTS)(
	"%s: the timeout runs from the request's start to the answer, the upload included",
	async (host) => {
		expect(oneLine('docs/install-and-upgrade.md')).toContain(
			"counts it from the start of the request until the service's answer begins, the upload included",
		);
		const axios = createRequire(join(REPO_ROOT, host, 'node_modules', N8N_HTTP[host]))('axios') as {
			post: Post;
		};
		// A server that answers once the whole body has arrived.
		const server: Server = createServer((request, response) => {
			request.resume();
			request.on('end', () => response.end('{}'));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
		// An upload that never goes quiet for more than 50 ms and lasts at least 2 s.
		const upload = () =>
			Readable.from(
				(async function* () {
					for (let chunk = 0; chunk < 40; chunk++) {
						await new Promise((resolve) => setTimeout(resolve, 50));
						yield Buffer.alloc(1024);
					}
				})(),
			);
		// n8n's options for the package's requests: a timeout, and no redirect followed.
		const post = (timeout: number) => axios.post(url, upload(), { timeout, maxRedirects: 0 });
		try {
			await expect(post(1000)).rejects.toMatchObject({ message: 'timeout of 1000ms exceeded' });
			await expect(post(ceiling(30_000))).resolves.toMatchObject({ status: 200 });
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
	},
	ceiling(60_000),
);

test('the sandbox from n8n in Docker: its listen address, and its links named with 127.0.0.1', async () => {
	const said = oneLine('docs/install-and-upgrade.md');
	expect(said).toContain('`SANDBOX_HOST=0.0.0.0 npm run sandbox`');
	expect(readFileSync(join(REPO_ROOT, 'sandbox/cli.ts'), 'utf8')).toContain(
		'host: process.env.SANDBOX_HOST',
	);
	const sandbox = await startSandbox({ host: '0.0.0.0', port: 0 });
	try {
		expect(sandbox.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		const link = new URL(`${sandbox.origin}/files/any`);
		expect(linkRefusal(link, new URL('http://host.docker.internal:4010/api/v2'))).toBeDefined();
		expect(linkRefusal(link, new URL(sandbox.baseUrl))).toBeUndefined();
	} finally {
		await sandbox.stop();
	}
});
