'use strict';
/**
 * A migrated, empty n8n database per host install, copied into each new instance's folder: n8n's first
 * start on an empty folder runs every migration of its release (measured: 3.4 s of a 11.9 s first start
 * on 2.41.1, 1.2 s of 10.6 s on 1.123.69), once per instance, ~50 instances a test run. The template is
 * made by one `n8n list:workflow` (it migrates, lists nothing and exits) in a throwaway folder, then kept
 * beside the host's modules (rebuilt with them). It holds no owner, workflow, credential or key: n8n
 * derives its instance id from the encryption key at start, and encrypts nothing at migration.
 */

const fs = require('fs');
const os = require('os');
const path = require('path');

const { runCli } = require('./cli-commands');
const { withLock } = require('./util');

// The write-ahead log holds what n8n had not checkpointed when the CLI exited; the shared-memory index
// is rebuilt from it by SQLite when the copy is opened.
const FILES = ['database.sqlite', 'database.sqlite-wal'];

/** Where a host's template lives (inside its node_modules: removed and rebuilt with the install). */
const templateDir = (paths) => path.join(paths.HOST_MODULES, '.cache', 'template-db');

/**
 * The host's template database folder, made on first use (under a lock: jest workers create instances
 * side by side). `makeInstance` creates a throwaway, not started instance of the host for the CLI run.
 */
async function templateDatabase(paths, makeInstance) {
	const dir = templateDir(paths);
	if (fs.existsSync(path.join(dir, 'database.sqlite'))) return dir;
	fs.mkdirSync(path.dirname(dir), { recursive: true });
	return await withLock(`${dir}.lock`, async () => {
		if (fs.existsSync(path.join(dir, 'database.sqlite'))) return dir;
		const instance = await makeInstance(fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-template-')));
		try {
			const { code, stdout, stderr } = await runCli(instance, ['list:workflow']);
			if (code !== 0) throw new Error(`n8n list:workflow exited with ${code}: ${stdout}${stderr}`);
			const staging = `${dir}.staging`;
			fs.rmSync(staging, { recursive: true, force: true });
			fs.mkdirSync(staging);
			for (const file of FILES) {
				const source = path.join(instance.n8nFolder, file);
				if (fs.existsSync(source)) fs.copyFileSync(source, path.join(staging, file));
			}
			fs.renameSync(staging, dir);
			return dir;
		} finally {
			fs.rmSync(instance.userFolder, { recursive: true, force: true });
		}
	});
}

/** Copies the template into an instance folder that has no database yet. */
function copyTemplate(dir, n8nFolder) {
	if (fs.existsSync(path.join(n8nFolder, 'database.sqlite'))) return;
	fs.mkdirSync(n8nFolder, { recursive: true });
	for (const file of FILES) {
		const source = path.join(dir, file);
		if (fs.existsSync(source)) fs.copyFileSync(source, path.join(n8nFolder, file));
	}
}

module.exports = { templateDatabase, copyTemplate };
