import type {
	IDataObject,
	IWebhookFunctions,
	IWebhookResponseData,
	MultiPartFormData,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FaxServiceCredentials } from '../credentials';
import { getRecentCredentials, keyFor } from '../credentials';

import type { SignedCallbackType } from './signature';
import { PAYLOAD_FIELD, signingKeyEnvironment, verifyCallbackSignature } from './signature';

/**
 * Reads one callback request into its type and payload, trusting nothing (the transport must be
 * the one spec 6.1 gives the type, and a file is only taken from a real multipart request), and
 * verifies it with the credential's key (spec 6.6). Every receiver of callbacks uses these.
 */

export type CallbackEvent = SignedCallbackType | 'unverifiable';

export interface ParsedCallback {
	type: CallbackEvent;
	/** The parsed JSON payload of a signed type; the raw form fields of an unverifiable one. */
	payload: IDataObject;
	/** The received-fax PDF, from the multipart `file` part. */
	file?: MultiPartFormData.File;
}

export class MalformedCallbackError extends Error {}

type Transport = 'urlencoded' | 'multipart';

function transportOf(contentType: string | undefined): Transport | undefined {
	const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
	if (mediaType === 'application/x-www-form-urlencoded') return 'urlencoded';
	if (mediaType === 'multipart/form-data') return 'multipart';
	return undefined;
}

function single(value: unknown): unknown {
	return Array.isArray(value) && value.length === 1 ? value[0] : value;
}

const INVALID = Symbol('invalid JSON');

function tryParseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return INVALID;
	}
}

/** Deeper than any payload of spec 6 (a received fax's `codes` is three levels): refused before n8n stores it. */
export const MAX_PAYLOAD_DEPTH = 16;

/** Whether `value` nests deeper than `limit` levels; never descends further than that. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
	if (typeof value !== 'object' || value === null) return false;
	if (limit === 0) return true;
	return Object.values(value).some((child) => nestsDeeperThan(child, limit - 1));
}

function parseJsonField(field: string, raw: unknown): IDataObject {
	const text = single(raw);
	if (typeof text !== 'string')
		throw new MalformedCallbackError(`Form field ${field} is not a single text value`);
	const parsed = tryParseJson(text);
	if (parsed === INVALID)
		throw new MalformedCallbackError(`Form field ${field} does not hold valid JSON`);
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw new MalformedCallbackError(`Form field ${field} does not hold a JSON object`);
	}
	if (nestsDeeperThan(parsed, MAX_PAYLOAD_DEPTH)) {
		throw new MalformedCallbackError(
			`Form field ${field} is nested more than ${MAX_PAYLOAD_DEPTH} levels deep`,
		);
	}
	return parsed as IDataObject;
}

/** Token and completion time as spec 6.3–6.5 type them: a non-empty text, and a date-time text or null. */
function checkSignedFields(record: IDataObject, tokenField: 'sendToken' | 'aiToken'): void {
	const token = record[tokenField];
	if (typeof token !== 'string' || token === '')
		throw new MalformedCallbackError(`The payload has no ${tokenField} text`);
	const completedAt = record.completedAt;
	if (completedAt !== undefined && completedAt !== null && typeof completedAt !== 'string') {
		throw new MalformedCallbackError(
			"The payload's completedAt is neither a date-time text nor null",
		);
	}
}

function isFile(value: unknown): value is MultiPartFormData.File {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as MultiPartFormData.File).filepath === 'string'
	);
}

/**
 * @param contentType the request's Content-Type header
 * @param body what n8n parsed: the form fields for urlencoded, `{data, files}` for multipart
 */
export function parseCallback(contentType: string | undefined, body: unknown): ParsedCallback {
	const transport = transportOf(contentType);
	if (!transport) {
		throw new MalformedCallbackError(
			`Unsupported content type "${contentType ?? ''}": callbacks are form posts`,
		);
	}
	if (typeof body !== 'object' || body === null)
		throw new MalformedCallbackError('The request has no form body');

	let fields: IDataObject;
	let files: IDataObject = {};
	if (transport === 'multipart') {
		const multipart = body as { data?: IDataObject; files?: IDataObject };
		fields = multipart.data ?? {};
		files = multipart.files ?? {};
	} else {
		fields = body as IDataObject;
	}

	if (PAYLOAD_FIELD.aiDocument in fields) {
		if (transport !== 'urlencoded')
			throw new MalformedCallbackError('AI document callbacks must be url-encoded');
		const payload = parseJsonField(PAYLOAD_FIELD.aiDocument, fields[PAYLOAD_FIELD.aiDocument]);
		if (
			typeof payload.aiResult !== 'object' ||
			payload.aiResult === null ||
			Array.isArray(payload.aiResult)
		) {
			throw new MalformedCallbackError('AiDocumentDetails has no aiResult object');
		}
		checkSignedFields(payload.aiResult as IDataObject, 'aiToken');
		return { type: 'aiDocument', payload };
	}
	if (PAYLOAD_FIELD.sentFax in fields) {
		const payload = parseJsonField(PAYLOAD_FIELD.sentFax, fields[PAYLOAD_FIELD.sentFax]);
		checkSignedFields(payload, 'sendToken');
		if (transport === 'urlencoded') return { type: 'sentFax', payload };
		const parts = (
			Array.isArray(files.file) ? files.file : files.file === undefined ? [] : [files.file]
		).filter(isFile);
		// A fax that arrived has its PDF; only a failed one may come without (spec 6.4 does not say).
		if (parts.length === 0 && payload.faxStatus !== 'failure') {
			throw new MalformedCallbackError(
				'A received-fax callback must carry the fax as a "file" part (only a failed fax may come without one)',
			);
		}
		// n8n's multipart parser lists files as they finish writing, not in request order: which PDF is the fax cannot be told.
		if (parts.length > 1)
			throw new MalformedCallbackError(
				`A received-fax callback must carry one "file" part, not ${parts.length}`,
			);
		return { type: 'receivedFax', payload, file: parts[0] };
	}
	// E-mail and direct-message callbacks: the spec shows neither payload, and says they cannot be verified.
	const raw: IDataObject = {};
	for (const [name, value] of Object.entries(fields)) {
		const text = single(value);
		if (typeof text === 'string') {
			const parsed = tryParseJson(text);
			raw[name] = (parsed === INVALID ? text : parsed) as IDataObject;
		} else {
			raw[name] = text as IDataObject;
		}
	}
	return { type: 'unverifiable', payload: raw };
}

