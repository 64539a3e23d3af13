'use strict';
/**
 * The command line of scripts/n8n-host.js: install [--host=1|2] [--force] [--verbose] (every host
 * unless --host names one), path [--host=1|2] (default N8N_HOST_VERSION, else 2), and the
 * supervisor's __supervise.
 */

const { ensureInstalled } = require('./install');
const { superviseMain } = require('./processes');
const { HOST_VERSIONS, resolveHost } = require('./hosts');

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
			const hostVersions = host === undefined ? HOST_VERSIONS : [resolveHost(host).hostVersion];
			// One after the other: each npm install wants the machine's cores.
			for (const hostVersion of hostVersions) {
				const started = Date.now();
				const bin = await ensureInstalled({ hostVersion, log, force: rest.includes('--force'), echo: rest.includes('--verbose') });
				log(`n8n host ${hostVersion}.x: ready in ${Math.round((Date.now() - started) / 1000)} s: ${bin}`);
			}
			return;
		}
		case 'path':
			log(await ensureInstalled({ hostVersion: host, log: (line) => console.error(line) }));
			return;
		case '__supervise':
			superviseMain();
			return;
		default:
			console.error('usage: node scripts/n8n-host.js install [--host=1|2] [--force] [--verbose] | path [--host=1|2]');
			process.exitCode = 2;
	}
}

module.exports = { cliMain };
