'use strict';
/**
 * 1. Sending: Fax Service "Sent Fax → Send" vs HTTP Request multipart POST /sent_faxes, N items, each
 * variant in its own `n8n execute` process, for each N and each service latency (a latency proxy).
 */

const host = require('../../scripts/n8n-host');
const { executeMeasured, median } = require('./measure');
const wf = require('./workflows');
const { startLatencyProxy } = require('./latency-proxy');
const { PARAMS, log, MB, fixed, check } = require('./config');

/** Checks one send execution: N `{message, faxId}` outputs and N intact, authenticated POSTs. */
function verifySend(label, run, posts, { n, pdf, testKey }) {
	const resultData = (run.data && run.data.resultData) || {};
	check(
		`${label}: execution succeeded`,
		!resultData.error && (!run.status || run.status === 'success'),
		resultData.error && resultData.error.message,
	);
	const items = host.itemsOf(run, wf.SEND_NODE) || [];
	const good = items.filter(
		(json) => typeof json.message === 'string' && /^[0-9a-f]{24}$/.test(String(json.faxId)),
	);
	check(
		`${label}: ${n} {message, faxId} outputs`,
		good.length === n && new Set(good.map((json) => json.faxId)).size === n,
		`${good.length} of ${items.length}`,
	);
	check(
		`${label}: ${n} POST /sent_faxes reached the sandbox`,
		posts.length === n,
		`${posts.length}`,
	);
	const intact = posts.filter(
		(r) =>
			r.status === 201 &&
			r.headers.authorization === `Bearer ${testKey}` &&
			r.files.length === 1 &&
			r.files[0].field === 'file' &&
			r.files[0].data.equals(pdf),
	);
	check(
		`${label}: every POST authenticated, 201, with the PDF's exact bytes`,
		intact.length === n,
		`${intact.length} of ${posts.length}`,
	);
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
			const { run, peakRssBytes, wallMs } = await executeMeasured(n8n, workflows[variant].id, {
				timeoutMs: 240000,
			});
			const posts = sandbox.requests
				.slice(before)
				.filter((r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes');
			verifySend(`${label}/${variant} #${rep + 1}`, run, posts, {
				n,
				pdf: pdf.bytes,
				testKey: sandbox.testKey,
			});
			totalPosts += posts.length;
			for (const post of posts)
				post.files = post.files.map((file) => ({ ...file, data: Buffer.alloc(0) })); // checked: let the bytes go
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
			log(
				`${label} ${variant} #${rep + 1}: ${entry.executionTimeMs} ms, ${fixed(entry.itemsPerSec)} items/s, peak RSS ${MB(peakRssBytes)} MB (process ${entry.processWallMs} ms)`,
			);
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
	check(
		`${label}: sandbox got 2N POSTs per repetition`,
		totalPosts === expected,
		`${totalPosts} of ${expected}`,
	);
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
					data: {
						baseUrl,
						authenticateWith: 'test',
						testApiKey: sandbox.testKey,
						liveApiKey: sandbox.liveKey,
					},
				},
			]);
			for (const n of PARAMS.sendCounts) {
				const common = { n, pdfUrl: pdf.url, fromNumber: PARAMS.fromNumber, baseUrl };
				const [faxService, httpRequest] = await n8n.importWorkflows([
					wf.faxServiceSend({ ...common, credential }),
					wf.httpRequestSend({ ...common, credential: headerCredential }),
				]);
				log(
					`1. sending ${n} faxes at ${latencyMs} ms of service latency × ${PARAMS.sendRepetitions} runs per variant`,
				);
				configs.push(
					await benchSend(n8n, sandbox, { faxService, httpRequest }, pdf, { n, latencyMs, proxy }),
				);
			}
		} finally {
			if (proxy) await proxy.close();
		}
	}
	return { configs };
}

module.exports = { benchSendMatrix };
