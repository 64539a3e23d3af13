'use strict';
/**
 * Reads n8n's database: SQLite (read-only, in this process with node:sqlite: sqlite.js) or
 * PostgreSQL (queue mode, through psql): rows, executions, activation state. The SQL below is written
 * once, in SQLite's spelling; queryPostgres() quotes its camelCase column names, as PostgreSQL needs.
 */

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const { itemsOf } = require('./runs');
const { querySqlite } = require('./sqlite');

/** The flatted module of a host install (how n8n serialises run data), by its node_modules folder. */
const flattedByModules = new Map();
function flatted(hostModules) {
	if (!flattedByModules.has(hostModules)) {
		flattedByModules.set(
			hostModules,
			require(
				require.resolve('flatted', {
					paths: [path.join(hostModules, 'n8n-workflow'), hostModules],
				}),
			),
		);
	}
	return flattedByModules.get(hostModules);
}

const FINISHED_STATUSES = new Set(['success', 'error', 'crashed', 'canceled']);

/** Rows of the sqlite database at dbPath ([] while it does not exist). */
async function queryDatabase(dbPath, sql, params = []) {
	if (!fs.existsSync(dbPath)) return [];
	return querySqlite(dbPath, sql, params);
}

/**
 * PostgreSQL's spelling of SQL written for SQLite: unquoted camelCase identifiers (`e.workflowId`) are
 * quoted (PostgreSQL folds unquoted names to lower case), `?` placeholders become psql variables.
 */
function postgresSql(sql) {
	let index = 0;
	return sql
		.replace(/(?<!["\w])([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(?!["\w])/g, '"$1"')
		.replace(/\?/g, () => `:'p${++index}'`);
}

/**
 * Rows of a PostgreSQL query, as queryDatabase() returns them: through psql (`connection`: { psql, host,
 * port, user, database }); `params` fill the `?` placeholders, passed as psql variables (psql quotes them).
 */
function queryPostgres(connection, sql, params = []) {
	const args = [
		'-h',
		connection.host,
		'-p',
		String(connection.port),
		'-U',
		connection.user,
		'-d',
		connection.database,
		'-X',
		'-q',
		'-A',
		'-t',
		'-v',
		'ON_ERROR_STOP=1',
	];
	params.forEach((value, i) =>
		args.push('-v', `p${i + 1}=${value === null || value === undefined ? '' : String(value)}`),
	);
	const result = spawnSync(connection.psql || 'psql', args, {
		input: `SELECT coalesce(json_agg(t), '[]') FROM (${postgresSql(sql)}) t;\n`,
		encoding: 'utf8',
		maxBuffer: 512 * 1024 * 1024,
		timeout: 60000,
	});
	if (result.status !== 0)
		throw new Error(`PostgreSQL query failed: ${result.stderr || result.error}`);
	return JSON.parse(result.stdout);
}

/**
 * Rows of an n8n instance's database: PostgreSQL through psql when its environment says so (DB_TYPE
 * postgresdb, e.g. a queue-mode cluster), else its SQLite file (sqlite.js).
 * `instance`: { env, dbPath }; SQL in SQLite's spelling.
 */
async function queryN8nDatabase({ env, dbPath }, sql, params = []) {
	if (env.DB_TYPE === 'postgresdb') {
		const connection = {
			host: env.DB_POSTGRESDB_HOST,
			port: env.DB_POSTGRESDB_PORT,
			user: env.DB_POSTGRESDB_USER,
			database: env.DB_POSTGRESDB_DATABASE,
		};
		return queryPostgres(connection, sql, params);
	}
	return await queryDatabase(dbPath, sql, params);
}

/** The executions of one workflow (parameter: its id), oldest first, with their run data. `e.*`: the columns differ per major (2.x adds storedAt). */
const EXECUTIONS_SQL = `SELECT e.*, d.data
	FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id
	WHERE e.workflowId = ? AND e.deletedAt IS NULL ORDER BY e.id`;

/** An EXECUTIONS_SQL row as executions() returns it (see N8nHostInstance.executions); hostModules: the host's node_modules. */
function decodeExecution(row, hostModules) {
	let data = null;
	let decodeError;
	if (row.data) {
		try {
			data = flatted(hostModules).parse(row.data);
		} catch (error) {
			decodeError = error.message;
		}
	}
	const resultData = (data && data.resultData) || {};
	const items = {};
	for (const nodeName of Object.keys(resultData.runData || {}))
		items[nodeName] = itemsOf(data, nodeName);
	// n8n 1.x on SQLite writes an execution's row, then its run data, in two statements and no
	// transaction (ExecutionRepository.updateExistingExecution with the default pool size 0). In between
	// the row says success or error while the data is still what was stored before: the waiting
	// snapshot (with its waitTill), the initial data (no node run yet) or the resume snapshot (its
	// waitTill cleared and the waiting node's run removed: ActiveExecutions.add, WaitingWebhooks). In
	// each, the last node executed has no run recorded. Such an execution is reported as still running,
	// its row's status kept as `rowStatus`, until its data is written. The same holds for a row that
	// already says waiting over the initial data: a button clicked then gets n8n 1.x's HTTP 500
	// ("Cannot read properties of undefined (reading 'pop')": WaitingWebhooks pops the waiting node's
	// run), so the execution is not waiting yet until that run is written.
	const lastNodeRuns = resultData.lastNodeExecuted
		? (resultData.runData || {})[resultData.lastNodeExecuted]
		: undefined;
	const lastNodeRan = Array.isArray(lastNodeRuns) && lastNodeRuns.length > 0;
	const finishedBehind =
		(row.status === 'success' || row.status === 'error') &&
		(Boolean(data?.waitTill) || !lastNodeRan);
	const waitingBehind = row.status === 'waiting' && !lastNodeRan;
	const dataBehind = data !== null && !resultData.error && (finishedBehind || waitingBehind);
	const meta = { ...row };
	delete meta.data;
	return {
		...meta,
		...(dataBehind ? { status: 'running', rowStatus: row.status } : {}),
		id: String(row.id),
		finished: dataBehind ? false : Boolean(row.finished),
		lastNodeExecuted: resultData.lastNodeExecuted,
		error: resultData.error ? resultData.error.message || resultData.error : undefined,
		items,
		data,
		...(decodeError ? { decodeError } : {}),
	};
}

