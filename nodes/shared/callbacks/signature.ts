import { createHmac, timingSafeEqual } from 'crypto';

import type { KeyEnvironment } from '../credentials';

/**
 * Callback signatures, spec section 6.6. This module is the only place that knows how a
 * callback is signed: the trigger verifies with it and the sandbox signs with it.
 */

/** The callback types whose signature can be verified from their payload. */
export type SignedCallbackType = 'sentFax' | 'receivedFax' | 'aiDocument';

/** The form field that carries the JSON payload of each signed callback type (spec 6.1). */
export const PAYLOAD_FIELD: Record<SignedCallbackType, 'recordDetails' | 'AiDocumentDetails'> = {
	sentFax: 'recordDetails',
	receivedFax: 'recordDetails',
	aiDocument: 'AiDocumentDetails',
};

/** Header that carries the signature. Node lower-cases incoming header names. */
export const SIGNATURE_HEADER = 'x-service-signature';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object holding token and timestamp: the record itself, or `aiResult` for AI callbacks. */
function signedRecord(type: SignedCallbackType, payload: unknown): JsonObject {
	if (!isObject(payload)) throw new Error('Callback payload is not a JSON object');
	if (type !== 'aiDocument') return payload;
	const aiResult = payload.aiResult;
	if (!isObject(aiResult)) throw new Error('AI callback payload has no aiResult object');
	return aiResult;
}

/**
 * Renders a token or timestamp the way it appears in the payload JSON: strings as they are
 * (never re-parsed or reformatted), JSON null as the four characters `null`.
 */
function asSigned(value: unknown, name: string): string {
	if (value === null) return 'null';
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
	throw new Error(`Callback payload has no usable ${name}`);
}

/** The exact string that is HMAC'd: token followed by timestamp. */
export function signingMessage(type: SignedCallbackType, payload: unknown): string {
	const record = signedRecord(type, payload);
	const token = type === 'aiDocument' ? record.aiToken : record.sendToken;
	if (token === undefined || token === null) {
		throw new Error(`Callback payload has no ${type === 'aiDocument' ? 'aiToken' : 'sendToken'}`);
	}
	return asSigned(token, 'token') + asSigned(record.completedAt ?? null, 'completedAt');
}

/** Test key when `isTest` is true, live key otherwise; AI callbacks always use the live key. */
export function signingKeyEnvironment(type: SignedCallbackType, payload: unknown): KeyEnvironment {
	if (type === 'aiDocument') return 'live';
	return signedRecord(type, payload).isTest === true ? 'test' : 'live';
}

/** Bare lowercase hex HMAC-SHA256 of the UTF-8 message. */
export function computeSignature(message: string, key: string): string {
	return createHmac('sha256', key).update(message, 'utf8').digest('hex');
}

/** Signs a callback payload: what the service (and the sandbox) put in the header. */
export function signCallback(type: SignedCallbackType, payload: unknown, key: string): string {
	return computeSignature(signingMessage(type, payload), key);
}

/** Constant-time comparison of a received header value with the expected signature. */
export function signatureMatches(expected: string, received: string | undefined): boolean {
	if (typeof received !== 'string') return false;
	const expectedBytes = Buffer.from(expected, 'utf8');
	const receivedBytes = Buffer.from(received, 'utf8');
	if (expectedBytes.length !== receivedBytes.length) {
		// Still spend a comparison so the time taken does not depend on where inputs differ.
		timingSafeEqual(expectedBytes, expectedBytes);
		return false;
	}
	return timingSafeEqual(expectedBytes, receivedBytes);
}

/** Verifies a parsed callback payload against its header with the given key. */
export function verifyCallbackSignature(
	type: SignedCallbackType,
	payload: unknown,
	key: string,
	received: string | undefined,
): boolean {
	return signatureMatches(signCallback(type, payload, key), received);
}
