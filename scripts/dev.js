#!/usr/bin/env node
'use strict';
/**
 * `npm run dev`: builds the package, starts the sandbox and a real n8n (the same host install the
 * end-to-end tests use) with the package loaded, a "Fax Service sandbox" credential, a sandbox fax
 * number and the example workflows, each ready to run (dev-examples.js), then rebuilds and restarts n8n whenever the sources change. Ctrl-C stops everything.
 *
 * Environment: N8N_PORT (default 5678), SANDBOX_PORT (default 4010), DEV_OWNER_EMAIL and
 * DEV_OWNER_PASSWORD (the editor login it creates), N8N_HOST_VERSION (1 or 2, default 2: which n8n),
 * DEV_DATA (default .dev-data, or .dev-data-1 for n8n 1.x: a 2.x database cannot go back to 1.x).
 */
const fs = require('fs');
const path = require('path');
const { spawn, spawnSync } = require('child_process');

const host = require('./n8n-host');
const {
	devFaxNumber,
	exampleWorkflows,
	inboundTriggerUrl,
	publishable,
} = require('./dev-examples');

const ROOT = path.resolve(__dirname, '..');
const DATA_DIR = path.resolve(
	ROOT,
	process.env.DEV_DATA || (host.resolveHost().hostVersion === 1 ? '.dev-data-1' : '.dev-data'),
);
const N8N_PORT = Number(process.env.N8N_PORT || 5678);
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT || 4010);
const OWNER = {
	email: process.env.DEV_OWNER_EMAIL || 'dev@fax-service.local',
	password: process.env.DEV_OWNER_PASSWORD || 'FaxService-dev-1',
	firstName: 'Fax',
	lastName: 'Developer',
};
const CREDENTIAL = { id: 'fax-service-sandbox', name: 'Fax Service sandbox' };
const SEED_MARKER = path.join(DATA_DIR, 'seeded.json');

const log = (line) => console.log(`[dev] ${line}`);
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

function runStep(title, command, args) {
	log(title);
	const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
	if (result.status !== 0) throw new Error(`${title} failed (exit ${result.status})`);
}

async function main() {
	fs.mkdirSync(DATA_DIR, { recursive: true });
	runStep('Building the package (tsc + assets)…', 'npm', ['run', '--silent', 'build']);
	runStep('Building the sandbox…', bin('tsc'), ['-p', 'tsconfig.sandbox.json']);

	const { startSandbox } = require(path.join(ROOT, '.build', 'sandbox', 'index.js'));
	const sandbox = await startSandbox({ port: SANDBOX_PORT });
	log(`Sandbox listening on ${sandbox.baseUrl}`);
	// The sandbox starts empty on every run; its numbers come in order, so this is the number the examples were given.
	const n8nOrigin = `http://127.0.0.1:${N8N_PORT}`;
	const faxNumber = await devFaxNumber(sandbox, inboundTriggerUrl(n8nOrigin));
	const examples = exampleWorkflows({ sandboxOrigin: `http://127.0.0.1:${SANDBOX_PORT}` });
	log(`Sandbox fax number ${faxNumber} (its received faxes go to the inbound example's trigger)`);

	await host.ensureInstalled({ log: (line) => log(line) });
	const n8n = await host.createInstance({
		userFolder: path.join(DATA_DIR, 'n8n'),
		port: N8N_PORT,
		owner: OWNER,
		log,
		editor: true,
	});

	let watcher;
	let stopping = false;
	const shutdown = async (code = 0) => {
		if (stopping) return;
		stopping = true;
		log('Stopping…');
		if (watcher && watcher.exitCode === null) watcher.kill('SIGTERM');
		await n8n.stop().catch(() => {});
		await sandbox.stop().catch(() => {});
		log('Stopped n8n, the sandbox and the watcher.');
		process.exit(code);
	};
	process.on('SIGINT', () => void shutdown(0));
	process.on('SIGTERM', () => void shutdown(0));

	// First run only: the credential and the examples (n8n keeps them in DEV_DATA afterwards). The
	// credential before n8n starts (the examples name its fixed id); the examples saved and published
	// through the editor's REST calls once it runs, so n8n checks each as the editor's Publish does.
	const seeding = !fs.existsSync(SEED_MARKER);
	if (seeding) {
		log('Importing the "Fax Service sandbox" credential…');
		await n8n.importCredentials([
			{
				...CREDENTIAL,
				type: 'faxServiceApi',
				data: {
					baseUrl: sandbox.baseUrl,
					authenticateWith: 'test',
					testApiKey: sandbox.testKey,
					liveApiKey: sandbox.liveKey,
				},
			},
		]);
	}

	await n8n.start({ requireActivation: false });

	if (seeding) {
		log(
			"Saving the example workflows and publishing those with a trigger that need only the sandbox's credential…",
		);
		const imported = await n8n.importWorkflows(examples.map((example) => example.workflow));
		// Published, so the callbacks the sandbox sends reach the examples' triggers at once.
		const published = [];
		for (const [index, workflow] of imported.entries()) {
			if (!publishable(examples[index].workflow)) continue;
			await n8n.publishWorkflow(workflow.id);
			published.push(workflow.name);
		}
		fs.writeFileSync(
			SEED_MARKER,
			JSON.stringify(
				{
					at: new Date().toISOString(),
					faxNumber,
					workflows: imported.map((w) => w.name),
					published,
				},
				null,
				2,
			),
		);
	}

	// Rebuild on change; restart n8n after each successful build so it loads the new code.
	watcher = spawn(bin('tsc'), ['-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
		cwd: ROOT,
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let firstBuild = true;
	let restarting = Promise.resolve();
	watcher.stdout.on('data', (chunk) => {
		const text = chunk.toString();
		for (const line of text.split('\n')) if (line.trim()) log(`tsc: ${line.trim()}`);
		if (!/Found 0 errors/.test(text)) return;
		if (firstBuild) {
			firstBuild = false;
			return;
		}
		restarting = restarting.then(async () => {
			if (stopping) return;
			spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'ignore' });
			log('Sources changed: restarting n8n…');
			await n8n.stop();
			await n8n.start({ requireActivation: false });
			log(`n8n restarted: ${n8n.baseUrl}`);
		});
	});

	console.log(`
  ───────────────────────────────────────────────────────────────
  n8n editor    ${n8n.baseUrl}
  login         ${OWNER.email}  /  ${OWNER.password}
  sandbox       ${sandbox.baseUrl}
  test key      ${sandbox.testKey}
  live key      ${sandbox.liveKey}
  credential    "${CREDENTIAL.name}" (both sandbox keys)
  fax number    ${faxNumber} (the sandbox's; the examples' Find a Fax Number takes it)
  examples      ${examples.length} example workflows (see "Overview" in the editor), those with a trigger
                published (not those needing your OpenAI or SMTP credential); in the others, pick
                "When clicking 'Execute workflow'" beside the Execute button
  data          ${DATA_DIR}  (delete it to start from scratch)
  stop          Ctrl-C stops n8n, the sandbox and the watcher
  ───────────────────────────────────────────────────────────────
`);
}

main().catch((error) => {
	console.error(`[dev] ${error && error.stack ? error.stack : error}`);
	process.exit(1);
});
