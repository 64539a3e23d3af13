const { Worker } = require('worker_threads');
const fs = require('fs');
const os = require('os');
const path = require('path');

/**
 * How fast this machine runs the suite, measured once when jest starts (jest.config.js), and what the
 * run takes from it: how many suites side by side, and how long a wait may last before it counts as
 * failed. Every jest worker, and every n8n the harness starts, reads the figure from the environment
 * (FAX_SERVICE_MACHINE), so the run measures once.
 *
 * The measure: one thread per core, all at once, each running the same fixed work (JSON, regular
 * expressions, string building: what n8n and the suite spend their time on). Its wall time against
 * the developers' machine's (REFERENCE_MS) is the machine's slowness: 1 there, 2 on a machine half as
 * fast or with one of two cores taken by something else.
 */

/**
 * The calibration's wall time on the developers' 2-core machine, idle: the median of 13 runs on
 * 2026-11-28, which spread from 152 to 269 ms (the machines share their hosts' cores).
 */
const REFERENCE_MS = 220;
/** Below this, a slower calibration is that spread, not a slower machine: the run keeps its workers. */
const SPREAD = 1.5;
/**
 * Suites side by side per core of the developers' speed: five on its two cores, where the CPU no longer
 * sat idle while the end-to-end suites waited on n8n (CONTRIBUTING.md, Tests).
 */
const WORKERS_PER_CORE = 2.5;
/** What one worker may hold at once: up to three n8n processes (queue mode) and a browser. */
const BYTES_PER_WORKER = 3 * 1024 ** 3;
const ROUNDS = 5;

/** The fixed work of one thread. Also the source of each calibration thread. */
function calibrationWork() {
	let checksum = 0;
	for (let round = 0; round < 400; round++) {
		const records = [];
		for (let i = 0; i < 400; i++)
			records.push({ id: `fax-${round}-${i}`, pages: i % 17, status: i % 3 ? 'sent' : 'queued' });
		const text = JSON.stringify(records);
		const parsed = JSON.parse(text);
		checksum += parsed.length + (text.match(/"status":"sent"/g) ?? []).length;
		checksum += text.replace(/fax-(\d+)/g, (_, n) => n).length;
	}
	return checksum;
}

/** Wall time of `count` threads doing the work at once, from the moment all are ready. */
async function runThreads(count) {
	const source = `${calibrationWork.toString()}
const { parentPort } = require('worker_threads');
parentPort.once('message', () => parentPort.postMessage(calibrationWork()));
parentPort.postMessage('ready');`;
	const workers = Array.from({ length: count }, () => new Worker(source, { eval: true }));
	try {
		await Promise.all(workers.map((worker) => firstMessage(worker)));
		const started = process.hrtime.bigint();
		await Promise.all(
			workers.map((worker) => {
				const done = firstMessage(worker);
				worker.postMessage('go');
				return done;
			}),
		);
		return Number(process.hrtime.bigint() - started) / 1e6;
	} finally {
		await Promise.all(workers.map((worker) => worker.terminate()));
	}
}

function firstMessage(worker) {
	return new Promise((resolve, reject) => {
		worker.once('message', resolve);
		worker.once('error', reject);
	});
}

/** Measures the machine (about a second) and decides the run's workers and wait scale. */
async function calibrateMachine() {
	const cores = os.availableParallelism?.() ?? os.cpus().length;
	const rounds = [];
	for (let round = 0; round < ROUNDS; round++) rounds.push(await runThreads(cores));
	const calibrationMs = [...rounds].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
	return shapeRun({ cores, memoryBytes: os.totalmem(), calibrationMs });
}

/**
 * The run a machine gets: its slowness (the calibration against the reference, never below 1), which
 * scales every ceiling, and its workers: WORKERS_PER_CORE per core of the reference's speed (the
 * reference's spread counts as its speed), as many as its memory holds, at least one.
 */
function shapeRun({ cores, memoryBytes, calibrationMs }) {
	const slowness = Math.max(1, Math.round((calibrationMs / REFERENCE_MS) * 100) / 100);
	const byCores = Math.floor((WORKERS_PER_CORE * cores) / (slowness < SPREAD ? 1 : slowness));
	const byMemory = Math.floor(memoryBytes / BYTES_PER_WORKER);
	return {
		cores,
		memoryGiB: Math.round(memoryBytes / 1024 ** 3),
		calibrationMs: Math.round(calibrationMs),
		referenceMs: REFERENCE_MS,
		slowness,
		workers: Math.max(1, Math.min(byCores, byMemory)),
	};
}

/** The run's machine, as jest.config.js measured it; a run outside jest (npm run dev, bench) counts as the reference. */
function machine() {
	const noted = process.env.FAX_SERVICE_MACHINE;
	if (noted) return JSON.parse(noted);
	return { slowness: 1 };
}

/**
 * The ceiling of a wait that ends on a definite outcome (a log line, a state, an exit): `ms` on the
 * developers' machine, longer in proportion on a slower one. Reaching it fails the wait, naming it.
 */
function ceiling(ms) {
	return Math.round(ms * machine().slowness);
}

/**
 * n8n's start-ups of this run, the figure a slow machine shows first: each `n8n start`, `worker` or
 * `webhook` the harness started notes its seconds in the run's notes folder (test/setup/global-setup.js),
 * and the run's report prints them (test/setup/time-report.js).
 */
const STARTS_FILE = 'n8n-starts.jsonl';

function noteN8nStart(start) {
	const dir = process.env.FAX_SERVICE_RUN_NOTES;
	if (!dir || !fs.existsSync(dir)) return;
	fs.appendFileSync(path.join(dir, STARTS_FILE), `${JSON.stringify(start)}\n`);
}

/** The start-ups noted in `dir`: { host, command, readyMs, startupMs }[]. */
function notedN8nStarts(dir) {
	const file = path.join(dir, STARTS_FILE);
	if (!fs.existsSync(file)) return [];
	return fs
		.readFileSync(file, 'utf8')
		.split('\n')
		.filter((line) => line !== '')
		.map((line) => JSON.parse(line));
}

module.exports = {
	calibrateMachine,
	shapeRun,
	machine,
	ceiling,
	noteN8nStart,
	notedN8nStarts,
	REFERENCE_MS,
};
