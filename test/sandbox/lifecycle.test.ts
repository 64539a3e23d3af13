import { spawn } from 'child_process';
import { join } from 'path';
import { startSandbox } from '../../sandbox';
import {
	call,
	file,
	pdf,
	provision,
	receiveFax,
	sendFax,
	sleep,
	start,
	startReceiver,
} from './helpers';
import { ceiling } from '../harness/machine';

describe('startSandbox', () => {
	it('listens on a random port with port 0 and exposes origin, baseUrl and keys', async () => {
		const sb = await startSandbox({ port: 0 });
		try {
			expect(sb.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			expect(sb.baseUrl).toBe(`${sb.origin}/api/v2`);
			expect(sb.testKey).toBe('sk_test_sandbox');
			expect(sb.liveKey).toBe('sk_live_sandbox');
			expect((await call(sb, 'GET', '/clients')).status).toBe(200);
		} finally {
			await sb.stop();
		}
	});

	it('uses the default timing (1 s to inprogress) when none is given', async () => {
		const sb = await startSandbox({ port: 0 });
		try {
			const token = await sendFax(sb);
			await sleep(200);
			expect((await call(sb, 'GET', `/sent_faxes/${token}`)).body.sentStatus).toBe('queued');
		} finally {
			await sb.stop();
		}
	});

	it('refuses identical test and live keys (records could not tell test from live)', async () => {
		await expect(startSandbox({ port: 0, testKey: 'sk_x', liveKey: 'sk_x' })).rejects.toThrow(
			/different/,
		);
	});
});

describe('reset, settle and stop', () => {
	it('reset() clears every record and cancels pending status changes and callbacks', async () => {
		const sb = await start({ timing: { inProgressAfterMs: 50, completeAfterMs: 100 } });
		const r = await startReceiver(() => 200);
		try {
			const n = await provision(sb, { callback_url: r.url });
			await sendFax(sb, { callback_url: r.url });
			await call(sb, 'POST', '/clients', { json: { client: { name: 'C' } } });
			await call(sb, 'POST', '/ai_documents', {
				multipart: { file: file(pdf()), callback_url: r.url },
			});
			const token = await receiveFax(sb, n.number);
			const link = (await call(sb, 'GET', `/received_faxes/${token}`)).body.secureLink;
			sb.reset();
			await sb.settle();
			await sleep(200);
			expect(sb.callbackAttempts).toEqual([]);
			expect(sb.requests).toEqual([]);
			for (const path of ['/sent_faxes', '/received_faxes'])
				expect((await call(sb, 'GET', path)).body.meta.totalCount).toBe(0);
			expect((await call(sb, 'GET', '/fax_numbers')).body.faxNumbers).toEqual([]);
			expect((await call(sb, 'GET', '/clients')).body.clients).toEqual([]);
			expect((await call(sb, 'GET', '/ai_documents')).body.aiDocuments).toEqual([]);
			expect((await fetch(link)).status).toBe(404);
			// the account limit starts over
			for (let i = 0; i < 5; i++) await provision(sb);
		} finally {
			await sb.stop();
			await r.close();
		}
	});

	it('settle() resolves at once when idle and waits for retries otherwise', async () => {
		const sb = await start({ callbackRetryScheduleMs: [100] });
		const r = await startReceiver(() => 500);
		try {
			await sb.settle();
			await sendFax(sb, { callback_url: r.url });
			const before = Date.now();
			await sb.settle();
			expect(Date.now() - before).toBeGreaterThanOrEqual(100);
			expect(sb.callbackAttempts.map((a) => a.status)).toEqual([500, 500]);
		} finally {
			await sb.stop();
			await r.close();
		}
	});

	it('stop() is quick with long retry delays and callbacks in flight, and idempotent', async () => {
		const sb = await start({ callbackRetryScheduleMs: [3_600_000], callbackTimeoutMs: 60_000 });
		const hang = await startReceiver(() => 'hang');
		const failing = await startReceiver(() => 500);
		try {
			await sendFax(sb, { callback_url: failing.url });
			await sendFax(sb, { callback_url: hang.url });
			await sb.waitForCallbacks((a) => a.length === 1);
			const pending = sb.waitForCallbacks((a) => a.length === 5, 60_000);
			const before = Date.now();
			await sb.stop();
			await sb.stop();
			expect(Date.now() - before).toBeLessThan(2000);
			await expect(pending).rejects.toThrow(/stopped/);
			await expect(fetch(`${sb.baseUrl}/clients`)).rejects.toThrow();
		} finally {
			await hang.close();
			await failing.close();
		}
	});
});

describe('command line (npm run sandbox)', () => {
	it(
		'starts from the environment, prints the base URL and both keys, and stops on SIGTERM',
		async () => {
			const root = join(__dirname, '..', '..');
			const child = spawn(
				process.execPath,
				['-r', join(__dirname, 'ts-register.js'), join(root, 'sandbox', 'cli.ts')],
				{
					cwd: root,
					env: {
						...process.env,
						SANDBOX_PORT: '0',
						SANDBOX_TEST_KEY: 'sk_test_cli',
						SANDBOX_LIVE_KEY: 'sk_live_cli',
						SANDBOX_FAX_NUMBER_LIMIT: '1',
					},
					stdio: ['ignore', 'pipe', 'pipe'],
				},
			);
			let out = '';
			child.stdout.on('data', (d: Buffer) => (out += d.toString()));
			child.stderr.on('data', (d: Buffer) => (out += d.toString()));
			const exited = new Promise<number | null>((resolve) =>
				child.on('exit', (code) => resolve(code)),
			);
			try {
				// A condition wait: ts-node compiles the sandbox first, which takes long on a busy machine.
				const until = Date.now() + ceiling(60_000);
				while (!/Live key/.test(out) && Date.now() < until && child.exitCode === null)
					await sleep(50);
				expect(out).toContain('sk_test_cli');
				expect(out).toContain('sk_live_cli');
				const baseUrl = /Base URL:\s+(\S+)/.exec(out)?.[1] ?? '';
				expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
				const post = () =>
					fetch(`${baseUrl}/fax_numbers`, {
						method: 'POST',
						headers: { authorization: 'Bearer sk_live_cli', 'content-type': 'application/json' },
						body: JSON.stringify({ fax_number: { area_code: '212' } }),
					});
				expect((await post()).status).toBe(201);
				expect((await post()).status).toBe(422);
				child.kill('SIGTERM');
				expect(await exited).toBe(0);
			} finally {
				if (child.exitCode === null) child.kill('SIGKILL');
			}
		},
		ceiling(90_000),
	);
});
