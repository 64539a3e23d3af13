/**
 * When a request is tried again, and after how long. Reads may be repeated; a request that creates
 * or changes something only when it cannot have arrived (never sent, or refused with 429).
 */

/** Answers after which a read is tried again. */
const RETRY_STATUSES = [429, 502, 503, 504];
/** The pause before the second and the third try. */
export const RETRY_DELAYS_MS = [300, 1000];
/** The longest wait a Retry-After header may ask for before the request is tried again. */
export const MAX_RETRY_AFTER_MS = 30_000;
/** Network errors that mean the request never left this machine: safe to send again, even a creation. */
const NOT_SENT_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];

/** Whether a network error code says the request never left this machine. */
export const neverSent = (code: string | undefined): boolean => NOT_SENT_CODES.includes(code ?? '');

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), capped; undefined without one. */
export function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const trimmed = value.trim();
	const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
	if (!Number.isFinite(ms)) return undefined;
	return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/** The pause after failed try `attempt` (0-based) when the answer asked for none. */
export const retryDelayMs = (attempt: number): number =>
	RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];

/**
 * Whether a request whose try `attempt` failed on the network is sent again: a read is tried 3 times;
 * a creation once more only when it cannot have left this machine. Not after a Stop: n8n aborted it.
 */
export function retriesNetworkFailure(
	attempt: number,
	{ readOnly, notSent, stopped }: { readOnly: boolean; notSent: boolean; stopped: boolean },
): boolean {
	return attempt < RETRY_DELAYS_MS.length && !stopped && (readOnly || (notSent && attempt === 0));
}

/** Whether a request whose try `attempt` was answered with `status` is sent again (429 means not processed: a creation too, once). */
export function retriesStatus(attempt: number, status: number, readOnly: boolean): boolean {
	const again = readOnly ? RETRY_STATUSES.includes(status) : status === 429 && attempt === 0;
	return again && attempt < RETRY_DELAYS_MS.length;
}
