import { randomUUID } from 'crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import FormData from 'form-data';
import { computeSignature, PAYLOAD_FIELD, signCallback, signingKeyEnvironment } from '../nodes/shared/signature';
import { deliver } from './callbacks';
import {
	ApiError,
	badRequest,
	E164_PATTERN,
	envelope,
	FieldErrors,
	isDate,
	isE164,
	isEmail,
	isHttpUrl,
	mapValidationErrors,
	MESSAGES,
	notFound,
	parseDateBound,
	unauthorized,
} from './errors';
import { completeAiResult, EMPTY_RECEIVED_EXTRACTION, extractReceived, pendingAiResult } from './extraction';
import { countPages, detectKind, extensionOf, FileStore, mimeOf, randomToken, type FileKind } from './files';
import { registerSamples } from './samples';
import { Scheduler } from './scheduler';
import {
	AccountState,
	DOCUMENT_TYPES,
	emailView,
	receivedFaxView,
	sentFaxView,
	type Client,
	type DocumentType,
	type Email,
	type FaxNumber,
	type ReceivedFax,
	type SentFax,
} from './state';
import type { CallbackAttempt, RecordedFile, RecordedRequest } from './types';

/** Fixed by the spec (section 8). */
export const AI_MAX_BYTES = 52_428_800;
export const DEFAULT_PAGE_SIZE = 25;
export const SENT_FAX_RETENTION_DAYS = 30;
export const UPGRADE_PATH = '/account/upgrade';
export const SANDBOX_CALLER_NAME = 'Sandbox Caller';
export const FAX_FAILURE_MESSAGE = 'No answer from destination fax machine';
export const RECEIVE_FAILURE_MESSAGE = 'Transmission interrupted before the fax was completely received';
export const EMAIL_FAILURE = {
	errorCode: 'recipient_rejected',
	errorDetails: 'The recipient mail server rejected the message',
};

export interface ResolvedConfig {
	testKey: string;
	liveKey: string;
	faxNumberLimit: number;
	inProgressAfterMs: number;
	completeAfterMs: number;
	aiCompleteAfterMs: number;
	callbackRetryScheduleMs: number[];
	callbackTimeoutMs: number;
	aiExtraction: boolean;
	maxUploadBytes: number;
}

export interface Runtime {
	config: ResolvedConfig;
	state: AccountState;
	files: FileStore;
	scheduler: Scheduler;
	requests: RecordedRequest[];
	recordAttempt: (attempt: CallbackAttempt) => void;
	origin: () => string;
}

type KeyMode = 'test' | 'live';
type Query = Record<string, string | undefined>;

const API_PREFIX = '/api/v2';
const requestRecords = new WeakMap<FastifyRequest, RecordedRequest>();
const requestKeys = new WeakMap<FastifyRequest, KeyMode>();

type BodyKind = 'json' | 'form' | 'multipart';

declare module 'fastify' {
	interface FastifyContextConfig {
		/** Content type the route documents; anything else is a 400. */
		bodyKind?: 'json' | 'form' | 'multipart';
	}
}
const BODY_TYPES: Record<BodyKind, string> = {
	json: 'application/json',
	form: 'application/x-www-form-urlencoded',
	multipart: 'multipart/form-data',
};

function isApiPath(path: string): boolean {
	return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

function nowIso(ms = Date.now()): string {
	return new Date(ms).toISOString();
}

function addDays(ms: number, days: number): number {
	return ms + days * 24 * 60 * 60 * 1000;
}

function isTestRequest(request: FastifyRequest): boolean {
	return requestKeys.get(request) === 'test';
}

// ---------- multipart ----------

interface MultipartBody {
	fields: Record<string, string>;
	files: RecordedFile[];
	/** Fields whose file went over the limit. */
	tooLarge: Set<string>;
	errors: FieldErrors;
}

/** Collects a stream with plain events (cheaper than async iteration for 50 MB uploads). */
function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		stream.on('data', (chunk: Buffer) => chunks.push(chunk));
		stream.once('end', () => resolve(Buffer.concat(chunks)));
		stream.once('error', reject);
		// A stream destroyed without an error (aborted request) never ends: settle anyway.
		stream.once('close', () => reject(new Error('upload stream closed before its end')));
	});
}

async function readMultipart(
	request: FastifyRequest,
	allowed: { text: string[]; files: string[] },
	fileLimit: number,
): Promise<MultipartBody> {
	const body: MultipartBody = { fields: {}, files: [], tooLarge: new Set(), errors: new FieldErrors() };
	const record = requestRecords.get(request);
	if (record) {
		record.body = body.fields;
		record.files = body.files;
	}
	try {
		const parts = request.parts({
			limits: { fileSize: fileLimit, files: 20, fields: 200, parts: 400, fieldSize: 1024 * 1024 },
		});
		for await (const part of parts) {
			const name = part.fieldname;
			if (part.type === 'file') {
				const data = await readStream(part.file);
				body.files.push({ field: name, filename: part.filename, mimetype: part.mimetype, data });
				if (part.file.truncated) body.tooLarge.add(name);
				if (allowed.text.includes(name)) body.errors.add(name, MESSAGES.notText);
				else if (!allowed.files.includes(name)) body.errors.add(name, MESSAGES.notAllowed);
				else if (body.files.filter((f) => f.field === name).length > 1) body.errors.add(name, MESSAGES.duplicate);
			} else {
				const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
				if (allowed.files.includes(name)) body.errors.add(name, MESSAGES.notAFile);
				else if (!allowed.text.includes(name)) body.errors.add(name, MESSAGES.notAllowed);
				else if (Object.prototype.hasOwnProperty.call(body.fields, name)) body.errors.add(name, MESSAGES.duplicate);
				if (!Object.prototype.hasOwnProperty.call(body.fields, name)) body.fields[name] = value;
			}
		}
	} catch (error) {
		if (error instanceof ApiError) throw error;
		const message = error instanceof Error ? error.message : String(error);
		throw badRequest(`Malformed multipart/form-data body: ${message}`);
	}
	return body;
}

