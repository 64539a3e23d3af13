/**
 * readPdf: a PDF file as it comes from the field -> its pages and everything they use, ready to copy.
 *
 * The cross-reference is read from startxref; when it is missing, cut off or wrong, it is rebuilt by
 * scanning the file as readers do. Everything the pages reach is read up front (nothing else is), so a
 * damaged or truncated file is rebuilt or refused here, never joined with pages or fonts missing.
 * Page content and images are never decoded: they stay views into `data`, which must not change while
 * the document is in use.
 */

import { DocumentError } from '../errors';
import { pdfHeaderOffset } from '../fileType';
import type { PdfObject } from '../write/objects';
import { latin1 } from './bytes';
import type { Resolve } from './decode';
import { DecodeBudget, resolveWith } from './decode';
import { damaged, unlessDamaged } from '../damage';
import type { SourceForm } from './form';
import { readForm } from './form';
import { PdfLexer } from './lexer';
import type { SourceOptionalContent } from './optionalContent';
import { readOptionalContent } from './optionalContent';
import type { CopyContext } from './pageObjects';
import { reachableObjects } from './pageObjects';
import type { PdfPage } from './pageTree';
import { readPageTree } from './pageTree';
import type { PdfValue } from './objects';
import { PdfDict, PdfRef, PdfStream, streamLength } from './objects';
import { rebuildCrossReference } from './rebuild';
import { ObjectStore } from './store';
import type { CrossReference } from './xref';
import { readCrossReference } from './xref';

export interface ReadPdfOptions {
	/** What decoding object and cross-reference streams may produce in all, in bytes (default 256 MiB). */
	maxDecodedBytes?: number;
}

export const DEFAULT_MAX_DECODED_BYTES = 256 * 1024 * 1024;
/** The header may follow some junk (section 7.5.2 allows readers to look this far). */

/** A PDF read for joining. Its pages, and the objects they reach, are read; nothing is decoded. */
export class PdfDocument {
	constructor(
		/** "1.4", "1.7", "2.0": the header's version, or the catalog's /Version when that is higher. */
		readonly version: string,
		/** The pages in order, with what they inherit. */
		readonly pages: readonly PdfPage[],
		/** The objects the pages reach (not the pages themselves), by number in the file, each once. */
		readonly objectNumbers: readonly number[],
		/** How the document's objects are read and what of them is copied (read/pageObjects.ts). */
		readonly context: CopyContext,
		/** Page object number to page index (its first, when the tree lists the page twice). */
		readonly pageIndex: ReadonlyMap<number, number>,
		/** The catalog's /AcroForm as the widgets on the pages use it, when it has one (read/form.ts). */
		readonly form: SourceForm | undefined,
		/** The catalog's /OCProperties: the layers and which are off, when it has them (read/optionalContent.ts). */
		readonly optionalContent: SourceOptionalContent | undefined,
	) {}

	get pageCount(): number {
		return this.pages.length;
	}
}

/** Version as a comparable number: "1.7" -> 107. */
export function versionRank(version: string): number {
	const [major, minor] = version.split('.').map(Number);
	return major * 100 + minor;
}

function headerVersion(data: Uint8Array): string {
	const at = pdfHeaderOffset(data);
	if (at === undefined)
		throw new DocumentError('notPdf', 'the file is not a PDF (no %PDF- header at its start)');
	return /^(\d)\.(\d)/.exec(latin1(data, at + 5, at + 8))?.[0] ?? '1.4';
}

function assembleDocument(
	data: Uint8Array,
	crossReference: CrossReference,
	maxDecodedBytes: number,
	fileVersion: string,
): PdfDocument {
	if (crossReference.encrypted) {
		throw new DocumentError(
			'encrypted',
			'the PDF is encrypted (password-protected or restricted); save an unprotected copy',
		);
	}
	const store = new ObjectStore(data, crossReference, new DecodeBudget(maxDecodedBytes));
	return documentOf(store, crossReference.root, fileVersion);
}

