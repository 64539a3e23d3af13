import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';

import type { ApiContext } from '../credentials';
import { CREDENTIAL_TYPE } from '../credentials';
import { signalAfterStop } from '../execution';
import { changesSomething } from './errors';
import { isRedirect, MAX_REDIRECTS, redirectTarget } from './redirects';
import type { ApiRequest } from './request';

/** One try of a request on the wire: its HTTP options, the key it goes with, and the redirects it may follow. */

export const REQUEST_TIMEOUT_MS = 120_000;

export type ApiResponse = { statusCode: number; body: unknown; headers?: IDataObject; url: string };

/** Sends one HTTP request with the key (n8n's helpers): a read through the credential, a creation with the key it was given. */
type Send = (options: IHttpRequestOptions) => Promise<Omit<ApiResponse, 'url'>>;

/** The origin of an http(s) Base URL; undefined for anything else. */
export function baseUrlOrigin(baseUrl: string): string | undefined {
	if (!/^https?:\/\//.test(baseUrl)) return undefined;
	try {
		return new URL(baseUrl).origin;
	} catch {
		return undefined;
	}
}

/** The HTTP options of a request (its body is set per try: a streamed body can be read once). */
export function httpOptions(baseUrl: string, request: ApiRequest): IHttpRequestOptions {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${baseUrl}${request.path}`,
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
		options.headers = {
			...options.headers,
			'Content-Type': request.multipart.contentType,
			'Content-Length': String(request.multipart.contentLength),
		};
	}
	return options;
}

/**
 * How a request goes out. A read: through n8n's authenticated helper, which n8n aborts at once at a
 * Stop. A request that creates or changes something: with the key in its header and a signal that
 * aborts STOP_GRACE_MS after a Stop, so one on the wire finishes and its outcome is known (n8n's
 * authenticated helper replaces any signal of the node's with its own).
 */
export function senderFor(
	ctx: ApiContext,
	method: IHttpRequestMethods,
	key: string,
): { send: Send; done: () => void } {
	if (!changesSomething(method)) {
		return {
			send: async (options) =>
				(await ctx.helpers.httpRequestWithAuthentication.call(
					ctx,
					CREDENTIAL_TYPE,
					options,
				)) as Omit<ApiResponse, 'url'>,
			done: () => undefined,
		};
	}
	const { signal, release } = signalAfterStop(ctx);
	return {
		send: async (options) =>
			(await ctx.helpers.httpRequest({
				...options,
				headers: { ...options.headers, Authorization: `Bearer ${key}` },
				abortSignal: signal,
			})) as Omit<ApiResponse, 'url'>,
		done: release,
	};
}

/**
 * Sends a request with the credential's key. A read that the service redirects within the Base URL's
 * origin is followed (at most MAX_REDIRECTS times): the key stays with the origin the user chose.
 * Any other redirect is returned as it is, for an error: a body is never re-sent, and nothing goes to
 * another origin.
 */
export async function sendWithinOrigin(
	send: Send,
	options: IHttpRequestOptions,
	baseOrigin: string,
): Promise<{ response: ApiResponse; redirects: number }> {
	let current = options;
	for (let redirects = 0; ; redirects++) {
		const response = { ...(await send(current)), url: current.url };
		if (!isRedirect(response.statusCode) || current.method !== 'GET' || redirects === MAX_REDIRECTS)
			return { response, redirects };
		const target = redirectTarget(response.headers, current.url);
		if (target?.origin !== baseOrigin) return { response, redirects };
		// The Location carries its own query.
		current = { ...current, url: target.href, qs: undefined };
	}
}