/** Validates the one upload of a multipart body; returns its bytes and kind when valid. */
function takeFile(
	body: MultipartBody,
	rule: 'pdfOrTiff' | 'pdf',
	limit: number,
): { data: Buffer; kind: FileKind } | null {
	const errors = body.errors;
	if (errors.map.file) return null;
	const file = body.files.find((f) => f.field === 'file');
	if (!file) {
		errors.add('file', MESSAGES.required);
		return null;
	}
	if (body.tooLarge.has('file')) {
		errors.add('file', `must be at most ${limit} bytes`);
		return null;
	}
	if (file.data.length === 0) {
		errors.add('file', MESSAGES.fileEmpty);
		return null;
	}
	const kind = detectKind(file.data);
	if (rule === 'pdf' ? kind !== 'pdf' : kind === null) {
		errors.add('file', rule === 'pdf' ? MESSAGES.pdfOnly : MESSAGES.fileType);
		return null;
	}
	return { data: file.data, kind: kind as FileKind };
}

/** Optional text field: undefined when absent. */
function text(body: MultipartBody, name: string): string | undefined {
	return Object.prototype.hasOwnProperty.call(body.fields, name) ? body.fields[name] : undefined;
}

function requiredText(body: MultipartBody, name: string, check?: (v: string) => boolean, message?: string): string {
	const value = text(body, name);
	if (body.errors.map[name]) return value ?? ''; // already wrong (sent as a file, duplicated, ...)
	if (value === undefined || value === '') {
		body.errors.add(name, MESSAGES.required);
		return '';
	}
	if (check && !check(value)) body.errors.add(name, message ?? 'is invalid');
	return value;
}

function optionalChecked(body: MultipartBody, name: string, check: (v: string) => boolean, message: string): string | null {
	const value = text(body, name);
	if (value === undefined) return null;
	if (!body.errors.map[name] && !check(value)) body.errors.add(name, message);
	return value;
}

// ---------- JSON schemas ----------

const e164 = { type: 'string', pattern: E164_PATTERN };
const callbackUrlSchema = { type: ['string', 'null'], format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' };
const pageQuery = {
	page: { type: 'string', pattern: '^[1-9]\\d*$' },
	page_size: { type: 'string', pattern: '^(100|[1-9]\\d?)$' },
};
/** Shape only; the calendar and the zone are checked by parseDateBound. */
const dateQuery = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}(T.*)?$' };
const booleanQuery = { type: 'string', enum: ['true', 'false'] };

export const SENT_FAX_SORTS = {
	sent_at: 'sentAt',
	completed_at: 'completedAt',
	from_number: 'fromNumber',
	to_number: 'toNumber',
	sent_status: 'sentStatus',
	num_pages: 'numPages',
	patient_name: 'patientName',
	sender_name: 'senderName',
	recipient_name: 'recipientName',
} as const;

const sentFaxListQuery = {
	type: 'object',
	properties: {
		...pageQuery,
		from_number: e164,
		to_number: e164,
		patient_name: { type: 'string' },
		patient_dob: { type: 'string', format: 'date' },
		sender_name: { type: 'string' },
		recipient_name: { type: 'string' },
		date_start: dateQuery,
		date_end: dateQuery,
		is_test: booleanQuery,
		sort: { type: 'string', enum: Object.keys(SENT_FAX_SORTS) },
		sort_dir: { type: 'string', enum: ['asc', 'desc'] },
	},
};

const receivedFaxListQuery = {
	type: 'object',
	properties: {
		...pageQuery,
		from_number: e164,
		to_number: e164,
		caller_name: { type: 'string' },
		date_start: dateQuery,
		date_end: dateQuery,
		fax_status: { type: 'string', enum: ['success', 'failure'] },
		is_test: booleanQuery,
		client: { type: 'string' },
		callback_status: { type: 'string', enum: ['success', 'failed', 'pending'] },
	},
};

const createFaxNumberBody = {
	type: 'object',
	required: ['fax_number'],
	properties: {
		fax_number: {
			type: 'object',
			required: ['area_code'],
			properties: {
				area_code: { type: 'string', pattern: '^\\d{3}$' },
				callback_url: callbackUrlSchema,
				client_id: { type: 'string', format: 'uuid' },
			},
		},
	},
};

