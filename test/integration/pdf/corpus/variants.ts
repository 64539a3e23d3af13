/**
 * What becomes of a PDF after it leaves its producer: qpdf rewrites it with object and cross-reference
 * streams, linearized (fast web view) or with its streams uncompressed; an editor appends an incremental
 * update (written here: a changed page and a new content stream after the old end, a new cross-reference
 * section of the file's own kind and a trailer with /Prev); qpdf encrypts it; a transfer cuts it short.
 */
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { xrefStream } from '../../../harness/pdf/handmade';
import { run } from './programs';

export const QPDF_VARIANTS = {
	objstm: ['--object-streams=generate'],
	linearized: ['--linearize'],
	uncompressed: ['--stream-data=uncompress'],
} as const;

export type QpdfVariant = keyof typeof QPDF_VARIANTS;

let files = 0;

/** The file qpdf writes from `pdf` with these options. */
export function qpdf(directory: string, pdf: Buffer, options: readonly string[]): Buffer {
	const input = join(directory, `qpdf-in-${++files}.pdf`);
	const output = join(directory, `qpdf-out-${files}.pdf`);
	writeFileSync(input, pdf);
	run('qpdf', [...options, input, output]);
	return readFileSync(output);
}

/** qpdf's words for an object of the file (`trailer`, or an object number): PDF syntax. */
function showObject(file: string, object: string): string {
	return run('qpdf', [`--show-object=${object}`, file]).toString('latin1');
}

function objectBytes(
	objectNumber: number,
	generation: number,
	body: string,
	stream?: Buffer,
): Buffer {
	if (stream === undefined)
		return Buffer.from(`${objectNumber} ${generation} obj\n${body}\nendobj\n`, 'latin1');
	return Buffer.concat([
		Buffer.from(
			`${objectNumber} ${generation} obj\n<< /Length ${stream.length} ${body} >>\nstream\n`,
			'latin1',
		),
		stream,
		Buffer.from('\nendstream\nendobj\n', 'latin1'),
	]);
}

const tableEntry = (offset: number, generation: number) =>
	`${String(offset).padStart(10, '0')} ${String(generation).padStart(5, '0')} n\r\n`;

/**
 * An incremental update, as an editor saves one: the first page gets a new version whose /Contents adds a
 * new stream (a framed box at the bottom right), both appended after %%EOF, then a cross-reference
 * section of the same kind as the file's last one (a table, or a stream) listing only them, whose
 * trailer points back with /Prev. A reader that ignores the update draws the page without the box.
 */
export function incrementalUpdate(directory: string, pdf: Buffer): Buffer {
	const file = join(directory, `update-${++files}.pdf`);
	writeFileSync(file, pdf);
	const firstPage = /^page 1: (\d+) (\d+) R$/m.exec(
		run('qpdf', ['--show-pages', file]).toString('latin1'),
	);
	if (firstPage === null) throw new Error('qpdf --show-pages named no first page');
	const [pageNumber, pageGeneration] = [Number(firstPage[1]), Number(firstPage[2])];
	const page = showObject(file, String(pageNumber)).trim();
	const trailer = showObject(file, 'trailer');
	const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
	const kept =
		['Root', 'Info']
			.map((key) => new RegExp(`/${key} \\d+ \\d+ R`).exec(trailer)?.[0] ?? '')
			.join(' ') + ` ${/\/ID \[[^\]]*\]/.exec(trailer)?.[0] ?? ''}`;
	const tail = pdf.subarray(Math.max(0, pdf.length - 1024)).toString('latin1');
	const previous = Number([...tail.matchAll(/startxref\s+(\d+)/g)].pop()?.[1]);
	const previousIsTable = pdf.subarray(previous, previous + 4).toString('latin1') === 'xref';

	const contentNumber = size;
	const contents = /\/Contents (\d+ \d+ R|\[[^\]]*\])/.exec(page);
	const oldContents = contents === null ? '' : contents[1].replace(/^\[|\]$/g, '');
	const newPage =
		contents === null
			? page.replace(/>>$/, ` /Contents [ ${contentNumber} 0 R ] >>`)
			: page.replace(contents[0], `/Contents [ ${oldContents} ${contentNumber} 0 R ]`);
	const box = Buffer.from(
		'\nq 0 g 420 36 150 30 re f 1 g 426 42 138 18 re f 0 g 432 48 126 6 re f Q\n',
		'latin1',
	);

	const start = pdf[pdf.length - 1] === 0x0a ? pdf.length : pdf.length + 1;
	const parts: Buffer[] = [pdf, ...(start > pdf.length ? [Buffer.from('\n')] : [])];
	let at = start;
	const append = (bytes: Buffer) => {
		parts.push(bytes);
		const offset = at;
		at += bytes.length;
		return offset;
	};
	const pageOffset = append(objectBytes(pageNumber, pageGeneration, newPage));
	const contentOffset = append(objectBytes(contentNumber, 0, '', box));
	if (previousIsTable) {
		const table = `xref\n${pageNumber} 1\n${tableEntry(pageOffset, pageGeneration)}${contentNumber} 1\n${tableEntry(contentOffset, 0)}`;
		append(
			Buffer.from(
				`${table}trailer\n<< /Size ${size + 1} ${kept} /Prev ${previous} >>\nstartxref\n${at}\n%%EOF\n`,
				'latin1',
			),
		);
	} else {
		// A cross-reference stream lists itself too.
		const xrefNumber = size + 1;
		const xrefOffset = at;
		const rows: [number, number, number][] = [
			[1, pageOffset, pageGeneration],
			[1, contentOffset, 0],
			[1, xrefOffset, 0],
		];
		const stream = xrefStream(
			rows,
			`/Size ${size + 2} /Index [${pageNumber} 1 ${contentNumber} 2] ${kept} /Prev ${previous}`,
		);
		if (typeof stream === 'string' || typeof stream.data === 'string')
			throw new Error('xrefStream gives a stream');
		append(objectBytes(xrefNumber, 0, stream.entries, stream.data));
		append(Buffer.from(`startxref\n${xrefOffset}\n%%EOF\n`, 'latin1'));
	}
	return Buffer.concat(parts);
}

/** qpdf's AES-256 encryption: with a user password, or with an empty one (opens without asking, restricted). */
export function encrypted(directory: string, pdf: Buffer, userPassword: string): Buffer {
	return qpdf(directory, pdf, ['--encrypt', userPassword, 'owner-secret', '256', '--']);
}

/** The first half of the file, as a transfer that stopped half way leaves it. */
export const cutInHalf = (pdf: Buffer): Buffer => pdf.subarray(0, Math.floor(pdf.length / 2));

/** The file without its last cross-reference section and trailer: every object is there, the index is not. */
export function cutBeforeCrossReference(pdf: Buffer): Buffer {
	const tail = pdf.subarray(Math.max(0, pdf.length - 1024)).toString('latin1');
	const previous = Number([...tail.matchAll(/startxref\s+(\d+)/g)].pop()?.[1]);
	return pdf.subarray(0, previous);
}