/** A webhook call read as a callback, or why it is not one (answered 400: the service retries it). */
export function readCallbackRequest(
	ctx: IWebhookFunctions,
): { callback: ParsedCallback } | { malformed: string } {
	try {
		return {
			callback: parseCallback(ctx.getRequestObject().headers['content-type'], ctx.getBodyData()),
		};
	} catch (error) {
		if (error instanceof MalformedCallbackError) return { malformed: error.message };
		throw new NodeOperationError(ctx.getNode(), error as Error);
	}
}

/**
 * How a log line names a callback: its type and token, nothing else of its payload (patient data).
 * The payload is not verified yet, so only a token-shaped text is named.
 */
export function callbackLabel(callback: ParsedCallback): string {
	if (callback.type === 'unverifiable') return 'unverifiable callback';
	const [record, field] =
		callback.type === 'aiDocument'
			? [callback.payload.aiResult as IDataObject | undefined, 'aiToken']
			: [callback.payload, 'sendToken'];
	const token = record?.[field];
	return `${callback.type} callback${typeof token === 'string' && /^[\w.-]{1,100}$/.test(token) ? `, ${field} ${token}` : ''}`;
}

/**
 * Answers a refused callback with `status` and `{error: reason}` itself, and logs why: `logDetail` and
 * the callback's type and token when it could be read, never a key or a payload's other fields.
 */
export function refuseCallback(
	ctx: IWebhookFunctions,
	receiver: string,
	status: number,
	reason: string,
	logDetail = reason,
	callback?: ParsedCallback,
): IWebhookResponseData {
	ctx.logger.warn(
		`${receiver} refused a callback with ${status}: ${logDetail}${callback ? ` (${callbackLabel(callback)})` : ''}`,
	);
	ctx.getResponseObject().status(status).json({ error: reason });
	return { noWebhookResponse: true };
}

/**
 * Identifies one delivery of a callback: redeliveries of the same completion get the same key.
 * Fax callbacks: type, token, status and completion time; AI callbacks: the aiToken (spec 6.7).
 */
export function deliveryKey(type: SignedCallbackType, payload: IDataObject): string {
	if (type === 'aiDocument') {
		const aiResult = payload.aiResult as IDataObject;
		return `aiDocument:${String(aiResult.aiToken)}`;
	}
	const status = type === 'sentFax' ? payload.sentStatus : payload.faxStatus;
	return `${type}:${String(payload.sendToken)}:${String(status)}:${String(payload.completedAt ?? null)}`;
}

/** The delivery key of an item this trigger emitted (its json is `{ eventType, verified, ...record }`). */
export function deliveryKeyOfItem(json: IDataObject): string | undefined {
	const type = json.eventType;
	if (json.verified !== true) return undefined;
	if (type === 'aiDocument') return deliveryKey(type, { aiResult: json });
	if (type === 'sentFax' || type === 'receivedFax') return deliveryKey(type, json);
	return undefined;
}

/** Why a callback is refused: the status to answer, what to tell the caller, what to log (never a key). */
export interface Refusal {
	status: 400 | 401;
	reason: string;
	logDetail: string;
}

/**
 * Verifies a parsed, signed callback against its `X-Service-Signature` header with the key spec 6.6
 * names (test key when `isTest`, else live; AI always live), read from the node's credential. A
 * failure is checked once more with a fresh read of the credential, so a key changed a moment ago
 * is picked up at once.
 */
export async function verifyCallback(
	this: IWebhookFunctions,
	callback: ParsedCallback,
	header: string | string[] | undefined,
): Promise<'valid' | Refusal> {
	if (callback.type === 'unverifiable')
		return {
			status: 401,
			reason: 'This callback type cannot be verified',
			logDetail: 'unverifiable callback type',
		};
	const type = callback.type;
	const signature = Array.isArray(header) ? header[0] : header;
	if (!signature)
		return {
			status: 401,
			reason: 'Missing X-Service-Signature header',
			logDetail: 'Missing X-Service-Signature header',
		};
	const environment = signingKeyEnvironment(type, callback.payload);
	const check = (credentials: FaxServiceCredentials): 'valid' | Refusal => {
		const key = keyFor(credentials, environment);
		if ('problem' in key) {
			return {
				status: 401,
				reason: 'Signature cannot be verified',
				logDetail: `${key.problem}; a ${environment} key is needed to verify this ${type} callback`,
			};
		}
		try {
			if (verifyCallbackSignature(type, callback.payload, key.key, signature)) return 'valid';
		} catch (error) {
			const reason = `Callback payload cannot be verified: ${(error as Error).message}`;
			return { status: 400, reason, logDetail: reason };
		}
		return {
			status: 401,
			reason: 'Invalid X-Service-Signature',
			logDetail: `signature mismatch for a ${type} callback (${environment} key)`,
		};
	};
	const recent = await getRecentCredentials.call(this);
	const verdict = check(recent.credentials);
	if (verdict === 'valid') return verdict;
	const fresh = await recent.reread();
	return fresh ? check(fresh) : verdict;
}
