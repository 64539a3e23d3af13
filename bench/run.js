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
 *   3. Uploading a 50 MB PDF for AI extraction; 4. Return All over 3,000 sent faxes (ours vs HTTP Request).
 *   5. Rendering a 50-page letter (Document Source: Text) with renderLetter from dist/, in fresh Node
 *      processes (time, PDF bytes, peak RSS); no n8n needed, so `BENCH_ONLY=letter` starts none.
 *      5b. The same for a Markdown letter against pdfkit (`BENCH_ONLY=markdown`); 5c. a 10-page Japanese,
 *      a 10-page Vietnamese and a 10-page Arabic letter in an embedded TrueType font against pdfkit with
 *      the same font (`BENCH_ONLY=fonts`).
 *   6. Joining documents: a cover page in front of a 300-page scan, a 200-page text PDF, and three
 *      documents, by ours (dist/), pdf-lib and qpdf (time, peak RSS, bytes); no n8n either (`BENCH_ONLY=packet`).
 *   7. Images into one fax: 20 phone photos (JPEG) and 20 screenshots (PNG), one PDF per kind, by ours
 *      (dist/), pdf-lib and img2pdf (time, peak RSS, bytes); no n8n either (`BENCH_ONLY=images`).
 *
 * Needs `npm run build` and `tsc -p tsconfig.sandbox.json` first; run with Node 24:
 *   PATH=/work/main/node_modules/.bin:$PATH node bench/run.js        (BENCH_QUICK=1 for a smoke run)
 * Parameters (environment): BENCH_N (list), BENCH_LATENCY_MS (list), BENCH_SEND_BYTES, BENCH_REPS, BENCH_K, BENCH_CONCURRENCY, BENCH_ROUNDS, BENCH_WARMUP,
 * BENCH_ONLY=send,upload,returnAll,receive,letter,markdown,fonts,packet,images (parts to run), BENCH_VARIANTS (receivers), BENCH_TUNED_ROUNDS,
 * BENCH_TUNED_ENVS, BENCH_UPLOAD_BYTES, BENCH_RETURN_ALL, BENCH_LETTER_PAGES, BENCH_LETTER_RUNS, BENCH_PACKET_RUNS,
 * BENCH_PACKET_SCAN_PAGES, BENCH_PACKET_TEXT_PAGES;
 * N8N_HOST_KEEP_DATA=1 keeps n8n's folder and logs.
 * Writes bench/results/latest.json; exits 1 if a correctness check failed.
 */

const fs = require('fs');
const os = require('os');
const path = require('path');
const crypto = require('crypto');

const host = require('../scripts/n8n-host');
const wf = require('./lib/workflows');
const {
	RECEIVE_VARIANTS,
	TUNED_ENVS,
	envLabel,
	PARAMS,
	BUDGET_MS,
	log,
	MB,
	checks,
} = require('./lib/config');
const { samplePdf, largePdf, serveBuffer } = require('./lib/pdfs');
const { benchSendMatrix } = require('./lib/send');
const { benchAiUpload, seedSentFaxes, benchReturnAll } = require('./lib/upload-and-return-all');
const { benchReceive } = require('./lib/receive');
const { benchLetter } = require('./lib/letter');
const { benchMarkdownLetter } = require('./lib/markdown-letter');
const { benchFontLetter } = require('./lib/font-letter');
const { benchPacket } = require('./lib/packet');
const { benchImages } = require('./lib/images');
const { report } = require('./lib/report');

const ROOT = host.REPO_ROOT;
const SANDBOX_JS = path.join(ROOT, '.build', 'sandbox', 'index.js');
const SIGNATURE_JS = path.join(ROOT, 'dist', 'nodes', 'shared', 'callbacks', 'signature.js');
const PDF_JS = path.join(ROOT, 'dist', 'nodes', 'shared', 'pdf', 'index.js');
const RESULTS = path.join(__dirname, 'results', 'latest.json');

