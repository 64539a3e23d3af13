#!/usr/bin/env node
'use strict';
/**
 * Benchmarks of n8n-nodes-fax-service against the same work done with n8n's own nodes, in one real
 * n8n (scripts/n8n-host.js) and the local sandbox, loopback only. See bench/README.md.
 *
 *   1. Sending: Fax Service "Sent Fax → Send" vs HTTP Request multipart POST /sent_faxes, N items,
 *      each variant in its own `n8n execute` process (node executionTime, items/s, peak RSS), for
 *      each N and each service latency (a latency proxy in front of the sandbox).
 *   2. Receiving: Fax Service Trigger vs Webhook node, K signed sent-fax callbacks each at a fixed
 *      concurrency against `n8n start` (requests/s, p50/p95 latency, executions recorded, RSS).
 *
 * Needs `npm run build` and `tsc -p tsconfig.sandbox.json` first; run with Node 24:
 *   PATH=/work/main/node_modules/.bin:$PATH node bench/run.js        (BENCH_QUICK=1 for a smoke run)
 * Parameters (environment): BENCH_N (list), BENCH_LATENCY_MS (list), BENCH_SEND_BYTES, BENCH_REPS, BENCH_K, BENCH_CONCURRENCY, BENCH_ROUNDS, BENCH_WARMUP,
 * BENCH_ONLY=send,upload,returnAll,receive (parts to run), BENCH_VARIANTS (receivers), BENCH_TUNED_ROUNDS,
 * BENCH_TUNED_ENV, BENCH_UPLOAD_BYTES, BENCH_RETURN_ALL; N8N_HOST_KEEP_DATA=1 keeps n8n's folder and logs.
 * Writes bench/results/latest.json; exits 1 if a correctness check failed.
 */

const fs = require('fs');
const os = require('os');
const path = require('path');
const http = require('http');
const crypto = require('crypto');
const { URLSearchParams } = require('url');

const host = require('../scripts/n8n-host');
const { procMemory, n8nServerPid, executeMeasured, runLoad, percentile, median } = require('./lib/measure');
const wf = require('./lib/workflows');
const { startLatencyProxy } = require('./lib/latency-proxy');

const ROOT = host.REPO_ROOT;
const SANDBOX_JS = path.join(ROOT, '.build', 'sandbox', 'index.js');
const SIGNATURE_JS = path.join(ROOT, 'dist', 'nodes', 'shared', 'signature.js');
const RESULTS = path.join(__dirname, 'results', 'latest.json');

const quick = process.env.BENCH_QUICK === '1';
const RECEIVE_VARIANTS = ['trigger', 'floor', 'handBuilt', 'webhook'];
/** The setting the README's "High callback volume" recommends, measured in part 2b (BENCH_TUNED_ENV: other JSON). */
const TUNED_ENV = JSON.parse(process.env.BENCH_TUNED_ENV || '{"N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE":"true"}');
const num = (name, normal, small) => Number(process.env[name] || (quick ? small : normal));
const list = (name, normal, small) => String(process.env[name] || (quick ? small : normal)).split(',').map(Number);
const PARAMS = {
	sendCounts: list('BENCH_N', '40,200', '20'), // N items per send execution, one set of runs each
	sendLatencies: list('BENCH_LATENCY_MS', '0,150', '0,150'), // service latency (ms) put in front of the sandbox; 0: straight to it
	sendBytes: num('BENCH_SEND_BYTES', 0, 0), // size of each faxed PDF; 0: the sandbox's sample PDF
	sendRepetitions: num('BENCH_REPS', 3, 1), // executions per send variant (median reported)
	callbacksPerBatch: num('BENCH_K', 300, 30), // K callbacks per variant per round
	concurrency: num('BENCH_CONCURRENCY', 8, 4),
	receiveRounds: num('BENCH_ROUNDS', 2, 1), // rounds of one batch per variant, each variant leading one round in turn
	receiveVariants: (process.env.BENCH_VARIANTS || RECEIVE_VARIANTS.join(',')).split(',').filter((v) => RECEIVE_VARIANTS.includes(v)),
	tunedRounds: num('BENCH_TUNED_ROUNDS', 1, 1), // rounds with TUNED_ENV (0: skip)
	warmupCallbacks: num('BENCH_WARMUP', 20, 5), // per variant, before the rounds, not measured
	fromNumber: '+14155550001',
	parts: (process.env.BENCH_ONLY || 'send,upload,returnAll,receive').split(','), // which parts to run
	uploadBytes: num('BENCH_UPLOAD_BYTES', 50 * 1024 * 1024 - 4096, 5 * 1024 * 1024), // under the 50 MB AI limit (52,428,800 bytes)
	returnAllTotal: num('BENCH_RETURN_ALL', 3000, 300), // sent faxes listed by Return All
};
const BUDGET_MS = 20 * 60 * 1000; // safety net: the run is meant to take about 12 min

const log = (line) => process.stderr.write(`[bench] ${line}\n`);
const MB = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const checks = [];
const check = (name, ok, detail = '') => {
	checks.push({ name, ok: Boolean(ok), detail });
	if (!ok) log(`CHECK FAILED: ${name}${detail ? `: ${detail}` : ''}`);
};

// ---------------------------------------------------------------------------------------------
// Sample PDF: the sandbox's /samples/referral.pdf, else a tiny local server of our own
// ---------------------------------------------------------------------------------------------

const FALLBACK_PDF = Buffer.from(
	'%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
		'3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n% REFERRAL bench document\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
	'latin1',
);

