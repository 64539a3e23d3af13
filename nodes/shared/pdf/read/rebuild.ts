/**
 * The cross-reference rebuilt the way PDF readers repair a file whose table is missing, cut off or wrong:
 * scan every "N G obj" header (the last occurrence of a number wins, streams skipped so their bytes are
 * not mistaken for headers), the objects inside the object streams found, and the trailers (or the
 * cross-reference streams, or failing both the /Type /Catalog object) for /Root.
 */

import { indexOfText } from './bytes';
import { damaged, unlessDamaged } from '../damage';
import type { DecodeBudget } from './decode';
import type { IndirectObject } from './indirect';
import { readIndirectObject } from './indirect';
import { PdfLexer, isDigit, isRegular, isWhiteSpace } from './lexer';
import { openObjectStream } from './objectStream';
import type { PdfValue } from './objects';
import { PdfDict, PdfRef, PdfStream, contiguous } from './objects';
import { ObjectStore } from './store';
import type { CrossReference, XrefEntry } from './xref';

interface Found {
	entry: XrefEntry;
	/** Where the object (or its object stream) is in the file: a later one is a newer version. */
	position: number;
}

/** The start of "N G" before the "obj" at `keyword`, with N, or undefined when it is no object header. */
function headerBefore(
	data: Uint8Array,
	keyword: number,
): { start: number; objectNumber: number } | undefined {
	let at = keyword - 1;
	const skip = (test: (byte: number) => boolean): number => {
		const from = at;
		while (at >= 0 && test(data[at])) at--;
		return from - at;
	};
	if (
		skip(isWhiteSpace) === 0 ||
		skip(isDigit) === 0 ||
		skip(isWhiteSpace) === 0 ||
		skip(isDigit) === 0
	)
		return undefined;
	if (at >= 0 && isRegular(data[at])) return undefined;
	const objectNumber = new PdfLexer(data, at + 1).readUnsigned();
	return objectNumber === undefined ? undefined : { start: at + 1, objectNumber };
}

/** The object at `start`, or undefined when it does not parse (cut short, or no object after all). */
function tryRead(data: Uint8Array, start: number): IndirectObject | undefined {
	return unlessDamaged(() => readIndirectObject(data, start, () => undefined));
}

export function rebuildCrossReference(data: Uint8Array, budget: DecodeBudget): CrossReference {
	const found = new Map<number, Found>();
	const objectStreams: Array<{ objectNumber: number; position: number }> = [];
	/** /Root candidates: of trailers and cross-reference streams, and catalogs; the last in the file wins. */
	let trailerRoot: { objectNumber: number; position: number } | undefined;
	const catalogs: Array<{ objectNumber: number; position: number }> = [];
	let encrypted = false;
	const noteTrailer = (dictionary: PdfDict, position: number) => {
		const root = dictionary.get('Root');
		if (root instanceof PdfRef && (trailerRoot === undefined || trailerRoot.position < position))
			trailerRoot = { objectNumber: root.objectNumber, position };
		if (dictionary.get('Encrypt') !== undefined) encrypted = true;
	};
	// Some writers leave /Type out of the catalog; only a catalog has /Pages.
	const noteCatalog = (value: PdfValue, objectNumber: number, position: number) => {
		if (
			value instanceof PdfDict &&
			(value.name('Type') ?? 'Catalog') === 'Catalog' &&
			value.get('Pages') !== undefined
		)
			catalogs.push({ objectNumber, position });
	};

	for (
		let keyword = indexOfText(data, 'obj');
		keyword >= 0;
		keyword = indexOfText(data, 'obj', keyword + 3)
	) {
		if (keyword + 3 < data.length && isRegular(data[keyword + 3])) continue;
		const header = headerBefore(data, keyword);
		if (header === undefined) continue;
		// Recorded even when it does not parse: a newest version cut short must not let an older one stand in.
		found.set(header.objectNumber, {
			entry: { kind: 'offset', offset: header.start },
			position: header.start,
		});
		const object = tryRead(data, header.start);
		if (object === undefined) continue;
		noteCatalog(object.value, header.objectNumber, header.start);
		if (!(object.value instanceof PdfStream)) continue;
		const type = object.value.dictionary.name('Type');
		if (type === 'ObjStm')
			objectStreams.push({ objectNumber: header.objectNumber, position: header.start });
		if (type === 'XRef') noteTrailer(object.value.dictionary, header.start);
		const stream = contiguous(object.value.data);
		const streamEnd = stream.byteOffset - data.byteOffset + stream.length;
		keyword = Math.max(keyword, streamEnd - 3);
	}
	for (
		let keyword = indexOfText(data, 'trailer');
		keyword >= 0;
		keyword = indexOfText(data, 'trailer', keyword + 7)
	) {
		const trailer = unlessDamaged(() => new PdfLexer(data, keyword + 7).readValue());
		if (trailer instanceof PdfDict) noteTrailer(trailer, keyword);
	}

	const entries = new Map<number, XrefEntry>();
	for (const [objectNumber, { entry }] of found) entries.set(objectNumber, entry);
	const crossReference: CrossReference = {
		entries,
		root: undefined,
		encrypted,
		rebuilt: true,
		cutShort: !endsWithEndOfFile(data),
	};
	if (encrypted) return crossReference;
	addCompressedObjects(data, budget, crossReference, found, objectStreams, noteCatalog);

	// A catalog counts only in its newest version; the trailer's names the one to take when it is one.
	const current = catalogs
		.filter((candidate) => found.get(candidate.objectNumber)?.position === candidate.position)
		.sort((a, b) => a.position - b.position);
	const catalog =
		current.find((candidate) => candidate.objectNumber === trailerRoot?.objectNumber) ??
		current[current.length - 1];
	if (catalog === undefined)
		throw damaged('the file is damaged beyond repair: no document catalog was found');
	crossReference.root = new PdfRef(catalog.objectNumber, 0);
	return crossReference;
}

/** The objects inside the object streams found, where no later direct object of the same number is. */
function addCompressedObjects(
	data: Uint8Array,
	budget: DecodeBudget,
	crossReference: CrossReference,
	found: Map<number, Found>,
	objectStreams: ReadonlyArray<{ objectNumber: number; position: number }>,
	noteCatalog: (value: PdfValue, objectNumber: number, position: number) => void,
): void {
	const store = new ObjectStore(data, crossReference, budget);
	for (const { objectNumber: streamNumber, position } of objectStreams) {
		// A broken object stream adds nothing: an object the pages need from it is then missing ('damaged').
		const contents = unlessDamaged(() =>
			openObjectStream(store.get(streamNumber), budget, store.resolve),
		);
		contents?.objectNumbers.forEach((objectNumber, index) => {
			const existing = found.get(objectNumber);
			if (existing !== undefined && existing.position > position) return;
			found.set(objectNumber, {
				entry: { kind: 'compressed', stream: streamNumber, index },
				position,
			});
			crossReference.entries.set(objectNumber, { kind: 'compressed', stream: streamNumber, index });
			const value = unlessDamaged(() => contents.read(objectNumber, index));
			if (value !== undefined) noteCatalog(value, objectNumber, position);
		});
	}
}

/** Whether the file's last bytes are %%EOF (and whitespace): a file cut short ends elsewhere. */
function endsWithEndOfFile(data: Uint8Array): boolean {
	let end = data.length;
	while (end > 0 && [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(data[end - 1])) end -= 1;
	const marker = '%%EOF';
	if (end < marker.length) return false;
	for (let index = 0; index < marker.length; index++)
		if (data[end - marker.length + index] !== marker.charCodeAt(index)) return false;
	return true;
}
