/**
 * How readers give back the text of a right-to-left letter: poppler's pdftotext and pdf.js (the text a
 * browser viewer copies), as lines, with what each reader is known to change. Poppler adds bidi
 * embedding controls, reads a presentation-form ligature as that form (NFKC makes it the letters
 * again), may move digits, punctuation and spaces across the edge of a number or Latin run (its
 * reordering knows three classes of character: TextOutputDev.cc reorderText in poppler 22.12), and
 * reads a letter with its harakat or niqqud mark first (it lays a span's several characters left to
 * right, then reverses the right-to-left line). pdf.js ignores ActualText and reads a line's items in
 * drawing order, so glyphs drawn apart from their line's run (a mark, a letter's dots in a span) and
 * a right-to-left paragraph's Latin or digits come out of order.
 */
import { execFileSync } from 'child_process';
import { join } from 'path';

const EMBEDDING_CONTROLS = /[\u202a-\u202e]/g;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** A line as a reader's text is compared: NFKC, the invisible format characters gone. */
export function comparable(line: string): string {
	return line.replace(EMBEDDING_CONTROLS, '').normalize('NFKC').replace(IGNORABLE, '');
}

/** pdftotext's lines of a file (no layout), comparable, empty lines and the footer left out. */
export function popplerLines(file: string): string[] {
	return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
		.split(/\n|\f/)
		.map(comparable)
		.filter((line) => line.trim() !== '' && !/^Page \d+ of \d+$/.test(line));
}

/** pdf.js's lines of each file, comparable, the footer left out. */
export function pdfjsLines(files: readonly string[]): string[][] {
	const output = execFileSync('node', [join(__dirname, 'pdfjs-text.mjs')], {
		input: JSON.stringify({ files }),
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	return (JSON.parse(output) as string[][]).map((lines) =>
		lines.map(comparable).filter((line) => line.trim() !== '' && !/^Page \d+ of \d+$/.test(line)),
	);
}

const RIGHT_TO_LEFT_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/**
 * A line as poppler's reading of it is compared (`logical`: the letter's own line, not what poppler
 * read): its letters in order, a right-to-left letter's marks before it, then every other character sorted (poppler's reordering may move digits, punctuation
 * and spaces across the edge of a number or a Latin word: three classes of character are all it knows).
 */
export function popplerOrder(line: string, { logical }: { logical: boolean }): string {
	const read = comparable(line);
	// A logical line's marks go before their letter, as poppler reads them; a line poppler read has them there.
	const text = !logical
		? read
		: read.replace(/(\P{M})(\p{M}+)/gu, (cluster, letter: string, marks: string) =>
				RIGHT_TO_LEFT_LETTER.test(letter) ? marks + letter : cluster,
			);
	const letters = text.replace(/[^\p{L}\p{M}]/gu, '');
	const others = [...text.replace(/[\p{L}\p{M}\s]/gu, '')].sort().join('');
	return `${letters}|${others}`;
}