const updateFaxNumberBody = {
	type: 'object',
	required: ['fax_number'],
	properties: {
		fax_number: {
			type: 'object',
			minProperties: 1,
			additionalProperties: false,
			properties: {
				callback_url: callbackUrlSchema,
				client_id: { type: ['string', 'null'], format: 'uuid' },
			},
		},
	},
};

const clientName = { type: 'string', pattern: '\\S' };

const createClientBody = {
	type: 'object',
	required: ['client'],
	properties: {
		client: {
			type: 'object',
			required: ['name'],
			additionalProperties: false,
			properties: { name: clientName, fax_number_id: { type: ['string', 'null'], format: 'uuid' } },
		},
	},
};

const renameClientBody = {
	type: 'object',
	required: ['client'],
	properties: {
		client: {
			type: 'object',
			required: ['name'],
			additionalProperties: false,
			properties: { name: clientName },
		},
	},
};

const forwardBody = {
	type: 'object',
	required: ['to_number'],
	properties: { to_number: e164 },
};

// ---------- list helpers ----------

interface Page<T> {
	items: T[];
	meta: { totalCount: number; totalPages: number; perPage: number; page: number };
}

function paginate<T>(items: T[], query: Query): Page<T> {
	const page = query.page ? Number(query.page) : 1;
	const perPage = query.page_size ? Number(query.page_size) : DEFAULT_PAGE_SIZE;
	const totalCount = items.length;
	return {
		items: items.slice((page - 1) * perPage, page * perPage),
		meta: { totalCount, totalPages: Math.ceil(totalCount / perPage), perPage, page },
	};
}

function dateRange(query: Query): { start: number | null; end: number | null } {
	const errors = new FieldErrors();
	let start: number | null = null;
	let end: number | null = null;
	if (query.date_start !== undefined) {
		start = parseDateBound(query.date_start, false);
		if (start === null) errors.add('date_start', MESSAGES.dateOrDateTime);
	}
	if (query.date_end !== undefined) {
		end = parseDateBound(query.date_end, true);
		if (end === null) errors.add('date_end', MESSAGES.dateOrDateTime);
	}
	if (start !== null && end !== null && end < start) errors.add('date_end', 'must not be before date_start');
	errors.throwIfAny();
	return { start, end };
}

function inRange(iso: string | null, range: { start: number | null; end: number | null }): boolean {
	if (range.start === null && range.end === null) return true;
	if (iso === null) return false;
	const t = Date.parse(iso);
	return (range.start === null || t >= range.start) && (range.end === null || t <= range.end);
}

/** An exact-match filter: true when the filter is absent or equal. */
function equals(value: unknown, filter: unknown): boolean {
	return filter === undefined || value === filter;
}

function contains(value: string | null, needle: string | undefined): boolean {
	if (needle === undefined) return true;
	return value !== null && value.toLowerCase().includes(needle.toLowerCase());
}

function compareValues(a: unknown, b: unknown): number {
	if (typeof a === 'number' && typeof b === 'number') return a - b;
	const x = String(a).toLowerCase();
	const y = String(b).toLowerCase();
	return x < y ? -1 : x > y ? 1 : 0;
}

/** Sorts by a field with nulls last in both directions; ties by creation order in the same direction. */
function sortBy<T extends { seq: number }>(items: T[], field: keyof T, dir: 'asc' | 'desc'): T[] {
	const sign = dir === 'asc' ? 1 : -1;
	return [...items].sort((a, b) => {
		const x = a[field];
		const y = b[field];
		if (x === null && y !== null) return 1;
		if (y === null && x !== null) return -1;
		const c = x === null ? 0 : compareValues(x, y);
		return c !== 0 ? sign * c : sign * (a.seq - b.seq);
	});
}

// ---------- the application ----------