async function main() {
	const startedAt = Date.now();
	const packetWanted = PARAMS.parts.includes('packet');
	const standaloneOnly = PARAMS.parts.every((part) =>
		['letter', 'markdown', 'fonts', 'packet', 'images'].includes(part),
	);
	for (const [file, hint] of [
		[PDF_JS, 'npm run build'],
		...(standaloneOnly
			? []
			: [
					[path.join(ROOT, 'dist', 'nodes', 'FaxService', 'FaxService.node.js'), 'npm run build'],
					[SIGNATURE_JS, 'npm run build'],
					[SANDBOX_JS, 'node_modules/.bin/tsc -p tsconfig.sandbox.json'],
				]),
	]) {
		if (!fs.existsSync(file))
			throw new Error(`${path.relative(ROOT, file)} is missing: run \`${hint}\` first.`);
	}
	const loadAverageBefore = os.loadavg().map((l) => l.toFixed(2));
	const machineOf = (extra) => ({
		cpus: os.cpus().length,
		cpuModel: os.cpus()[0] && os.cpus()[0].model,
		totalMemBytes: os.totalmem(),
		platform: `${os.platform()} ${os.release()} ${os.arch()}`,
		loadAverageBefore,
		loadAverageAfter: os.loadavg().map((l) => l.toFixed(2)),
		node: process.version,
		packageVersion: JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version,
		...extra,
	});
	const finish = (result) => {
		fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
		fs.writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
		console.log(report(result, RESULTS));
		if (!result.ok) process.exitCode = 1;
	};

	// 5, 5b, 5c, 6 and 7 need neither the sandbox nor n8n: they run first, and alone when they are the only parts.
	const letter = PARAMS.parts.includes('letter') ? benchLetter(PDF_JS) : undefined;
	const markdownLetter = PARAMS.parts.includes('markdown')
		? benchMarkdownLetter(PDF_JS)
		: undefined;
	const fontLetter = PARAMS.parts.includes('fonts') ? benchFontLetter(PDF_JS) : undefined;
	const packet = packetWanted ? await benchPacket(PDF_JS) : undefined;
	const images = PARAMS.parts.includes('images') ? benchImages(PDF_JS) : undefined;
	if (standaloneOnly) {
		finish({
			generatedAt: new Date().toISOString(),
			durationMs: Date.now() - startedAt,
			machine: machineOf({}),
			parameters: PARAMS,
			letter,
			markdownLetter,
			fontLetter,
			packet,
			images,
			checks,
			ok: checks.every((c) => c.ok),
		});
		return;
	}

	const { startSandbox } = require(SANDBOX_JS);
	const { signCallback } = require(SIGNATURE_JS);
	const sandbox = await startSandbox({ port: 0, maxUploadBytes: 64 * 1024 * 1024 });
	const pdf = await samplePdf(sandbox);
	log(`sandbox ${sandbox.baseUrl}; PDF from ${pdf.source} (${pdf.bytes.length} bytes)`);
	const n8n = await host.createInstance({
		log,
		env: { N8N_CUSTOM_EXTENSIONS: path.join(__dirname, 'floor-trigger') },
	});
	const cleanup = async () => {
		await n8n.dispose().catch(() => {});
		if (process.env.N8N_HOST_KEEP_DATA === '1')
			log(`kept n8n's folder: ${n8n.userFolder} (n8n.log, n8n-cli.log)`);
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
				data: {
					baseUrl: sandbox.baseUrl,
					authenticateWith: 'test',
					testApiKey: sandbox.testKey,
					liveApiKey: sandbox.liveKey,
				},
			},
			{
				name: 'Sandbox bearer header',
				type: 'httpHeaderAuth',
				data: { name: 'Authorization', value: `Bearer ${sandbox.testKey}` },
			},
			{ name: 'Sandbox test key (HMAC)', type: 'crypto', data: { hmacSecret: sandbox.testKey } },
		]);
		const ids = {
			trigger: crypto.randomUUID(),
			floor: crypto.randomUUID(),
			handBuilt: crypto.randomUUID(),
			webhook: crypto.randomUUID(),
		};
		const paths = {
			trigger: `${ids.trigger}/fax-service`,
			floor: `${ids.floor}/floor`,
			handBuilt: `bench-verify-${crypto.randomBytes(4).toString('hex')}`,
			webhook: `bench-${crypto.randomBytes(4).toString('hex')}`,
		};
		const bigPdf = PARAMS.parts.includes('upload') ? largePdf(PARAMS.uploadBytes) : null;
		const bigPdfServer = bigPdf ? await serveBuffer(bigPdf) : null;
		const callbackUrl = 'http://127.0.0.1:9/ai-callback'; // nobody listens: the upload is what is measured
		const [aiFaxService, aiHttpRequest, listFaxService, listHttpRequest, ...receivers] =
			await n8n.importWorkflows([
				wf.faxServiceAiUpload({
					pdfUrl: bigPdfServer ? bigPdfServer.url : pdf.url,
					callbackUrl,
					credential: faxCredential,
				}),
				wf.httpRequestAiUpload({
					pdfUrl: bigPdfServer ? bigPdfServer.url : pdf.url,
					callbackUrl,
					baseUrl: sandbox.baseUrl,
					credential: headerCredential,
				}),
				wf.faxServiceReturnAll({ credential: faxCredential }),
				wf.httpRequestReturnAll({ baseUrl: sandbox.baseUrl, credential: headerCredential }),
				wf.faxServiceTrigger({ webhookId: ids.trigger, credential: faxCredential }),
				wf.floorTrigger({ webhookId: ids.floor }),
				wf.handBuiltVerification({
					webhookId: ids.handBuilt,
					path: paths.handBuilt,
					credential: cryptoCredential,
				}),
				wf.webhookNode({ webhookId: ids.webhook, path: paths.webhook }),
			]);
		const workflowOf = Object.fromEntries(RECEIVE_VARIANTS.map((v, i) => [v, receivers[i]]));

		let send;
		if (PARAMS.parts.includes('send')) {
			const sendPdf = PARAMS.sendBytes ? await serveBuffer(largePdf(PARAMS.sendBytes)) : null;
			try {
				send = await benchSendMatrix(
					n8n,
					sandbox,
					sendPdf ? { url: sendPdf.url, bytes: sendPdf.bytes } : pdf,
					headerCredential,
				);
			} finally {
				if (sendPdf) await sendPdf.close();
			}
		}

		let upload;
		if (bigPdf) {
			log(
				`3. uploading a ${MB(bigPdf.length)} MB PDF for AI extraction × ${PARAMS.sendRepetitions} runs per variant`,
			);
			upload = await benchAiUpload(
				n8n,
				sandbox,
				{ faxService: aiFaxService, httpRequest: aiHttpRequest },
				bigPdf,
			);
			await bigPdfServer.close();
		}

		let returnAll;
		if (PARAMS.parts.includes('returnAll')) {
			const existing = sandbox.requests.filter(
				(r) => r.method === 'POST' && r.path === '/api/v2/sent_faxes' && r.status === 201,
			).length;
			log(
				`4. Return All: seeding ${PARAMS.returnAllTotal - existing} sent faxes (${existing} exist), then ${PARAMS.sendRepetitions} runs per variant`,
			);
			await seedSentFaxes(sandbox, PARAMS.returnAllTotal - existing, pdf.bytes);
			returnAll = await benchReturnAll(
				n8n,
				sandbox,
				{ faxService: listFaxService, httpRequest: listHttpRequest },
				PARAMS.returnAllTotal,
			);
		}

		let receive;
		const receiveTuned = [];
		if (PARAMS.parts.includes('receive')) {
			const variants = PARAMS.receiveVariants;
			log(`2. receiving (${variants.join(', ')}): publishing the workflows and starting n8n`);
			for (const variant of variants) await n8n.publishWorkflow(workflowOf[variant].id);
			const targets = Object.fromEntries(
				variants.map((v) => [v, { workflowId: workflowOf[v].id, url: n8n.webhookUrl(paths[v]) }]),
			);
			const startReceiving = async () => {
				await n8n.start();
				for (const variant of variants) await n8n.waitForWebhook(paths[variant]);
			};
			await startReceiving();
			receive = await benchReceive(n8n, sandbox, targets, signCallback, {
				variants,
				rounds: PARAMS.receiveRounds,
				label: 'receive',
			});
			for (const env of PARAMS.tunedRounds > 0 ? TUNED_ENVS : []) {
				log(`2b. receiving with ${envLabel(env)}: restarting n8n`);
				await n8n.stop();
				// Only this setting: the previous one's variables are removed.
				for (const previous of TUNED_ENVS)
					for (const name of Object.keys(previous)) delete n8n.env[name];
				Object.assign(n8n.env, env);
				await startReceiving();
				receiveTuned.push({
					env,
					...(await benchReceive(n8n, sandbox, targets, signCallback, {
						variants,
						rounds: PARAMS.tunedRounds,
						label: `receive ${envLabel(env)}`,
					})),
				});
			}
		}

		finish({
			generatedAt: new Date().toISOString(),
			durationMs: Date.now() - startedAt,
			machine: machineOf({
				n8nNode: n8n.node.version,
				n8nVersion: JSON.parse(
					fs.readFileSync(path.join(n8n.paths.HOST_MODULES, 'n8n', 'package.json'), 'utf8'),
				).version,
				binaryDataMode: send ? send.configs[0].faxService.runs[0].binaryDataMode : 'n/a',
				pdfSource: pdf.source,
				pdfBytes: pdf.bytes.length,
			}),
			parameters: PARAMS,
			send,
			upload,
			returnAll,
			receive,
			receiveTuned,
			letter,
			markdownLetter,
			fontLetter,
			packet,
			images,
			checks,
			ok: checks.every((c) => c.ok),
		});
	} finally {
		clearTimeout(watchdog);
		await cleanup();
	}
}

main().catch((error) => {
	console.error(error && error.stack ? error.stack : error);
	process.exit(1);
});
