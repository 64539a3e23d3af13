/**
 * The PDF object model as the reader parses it (ISO 32000-1 section 7.3): null, boolean, number, name,
 * string (bytes), array, dictionary, indirect reference, and stream (a dictionary and its still-encoded
 * bytes, a view into the file: never copied, never decoded unless the reader itself needs it).
 */

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

/** An indirect object that is a stream: its dictionary and its encoded bytes, a view into the file. */
export class PdfStream {
	constructor(
		readonly dictionary: PdfDict,
		readonly data: Uint8Array,
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