/** The workflows n8n activates at start (both majors: an active version, not archived). */
const PUBLISHED_WORKFLOWS_SQL =
	'SELECT id, name, activeVersionId FROM workflow_entity WHERE activeVersionId IS NOT NULL AND NOT isArchived';
// n8n before about 1.115 (the compatibility releases) has no activeVersionId: an active workflow runs its current version.
const ACTIVE_WORKFLOWS_SQL =
	'SELECT id, name, versionId AS activeVersionId FROM workflow_entity WHERE active = 1';

/** The published (1.x: active) workflows, as the n8n's schema has them (SQLite or PostgreSQL). */
async function publishedWorkflows(query) {
	try {
		return await query(PUBLISHED_WORKFLOWS_SQL);
	} catch (error) {
		// Only the compatibility releases' SQLite databases lack the columns.
		if (!/no such column: (activeVersionId|isArchived)/.test(String(error && error.message)))
			throw error;
		return await query(ACTIVE_WORKFLOWS_SQL);
	}
}

/**
 * Activation state of every published workflow, from n8n 2.x's publication tables:
 * [{ workflowId, name, versionId, state: 'pending' | 'activated' | 'failed', errors: [] }].
 * 'activated' when the published version's triggers report activated (or, without triggers, its
 * publication completed) and nothing is queued for it.
 * `query` is N8nHostInstance.query.
 */
async function readActivationStatus(query) {
	const workflows = await publishedWorkflows(query);
	if (workflows.length === 0) return [];
	const triggers = await query(
		'SELECT workflowId, nodeId, versionId, status, errorMessage FROM workflow_publication_trigger_status',
	);
	const outbox = await query(
		'SELECT id, workflowId, publishedVersionId, status, errorMessage FROM workflow_publication_outbox ORDER BY id',
	);
	return workflows.map((workflow) => {
		const mine = outbox.filter((row) => row.workflowId === workflow.id);
		const queued = mine.some((row) => row.status === 'pending' || row.status === 'in_progress');
		const last = mine.filter((row) => row.publishedVersionId === workflow.activeVersionId).pop();
		const rows = triggers.filter(
			(row) => row.workflowId === workflow.id && row.versionId === workflow.activeVersionId,
		);
		const errors = [
			...rows
				.filter((row) => row.status === 'failed')
				.map((row) => row.errorMessage || `trigger ${row.nodeId} failed`),
			...(last && (last.status === 'failed' || last.status === 'partial_success')
				? [last.errorMessage || `publication ${last.status}`]
				: []),
		];
		let state = 'pending';
		if (
			!queued &&
			(rows.length > 0 || (last && last.status !== 'pending' && last.status !== 'in_progress'))
		) {
			state = errors.length > 0 ? 'failed' : 'activated';
		}
		return {
			workflowId: workflow.id,
			name: workflow.name,
			versionId: workflow.activeVersionId,
			state,
			errors,
		};
	});
}

/**
 * Activation state of every published workflow where n8n activates them during start-up, before
 * its ready line (1.x; 2.x with its publication service off), in readActivationStatus()'s shape.
 * Such an n8n keeps activation errors in memory only, so they are read from `startLog` (its log
 * since the last start; null before a start: every workflow 'pending'): its "Issue on initial
 * workflow activation try of" line and retries ("Activation of workflow … did fail") name the workflow.
 */
async function readStartupActivationStatus(query, startLog) {
	const workflows = await publishedWorkflows(query);
	const lines = startLog === null ? [] : startLog.split('\n');
	return workflows.map((workflow) => {
		const errors = lines.filter(
			(line) =>
				(line.includes('Issue on initial workflow activation try of') &&
					line.includes(`(ID: ${workflow.id})`)) ||
				(line.includes('Activation of workflow') && line.includes(`(${workflow.id}) did fail`)),
		);
		let state = 'pending';
		if (startLog !== null) state = errors.length > 0 ? 'failed' : 'activated';
		return {
			workflowId: workflow.id,
			name: workflow.name,
			versionId: workflow.activeVersionId,
			state,
			errors,
		};
	});
}

module.exports = {
	FINISHED_STATUSES,
	queryN8nDatabase,
	EXECUTIONS_SQL,
	decodeExecution,
	readActivationStatus,
	readStartupActivationStatus,
};
