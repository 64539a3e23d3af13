/**
 * Retry On Fail, Stop and Timeout Workflow in a real n8n on both hosts, with 300 ms of service latency
 * (a proxy in front of the sandbox). Retry On Fail sends each creation once; after a Stop or a timeout
 * nothing new is created, and n8n's log (info level, n8n's default) says which items went out, by item
 * number and id, with no patient value.
 * Network: every server is on loopback.
 */
import { randomUUID } from 'crypto';

import { startSandbox, type Sandbox } from '../../sandbox';
import { startFaultProxy, type FaultProxy } from '../harness/fault-proxy';
import { BOTH_HOSTS, describeOnHosts } from './helpers/hosts';
import {
	ensureInstalled,
	logToStderr,
	sandboxCredential,
	sharedInstance,
	type N8nExecution,
	type N8nHostInstance,
} from './helpers/n8n-host';
import { provisionNumber, sandboxApi } from './helpers/sandbox-api';
import { fanOutWorkflow, faxServiceStep, pdfStep, type Step } from './helpers/webhook-steps';
import { MACHINE_MINUTE } from '../harness/machine';

const LATENCY_MS = 300;
const SEND = 'Send Fax';
const EMAIL = 'Send Email';
const PATIENT_NAME = 'Grace Hopper';
/** Distinct numbers per test: `prefix` 7 digits, then 4. */
const numbers = (count: number, prefix = '+1212555') =>
	Array.from({ length: count }, (_, i) => `${prefix}${String(1000 + i)}`);
const RETRY_NUMBERS = numbers(5, '+1646555');
const delay = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

type Flow = 'retrySend' | 'retryEmail' | 'stop' | 'timeout';

