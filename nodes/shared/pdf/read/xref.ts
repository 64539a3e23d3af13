/**
 * The cross-reference chain from startxref (section 7.5.4-7.5.8): classic tables, cross-reference
 * streams, hybrid files (/XRefStm), incremental updates and linearized files (both are /Prev chains;
 * the newest entry for an object wins). Any fault throws 'damaged' and the caller rebuilds (rebuild.ts).
 */

import { lastIndexOfText, latin1 } from './bytes';
import type { DecodeBudget } from './decode';
import { decodeStream } from './decode';
import { readIndirectObject, readObjectHeader } from './indirect';
import { damaged } from '../damage';
import { PdfLexer } from './lexer';
import { PdfDict, PdfRef, PdfStream, wholeNumber } from './objects';

export type XrefEntry =
	| { kind: 'free' }
	| { kind: 'offset'; offset: number }
	| { kind: 'compressed'; stream: number; index: number };

export interface CrossReference {
	entries: Map<number, XrefEntry>;
	/** The newest trailer's /Root (an older one when the newest has none). */
	root: PdfRef | undefined;
	/** Some trailer has /Encrypt. */
	encrypted: boolean;
	/** Made by scanning the file, not read from its tables. */
	rebuilt: boolean;
	/**
	 * Rebuilt, and the file does not end with %%EOF: it was cut short, and an object it lacks is content
	 * lost with the cut ('damaged'), not a reference to nothing (null, section 7.3.10).
	 */
	cutShort: boolean;
}

/** startxref is near the end; junk after %%EOF is tolerated up to this much. */
const TAIL_BYTES = 2048;
/** Sections in one chain; more is a loop the offset guard missed or no real file. */
const MAX_SECTIONS = 10000;

/** The offset after the last startxref in the file's tail. */
function startxrefOffset(data: Uint8Array): number {
	const tailStart = Math.max(0, data.length - TAIL_BYTES);
	const inTail = lastIndexOfText(data.subarray(tailStart), 'startxref');
	if (inTail < 0) throw damaged('the file has no startxref at its end');
	const keyword = tailStart + inTail;
	const lexer = new PdfLexer(data, keyword + 'startxref'.length);
	const offset = lexer.readUnsigned();
	if (offset === undefined) throw damaged('startxref has no offset');
	// An object header after the last %%EOF is an update cut short: its xref is lost, so rebuild.
	if (/\d+\s+\d+\s+obj\b/.test(latin1(data, lexer.position, data.length))) {
		throw damaged('the file ends in an update that has no cross-reference table');
	}
	return offset;
}

/** One classic table ("xref" already read) into section; returns its trailer. */
function readTable(lexer: PdfLexer, section: Map<number, XrefEntry>): PdfDict {
	while (!lexer.skipKeyword('trailer')) {
		let first = lexer.readUnsigned();
		const count = lexer.readUnsigned();
		if (first === undefined || count === undefined)
			throw damaged('a cross-reference subsection has no header');
		for (let index = 0; index < count; index++) {
			const offset = lexer.readUnsigned();
			const generation = lexer.readUnsigned();
			const free = lexer.skipKeyword('f');
			if (offset === undefined || generation === undefined || (!free && !lexer.skipKeyword('n'))) {
				throw damaged('a cross-reference entry is malformed');
			}
			// A common writer fault: the subsection says 1 but starts with object 0's free entry.
			if (index === 0 && first === 1 && free && offset === 0) first = 0;
			const objectNumber = first + index;
			if (section.has(objectNumber)) continue;
			// Offset 0 is no object's place: treat such an "in use" entry as free, as readers do.
			section.set(
				objectNumber,
				free || offset === 0 ? { kind: 'free' } : { kind: 'offset', offset },
			);
		}
	}
	const trailer = lexer.readValue();
	if (!(trailer instanceof PdfDict)) throw damaged('the trailer is not a dictionary');
	return trailer;
}

