'use strict';
/**
 * The command line of scripts/n8n-host.js: install [--host=1|2|<release>] [--compat] [--force]
 * [--verbose] (every pinned host unless --host names one; --compat: the compatibility releases),
 * path [--host=…] (default N8N_HOST_VERSION, else 2), the supervisor's __supervise and the shared
 * n8n's keeper __shared (shared.js).
 */

const { ensureInstalled } = require('./install');
const { ensureRegistryInstalled } = require('./registry');
const { superviseMain } = require('./processes');
const { sharedKeeperMain } = require('./shared');
const { COMPAT_VERSIONS, HOST_VERSIONS, hostLabel, resolveHost } = require('./hosts');

/** The value of `--host=N` / `--host N`, or undefined. */
function hostOption(args) {
	const index = args.findIndex((arg) => arg === '--host' || arg.startsWith('--host='));
	if (index === -1) return undefined;
	return args[index].includes('=') ? args[index].slice('--host='.length) : args[index + 1];
}

async function cliMain(argv) {
	const [command, ...rest] = argv;
	const log = (line) => console.log(line);
	const host = hostOption(rest);
	switch (command) {
		case 'install': {
			const compat = rest.includes('--compat');
			const hostVersions =
				host !== undefined
					? [resolveHost(host).hostVersion]
					: compat
						? COMPAT_VERSIONS
						: HOST_VERSIONS;
			// Side by side: most of an install is waiting on the disk and the registry, and each host's
			// sqlite3 build is one large C file on one core (both in a row took ~10 min on 2 cores).
			const started = Date.now();
			const installs = hostVersions.map(async (hostVersion) => {
				const bin = await ensureInstalled({
					hostVersion,
					log,
					force: rest.includes('--force'),
					echo: rest.includes('--verbose'),
				});
				log(
					`${hostLabel(resolveHost(hostVersion))}: ready in ${Math.round((Date.now() - started) / 1000)} s: ${bin}`,
				);
			});
			// The registry-install suite's npm registry, unless one host was asked for.
			if (host === undefined && !compat)
				installs.push(ensureRegistryInstalled({ log }).then(() => undefined));
			const failed = (await Promise.allSettled(installs)).filter(
				(result) => result.status === 'rejected',
			);
			if (failed.length > 0)
				throw new Error(
					failed.map((result) => result.reason?.message ?? String(result.reason)).join('\n'),
				);
			return;
		}
		case 'path':
			log(await ensureInstalled({ hostVersion: host, log: (line) => console.error(line) }));
			return;
		case '__supervise':
			superviseMain();
			return;
		case '__shared':
			await sharedKeeperMain(rest);
			return;
		default:
			console.error(
				`usage: node scripts/n8n-host.js install [--host=1|2|<release>] [--compat] [--force] [--verbose] | path [--host=…] (releases: ${COMPAT_VERSIONS.join(', ')})`,
			);
			process.exitCode = 2;
	}
}

module.exports = { cliMain };
