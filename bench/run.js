#!/usr/bin/env node
'use strict';
/**
 * Benchmarks of n8n-nodes-fax-service against the same work done with n8n's own nodes, in one real
 * n8n (scripts/n8n-host.js) and the local sandbox, loopback only. See bench/README.md.
 *
 *   1. Sending: Fax Service "Sent Fax → Send" vs HTTP Request multipart POST /sent_faxes, N items,
 *      each variant in its own `n8n execute` process (node executionTime, items/s, peak RSS).
 *   2. Receiving: Fax Service Trigger vs Webhook node, K signed sent-fax callbacks each at a fixed
 *      concurrency against `n8n start` (requests/s, p50/p95 latency, executions recorded, RSS).
 *
 * Needs `npm run build` and `tsc -p tsconfig.sandbox.json` first; run with Node 24:
 *   PATH=/work/main/node_modules/.bin:$PATH node bench/run.js        (BENCH_QUICK=1 for a smoke run)
 * Parameters (environment): BENCH_N, BENCH_REPS, BENCH_K, BENCH_CONCURRENCY, BENCH_ROUNDS, BENCH_WARMUP,
 * BENCH_ONLY=send|receive (one part only); N8N_HOST_KEEP_DATA=1 keeps n8n's folder and logs.
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

const ROOT = host.REPO_ROOT;
const SANDBOX_JS = path.join(ROOT, '.build', 'sandbox', 'index.js');
const SIGNATURE_JS = path.join(ROOT, 'dist', 'nodes', 'shared', 'signature.js');
const RESULTS = path.join(__dirname, 'results', 'latest.json');

const quick = process.env.BENCH_QUICK === '1';
const num = (name, normal, small) => Number(process.env[name] || (quick ? small : normal));
const PARAMS = {
	sendItems: num('BENCH_N', 200, 20), // N items per send execution
	sendRepetitions: num('BENCH_REPS', 3, 1), // executions per send variant (median reported)
	callbacksPerBatch: num('BENCH_K', 300, 30), // K callbacks per variant per round
	concurrency: num('BENCH_CONCURRENCY', 8, 4),
	receiveRounds: num('BENCH_ROUNDS', 2, 1), // rounds of (Webhook batch, Trigger batch), order alternating
	warmupCallbacks: num('BENCH_WARMUP', 20, 5), // per variant, before the rounds, not measured
	fromNumber: '+14155550001',
	only: process.env.BENCH_ONLY || 'all', // 'send' or 'receive' to run one part
};
const BUDGET_MS = 9 * 60 * 1000; // safety net: the run is meant to take < 6 min

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

async function benchSend(n8n, sandbox, workflows, pdf) {
	const runs = { faxService: [], httpRequest: [] };
	for (let rep = 0; rep < PARAMS.sendRepetitions; rep++) {
		const order = rep % 2 === 0 ? ['faxService', 'httpRequest'] : ['httpRequest', 'faxService'];
		for (const variant of order) {
			const before = sandbox.requests.length;
			const { run, peakRssBytes, wallMs } = await executeMeasured(n8n, workflows[variant].id, { timeoutMs: 240000 });
			const posts = sandbox.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes');
			verifySend(`send/${variant} #${rep + 1}`, run, posts, { n: PARAMS.sendItems, pdf: pdf.bytes, testKey: sandbox.testKey });
			const task = run.data.resultData.runData[wf.SEND_NODE][0];
			const download = run.data.resultData.runData[wf.DOWNLOAD_NODE][0];
			const firstBinary = download.data.main[0][0].binary.data;
			const entry = {
				rep: rep + 1,
				executionTimeMs: task.executionTime,
				itemsPerSec: PARAMS.sendItems / (task.executionTime / 1000),
				peakRssBytes,
				processWallMs: Math.round(wallMs),
				binaryDataMode: firstBinary.id ? String(firstBinary.id).split(':')[0] : 'memory (inline)',
			};
			runs[variant].push(entry);
			log(`send ${variant} #${rep + 1}: ${entry.executionTimeMs} ms, ${fixed(entry.itemsPerSec)} items/s, peak RSS ${MB(peakRssBytes)} MB (process ${entry.processWallMs} ms)`);
		}
	}
	const summary = {};
	for (const [variant, list] of Object.entries(runs)) {
		summary[variant] = {
			executionTimeMs: median(list.map((r) => r.executionTimeMs)),
			itemsPerSec: median(list.map((r) => r.itemsPerSec)),
			peakRssBytes: median(list.map((r) => r.peakRssBytes)),
			processWallMs: median(list.map((r) => r.processWallMs)),
			runs: list,
		};
	}
	const totalPosts = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes').length;
	const expected = 2 * PARAMS.sendItems * PARAMS.sendRepetitions;
	check('send: sandbox got 2N POSTs per repetition', totalPosts === expected, `${totalPosts} of ${expected}`);
	return {
		faxService: summary.faxService,
		httpRequest: summary.httpRequest,
		ratios: {
			executionTime: summary.faxService.executionTimeMs / summary.httpRequest.executionTimeMs,
			peakRss: summary.faxService.peakRssBytes / summary.httpRequest.peakRssBytes,
		},
	};
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
		n8nPeakRssBytes: memory.hwm,
	};
}

async function benchReceive(n8n, sandbox, targets, signCallback) {
	const sent = { trigger: [], webhook: [] };
	const batches = { trigger: [], webhook: [] };
	const expected = { trigger: 0, webhook: 0 };
	const fire = async (variant, callbacks, measured) => {
		expected[variant] += callbacks.length;
		sent[variant].push(...callbacks.map((c) => c.sendToken));
		const result = await fireBatch(n8n, targets[variant], callbacks, expected[variant]);
		const ok200 = (result.statuses[200] || 0) === callbacks.length;
		check(`receive/${variant}${measured ? '' : ' warm-up'}: every callback answered 200`, ok200, JSON.stringify(result.statuses) + (ok200 ? '' : `: ${[...new Set(result.failures)].join(' | ')}`));
		check(`receive/${variant}${measured ? '' : ' warm-up'}: one successful execution per callback`, result.executionsSucceeded === callbacks.length, `${result.executionsSucceeded} of ${callbacks.length} (${result.executionsRecorded} recorded)`);
		if (measured) batches[variant].push(result);
		return result;
	};

	log(`receive: warm-up, ${PARAMS.warmupCallbacks} callbacks each`);
	for (const variant of ['webhook', 'trigger']) await fire(variant, makeCallbacks(PARAMS.warmupCallbacks, sandbox, signCallback), false);

	for (let round = 0; round < PARAMS.receiveRounds; round++) {
		const callbacks = makeCallbacks(PARAMS.callbacksPerBatch, sandbox, signCallback); // the same K for both variants
		for (const variant of round % 2 === 0 ? ['webhook', 'trigger'] : ['trigger', 'webhook']) {
			const result = await fire(variant, callbacks, true);
			log(
				`receive ${variant} round ${round + 1}: ${fixed(result.requestsPerSec)} req/s, p50 ${fixed(percentile(result.latenciesMs, 50))} ms, ` +
					`p95 ${fixed(percentile(result.latenciesMs, 95))} ms, ${result.executionsRecorded} executions, ${fixed(result.completedPerSec)} completed/s, ` +
					`RSS ${MB(result.rssBeforeBytes)} → ${MB(result.rssAfterBytes)} MB`,
			);
		}
	}

	// Every callback became exactly one execution carrying its record (decoded from n8n's database).
	const tokenOf = {
		trigger: (items) => items['Fax Service Trigger']?.[0]?.sendToken,
		webhook: (items) => {
			try {
				return JSON.parse(items.Webhook?.[0]?.body?.recordDetails).sendToken;
			} catch {
				return undefined;
			}
		},
	};
	const summary = {};
	for (const variant of ['trigger', 'webhook']) {
		const executions = await n8n.executions(targets[variant].workflowId);
		const tokens = executions.map((e) => tokenOf[variant](e.items)).filter(Boolean).sort();
		const sentTokens = [...sent[variant]].sort();
		check(
			`receive/${variant}: n8n recorded ${sentTokens.length} executions, one per callback sent, each with its record`,
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
			requestsPerSec: median(list.map((b) => b.requestsPerSec)),
			non200Answers: list.reduce((sum, b) => sum + b.requests - (b.statuses[200] || 0), 0),
			p50Ms: percentile(latencies, 50),
			p95Ms: percentile(latencies, 95),
			completedPerSec: median(list.map((b) => b.completedPerSec)),
			executionsRecorded: executions.length,
			callbacksSent: sentTokens.length,
			rssBeforeBytes: list[0].rssBeforeBytes,
			rssAfterBytes: list[list.length - 1].rssAfterBytes,
			rounds: list.map(({ latenciesMs, ...rest }) => ({
				...rest,
				p50Ms: percentile(latenciesMs, 50),
				p95Ms: percentile(latenciesMs, 95),
			})),
		};
	}
	return {
		trigger: summary.trigger,
		webhook: summary.webhook,
		n8nPeakRssBytes: procMemory(n8nServerPid(n8n)).hwm,
		ratios: {
			throughput: summary.trigger.requestsPerSec / summary.webhook.requestsPerSec,
			p95Latency: summary.trigger.p95Ms / summary.webhook.p95Ms,
			completedThroughput: summary.trigger.completedPerSec / summary.webhook.completedPerSec,
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
	return [
		`1. Sending ${p.sendItems} faxes (median of ${p.sendRepetitions} n8n execute runs per variant)`,
		table(
			['variant', 'node executionTime ms', 'items/s', 'peak RSS MB (n8n execute)', 'process wall ms'],
			[
				['Fax Service: Sent Fax → Send', send.faxService],
				['HTTP Request: POST multipart', send.httpRequest],
			].map(([name, s]) => [name, Math.round(s.executionTimeMs), fixed(s.itemsPerSec), MB(s.peakRssBytes), Math.round(s.processWallMs)]),
		),
		`ratio (ours / HTTP Request): time ${fixed(send.ratios.executionTime, 2)}×, peak memory ${fixed(send.ratios.peakRss, 2)}×`,
		'',
	];
}

function receiveTable(receive, p) {
	return [
		`2. Receiving ${p.callbacksPerBatch} signed callbacks × ${p.receiveRounds} rounds, concurrency ${p.concurrency} (req/s: median of rounds; latency: all rounds)`,
		table(
			['variant', 'req/s', 'p50 ms', 'p95 ms', 'non-200', 'completed/s', 'executions / sent', 'n8n RSS MB before → after'],
			[
				['Fax Service Trigger', receive.trigger],
				['Webhook node', receive.webhook],
			].map(([name, s]) => [
				name,
				fixed(s.requestsPerSec),
				fixed(s.p50Ms),
				fixed(s.p95Ms),
				s.non200Answers,
				fixed(s.completedPerSec),
				`${s.executionsRecorded} / ${s.callbacksSent}`,
				`${MB(s.rssBeforeBytes)} → ${MB(s.rssAfterBytes)}`,
			]),
		),
		`ratio (ours / Webhook): throughput ${fixed(receive.ratios.throughput, 2)}×, p95 latency ${fixed(receive.ratios.p95Latency, 2)}×, ` +
			`completed/s ${fixed(receive.ratios.completedThroughput, 2)}×`,
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
		...(result.receive ? receiveTable(result.receive, result.parameters) : []),
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

	const sandbox = await startSandbox({ port: 0 });
	const pdf = await samplePdf(sandbox);
	log(`sandbox ${sandbox.baseUrl}; PDF from ${pdf.source} (${pdf.bytes.length} bytes)`);
	const n8n = await host.createInstance({ log });
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
		const [faxCredential, headerCredential] = await n8n.importCredentials([
			{
				name: 'Fax Service sandbox',
				type: 'faxServiceApi',
				data: { baseUrl: sandbox.baseUrl, authenticateWith: 'test', testApiKey: sandbox.testKey, liveApiKey: sandbox.liveKey },
			},
			{ name: 'Sandbox bearer header', type: 'httpHeaderAuth', data: { name: 'Authorization', value: `Bearer ${sandbox.testKey}` } },
		]);
		const triggerWebhookId = crypto.randomUUID();
		const webhookPath = `bench-${crypto.randomBytes(4).toString('hex')}`;
		const common = { n: PARAMS.sendItems, pdfUrl: pdf.url, fromNumber: PARAMS.fromNumber, baseUrl: sandbox.baseUrl };
		const [faxService, httpRequest, trigger, webhook] = await n8n.importWorkflows([
			wf.faxServiceSend({ ...common, credential: faxCredential }),
			wf.httpRequestSend({ ...common, credential: headerCredential }),
			wf.faxServiceTrigger({ webhookId: triggerWebhookId, credential: faxCredential }),
			wf.webhookNode({ webhookId: crypto.randomUUID(), path: webhookPath }),
		]);

		let send;
		if (PARAMS.only !== 'receive') {
			log(`1. sending: ${PARAMS.sendItems} items × ${PARAMS.sendRepetitions} runs per variant (n8n execute, n8n server not running)`);
			send = await benchSend(n8n, sandbox, { faxService, httpRequest }, pdf);
		}

		let receive;
		if (PARAMS.only !== 'send') {
			log('2. receiving: publishing both workflows and starting n8n');
			await n8n.publishWorkflow(trigger.id);
			await n8n.publishWorkflow(webhook.id);
			await n8n.start();
			const targets = {
				trigger: { workflowId: trigger.id, url: n8n.webhookUrl(`${triggerWebhookId}/fax-service`) },
				webhook: { workflowId: webhook.id, url: n8n.webhookUrl(webhookPath) },
			};
			await n8n.waitForWebhook(`${triggerWebhookId}/fax-service`);
			await n8n.waitForWebhook(webhookPath);
			receive = await benchReceive(n8n, sandbox, targets, signCallback);
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
				n8nVersion: JSON.parse(fs.readFileSync(path.join(host.HOST_DIR, 'node_modules', 'n8n', 'package.json'), 'utf8')).version,
				packageVersion: JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version,
				binaryDataMode: send ? send.faxService.runs[0].binaryDataMode : 'n/a',
				pdfSource: pdf.source,
				pdfBytes: pdf.bytes.length,
			},
			parameters: PARAMS,
			send,
			receive,
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
