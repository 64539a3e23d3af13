/** The only way this package talks to the service: every request goes through `apiRequest`, with its retry policy. */

import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { answerProblem } from './answers';
import type { ApiContext, FaxServiceCredentials } from '../credentials';
import { getFaxServiceCredentials, keyFor } from '../credentials';
import {
	isStopped,
	pauseRun,
	pauseUnlessStopped,
	requestGateOf,
	sendUnlessStopped,
	waitWhilePaused,
} from '../execution';
import { creationOf, earlierAnswer, noteAnswer } from './creations';
import {
	changesSomething,
	networkErrorCode,
	networkFailure,
	redirectError,
	toApiError,
	unexpectedAnswer,
} from './errors';
import { isRedirect, redirectTarget } from './redirects';
import type { ApiRequest } from './request';
import {
	neverSent,
	retriesNetworkFailure,
	retriesStatus,
	retryAfterMs,
	retryDelayMs,
} from './retryPolicy';
import type { ApiResponse } from './send';
import { baseUrlOrigin, httpOptions, senderFor, sendWithinOrigin } from './send';

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

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** The credential's selected key and its Base URL's origin, or the error that stops the request before it is made. */
function checkedCredential(
	ctx: ApiContext,
	credentials: FaxServiceCredentials,
	itemIndex: number | undefined,
): { key: string; baseOrigin: string } {
	const selected = keyFor(credentials, credentials.authenticateWith);
	if ('problem' in selected) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${selected.problem}, but it is selected under "Authenticate Requests With"`,
			{ itemIndex },
		);
	}
	const baseOrigin = baseUrlOrigin(credentials.baseUrl);
	if (baseOrigin === undefined) {
		throw new NodeOperationError(
			ctx.getNode(),
			"The credential's Base URL must start with http:// or https://",
			{ itemIndex },
		);
	}
	return { key: selected.key, baseOrigin };
}

/**
 * Sends one request with the credential's selected key and returns the parsed JSON body.
 * GET requests are retried on connection errors and 429/502/503/504; nothing else is retried,
 * so a request that creates a fax, an e-mail, a number or an AI job is sent at most once.
 */
export async function apiRequest(this: ApiContext, request: ApiRequest): Promise<IDataObject> {
	const credentials = await getFaxServiceCredentials.call(this);
	const { key, baseOrigin } = checkedCredential(this, credentials, request.itemIndex);
	// Every value the request needs is read and checked: under the router, it waits here until every item is.
	const gate = requestGateOf(this);
	if (gate) {
		if (request.itemIndex === undefined)
			throw new NodeOperationError(
				this.getNode(),
				"Internal error: a request of the node's items must name its item",
			);
		await gate.pass(request.itemIndex);
	}
	// Under Retry On Fail, what an earlier try of this node run sent is not sent again.
	const creation = creationOf(this, request);
	if (creation?.earlier) return earlierAnswer(this, request, creation.earlier);
	/** The error of a request that may have taken effect, kept so that no later try sends it again. */
	const mayExist = <E extends NodeApiError>(error: E): E => {
		creation?.remember({
			method: request.method,
			path: request.path,
			mayExist: { message: error.message, httpCode: error.httpCode ?? undefined },
		});
		return error;
	};

	const options = httpOptions(credentials.baseUrl, request);
	const readOnly = !changesSomething(request.method);
	let waitedMs = 0;
	const tries = (attempt: number) =>
		attempt === 0 ? '' : `Tried ${attempt + 1} times, waiting ${seconds(waitedMs)} in all.`;
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
		if (request.multipart)
			options.body = (await request.multipart.open()) as IHttpRequestOptions['body'];
		const sender = senderFor(this, request.method, key);
		try {
			({ response, redirects } = await sendWithinOrigin(sender.send, options, baseOrigin));
		} catch (error) {
			sender.done();
			const notSent = neverSent(networkErrorCode(error));
			if (retriesNetworkFailure(attempt, { readOnly, notSent, stopped: isStopped(this) })) {
				await wait(retryDelayMs(attempt));
				continue;
			}
			const failure = networkFailure(this, request, error, {
				credentials,
				notSent,
				tries: tries(attempt),
			});
			throw notSent ? failure : mayExist(failure);
		}
		sender.done();
		const status = response.statusCode;
		if (isRedirect(status)) {
			const error = redirectError(
				this,
				request,
				status,
				redirectTarget(response.headers, response.url),
				credentials.baseUrl,
				redirects,
			);
			// A 303 answers a request the service may have carried out; other redirects did not process it.
			throw status === 303 ? mayExist(error) : error;
		}
		if (status >= 200 && status < 300) {
			const body = parseJsonAnswer(response.body);
			const problem = body === INVALID_JSON ? 'a JSON object' : answerProblem(body, request.answer);
			if (problem)
				throw mayExist(
					unexpectedAnswer(this, request, status, response.body, problem, credentials),
				);
			noteAnswer(this, request, body as IDataObject);
			creation?.remember({
				method: request.method,
				path: request.path,
				answered: body as IDataObject,
			});
			return body as IDataObject;
		}
		const retryAfter = retryAfterMs(response.headers?.['retry-after']);
		// A 429 pauses every request of the run (the account is limited, not this request), this one's next try included.
		if (status === 429) pauseRun(this, Date.now() + (retryAfter ?? retryDelayMs(attempt)));
		if (retriesStatus(attempt, status, readOnly)) {
			if (status !== 429) await wait(retryAfter ?? retryDelayMs(attempt));
			continue;
		}
		const error = toApiError(this, status, response.body, request, credentials, tries(attempt));
		throw status >= 500 ? mayExist(error) : error;
	}
}