async function samplePdf(sandbox) {
	const url = `${sandbox.origin}/samples/referral.pdf`;
	const response = await fetch(url).catch(() => null);
	if (response && response.ok) {
		const bytes = Buffer.from(await response.arrayBuffer());
		if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { url, bytes, source: 'sandbox /samples/referral.pdf', close: async () => {} };
	}
	const server = http.createServer((req, res) => {
		res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': FALLBACK_PDF.length });
		res.end(FALLBACK_PDF);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}/referral.pdf`,
		bytes: FALLBACK_PDF,
		source: 'local bench server',
		close: () => new Promise((resolve) => server.close(resolve)),
	};
}

// ---------------------------------------------------------------------------------------------
// 1. Sending
// ---------------------------------------------------------------------------------------------

/** Checks one send execution: N `{message, faxId}` outputs and N intact, authenticated POSTs. */
function verifySend(label, run, posts, { n, pdf, testKey }) {
	const resultData = (run.data && run.data.resultData) || {};
	check(`${label}: execution succeeded`, !resultData.error && (!run.status || run.status === 'success'), resultData.error && resultData.error.message);
	const items = host.itemsOf(run, wf.SEND_NODE) || [];
	const good = items.filter((json) => typeof json.message === 'string' && /^[0-9a-f]{24}$/.test(String(json.faxId)));
	check(`${label}: ${n} {message, faxId} outputs`, good.length === n && new Set(good.map((json) => json.faxId)).size === n, `${good.length} of ${items.length}`);
	check(`${label}: ${n} POST /sent_faxes reached the sandbox`, posts.length === n, `${posts.length}`);
	const intact = posts.filter(
		(r) =>
			r.status === 201 &&
			r.headers.authorization === `Bearer ${testKey}` &&
			r.files.length === 1 &&
			r.files[0].field === 'file' &&
			r.files[0].data.equals(pdf),
	);
	check(`${label}: every POST authenticated, 201, with the PDF's exact bytes`, intact.length === n, `${intact.length} of ${posts.length}`);
	const toNumbers = new Set(posts.map((r) => r.body && r.body.to_number));
	check(`${label}: ${n} distinct to_number fields`, toNumbers.size === n, `${toNumbers.size}`);
}

/** One send configuration (N items, a service latency): both variants, `BENCH_REPS` runs each, ABBA. */
async function benchSend(n8n, sandbox, workflows, pdf, { n, latencyMs, proxy }) {
	const runs = { faxService: [], httpRequest: [] };
	const label = `send ${n} @${latencyMs} ms`;
	let totalPosts = 0;
	for (let rep = 0; rep < PARAMS.sendRepetitions; rep++) {
		const order = rep % 2 === 0 ? ['faxService', 'httpRequest'] : ['httpRequest', 'faxService'];
		for (const variant of order) {
			const before = sandbox.requests.length;
			if (proxy) proxy.resetStats();
			const { run, peakRssBytes, wallMs } = await executeMeasured(n8n, workflows[variant].id, { timeoutMs: 240000 });
			const posts = sandbox.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes');
			verifySend(`${label}/${variant} #${rep + 1}`, run, posts, { n, pdf: pdf.bytes, testKey: sandbox.testKey });
			totalPosts += posts.length;
			for (const post of posts) post.files = post.files.map((file) => ({ ...file, data: Buffer.alloc(0) })); // checked: let the bytes go
			const task = run.data.resultData.runData[wf.SEND_NODE][0];
			const download = run.data.resultData.runData[wf.DOWNLOAD_NODE][0];
			const firstBinary = download.data.main[0][0].binary.data;
			const entry = {
				rep: rep + 1,
				executionTimeMs: task.executionTime,
				itemsPerSec: n / (task.executionTime / 1000),
				maxInFlight: proxy ? proxy.stats.maxInFlight : undefined,
				peakRssBytes,
				processWallMs: Math.round(wallMs),
				binaryDataMode: firstBinary.id ? String(firstBinary.id).split(':')[0] : 'memory (inline)',
			};
			runs[variant].push(entry);
			log(`${label} ${variant} #${rep + 1}: ${entry.executionTimeMs} ms, ${fixed(entry.itemsPerSec)} items/s, peak RSS ${MB(peakRssBytes)} MB (process ${entry.processWallMs} ms)`);
		}
	}
	const summary = {};
	for (const [variant, list] of Object.entries(runs)) {
		summary[variant] = {
			executionTimeMs: median(list.map((r) => r.executionTimeMs)),
			itemsPerSec: median(list.map((r) => r.itemsPerSec)),
			peakRssBytes: median(list.map((r) => r.peakRssBytes)),
			processWallMs: median(list.map((r) => r.processWallMs)),
			maxInFlight: proxy ? Math.max(...list.map((r) => r.maxInFlight)) : undefined,
			runs: list,
		};
	}
	const expected = 2 * n * PARAMS.sendRepetitions;
	check(`${label}: sandbox got 2N POSTs per repetition`, totalPosts === expected, `${totalPosts} of ${expected}`);
	return {
		n,
		latencyMs,
		faxService: summary.faxService,
		httpRequest: summary.httpRequest,
		ratios: {
			executionTime: summary.faxService.executionTimeMs / summary.httpRequest.executionTimeMs,
			peakRss: summary.faxService.peakRssBytes / summary.httpRequest.peakRssBytes,
		},
	};
}

/**
 * Every send configuration: for each service latency (a latency proxy in front of the sandbox, or
 * none at 0 ms) a Fax Service credential pointing at it, and for each N the two workflows.
 */
async function benchSendMatrix(n8n, sandbox, pdf, headerCredential) {
	const configs = [];
	for (const latencyMs of PARAMS.sendLatencies) {
		const proxy = latencyMs > 0 ? await startLatencyProxy(sandbox.origin, latencyMs) : null;
		try {
			const baseUrl = proxy ? `${proxy.origin}/api/v2` : sandbox.baseUrl;
			const [credential] = await n8n.importCredentials([
				{
					name: `Fax Service sandbox, ${latencyMs} ms`,
					type: 'faxServiceApi',
					data: { baseUrl, authenticateWith: 'test', testApiKey: sandbox.testKey, liveApiKey: sandbox.liveKey },
				},
			]);
			for (const n of PARAMS.sendCounts) {
				const common = { n, pdfUrl: pdf.url, fromNumber: PARAMS.fromNumber, baseUrl };
				const [faxService, httpRequest] = await n8n.importWorkflows([
					wf.faxServiceSend({ ...common, credential }),
					wf.httpRequestSend({ ...common, credential: headerCredential }),
				]);
				log(`1. sending ${n} faxes at ${latencyMs} ms of service latency × ${PARAMS.sendRepetitions} runs per variant`);
				configs.push(await benchSend(n8n, sandbox, { faxService, httpRequest }, pdf, { n, latencyMs, proxy }));
			}
		} finally {
			if (proxy) await proxy.close();
		}
	}
	return { configs };
}

// ---------------------------------------------------------------------------------------------
// 3. Uploading a large PDF for AI extraction; 4. Return All
// ---------------------------------------------------------------------------------------------

/** A valid-looking PDF of exactly `bytes` bytes (a comment padded to size). */
function largePdf(bytes) {
	const head = Buffer.from('%PDF-1.4\n% large bench document\n', 'latin1');
	const tail = Buffer.from('\n%%EOF\n', 'latin1');
	const body = Buffer.alloc(bytes - head.length - tail.length, '%');
	return Buffer.concat([head, body, tail]);
}

/** Serves one buffer over loopback (the large PDF the upload workflows download first). */
async function serveBuffer(bytes) {
	const server = http.createServer((req, res) => {
		res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': bytes.length });
		res.end(bytes);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${server.address().port}/large.pdf`, bytes, close: () => new Promise((resolve) => server.close(resolve)) };
}

const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * Runs two `n8n execute` variants `reps` times each (ABBA) and reports the measured node's time
 * (plus `extraNodes`' times) and the process's peak RSS. `verify(label, run, variant)` checks a run.
 */
async function benchPair(n8n, workflows, { reps, label, extraNodes = {}, verify }) {
	const runs = Object.fromEntries(Object.keys(workflows).map((v) => [v, []]));
	const variants = Object.keys(workflows);
	for (let rep = 0; rep < reps; rep++) {
		for (const variant of rep % 2 === 0 ? variants : [...variants].reverse()) {
			const { run, peakRssBytes, wallMs } = await executeMeasured(n8n, workflows[variant].id, { timeoutMs: 240000 });
			const runData = (run.data && run.data.resultData && run.data.resultData.runData) || {};
			const nodes = [wf.MEASURED_NODE, ...(extraNodes[variant] || [])];
			const executionTimeMs = nodes.reduce((sum, name) => sum + ((runData[name] && runData[name][0] && runData[name][0].executionTime) || 0), 0);
			verify(`${label}/${variant} #${rep + 1}`, run, variant);
			runs[variant].push({ rep: rep + 1, executionTimeMs, peakRssBytes, processWallMs: Math.round(wallMs) });
			log(`${label} ${variant} #${rep + 1}: ${executionTimeMs} ms, peak RSS ${MB(peakRssBytes)} MB (process ${Math.round(wallMs)} ms)`);
		}
	}
	const summary = {};
	for (const [variant, list] of Object.entries(runs)) {
		summary[variant] = {
			executionTimeMs: median(list.map((r) => r.executionTimeMs)),
			peakRssBytes: median(list.map((r) => r.peakRssBytes)),
			runs: list,
		};
	}
	const [ours, theirs] = variants;
	return {
		...summary,
		ratios: {
			executionTime: summary[ours].executionTimeMs / summary[theirs].executionTimeMs,
			peakRss: summary[ours].peakRssBytes / summary[theirs].peakRssBytes,
			peakRssDifferenceBytes: summary[ours].peakRssBytes - summary[theirs].peakRssBytes,
		},
	};
}

async function benchAiUpload(n8n, sandbox, workflows, bytes) {
	const expectedHash = sha256(bytes);
	return await benchPair(n8n, workflows, {
		reps: PARAMS.sendRepetitions,
		label: 'upload',
		verify: (name, run) => {
			const resultData = (run.data && run.data.resultData) || {};
			check(`${name}: execution succeeded`, !resultData.error, resultData.error && resultData.error.message);
			const [output] = host.itemsOf(run, wf.MEASURED_NODE) || [];
			check(`${name}: the answer carries an aiToken`, output && typeof output.aiToken === 'string', JSON.stringify(output).slice(0, 200));
			const posts = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/ai_documents' && !r.benchChecked);
			const intact = posts.filter((r) => r.status === 201 && r.files.length === 1 && r.files[0].data && r.files[0].data.length === bytes.length && sha256(r.files[0].data) === expectedHash);
			check(`${name}: one POST /ai_documents with the file's exact ${bytes.length} bytes`, posts.length === 1 && intact.length === 1, `${intact.length} intact of ${posts.length}`);
			for (const r of posts) {
				r.benchChecked = true;
				for (const f of r.files) f.data = Buffer.alloc(0); // 50 MB per request: do not keep it
			}
		},
	});
}

/** Creates `count` sent faxes directly through the sandbox's interface (not measured). */
async function seedSentFaxes(sandbox, count, pdfBytes) {
	const form = (i) => {
		const body = new FormData();
		body.append('from_number', PARAMS.fromNumber);
		body.append('to_number', `+1646555${String(i + 1).padStart(4, '0')}`);
		body.append('file', new Blob([pdfBytes], { type: 'application/pdf' }), 'seed.pdf');
		return body;
	};
	let next = 0;
	const worker = async () => {
		while (next < count) {
			const i = next++;
			const response = await fetch(`${sandbox.baseUrl}/sent_faxes`, { method: 'POST', headers: { authorization: `Bearer ${sandbox.testKey}` }, body: form(i) });
			if (response.status !== 201) throw new Error(`seeding sent fax ${i}: HTTP ${response.status}`);
		}
	};
	await Promise.all(Array.from({ length: 16 }, worker));
}

async function benchReturnAll(n8n, sandbox, workflows, total) {
	return await benchPair(n8n, workflows, {
		reps: PARAMS.sendRepetitions,
		label: 'return all',
		extraNodes: { httpRequest: [wf.SPLIT_NODE] },
		verify: (name, run, variant) => {
			const resultData = (run.data && run.data.resultData) || {};
			check(`${name}: execution succeeded`, !resultData.error, resultData.error && resultData.error.message);
			const items = host.itemsOf(run, variant === 'httpRequest' ? wf.SPLIT_NODE : wf.MEASURED_NODE) || [];
			const ids = new Set(items.map((json) => json.sendToken));
			check(`${name}: ${total} items, one per sent fax`, items.length === total && ids.size === total, `${items.length} items, ${ids.size} distinct ids`);
		},
	});
}

// ---------------------------------------------------------------------------------------------
// 2. Receiving
// ---------------------------------------------------------------------------------------------

/** `count` distinct sent-fax callbacks as the service sends them (spec 6.1/6.3), signed with the test key. */
function makeCallbacks(count, sandbox, signCallback) {
	return Array.from({ length: count }, (_, i) => {
		const sendToken = crypto.randomBytes(12).toString('hex');
		const completedAt = new Date(Date.now() - 1000 + i).toISOString();
		const payload = {
			sendToken,
			fromNumber: PARAMS.fromNumber,
			toNumber: '+12125550123',
			sentStatus: 'success',
			sentAt: new Date(Date.now() - 3000).toISOString(),
			completedAt,
			numPages: 1,
			errorDetails: null,
			isTest: true,
			secureLink: `${sandbox.origin}/files/${crypto.randomBytes(16).toString('hex')}`,
		};
		return {
			sendToken,
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				'x-service-signature': signCallback('sentFax', payload, sandbox.testKey),
				'user-agent': 'fax-service-sandbox',
			},
			body: new URLSearchParams({ recordDetails: JSON.stringify(payload) }).toString(),
		};
	});
}

