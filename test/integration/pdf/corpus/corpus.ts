/**
 * The corpus: PDFs and TIFFs shaped like the ones clinics send, built at test time into a temp folder
 * from several producers (producers.ts: pdf-lib, pdfkit, jspdf, renderLetter, a hand-written page tree;
 * programs.ts: Ghostscript, reportlab, a scan, libtiff), each PDF also as qpdf and an editor leave it
 * (variants.ts), and the files a reader must refuse or rebuild (encrypted, cut short). The suites in this
 * folder and the bench (bench/lib/packet.js) build their inputs with it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import {
	ghostscriptDocument,
	reportlabDocument,
	scannedDocument,
	TIFF_KINDS,
	tiffDocument,
} from './programs';
import {
	inheritedDocument,
	jsPdfDocument,
	letterDocument,
	pdfKitDocument,
	pdfLibDocument,
} from './producers';
import type { QpdfVariant } from './variants';
import {
	cutBeforeCrossReference,
	cutInHalf,
	encrypted,
	incrementalUpdate,
	qpdf,
	QPDF_VARIANTS,
} from './variants';

export { jsPdfDocument, pdfKitText } from './producers';
export { scannedDocument, tiffDocument, TIFF_KINDS } from './programs';
export { qpdf } from './variants';

export const PRODUCERS = [
	'pdflib',
	'pdfkit',
	'jspdf',
	'ghostscript',
	'reportlab',
	'letter',
	'inherited',
	'scanned',
] as const;
export type Producer = (typeof PRODUCERS)[number];
export const VARIANTS = [
	'base',
	'objstm',
	'linearized',
	'uncompressed',
	'incremental',
] as const satisfies readonly ('base' | 'incremental' | QpdfVariant)[];
export type Variant = (typeof VARIANTS)[number];

export interface CorpusDocument {
	/** `producer.variant` for a PDF (`pdfkit.linearized`), `tiff.kind` for a TIFF (`tiff.g4`). */
	name: string;
	kind: 'pdf' | 'tiff';
	/** Where the file is (in the corpus folder), and its bytes. */
	file: string;
	bytes: Buffer;
}

export interface RefusedDocument extends CorpusDocument {
	/** What the reader must say: 'encrypted', or 'damaged' unless it rebuilds every page of `original`. */
	expected: 'encrypted' | 'damagedOrComplete';
	/** The file it was made from. */
	original: CorpusDocument;
}

export interface Corpus {
	directory: string;
	/** Every PDF (each producer in each variant) and every TIFF: all must join. */
	documents: CorpusDocument[];
	refused: RefusedDocument[];
	byName(name: string): CorpusDocument;
	dispose(): void;
}

/** The names `documents` has, known before anything is built (for test.each). */
export const DOCUMENT_NAMES: readonly string[] = [
	...PRODUCERS.flatMap((producer) => VARIANTS.map((variant) => `${producer}.${variant}`)),
	...TIFF_KINDS.map((kind) => `tiff.${kind.name}`),
];

/** Damaged and encrypted files: which file each is made from, and how. */
export const REFUSED = [
	{ name: 'reportlab.encrypted-password', from: 'reportlab.base', expected: 'encrypted' },
	{ name: 'pdfkit.encrypted-no-password', from: 'pdfkit.base', expected: 'encrypted' },
	{ name: 'pdflib.encrypted-password', from: 'pdflib.base', expected: 'encrypted' },
	{ name: 'reportlab.cut-in-half', from: 'reportlab.base', expected: 'damagedOrComplete' },
	{ name: 'ghostscript.cut-in-half', from: 'ghostscript.base', expected: 'damagedOrComplete' },
	{ name: 'pdflib.cut-in-half', from: 'pdflib.base', expected: 'damagedOrComplete' },
	{ name: 'scanned.cut-in-half', from: 'scanned.base', expected: 'damagedOrComplete' },
	{ name: 'pdfkit.cut-before-xref', from: 'pdfkit.base', expected: 'damagedOrComplete' },
	{ name: 'pdflib.cut-before-xref', from: 'pdflib.base', expected: 'damagedOrComplete' },
	{
		name: 'jspdf.incremental.cut-before-xref',
		from: 'jspdf.incremental',
		expected: 'damagedOrComplete',
	},
] as const;

async function baseDocument(producer: Producer, directory: string): Promise<Buffer> {
	switch (producer) {
		case 'pdflib':
			return pdfLibDocument();
		case 'pdfkit':
			return pdfKitDocument();
		case 'jspdf':
			return jsPdfDocument();
		case 'ghostscript':
			return ghostscriptDocument(directory);
		case 'reportlab':
			return reportlabDocument(directory);
		case 'letter':
			return letterDocument();
		case 'inherited':
			return inheritedDocument();
		case 'scanned':
			return scannedDocument(directory, { pages: 6, resolution: 40, quality: 50 });
	}
}

function variantOf(base: Buffer, variant: Variant, directory: string): Buffer {
	if (variant === 'base') return base;
	if (variant === 'incremental') return incrementalUpdate(directory, base);
	return qpdf(directory, base, QPDF_VARIANTS[variant]);
}

function refusedBytes(name: string, original: Buffer, directory: string): Buffer {
	if (name.endsWith('encrypted-password')) return encrypted(directory, original, 'user-secret');
	if (name.endsWith('encrypted-no-password')) return encrypted(directory, original, '');
	if (name.endsWith('cut-in-half')) return cutInHalf(original);
	return cutBeforeCrossReference(original);
}

/** Builds every file of the corpus into a new temp folder (removed by dispose). */
export async function buildCorpus(): Promise<Corpus> {
	const directory = mkdtempSync(join(tmpdir(), 'pdf-corpus-'));
	const work = join(directory, 'work');
	const save = (name: string, kind: 'pdf' | 'tiff', bytes: Buffer): CorpusDocument => {
		const file = join(directory, `${name}.${kind === 'pdf' ? 'pdf' : 'tif'}`);
		writeFileSync(file, bytes);
		return { name, kind, file, bytes };
	};
	try {
		mkdirSync(work);
		const documents: CorpusDocument[] = [];
		for (const producer of PRODUCERS) {
			const base = await baseDocument(producer, work);
			for (const variant of VARIANTS)
				documents.push(save(`${producer}.${variant}`, 'pdf', variantOf(base, variant, work)));
		}
		for (const kind of TIFF_KINDS)
			documents.push(save(`tiff.${kind.name}`, 'tiff', tiffDocument(work, kind, 3, 0.5)));
		const byName = (name: string) => {
			const found = documents.find((document) => document.name === name);
			if (found === undefined) throw new Error(`the corpus has no ${name}`);
			return found;
		};
		const refused = REFUSED.map(({ name, from, expected }): RefusedDocument => {
			const original = byName(from);
			return { ...save(name, 'pdf', refusedBytes(name, original.bytes, work)), expected, original };
		});
		rmSync(work, { recursive: true, force: true });
		return {
			directory,
			documents,
			refused,
			byName,
			dispose: () => rmSync(directory, { recursive: true, force: true }),
		};
	} catch (error) {
		rmSync(directory, { recursive: true, force: true });
		throw error;
	}
}
