/**
 * Hand-written PDFs for the reader's edge cases: objects as PDF text, a classic cross-reference table
 * (its entry format and first subsection number adjustable, to write the faults writers make),
 * incremental updates, object streams and cross-reference streams (compressed with node:zlib).
 */
import { deflateSync } from 'node:zlib';

/** An object's body as PDF text, or a stream: its dictionary entries (no /Length: it is added) and data. */
export type HandObject = string | { entries: string; data: Buffer | string };

export interface Handmade {
	pdf: Buffer;
	/** offsets[n] is where object n starts. */
	offsets: number[];
	/** Where the cross-reference table starts. */
	xrefOffset: number;
}

export interface HandmadeOptions {
	version?: string;
	/** Extra trailer entries, e.g. '/Info 9 0 R'. */
	trailer?: string;
	/** One table entry; the standard is 20 bytes: 10-digit offset, 5-digit generation, n, CR LF. */
	entry?: (offset: number) => string;
	/** The first subsection's number (0; writers that get it wrong say 1). */
	firstObject?: number;
	/** Written after %%EOF. */
	tail?: string;
	/** Written before %PDF-. */
	head?: string;
}

export const standardEntry = (offset: number): string =>
	`${String(offset).padStart(10, '0')} 00000 n\r\n`;

function objectBytes(objectNumber: number, object: HandObject): Buffer {
	if (typeof object === 'string')
		return Buffer.from(`${objectNumber} 0 obj\n${object}\nendobj\n`, 'latin1');
	const data = typeof object.data === 'string' ? Buffer.from(object.data, 'latin1') : object.data;
	return Buffer.concat([
		Buffer.from(
			`${objectNumber} 0 obj\n<< /Length ${data.length} ${object.entries} >>\nstream\n`,
			'latin1',
		),
		data,
		Buffer.from('\nendstream\nendobj\n', 'latin1'),
	]);
}

/** objects[i] is object i + 1 (null: not written, a free entry); object 1 is the catalog. */
export function handmadePdf(
	objects: ReadonlyArray<HandObject | null>,
	options: HandmadeOptions = {},
): Handmade {
	const parts: Buffer[] = [
		Buffer.from(
			`${options.head ?? ''}%PDF-${options.version ?? '1.4'}\n%\u00e2\u00e3\u00cf\u00d3\n`,
			'latin1',
		),
	];
	let length = parts[0].length;
	const offsets: number[] = [];
	objects.forEach((object, index) => {
		if (object === null) return;
		offsets[index + 1] = length;
		const bytes = objectBytes(index + 1, object);
		parts.push(bytes);
		length += bytes.length;
	});
	const entry = options.entry ?? standardEntry;
	const first = options.firstObject ?? 0;
	const entries = objects
		.map((object, index) =>
			object === null ? '0000000000 00000 f\r\n' : entry(offsets[index + 1]),
		)
		.join('');
	const table = `xref\n${first} ${objects.length + 1}\n0000000000 65535 f\r\n${entries}`;
	const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${options.trailer ?? ''} >>\nstartxref\n${length}\n%%EOF\n${options.tail ?? ''}`;
	parts.push(Buffer.from(table + trailer, 'latin1'));
	return { pdf: Buffer.concat(parts), offsets, xrefOffset: length };
}

/** Appends an incremental update: the objects given (by number) and a table section whose trailer has /Prev. */
export function appendUpdate(
	base: Handmade,
	objects: ReadonlyMap<number, HandObject>,
	size: number,
	trailer = '',
): Handmade {
	const parts: Buffer[] = [base.pdf];
	let length = base.pdf.length;
	const offsets = [...base.offsets];
	let table = 'xref\n';
	for (const [objectNumber, object] of objects) {
		offsets[objectNumber] = length;
		const bytes = objectBytes(objectNumber, object);
		parts.push(bytes);
		table += `${objectNumber} 1\n${standardEntry(length)}`;
		length += bytes.length;
	}
	parts.push(
		Buffer.from(
			`${table}trailer\n<< /Size ${size} /Root 1 0 R /Prev ${base.xrefOffset} ${trailer} >>\nstartxref\n${length}\n%%EOF\n`,
			'latin1',
		),
	);
	return { pdf: Buffer.concat(parts), offsets, xrefOffset: length };
}

/** An object stream holding the objects given (number, body), Flate-compressed. */
export function objectStream(objects: ReadonlyArray<[number, string]>): HandObject {
	let index = '';
	let body = '';
	for (const [objectNumber, text] of objects) {
		index += `${objectNumber} ${body.length} `;
		body += `${text}\n`;
	}
	return {
		entries: `/Type /ObjStm /N ${objects.length} /First ${index.length} /Filter /FlateDecode`,
		data: deflateSync(Buffer.from(index + body, 'latin1')),
	};
}

/** A row of a cross-reference stream: [type, field 2, field 3] with /W [1 4 2]. */
export type XrefRow = [number, number, number];

/** A cross-reference stream's dictionary entries and data (/W [1 4 2], Flate with the PNG Up predictor). */
export function xrefStream(rows: ReadonlyArray<XrefRow>, entries: string): HandObject {
	const columns = 7;
	const raw = Buffer.alloc(rows.length * (columns + 1));
	let previous = Buffer.alloc(columns);
	rows.forEach(([type, second, third], row) => {
		const line = Buffer.alloc(columns);
		line.writeUInt8(type, 0);
		line.writeUInt32BE(second, 1);
		line.writeUInt16BE(third, 5);
		raw[row * (columns + 1)] = 2;
		for (let byte = 0; byte < columns; byte++)
			raw[row * (columns + 1) + 1 + byte] = (line[byte] - previous[byte]) & 0xff;
		previous = line;
	});
	return {
		entries: `/Type /XRef /W [1 4 2] /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns ${columns} >> ${entries}`,
		data: deflateSync(raw),
	};
}

/** A page content stream that writes lines of Helvetica (resource /F1) from the top of a Letter page. */
export function textContent(lines: readonly string[], size = 18): string {
	return `BT /F1 ${size} Tf 72 720 Td ${lines.map((line) => `(${line}) Tj 0 -${size + 6} Td`).join(' ')} ET`;
}

export const HELVETICA =
	'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
