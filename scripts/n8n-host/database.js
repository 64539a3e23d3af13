'use strict';
/** Reads n8n's SQLite database (read-only, through the host install's sqlite3): rows, executions, publication state. */

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const { HOST_DIR, HOST_MODULES } = require('./paths');
const { itemsOf } = require('./runs');

let flattedModule;
function flatted() {
	if (!flattedModule) flattedModule = require(require.resolve('flatted', { paths: [path.join(HOST_MODULES, 'n8n-workflow'), HOST_MODULES] }));
	return flattedModule;
}

const SQLITE_QUERY_SCRIPT = `
const [dbPath, sql, params] = process.argv.slice(1);
const sqlite3 = require('sqlite3');
const fail = (error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); };
const db = new sqlite3.Database(dbPath, sqlite3.OPEN_READONLY, (error) => error && fail(error));
db.configure('busyTimeout', 15000);
db.all(sql, JSON.parse(params), (error, rows) => {
	if (error) fail(error);
	db.close(() => process.stdout.write(JSON.stringify(rows)));
});`;

const FINISHED_STATUSES = new Set(['success', 'error', 'crashed', 'canceled']);

/** Rows of the sqlite database at dbPath ([] while it does not exist), read with the Node at nodePath (Node 24). */
function queryDatabase(nodePath, dbPath, sql, params = []) {
	if (!fs.existsSync(dbPath)) return [];
	const result = spawnSync(nodePath, ['-e', SQLITE_QUERY_SCRIPT, dbPath, sql, JSON.stringify(params)], {
		cwd: HOST_DIR,
		encoding: 'utf8',
		maxBuffer: 512 * 1024 * 1024,
		timeout: 60000,
	});
	if (result.status !== 0) throw new Error(`sqlite query failed: ${result.stderr || result.error}`);
	return JSON.parse(result.stdout);
}

/** The executions of one workflow (parameter: its id), oldest first, with their run data. */
const EXECUTIONS_SQL = `SELECT e.id, e.workflowId, e.mode, e.status, e.finished, e.startedAt, e.stoppedAt, e.createdAt, e.storedAt, d.data
	FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id
	WHERE e.workflowId = ? AND e.deletedAt IS NULL ORDER BY e.id`;

/** An EXECUTIONS_SQL row as executions() returns it (see N8nHostInstance.executions). */
function decodeExecution(row) {
	let data = null;
	let decodeError;
	if (row.data) {
		try {
			data = flatted().parse(row.data);
		} catch (error) {
			decodeError = error.message;
		}
	}
	const resultData = (data && data.resultData) || {};
	const items = {};
	for (const nodeName of Object.keys(resultData.runData || {})) items[nodeName] = itemsOf(data, nodeName);
	const meta = { ...row };
	delete meta.data;
	return {
		...meta,
		id: String(row.id),
		finished: Boolean(row.finished),
		lastNodeExecuted: resultData.lastNodeExecuted,
		error: resultData.error ? resultData.error.message || resultData.error : undefined,
		items,
		data,
		...(decodeError ? { decodeError } : {}),
	};
}

/**
 * Activation state of every published workflow, from n8n's publication tables:
 * [{ workflowId, name, versionId, state: 'pending' | 'activated' | 'failed', errors: [] }].
 * 'activated' when the published version's triggers report activated (or, without triggers, its
 * publication completed) and nothing is queued for it.
 * `query` is N8nHostInstance.query.
 */
async function readActivationStatus(query) {
	const workflows = await query(
		'SELECT id, name, activeVersionId FROM workflow_entity WHERE activeVersionId IS NOT NULL AND isArchived = 0',
	);
	if (workflows.length === 0) return [];
	const triggers = await query('SELECT workflowId, nodeId, versionId, status, errorMessage FROM workflow_publication_trigger_status');
	const outbox = await query('SELECT id, workflowId, publishedVersionId, status, errorMessage FROM workflow_publication_outbox ORDER BY id');
	return workflows.map((workflow) => {
		const mine = outbox.filter((row) => row.workflowId === workflow.id);
		const queued = mine.some((row) => row.status === 'pending' || row.status === 'in_progress');
		const last = mine.filter((row) => row.publishedVersionId === workflow.activeVersionId).pop();
		const rows = triggers.filter((row) => row.workflowId === workflow.id && row.versionId === workflow.activeVersionId);
		const errors = [
			...rows.filter((row) => row.status === 'failed').map((row) => row.errorMessage || `trigger ${row.nodeId} failed`),
			...(last && (last.status === 'failed' || last.status === 'partial_success') ? [last.errorMessage || `publication ${last.status}`] : []),
		];
		let state = 'pending';
		if (!queued && (rows.length > 0 || (last && last.status !== 'pending' && last.status !== 'in_progress'))) {
			state = errors.length > 0 ? 'failed' : 'activated';
		}
		return { workflowId: workflow.id, name: workflow.name, versionId: workflow.activeVersionId, state, errors };
	});
}

module.exports = { FINISHED_STATUSES, queryDatabase, EXECUTIONS_SQL, decodeExecution, readActivationStatus };
