import type { IDataObject } from 'n8n-workflow';

/**
 * Redirects, read by the package itself: n8n is always told not to follow one
 * (`disableFollowRedirect`), because it would send the key, or a request's body, wherever an answer
 * points. The API request helper and the secure-link download each decide what they follow.
 */

/** Redirects followed in a row at most (same-origin reads, secure-link hops). */
export const MAX_REDIRECTS = 5;

export function isRedirect(status: number): boolean {
	return status >= 300 && status < 400;
}

/** Where a 3xx answer points, resolved against the URL that was asked; undefined without a usable Location. */
export function redirectTarget(
	headers: IDataObject | undefined,
	requestedUrl: string,
): URL | undefined {
	const header = headers?.location;
	const location = Array.isArray(header) ? header[0] : header;
	if (typeof location !== 'string' || location.trim() === '') return undefined;
	try {
		return new URL(location.trim(), requestedUrl);
	} catch {
		return undefined;
	}
}

/** A URL for a message: origin and path, without the query (which may carry a request's filters). */
export function withoutQuery(url: URL): string {
	return `${url.origin}${url.pathname}`;
}
