import type { IDataObject, IHttpRequestMethods, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isObject } from './answers';
import type { ApiContext, FaxServiceCredentials } from '../credentials';
import { KEY_FIELD, redactKeys } from '../credentials';
import { MAX_REDIRECTS, withoutQuery } from './redirects';
import type { ApiRequest } from './request';

/** Turns what the service (or the network) answered into errors a person can act on, never showing a key. */

/** Whether a request creates or changes something: then a lost answer means it may have taken effect. */
export function changesSomething(method: IHttpRequestMethods): boolean {
	return method !== 'GET' && method !== 'HEAD';
}

function parseBody(body: unknown): unknown {
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body !== 'string') return body;
	if (body === '') return {};
	try {
		return JSON.parse(body);
	} catch {
		return body;
	}
}

/** The start of a body for a message: whitespace collapsed, at most 200 characters. */
function excerpt(body: unknown): string {
	const text = (
		Buffer.isBuffer(body)
			? body.toString('utf8')
			: typeof body === 'string'
				? body
				: (JSON.stringify(body) ?? '')
	)
		.replace(/\s+/g, ' ')
		.trim();
	if (text === '') return '(empty)';
	return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** What a request creates or changes, for "may have been created" messages. */
function effectOf(request: Pick<ApiRequest, 'method' | 'path'>): string {
	return request.method === 'POST'
		? `the record (${request.method} ${request.path.split('?')[0]})`
		: `the change (${request.method} ${request.path.split('?')[0]})`;
}

export const MAY_EXIST = (request: Pick<ApiRequest, 'method' | 'path'>) =>
	`The request was sent once and not repeated, so nothing is created twice, but ${effectOf(request)} may have taken effect: check with a Get or Get Many operation before sending again.`;

function fieldMessages(detail: IDataObject): string[] {
	return Object.entries(detail).map(([field, messages]) => {
		const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
		return `${field}: ${list.join('; ')}`;
	});
}

/** Field names of a 400's field map for a message: names only (their texts quote values), and only name-like ones. */
function fieldNames(detail: IDataObject): string[] {
	return Object.keys(detail).filter((field) => /^[A-Za-z_][\w.[\]-]{0,63}$/.test(field));
}

const what = (request: Pick<ApiRequest, 'method' | 'path'>) =>
	`${request.method} ${request.path.split('?')[0]}`;

/**
 * Turns a non-2xx answer (spec section 7) into a NodeApiError a person can act on. The message, which
 * n8n copies into its logs and event log, is the package's own words (request, status, field names):
 * the service's title and texts can quote what was sent, patient data included, so they go in the
 * description, which only the editor and the execution show.
 */
export function toApiError(
	ctx: ApiContext,
	status: number,
	rawBody: unknown,
	request: Pick<ApiRequest, 'itemIndex' | 'notFound' | 'method' | 'path'>,
	credentials: FaxServiceCredentials,
	tries: string,
): NodeApiError {
	const body = parseBody(rawBody);
	let message: string;
	let description: string | undefined;

	if (status === 422 && isObject(body) && typeof body.error === 'string') {
		// The fax-number limit has its own shape: {error, upgradePath}.
		const upgradePath = typeof body.upgradePath === 'string' ? body.upgradePath : '';
		let upgradeUrl = upgradePath;
		try {
			upgradeUrl = new URL(upgradePath, credentials.baseUrl).toString();
		} catch {
			// keep the relative path as it is
		}
		message = `Fax number limit reached (HTTP ${status})`;
		description = [
			body.error,
			upgradePath
				? `Upgrade the account to provision more numbers: ${upgradeUrl} (upgradePath: ${upgradePath})`
				: undefined,
		]
			.filter(Boolean)
			.join('\n');
	} else {
		const envelope = isObject(body) && isObject(body.error) ? body.error : undefined;
		const title =
			typeof envelope?.title === 'string' && envelope.title !== '' ? envelope.title : undefined;
		const detail = envelope?.detail;
		const details = isObject(detail)
			? fieldMessages(detail)
			: typeof detail === 'string' && detail !== ''
				? [detail]
				: [];
		const fields = isObject(detail) ? fieldNames(detail) : [];
		// The service's own words, said once.
		const serviceWords = [title && details.length ? `${title}:` : title, ...details]
			.filter(Boolean)
			.join('\n');

		if (status === 404 && request.notFound) {
			message = `${request.notFound} was not found (HTTP 404)`;
		} else if (status === 401) {
			message = `Authentication failed: the service rejected the ${credentials.authenticateWith} key (HTTP 401)`;
		} else {
			const verb = status >= 500 ? 'failed to process' : 'refused';
			message = `The Fax Service ${verb} ${what(request)} (HTTP ${status})${fields.length ? `: check ${fields.join(', ')}` : ''}`;
		}
		description = serviceWords || undefined;
		if (status === 401)
			description = [
				description,
				`Check the ${KEY_FIELD[credentials.authenticateWith]} and the Base URL of the Fax Service API credential.`,
			]
				.filter(Boolean)
				.join('\n');
		if (!envelope)
			description = `The answer was not the service's error format; it began: ${excerpt(rawBody)}`;
		if (status >= 500 && changesSomething(request.method))
			description = [MAY_EXIST(request), description].filter(Boolean).join('\n');
	}
	if (tries) description = [description, tries].filter(Boolean).join('\n');

	const errorBody: JsonObject = isObject(body)
		? (JSON.parse(redactKeys(JSON.stringify(body), credentials)) as JsonObject)
		: { body: redactKeys(String(body ?? ''), credentials).slice(0, 500) };
	return new NodeApiError(ctx.getNode(), errorBody, {
		message: redactKeys(message, credentials),
		description: description ? redactKeys(description, credentials) : undefined,
		httpCode: String(status),
		itemIndex: request.itemIndex,
	});
}

/**
 * A 3xx answer from the service's side, not followed (apiRequest.ts follows only reads within the Base
 * URL's origin): an error naming where it pointed, why it was not followed and what to change.
 */
export function redirectError(
	ctx: ApiContext,
	request: Pick<ApiRequest, 'itemIndex' | 'method' | 'path'>,
	status: number,
	target: URL | undefined,
	baseUrl: string,
	redirectsFollowed: number,
): NodeApiError {
	const options = { httpCode: String(status), itemIndex: request.itemIndex };
	if (!target) {
		return new NodeApiError(
			ctx.getNode(),
			{ status },
			{
				...options,
				message: `The Fax Service answered ${what(request)} with HTTP ${status} and no Location header`,
				description:
					"The service's API answers its requests directly. Check the Base URL of the Fax Service API credential.",
			},
		);
	}
	const base = new URL(baseUrl);
	const where = withoutQuery(target);
	const reasons: string[] = [];
	if (changesSomething(request.method)) {
		reasons.push(
			`The request was not re-sent to ${where}, so nothing was created or changed there.`,
		);
		if (status === 303)
			reasons.push(
				'A 303 answer can mean the service did the work first: check with a Get or Get Many operation before sending again.',
			);
	}
	if (target.origin !== base.origin) {
		if (
			base.protocol === 'http:' &&
			target.protocol === 'https:' &&
			target.hostname === base.hostname
		) {
			reasons.push(
				`The Base URL redirects http → https: use https://${target.host}${base.pathname.replace(/\/+$/, '')} as the credential's Base URL.`,
			);
		} else {
			reasons.push(
				`The API key and request bodies go only to the origin of the credential's Base URL (${base.origin}), never to another one. If the service has moved to ${target.origin}, set the Base URL to it.`,
			);
		}
	} else if (changesSomething(request.method)) {
		reasons.push(
			'A request that creates or changes something is never re-sent after a redirect. Check the Base URL of the Fax Service API credential.',
		);
	} else {
		reasons.push(
			`It redirected ${redirectsFollowed + 1} times in a row (at most ${MAX_REDIRECTS} are followed). Check the Base URL of the Fax Service API credential.`,
		);
	}
	return new NodeApiError(
		ctx.getNode(),
		{ status, location: where },
		{
			...options,
			message: `The Fax Service answered ${what(request)} with a redirect (HTTP ${status}) to ${where}; it was not followed`,
			description: reasons.join('\n'),
		},
	);
}

/**
 * What a log line may say of an error: the package's own message (its messages name fields, requests
 * and statuses, never a value or the service's words), or for any other error only its kind and code.
 */
export function logReason(error: unknown): string {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error.message;
	const code = networkErrorCode(error);
	return `${error instanceof Error ? error.name : 'Error'}${code ? ` (${code})` : ''}`;
}

/** The system error code (ECONNREFUSED, ECONNRESET, …) of a failed request, however n8n wrapped it. */
export function networkErrorCode(error: unknown): string | undefined {
	const err = error as { code?: unknown; cause?: { code?: unknown }; httpCode?: unknown };
	for (const code of [err.code, err.cause?.code, err.httpCode]) {
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
	}
	return undefined;
}

/** The failure in words. n8n rewrites any error message that holds a system error code, so the code goes in the description. */
export function networkErrorMessage(error: unknown): string {
	return (
		((error as { message?: string }).message ?? String(error))
			.replace(/\bE[A-Z_]{4,}\b:?\s*/g, '')
			.trim() || 'network error'
	);
}

/**
 * A request that failed on the network, in words a person can act on (the key redacted): whether it
 * never left this machine (nothing was created), failed as a read, or failed after a creation was
 * sent (it may exist). `tries` says how often it was tried, when more than once.
 */
export function networkFailure(
	ctx: ApiContext,
	request: ApiRequest,
	error: unknown,
	{
		credentials,
		notSent,
		tries,
	}: { credentials: FaxServiceCredentials; notSent: boolean; tries: string },
): NodeApiError {
	const reason = redactKeys(networkErrorMessage(error), credentials);
	const code = networkErrorCode(error);
	const readOnly = !changesSomething(request.method);
	let message: string;
	let description: string;
	if (notSent) {
		message = `Could not reach the Fax Service at ${credentials.baseUrl}: ${reason}`;
		description = readOnly
			? tries
			: `The request never reached the service, so nothing was created. ${tries}`;
	} else if (readOnly) {
		message = `The connection to the Fax Service at ${credentials.baseUrl} failed: ${reason}`;
		description = tries;
	} else {
		message = `The connection to the Fax Service at ${credentials.baseUrl} failed after the request was sent: ${reason}`;
		description = MAY_EXIST(request);
	}
	if (code) description = `${description} (system error ${code})`;
	return new NodeApiError(
		ctx.getNode(),
		{ message: reason },
		{ message, description: description.trim() || undefined, itemIndex: request.itemIndex },
	);
}

/** A 2xx answer the node cannot use: an error naming the request, status and start of the body. */
export function unexpectedAnswer(
	ctx: ApiContext,
	request: ApiRequest,
	status: number,
	rawBody: unknown,
	expected: string,
	credentials: FaxServiceCredentials,
): NodeApiError {
	const description = [
		`Expected ${expected}; the answer began: ${excerpt(rawBody)}`,
		!changesSomething(request.method)
			? 'A proxy or gateway in front of the service may have answered instead of it: check the Base URL.'
			: MAY_EXIST(request),
	].join('\n');
	return new NodeApiError(
		ctx.getNode(),
		{ body: redactKeys(excerpt(rawBody), credentials) },
		{
			message: `Unexpected answer from the Fax Service to ${what(request)} (HTTP ${status})`,
			description: redactKeys(description, credentials),
			httpCode: String(status),
			itemIndex: request.itemIndex,
		},
	);
}
