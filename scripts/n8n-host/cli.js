'use strict';
/** The command line of scripts/n8n-host.js: install [--force] [--verbose], path, and the supervisor's __supervise. */

const { ensureInstalled } = require('./install');
const { superviseMain } = require('./processes');

async function cliMain(argv) {
	const [command, ...rest] = argv;
	const log = (line) => console.log(line);
	switch (command) {
		case 'install': {
			const started = Date.now();
			const bin = await ensureInstalled({ log, force: rest.includes('--force'), echo: rest.includes('--verbose') });
			log(`n8n host: ready in ${Math.round((Date.now() - started) / 1000)} s: ${bin}`);
			return;
		}
		case 'path':
			log(await ensureInstalled({ log: (line) => console.error(line) }));
			return;
		case '__supervise':
			superviseMain();
			return;
		default:
			console.error('usage: node scripts/n8n-host.js install [--force] [--verbose] | path');
			process.exitCode = 2;
	}
}

module.exports = { cliMain };
