const { mkdtempSync } = require('fs');
const { tmpdir } = require('os');
const { join } = require('path');

/**
 * Where the run's shared n8n instances note themselves (scripts/n8n-host/shared.js), where its one
 * packed package is built (test/harness/package-tarball.ts) and where its parts note figures for the
 * report at its end (n8n's start-ups: scripts/machine.js, test/setup/time-report.js): folders of this
 * run, read by every worker through the environment; and this jest process's id, whose end stops the
 * shared n8n.
 */
module.exports = async () => {
	process.env.N8N_SHARED_HOSTS_DIR = mkdtempSync(join(tmpdir(), 'fax-service-shared-n8n-'));
	process.env.FAX_SERVICE_PACKED_DIR = mkdtempSync(join(tmpdir(), 'fax-service-packed-'));
	process.env.FAX_SERVICE_RUN_NOTES = mkdtempSync(join(tmpdir(), 'fax-service-run-notes-'));
	process.env.N8N_SHARED_HOSTS_PARENT = String(process.pid);
};
