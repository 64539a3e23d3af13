import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FileKind, FileType, RefusedImageFormat } from '../pdf';
import { fileTypeOf, isImageKind, refusedImageFormat } from '../pdf';

/**
 * Every check made before a request leaves n8n: one validator per kind of value, each throwing a
 * NodeOperationError that names the field and the item, so a bad item never reaches the service.
 */

const E164 = /^\+[1-9]\d{1,14}$/;
const AREA_CODE = /^\d{3}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
// Deliberately simple: the service does the authoritative check; this catches typos early.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a check needs of a node context: the node to name, the workflow's time zone. Any node kind has them. */
export type CheckContext = Pick<IExecuteFunctions, 'getNode' | 'getTimezone'>;

/** Largest file the AI document endpoint accepts (spec 4.6 and 8). */
export const AI_DOCUMENT_MAX_BYTES = 52_428_800;

export const MIME_TYPE: Record<FileKind, string> = {
	pdf: 'application/pdf',
	tiff: 'image/tiff',
	jpeg: 'image/jpeg',
	png: 'image/png',
	gif: 'image/gif',
	bmp: 'image/bmp',
};

/** A file name's extension for each kind, for a file that came without a name. */
export const FILE_EXTENSION: Record<FileKind, string> = {
	pdf: 'pdf',
	tiff: 'tif',
	jpeg: 'jpg',
	png: 'png',
	gif: 'gif',
	bmp: 'bmp',
};

/** The image formats recognised and refused by name: what each is, and what to do instead. */
export const REFUSED_IMAGES: Record<RefusedImageFormat, { what: string; remedy: string }> = {
	HEIC: {
		what: "a HEIC image (the iPhone's photo format)",
		remedy:
			'HEIC photos are not converted. On the iPhone, Settings → Camera → Formats → "Most Compatible" takes photos as JPEG from then on; or convert this file to JPEG or PNG first, for example with n8n\'s Edit Image node (Options → Format: jpeg or png).',
	},
	WebP: {
		what: 'a WebP image',
		remedy:
			"WebP images are not converted: convert the file to PNG or JPEG first, for example with n8n's Edit Image node (Options → Format: png or jpeg).",
	},
	AVIF: {
		what: 'an AVIF image',
		remedy:
			"AVIF images are not converted: convert the file to PNG or JPEG first, for example with n8n's Edit Image node (Options → Format: png or jpeg), or save it from the app that made it as JPEG.",
	},
};

/**
 * Fails the check. The message (which n8n copies into its logs and event log) names the field, the
 * rule and the item, never the value: any field can be fed patient data by an expression. What was
 * given goes in the description, which only the editor and the execution show.
 */
function fail(
	ctx: CheckContext,
	itemIndex: number | undefined,
	field: string,
	problem: string,
	{ got, hint }: { got?: unknown; hint?: string } = {},
): never {
	// A trigger's parameters belong to no item: its messages name only the field.
	const where = itemIndex === undefined ? '' : ` [item ${itemIndex}]`;
	const given =
		got === undefined
			? undefined
			: typeof got === 'string'
				? `Got "${got}".`
				: `Got ${String(got)}.`;
	throw new NodeOperationError(ctx.getNode(), `${field} ${problem}${where}`, {
		itemIndex,
		description: [given, hint].filter(Boolean).join(' ') || undefined,
	});
}

export function assertE164(
	ctx: CheckContext,
	itemIndex: number | undefined,
	field: string,
	value: string,
): string {
	const trimmed = value.trim();
	if (!E164.test(trimmed)) {
		fail(ctx, itemIndex, field, 'must be an E.164 number like +15551234567', {
			got: value,
			hint: 'A plus sign, the country code and the number, with no spaces or punctuation.',
		});
	}
	return trimmed;
}

export function assertAreaCode(
	ctx: CheckContext,
	itemIndex: number | undefined,
	field: string,
	value: string,
): string {
	const trimmed = value.trim();
	if (!AREA_CODE.test(trimmed))
		fail(ctx, itemIndex, field, 'must be exactly three digits', { got: value });
	return trimmed;
}

export function assertUuid(
	ctx: CheckContext,
	itemIndex: number | undefined,
	field: string,
	value: string,
): string {
	const trimmed = value.trim();
	if (!UUID.test(trimmed)) fail(ctx, itemIndex, field, 'must be a UUID', { got: value });
	return trimmed;
}

/** Accepts YYYY-MM-DD, or a date-time (as n8n's date picker produces) reduced to its date. */
export function assertDate(
	ctx: CheckContext,
	itemIndex: number | undefined,
	field: string,
	value: string,
): string {
	const trimmed = value.trim();
	const datePart = DATE_TIME.test(trimmed) ? trimmed.slice(0, 10) : trimmed;
	const match = DATE.exec(datePart);
	if (match) {
		const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
		const date = new Date(Date.UTC(year, month - 1, day));
		if (
			date.getUTCFullYear() === year &&
			date.getUTCMonth() === month - 1 &&
			date.getUTCDate() === day
		) {
			return datePart;
		}
	}
	return fail(ctx, itemIndex, field, 'must be a date in the form YYYY-MM-DD', { got: value });
}

const ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

/** Milliseconds to add to UTC to get the wall-clock time of `timeZone` at `instant`. */
function zoneOffset(instant: number, timeZone: string): number {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		})
			.formatToParts(new Date(instant))
			.map((part) => [part.type, Number(part.value)]),
	);
	const wallClock = Date.UTC(
		parts.year,
		parts.month - 1,
		parts.day,
		parts.hour,
		parts.minute,
		parts.second,
	);
	return wallClock - Math.floor(instant / 1000) * 1000;
}

/**
 * A date (YYYY-MM-DD) or an ISO 8601 date-time. A date-time without a zone (as n8n's date picker
 * stores it) is read in the workflow's time zone and sent as UTC, so the service never has to
 * guess what it meant.
 */
export function assertDateOrDateTime(
	ctx: CheckContext,
	itemIndex: number | undefined,
	field: string,
	value: string,
): string {
	const trimmed = value.trim();
	if (
		DATE_TIME.test(trimmed) &&
		!Number.isNaN(Date.parse(ZONE.test(trimmed) ? trimmed : `${trimmed}Z`))
	) {
		if (ZONE.test(trimmed)) return trimmed;
		const asUtc = Date.parse(`${trimmed}Z`);
		const offset = zoneOffset(asUtc, ctx.getTimezone());
		return new Date(asUtc - offset).toISOString();
	}
	return assertDate(ctx, itemIndex, field, trimmed);
}

export function assertEmail(
	ctx: CheckContext,
	itemIndex: number | undefined,
	field: string,
	value: string,
): string {
	const trimmed = value.trim();
	if (!EMAIL.test(trimmed))
		fail(ctx, itemIndex, field, 'must be an e-mail address', { got: value });
	return trimmed;
}

export function assertUrl(
	ctx: CheckContext,
	itemIndex: number | undefined,
	field: string,
	value: string,
): string {
	const trimmed = value.trim();
	let url: URL | undefined;
	try {
		url = new URL(trimmed);
	} catch {
		url = undefined;
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
		fail(ctx, itemIndex, field, 'must be an http(s) URL', { got: value });
	}
	return trimmed;
}

export function assertIntegerInRange(
	ctx: CheckContext,
	itemIndex: number | undefined,
	field: string,
	value: number,
	min: number,
	max: number,
): number {
	if (!Number.isInteger(value) || value < min || value > max) {
		fail(ctx, itemIndex, field, `must be a whole number from ${min} to ${max}`, { got: value });
	}
	return value;
}

/** "PDF or TIFF file", "PDF, TIFF or image file (JPEG, PNG, GIF or BMP)": what a field takes, in words. */
export function kindsInWords(allowed: readonly FileKind[]): string {
	const or = (names: string[]) =>
		names.length < 2
			? names.join('')
			: `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
	const images = allowed.filter(isImageKind).map((kind) => kind.toUpperCase());
	const documents = allowed.filter((kind) => !isImageKind(kind)).map((kind) => kind.toUpperCase());
	if (images.length === 0) return `${or(documents)} file`;
	return `${or([...documents, 'image'])} file (${or(images)})`;
}

/**
 * The file's type by its first bytes (the PDF library's rule), checked against the kinds the field
 * takes; `head` holds the file's first FILE_TYPE_HEAD_BYTES bytes, or all of a shorter file.
 */
export function assertFileKind(
	ctx: CheckContext,
	itemIndex: number | undefined,
	field: string,
	head: Uint8Array,
	allowed: readonly FileKind[],
): FileType {
	const type = fileTypeOf(head);
	const wanted = kindsInWords(allowed);
	const refused = type === undefined ? refusedImageFormat(head) : undefined;
	if (refused !== undefined) {
		fail(ctx, itemIndex, field, `must be a ${wanted}, got ${REFUSED_IMAGES[refused].what}`, {
			hint: REFUSED_IMAGES[refused].remedy,
		});
	}
	if (type?.bigTiff) {
		fail(ctx, itemIndex, field, `must be a ${wanted}, got a BigTIFF`, {
			hint: 'Fax services and this node take classic TIFF: save the scan as a classic TIFF (CCITT Group 4) or as a PDF.',
		});
	}
	if (!type || !allowed.includes(type.kind)) {
		fail(
			ctx,
			itemIndex,
			field,
			`must be a ${wanted}${type ? `, got a ${type.kind.toUpperCase()}` : ''}`,
			{
				hint: 'The file type is checked by its content (its first bytes), not by its name or mime type.',
			},
		);
	}
	return type;
}

export function assertMaxBytes(
	ctx: CheckContext,
	itemIndex: number | undefined,
	field: string,
	size: number,
	max: number,
): void {
	if (size > max)
		fail(ctx, itemIndex, field, `is ${size} bytes; the service accepts at most ${max} bytes`);
}
