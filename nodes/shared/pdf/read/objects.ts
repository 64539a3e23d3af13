/**
 * The PDF object model as the reader parses it (ISO 32000-1 section 7.3): null, boolean, number, name,
 * string (bytes), array, dictionary, indirect reference, and stream (a dictionary and its still-encoded
 * bytes, a view into the file: never copied, never decoded unless the reader itself needs it).
 */

/**
 * A stream's encoded bytes: one view (of a file), or the views a stream made in memory is made of, in
 * order (an image's ranges of its file: joined only where the output file is written).
 */
export type StreamData = Uint8Array | readonly Uint8Array[];

/** The bytes of `data` in one view: the view itself, or its views joined (a copy). */
export function contiguous(data: StreamData): Uint8Array {
	return data instanceof Uint8Array ? data : Buffer.concat(data);
}

/** The byte count of `data`. */
export function streamLength(data: StreamData): number {
	return data instanceof Uint8Array
		? data.length
		: data.reduce((total, view) => total + view.length, 0);
}

/** A name, its bytes as a latin1 string (#xx escapes already undone), without the slash. */
export class PdfName {
	constructor(readonly value: string) {}
}

/** A string object: its bytes after the literal escapes or the hex digits are undone. */
export class PdfString {
	constructor(readonly bytes: Uint8Array) {}
}

/** "N G R". */
export class PdfRef {
	constructor(
		readonly objectNumber: number,
		readonly generation: number,
	) {}
}

export class PdfDict {
	readonly entries = new Map<string, PdfValue>();

	get(key: string): PdfValue | undefined {
		return this.entries.get(key);
	}

	/** The name under key, or undefined when the entry is absent or not a name (no resolving). */
	name(key: string): string | undefined {
		const value = this.entries.get(key);
		return value instanceof PdfName ? value.value : undefined;
	}
}

/** An indirect object that is a stream: its dictionary and its encoded bytes (views, never a copy: see StreamData). */
export class PdfStream {
	constructor(
		readonly dictionary: PdfDict,
		readonly data: StreamData,
	) {}
}

export type PdfValue =
	| null
	| boolean
	| number
	| PdfName
	| PdfString
	| PdfRef
	| PdfDict
	| PdfStream
	| PdfValue[];

/** A non-negative integer, else undefined (sizes, offsets, object numbers). */
export function wholeNumber(value: PdfValue | undefined): number | undefined {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}