const FINISHED = "('success','error','crashed','canceled')";
const sqliteTime = (value) => new Date(/Z$|[+-]\d\d:?\d\d$/.test(value) ? value : `${String(value).replace(' ', 'T')}Z`).getTime();

async function waitForFinished(n8n, workflowId, count, timeoutMs = 180000) {
	const until = Date.now() + timeoutMs;
	for (;;) {
		const [row] = await n8n.query(`SELECT COUNT(*) AS c FROM execution_entity WHERE workflowId = ? AND status IN ${FINISHED}`, [workflowId]);
		if (row.c >= count) return row.c;
		if (Date.now() > until) throw new Error(`${row.c} of ${count} executions of ${workflowId} finished within ${timeoutMs} ms`);
		await delay(500);
	}
}

/** Fires callbacks at one workflow, waits for all its executions, measures. */
async function fireBatch(n8n, target, callbacks, expectedTotal) {
	const pid = n8nServerPid(n8n);
	const [{ lastId }] = await n8n.query('SELECT COALESCE(MAX(CAST(id AS INTEGER)), 0) AS lastId FROM execution_entity WHERE workflowId = ?', [target.workflowId]);
	const rssBefore = procMemory(pid).rss;
	const started = Date.now();
	const load = await runLoad(
		callbacks.map((c) => ({ url: target.url, headers: c.headers, body: c.body })),
		{ concurrency: PARAMS.concurrency },
	);
	await waitForFinished(n8n, target.workflowId, expectedTotal);
	const rows = await n8n.query('SELECT status, stoppedAt FROM execution_entity WHERE workflowId = ? AND CAST(id AS INTEGER) > ?', [target.workflowId, lastId]);
	const drainMs = Math.max(...rows.map((r) => sqliteTime(r.stoppedAt))) - started;
	const memory = procMemory(pid);
	return {
		requests: callbacks.length,
		statuses: load.statuses,
		failures: load.failures,
		requestsPerSec: callbacks.length / (load.elapsedMs / 1000),
		latenciesMs: load.latenciesMs,
		executionsRecorded: rows.length,
		executionsSucceeded: rows.filter((r) => r.status === 'success').length,
		completedPerSec: rows.length / (drainMs / 1000),
		rssBeforeBytes: rssBefore,
		rssAfterBytes: memory.rss,
		rssGrowthBytes: memory.rss - rssBefore,
		n8nPeakRssBytes: memory.hwm,
	};
}

