import { startSandbox, SANDBOX_DEFAULTS } from './index';

/**
 * `npm run sandbox`: starts the local simulator of the v2 interface.
 * Environment: SANDBOX_PORT, SANDBOX_HOST, SANDBOX_TEST_KEY, SANDBOX_LIVE_KEY, SANDBOX_FAX_NUMBER_LIMIT.
 */
function intFromEnv(name: string): number | undefined {
	const raw = process.env[name];
	if (raw === undefined || raw === '') return undefined;
	if (!/^\d+$/.test(raw)) {
		console.error(`${name} must be a non-negative integer, got "${raw}"`);
		process.exit(2);
	}
	return Number(raw);
}

async function main(): Promise<void> {
	const sandbox = await startSandbox({
		host: process.env.SANDBOX_HOST || undefined,
		port: intFromEnv('SANDBOX_PORT'),
		testKey: process.env.SANDBOX_TEST_KEY || undefined,
		liveKey: process.env.SANDBOX_LIVE_KEY || undefined,
		faxNumberLimit: intFromEnv('SANDBOX_FAX_NUMBER_LIMIT'),
	});
	console.log('Fax service sandbox (v2 interface) is running.');
	console.log(`  Base URL:  ${sandbox.baseUrl}`);
	console.log(`  Test key:  ${sandbox.testKey}`);
	console.log(`  Live key:  ${sandbox.liveKey}`);
	console.log(
		`  Timing:    inprogress after ${SANDBOX_DEFAULTS.inProgressAfterMs} ms, complete after ${SANDBOX_DEFAULTS.completeAfterMs} ms, AI after ${SANDBOX_DEFAULTS.aiCompleteAfterMs} ms`,
	);
	console.log('Press Ctrl+C to stop. Records live in memory only.');

	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`\n${signal} received, stopping the sandbox.`);
		sandbox.stop().then(
			() => process.exit(0),
			(error: unknown) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
	console.error('Could not start the sandbox:', error instanceof Error ? error.message : error);
	process.exit(1);
});
