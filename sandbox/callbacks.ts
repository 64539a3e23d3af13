import http from 'http';
import https from 'https';
import type { CallbackAttempt, CallbackType } from './types';
import type { Scheduler } from './scheduler';

/** One callback to deliver: the same body and signature are sent on every attempt. */
export interface Delivery {
	type: CallbackType;
	url: string;
	contentType: string;
	body: Buffer | string;
	signature: string;
	/** Called once with the final outcome: true = a 2xx was received. */
	onFinal?: (delivered: boolean) => void;
}

export interface DeliveryConfig {
	retryScheduleMs: number[];
	timeoutMs: number;
	record: (attempt: CallbackAttempt) => void;
}

interface Outcome {
	status: number | null;
	error?: string;
}

function post(delivery: Delivery, timeoutMs: number, signal: AbortSignal): Promise<Outcome> {
	return new Promise((resolve) => {
		let settled = false;
		const finish = (outcome: Outcome) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			signal.removeEventListener('abort', onAbort);
			resolve(outcome);
		};
		let url: URL;
		try {
			url = new URL(delivery.url);
		} catch {
			resolve({ status: null, error: 'invalid callback URL' });
			return;
		}
		const body =
			typeof delivery.body === 'string' ? Buffer.from(delivery.body, 'utf8') : delivery.body;
		const client = url.protocol === 'https:' ? https : http;
		const req = client.request(url, {
			method: 'POST',
			agent: false,
			headers: {
				'Content-Type': delivery.contentType,
				'Content-Length': String(body.length),
				'X-Service-Signature': delivery.signature,
				'User-Agent': 'fax-service-sandbox',
				Connection: 'close',
			},
		});
		const timer = setTimeout(() => {
			req.destroy(new Error('timeout'));
			finish({ status: null, error: `timeout after ${timeoutMs} ms` });
		}, timeoutMs);
		const onAbort = () => {
			req.destroy(new Error('aborted'));
			finish({ status: null, error: 'aborted' });
		};
		signal.addEventListener('abort', onAbort);
		req.on('response', (res) => {
			const status = res.statusCode ?? null;
			res.resume();
			res.on('end', () => finish({ status }));
			res.on('close', () => finish({ status }));
			res.on('error', () => finish({ status }));
		});
		req.on('error', (err: Error) => finish({ status: null, error: err.message || String(err) }));
		req.end(body);
	});
}

/**
 * Delivers a callback with the retry rules of spec 6.7:
 * - fax and e-mail callbacks: retried after a non-2xx answer (except 405, permanent) and after
 *   a timeout / connection failure, waiting retryScheduleMs[n] before retry n+1;
 * - AI callbacks: never retried once the receiver answered (any status); re-attempted on the
 *   same schedule after a timeout / connection failure.
 */
export function deliver(scheduler: Scheduler, config: DeliveryConfig, delivery: Delivery): void {
	const attempt = (n: number) => {
		scheduler.run(async (signal, generation) => {
			const outcome = await post(delivery, config.timeoutMs, signal);
			if (generation !== scheduler.generation) return; // reset or stopped meanwhile
			config.record({
				type: delivery.type,
				url: delivery.url,
				attempt: n,
				contentType: delivery.contentType,
				body: delivery.body,
				signature: delivery.signature,
				status: outcome.status,
				...(outcome.error !== undefined ? { error: outcome.error } : {}),
				at: new Date().toISOString(),
			});
			const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
			if (ok) return delivery.onFinal?.(true);
			const answered = outcome.status !== null;
			const permanent = delivery.type === 'aiDocument' ? answered : outcome.status === 405;
			const delay = config.retryScheduleMs[n - 1];
			if (permanent || delay === undefined) return delivery.onFinal?.(false);
			scheduler.after(delay, () => attempt(n + 1));
		});
	};
	attempt(1);
}
