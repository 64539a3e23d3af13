'use strict';
/** 3. Uploading a large PDF for AI extraction; 4. Return All: each ours vs n8n's own nodes, in `n8n execute` runs. */

const crypto = require('crypto');

const host = require('../../scripts/n8n-host');
const { executeMeasured, median } = require('./measure');
const wf = require('./workflows');
const { PARAMS, log, MB, check } = require('./config');

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
			const { run, peakRssBytes, wallMs } = await executeMeasured(n8n, workflows[variant].id, {
				timeoutMs: 240000,
			});
			const runData = (run.data && run.data.resultData && run.data.resultData.runData) || {};
			const nodes = [wf.MEASURED_NODE, ...(extraNodes[variant] || [])];
			const executionTimeMs = nodes.reduce(
				(sum, name) =>
					sum + ((runData[name] && runData[name][0] && runData[name][0].executionTime) || 0),
				0,
			);
			verify(`${label}/${variant} #${rep + 1}`, run, variant);
			runs[variant].push({
				rep: rep + 1,
				executionTimeMs,
				peakRssBytes,
				processWallMs: Math.round(wallMs),
			});
			log(
				`${label} ${variant} #${rep + 1}: ${executionTimeMs} ms, peak RSS ${MB(peakRssBytes)} MB (process ${Math.round(wallMs)} ms)`,
			);
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
			check(
				`${name}: execution succeeded`,
				!resultData.error,
				resultData.error && resultData.error.message,
			);
			const [output] = host.itemsOf(run, wf.MEASURED_NODE) || [];
			check(
				`${name}: the answer carries an aiToken`,
				output && typeof output.aiToken === 'string',
				JSON.stringify(output).slice(0, 200),
			);
			const posts = sandbox.requests.filter(
				(r) => r.method === 'POST' && r.path === '/api/v2/ai_documents' && !r.benchChecked,
			);
			const intact = posts.filter(
				(r) =>
					r.status === 201 &&
					r.files.length === 1 &&
					r.files[0].data &&
					r.files[0].data.length === bytes.length &&
					sha256(r.files[0].data) === expectedHash,
			);
			check(
				`${name}: one POST /ai_documents with the file's exact ${bytes.length} bytes`,
				posts.length === 1 && intact.length === 1,
				`${intact.length} intact of ${posts.length}`,
			);
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
			const response = await fetch(`${sandbox.baseUrl}/sent_faxes`, {
				method: 'POST',
				headers: { authorization: `Bearer ${sandbox.testKey}` },
				body: form(i),
			});
			if (response.status !== 201)
				throw new Error(`seeding sent fax ${i}: HTTP ${response.status}`);
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
			check(
				`${name}: execution succeeded`,
				!resultData.error,
				resultData.error && resultData.error.message,
			);
			const items =
				host.itemsOf(run, variant === 'httpRequest' ? wf.SPLIT_NODE : wf.MEASURED_NODE) || [];
			const ids = new Set(items.map((json) => json.sendToken));
			check(
				`${name}: ${total} items, one per sent fax`,
				items.length === total && ids.size === total,
				`${items.length} items, ${ids.size} distinct ids`,
			);
		},
	});
}

module.exports = { benchAiUpload, seedSentFaxes, benchReturnAll };
