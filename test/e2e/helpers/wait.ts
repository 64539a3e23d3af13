/** Waiting in the end-to-end suites for something n8n or the sandbox does in its own time. */
import { MACHINE_MINUTE } from '../../harness/machine';

/** Polls `probe` until it gives a value, at most `timeoutMs`; the error names what was awaited. */
export async function waitFor<T>(
	what: string,
	probe: () => Promise<T | undefined> | T | undefined,
	timeoutMs = MACHINE_MINUTE,
): Promise<T> {
	const until = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
