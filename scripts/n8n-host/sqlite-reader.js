'use strict';
/**
 * Reads an n8n's SQLite database through one long-lived child per host install (the host's Node and its
 * sqlite3 build): a query is a message, not a Node start (each start was ~60 ms of a core, and the suites
 * poll executions while they wait). The child ends after a moment without queries, or with its parent.
 */

const { spawn } = require('child_process');

const READER_SCRIPT = `
const sqlite3 = require('sqlite3');
const answer = (message) => process.stdout.write(JSON.stringify(message) + '\\n');
const run = ({ id, dbPath, sql, params }) => {
	const db = new sqlite3.Database(dbPath, sqlite3.OPEN_READONLY, (error) => {
		if (error) return answer({ id, error: String((error && error.stack) || error) });
		db.configure('busyTimeout', 15000);
		db.all(sql, params, (queryError, rows) => db.close(() => answer(queryError ? { id, error: String(queryError.stack || queryError) } : { id, rows })));
	});
};
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
	input += chunk;
	for (let newline = input.indexOf('\\n'); newline !== -1; newline = input.indexOf('\\n')) {
		const line = input.slice(0, newline);
		input = input.slice(newline + 1);
		run(JSON.parse(line));
	}
});
process.stdin.on('end', () => process.exit(0));`;

/** How long a reader waits for the next query before it ends. */
const IDLE_MS = 2000;
const readers = new Map();

function startReader(key, nodePath, hostDir) {
	const child = spawn(nodePath, ['-e', READER_SCRIPT], {
		cwd: hostDir,
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	const pending = new Map();
	const chunks = [];
	let stderr = '';
	let nextId = 0;
	let idleTimer = null;
	const reader = {};
	const forget = () => {
		if (readers.get(key) === reader) readers.delete(key);
	};
	const failAll = (error) => {
		forget();
		for (const { reject } of pending.values()) reject(error);
		pending.clear();
	};
	const settle = (line) => {
		const message = JSON.parse(line);
		const waiter = pending.get(message.id);
		pending.delete(message.id);
		if (!waiter) return;
		if (message.error) waiter.reject(new Error(`sqlite query failed: ${message.error}`));
		else waiter.resolve(message.rows);
	};
	child.stdout.setEncoding('utf8');
	child.stdout.on('data', (chunk) => {
		// Answers can be tens of MB (run data with files inline): look for the line's end in the new chunk only.
		for (let newline = chunk.indexOf('\n'); newline !== -1; newline = chunk.indexOf('\n')) {
			chunks.push(chunk.slice(0, newline));
			settle(chunks.splice(0).join(''));
			chunk = chunk.slice(newline + 1);
		}
		if (chunk) chunks.push(chunk);
		if (pending.size === 0) {
			clearTimeout(idleTimer);
			idleTimer = setTimeout(() => {
				forget();
				child.stdin.end();
			}, IDLE_MS);
		}
	});
	child.stderr.on('data', (chunk) => (stderr += chunk));
	child.on('error', failAll);
	child.stdin.on('error', failAll);
	child.on('exit', (code, signal) =>
		failAll(new Error(`sqlite reader exited (${code ?? signal}): ${stderr.slice(-2000)}`)),
	);
	reader.query = (dbPath, sql, params) =>
		new Promise((resolve, reject) => {
			clearTimeout(idleTimer);
			const id = ++nextId;
			pending.set(id, { resolve, reject });
			child.stdin.write(`${JSON.stringify({ id, dbPath, sql, params })}\n`);
		});
	return reader;
}

/** Rows of the SQLite database at dbPath, read with the host's Node (nodePath) and its install's sqlite3 (in hostDir). */
async function querySqlite({ nodePath, hostDir }, dbPath, sql, params = []) {
	const key = `${nodePath}\0${hostDir}`;
	if (!readers.has(key)) readers.set(key, startReader(key, nodePath, hostDir));
	return await readers.get(key).query(dbPath, sql, params);
}

module.exports = { querySqlite };
