/**
 * What the callback suites share: a sandbox that short-times its callbacks, receivers that answer as a
 * test scripts them (closed after each test), and the test's own HMAC, trusted only because it
 * reproduces the OpenSSL vectors first.
 */
import { createHmac } from 'crypto';
import type { Sandbox } from '../../sandbox';
import { start, startReceiver, type Answer, type Json, type Receiver } from './helpers';
import { OPENSSL_VECTORS } from './signature-vectors';

export const HEX64 = /^[0-9a-f]{64}$/;

/** The test's own HMAC-SHA256 (hex). */
export function localHmac(message: string, key: string): string {
	return createHmac('sha256', Buffer.from(key, 'utf8'))
		.update(Buffer.from(message, 'utf8'))
		.digest('hex');
}

function checkerIsAnchored(): void {
	for (const v of OPENSSL_VECTORS) {
		if (localHmac(v.message, v.key) !== v.hex)
			throw new Error(`local HMAC does not reproduce the OpenSSL vector for ${JSON.stringify(v)}`);
	}
}

/** Answers each callback with the next entry of a script (then the last one forever). */
export function scripted(...answers: Answer[]) {
	return (_req: unknown, index: number) => answers[Math.min(index, answers.length - 1)];
}

/**
 * Registers the suite's hooks: one sandbox for the file, reset around each test, and the receivers a
 * test started closed after it. Read `sb` inside tests (it is set in beforeAll).
 */
export function callbackSandbox(): {
	readonly sb: Sandbox;
	receiver(answer?: (req: Json, i: number) => Answer): Promise<Receiver>;
} {
	let sb: Sandbox | undefined;
	let receivers: Receiver[] = [];
	beforeAll(async () => {
		checkerIsAnchored();
		// Long enough for a loopback callback on a loaded machine (250 ms timed some out and made them
		// retry); the two tests of a receiver that hangs wait this long once each.
		sb = await start({ callbackTimeoutMs: 2000 });
	});
	afterAll(() => sb?.stop());
	beforeEach(() => sb!.reset());
	afterEach(async () => {
		sb!.reset();
		await Promise.all(receivers.map((r) => r.close()));
		receivers = [];
	});
	return {
		get sb() {
			return sb!;
		},
		async receiver(answer = () => 200) {
			const r = await startReceiver(answer);
			receivers.push(r);
			return r;
		},
	};
}
