#!/usr/bin/env node
'use strict';
/**
 * A real n8n (2.x) for the end-to-end tests and for `npm run dev`: the module is ./n8n-host/ (API in
 * n8n-host/index.js). This file stays the entry that callers require and that the supervisor runs as.
 *
 * CLI:
 *   node scripts/n8n-host.js install [--force]   idempotent install; prints what it did
 *   node scripts/n8n-host.js path                 prints the n8n binary (installs first)
 */

module.exports = require('./n8n-host/index.js');

if (require.main === module) {
	require('./n8n-host/cli.js')
		.cliMain(process.argv.slice(2))
		.catch((error) => {
			console.error(error && error.message ? error.message : error);
			process.exit(1);
		});
}
