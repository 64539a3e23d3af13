/**
 * The package as users get it: packed, published to a real npm registry (verdaccio on loopback, no
 * uplinks) and installed by n8n's own installer through the REST calls of Settings → Community Nodes
 * (install, update, uninstall), into an n8n whose nodes folder holds no link to this checkout. Then
 * what the installed package does: its node types, the credential test, an example run end to end with
 * its trigger started by a signed callback. And the README's by-hand install gives the same folder.
 */
import { spawnSync } from 'child_process';
import {
	existsSync,
	lstatSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	realpathSync,
	rmSync,
	writeFileSync,
} from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { startSandbox, type Sandbox } from '../../sandbox';
import { runPackedPackage, type PackedPackage } from '../harness/package-tarball';
import { pdfReader, words } from '../harness/pdf-reader';
import {
	communityPackages,
	createInstance,
	ensureInstalled,
	itemsOf,
	logToStderr,
	REPO_ROOT,
	sandboxCredential,
	startRegistry,
	type LocalRegistry,
	ranToEnd,
	type N8nExecution,
	type N8nHostInstance,
	type WorkflowJson,
} from './helpers/n8n-host';
import { findChromium, launchChromium, N8nEditor, saveScreenshot } from './helpers/browser';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import { packNextVersion, readmeInstallCommands, walk } from './helpers/installed-package';
import {
	QUICK_START_GET,
	QUICK_START_SEND,
	quickStartWorkflow,
	readQuickStart,
} from './helpers/quick-start';
import { provisionNumber, sandboxApi } from './helpers/sandbox-api';
import { ceiling, MACHINE_MINUTE } from '../harness/machine';

const NODE_TYPES = ['faxService', 'faxServiceTrigger', 'faxServicePollTrigger'];
const OWNER = { email: 'owner@example.com', password: 'Owner-pass-1' };
/** Example 4: a manual part and a trigger. */
const EXAMPLE = 'provision-number-for-new-client.json';
const EXAMPLE_TRIGGER = "When the Client's Fax Arrives";
const SCREENSHOTS = join(REPO_ROOT, 'test', 'e2e', 'screenshots');

let packed: PackedPackage;
let next: ReturnType<typeof packNextVersion>;

beforeAll(async () => {
	packed = await runPackedPackage();
	next = packNextVersion(packed);
}, 5 * MACHINE_MINUTE);

afterAll(() => {
	next?.dispose();
	packed?.dispose();
});

