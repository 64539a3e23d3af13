'use strict';
/** The bench's parameters (from the environment, bench/run.js lists them), its log and its correctness checks. */

const quick = process.env.BENCH_QUICK === '1';
const RECEIVE_VARIANTS = ['trigger', 'floor', 'handBuilt', 'webhook'];
/**
 * The n8n 2.41 expression-engine settings part 2b measures, one n8n start each (BENCH_TUNED_ENVS: a JSON
 * array of other settings): the README's "High callback volume" recommends from these.
 */
const TUNED_ENVS = JSON.parse(
	process.env.BENCH_TUNED_ENVS ||
		JSON.stringify([
			{ N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
			{ N8N_EXPRESSION_ENGINE_COMPILE_CACHE: 'true' },
			{ N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true', N8N_EXPRESSION_ENGINE_COMPILE_CACHE: 'true' },
		]),
);
/** A setting as `NAME=value …`. */
const envLabel = (env) =>
	Object.entries(env)
		.map(([k, v]) => `${k}=${v}`)
		.join(' ');
const num = (name, normal, small) => Number(process.env[name] || (quick ? small : normal));
const list = (name, normal, small) =>
	String(process.env[name] || (quick ? small : normal))
		.split(',')
		.map(Number);
const PARAMS = {
	sendCounts: list('BENCH_N', '40,200', '20'), // N items per send execution, one set of runs each
	sendLatencies: list('BENCH_LATENCY_MS', '0,150', '0,150'), // service latency (ms) put in front of the sandbox; 0: straight to it
	sendBytes: num('BENCH_SEND_BYTES', 0, 0), // size of each faxed PDF; 0: the sandbox's sample PDF
	sendRepetitions: num('BENCH_REPS', 3, 1), // executions per send variant (median reported)
	callbacksPerBatch: num('BENCH_K', 300, 30), // K callbacks per variant per round
	concurrency: num('BENCH_CONCURRENCY', 8, 4),
	receiveRounds: num('BENCH_ROUNDS', 2, 1), // rounds of one batch per variant, each variant leading one round in turn
	receiveVariants: (process.env.BENCH_VARIANTS || RECEIVE_VARIANTS.join(','))
		.split(',')
		.filter((v) => RECEIVE_VARIANTS.includes(v)),
	tunedRounds: num('BENCH_TUNED_ROUNDS', 1, 1), // rounds with each of TUNED_ENVS (0: skip)
	warmupCallbacks: num('BENCH_WARMUP', 20, 5), // per variant, before the rounds, not measured
	fromNumber: '+14155550001',
	parts: (
		process.env.BENCH_ONLY || 'send,upload,returnAll,receive,letter,markdown,fonts,packet,images'
	).split(','), // which parts to run
	uploadBytes: num('BENCH_UPLOAD_BYTES', 50 * 1024 * 1024 - 4096, 5 * 1024 * 1024), // under the 50 MB AI limit (52,428,800 bytes)
	returnAllTotal: num('BENCH_RETURN_ALL', 3000, 300), // sent faxes listed by Return All
	letterPages: num('BENCH_LETTER_PAGES', 50, 50), // pages of the letter part 5 renders (without its cover page)
	letterRuns: num('BENCH_LETTER_RUNS', 9, 3), // timed renders per variant after the first (median reported)
};
const BUDGET_MS = 25 * 60 * 1000; // safety net: the run is meant to take about 15 min

const log = (line) => process.stderr.write(`[bench] ${line}\n`);
const MB = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const checks = [];
const check = (name, ok, detail = '') => {
	checks.push({ name, ok: Boolean(ok), detail });
	if (!ok) log(`CHECK FAILED: ${name}${detail ? `: ${detail}` : ''}`);
};

module.exports = {
	quick,
	RECEIVE_VARIANTS,
	TUNED_ENVS,
	envLabel,
	PARAMS,
	BUDGET_MS,
	log,
	MB,
	fixed,
	delay,
	checks,
	check,
};
