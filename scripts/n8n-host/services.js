'use strict';
/**
 * The services n8n's queue mode needs, each a supervised child of this process on 127.0.0.1 with its own
 * free port and folder: PostgreSQL (Debian's postgresql package) and Redis (redis-server). Like n8n
 * itself (processes.js), each runs under the supervisor, so it stops when the process that started it
 * ends in any way. Nothing is persisted: the data folders are deleted by stop().
 *
 *   const postgres = await startPostgres({ log })   -> { port, database, user, host, dataDir, logFile, stop() }
 *   const redis = await startRedis({ log })         -> { port, host, logFile, stop() }
 */

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const { delay, tail } = require('./util');
const { freePorts } = require('./ports');
const { untrackGroup, killGroup, spawnSupervised, stopSupervised } = require('./processes');
const { findHostNode } = require('./node');
const { ceiling } = require('../machine');

const POSTGRES_READY_LINE = 'database system is ready to accept connections';
const REDIS_READY_LINE = 'Ready to accept connections';

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/<major>/bin), or null. */
function postgresBinDir() {
	const root = '/usr/lib/postgresql';
	if (!fs.existsSync(root)) return null;
	const majors = fs
		.readdirSync(root)
		.filter((major) => fs.existsSync(path.join(root, major, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return majors.length > 0 ? path.join(root, majors[0], 'bin') : null;
}

/** Which program is on PATH, or null. */
function which(program) {
	const result = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' });
	return result.status === 0 ? result.stdout.trim() : null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** [command, args] that run `program args` as the `postgres` user when this process is root (PostgreSQL refuses root), else as is. */
function asPostgresUser(program, args) {
	return isRoot()
		? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', program, ...args]]
		: [program, args];
}

function runOrThrow(command, args, what) {
	const result = spawnSync(command, args, { encoding: 'utf8', timeout: 120000 });
	if (result.status !== 0)
		throw new Error(
			`${what} failed (exit ${result.status}): ${result.error || ''}\n${tail(`${result.stdout}${result.stderr}`)}`,
		);
	return result.stdout;
}

/**
 * Runs `command args` under the supervisor (processes.js) with its output in logFile; resolves the
 * process once its log shows readyLine, rejects with the log's tail if it exits or takes longer than timeoutMs.
 */
async function startSupervised({
	name,
	command,
	args,
	cwd,
	logFile,
	readyLine,
	stopSignal,
	timeoutMs = ceiling(60000),
}) {
	const node = findHostNode(2).path;
	fs.writeFileSync(logFile, '');
	const proc = spawnSupervised(
		node,
		{ command, args, cwd, log: logFile, graceMs: 15000, stopSignal },
		{ ...process.env },
	);
	const exited = new Promise((resolve) =>
		proc.once('exit', (code, signal) => resolve({ code, signal })),
	);
	const startedAt = Date.now();
	for (;;) {
		await delay(100);
		const text = fs.readFileSync(logFile, 'utf8');
		if (text.includes(readyLine)) break;
		if (proc.exitCode !== null || proc.signalCode !== null || Date.now() - startedAt > timeoutMs) {
			killGroup(proc.pid);
			untrackGroup(proc.pid);
			throw new Error(`${name} did not get ready (log ${logFile}):\n${tail(text)}`);
		}
	}
	return {
		proc,
		readyMs: Date.now() - startedAt,
		stop: async () => await stopSupervised(proc, exited, 20000),
	};
}

/**
 * Runs `start(dir)` in a new temp folder (prefix `n8n-<name>-`): what it resolves is the service, whose
 * stop() also stops `server` and deletes the folder (kept with `keep`); a failed start deletes it too.
 */
async function inTempFolder(name, keep, start) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), `n8n-${name}-`));
	const remove = () => {
		if (!keep) fs.rmSync(dir, { recursive: true, force: true });
	};
	try {
		const { server, ...service } = await start(dir);
		return {
			...service,
			readyMs: server.readyMs,
			async stop() {
				await server.stop();
				remove();
			},
		};
	} catch (error) {
		remove();
		throw error;
	}
}

/**
 * A new PostgreSQL cluster in a temp folder with a database `n8n`, user `postgres`, trust auth on
 * 127.0.0.1 only. As root (CI), initdb and the server run as the `postgres` user Debian's package
 * creates (PostgreSQL refuses to run as root). Durability is off: it is thrown away afterwards.
 */
async function startPostgres({
	database = 'n8n',
	keep = process.env.N8N_HOST_KEEP_DATA === '1',
} = {}) {
	const bin = postgresBinDir();
	if (!bin)
		throw new Error(
			'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install -y postgresql',
		);
	const [port] = await freePorts(1);
	return await inTempFolder('postgres', keep, async (dir) => {
		const dataDir = path.join(dir, 'data');
		const socketDir = path.join(dir, 'sock');
		fs.mkdirSync(socketDir);
		if (isRoot())
			runOrThrow('chown', ['-R', 'postgres:postgres', dir], 'chown of the PostgreSQL folder');
		const logFile = path.join(dir, 'postgres.log');
		runOrThrow(
			...asPostgresUser(path.join(bin, 'initdb'), [
				'-D',
				dataDir,
				'-U',
				'postgres',
				'--auth=trust',
				'-E',
				'UTF8',
				'--no-sync',
			]),
			'initdb',
		);
		const [command, args] = asPostgresUser(path.join(bin, 'postgres'), [
			'-D',
			dataDir,
			'-p',
			String(port),
			'-k',
			socketDir,
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
			'-c',
			'max_connections=200',
		]);
		const server = await startSupervised({
			name: 'PostgreSQL',
			command,
			args,
			cwd: dir,
			logFile,
			readyLine: POSTGRES_READY_LINE,
			// Fast shutdown: SIGTERM would wait for every client to disconnect.
			stopSignal: 'SIGINT',
		});
		runOrThrow(
			path.join(bin, 'createdb'),
			['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database],
			`createdb ${database}`,
		);
		return {
			server,
			host: '127.0.0.1',
			port,
			user: 'postgres',
			database,
			dataDir,
			logFile,
			psql: path.join(bin, 'psql'),
		};
	});
}

/** A Redis server on a free port of 127.0.0.1, nothing persisted. */
async function startRedis({ keep = process.env.N8N_HOST_KEEP_DATA === '1' } = {}) {
	const redisServer = which('redis-server');
	if (!redisServer)
		throw new Error(
			'Redis is not installed (no redis-server on PATH): apt-get install -y redis-server',
		);
	const [port] = await freePorts(1);
	return await inTempFolder('redis', keep, async (dir) => {
		const logFile = path.join(dir, 'redis.log');
		const server = await startSupervised({
			name: 'Redis',
			command: redisServer,
			args: [
				'--port',
				String(port),
				'--bind',
				'127.0.0.1',
				'--save',
				'',
				'--appendonly',
				'no',
				'--dir',
				dir,
			],
			cwd: dir,
			logFile,
			readyLine: REDIS_READY_LINE,
		});
		return { server, host: '127.0.0.1', port, logFile };
	});
}

module.exports = { startPostgres, startRedis, postgresBinDir, startSupervised, inTempFolder };
