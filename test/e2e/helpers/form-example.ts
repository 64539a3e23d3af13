/**
 * An n8n Form example (form-letter-fax.json, form-photo-fax.json) set up as a user imports it, for the
 * suites that run one: the sandbox with a number to send from (the account's only one, which the
 * example's Find a Fax Number takes), the run's shared n8n of the host, the example saved with its
 * credential picked and no node changed, and published; then its form page served and its executions read.
 */
import { startSandbox, type Sandbox } from '../../../sandbox';
import { CREDENTIAL, credentialIdsOf, localiseExample } from './examples';
import {
	ensureInstalled,
	logToStderr,
	ranToEnd,
	sandboxCredential,
	sharedInstance,
	type HostVersion,
	type N8nExecution,
	type N8nHostInstance,
} from './n8n-host';
import { provisionNumber, sandboxApi } from './sandbox-api';
import { ceiling, MACHINE_MINUTE } from '../../harness/machine';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FormExample {
	sandbox: Sandbox;
	n8n: N8nHostInstance;
	workflowId: string;
	fromNumber: string;
	/** The form's production URL: n8n serves a Form Trigger at /form/<its path>. */
	formUrl(): string;
	/** The form page's HTML, once n8n serves it (a published form can take a moment to register). */
	servedForm(): Promise<{ status: number; html: string }>;
	/** The first finished execution of the example that matches. */
	finishedExecution(
		matches: (execution: N8nExecution) => boolean,
		timeoutMs?: number,
	): Promise<N8nExecution>;
	/** The sandbox's POST /sent_faxes requests. */
	sends(): Sandbox['requests'];
}

/**
 * Registers the suite's beforeAll and afterAll for the example `file` on `hostVersion`; the object's
 * fields are set once beforeAll has run.
 */
export function useFormExample(
	hostVersion: HostVersion,
	options: { file: string; formPath: string },
): FormExample {
	const example = {
		formUrl: () => `${example.n8n.baseUrl}/form/${options.formPath}`,
		async servedForm() {
			const until = Date.now() + ceiling(30_000);
			let response = await fetch(example.formUrl());
			while (response.status !== 200 && Date.now() < until) {
				await delay(300);
				response = await fetch(example.formUrl());
			}
			return { status: response.status, html: await response.text() };
		},
		finishedExecution: (
			matches: (execution: N8nExecution) => boolean,
			timeoutMs = ceiling(30_000),
		) =>
			example.n8n.waitForExecution(
				example.workflowId,
				(execution) => ranToEnd(execution) && matches(execution),
				{ what: 'finished as expected', timeoutMs },
			),
		sends: () =>
			example.sandbox.requests.filter(
				(request) => request.method === 'POST' && request.path === '/api/v2/sent_faxes',
			),
	} as FormExample;

	beforeAll(async () => {
		await ensureInstalled({ hostVersion, log: logToStderr });
		example.sandbox = await startSandbox({
			port: 0,
			timing: { inProgressAfterMs: 100, completeAfterMs: 300, aiCompleteAfterMs: 300 },
		});
		example.fromNumber = await provisionNumber(sandboxApi(example.sandbox));
		// The run's n8n of this host, shared with the other suites that need a plain one.
		example.n8n = await sharedInstance({ hostVersion });
		const saved = await example.n8n.importCredentials([
			{ ...sandboxCredential(example.sandbox), name: CREDENTIAL.name },
		]);
		const [workflow] = await example.n8n.importWorkflows([
			localiseExample(options.file, {
				sandboxOrigin: example.sandbox.origin,
				credentialIds: credentialIdsOf(saved, [CREDENTIAL]),
			}),
		]);
		example.workflowId = workflow.id;
		await example.n8n.publishWorkflow(example.workflowId);
	}, 10 * MACHINE_MINUTE);

	afterAll(async () => {
		await example.n8n?.dispose();
		await example.sandbox?.stop();
	}, 2 * MACHINE_MINUTE);

	return example;
}
