'use strict';
/**
 * Reads an n8n's SQLite database in this process, read-only, with Node's own SQLite (node:sqlite, Node
 * 22.5+: npm runs the tests on the repository's Node, the `node` dev dependency). No child process per
 * reader (each was ~0.3 s of a core, ~70 a run). Each query opens the file and closes it: n8n replaces
 * or removes it between queries; it writes beside a reader (WAL), and a query waits up to 15 s for a lock.
 */

let sqlite;
function nodeSqlite() {
	if (!sqlite) {
		try {
			sqlite = require('node:sqlite');
		} catch {
			throw new Error(
				`Reading n8n's SQLite database needs Node 22.5 or later (node:sqlite), not ${process.version}: run the tests through npm, which uses the repository's Node.`,
			);
		}
	}
	return sqlite;
}

/** Rows of the SQLite database at dbPath, as plain objects; `params` fill its `?` placeholders. */
function querySqlite(dbPath, sql, params = []) {
	const db = new (nodeSqlite().DatabaseSync)(dbPath, { readOnly: true, timeout: 15000 });
	try {
		return db
			.prepare(sql)
			.all(...params)
			.map((row) => ({ ...row }));
	} finally {
		db.close();
	}
}

module.exports = { querySqlite };
