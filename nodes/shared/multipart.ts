import { randomBytes } from 'crypto';

/**
 * Encodes a multipart/form-data body by hand: a package may not depend on form-data at run time,
 * and an explicit body makes the bytes sent exactly the bytes of the file.
 */
export interface MultipartFile {
	field: string;
	fileName: string;
	contentType: string;
	data: Buffer;
}

export interface MultipartBody {
	body: Buffer;
	contentType: string;
}

/** Quotes a header parameter; CR, LF and quotes cannot appear inside it. */
function quoted(value: string): string {
	return `"${value.replace(/[\r\n"]/g, '_')}"`;
}

export function encodeMultipart(fields: Record<string, string>, files: MultipartFile[]): MultipartBody {
	const boundary = `----n8nFaxService${randomBytes(12).toString('hex')}`;
	const parts: Buffer[] = [];
	for (const [name, value] of Object.entries(fields)) {
		parts.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`,
				'utf8',
			),
		);
	}
	for (const file of files) {
		parts.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.field)}; filename=${quoted(file.fileName)}\r\nContent-Type: ${file.contentType}\r\n\r\n`,
				'utf8',
			),
			file.data,
			Buffer.from('\r\n', 'utf8'),
		);
	}
	parts.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
	return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
