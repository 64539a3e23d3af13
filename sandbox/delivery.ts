import {
	PAYLOAD_FIELD,
	signCallback,
	signingKeyEnvironment,
} from '../nodes/shared/callbacks/signature';
import { deliver, type Delivery } from './callbacks';
import type { Runtime } from './runtime';

/**
 * What the routes share to see a record through: the timed life of faxes and e-mails, and the
 * sending of their callbacks with this run's keys and retry settings.
 */

/** The life faxes and e-mails share: queued → inprogress → completed, on the configured delays. */
export function scheduleDelivery(
	rt: Runtime,
	onInProgress: () => void,
	onComplete: () => void,
): void {
	const { config, scheduler } = rt;
	scheduler.after(config.inProgressAfterMs, onInProgress);
	scheduler.after(Math.max(config.completeAfterMs, config.inProgressAfterMs), onComplete);
}

/** The key that signs a callback for records of that environment. */
export function callbackKey(rt: Runtime, env: 'test' | 'live'): string {
	return env === 'test' ? rt.config.testKey : rt.config.liveKey;
}

/** Sends a callback with the configured retries, timeout and attempt log. */
export function sendCallback(rt: Runtime, delivery: Delivery): void {
	const { config } = rt;
	deliver(
		rt.scheduler,
		{
			retryScheduleMs: config.callbackRetryScheduleMs,
			timeoutMs: config.callbackTimeoutMs,
			record: rt.recordAttempt,
		},
		delivery,
	);
}

/** The urlencoded callback of sent faxes and AI documents: the JSON payload in its type's form field, signed (spec 6.6). */
export function sendFormCallback(
	rt: Runtime,
	type: 'sentFax' | 'aiDocument',
	url: string,
	payload: object,
): void {
	const key = callbackKey(rt, signingKeyEnvironment(type, payload));
	sendCallback(rt, {
		type,
		url,
		contentType: 'application/x-www-form-urlencoded',
		body: new URLSearchParams({ [PAYLOAD_FIELD[type]]: JSON.stringify(payload) }).toString(),
		signature: signCallback(type, payload, key),
	});
}
