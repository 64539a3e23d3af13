import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, IHttpRequestOptions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { ApiContext, FaxServiceCredentials } from './credentials';
import { CREDENTIAL_TYPE, getFaxServiceCredentials, KEY_FIELD, keyFor, redactKeys } from './credentials';
import type { Answer } from './answers';
import { answerProblem, isObject } from './answers';
import type { MultipartBody } from './multipart';

/** The only way this package talks to the service: every request goes through `apiRequest`. */

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, e.g. `/sent_faxes`. */
	path: string;
	qs?: IDataObject;
	json?: IDataObject;
	form?: Record<string, string>;
	multipart?: MultipartBody;
	itemIndex?: number;
	/** Names what a 404 did not find, e.g. `Sent fax "abc"`. */
	notFound?: string;
	/** What a 2xx answer must look like; anything else is an error. */
	answer: Answer;
}

/** Requests that may be repeated safely. One that creates or changes something is repeated only when it cannot have arrived. */
const IDEMPOTENT: IHttpRequestMethods[] = ['GET', 'HEAD'];
/** Answers after which a read is tried again. */
const RETRY_STATUSES = [429, 502, 503, 504];
const RETRY_DELAYS_MS = [300, 1000];
/** The longest wait a Retry-After header may ask for before the request is tried again. */
export const MAX_RETRY_AFTER_MS = 30_000;
const REQUEST_TIMEOUT_MS = 120_000;
/** Network errors that mean the request never left this machine: safe to send again, even a creation. */
const NOT_SENT_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];

const INVALID_JSON = Symbol('invalid JSON');

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