const recordOf = (text) => {
	try {
		return JSON.parse(text);
	} catch {
		return {};
	}
};

/**
 * The ways to receive the same callbacks: `token` finds the callback's sendToken in an execution's
 * items; `verifies` says whether a forged signature must be answered 401.
 */
const RECEIVERS = {
	trigger: { label: 'Fax Service Trigger', verifies: true, token: (items) => items['Fax Service Trigger']?.[0]?.sendToken },
	floor: { label: 'do-nothing community trigger', verifies: false, token: (items) => recordOf(items['Bench Floor Trigger']?.[0]?.recordDetails).sendToken },
	handBuilt: { label: 'Webhook → Crypto → IF → Respond', verifies: true, token: (items) => recordOf(items.Webhook?.[0]?.body?.recordDetails).sendToken },
	webhook: { label: 'Webhook node (no verification)', verifies: false, token: (items) => recordOf(items.Webhook?.[0]?.body?.recordDetails).sendToken },
};

async function benchReceive(n8n, sandbox, targets, signCallback, { variants, rounds, label }) {
	const sent = Object.fromEntries(variants.map((v) => [v, []]));
	const batches = Object.fromEntries(variants.map((v) => [v, []]));
	// Executions of earlier phases (and the hand-built route's forged-signature runs) are not this phase's.
	const expected = {};
	const firstId = {};
	for (const variant of variants) {
		const [row] = await n8n.query('SELECT COUNT(*) AS c, COALESCE(MAX(CAST(id AS INTEGER)), 0) AS lastId FROM execution_entity WHERE workflowId = ?', [targets[variant].workflowId]);
		expected[variant] = row.c;
		firstId[variant] = row.lastId + 1;
	}
	const fire = async (variant, callbacks, measured) => {
		expected[variant] += callbacks.length;
		sent[variant].push(...callbacks.map((c) => c.sendToken));
		const result = await fireBatch(n8n, targets[variant], callbacks, expected[variant]);
		const ok200 = (result.statuses[200] || 0) === callbacks.length;
		const name = `${label}/${variant}${measured ? '' : ' warm-up'}`;
		check(`${name}: every callback answered 200`, ok200, JSON.stringify(result.statuses) + (ok200 ? '' : `: ${[...new Set(result.failures)].join(' | ')}`));
		check(`${name}: one successful execution per callback`, result.executionsSucceeded === callbacks.length, `${result.executionsSucceeded} of ${callbacks.length} (${result.executionsRecorded} recorded)`);
		if (measured) batches[variant].push(result);
		return result;
	};

	log(`${label}: warm-up, ${PARAMS.warmupCallbacks} callbacks each`);
	for (const variant of variants) await fire(variant, makeCallbacks(PARAMS.warmupCallbacks, sandbox, signCallback), false);

	for (let round = 0; round < rounds; round++) {
		const callbacks = makeCallbacks(PARAMS.callbacksPerBatch, sandbox, signCallback); // the same K for every variant
		const order = variants.map((_, i) => variants[(i + round) % variants.length]); // each variant leads one round
		for (const variant of order) {
			const result = await fire(variant, callbacks, true);
			log(
				`${label} ${variant} round ${round + 1}: ${fixed(result.requestsPerSec)} req/s, p50 ${fixed(percentile(result.latenciesMs, 50))} ms, ` +
					`p95 ${fixed(percentile(result.latenciesMs, 95))} ms, ${result.executionsRecorded} executions, ${fixed(result.completedPerSec)} completed/s, ` +
					`RSS ${MB(result.rssBeforeBytes)} → ${MB(result.rssAfterBytes)} MB`,
			);
		}
	}

	// Every callback became exactly one execution carrying its record (decoded from n8n's database).
	const summary = {};
	for (const variant of variants) {
		const executions = (await n8n.executions(targets[variant].workflowId)).filter((e) => Number(e.id) >= firstId[variant]);
		const tokens = executions.map((e) => RECEIVERS[variant].token(e.items)).filter(Boolean).sort();
		const sentTokens = [...sent[variant]].sort();
		check(
			`${label}/${variant}: n8n recorded ${sentTokens.length} executions, one per callback sent, each with its record`,
			executions.length === sentTokens.length && JSON.stringify(tokens) === JSON.stringify(sentTokens),
			`${executions.length} executions, ${tokens.length} with a sendToken, ${sentTokens.length} sent` +
				executions
					.filter((e) => e.status !== 'success')
					.slice(0, 3)
					.map((e) => `; execution ${e.id} ${e.status}: ${e.error}`)
					.join(''),
		);
		const list = batches[variant];
		const latencies = list.flatMap((b) => b.latenciesMs);
		summary[variant] = {
			label: RECEIVERS[variant].label,
			requestsPerSec: median(list.map((b) => b.requestsPerSec)),
			non200Answers: list.reduce((sum, b) => sum + b.requests - (b.statuses[200] || 0), 0),
			p50Ms: percentile(latencies, 50),
			p95Ms: percentile(latencies, 95),
			completedPerSec: median(list.map((b) => b.completedPerSec)),
			rssGrowthPerBurstBytes: median(list.map((b) => b.rssGrowthBytes)),
			maxRssGrowthPerBurstBytes: Math.max(...list.map((b) => b.rssGrowthBytes)),
			executionsRecorded: executions.length,
			callbacksSent: sentTokens.length,
			rounds: list.map(({ latenciesMs, ...rest }) => ({
				...rest,
				p50Ms: percentile(latenciesMs, 50),
				p95Ms: percentile(latenciesMs, 95),
			})),
		};
	}

	// The verifying receivers answer a forged signature 401; the trigger starts no execution for it.
	for (const variant of variants.filter((v) => RECEIVERS[v].verifies)) {
		const forged = makeCallbacks(3, sandbox, signCallback).map((c) => ({ ...c, headers: { ...c.headers, 'x-service-signature': 'f'.repeat(64) } }));
		const before = (await n8n.query('SELECT COUNT(*) AS c FROM execution_entity WHERE workflowId = ?', [targets[variant].workflowId]))[0].c;
		const load = await runLoad(forged.map((c) => ({ url: targets[variant].url, headers: c.headers, body: c.body })), { concurrency: 1 });
		check(`${label}/${variant}: forged signatures answered 401`, (load.statuses[401] || 0) === forged.length, JSON.stringify(load.statuses));
		if (variant === 'trigger') {
			await delay(1000);
			const after = (await n8n.query('SELECT COUNT(*) AS c FROM execution_entity WHERE workflowId = ?', [targets[variant].workflowId]))[0].c;
			check(`${label}/trigger: forged signatures started no execution`, after === before, `${after - before} started`);
		}
	}

	const ratio = (a, b, key) => (summary[a] && summary[b] ? summary[a][key] / summary[b][key] : NaN);
	return {
		rounds,
		variants: summary,
		n8nPeakRssBytes: procMemory(n8nServerPid(n8n)).hwm,
		ratios: {
			completedVsHandBuilt: ratio('trigger', 'handBuilt', 'completedPerSec'),
			completedVsFloor: ratio('trigger', 'floor', 'completedPerSec'),
			completedVsWebhook: ratio('trigger', 'webhook', 'completedPerSec'),
			throughputVsHandBuilt: ratio('trigger', 'handBuilt', 'requestsPerSec'),
			// The largest growth: a burst's median can be negative when n8n's garbage collector runs in it.
			maxRssGrowthMinusHandBuiltBytes:
				summary.trigger && summary.handBuilt ? summary.trigger.maxRssGrowthPerBurstBytes - summary.handBuilt.maxRssGrowthPerBurstBytes : NaN,
		},
	};
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

function table(headers, rows) {
	const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
	const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`;
	return [line(headers), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(line)].join('\n');
}

function sendTable(send, p) {
	const rows = send.configs.map((c) => [
		`${c.latencyMs} ms`,
		c.n,
		Math.round(c.faxService.executionTimeMs),
		Math.round(c.httpRequest.executionTimeMs),
		`${fixed(c.ratios.executionTime, 2)}×`,
		MB(c.faxService.peakRssBytes),
		MB(c.httpRequest.peakRssBytes),
		`${fixed(c.ratios.peakRss, 2)}×`,
		c.faxService.maxInFlight === undefined ? '–' : `${c.faxService.maxInFlight} / ${c.httpRequest.maxInFlight}`,
	]);
	return [
		`1. Sending faxes (${p.sendBytes ? `${p.sendBytes} bytes each` : 'the sample PDF'}; median of ${p.sendRepetitions} n8n execute runs per variant; ours with its default Requests in Parallel)`,
		table(
			['service latency', 'faxes', 'ours ms', 'HTTP Request ms', 'time ratio', 'ours peak RSS MB', 'HTTP Request peak RSS MB', 'memory ratio', 'max in flight (ours / HTTP Request)'],
			rows,
		),
		'ratio: ours / HTTP Request node (below 1: ours is faster or smaller)',
		'',
	];
}

const RECEIVE_ORDER = RECEIVE_VARIANTS;

function receiveTable(receive, p, title) {
	const rows = RECEIVE_ORDER.filter((v) => receive.variants[v]).map((v) => {
		const s = receive.variants[v];
		return [
			s.label,
			fixed(s.requestsPerSec),
			fixed(s.p50Ms),
			fixed(s.p95Ms),
			s.non200Answers,
			fixed(s.completedPerSec),
			`${s.executionsRecorded} / ${s.callbacksSent}`,
			`${MB(s.rssGrowthPerBurstBytes)} (max ${MB(s.maxRssGrowthPerBurstBytes)})`,
		];
	});
	const r = receive.ratios;
	return [
		`${title}: ${p.callbacksPerBatch} signed callbacks × ${receive.rounds} rounds per variant, concurrency ${p.concurrency} (rates: median of rounds; latency: all rounds)`,
		table(['variant', 'req/s', 'p50 ms', 'p95 ms', 'non-200', 'completed/s', 'executions / sent', 'RSS growth per burst MB'], rows),
		`Fax Service Trigger, completed/s: ${fixed(r.completedVsHandBuilt, 2)}× the hand-built route, ${fixed(r.completedVsFloor, 2)}× the do-nothing trigger, ` +
			`${fixed(r.completedVsWebhook, 2)}× the bare Webhook node; largest RSS growth per burst minus the hand-built route's: ${MB(r.maxRssGrowthMinusHandBuiltBytes)} MB`,
		'',
	];
}

