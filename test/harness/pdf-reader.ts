/**
 * Reading back a PDF the package made, with Debian's tools (.ci/run installs qpdf and poppler-utils):
 * qpdf --check for its structure, pdfinfo for its pages, pdftotext for its text. One reader for every
 * suite that checks a generated PDF.
 */
import { execFileSync, spawnSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

export interface ReadPdf {
	/** the file written for the tools (inside a temp folder removed by dispose) */
	file: string;
	/** what qpdf --check printed, and its exit status */
	check: { status: number | null; output: string; warnings: string[] };
	/** pdfinfo's output and its page count */
	info: string;
	pages: number;
	/** pdftotext -layout of the whole file, and of each page */
	text: string;
	pageTexts: string[];
}

/** A temp folder for the PDFs one suite reads (`directory`, for other files of the suite too); `dispose()` removes it (call it in afterAll). */
export function pdfReader(prefix = 'fax-pdf-'): {
	read(bytes: Buffer): ReadPdf;
	directory: string;
	dispose(): void;
} {
	const directory = mkdtempSync(join(tmpdir(), prefix));
	let count = 0;
	const read = (bytes: Buffer): ReadPdf => {
		const file = join(directory, `document-${++count}.pdf`);
		writeFileSync(file, bytes);
		const qpdf = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
		const output = `${qpdf.stdout}${qpdf.stderr}`;
		const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
		const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
		const pdftotext = (range: string[]) =>
			execFileSync('pdftotext', ['-layout', ...range, file, '-'], { encoding: 'utf8' });
		return {
			file,
			check: { status: qpdf.status, output, warnings: output.match(/warning.*/gi) ?? [] },
			info,
			pages,
			text: pdftotext([]),
			pageTexts: Array.from({ length: pages }, (_, index) =>
				pdftotext(['-f', String(index + 1), '-l', String(index + 1)]),
			),
		};
	};
	return { read, directory, dispose: () => rmSync(directory, { recursive: true, force: true }) };
}

/** What qpdf says of a sound file: exit 0, no warning, its "no errors" line. */
export const SOUND_PDF = {
	status: 0,
	warnings: [] as string[],
	output: expect.stringContaining('No syntax or stream encoding errors found'),
};

/** pdftotext keeps a line's words; the spacing of the layout between them is not compared. */
export const words = (text: string): string => text.replace(/\s+/g, ' ').trim();