/** The document whose catalog is `root`, its objects read through `objects` (a file's store, or objects made in memory). */
function documentOf(
	store: { get(objectNumber: number): PdfValue; resolve: Resolve },
	root: PdfRef | undefined,
	fileVersion: string,
): PdfDocument {
	const catalog = store.resolve(root);
	if (root === undefined || !(catalog instanceof PdfDict))
		throw damaged('the document catalog is missing');
	const tree = readPageTree(catalog.get('Pages'), store.resolve);
	if (tree.pages.length === 0) throw new DocumentError('noPages', 'the PDF has no pages');
	const pageObjectNumbers = tree.pages.map((page) => page.objectNumber);
	// A page listed twice is copied twice; a link or destination to it leads to its first copy.
	const pageIndex = new Map<number, number>();
	pageObjectNumbers.forEach((objectNumber, index) => {
		if (objectNumber !== undefined && !pageIndex.has(objectNumber))
			pageIndex.set(objectNumber, index);
	});
	const context: CopyContext = {
		resolve: store.resolve,
		get: (objectNumber) => store.get(objectNumber),
		destinations: { resolve: store.resolve, catalog, pageObjectNumbers, pageIndex },
		notCopied: new Set([...tree.pagesNodes, root.objectNumber]),
	};
	const form = readForm(catalog, tree.pages, store.resolve);
	// The form's resources (the fonts /DA names) go with the widgets; the layers go only where pages use them.
	const objectNumbers = reachableObjects(
		tree.pages,
		pageIndex,
		context,
		form === undefined ? [] : [...form.resources.values()],
	);
	const optionalContent = readOptionalContent(catalog, store.resolve);
	const catalogVersion = /^\d\.\d$/.exec(catalog.name('Version') ?? '')?.[0];
	const version =
		catalogVersion !== undefined && versionRank(catalogVersion) > versionRank(fileVersion)
			? catalogVersion
			: fileVersion;
	return new PdfDocument(
		version,
		tree.pages,
		objectNumbers,
		context,
		pageIndex,
		form,
		optionalContent,
	);
}

/**
 * The document of objects made in memory (objects[i] is object i + 1, as serialisePdf numbers them), read
 * as readPdf reads their file: what a one-page image PDF would be, without writing the file and parsing
 * it back (the file would be one more copy of the image). Stream data stays the caller's bytes.
 */
export function documentOfObjects(
	objects: readonly PdfObject[],
	root: number,
	fileVersion: string,
): PdfDocument {
	const values = objects.map((object): PdfValue => {
		if (typeof object === 'string') return parsedValue(object);
		const extra = object.dictionaryEntries === '' ? '' : ` ${object.dictionaryEntries}`;
		const dictionary = parsedValue(`<< /Length ${streamLength(object.data)}${extra} >>`);
		if (!(dictionary instanceof PdfDict)) throw damaged('a stream dictionary is not a dictionary');
		return new PdfStream(dictionary, object.data);
	});
	const get = (objectNumber: number): PdfValue => values[objectNumber - 1] ?? null;
	const store = { get, resolve: resolveWith((reference) => get(reference.objectNumber)) };
	return documentOf(store, new PdfRef(root, 0), fileVersion);
}

function parsedValue(text: string): PdfValue {
	return new PdfLexer(Buffer.from(text, 'latin1')).readValue();
}

/**
 * Reads a PDF. Throws DocumentError: 'notPdf' (no %PDF- header in the first PDF_HEADER_WINDOW bytes), 'encrypted',
 * 'damaged' (broken beyond what a rebuild repairs, or cut short with page objects lost), 'noPages',
 * 'tooLarge' (decoding past maxDecodedBytes), 'unsupported' (an object stream with a filter not carried).
 */
export function readPdf(data: Uint8Array, options: ReadPdfOptions = {}): PdfDocument {
	const version = headerVersion(data);
	const maxDecodedBytes = options.maxDecodedBytes ?? DEFAULT_MAX_DECODED_BYTES;
	const crossReference = unlessDamaged(() =>
		readCrossReference(data, new DecodeBudget(maxDecodedBytes)),
	);
	const document =
		crossReference === undefined
			? undefined
			: unlessDamaged(() => assembleDocument(data, crossReference, maxDecodedBytes, version));
	if (document !== undefined) return document;
	// The tables are missing, cut off or point at the wrong places: rebuild them as readers do.
	return assembleDocument(
		data,
		rebuildCrossReference(data, new DecodeBudget(maxDecodedBytes)),
		maxDecodedBytes,
		version,
	);
}
