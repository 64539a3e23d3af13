'use strict';
/**
 * 2. Receiving: the Fax Service Trigger vs a do-nothing trigger, a hand-built verifying route and the
 * bare Webhook node, K signed sent-fax callbacks each at a fixed concurrency against `n8n start`.
 */

const crypto = require('crypto');
const { URLSearchParams } = require('url');

const { procMemory, n8nServerPid, runLoad, percentile, median } = require('./measure');
const { PARAMS, log, MB, fixed, delay, check } = require('./config');

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
const sqliteTime = (value) =>
	new Date(
		/Z$|[+-]\d\d:?\d\d$/.test(value) ? value : `${String(value).replace(' ', 'T')}Z`,
	).getTime();

async function waitForFinished(n8n, workflowId, count, timeoutMs = 180000) {
	const until = Date.now() + timeoutMs;
	for (;;) {
		const [row] = await n8n.query(
			`SELECT COUNT(*) AS c FROM execution_entity WHERE workflowId = ? AND status IN ${FINISHED}`,
			[workflowId],
		);
		if (row.c >= count) return row.c;
		if (Date.now() > until)
			throw new Error(
				`${row.c} of ${count} executions of ${workflowId} finished within ${timeoutMs} ms`,
			);
		await delay(500);
	}
}

/** Fires callbacks at one workflow, waits for all its executions, measures. */
async function fireBatch(n8n, target, callbacks, expectedTotal) {
	const pid = n8nServerPid(n8n);
	const [{ lastId }] = await n8n.query(
		'SELECT COALESCE(MAX(CAST(id AS INTEGER)), 0) AS lastId FROM execution_entity WHERE workflowId = ?',
		[target.workflowId],
	);
	const rssBefore = procMemory(pid).rss;
	const started = Date.now();
	const load = await runLoad(
		callbacks.map((c) => ({ url: target.url, headers: c.headers, body: c.body })),
		{ concurrency: PARAMS.concurrency },
	);
	await waitForFinished(n8n, target.workflowId, expectedTotal);
	const rows = await n8n.query(
		'SELECT status, stoppedAt FROM execution_entity WHERE workflowId = ? AND CAST(id AS INTEGER) > ?',
		[target.workflowId, lastId],
	);
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
	trigger: {
		label: 'Fax Service Trigger',
		verifies: true,
		token: (items) => items['Fax Service Trigger']?.[0]?.sendToken,
	},
	floor: {
		label: 'do-nothing community trigger',
		verifies: false,
		token: (items) => recordOf(items['Bench Floor Trigger']?.[0]?.recordDetails).sendToken,
	},
	handBuilt: {
		label: 'Webhook → Crypto → IF → Respond',
		verifies: true,
		token: (items) => recordOf(items.Webhook?.[0]?.body?.recordDetails).sendToken,
	},
	webhook: {
		label: 'Webhook node (no verification)',
		verifies: false,
		token: (items) => recordOf(items.Webhook?.[0]?.body?.recordDetails).sendToken,
	},
};

async function benchReceive(n8n, sandbox, targets, signCallback, { variants, rounds, label }) {
	const sent = Object.fromEntries(variants.map((v) => [v, []]));
	const batches = Object.fromEntries(variants.map((v) => [v, []]));
	// Executions of earlier phases (and the hand-built route's forged-signature runs) are not this phase's.
	const expected = {};
	const firstId = {};
	for (const variant of variants) {
		const [row] = await n8n.query(
			'SELECT COUNT(*) AS c, COALESCE(MAX(CAST(id AS INTEGER)), 0) AS lastId FROM execution_entity WHERE workflowId = ?',
			[targets[variant].workflowId],
		);
		expected[variant] = row.c;
		firstId[variant] = row.lastId + 1;
	}
	const fire = async (variant, callbacks, measured) => {
		expected[variant] += callbacks.length;
		sent[variant].push(...callbacks.map((c) => c.sendToken));
		const result = await fireBatch(n8n, targets[variant], callbacks, expected[variant]);
		const ok200 = (result.statuses[200] || 0) === callbacks.length;
		const name = `${label}/${variant}${measured ? '' : ' warm-up'}`;
		check(
			`${name}: every callback answered 200`,
			ok200,
			JSON.stringify(result.statuses) +
				(ok200 ? '' : `: ${[...new Set(result.failures)].join(' | ')}`),
		);
		check(
			`${name}: one successful execution per callback`,
			result.executionsSucceeded === callbacks.length,
			`${result.executionsSucceeded} of ${callbacks.length} (${result.executionsRecorded} recorded)`,
		);
		if (measured) batches[variant].push(result);
		return result;
	};

	log(`${label}: warm-up, ${PARAMS.warmupCallbacks} callbacks each`);
	for (const variant of variants)
		await fire(variant, makeCallbacks(PARAMS.warmupCallbacks, sandbox, signCallback), false);

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
		const executions = (await n8n.executions(targets[variant].workflowId)).filter(
			(e) => Number(e.id) >= firstId[variant],
		);
		const tokens = executions
			.map((e) => RECEIVERS[variant].token(e.items))
			.filter(Boolean)
			.sort();
		const sentTokens = [...sent[variant]].sort();
		check(
			`${label}/${variant}: n8n recorded ${sentTokens.length} executions, one per callback sent, each with its record`,
			executions.length === sentTokens.length &&
				JSON.stringify(tokens) === JSON.stringify(sentTokens),
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
		const forged = makeCallbacks(3, sandbox, signCallback).map((c) => ({
			...c,
			headers: { ...c.headers, 'x-service-signature': 'f'.repeat(64) },
		}));
		const before = (
			await n8n.query('SELECT COUNT(*) AS c FROM execution_entity WHERE workflowId = ?', [
				targets[variant].workflowId,
			])
		)[0].c;
		const load = await runLoad(
			forged.map((c) => ({ url: targets[variant].url, headers: c.headers, body: c.body })),
			{ concurrency: 1 },
		);
		check(
			`${label}/${variant}: forged signatures answered 401`,
			(load.statuses[401] || 0) === forged.length,
			JSON.stringify(load.statuses),
		);
		if (variant === 'trigger') {
			await delay(1000);
			const after = (
				await n8n.query('SELECT COUNT(*) AS c FROM execution_entity WHERE workflowId = ?', [
					targets[variant].workflowId,
				])
			)[0].c;
			check(
				`${label}/trigger: forged signatures started no execution`,
				after === before,
				`${after - before} started`,
			);
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
				summary.trigger && summary.handBuilt
					? summary.trigger.maxRssGrowthPerBurstBytes - summary.handBuilt.maxRssGrowthPerBurstBytes
					: NaN,
		},
	};
}

module.exports = { benchReceive };
