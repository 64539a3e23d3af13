/**
 * 'damaged': the one error factory for a document broken beyond reading (the reader, the stream
 * filters, TIFF pages), and the one failure the reader recovers from (by rebuilding the
 * cross-reference, or by reading on without what is broken); every other DocumentError, and any
 * other error, goes on.
 */

import { DocumentError } from './errors';

/** A DocumentError 'damaged' whose message says which structure is broken (never a byte of the document). */
export function damaged(message: string): DocumentError {
	return new DocumentError('damaged', message);
}

function isDamage(error: unknown): boolean {
	return error instanceof DocumentError && error.reason === 'damaged';
}

/** The call's result, or undefined when it fails with 'damaged'. */
export function unlessDamaged<T>(call: () => T): T | undefined {
	let failure: unknown;
	try {
		return call();
	} catch (error) {
		failure = error;
	}
	if (isDamage(failure)) return undefined;
	throw failure;
}