/** One cross-reference stream's entries into section (existing in-use entries stay); returns its dictionary. */
function readXrefStream(
	data: Uint8Array,
	offset: number,
	budget: DecodeBudget,
	section: Map<number, XrefEntry>,
): PdfDict {
	const { value } = readIndirectObject(data, offset, () => undefined);
	if (!(value instanceof PdfStream) || value.dictionary.name('Type') !== 'XRef')
		throw damaged('startxref does not point at a cross-reference');
	const dictionary = value.dictionary;
	const widths = dictionary.get('W');
	if (
		!Array.isArray(widths) ||
		widths.length < 3 ||
		widths.some((width) => wholeNumber(width) === undefined || (width as number) > 8)
	) {
		throw damaged('a cross-reference stream has no valid /W');
	}
	const [typeWidth, secondWidth, thirdWidth] = widths as number[];
	const rowWidth = typeWidth + secondWidth + thirdWidth;
	const index = dictionary.get('Index') ?? [0, wholeNumber(dictionary.get('Size')) ?? 0];
	if (!Array.isArray(index) || index.length % 2 !== 0 || rowWidth === 0)
		throw damaged('a cross-reference stream has no valid /Index');
	const rows = decodeStream(value, budget);
	let at = 0;
	const field = (width: number, fallback: number): number => {
		if (width === 0) return fallback;
		let number = 0;
		for (let byte = 0; byte < width; byte++) number = number * 256 + rows[at++];
		return number;
	};
	for (let pair = 0; pair < index.length; pair += 2) {
		const first = wholeNumber(index[pair]);
		const count = wholeNumber(index[pair + 1]);
		if (first === undefined || count === undefined)
			throw damaged('a cross-reference stream has no valid /Index');
		for (let row = 0; row < count && at + rowWidth <= rows.length; row++) {
			const type = field(typeWidth, 1);
			const second = field(secondWidth, 0);
			const third = field(thirdWidth, 0);
			const existing = section.get(first + row);
			if (existing !== undefined && existing.kind !== 'free') continue;
			if (type === 0) section.set(first + row, existing ?? { kind: 'free' });
			else if (type === 1)
				section.set(
					first + row,
					second === 0 ? { kind: 'free' } : { kind: 'offset', offset: second },
				);
			else if (type === 2)
				section.set(first + row, { kind: 'compressed', stream: second, index: third });
		}
	}
	return dictionary;
}

/** Reads the chain from startxref; throws 'damaged' on any fault (the caller then rebuilds). */
export function readCrossReference(data: Uint8Array, budget: DecodeBudget): CrossReference {
	const entries = new Map<number, XrefEntry>();
	let root: PdfRef | undefined;
	let encrypted = false;
	const pending = [startxrefOffset(data)];
	const seen = new Set<number>();
	while (pending.length > 0) {
		const offset = pending.shift()!;
		if (seen.has(offset) || seen.size >= MAX_SECTIONS) continue;
		seen.add(offset);
		if (offset >= data.length)
			throw damaged('the cross-reference table points past the end of the file');
		const section = new Map<number, XrefEntry>();
		const lexer = new PdfLexer(data, offset);
		let trailer: PdfDict;
		if (lexer.skipKeyword('xref')) {
			trailer = readTable(lexer, section);
			// Hybrid file: the stream lists the objects a classic reader is not meant to see.
			const hidden = wholeNumber(trailer.get('XRefStm'));
			if (hidden !== undefined) readXrefStream(data, hidden, budget, section);
		} else if (readObjectHeader(new PdfLexer(data, offset)) !== undefined) {
			trailer = readXrefStream(data, offset, budget, section);
		} else {
			throw damaged('startxref does not point at a cross-reference table');
		}
		for (const [objectNumber, entry] of section)
			if (!entries.has(objectNumber)) entries.set(objectNumber, entry);
		const sectionRoot = trailer.get('Root');
		if (root === undefined && sectionRoot instanceof PdfRef) root = sectionRoot;
		if (trailer.get('Encrypt') !== undefined) encrypted = true;
		const previous = wholeNumber(trailer.get('Prev'));
		if (previous !== undefined) pending.push(previous);
	}
	return { entries, root, encrypted, rebuilt: false, cutShort: false };
}
