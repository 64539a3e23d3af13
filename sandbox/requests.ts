import type { FastifyRequest } from 'fastify';
import type { RecordedRequest } from './types';

/**
 * What the sandbox remembers about each /api/v2 request while it is handled: the record in the
 * request log (the multipart reader fills in its fields and files) and the key it was made with.
 * Set by the hooks in server.ts.
 */

export const API_PREFIX = '/api/v2';

export type KeyMode = 'test' | 'live';

export const requestRecords = new WeakMap<FastifyRequest, RecordedRequest>();
export const requestKeys = new WeakMap<FastifyRequest, KeyMode>();

/** Only these paths are authenticated and logged (secure links and samples are for humans). */
export function isApiPath(path: string): boolean {
	return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

/** Records created with the test key are test records (isTest: true). */
export function isTestRequest(request: FastifyRequest): boolean {
	return requestKeys.get(request) === 'test';
}
