/**
 * A PDF file written one object at a time as chunks: object text is gathered into strings, stream data is
 * kept as the caller's views (nothing is copied until the end), and finish() writes the classic
 * cross-reference table and trailer and makes the one concatenation. For files made of copied objects
 * (the joiner); serialisePdf in objects.ts stays the letter writer's.
 */

import type { StreamData } from '../read/objects';
import { streamLength } from '../read/objects';

/** The four bytes above 127 after the header tell transfer tools the file is binary (section 7.5.2). */
const BINARY_COMMENT = '%\u00e2\u00e3\u00cf\u00d3\n';
/** Gathered text is turned into bytes once it is this long (or before stream data). */
const TEXT_FLUSH_LENGTH = 1 << 16;

export class PdfFileWriter {
	private readonly chunks: Uint8Array[] = [];
	private text = '';
	private length = 0;
	/** offsets[n] is where object n starts. */
	private readonly offsets: number[] = [];

	/** version: "1.7", "2.0". */
	constructor(version: string) {
		this.write(`%PDF-${version}\n${BINARY_COMMENT}`);
	}

	/** Object `objectNumber` (generation 0); `body` is its value as PDF syntax. */
	addObject(objectNumber: number, body: string): void {
		this.offsets[objectNumber] = this.length;
		this.write(`${objectNumber} 0 obj\n${body}\nendobj\n`);
	}

	/** A stream object; `dictionary` is its dictionary as PDF syntax without /Length, which is data's byte count. */
	addStream(objectNumber: number, dictionaryEntries: string, data: StreamData): void {
		this.offsets[objectNumber] = this.length;
		const entries = dictionaryEntries === '' ? '' : ` ${dictionaryEntries}`;
		const length = streamLength(data);
		this.write(`${objectNumber} 0 obj\n<< /Length ${length}${entries} >>\nstream\n`);
		this.flushText();
		if (data instanceof Uint8Array) this.chunks.push(data);
		else this.chunks.push(...data);
		this.length += length;
		this.write('\nendstream\nendobj\n');
	}

	/** The file: objects 1 to the highest added (any number not added is a free entry), xref, trailer. */
	finish(root: number): Buffer {
		const xrefOffset = this.length;
		const size = this.offsets.length;
		let table = `xref\n0 ${size}\n0000000000 65535 f\r\n`;
		for (let objectNumber = 1; objectNumber < size; objectNumber++) {
			const offset = this.offsets[objectNumber];
			table +=
				offset === undefined
					? '0000000000 00000 f\r\n'
					: `${String(offset).padStart(10, '0')} 00000 n\r\n`;
		}
		this.write(
			`${table}trailer\n<< /Size ${size} /Root ${root} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`,
		);
		this.flushText();
		return Buffer.concat(this.chunks, this.length);
	}

	/** Text is latin1: one character, one byte, so its length is its byte count. */
	private write(text: string): void {
		this.text += text;
		this.length += text.length;
		if (this.text.length >= TEXT_FLUSH_LENGTH) this.flushText();
	}

	private flushText(): void {
		if (this.text === '') return;
		this.chunks.push(Buffer.from(this.text, 'latin1'));
		this.text = '';
	}
}
