import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest, FieldErrors, MESSAGES } from './errors';
import { detectKind, type FileKind } from './files';
import { requestRecords } from './requests';
import type { RecordedFile } from './types';

/** Reading and checking the multipart/form-data bodies of the upload routes (faxes, e-mails, AI documents). */

export interface MultipartBody {
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

export async function readMultipart(
	request: FastifyRequest,
	allowed: { text: string[]; files: string[] },
	fileLimit: number,
): Promise<MultipartBody> {
	const body: MultipartBody = {
		fields: {},
		files: [],
		tooLarge: new Set(),
		errors: new FieldErrors(),
	};
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
				else if (body.files.filter((f) => f.field === name).length > 1)
					body.errors.add(name, MESSAGES.duplicate);
			} else {
				const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
				if (allowed.files.includes(name)) body.errors.add(name, MESSAGES.notAFile);
				else if (!allowed.text.includes(name)) body.errors.add(name, MESSAGES.notAllowed);
				else if (Object.prototype.hasOwnProperty.call(body.fields, name))
					body.errors.add(name, MESSAGES.duplicate);
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
export function takeFile(
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
export function text(body: MultipartBody, name: string): string | undefined {
	return Object.prototype.hasOwnProperty.call(body.fields, name) ? body.fields[name] : undefined;
}

/** Required text field, checked with `check` when given; an empty value counts as absent. */
export function requiredText(
	body: MultipartBody,
	name: string,
	check?: (v: string) => boolean,
	message?: string,
): string {
	const value = text(body, name);
	if (body.errors.map[name]) return value ?? ''; // already wrong (sent as a file, duplicated, ...)
	if (value === undefined || value === '') {
		body.errors.add(name, MESSAGES.required);
		return '';
	}
	if (check && !check(value)) body.errors.add(name, message ?? 'is invalid');
	return value;
}

/** Optional text field, checked with `check` when present; null when absent. */
export function optionalChecked(
	body: MultipartBody,
	name: string,
	check: (v: string) => boolean,
	message: string,
): string | null {
	const value = text(body, name);
	if (value === undefined) return null;
	if (!body.errors.map[name] && !check(value)) body.errors.add(name, message);
	return value;
}
