import type { IDataObject, IHttpRequestMethods, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { isObject } from './answers';
import type { ApiContext, FaxServiceCredentials } from './credentials';
import { KEY_FIELD, redactKeys } from './credentials';
import type { ApiRequest } from './transport';

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
export function excerpt(body: unknown): string {
	const text = (Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : JSON.stringify(body) ?? '').replace(/\s+/g, ' ').trim();
	if (text === '') return '(empty)';
	return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** What a request creates or changes, for "may have been created" messages. */
function effectOf(request: Pick<ApiRequest, 'method' | 'path'>): string {
	return request.method === 'POST' ? `the record (${request.method} ${request.path.split('?')[0]})` : `the change (${request.method} ${request.path.split('?')[0]})`;
}

export const MAY_EXIST = (request: Pick<ApiRequest, 'method' | 'path'>) =>
	`The request was sent once and not repeated, so nothing is created twice, but ${effectOf(request)} may have taken effect: check with a Get or Get Many operation before sending again.`;

function fieldMessages(detail: IDataObject): string[] {
	return Object.entries(detail).map(([field, messages]) => {
		const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
		return `${field}: ${list.join('; ')}`;
	});
}

/** Turns a non-2xx answer (spec section 7) into a NodeApiError a person can act on. */
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
		message = /limit/i.test(body.error) ? body.error : `Fax number limit reached: ${body.error}`;
		description = upgradePath ? `Upgrade the account to provision more numbers: ${upgradeUrl} (upgradePath: ${upgradePath})` : undefined;
	} else {
		const envelope = isObject(body) && isObject(body.error) ? body.error : undefined;
		const title = typeof envelope?.title === 'string' ? envelope.title : `HTTP ${status}`;
		const detail = envelope?.detail;
		const details = isObject(detail) ? fieldMessages(detail) : typeof detail === 'string' && detail !== '' ? [detail] : [];

		if (status === 404 && request.notFound) {
			message = `${request.notFound} was not found (${title})`;
			description = details.join('\n') || undefined;
		} else if (status === 401) {
			message = `Authentication failed: the service rejected the ${credentials.authenticateWith} key (${title})`;
			description = [...details, `Check the ${KEY_FIELD[credentials.authenticateWith]} and the Base URL of the Fax Service API credential.`].join('\n');
		} else {
			message = details.length ? `${title}: ${details.join(' | ')}` : title;
		}
		if (!envelope) description = `The answer was not the service's error format; it began: ${excerpt(rawBody)}`;
		if (status >= 500 && changesSomething(request.method)) description = [MAY_EXIST(request), description].filter(Boolean).join('\n');
	}
	if (tries) description = [description, tries].filter(Boolean).join('\n');

	const errorBody: JsonObject = isObject(body) ? (JSON.parse(redactKeys(JSON.stringify(body), credentials)) as JsonObject) : { body: redactKeys(String(body ?? ''), credentials).slice(0, 500) };
	return new NodeApiError(ctx.getNode(), errorBody, {
		message: redactKeys(message, credentials),
		description: description ? redactKeys(description, credentials) : undefined,
		httpCode: String(status),
		itemIndex: request.itemIndex,
	});
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
	return ((error as { message?: string }).message ?? String(error)).replace(/\bE[A-Z_]{4,}\b:?\s*/g, '').trim() || 'network error';
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
	const what = `${request.method} ${request.path.split('?')[0]}`;
	const description = [
		`Expected ${expected}; the answer began: ${excerpt(rawBody)}`,
		!changesSomething(request.method) ? 'A proxy or gateway in front of the service may have answered instead of it: check the Base URL.' : MAY_EXIST(request),
	].join('\n');
	return new NodeApiError(ctx.getNode(), { body: redactKeys(excerpt(rawBody), credentials) }, {
		message: `Unexpected answer from the Fax Service to ${what} (HTTP ${status})`,
		description: redactKeys(description, credentials),
		httpCode: String(status),
		itemIndex: request.itemIndex,
	});
}
