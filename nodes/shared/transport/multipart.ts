import { randomBytes } from 'crypto';
import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * Encodes a multipart/form-data body by hand: a package may not depend on form-data at run time,
 * and an explicit body makes the bytes sent exactly the bytes of the file. Files n8n keeps on disk
 * are streamed, never copied into memory.
 */

/** Node's stream.Readable, named through n8n's helpers: community nodes may not import 'stream'. */
export type Readable = Awaited<ReturnType<IExecuteFunctions['helpers']['getBinaryStream']>>;

export interface MultipartFile {
	field: string;
	fileName: string;
	contentType: string;
	/** Length of the file in bytes. */
	size: number;
	/** The bytes in memory, or how to read them when the request is sent (a new stream or buffer on each call). */
	data: Buffer | (() => Promise<Buffer | Readable>);
}

export interface MultipartBody {
	contentType: string;
	contentLength: number;
	/** The body: one buffer, or a stream, made anew on each call; nothing of a file is read before. */
	open(): Promise<Buffer | Readable>;
}

/** Quotes a header parameter; CR, LF and quotes cannot appear inside it. */
function quoted(value: string): string {
	return `"${value.replace(/[\r\n"]/g, '_')}"`;
}

type Part = Buffer | (() => Promise<Buffer | Readable>);

async function* concatenate(parts: Array<Buffer | Readable>): AsyncGenerator<Buffer> {
	for (const part of parts) {
		if (Buffer.isBuffer(part)) yield part;
		else for await (const chunk of part) yield chunk as Buffer;
	}
}

/** The parts opened, in order: one buffer when every part is in memory, else a stream. `Readable.from` is reached through a stream n8n opened for us. */
async function bodyOf(parts: Part[]): Promise<Buffer | Readable> {
	const opened = await Promise.all(
		parts.map(async (part) => (Buffer.isBuffer(part) ? part : await part())),
	);
	if (opened.every((part) => Buffer.isBuffer(part))) return Buffer.concat(opened as Buffer[]);
	const first = opened.find((part): part is Readable => !Buffer.isBuffer(part));
	if (!first) throw new Error('bodyOf() needs at least one stream');
	const readableFrom = (
		first.constructor as unknown as { from: (source: AsyncIterable<Buffer>) => Readable }
	).from;
	return readableFrom(concatenate(opened));
}

export function encodeMultipart(
	fields: Record<string, string>,
	files: MultipartFile[],
): MultipartBody {
	const boundary = `----n8nFaxService${randomBytes(12).toString('hex')}`;
	const parts: Part[] = [];
	let contentLength = 0;
	const add = (part: Buffer) => {
		parts.push(part);
		contentLength += part.length;
	};
	for (const [name, value] of Object.entries(fields)) {
		add(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`,
				'utf8',
			),
		);
	}
	for (const file of files) {
		add(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.field)}; filename=${quoted(file.fileName)}\r\nContent-Type: ${file.contentType}\r\n\r\n`,
				'utf8',
			),
		);
		parts.push(file.data);
		contentLength += file.size;
		add(Buffer.from('\r\n', 'utf8'));
	}
	add(Buffer.from(`--${boundary}--\r\n`, 'utf8'));

	const contentType = `multipart/form-data; boundary=${boundary}`;
	if (parts.every((part) => Buffer.isBuffer(part))) {
		const body = Buffer.concat(parts as Buffer[]);
		return { contentType, contentLength, open: async () => body };
	}
	return { contentType, contentLength, open: async () => await bodyOf(parts) };
}
