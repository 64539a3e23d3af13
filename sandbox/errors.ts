/** Error envelope (spec section 7) and validation helpers shared by every route. */

export type FieldMap = Record<string, string[]>;

export interface ErrorEnvelope {
	error: { status: number; title: string; detail: string | FieldMap };
}

const TITLES: Record<number, string> = {
	400: 'Bad Request',
	401: 'Unauthorized',
	404: 'Not Found',
	500: 'Internal Server Error',
};

export function envelope(status: number, detail: string | FieldMap): ErrorEnvelope {
	return { error: { status, title: TITLES[status] ?? 'Error', detail } };
}

/** An error answered as-is by the error handler. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
	) {
		super(`HTTP ${status}`);
	}
}

export function badRequest(detail: string | FieldMap): ApiError {
	return new ApiError(400, envelope(400, detail));
}

export function notFound(detail: string): ApiError {
	return new ApiError(404, envelope(404, detail));
}

export function unauthorized(detail: string): ApiError {
	return new ApiError(401, envelope(401, detail));
}

/** Collects messages per field; `throwIfAny` raises one 400 with the whole map. */
export class FieldErrors {
	readonly map: FieldMap = {};

	add(field: string, message: string): void {
		const list = (this.map[field] ??= []);
		if (!list.includes(message)) list.push(message);
	}

	get any(): boolean {
		return Object.keys(this.map).length > 0;
	}

	throwIfAny(): void {
		if (this.any) throw badRequest(this.map);
	}
}

// ---- value rules (one place, used by JSON-schema message mapping and by hand validation) ----

export const E164_PATTERN = '^\\+[1-9]\\d{1,14}$';
const E164 = new RegExp(E164_PATTERN);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const MESSAGES = {
	required: 'is required',
	notAllowed: 'is not a known field',
	e164: 'must be an E.164 number like +15551234567 (in a query string encode "+" as %2B)',
	date: 'must be a date (YYYY-MM-DD)',
	dateOrDateTime: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with a time zone',
	uri: 'must be an absolute http or https URL',
	email: 'must be an e-mail address',
	uuid: 'must be a UUID',
	areaCode: 'must be exactly three digits',
	page: 'must be an integer of at least 1',
	pageSize: 'must be an integer from 1 to 100',
	blank: 'must not be blank',
	fileType: 'must be a PDF or TIFF file',
	pdfOnly: 'must be a PDF file',
	fileEmpty: 'must not be empty',
	duplicate: 'must be given only once',
	notAFile: 'must be a file upload',
	notText: 'must be a text field, not a file',
};

export function isE164(value: string): boolean {
	return E164.test(value);
}

export function isEmail(value: string): boolean {
	return EMAIL.test(value);
}

export function isUuid(value: string): boolean {
	return UUID.test(value);
}

/** Calendar date YYYY-MM-DD that exists. */
export function isDate(value: string): boolean {
	const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
	if (!m) return false;
	const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
	const t = new Date(Date.UTC(y, mo - 1, d));
	return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** Absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
	if (!/^https?:\/\//i.test(value)) return false;
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
	} catch {
		return false;
	}
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * Parses a date_start / date_end filter value to epoch ms: a date YYYY-MM-DD means the start
 * of that UTC day (date_start) or the end of it, inclusive (date_end); an ISO 8601 date-time
 * with zone is taken as is. Returns null when invalid.
 */
export function parseDateBound(value: string, end: boolean): number | null {
	if (isDate(value)) {
		const [y, m, d] = value.split('-').map(Number);
		return end ? Date.UTC(y, m - 1, d + 1) - 1 : Date.UTC(y, m - 1, d);
	}
	const m = DATE_TIME.exec(value);
	if (!m || !isDate(m[1])) return null;
	const t = Date.parse(value);
	return Number.isNaN(t) ? null : t;
}

// ---- mapping of Fastify (Ajv) validation errors to the field map ----

interface AjvError {
	keyword: string;
	instancePath: string;
	params: Record<string, unknown>;
	message?: string;
}

const PATTERN_MESSAGES: Record<string, string> = {
	area_code: MESSAGES.areaCode,
	page: MESSAGES.page,
	page_size: MESSAGES.pageSize,
	from_number: MESSAGES.e164,
	to_number: MESSAGES.e164,
	callback_url: MESSAGES.uri,
	name: MESSAGES.blank,
	date_start: MESSAGES.dateOrDateTime,
	date_end: MESSAGES.dateOrDateTime,
};

const FORMAT_MESSAGES: Record<string, string> = {
	uri: MESSAGES.uri,
	uuid: MESSAGES.uuid,
	date: MESSAGES.date,
	email: MESSAGES.email,
};

function typeWord(type: string): string {
	return type === 'null'
		? 'null'
		: type === 'object'
			? 'an object'
			: type === 'array'
				? 'an array'
				: `a ${type}`;
}

/**
 * Turns Ajv errors into `{ "field.path": [messages] }`. Field names are the dotted path from the
 * body (or query) root in the request's own snake_case, e.g. `fax_number.area_code`, `page_size`.
 */
export function mapValidationErrors(errors: AjvError[], context: string): FieldMap {
	const fields = new FieldErrors();
	for (const e of errors) {
		const segments = e.instancePath
			.split('/')
			.filter(Boolean)
			.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
		let field = segments.join('.');
		let message: string;
		switch (e.keyword) {
			case 'required':
				field = [...segments, String(e.params.missingProperty)].join('.');
				message = MESSAGES.required;
				break;
			case 'additionalProperties':
				field = [...segments, String(e.params.additionalProperty)].join('.');
				message = MESSAGES.notAllowed;
				break;
			case 'type': {
				const types = String(e.params.type).split(',');
				message = `must be ${types.map(typeWord).join(' or ')}`;
				break;
			}
			case 'pattern':
				message =
					PATTERN_MESSAGES[segments[segments.length - 1] ?? ''] ??
					`must match ${String(e.params.pattern)}`;
				break;
			case 'format':
				message =
					FORMAT_MESSAGES[String(e.params.format)] ?? `must be a valid ${String(e.params.format)}`;
				break;
			case 'enum':
				message = `must be one of: ${(e.params.allowedValues as unknown[]).map(String).join(', ')}`;
				break;
			case 'minProperties':
				message = 'must contain at least one property';
				break;
			case 'minLength':
				message = MESSAGES.blank;
				break;
			default:
				message = e.message ?? 'is invalid';
		}
		fields.add(field || (context === 'querystring' ? 'query' : context), message);
	}
	return fields.map;
}