export function buildApp(rt: Runtime): FastifyInstance {
	const { config, state, files, scheduler } = rt;
	const baseUrl = () => `${rt.origin()}${API_PREFIX}`;

	const app = Fastify({
		logger: false,
		exposeHeadRoutes: false,
		forceCloseConnections: true,
		ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true, useDefaults: false } },
	});

	void app.register(formbody);
	// Oversized files are detected per part (file.truncated) so the whole body is consumed and a 400 answered.
	void app.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: config.maxUploadBytes } });

	// Record every /api/v2 request and authenticate it.
	app.addHook('onRequest', async (request) => {
		const [path, search = ''] = request.url.split(/\?(.*)/s, 2);
		if (!isApiPath(path)) return;
		const query: Record<string, string> = {};
		for (const [k, v] of new URLSearchParams(search)) if (!(k in query)) query[k] = v;
		const record: RecordedRequest = {
			method: request.method,
			path,
			query,
			headers: { ...request.headers },
			body: undefined,
			files: [],
			status: 0,
		};
		rt.requests.push(record);
		requestRecords.set(request, record);

		const header = request.headers.authorization;
		if (!header) throw unauthorized('Missing API key: send the header "Authorization: Bearer <API_KEY>"');
		const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
		if (!match) throw unauthorized('The Authorization header must use the Bearer scheme: "Bearer <API_KEY>"');
		if (match[1] === config.testKey) requestKeys.set(request, 'test');
		else if (match[1] === config.liveKey) requestKeys.set(request, 'live');
		else throw unauthorized('Invalid API key');
	});

	// Record parsed bodies and require the content type each route documents.
	app.addHook('preValidation', async (request) => {
		const record = requestRecords.get(request);
		if (record && request.body !== undefined) record.body = request.body;
		const expected = request.routeOptions.config?.bodyKind;
		if (!expected) return;
		const type = String(request.headers['content-type'] ?? '')
			.split(';')[0]
			.trim()
			.toLowerCase();
		if (type !== BODY_TYPES[expected]) throw badRequest(`Content-Type must be ${BODY_TYPES[expected]}`);
	});

	app.addHook('onSend', async (request, reply, payload) => {
		const record = requestRecords.get(request);
		if (record) record.status = reply.statusCode;
		return payload;
	});

	app.setErrorHandler((error: unknown, _request, reply) => {
		if (error instanceof ApiError) return reply.status(error.status).send(error.body);
		const e = error as { validation?: unknown[]; validationContext?: string; statusCode?: number; message?: string };
		if (e.validation) {
			return reply
				.status(400)
				.send(envelope(400, mapValidationErrors(e.validation as never[], e.validationContext ?? 'body')));
		}
		const status = e.statusCode ?? 500;
		if (status === 404) return reply.status(404).send(envelope(404, e.message ?? 'Not found'));
		if (status >= 400 && status < 500) return reply.status(400).send(envelope(400, e.message ?? 'Invalid request'));
		return reply.status(500).send(envelope(500, e.message ?? 'Internal error'));
	});

	app.setNotFoundHandler((request, reply) => {
		const path = request.url.split('?')[0];
		void reply.status(404).send(envelope(404, `No route for ${request.method} ${path}`));
	});

	// ---------- secure links (no Bearer auth: they are for humans) ----------

	app.get('/files/:token', async (request: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
		const file = files.get(request.params.token);
		if (!file || (file.expiresAt !== null && Date.now() > file.expiresAt)) {
			throw notFound(`No document at this secure link (${request.params.token}); it is unknown or expired`);
		}
		file.onView?.();
		return reply
			.header('Content-Type', mimeOf(file.kind))
			.header('Content-Disposition', `inline; filename="${file.token}.${extensionOf(file.kind)}"`)
			.header('Cache-Control', 'no-store')
			.send(file.data);
	});

	registerSamples(app);

	// ---------- callbacks ----------

	const keyFor = (env: 'test' | 'live') => (env === 'test' ? config.testKey : config.liveKey);
	const deliveryConfig = {
		retryScheduleMs: config.callbackRetryScheduleMs,
		timeoutMs: config.callbackTimeoutMs,
		record: rt.recordAttempt,
	};

	/** The life faxes and e-mails share: queued → inprogress → completed, on the configured delays. */
	function scheduleDelivery(onInProgress: () => void, onComplete: () => void): void {
		scheduler.after(config.inProgressAfterMs, onInProgress);
		scheduler.after(Math.max(config.completeAfterMs, config.inProgressAfterMs), onComplete);
	}

	function sendSentFaxCallback(fax: SentFax): void {
		if (!fax.callbackUrl) return;
		const payload = {
			sendToken: fax.sendToken,
			fromNumber: fax.fromNumber,
			toNumber: fax.toNumber,
			sentStatus: fax.sentStatus,
			sentAt: fax.sentAt,
			completedAt: fax.completedAt,
			numPages: fax.numPages,
			errorDetails: fax.errorDetails?.errorMessage ?? null,
			isTest: fax.isTest,
			secureLink: fax.secureLink,
		};
		const key = keyFor(signingKeyEnvironment('sentFax', payload));
		deliver(scheduler, deliveryConfig, {
			type: 'sentFax',
			url: fax.callbackUrl,
			contentType: 'application/x-www-form-urlencoded',
			body: new URLSearchParams({ [PAYLOAD_FIELD.sentFax]: JSON.stringify(payload) }).toString(),
			signature: signCallback('sentFax', payload, key),
		});
	}

	function sendReceivedFaxCallback(fax: ReceivedFax, url: string): void {
		const x = fax.extraction;
		const payload: Record<string, unknown> = {
			sendToken: fax.sendToken,
			fromNumber: fax.fromNumber,
			toNumber: fax.toNumber,
			callerName: fax.callerName,
			sentAt: fax.sentAt,
			completedAt: fax.completedAt,
			numPages: fax.numPages,
			isTest: fax.isTest,
			faxStatus: fax.faxStatus,
			errorDetails: fax.errorDetails ? { ...fax.errorDetails } : null,
			client: fax.client,
			callbackStatus: fax.callbackStatus,
		};
		if (config.aiExtraction) Object.assign(payload, { ...x, codes: x.codes ?? [] });
		const key = keyFor(signingKeyEnvironment('receivedFax', payload));
		const form = new FormData();
		form.append(PAYLOAD_FIELD.receivedFax, JSON.stringify(payload));
		form.append('file', fax.file, { filename: `${fax.sendToken}.${extensionOf(fax.kind)}`, contentType: mimeOf(fax.kind) });
		deliver(scheduler, deliveryConfig, {
			type: 'receivedFax',
			url,
			contentType: form.getHeaders()['content-type'] as string,
			body: form.getBuffer(),
			signature: signCallback('receivedFax', payload, key),
			onFinal: (delivered) => {
				if (state.receivedFaxes.get(fax.sendToken) === fax) fax.callbackStatus = delivered ? 'success' : 'failed';
			},
		});
	}

	function sendEmailCallback(email: Email): void {
		if (!email.callbackUrl) return;
		const payload = emailView(email);
		// Not a verifiable contract (spec 6.6): HMAC of emailId + sentAt (or "null"), key per isTest.
		const signature = computeSignature(`${email.emailId}${email.sentAt ?? 'null'}`, keyFor(email.isTest ? 'test' : 'live'));
		deliver(scheduler, deliveryConfig, {
			type: 'email',
			url: email.callbackUrl,
			contentType: 'application/x-www-form-urlencoded',
			body: new URLSearchParams({ emailDetails: JSON.stringify(payload) }).toString(),
			signature,
		});
	}

	function sendAiCallback(doc: { result: Record<string, unknown>; callbackUrl: string }): void {
		const payload = { aiResult: { ...doc.result } };
		const key = keyFor(signingKeyEnvironment('aiDocument', payload));
		deliver(scheduler, deliveryConfig, {
			type: 'aiDocument',
			url: doc.callbackUrl,
			contentType: 'application/x-www-form-urlencoded',
			body: new URLSearchParams({ [PAYLOAD_FIELD.aiDocument]: JSON.stringify(payload) }).toString(),
			signature: signCallback('aiDocument', payload, key),
		});
	}

	// ---------- sent faxes ----------

	function queueSentFax(input: {
		fromNumber: string;
		toNumber: string;
		data: Buffer;
		kind: FileKind;
		isTest: boolean;
		callbackUrl: string | null;
		patientName?: string | null;
		patientDob?: string | null;
		senderName?: string | null;
		recipientName?: string | null;
		note?: string | null;
		documentType?: DocumentType;
	}): SentFax {
		const createdMs = Date.now();
		const expiresAt = addDays(createdMs, SENT_FAX_RETENTION_DAYS);
		const fax: SentFax = {
			seq: state.nextSeq(),
			sendToken: randomToken(),
			fromNumber: input.fromNumber,
			toNumber: input.toNumber,
			sentStatus: 'queued',
			sentAt: nowIso(createdMs),
			completedAt: null,
			numPages: countPages(input.data, input.kind),
			errorDetails: null,
			isTest: input.isTest,
			patientName: input.patientName ?? null,
			patientDob: input.patientDob ?? null,
			senderName: input.senderName ?? null,
			recipientName: input.recipientName ?? null,
			note: input.note ?? null,
			recordStatus: 'activated',
			documentType: input.documentType ?? 'both',
			expiry: nowIso(expiresAt),
			viewCount: 0,
			secureLink: null,
			callbackUrl: input.callbackUrl,
			file: input.data,
			kind: input.kind,
		};
		fax.secureLink = files.add(input.data, input.kind, expiresAt, () => {
			fax.viewCount++;
		}).url;
		state.sentFaxes.set(fax.sendToken, fax);
		scheduleDelivery(
			() => {
				if (fax.sentStatus === 'queued') fax.sentStatus = 'inprogress';
			},
			() => {
				const failed = fax.toNumber.endsWith('0000');
				fax.sentStatus = failed ? 'failure' : 'success';
				fax.completedAt = nowIso();
				fax.errorDetails = failed ? { errorMessage: FAX_FAILURE_MESSAGE } : null;
				sendSentFaxCallback(fax);
			},
		);
		return fax;
	}

	app.get('/api/v2/sent_faxes', { schema: { querystring: sentFaxListQuery } }, async (request) => {
		const q = request.query as Query;
		const range = dateRange(q);
		let items = [...state.sentFaxes.values()].filter(
			(f) =>
				equals(f.fromNumber, q.from_number) &&
				equals(f.toNumber, q.to_number) &&
				contains(f.patientName, q.patient_name) &&
				equals(f.patientDob, q.patient_dob) &&
				contains(f.senderName, q.sender_name) &&
				contains(f.recipientName, q.recipient_name) &&
				(q.is_test === undefined || f.isTest === (q.is_test === 'true')) &&
				inRange(f.sentAt, range),
		);
		const sort = SENT_FAX_SORTS[(q.sort ?? 'sent_at') as keyof typeof SENT_FAX_SORTS];
		items = sortBy(items, sort, (q.sort_dir ?? 'desc') as 'asc' | 'desc');
		const page = paginate(items, q);
		return { sentFaxes: page.items.map(sentFaxView), meta: page.meta };
	});

	app.post('/api/v2/sent_faxes', { config: { bodyKind: 'multipart' } }, async (request, reply) => {
		const body = await readMultipart(
			request,
			{
				text: [
					'from_number',
					'to_number',
					'callback_url',
					'patient_name',
					'patient_dob',
					'sender_name',
					'recipient_name',
					'note',
					'document_type',
				],
				files: ['file'],
			},
			config.maxUploadBytes,
		);
		const file = takeFile(body, 'pdfOrTiff', config.maxUploadBytes);
		const fromNumber = requiredText(body, 'from_number', isE164, MESSAGES.e164);
		const toNumber = requiredText(body, 'to_number', isE164, MESSAGES.e164);
		const callbackUrl = optionalChecked(body, 'callback_url', isHttpUrl, MESSAGES.uri);
		const patientDob = optionalChecked(body, 'patient_dob', isDate, MESSAGES.date);
		const documentType = optionalChecked(
			body,
			'document_type',
			(v) => (DOCUMENT_TYPES as string[]).includes(v),
			`must be one of: ${DOCUMENT_TYPES.join(', ')}`,
		);
		body.errors.throwIfAny();
		const fax = queueSentFax({
			fromNumber,
			toNumber,
			data: file!.data,
			kind: file!.kind,
			isTest: isTestRequest(request),
			callbackUrl,
			patientName: text(body, 'patient_name') ?? null,
			patientDob,
			senderName: text(body, 'sender_name') ?? null,
			recipientName: text(body, 'recipient_name') ?? null,
			note: text(body, 'note') ?? null,
			documentType: (documentType ?? 'both') as DocumentType,
		});
		return reply.status(201).send({ message: 'Fax queued for delivery', faxId: fax.sendToken });
	});

	app.get('/api/v2/sent_faxes/:send_token', async (request: FastifyRequest<{ Params: { send_token: string } }>) => {
		const fax = state.sentFaxes.get(request.params.send_token);
		if (!fax) throw notFound(`Sent fax ${request.params.send_token} not found`);
		return sentFaxView(fax);
	});

	// ---------- received faxes ----------

	app.get('/api/v2/received_faxes', { schema: { querystring: receivedFaxListQuery } }, async (request) => {
		const q = request.query as Query;
		const range = dateRange(q);
		let items = [...state.receivedFaxes.values()].filter(
			(f) =>
				equals(f.fromNumber, q.from_number) &&
				equals(f.toNumber, q.to_number) &&
				contains(f.callerName, q.caller_name) &&
				equals(f.faxStatus, q.fax_status) &&
				(q.is_test === undefined || f.isTest === (q.is_test === 'true')) &&
				equals(f.client, q.client) &&
				equals(f.callbackStatus, q.callback_status) &&
				inRange(f.sentAt, range),
		);
		items = sortBy(items, 'sentAt', 'desc');
		const page = paginate(items, q);
		return { receivedFaxes: page.items.map(receivedFaxView), meta: page.meta };
	});

	app.post('/api/v2/received_faxes/test_receive', { config: { bodyKind: 'multipart' } }, async (request, reply) => {
		const body = await readMultipart(request, { text: ['to_number', 'from_number'], files: ['file'] }, config.maxUploadBytes);
		const file = takeFile(body, 'pdfOrTiff', config.maxUploadBytes);
		const toNumber = requiredText(body, 'to_number', isE164, MESSAGES.e164);
		const fromNumber = requiredText(body, 'from_number', isE164, MESSAGES.e164);
		const number = [...state.faxNumbers.values()].find((n) => n.number === toNumber);
		if (toNumber && isE164(toNumber) && !number) body.errors.add('to_number', 'is not a fax number of this account');
		body.errors.throwIfAny();

		const completedMs = Date.now();
		const failed = fromNumber.endsWith('0000');
		const callbackUrl = number!.callbackUrl || null;
		const fax: ReceivedFax = {
			seq: state.nextSeq(),
			sendToken: randomToken(),
			fromNumber,
			toNumber,
			callerName: SANDBOX_CALLER_NAME,
			faxStatus: failed ? 'failure' : 'success',
			sentAt: nowIso(completedMs - 30_000),
			completedAt: nowIso(completedMs),
			numPages: countPages(file!.data, file!.kind),
			isTest: isTestRequest(request),
			errorDetails: failed ? { errorMessage: RECEIVE_FAILURE_MESSAGE } : null,
			callbackStatus: callbackUrl ? 'pending' : null,
			client: number!.clientId,
			extraction: config.aiExtraction && !failed ? extractReceived(file!.data) : { ...EMPTY_RECEIVED_EXTRACTION },
			secureLink: null,
			file: file!.data,
			kind: file!.kind,
		};
		fax.secureLink = files.add(file!.data, file!.kind, null).url;
		state.receivedFaxes.set(fax.sendToken, fax);
		if (callbackUrl) scheduler.after(0, () => sendReceivedFaxCallback(fax, callbackUrl));
		return reply.status(201).send({ message: `Test fax received: ${fax.sendToken}` });
	});

	app.get('/api/v2/received_faxes/:send_token', async (request: FastifyRequest<{ Params: { send_token: string } }>) => {
		const fax = state.receivedFaxes.get(request.params.send_token);
		if (!fax) throw notFound(`Received fax ${request.params.send_token} not found`);
		return receivedFaxView(fax);
	});

	app.post(
		'/api/v2/received_faxes/:send_token/forward_as_fax',
		{ config: { bodyKind: 'form' }, schema: { body: forwardBody } },
		async (request: FastifyRequest<{ Params: { send_token: string }; Body: { to_number: string } }>, reply) => {
			const received = state.receivedFaxes.get(request.params.send_token);
			if (!received) throw notFound(`Received fax ${request.params.send_token} not found`);
			const fax = queueSentFax({
				fromNumber: received.toNumber,
				toNumber: request.body.to_number,
				data: received.file,
				kind: received.kind,
				isTest: isTestRequest(request),
				callbackUrl: null,
			});
			return reply.status(201).send({ message: 'Fax queued for forwarding', faxId: fax.sendToken });
		},
	);

	// ---------- fax numbers ----------

	const faxNumberUri = (n: FaxNumber) => `${baseUrl()}/fax_numbers/${n.id}`;

	function faxNumberView(n: FaxNumber) {
		const client = n.clientId ? state.clients.get(n.clientId) : undefined;
		return {
			id: n.id,
			number: n.number,
			callbackUrl: n.callbackUrl,
			createdAt: n.createdAt,
			client: client ? { clientId: client.clientId, name: client.name } : null,
			uri: faxNumberUri(n),
		};
	}

	function clientView(c: Client) {
		const numbers = [...state.faxNumbers.values()].filter((n) => n.clientId === c.clientId);
		return {
			clientId: c.clientId,
			name: c.name,
			faxNumbers: numbers.map((n) => ({ id: n.id, number: n.number, callbackUrl: n.callbackUrl, uri: faxNumberUri(n) })),
		};
	}

	function newNumber(areaCode: string): string | null {
		const taken = new Set([...state.faxNumbers.values()].map((n) => n.number));
		for (let i = 1; i <= 9999; i++) {
			const candidate = `+1${areaCode}555${String(i).padStart(4, '0')}`;
			if (!taken.has(candidate)) return candidate;
		}
		return null;
	}

	app.get('/api/v2/fax_numbers', async () => ({ faxNumbers: [...state.faxNumbers.values()].map(faxNumberView) }));

	app.post(
		'/api/v2/fax_numbers',
		{ config: { bodyKind: 'json' }, schema: { body: createFaxNumberBody } },
		async (
			request: FastifyRequest<{ Body: { fax_number: { area_code: string; callback_url?: string | null; client_id?: string } } }>,
			reply,
		) => {
			const input = request.body.fax_number;
			if (input.client_id !== undefined && !state.clients.has(input.client_id)) {
				throw badRequest({ 'fax_number.client_id': ['does not match any client of this account'] });
			}
			const number = state.faxNumbers.size < config.faxNumberLimit ? newNumber(input.area_code) : null;
			if (number === null) {
				throw new ApiError(422, {
					error: `Fax number limit reached: this account may hold ${config.faxNumberLimit} fax numbers. Upgrade the account to provision more.`,
					upgradePath: UPGRADE_PATH,
				});
			}
			const record: FaxNumber = {
				seq: state.nextSeq(),
				id: randomUUID(),
				number,
				callbackUrl: input.callback_url ?? null,
				createdAt: nowIso(),
				clientId: input.client_id ?? null,
			};
			state.faxNumbers.set(record.id, record);
			return reply.status(201).send({ faxNumber: faxNumberView(record) });
		},
	);

	app.get('/api/v2/fax_numbers/:slug', async (request: FastifyRequest<{ Params: { slug: string } }>) => {
		const n = state.faxNumbers.get(request.params.slug);
		if (!n) throw notFound(`Fax number ${request.params.slug} not found`);
		return { faxNumber: faxNumberView(n) };
	});

	app.patch(
		'/api/v2/fax_numbers/:slug',
		{ config: { bodyKind: 'json' }, schema: { body: updateFaxNumberBody } },
		async (
			request: FastifyRequest<{
				Params: { slug: string };
				Body: { fax_number: { callback_url?: string | null; client_id?: string | null } };
			}>,
		) => {
			const n = state.faxNumbers.get(request.params.slug);
			if (!n) throw notFound(`Fax number ${request.params.slug} not found`);
			const input = request.body.fax_number;
			if (typeof input.client_id === 'string' && !state.clients.has(input.client_id)) {
				throw badRequest({ 'fax_number.client_id': ['does not match any client of this account'] });
			}
			if (input.callback_url !== undefined) n.callbackUrl = input.callback_url;
			if (input.client_id !== undefined) n.clientId = input.client_id;
			return { faxNumber: faxNumberView(n) };
		},
	);

	// ---------- clients ----------

	app.get('/api/v2/clients', async () => ({ clients: [...state.clients.values()].map(clientView) }));

	app.post(
		'/api/v2/clients',
		{ config: { bodyKind: 'json' }, schema: { body: createClientBody } },
		async (request: FastifyRequest<{ Body: { client: { name: string; fax_number_id?: string | null } } }>, reply) => {
			const input = request.body.client;
			const number = input.fax_number_id ? state.faxNumbers.get(input.fax_number_id) : undefined;
			if (input.fax_number_id && !number) {
				throw badRequest({ 'client.fax_number_id': ['does not match any fax number of this account'] });
			}
			const client: Client = { seq: state.nextSeq(), clientId: randomUUID(), name: input.name };
			state.clients.set(client.clientId, client);
			if (number) number.clientId = client.clientId;
			return reply.status(201).send({ client: clientView(client) });
		},
	);

	app.get('/api/v2/clients/:client_id', async (request: FastifyRequest<{ Params: { client_id: string } }>) => {
		const client = state.clients.get(request.params.client_id);
		if (!client) throw notFound(`Client ${request.params.client_id} not found`);
		return { client: clientView(client) };
	});

	app.patch(
		'/api/v2/clients/:client_id',
		{ config: { bodyKind: 'json' }, schema: { body: renameClientBody } },
		async (request: FastifyRequest<{ Params: { client_id: string }; Body: { client: { name: string } } }>) => {
			const client = state.clients.get(request.params.client_id);
			if (!client) throw notFound(`Client ${request.params.client_id} not found`);
			client.name = request.body.client.name;
			return { client: clientView(client) };
		},
	);

	// ---------- secure-link e-mails ----------

	app.post('/api/v2/emails', { config: { bodyKind: 'multipart' } }, async (request, reply) => {
		const body = await readMultipart(
			request,
			{
				text: [
					'recipient_email',
					'expire_after',
					'recipient_name',
					'sender_name',
					'reply_to_email',
					'subject',
					'note',
					'patient_name',
					'patient_dob',
					'callback_url',
				],
				files: ['file'],
			},
			config.maxUploadBytes,
		);
		const file = takeFile(body, 'pdfOrTiff', config.maxUploadBytes);
		const recipientEmail = requiredText(body, 'recipient_email', isEmail, MESSAGES.email);
		const expireAfter = requiredText(
			body,
			'expire_after',
			(v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 180,
			'must be an integer from 1 to 180 (days)',
		);
		const replyTo = optionalChecked(body, 'reply_to_email', (v) => v === '' || isEmail(v), MESSAGES.email);
		const patientDob = optionalChecked(body, 'patient_dob', isDate, MESSAGES.date);
		const callbackUrl = optionalChecked(body, 'callback_url', isHttpUrl, MESSAGES.uri);
		body.errors.throwIfAny();

		const createdMs = Date.now();
		const expiresAt = addDays(createdMs, Number(expireAfter));
		const email: Email = {
			seq: state.nextSeq(),
			emailId: randomToken(),
			recipientEmail,
			recipientName: text(body, 'recipient_name') ?? null,
			senderName: text(body, 'sender_name') ?? null,
			replyToEmail: replyTo,
			subject: text(body, 'subject') ?? null,
			note: text(body, 'note') ?? null,
			patientName: text(body, 'patient_name') ?? null,
			patientDob,
			recordStatus: 'activated',
			emailStatus: 'queued',
			secureLink: null,
			expiry: nowIso(expiresAt),
			sentAt: null,
			lastViewedAt: null,
			isTest: isTestRequest(request),
			errorDetails: { errorCode: null, errorDetails: null },
			callbackUrl,
		};
		email.secureLink = files.add(file!.data, file!.kind, expiresAt, () => {
			email.lastViewedAt = nowIso();
		}).url;
		state.emails.set(email.emailId, email);
		scheduleDelivery(
			() => {
				if (email.emailStatus === 'queued') email.emailStatus = 'inprogress';
			},
			() => {
				const failed = /^fail/i.test(email.recipientEmail);
				email.emailStatus = failed ? 'failure' : 'success';
				if (failed) email.errorDetails = { ...EMAIL_FAILURE };
				else email.sentAt = nowIso();
				sendEmailCallback(email);
			},
		);
		return reply.status(201).send({ message: 'E-mail queued for delivery', emailId: email.emailId });
	});

	app.get('/api/v2/emails/:email_id', async (request: FastifyRequest<{ Params: { email_id: string } }>) => {
		const email = state.emails.get(request.params.email_id);
		if (!email) throw notFound(`E-mail ${request.params.email_id} not found`);
		return emailView(email);
	});

	// ---------- AI documents ----------

	app.get('/api/v2/ai_documents', async () => ({
		aiDocuments: [...state.aiDocuments.values()].map((d) => ({ aiResult: { ...d.result } })),
	}));

	app.post('/api/v2/ai_documents', { config: { bodyKind: 'multipart' } }, async (request, reply) => {
		const body = await readMultipart(request, { text: ['callback_url'], files: ['file'] }, AI_MAX_BYTES);
		const file = takeFile(body, 'pdf', AI_MAX_BYTES);
		const callbackUrl = requiredText(body, 'callback_url', isHttpUrl, MESSAGES.uri);
		body.errors.throwIfAny();
		const aiToken = randomToken();
		const doc = { seq: state.nextSeq(), result: pendingAiResult(aiToken), callbackUrl, file: file!.data };
		state.aiDocuments.set(aiToken, doc);
		scheduler.after(config.aiCompleteAfterMs, () => {
			doc.result = completeAiResult(aiToken, doc.file, nowIso());
			sendAiCallback(doc);
		});
		return reply.status(201).send({ message: 'Document queued for AI processing', aiToken });
	});

	app.get('/api/v2/ai_documents/:ai_token', async (request: FastifyRequest<{ Params: { ai_token: string } }>) => {
		const doc = state.aiDocuments.get(request.params.ai_token);
		// Only 400 and 401 are documented for this operation (spec 7.4): an unknown token is a 400.
		if (!doc) throw badRequest({ ai_token: [`${request.params.ai_token} does not match any AI document of this account`] });
		return { aiResult: { ...doc.result } };
	});

	return app;
}
