/**
 * Byte searches over the file. Buffer's indexOf runs natively, which matters when a rebuild scans a
 * 30 MB scan for object headers; the Buffer is a view, nothing is copied.
 */

function bufferView(data: Uint8Array): Buffer {
	return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/** Where the ASCII text next occurs at or after `from`, or -1. */
export function indexOfText(data: Uint8Array, text: string, from = 0): number {
	return bufferView(data).indexOf(text, from, 'latin1');
}

/** Where the ASCII text last starts at or before `before`, or -1. */
export function lastIndexOfText(data: Uint8Array, text: string, before = data.length): number {
	return bufferView(data).lastIndexOf(text, before, 'latin1');
}

/** The bytes as a latin1 string (short runs only: headers, keywords). */
export function latin1(data: Uint8Array, start: number, end: number): string {
	return bufferView(data).toString('latin1', start, Math.min(end, data.length));
}
