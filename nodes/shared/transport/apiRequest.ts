/** The only way this package talks to the service: every request goes through `apiRequest`, with its retry policy. */

import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { answerProblem } from './answers';
import type { ApiContext } from '../credentials';
import { CREDENTIAL_TYPE, getFaxServiceCredentials, keyFor, redactKeys } from '../credentials';
import { creationTry, isStopped, noteCreated, pauseRun, pauseUnlessStopped, requestGateOf, sendUnlessStopped, signalAfterStop, waitWhilePaused } from '../execution';
import type { EarlierOutcome } from '../execution';
import { changesSomething, MAY_EXIST, networkErrorCode, networkErrorMessage, redirectError, toApiError, unexpectedAnswer } from './errors';
import type { ApiRequest } from './request';
import { isRedirect, MAX_REDIRECTS, redirectTarget } from './redirects';

/** Answers after which a read is tried again. */
const RETRY_STATUSES = [429, 502, 503, 504];
const RETRY_DELAYS_MS = [300, 1000];
/** The longest wait a Retry-After header may ask for before the request is tried again. */
export const MAX_RETRY_AFTER_MS = 30_000;
export const REQUEST_TIMEOUT_MS = 120_000;
/** Network errors that mean the request never left this machine: safe to send again, even a creation. */
const NOT_SENT_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];

const INVALID_JSON = Symbol('invalid JSON');

/** A 2xx body as JSON, or INVALID_JSON: an empty or unreadable body is not a JSON answer. */
function parseJsonAnswer(body: unknown): unknown {
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body !== 'string') return body;
	try {
		return JSON.parse(body);
	} catch {
		return INVALID_JSON;
	}
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), capped; undefined without one. */
export function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const trimmed = value.trim();
	const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
	if (!Number.isFinite(ms)) return undefined;
	return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** The id of what a request created or changed, e.g. `faxId "abc"`; undefined when its answer names none. */
function createdId(request: ApiRequest, body: IDataObject): string | undefined {
	const answer = request.answer;
	if (!('record' in answer)) return undefined;
	const record = answer.record === null ? body : (body[answer.record] as IDataObject);
	const id = record[answer.id];
	return typeof id === 'string' ? `${answer.id} "${id}"` : undefined;
}

/** An earlier try's answer instead of sending again (Retry On Fail), or why the request is not sent again. */
function earlierAnswer(ctx: ApiContext, request: ApiRequest, earlier: EarlierOutcome): IDataObject {
	if ('answered' in earlier) {
		const created = createdId(request, earlier.answered);
		if (created !== undefined && request.itemIndex !== undefined) noteCreated(ctx, request.itemIndex, created);
		return earlier.answered;
	}
	const sent = `${request.method} ${request.path.split('?')[0]}`;
	throw new NodeApiError(ctx.getNode(), { message: earlier.mayExist.message }, {
		message: `Not sent again: an earlier try of this node sent ${sent}, and it may have taken effect`,
		description: `n8n's Retry On Fail ran the node again. The earlier try ended with: ${earlier.mayExist.message}. Nothing is sent twice: check with a Get or Get Many operation whether it exists, then send only what is missing.`,
		httpCode: earlier.mayExist.httpCode,
		itemIndex: request.itemIndex,
	});
}

/** The origin of an http(s) Base URL; undefined for anything else. */
function baseUrlOrigin(baseUrl: string): string | undefined {
	if (!/^https?:\/\//.test(baseUrl)) return undefined;
	try {
		return new URL(baseUrl).origin;
	} catch {
		return undefined;
	}
}

type ApiResponse = { statusCode: number; body: unknown; headers?: IDataObject; url: string };

/** Sends one HTTP request with the key (n8n's helpers): a read through the credential, a creation with the key it was given. */
type Send = (options: IHttpRequestOptions) => Promise<Omit<ApiResponse, 'url'>>;

/**
 * How a request goes out. A read: through n8n's authenticated helper, which n8n aborts at once at a
 * Stop. A request that creates or changes something: with the key in its header and a signal that
 * aborts STOP_GRACE_MS after a Stop, so one on the wire finishes and its outcome is known (n8n's
 * authenticated helper replaces any signal of the node's with its own).
 */
function senderFor(ctx: ApiContext, method: IHttpRequestMethods, key: string): { send: Send; done: () => void } {
	if (!changesSomething(method)) {
		return { send: async (options) => (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, options)) as Omit<ApiResponse, 'url'>, done: () => undefined };
	}
	const { signal, release } = signalAfterStop(ctx);
	return {
		send: async (options) =>
			(await ctx.helpers.httpRequest({ ...options, headers: { ...options.headers, Authorization: `Bearer ${key}` }, abortSignal: signal })) as Omit<ApiResponse, 'url'>,
		done: release,
	};
}

