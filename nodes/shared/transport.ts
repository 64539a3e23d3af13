import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, IHttpRequestOptions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { ApiContext, FaxServiceCredentials } from './credentials';
import { CREDENTIAL_TYPE, getFaxServiceCredentials, KEY_FIELD, keyFor, redactKeys } from './credentials';
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
}

/** Requests that may be repeated safely. A POST that creates something is never repeated. */
const IDEMPOTENT: IHttpRequestMethods[] = ['GET', 'HEAD'];
const RETRY_STATUSES = [429, 502, 503, 504];
const RETRY_DELAYS_MS = [300, 1000];
const REQUEST_TIMEOUT_MS = 120_000;

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
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
	request: Pick<ApiRequest, 'itemIndex' | 'notFound'>,
	credentials: FaxServiceCredentials,
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
			description = details.length ? details.join('\n') : undefined;
		}
		if (!envelope && typeof body === 'string' && body !== '') description = body.slice(0, 500);
	}

	const errorBody: JsonObject = isObject(body) ? (JSON.parse(redactKeys(JSON.stringify(body), credentials)) as JsonObject) : { body: redactKeys(String(body ?? ''), credentials).slice(0, 500) };
	return new NodeApiError(ctx.getNode(), errorBody, {
		message: redactKeys(message, credentials),
		description: description ? redactKeys(description, credentials) : undefined,
		httpCode: String(status),
		itemIndex: request.itemIndex,
	});
}

function networkErrorMessage(error: unknown): string {
	const err = error as { code?: string; message?: string };
	return err.code ? `${err.code}${err.message ? `: ${err.message}` : ''}` : (err.message ?? String(error));
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
	for (let attempt = 0; ; attempt++) {
		let response: { statusCode: number; body: unknown };
		// A streamed body can be read once: each attempt gets its own.
		if (request.multipart) options.body = (await request.multipart.open()) as IHttpRequestOptions['body'];
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, options)) as {
				statusCode: number;
				body: unknown;
			};
		} catch (error) {
			if (retryable && attempt < RETRY_DELAYS_MS.length) {
				await sleep(RETRY_DELAYS_MS[attempt]);
				continue;
			}
			const reason = redactKeys(networkErrorMessage(error), credentials);
			throw new NodeApiError(
				this.getNode(),
				{ message: reason },
				{
					message: `Could not reach the Fax Service at ${credentials.baseUrl}: ${reason}`,
					description: retryable
						? 'The request was tried 3 times.'
						: 'The request was not repeated, so nothing is created twice. It may or may not have reached the service: check with a Get or Get Many operation before sending again.',
					itemIndex: request.itemIndex,
				},
			);
		}
		if (response.statusCode >= 200 && response.statusCode < 300) return parseBody(response.body) as IDataObject;
		if (retryable && RETRY_STATUSES.includes(response.statusCode) && attempt < RETRY_DELAYS_MS.length) {
			await sleep(RETRY_DELAYS_MS[attempt]);
			continue;
		}
		throw toApiError(this, response.statusCode, response.body, request, credentials);
	}
}

interface PageMeta {
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
	request: Omit<ApiRequest, 'method'>,
	listKey: string,
	limit?: number,
): Promise<IDataObject[]> {
	const pageSize = limit === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, Math.max(1, limit));
	const readPage = async (page: number) => {
		const response = await apiRequest.call(this, { ...request, method: 'GET', qs: { ...request.qs, page, page_size: pageSize } });
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
