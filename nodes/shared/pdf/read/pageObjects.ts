/**
 * What of a document goes with its pages into another file, decided in one place for the reader (which
 * reads all of it up front, so a damaged object shows before anything is written) and the joiner (which
 * writes exactly it): each page's entries with its inherited attributes, and every object they reach,
 * except what belongs to the whole document rather than to pages.
 */

import { unlessDamaged } from '../damage';
import type { Resolve } from './decode';
import type { DestinationContext } from './destinations';
import { explicitDestination } from './destinations';
import type { PdfValue } from './objects';
import { PdfDict, PdfRef, PdfStream } from './objects';
import type { PdfPage } from './pageTree';

/**
 * Dropped wherever they are. /StructParent(s) index the structure tree and /PieceInfo holds the
 * authoring application's private data: neither tree is copied (the structure tree spans every page of
 * its document and has no place in the joined one), so entries pointing into them would dangle.
 */
const DROPPED_KEYS = new Set(['StructParent', 'StructParents', 'PieceInfo']);
/** Dropped from pages besides: /Parent (the joiner sets its own) and /B, article beads of the source's threads. */
const DROPPED_PAGE_KEYS = new Set(['Parent', 'B']);
/**
 * Objects of these types belong to the whole document (or to the file's structure: cross-reference and
 * object streams): a reference to one is written as null.
 */
const DOCUMENT_TYPES = new Set([
	'Catalog',
	'Pages',
	'Page',
	'StructTreeRoot',
	'StructElem',
	'MCR',
	'OBJR',
	'XRef',
	'ObjStm',
]);
/** What a page without a /MediaBox anywhere is printed on (US Letter, as readers assume). */
const DEFAULT_MEDIA_BOX: PdfValue[] = [0, 0, 612, 792];

export interface CopyContext {
	resolve: Resolve;
	/** Object `objectNumber` of the file. */
	get(objectNumber: number): PdfValue;
	destinations: DestinationContext;
	/** /Pages nodes and the catalog: never copied. */
	notCopied: ReadonlySet<number>;
}

/** A destination as its explicit array, or undefined; a destination lost to damage counts as none. */
function destination(value: PdfValue | undefined, context: CopyContext): PdfValue[] | undefined {
	return unlessDamaged(() => explicitDestination(value, context.destinations));
}

/**
 * The entries a copied dictionary keeps, in its order: dropped keys left out, a stream's /Length left to
 * the writer, destinations made explicit, and a destination or GoTo action that leads to no page of the
 * document left out (the link stays, without a target).
 */
export function keptEntries(
	dictionary: PdfDict,
	context: CopyContext,
	isStream: boolean,
): Array<[string, PdfValue]> {
	const kept: Array<[string, PdfValue]> = [];
	const isGoTo = dictionary.name('S') === 'GoTo';
	for (const [key, value] of dictionary.entries) {
		if (DROPPED_KEYS.has(key) || (isStream && key === 'Length')) continue;
		if (key === 'Dest' || (key === 'D' && isGoTo)) {
			const explicit = destination(value, context);
			if (explicit !== undefined) kept.push([key, explicit]);
			continue;
		}
		if (key === 'A') {
			const action = context.resolve(value);
			if (
				action instanceof PdfDict &&
				action.name('S') === 'GoTo' &&
				destination(action.get('D'), context) === undefined
			)
				continue;
		}
		kept.push([key, value]);
	}
	return kept;
}

/** A page's entries as written: its own (less /Parent and the dropped keys) and its inherited ones made explicit. */
export function keptPageEntries(page: PdfPage, context: CopyContext): Array<[string, PdfValue]> {
	const own = new PdfDict();
	for (const [key, value] of page.dictionary.entries)
		if (!DROPPED_PAGE_KEYS.has(key)) own.entries.set(key, value);
	const kept = keptEntries(own, context, false);
	for (const [key, value] of page.inherited) kept.push([key, value]);
	if (!page.dictionary.entries.has('MediaBox') && !page.inherited.has('MediaBox'))
		kept.push(['MediaBox', DEFAULT_MEDIA_BOX]);
	if (!page.dictionary.entries.has('Resources') && !page.inherited.has('Resources'))
		kept.push(['Resources', new PdfDict()]);
	return kept;
}

/** The values a value holds, as they are copied. */
function copiedChildren(value: PdfValue, context: CopyContext): PdfValue[] {
	if (Array.isArray(value)) return value;
	if (value instanceof PdfDict) return keptEntries(value, context, false).map(([, child]) => child);
	if (value instanceof PdfStream)
		return keptEntries(value.dictionary, context, true).map(([, child]) => child);
	return [];
}

/** A dictionary or stream of a type that belongs to the whole document. */
function isDocumentObject(value: PdfValue): boolean {
	const dictionary = value instanceof PdfStream ? value.dictionary : value;
	if (!(dictionary instanceof PdfDict)) return false;
	const type = dictionary.name('Type');
	return type !== undefined && DOCUMENT_TYPES.has(type);
}

/**
 * The numbers of the objects the pages reach, each once, in the order found: the objects the joiner
 * copies. `alsoReached` are values of the catalog the joined catalog carries (the form's /DR); what they
 * reach is copied too. References to pages are not followed (each page is copied as a page); references
 * to document objects are not either (they are written as null). Reads each object, so damage shows here.
 */
export function reachableObjects(
	pages: readonly PdfPage[],
	pageIndex: ReadonlyMap<number, number>,
	context: CopyContext,
	alsoReached: readonly PdfValue[] = [],
): number[] {
	const found: number[] = [];
	const seen = new Set<number>();
	const pending: PdfValue[] = [];
	// Only what can hold a reference is worth a place on the stack (arrays of numbers can be long).
	const follow = (values: readonly PdfValue[]) => {
		for (const child of values)
			if (child instanceof PdfRef || child instanceof PdfDict || Array.isArray(child))
				pending.push(child);
	};
	for (const page of pages) follow(keptPageEntries(page, context).map(([, value]) => value));
	follow(alsoReached);
	while (pending.length > 0) {
		const value = pending.pop()!;
		if (value instanceof PdfRef) {
			const objectNumber = value.objectNumber;
			if (
				seen.has(objectNumber) ||
				pageIndex.has(objectNumber) ||
				context.notCopied.has(objectNumber)
			)
				continue;
			seen.add(objectNumber);
			const object = context.get(objectNumber);
			if (object === null || isDocumentObject(object)) continue;
			found.push(objectNumber);
			follow(copiedChildren(object, context));
		} else {
			follow(copiedChildren(value, context));
		}
	}
	return found;
}