describeOnHosts(BOTH_HOSTS, 'The package from a registry, installed by n8n', ({ hostVersion }) => {
	let registry: LocalRegistry;
	let sandbox: Sandbox;
	let n8n: N8nHostInstance;
	let cookie: string;
	let credential: { id: string; name: string };
	const pdfs = pdfReader('fax-quick-start-');
	const nodesDir = () => join(n8n.userFolder, '.n8n', 'nodes');
	const installedDir = () => join(nodesDir(), 'node_modules', packed.name);
	/** The finished execution the example's trigger started for a received fax (the manual run is one too). */
	const triggerExecution = (
		workflowId: string,
		sendToken: string,
		timeoutMs = ceiling(60_000),
	): Promise<N8nExecution> =>
		n8n.waitForExecution(
			workflowId,
			(e) => ranToEnd(e) && e.items[EXAMPLE_TRIGGER]?.[0]?.sendToken === sendToken,
			{
				what: `of the example's trigger for ${sendToken}`,
				timeoutMs,
				evidence: (executions) =>
					`trigger items: ${JSON.stringify(executions.map((e) => e.items[EXAMPLE_TRIGGER]))}\n` +
					`callbacks: ${JSON.stringify(sandbox.callbackAttempts.map((a) => ({ type: a.type, url: a.url, status: a.status, error: a.error })))}`,
			},
		);

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		registry = await startRegistry();
		registry.publish(packed.tarball);
		sandbox = await startSandbox({
			port: 0,
			timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
			callbackRetryScheduleMs: [300, 600, 1200],
		});
		n8n = await createInstance({
			hostVersion,
			packageDir: false,
			communityPackagesRegistry: registry.url,
			owner: OWNER,
			// The 2.x run also installs the package through the editor in Chromium.
			editor: true,
		});
		await n8n.start();
		cookie = (await n8n.ensureOwner(OWNER)).cookie!;
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await n8n?.dispose();
		await sandbox?.stop();
		await registry?.stop();
		pdfs.dispose();
	}, 2 * MACHINE_MINUTE);

	test(
		'Install (POST /rest/community-packages) fetches the published tarball and loads its three nodes',
		async () => {
			expect(existsSync(installedDir())).toBe(false);
			const installed = await communityPackages.installCommunityPackage(n8n, cookie, packed.name);
			expect(installed).toMatchObject({
				packageName: packed.name,
				installedVersion: packed.version,
			});
			expect(installed.installedNodes.map((node) => node.type).sort()).toEqual(
				NODE_TYPES.map((type) => `${packed.name}.${type}`).sort(),
			);
		},
		3 * MACHINE_MINUTE,
	);

	test('the installed package is the tarball: no link to the checkout, no dependencies, peer fields stripped', () => {
		const { files, links } = walk(nodesDir());
		expect(links).toEqual([]);
		expect(realpathSync(installedDir()).startsWith(REPO_ROOT)).toBe(false);
		expect(lstatSync(installedDir()).isSymbolicLink()).toBe(false);
		// Nothing but the package: no n8n-workflow, no devDependencies, no node_modules of its own.
		expect(
			readdirSync(join(nodesDir(), 'node_modules')).filter(
				(entry) => entry !== '.package-lock.json',
			),
		).toEqual([packed.name]);
		const packageFiles = files
			.filter((file) => file.startsWith(`node_modules/${packed.name}/`))
			.map((file) => file.slice(`node_modules/${packed.name}/`.length));
		expect(packageFiles.sort()).toEqual([...packed.files].sort());
		for (const file of packed.files.filter((f) => f !== 'package.json')) {
			expect(
				readFileSync(join(installedDir(), file)).equals(
					readFileSync(join(packed.unpackedDir, file)),
				),
			).toBe(true);
		}
		const packageJson = JSON.parse(
			readFileSync(join(installedDir(), 'package.json'), 'utf8'),
		) as Record<string, unknown>;
		expect(Object.keys(packageJson)).not.toEqual(expect.arrayContaining(['peerDependencies']));
		expect(packageJson.devDependencies).toBeUndefined();
		expect(JSON.parse(readFileSync(join(nodesDir(), 'package.json'), 'utf8')).dependencies).toEqual(
			{ [packed.name]: packed.version },
		);
	});

	test("the editor's node types list all three nodes and the action node's AI tool variant, no Human in the Loop variant", async () => {
		type NodeType = {
			name: string;
			properties: Array<{
				name: string;
				options?: Array<{ value?: unknown }>;
				displayOptions?: { show?: Record<string, unknown[]> };
			}>;
		};
		const isOurs = (type: NodeType) => type.name.startsWith(`${packed.name}.`);
		const ours = (
			await n8n.editorNodeTypes<NodeType>(cookie, { until: (types) => types.some(isOurs) })
		).filter(isOurs);
		// n8n makes an AI-tool variant of a usableAsTool node. n8n 2.x would also make a Human in the Loop one
		// ("<name>HitlTool") of a node with an operation whose value is "sendAndWait": no operation has it any more.
		expect([...new Set(ours.map((type) => type.name))].sort()).toEqual(
			[...NODE_TYPES, 'faxServiceTool'].map((type) => `${packed.name}.${type}`).sort(),
		);
		expect(ours.filter((type) => type.name.endsWith('HitlTool'))).toEqual([]);
		const operations = ours.flatMap((type) =>
			type.properties
				.filter((property) => property.name === 'operation')
				.map((property) => ({ type: type.name, property })),
		);
		expect(
			operations.flatMap(({ property }) => (property.options ?? []).map((option) => option.value)),
		).not.toContain('sendAndWait');
		// The tool variant's own pickers (shown only with `@tool`) offer no wait operation.
		const toolPickers = operations.filter(
			({ type, property }) =>
				type.endsWith('.faxServiceTool') && property.displayOptions?.show?.['@tool'] !== undefined,
		);
		expect(toolPickers).toHaveLength(6);
		const toolValues = toolPickers.flatMap(({ property }) =>
			(property.options ?? []).map((option) => option.value),
		);
		expect(toolValues).toEqual(expect.arrayContaining(['send', 'upload', 'get']));
		expect(
			toolValues.filter((value) =>
				['sendAndWaitForCompletion', 'uploadAndWaitForResult'].includes(String(value)),
			),
		).toEqual([]);
	});

	test("the credential's test (the editor's Save: create, then test) passes against the sandbox", async () => {
		const created = await n8n.rest('POST', '/rest/credentials', {
			cookie,
			body: sandboxCredential(sandbox),
		});
		expect({ status: created.status, text: created.status === 200 ? '' : created.text }).toEqual({
			status: 200,
			text: '',
		});
		credential = (created.json as { data: { id: string; name: string } }).data;
		const tested = await n8n.rest('POST', '/rest/credentials/test', {
			cookie,
			body: { credentials: { id: credential.id, ...sandboxCredential(sandbox) } },
		});
		expect({ status: tested.status, text: tested.status === 200 ? '' : tested.text }).toEqual({
			status: 200,
			text: '',
		});
		expect((tested.json as { data: unknown }).data).toMatchObject({ status: 'OK' });
	});

	test(
		'an example, saved and published in the editor, runs end to end on the installed package; its trigger runs on a signed callback',
		async () => {
			// As filed: its Callback URL is built from n8n's own URL, so nothing in it names this run's addresses.
			const text = readFileSync(join(REPO_ROOT, 'examples', EXAMPLE), 'utf8');
			const { name, nodes, connections, settings } = JSON.parse(text) as WorkflowJson;
			for (const node of nodes)
				if (node.credentials)
					node.credentials = { faxServiceApi: { id: credential.id, name: credential.name } };
			const saved = await n8n.rest('POST', '/rest/workflows', {
				cookie,
				body: { name, nodes, connections, settings, active: false },
			});
			expect({ status: saved.status, text: saved.status === 200 ? '' : saved.text }).toEqual({
				status: 200,
				text: '',
			});
			const workflow = (saved.json as { data: { id: string; versionId: string } }).data;
			await n8n.activateWorkflow(workflow.id, { cookie, versionId: workflow.versionId });
			const trigger = nodes.find((node) => node.name === EXAMPLE_TRIGGER)!;
			await n8n.waitForWebhook(`${String(trigger.webhookId)}/fax-service`);

			const run = await n8n.runManually(workflow.id);
			const [provisioned] = itemsOf(run, 'Provision Fax Number')!;
			const form = new FormData();
			form.append('to_number', String(provisioned.number));
			form.append('from_number', '+13105550199');
			const pdf = await (await fetch(`${sandbox.origin}/samples/lab-results.pdf`)).arrayBuffer();
			form.append(
				'file',
				new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
				'lab-results.pdf',
			);
			const received = await fetch(`${sandbox.baseUrl}/received_faxes/test_receive`, {
				method: 'POST',
				headers: { authorization: `Bearer ${sandbox.testKey}` },
				body: form,
			});
			const sendToken = /([0-9a-f]{24})/.exec(
				String(((await received.json()) as { message: string }).message),
			)![1];
			const execution = await triggerExecution(workflow.id, sendToken);
			expect(execution.status).toBe('success');
			expect(execution.items[EXAMPLE_TRIGGER][0]).toMatchObject({
				eventType: 'receivedFax',
				verified: true,
				sendToken,
			});
			expect(execution.items['Client Fax Summary'][0]).toMatchObject({
				faxNumber: provisioned.number,
				faxId: sendToken,
			});
			// The callback n8n accepted was signed (the sandbox records n8n's answer after the run may have ended).
			const delivered = (a: Sandbox['callbackAttempts'][number]) =>
				a.type === 'receivedFax' && a.status === 200;
			await sandbox.waitForCallbacks((attempts) => attempts.some(delivered), 30_000);
			expect(sandbox.callbackAttempts.find(delivered)?.signature).toBeTruthy();
		},
		5 * MACHINE_MINUTE,
	);

	test(
		'a next version published: Update (PATCH) installs it; n8n 2.x also offers it in the list',
		async () => {
			registry.publish(next.tarball);
			const [listed] = await communityPackages.listCommunityPackages(n8n, cookie);
			expect(listed).toMatchObject({ packageName: packed.name, installedVersion: packed.version });
			// The list's update check is `npm outdated`: n8n 2.x runs it in its own environment (npm_config_registry
			// from community-packages.js), n8n 1.x with a bare one, so 1.x asks npm's default registry and never
			// sees an update published elsewhere (its Update button still installs from N8N_COMMUNITY_PACKAGES_REGISTRY).
			expect(listed.updateAvailable).toBe(hostVersion === 2 ? next.version : undefined);
			const updated = await communityPackages.updateCommunityPackage(n8n, cookie, packed.name);
			expect(updated).toMatchObject({ packageName: packed.name, installedVersion: next.version });
			expect(JSON.parse(readFileSync(join(installedDir(), 'package.json'), 'utf8')).version).toBe(
				next.version,
			);
			expect(walk(nodesDir()).links).toEqual([]);
		},
		3 * MACHINE_MINUTE,
	);

	test(
		"the README's Quick start, as written: a Text letter with a cover page is faxed, and Get with its Fax ID expression reads that fax",
		async () => {
			const quickStart = readQuickStart();
			const fromNumber = await provisionNumber(sandboxApi(sandbox));
			const saved = await n8n.rest('POST', '/rest/workflows', {
				cookie,
				body: { ...quickStartWorkflow(quickStart, fromNumber, credential), active: false },
			});
			expect(saved.status).toBe(200);
			const run = await n8n.runManually((saved.json as { data: { id: string } }).data.id);

			const [sent] = itemsOf(run, QUICK_START_SEND)!;
			expect(Object.keys(sent).sort()).toEqual(['faxId', 'message']);
			expect(itemsOf(run, QUICK_START_GET)).toEqual([
				expect.objectContaining({
					sendToken: sent.faxId,
					toNumber: quickStart.toNumber,
					sentStatus: expect.stringMatching(/^(queued|inprogress|success|failure)$/),
				}),
			]);
			const post = sandbox.requests.find(
				(r) =>
					r.method === 'POST' &&
					r.path === '/api/v2/sent_faxes' &&
					(r.body as Record<string, string>).to_number === quickStart.toNumber,
			)!;
			const letter = pdfs.read(post.files[0].data);
			expect(letter.pages).toBe(2);
			expect(words(letter.pageTexts[0])).toContain('Subject: Referral');
			expect(words(letter.pageTexts[1])).toContain(words(quickStart.letter));
		},
		3 * MACHINE_MINUTE,
	);

	test(
		"the README's by-hand install gives the same folder as n8n's installer (no n8n-workflow beside it)",
		() => {
			const folder = mkdtempSync(join(tmpdir(), 'fax-service-by-hand-'));
			try {
				const byHandNodes = join(folder, 'nodes');
				mkdirSync(byHandNodes);
				writeFileSync(
					join(byHandNodes, 'package.json'),
					JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }),
				);
				const commands = readmeInstallCommands();
				expect(commands.length).toBe(1);
				const env: NodeJS.ProcessEnv = {
					...process.env,
					npm_config_registry: `${registry.url}/`,
					npm_config_audit: 'false',
					npm_config_fund: 'false',
				};
				for (const command of commands) {
					const result = spawnSync('sh', ['-c', command], {
						cwd: byHandNodes,
						env,
						encoding: 'utf8',
						timeout: ceiling(120_000),
					});
					expect({
						command,
						status: result.status,
						output: result.status === 0 ? '' : result.stdout + result.stderr,
					}).toEqual({ command, status: 0, output: '' });
				}
				const byHand = join(byHandNodes, 'node_modules');
				expect(readdirSync(byHand).filter((entry) => entry !== '.package-lock.json')).toEqual([
					packed.name,
				]);
				expect(walk(join(byHand, packed.name)).files).toEqual(walk(installedDir()).files);
				for (const file of walk(installedDir()).files.filter((f) => f !== 'package.json')) {
					expect(
						readFileSync(join(byHand, packed.name, file)).equals(
							readFileSync(join(installedDir(), file)),
						),
					).toBe(true);
				}
				// package.json: npm keeps it as published; n8n's installer strips its dev, peer and optional
				// dependencies (none of which npm installed here). Nothing else differs.
				const published = JSON.parse(
					readFileSync(join(byHand, packed.name, 'package.json'), 'utf8'),
				) as Record<string, unknown>;
				const { devDependencies, peerDependencies, optionalDependencies, ...rest } = published;
				expect({ dev: Boolean(devDependencies), peerDependencies, optionalDependencies }).toEqual({
					dev: true,
					peerDependencies: { 'n8n-workflow': '*' },
					optionalDependencies: undefined,
				});
				expect(rest).toEqual(
					JSON.parse(readFileSync(join(installedDir(), 'package.json'), 'utf8')),
				);
			} finally {
				rmSync(folder, { recursive: true, force: true });
			}
		},
		3 * MACHINE_MINUTE,
	);

	test(
		'Uninstall (DELETE) removes the package and its nodes',
		async () => {
			await communityPackages.uninstallCommunityPackage(n8n, cookie, packed.name);
			expect(existsSync(installedDir())).toBe(false);
			expect(await communityPackages.listCommunityPackages(n8n, cookie)).toEqual([]);
			const isOurs = (type: { name: string }) => type.name.startsWith(`${packed.name}.`);
			const types = await n8n.editorNodeTypes(cookie, {
				until: (all) => !all.some(isOurs),
				timeoutMs: ceiling(30_000),
			});
			expect(types.filter(isOurs)).toEqual([]);
		},
		3 * MACHINE_MINUTE,
	);

	// Once, on the default host (declared there only): the same install from the editor itself (helpers/browser.ts).
	if (hostVersion === 2) {
		test(
			'Install from the editor in Chromium (Settings → Community Nodes), with a screenshot',
			async () => {
				const chromium = findChromium().path;
				if (!chromium)
					throw new Error(`no Chromium: ${findChromium().lookedFor} (.ci/run installs it)`);
				const browser = await launchChromium(chromium);
				try {
					const editor = new N8nEditor(browser.page, n8n.baseUrl);
					await editor.signIn(OWNER.email, OWNER.password);
					const { status, body, card } = await editor.installCommunityPackage(packed.name);
					expect({
						status,
						body: status === 200 ? '' : body,
						diagnostics: status === 200 ? [] : browser.diagnostics,
					}).toEqual({ status: 200, body: '', diagnostics: [] });
					const cardText = (await card.textContent()) ?? '';
					for (const shown of [packed.name, `v${next.version}`, 'Fax Service Polling Trigger'])
						expect(cardText).toContain(shown);
					logToStderr(
						`registry e2e: screenshot ${await saveScreenshot(browser.page, SCREENSHOTS, 'community-nodes-installed.png')}`,
					);
					expect(
						JSON.parse(readFileSync(join(installedDir(), 'package.json'), 'utf8')).version,
					).toBe(next.version);
				} finally {
					await browser.close();
				}
			},
			5 * MACHINE_MINUTE,
		);
	}
});