function pairTable(pair, title, labels) {
	return [
		`${title} (median of ${pair.faxService.runs.length} n8n execute runs per variant)`,
		table(
			['variant', 'node executionTime ms', 'peak RSS MB (n8n execute)'],
			[
				[labels[0], pair.faxService],
				[labels[1], pair.httpRequest],
			].map(([name, s]) => [name, Math.round(s.executionTimeMs), MB(s.peakRssBytes)]),
		),
		`ratio (ours / HTTP Request): time ${fixed(pair.ratios.executionTime, 2)}×, peak memory ${fixed(pair.ratios.peakRss, 2)}× (${MB(pair.ratios.peakRssDifferenceBytes)} MB)`,
		'',
	];
}

function report(result) {
	const { machine } = result;
	const failed = result.checks.filter((c) => !c.ok);
	return [
		`Machine: ${machine.cpus} × ${machine.cpuModel}, ${MB(machine.totalMemBytes)} MB RAM, load ${machine.loadAverageBefore.join(' ')} → ${machine.loadAverageAfter.join(' ')}`,
		`Node ${machine.node} (bench), ${machine.n8nNode} (n8n ${machine.n8nVersion}); binary data mode: ${machine.binaryDataMode}; PDF: ${machine.pdfSource}, ${machine.pdfBytes} bytes`,
		'',
		...(result.send ? sendTable(result.send, result.parameters) : []),
		...(result.receive ? receiveTable(result.receive, result.parameters, '2. Receiving, n8n defaults') : []),
		...(result.receiveTuned
			? receiveTable(result.receiveTuned, result.parameters, `2b. Receiving, tuned (${Object.entries(TUNED_ENV).map(([k, v]) => `${k}=${v}`).join(' ')})`)
			: []),
		...(result.upload ? pairTable(result.upload, `3. Uploading a ${MB(result.parameters.uploadBytes)} MB PDF for AI extraction`, ['Fax Service: AI Document → Upload', 'HTTP Request: POST multipart']) : []),
		...(result.returnAll
			? pairTable(result.returnAll, `4. Return All over ${result.parameters.returnAllTotal} sent faxes`, ['Fax Service: Sent Fax → Get Many, Return All', 'HTTP Request pagination + Split Out'])
			: []),
		failed.length === 0
			? `All ${result.checks.length} correctness checks passed.`
			: `${failed.length} of ${result.checks.length} checks FAILED:\n${failed.map((c) => `  - ${c.name}: ${c.detail}`).join('\n')}`,
		`Took ${Math.round(result.durationMs / 1000)} s. JSON: ${path.relative(process.cwd(), RESULTS)}`,
	].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

async function main() {
	const startedAt = Date.now();
	for (const [file, hint] of [
		[path.join(ROOT, 'dist', 'nodes', 'FaxService', 'FaxService.node.js'), 'npm run build'],
		[SIGNATURE_JS, 'npm run build'],
		[SANDBOX_JS, 'node_modules/.bin/tsc -p tsconfig.sandbox.json'],
	]) {
		if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run \`${hint}\` first.`);
	}
	const { startSandbox } = require(SANDBOX_JS);
	const { signCallback } = require(SIGNATURE_JS);
	const loadAverageBefore = os.loadavg().map((l) => l.toFixed(2));

	const sandbox = await startSandbox({ port: 0, maxUploadBytes: 64 * 1024 * 1024 });
	const pdf = await samplePdf(sandbox);
	log(`sandbox ${sandbox.baseUrl}; PDF from ${pdf.source} (${pdf.bytes.length} bytes)`);
	const n8n = await host.createInstance({ log, env: { N8N_CUSTOM_EXTENSIONS: path.join(__dirname, 'floor-trigger') } });
	const cleanup = async () => {
		await n8n.dispose().catch(() => {});
		if (process.env.N8N_HOST_KEEP_DATA === '1') log(`kept n8n's folder: ${n8n.userFolder} (n8n.log, n8n-cli.log)`);
		await sandbox.stop().catch(() => {});
		await pdf.close().catch(() => {});
	};
	const watchdog = setTimeout(() => {
		log(`time budget of ${BUDGET_MS / 60000} min exceeded: stopping`);
		cleanup().finally(() => process.exit(1));
	}, BUDGET_MS);
	watchdog.unref();

	try {
		const [faxCredential, headerCredential, cryptoCredential] = await n8n.importCredentials([
			{
				name: 'Fax Service sandbox',
				type: 'faxServiceApi',
				data: { baseUrl: sandbox.baseUrl, authenticateWith: 'test', testApiKey: sandbox.testKey, liveApiKey: sandbox.liveKey },
			},
			{ name: 'Sandbox bearer header', type: 'httpHeaderAuth', data: { name: 'Authorization', value: `Bearer ${sandbox.testKey}` } },
			{ name: 'Sandbox test key (HMAC)', type: 'crypto', data: { hmacSecret: sandbox.testKey } },
		]);
		const ids = { trigger: crypto.randomUUID(), floor: crypto.randomUUID(), handBuilt: crypto.randomUUID(), webhook: crypto.randomUUID() };
		const paths = {
			trigger: `${ids.trigger}/fax-service`,
			floor: `${ids.floor}/floor`,
			handBuilt: `bench-verify-${crypto.randomBytes(4).toString('hex')}`,
			webhook: `bench-${crypto.randomBytes(4).toString('hex')}`,
		};
		const bigPdf = PARAMS.parts.includes('upload') ? largePdf(PARAMS.uploadBytes) : null;
		const bigPdfServer = bigPdf ? await serveBuffer(bigPdf) : null;
		const callbackUrl = 'http://127.0.0.1:9/ai-callback'; // nobody listens: the upload is what is measured
		const [aiFaxService, aiHttpRequest, listFaxService, listHttpRequest, ...receivers] = await n8n.importWorkflows([
			wf.faxServiceAiUpload({ pdfUrl: bigPdfServer ? bigPdfServer.url : pdf.url, callbackUrl, credential: faxCredential }),
			wf.httpRequestAiUpload({ pdfUrl: bigPdfServer ? bigPdfServer.url : pdf.url, callbackUrl, baseUrl: sandbox.baseUrl, credential: headerCredential }),
			wf.faxServiceReturnAll({ credential: faxCredential }),
			wf.httpRequestReturnAll({ baseUrl: sandbox.baseUrl, credential: headerCredential }),
			wf.faxServiceTrigger({ webhookId: ids.trigger, credential: faxCredential }),
			wf.floorTrigger({ webhookId: ids.floor }),
			wf.handBuiltVerification({ webhookId: ids.handBuilt, path: paths.handBuilt, credential: cryptoCredential }),
			wf.webhookNode({ webhookId: ids.webhook, path: paths.webhook }),
		]);
		const workflowOf = Object.fromEntries(RECEIVE_VARIANTS.map((v, i) => [v, receivers[i]]));

		let send;
		if (PARAMS.parts.includes('send')) {
			const sendPdf = PARAMS.sendBytes ? await serveBuffer(largePdf(PARAMS.sendBytes)) : null;
			try {
				send = await benchSendMatrix(n8n, sandbox, sendPdf ? { url: sendPdf.url, bytes: sendPdf.bytes } : pdf, headerCredential);
			} finally {
				if (sendPdf) await sendPdf.close();
			}
		}

		let upload;
		if (bigPdf) {
			log(`3. uploading a ${MB(bigPdf.length)} MB PDF for AI extraction × ${PARAMS.sendRepetitions} runs per variant`);
			upload = await benchAiUpload(n8n, sandbox, { faxService: aiFaxService, httpRequest: aiHttpRequest }, bigPdf);
			await bigPdfServer.close();
		}

		let returnAll;
		if (PARAMS.parts.includes('returnAll')) {
			const existing = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes' && r.status === 201).length;
			log(`4. Return All: seeding ${PARAMS.returnAllTotal - existing} sent faxes (${existing} exist), then ${PARAMS.sendRepetitions} runs per variant`);
			await seedSentFaxes(sandbox, PARAMS.returnAllTotal - existing, pdf.bytes);
			returnAll = await benchReturnAll(n8n, sandbox, { faxService: listFaxService, httpRequest: listHttpRequest }, PARAMS.returnAllTotal);
		}

		let receive;
		let receiveTuned;
		if (PARAMS.parts.includes('receive')) {
			const variants = PARAMS.receiveVariants;
			log(`2. receiving (${variants.join(', ')}): publishing the workflows and starting n8n`);
			for (const variant of variants) await n8n.publishWorkflow(workflowOf[variant].id);
			const targets = Object.fromEntries(variants.map((v) => [v, { workflowId: workflowOf[v].id, url: n8n.webhookUrl(paths[v]) }]));
			const startReceiving = async () => {
				await n8n.start();
				for (const variant of variants) await n8n.waitForWebhook(paths[variant]);
			};
			await startReceiving();
			receive = await benchReceive(n8n, sandbox, targets, signCallback, { variants, rounds: PARAMS.receiveRounds, label: 'receive' });
			if (PARAMS.tunedRounds > 0) {
				log(`2b. receiving with ${JSON.stringify(TUNED_ENV)}: restarting n8n`);
				await n8n.stop();
				Object.assign(n8n.env, TUNED_ENV);
				await startReceiving();
				receiveTuned = await benchReceive(n8n, sandbox, targets, signCallback, { variants, rounds: PARAMS.tunedRounds, label: 'receive tuned' });
			}
		}

		const result = {
			generatedAt: new Date().toISOString(),
			durationMs: Date.now() - startedAt,
			machine: {
				cpus: os.cpus().length,
				cpuModel: os.cpus()[0] && os.cpus()[0].model,
				totalMemBytes: os.totalmem(),
				platform: `${os.platform()} ${os.release()} ${os.arch()}`,
				loadAverageBefore,
				loadAverageAfter: os.loadavg().map((l) => l.toFixed(2)),
				node: process.version,
				n8nNode: n8n.node.version,
				n8nVersion: JSON.parse(fs.readFileSync(path.join(n8n.paths.HOST_MODULES, 'n8n', 'package.json'), 'utf8')).version,
				packageVersion: JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version,
				binaryDataMode: send ? send.configs[0].faxService.runs[0].binaryDataMode : 'n/a',
				pdfSource: pdf.source,
				pdfBytes: pdf.bytes.length,
			},
			parameters: PARAMS,
			send,
			upload,
			returnAll,
			receive,
			receiveTuned,
			tunedEnv: TUNED_ENV,
			checks,
			ok: checks.every((c) => c.ok),
		};
		fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
		fs.writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
		console.log(report(result));
		if (!result.ok) process.exitCode = 1;
	} finally {
		clearTimeout(watchdog);
		await cleanup();
	}
}

main().catch((error) => {
	console.error(error && error.stack ? error.stack : error);
	process.exit(1);
});
