import type { AddressInfo } from 'net';
import { buildApp, type ResolvedConfig, type Runtime } from './server';
import { AccountState } from './state';
import { FileStore } from './files';
import { Scheduler } from './scheduler';
import type { CallbackAttempt, RecordedRequest, Sandbox, SandboxOptions } from './types';

export type {
	CallbackAttempt,
	CallbackType,
	RecordedFile,
	RecordedRequest,
	Sandbox,
	SandboxOptions,
	SandboxTiming,
} from './types';

export const SANDBOX_DEFAULTS = {
	host: '127.0.0.1',
	port: 4010,
	testKey: 'sk_test_sandbox',
	liveKey: 'sk_live_sandbox',
	faxNumberLimit: 5,
	inProgressAfterMs: 1000,
	completeAfterMs: 3000,
	aiCompleteAfterMs: 2000,
	callbackRetryScheduleMs: [60_000, 300_000, 1_800_000, 3_600_000, 10_800_000],
	callbackTimeoutMs: 10_000,
	aiExtraction: true,
	maxUploadBytes: 20 * 1024 * 1024,
} as const;

function resolve(options: SandboxOptions): ResolvedConfig & { host: string; port: number } {
	const d = SANDBOX_DEFAULTS;
	const config = {
		host: options.host ?? d.host,
		port: options.port ?? d.port,
		testKey: options.testKey ?? d.testKey,
		liveKey: options.liveKey ?? d.liveKey,
		faxNumberLimit: options.faxNumberLimit ?? d.faxNumberLimit,
		inProgressAfterMs: options.timing?.inProgressAfterMs ?? d.inProgressAfterMs,
		completeAfterMs: options.timing?.completeAfterMs ?? d.completeAfterMs,
		aiCompleteAfterMs: options.timing?.aiCompleteAfterMs ?? d.aiCompleteAfterMs,
		callbackRetryScheduleMs: [...(options.callbackRetryScheduleMs ?? d.callbackRetryScheduleMs)],
		callbackTimeoutMs: options.callbackTimeoutMs ?? d.callbackTimeoutMs,
		aiExtraction: options.aiExtraction ?? d.aiExtraction,
		maxUploadBytes: options.maxUploadBytes ?? d.maxUploadBytes,
	};
	if (!config.testKey || !config.liveKey || config.testKey === config.liveKey) {
		throw new Error('testKey and liveKey must be two different non-empty keys');
	}
	return config;
}

function urlHost(host: string): string {
	if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
	return host.includes(':') ? `[${host}]` : host;
}

/** Starts a local simulator of the whole v2 REST interface (its behaviour choices: README.md, "Sandbox behaviour"). */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const config = resolve(options);
	let origin = `http://${urlHost(config.host)}:${config.port}`;
	const scheduler = new Scheduler();
	const state = new AccountState();
	const files = new FileStore(() => origin);
	const requests: RecordedRequest[] = [];
	const callbackAttempts: CallbackAttempt[] = [];
	let waiters: Array<{ check: () => void; cancel: (reason: string) => void }> = [];

	const runtime: Runtime = {
		config,
		state,
		files,
		scheduler,
		requests,
		origin: () => origin,
		recordAttempt: (attempt) => {
			callbackAttempts.push(attempt);
			for (const w of [...waiters]) w.check();
		},
	};

	const app = buildApp(runtime);
	await app.listen({ host: config.host, port: config.port });
	const address = app.server.address() as AddressInfo;
	origin = `http://${urlHost(config.host)}:${address.port}`;

	let stopped = false;
	const sandbox: Sandbox = {
		baseUrl: `${origin}/api/v2`,
		origin,
		testKey: config.testKey,
		liveKey: config.liveKey,
		requests,
		callbackAttempts,
		waitForCallbacks(predicate, timeoutMs = 5000) {
			return new Promise((resolvePromise, reject) => {
				const waiter = {
					cancel: (() => undefined) as (reason: string) => void,
					check: () => {
						let ok = false;
						try {
							ok = predicate(callbackAttempts);
						} catch (error) {
							done();
							reject(error);
							return;
						}
						if (ok) {
							done();
							resolvePromise(callbackAttempts);
						}
					},
				};
				const timer = setTimeout(
					() => waiter.cancel(`condition not met within ${timeoutMs} ms`),
					timeoutMs,
				);
				waiter.cancel = (reason: string) => {
					done();
					reject(
						new Error(
							`waitForCallbacks: ${reason}; attempts so far: ${JSON.stringify(
								callbackAttempts.map((a) => ({
									type: a.type,
									url: a.url,
									attempt: a.attempt,
									status: a.status,
									error: a.error,
								})),
							)}`,
						),
					);
				};
				const done = () => {
					clearTimeout(timer);
					waiters = waiters.filter((w) => w !== waiter);
				};
				waiters.push(waiter);
				waiter.check();
			});
		},
		settle: () => scheduler.settle(),
		reset() {
			scheduler.cancelAll();
			state.clear();
			files.clear();
			requests.length = 0;
			callbackAttempts.length = 0;
		},
		async stop() {
			if (stopped) return;
			stopped = true;
			for (const w of [...waiters]) w.cancel('the sandbox was stopped');
			scheduler.cancelAll();
			await app.close();
			await scheduler.settle();
		},
	};
	return sandbox;
}