/**
 * Sends a request with the credential's key. A read that the service redirects within the Base URL's
 * origin is followed (at most MAX_REDIRECTS times): the key stays with the origin the user chose.
 * Any other redirect is returned as it is, for an error: a body is never re-sent, and nothing goes to
 * another origin.
 */
async function sendWithinOrigin(send: Send, options: IHttpRequestOptions, baseOrigin: string): Promise<{ response: ApiResponse; redirects: number }> {
	let current = options;
	for (let redirects = 0; ; redirects++) {
		const response = { ...(await send(current)), url: current.url };
		if (!isRedirect(response.statusCode) || current.method !== 'GET' || redirects === MAX_REDIRECTS) return { response, redirects };
		const target = redirectTarget(response.headers, current.url);
		if (target?.origin !== baseOrigin) return { response, redirects };
		// The Location carries its own query.
		current = { ...current, url: target.href, qs: undefined };
	}
}

/**
 * Sends one request with the credential's selected key and returns the parsed JSON body.
 * GET requests are retried on connection errors and 429/502/503/504; nothing else is retried,
 * so a request that creates a fax, an e-mail, a number or an AI job is sent at most once.
 */
export async function apiRequest(this: ApiContext, request: ApiRequest): Promise<IDataObject> {
	const credentials = await getFaxServiceCredentials.call(this);
	const selected = keyFor(credentials, credentials.authenticateWith);
	if ('problem' in selected) {
		throw new NodeOperationError(this.getNode(), `${selected.problem}, but it is selected under "Authenticate Requests With"`, {
			itemIndex: request.itemIndex,
		});
	}
	const baseOrigin = baseUrlOrigin(credentials.baseUrl);
	if (baseOrigin === undefined) {
		throw new NodeOperationError(this.getNode(), 'The credential\'s Base URL must start with http:// or https://', {
			itemIndex: request.itemIndex,
		});
	}
	// Every value the request needs is read and checked: under the router, it waits here until every item is.
	const gate = requestGateOf(this);
	if (gate) {
		if (request.itemIndex === undefined) throw new NodeOperationError(this.getNode(), 'Internal error: a request of the node\'s items must name its item');
		await gate.pass(request.itemIndex);
	}
	// Under Retry On Fail, what an earlier try of this node run sent is not sent again.
	const creation = changesSomething(request.method) && request.itemIndex !== undefined ? creationTry(this, request.itemIndex, request.method, request.path) : undefined;
	if (creation?.earlier) return earlierAnswer(this, request, creation.earlier);
	/** The error of a request that may have taken effect, kept so that no later try sends it again. */
	const mayExist = <E extends NodeApiError>(error: E): E => {
		creation?.remember({ method: request.method, path: request.path, mayExist: { message: error.message, httpCode: error.httpCode ?? undefined } });
		return error;
	};

	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${credentials.baseUrl}${request.path}`,
		qs: request.qs,
		headers: { Accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: REQUEST_TIMEOUT_MS,
		// n8n would follow a redirect anywhere, re-adding the key and re-sending the body: sendWithinOrigin decides.
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};
	if (request.json) {
		options.body = request.json;
		options.json = true;
		options.headers = { ...options.headers, 'Content-Type': 'application/json' };
	} else if (request.form) {
		options.body = new URLSearchParams(request.form).toString();
		options.headers = { ...options.headers, 'Content-Type': 'application/x-www-form-urlencoded' };
	} else if (request.multipart) {
		options.headers = { ...options.headers, 'Content-Type': request.multipart.contentType, 'Content-Length': String(request.multipart.contentLength) };
	}

	// Reads may be repeated; a request that creates or changes something only when it cannot have arrived.
	const retryable = !changesSomething(request.method);
	let waitedMs = 0;
	const tries = (attempt: number) => (attempt === 0 ? '' : `Tried ${attempt + 1} times, waiting ${seconds(waitedMs)} in all.`);
	const wait = async (ms: number) => {
		waitedMs += ms;
		await pauseUnlessStopped(this, ms);
	};
	for (let attempt = 0; ; attempt++) {
		let response: ApiResponse;
		let redirects: number;
		waitedMs += await waitWhilePaused(this);
		// After a Stop (or Timeout Workflow) nothing new is sent: not a next item, page or try.
		sendUnlessStopped(this, request.itemIndex);
		// A streamed body can be read once: each attempt gets its own.
		if (request.multipart) options.body = (await request.multipart.open()) as IHttpRequestOptions['body'];
		const sender = senderFor(this, request.method, selected.key);
		try {
			({ response, redirects } = await sendWithinOrigin(sender.send, options, baseOrigin));
		} catch (error) {
			sender.done();
			const notSent = NOT_SENT_CODES.includes(networkErrorCode(error) ?? '');
			// A read is tried 3 times; a creation once more only when it cannot have left this machine.
			// Not after a stop: n8n aborted it, and that is its outcome.
			if (attempt < RETRY_DELAYS_MS.length && !isStopped(this) && (retryable || (notSent && attempt === 0))) {
				await wait(RETRY_DELAYS_MS[attempt]);
				continue;
			}
			const reason = redactKeys(networkErrorMessage(error), credentials);
			const code = networkErrorCode(error);
			let message: string;
			let description: string;
			if (notSent) {
				message = `Could not reach the Fax Service at ${credentials.baseUrl}: ${reason}`;
				description = retryable ? tries(attempt) : `The request never reached the service, so nothing was created. ${tries(attempt)}`;
			} else if (retryable) {
				message = `The connection to the Fax Service at ${credentials.baseUrl} failed: ${reason}`;
				description = tries(attempt);
			} else {
				message = `The connection to the Fax Service at ${credentials.baseUrl} failed after the request was sent: ${reason}`;
				description = MAY_EXIST(request);
			}
			if (code) description = `${description} (system error ${code})`;
			const failure = new NodeApiError(this.getNode(), { message: reason }, { message, description: description.trim() || undefined, itemIndex: request.itemIndex });
			throw notSent ? failure : mayExist(failure);
		}
		sender.done();
		const status = response.statusCode;
		if (isRedirect(status)) {
			const error = redirectError(this, request, status, redirectTarget(response.headers, response.url), credentials.baseUrl, redirects);
			// A 303 answers a request the service may have carried out; other redirects did not process it.
			throw status === 303 ? mayExist(error) : error;
		}
		if (status >= 200 && status < 300) {
			const body = parseJsonAnswer(response.body);
			const problem = body === INVALID_JSON ? 'a JSON object' : answerProblem(body, request.answer);
			if (problem) throw mayExist(unexpectedAnswer(this, request, status, response.body, problem, credentials));
			if (changesSomething(request.method) && request.itemIndex !== undefined) {
				const created = createdId(request, body as IDataObject);
				if (created !== undefined) noteCreated(this, request.itemIndex, created);
			}
			creation?.remember({ method: request.method, path: request.path, answered: body as IDataObject });
			return body as IDataObject;
		}
		const retryAfter = retryAfterMs(response.headers?.['retry-after']);
		// A 429 pauses every request of the run (the account is limited, not this request), this one's next try included.
		if (status === 429) pauseRun(this, Date.now() + (retryAfter ?? RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]));
		// 429 means not processed: a creation may be sent once more too.
		const again = retryable ? RETRY_STATUSES.includes(status) : status === 429 && attempt === 0;
		if (again && attempt < RETRY_DELAYS_MS.length) {
			if (status !== 429) await wait(retryAfter ?? RETRY_DELAYS_MS[attempt]);
			continue;
		}
		const error = toApiError(this, status, response.body, request, credentials, tries(attempt));
		throw status >= 500 ? mayExist(error) : error;
	}
}