/** The start of a body for a message: whitespace collapsed, at most 200 characters. */
function excerpt(body: unknown): string {
	const text = (Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : JSON.stringify(body) ?? '').replace(/\s+/g, ' ').trim();
	if (text === '') return '(empty)';
	return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** What a request creates or changes, for "may have been created" messages. */
function effectOf(request: Pick<ApiRequest, 'method' | 'path'>): string {
	return request.method === 'POST' ? `the record (${request.method} ${request.path.split('?')[0]})` : `the change (${request.method} ${request.path.split('?')[0]})`;
}

const MAY_EXIST = (request: Pick<ApiRequest, 'method' | 'path'>) =>
	`The request was sent once and not repeated, so nothing is created twice, but ${effectOf(request)} may have taken effect: check with a Get or Get Many operation before sending again.`;

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

function fieldMessages(detail: IDataObject): string[] {
	return Object.entries(detail).map(([field, messages]) => {
		const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
		return `${field}: ${list.join('; ')}`;
	});
}

/** Turns a non-2xx answer (spec section 7) into a NodeApiError a person can act on. */
function toApiError(
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
		if (status >= 500 && !IDEMPOTENT.includes(request.method)) description = [MAY_EXIST(request), description].filter(Boolean).join('\n');
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
function networkErrorCode(error: unknown): string | undefined {
	const err = error as { code?: unknown; cause?: { code?: unknown }; httpCode?: unknown };
	for (const code of [err.code, err.cause?.code, err.httpCode]) {
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
	}
	return undefined;
}

/** The failure in words. n8n rewrites any error message that holds a system error code, so the code goes in the description. */
function networkErrorMessage(error: unknown): string {
	return ((error as { message?: string }).message ?? String(error)).replace(/\bE[A-Z_]{4,}\b:?\s*/g, '').trim() || 'network error';
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
	if (!/^https?:\/\//.test(credentials.baseUrl)) {
		throw new NodeOperationError(this.getNode(), 'The credential\'s Base URL must start with http:// or https://', {
			itemIndex: request.itemIndex,
		});
	}

	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${credentials.baseUrl}${request.path}`,
		qs: request.qs,
		headers: { Accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: REQUEST_TIMEOUT_MS,
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

	const retryable = IDEMPOTENT.includes(request.method);
	let waitedMs = 0;
	const tries = (attempt: number) => (attempt === 0 ? '' : `Tried ${attempt + 1} times, waiting ${seconds(waitedMs)} in all.`);
	const wait = async (ms: number) => {
		waitedMs += ms;
		await sleep(ms);
	};
	for (let attempt = 0; ; attempt++) {
		let response: { statusCode: number; body: unknown; headers?: IDataObject };
		// A streamed body can be read once: each attempt gets its own.
		if (request.multipart) options.body = (await request.multipart.open()) as IHttpRequestOptions['body'];
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options)) as typeof response;
		} catch (error) {
			const notSent = NOT_SENT_CODES.includes(networkErrorCode(error) ?? '');
			// A read is tried 3 times; a creation once more only when it cannot have left this machine.
			if (attempt < RETRY_DELAYS_MS.length && (retryable || (notSent && attempt === 0))) {
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
			throw new NodeApiError(this.getNode(), { message: reason }, { message, description: description.trim() || undefined, itemIndex: request.itemIndex });
		}
		const status = response.statusCode;
		if (status >= 200 && status < 300) {
			const body = parseJsonAnswer(response.body);
			const problem = body === INVALID_JSON ? 'a JSON object' : answerProblem(body, request.answer);
			if (problem) throw unexpectedAnswer(this, request, status, response.body, problem, credentials);
			return body as IDataObject;
		}
		// 429 means not processed: a creation may be sent once more too.
		const again = retryable ? RETRY_STATUSES.includes(status) : status === 429 && attempt === 0;
		if (again && attempt < RETRY_DELAYS_MS.length) {
			await wait(retryAfterMs(response.headers?.['retry-after']) ?? RETRY_DELAYS_MS[attempt]);
			continue;
		}
		throw toApiError(this, status, response.body, request, credentials, tries(attempt));
	}
}

/** A 2xx answer the node cannot use: an error naming the request, status and start of the body. */
function unexpectedAnswer(
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
		IDEMPOTENT.includes(request.method) ? 'A proxy or gateway in front of the service may have answered instead of it: check the Base URL.' : MAY_EXIST(request),
	].join('\n');
	return new NodeApiError(ctx.getNode(), { body: redactKeys(excerpt(rawBody), credentials) }, {
		message: `Unexpected answer from the Fax Service to ${what} (HTTP ${status})`,
		description: redactKeys(description, credentials),
		httpCode: String(status),
		itemIndex: request.itemIndex,
	});
}

interface PageMeta {
	totalCount: number;
	totalPages: number;
	page: number;
}

/** Largest page the service serves (spec 8). */
export const MAX_PAGE_SIZE = 100;

/** Pages read at once once the first page has said how many there are. */
export const PAGE_CONCURRENCY = 4;

/**
 * Reads a paginated list (`{<listKey>: [...], meta}`) with the largest page size: the first page
 * says how many pages there are, then the rest (only as many as `limit` needs) are read
 * PAGE_CONCURRENCY at a time and put back in page order.
 */
export async function apiRequestAllPages(
	this: ApiContext,
	request: Omit<ApiRequest, 'method' | 'answer'>,
	listKey: string,
	limit?: number,
): Promise<IDataObject[]> {
	const pageSize = limit === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, Math.max(1, limit));
	const readPage = async (page: number) => {
		const response = await apiRequest.call(this, {
			...request,
			method: 'GET',
			qs: { ...request.qs, page, page_size: pageSize },
			answer: { list: listKey, paged: true },
		});
		const list = Array.isArray(response[listKey]) ? (response[listKey] as IDataObject[]) : [];
		return { list, meta: response.meta as unknown as PageMeta | undefined };
	};

	const first = await readPage(1);
	const totalPages = first.meta ? Math.floor(Number(first.meta.totalPages)) : 1;
	const lastPage = Math.min(Number.isFinite(totalPages) ? totalPages : 1, limit === undefined ? Infinity : Math.ceil(limit / pageSize));
	const pages: IDataObject[][] = [first.list];
	if (first.list.length > 0) {
		let next = 2;
		const worker = async () => {
			while (next <= lastPage) {
				const page = next++;
				pages[page - 1] = (await readPage(page)).list;
			}
		};
		await Promise.all(Array.from({ length: Math.min(PAGE_CONCURRENCY, Math.max(0, lastPage - 1)) }, worker));
	}
	const records = pages.flat();
	// Fewer records than the first page announced means a page came back short: never a silent partial list.
	const announced = Number(first.meta?.totalCount ?? records.length);
	const expected = limit === undefined ? announced : Math.min(limit, announced);
	if (records.length < expected) {
		throw new NodeApiError(this.getNode(), { totalCount: announced, received: records.length }, {
			message: `The list of ${listKey} stopped short: ${records.length} of the ${announced} records the service announced arrived`,
			description: `Pages 1 to ${lastPage} of ${request.path} were read. A page had fewer records than its place in the list needs; run the node again.`,
			itemIndex: request.itemIndex,
		});
	}
	return limit === undefined ? records : records.slice(0, limit);
}

export interface DownloadedFile {
	data: Buffer;
	contentType?: string;
	fileName?: string;
}

/**
 * Fetches a record's secure link. It is a link for people, so no key is sent with it: a key must
 * never travel to an address taken from a response.
 */
export async function downloadSecureLink(this: IExecuteFunctions, url: string, itemIndex: number): Promise<DownloadedFile> {
	let response: { statusCode: number; body: unknown; headers: IDataObject };
	try {
		response = (await this.helpers.httpRequest({
			method: 'GET',
			url,
			encoding: 'arraybuffer',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: REQUEST_TIMEOUT_MS,
		})) as { statusCode: number; body: unknown; headers: IDataObject };
	} catch (error) {
		throw new NodeApiError(this.getNode(), { message: networkErrorMessage(error) }, {
			message: `Could not download the secure link: ${networkErrorMessage(error)}`,
			itemIndex,
		});
	}
	if (response.statusCode < 200 || response.statusCode >= 300) {
		throw new NodeApiError(this.getNode(), { status: response.statusCode }, {
			message: `Downloading the secure link failed with HTTP ${response.statusCode}`,
			description: 'Secure links expire; check the record\'s expiry and recordStatus.',
			httpCode: String(response.statusCode),
			itemIndex,
		});
	}
	const body = response.body;
	const data = Buffer.isBuffer(body) ? body : Buffer.from(body as ArrayBuffer);
	const disposition = typeof response.headers['content-disposition'] === 'string' ? response.headers['content-disposition'] : '';
	const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
	const contentType = typeof response.headers['content-type'] === 'string' ? response.headers['content-type'].split(';')[0] : undefined;
	return { data, contentType, fileName };
}