describeOnHosts(
	BOTH_HOSTS,
	'Retry On Fail, Stop and Timeout Workflow in a real n8n',
	({ hostVersion }) => {
		let sandbox: Sandbox;
		let proxy: FaultProxy;
		let n8n: N8nHostInstance;
		let fromNumber: string;
		const paths: Record<Flow, string> = {
			retrySend: `retry-send-${randomUUID()}`,
			retryEmail: `retry-email-${randomUUID()}`,
			stop: `stop-${randomUUID()}`,
			timeout: `timeout-${randomUUID()}`,
		};
		const workflowIds: Record<Flow, string> = {
			retrySend: '',
			retryEmail: '',
			stop: '',
			timeout: '',
		};

		const api = () => sandboxApi(sandbox);
		/** The numbers the service holds faxes to, one entry per fax. */
		const faxedNumbers = async (): Promise<string[]> => {
			const list = (await api()('GET', '/sent_faxes?page_size=100&page=1')) as {
				sentFaxes: Array<{ toNumber: string }>;
				meta: { totalPages: number };
			};
			const all = [...list.sentFaxes];
			for (let page = 2; page <= list.meta.totalPages; page++)
				all.push(
					...((await api()('GET', `/sent_faxes?page_size=100&page=${page}`)) as typeof list)
						.sentFaxes,
				);
			return all.map((fax) => fax.toNumber).sort();
		};
		const sentFaxTotal = async () =>
			((await api()('GET', '/sent_faxes?page_size=1')) as { meta: { totalCount: number } }).meta
				.totalCount;
		/** E-mails the service accepted (the interface has no list of them). */
		const emailTotal = () =>
			sandbox.requests.filter(
				(r) =>
					r.method === 'POST' && r.path === '/api/v2/emails' && r.status >= 200 && r.status < 300,
			).length;

		/** Starts a workflow through its webhook; resolves the new execution's id once n8n has stored it. */
		const start = async (
			flow: Flow,
			recipients: Array<Record<string, string>>,
		): Promise<string> => {
			const before = new Set((await n8n.executions(workflowIds[flow])).map((e) => e.id));
			const response = await fetch(n8n.webhookUrl(paths[flow]), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ recipients }),
			});
			expect(response.status).toBe(200);
			for (const until = Date.now() + MACHINE_MINUTE; Date.now() < until; await delay(100)) {
				const added = (await n8n.executions(workflowIds[flow])).find((e) => !before.has(e.id));
				if (added) return added.id;
			}
			throw new Error(`No execution of ${flow} was stored within a minute`);
		};
		const finished = async (flow: Flow, id: string): Promise<N8nExecution> => {
			const executions = await n8n.waitForExecutions(workflowIds[flow], {
				count: (await n8n.executions(workflowIds[flow])).length,
				timeoutMs: 3 * MACHINE_MINUTE,
			});
			return executions.find((e) => e.id === id)!;
		};
		/** The node's stop report in n8n's log, for one execution. */
		const stopReport = (id: string) =>
			n8n
				.logs()
				.split('\n')
				.find((line) => line.includes(`was stopped in execution ${id}:`));
		const waitForStopReport = async (flow: Flow, id: string): Promise<string> => {
			for (const until = Date.now() + MACHINE_MINUTE; Date.now() < until; await delay(200)) {
				const line = stopReport(id);
				if (line) return line;
			}
			// What n8n says of the execution tells a stop before the fax step from a missing report.
			const execution = (await n8n.executions(workflowIds[flow])).find((e) => e.id === id);
			throw new Error(
				`No stop report of execution ${id} in n8n's log within a minute; n8n says ${JSON.stringify({ status: execution?.status, lastNodeExecuted: execution?.lastNodeExecuted, startedAt: execution?.startedAt, stoppedAt: execution?.stoppedAt })}`,
			);
		};
		const reportCounts = (line: string) => {
			const [, answered, inFlight, failed, neverSent] = (
				/: (\d+) of (?:\d+) items sent and answered, (\d+) in flight \(may exist\), (\d+) failed, (\d+) never sent/.exec(
					line,
				) ?? []
			).map(Number);
			return { answered, inFlight, failed, neverSent };
		};

		beforeAll(async () => {
			await ensureInstalled({ hostVersion, log: logToStderr });
			sandbox = await startSandbox({ port: 0 });
			fromNumber = await provisionNumber(api());
			proxy = await startFaultProxy(sandbox);
			// The run's n8n of this host (n8n's defaults), shared with the other suites that need a plain one.
			n8n = await sharedInstance({ hostVersion });
			const [credential] = await n8n.importCredentials([
				{ ...sandboxCredential(sandbox, proxy.baseUrl), name: 'Fax Service at 300 ms' },
			]);
			const retry = { retryOnFail: true, maxTries: 3, waitBetweenTries: 1000 };
			const faxStep = (
				requestsInParallel: number,
				settings: Record<string, unknown> = {},
			): Step => ({
				...faxServiceStep(SEND, credential, {
					resource: 'sentFax',
					operation: 'send',
					binaryPropertyName: 'data',
					fromNumber: { __rl: true, mode: 'number', value: fromNumber },
					toNumber: "={{ $('Split Out').item.json.to }}",
					additionalFields: { patientName: PATIENT_NAME },
					requestOptions: { requestsInParallel },
				}),
				...settings,
			});
			const emailStep: Step = {
				...faxServiceStep(EMAIL, credential, {
					resource: 'secureLinkEmail',
					operation: 'send',
					binaryPropertyName: 'data',
					recipientEmail: "={{ $('Split Out').item.json.email }}",
					expireAfter: 7,
					requestOptions: { requestsInParallel: 1 },
				}),
				...retry,
			};
			const fanOut = (name: string, flow: Flow, step: Step, settings?: Record<string, unknown>) =>
				fanOutWorkflow(
					name,
					paths[flow],
					'recipients',
					pdfStep(`${sandbox.origin}/samples/referral.pdf`),
					[step],
					{ settings, fileOnce: true },
				);
			const saved = await n8n.importWorkflows([
				fanOut('Retry: send', 'retrySend', faxStep(1, retry)),
				fanOut('Retry: e-mail', 'retryEmail', emailStep),
				fanOut('Stop: 200 faxes', 'stop', faxStep(20)),
				// 200 faxes at 5 at a time take 12 s at 300 ms: the 4 s timeout stops them.
				fanOut('Timeout: 200 faxes', 'timeout', faxStep(5), { executionTimeout: 4 }),
			]);
			(Object.keys(paths) as Flow[]).forEach(
				(flow, index) => (workflowIds[flow] = saved[index].id),
			);
			for (const flow of Object.keys(paths) as Flow[]) {
				await n8n.publishWorkflow(workflowIds[flow]);
				await n8n.waitForWebhook(paths[flow]);
			}
		}, 10 * MACHINE_MINUTE);

		afterAll(async () => {
			await n8n?.dispose();
			await proxy?.close();
			await sandbox?.stop();
		}, 2 * MACHINE_MINUTE);

		/** Every creation through the proxy waits LATENCY_MS, like a real service. Returns what withdraws it. */
		const withLatency = (path: RegExp) =>
			proxy.plan('POST', path, { kind: 'delay', ms: LATENCY_MS }, 10_000);
		/** As withLatency, but the creation after the first `passing` is refused twice (429), as a rate limit would. */
		const refuseTwiceAfter = (path: RegExp, passing: number) => {
			proxy.plan('POST', path, { kind: 'delay', ms: LATENCY_MS }, passing);
			proxy.plan(
				'POST',
				path,
				{ kind: 'answer', status: 429, body: '{}', headers: { 'retry-after': '0' } },
				2,
			);
			return withLatency(path);
		};

		test(
			'Retry On Fail, the 4th of 5 faxes refused twice (429): the next try sends only what is missing; one fax per number, outputs in order',
			async () => {
				const recipients = RETRY_NUMBERS.map((to) => ({ to }));
				const stopLatency = refuseTwiceAfter(/^\/api\/v2\/sent_faxes$/, 3);
				const execution = await finished('retrySend', await start('retrySend', recipients));
				stopLatency();

				expect(execution.status).toBe('success');
				expect((await faxedNumbers()).filter((n) => RETRY_NUMBERS.includes(n))).toEqual(
					RETRY_NUMBERS,
				);
				const output = execution.items[SEND];
				expect(output).toHaveLength(5);
				const faxNumbers = [];
				for (const item of output)
					faxNumbers.push(
						((await api()('GET', `/sent_faxes/${String(item.faxId)}`)) as { toNumber: string })
							.toNumber,
					);
				expect(faxNumbers).toEqual(RETRY_NUMBERS);
			},
			3 * MACHINE_MINUTE,
		);

		test(
			'Retry On Fail, the 2nd of 3 e-mails refused twice (429): 3 e-mails, one per recipient',
			async () => {
				const recipients = ['a@example.com', 'b@example.com', 'c@example.com'].map((email) => ({
					email,
				}));
				const emailsBefore = emailTotal();
				const stopLatency = refuseTwiceAfter(/^\/api\/v2\/emails$/, 1);
				const execution = await finished('retryEmail', await start('retryEmail', recipients));
				stopLatency();

				expect(execution.status).toBe('success');
				expect(emailTotal() - emailsBefore).toBe(3);
				expect(execution.items[EMAIL]).toHaveLength(3);
			},
			3 * MACHINE_MINUTE,
		);

		const stopped = async (flow: 'stop' | 'timeout', stopAt: (id: string) => Promise<void>) => {
			const recipients = numbers(200).map((to) => ({ to }));
			const totalBefore = await sentFaxTotal();
			const stopLatency = withLatency(/^\/api\/v2\/sent_faxes$/);
			const id = await start(flow, recipients);
			await stopAt(id);
			const atStop = (await sentFaxTotal()) - totalBefore;
			const report = await waitForStopReport(flow, id);
			await delay(5000);
			const afterFive = (await sentFaxTotal()) - totalBefore;
			const execution = await finished(flow, id);
			stopLatency();
			return {
				id,
				atStop,
				afterFive,
				report,
				execution,
				sent: async () => (await sentFaxTotal()) - totalBefore,
			};
		};

		test(
			"Stop after about 40 of 200 faxes: nothing new after it (at the stop, 5 s and 30 s later), and n8n's log says which items went out",
			async () => {
				const { cookie } = await n8n.ensureOwner();
				const outcome = await stopped('stop', async (id) => {
					for (
						const until = Date.now() + MACHINE_MINUTE;
						(await sentFaxTotal()) < 40 && Date.now() < until;
						await delay(50)
					);
					const answer = await n8n.rest('POST', `/rest/executions/${id}/stop`, { cookie });
					expect(answer.status).toBe(200);
				});
				await delay(25_000);
				const afterThirty = await outcome.sent();

				expect(outcome.execution.status).toBe('canceled');
				// What was on the wire at the stop finished (up to 10 s): 20 at most, then nothing.
				expect(outcome.afterFive).toBeGreaterThanOrEqual(outcome.atStop);
				expect(outcome.afterFive).toBeLessThanOrEqual(outcome.atStop + 20);
				expect(afterThirty).toBe(outcome.afterFive);
				expect(outcome.afterFive).toBeLessThan(200);

				const counts = reportCounts(outcome.report);
				process.stderr.write(
					`n8n ${hostVersion}.x stop: ${outcome.atStop} faxes at the stop, ${outcome.afterFive} 5 s later, ${afterThirty} 30 s later; report ${JSON.stringify(counts)}\n`,
				);
				expect(counts.answered + counts.inFlight + counts.failed + counts.neverSent).toBe(200);
				expect(counts.answered).toBe(afterThirty);
				expect(counts.inFlight).toBe(0);
				expect([...outcome.report.matchAll(/faxId "[^"]+"/g)]).toHaveLength(counts.answered);
				expect(outcome.report).not.toMatch(/\+1212555|Grace Hopper/);
			},
			5 * MACHINE_MINUTE,
		);

		test(
			'Timeout Workflow (4 s) during 200 faxes: the same, nothing new after it and the log says what went out',
			async () => {
				const outcome = await stopped('timeout', async () => undefined);
				await delay(5000);

				expect(['canceled', 'error']).toContain(outcome.execution.status);
				expect(outcome.afterFive).toBeLessThan(200);
				expect(await outcome.sent()).toBe(outcome.afterFive);
				const counts = reportCounts(outcome.report);
				process.stderr.write(
					`n8n ${hostVersion}.x timeout: ${outcome.afterFive} faxes 5 s after the report; report ${JSON.stringify(counts)}\n`,
				);
				expect(counts.answered + counts.inFlight + counts.failed + counts.neverSent).toBe(200);
				expect(counts.answered).toBe(outcome.afterFive);
				expect(outcome.report).not.toMatch(/\+1212555|Grace Hopper/);
			},
			5 * MACHINE_MINUTE,
		);
	},
);
