/**
 * The objects of one file, each parsed the first time it is asked for and then kept: only what the pages
 * reach is ever parsed. Stream data stays a view into the file.
 */

import { damaged, unlessDamaged } from '../damage';
import type { DecodeBudget, Resolve } from './decode';
import { resolveWith } from './decode';
import { readIndirectObject } from './indirect';
import type { ObjectStreamContents } from './objectStream';
import { openObjectStream } from './objectStream';
import type { PdfRef, PdfValue } from './objects';
import { wholeNumber } from './objects';
import type { CrossReference } from './xref';

export class ObjectStore {
	private readonly objects = new Map<number, PdfValue>();
	private readonly objectStreams = new Map<number, ObjectStreamContents>();
	/** Objects being read now: a /Length or an object stream that leads back to itself is a loop. */
	private readonly reading = new Set<number>();
	/** Follows references through this store. */
	readonly resolve: Resolve;

	constructor(
		private readonly data: Uint8Array,
		readonly crossReference: CrossReference,
		private readonly budget: DecodeBudget,
	) {
		this.resolve = resolveWith((reference) => this.get(reference.objectNumber));
	}

	/**
	 * Object `objectNumber`. A number the file's table lists as free, or that no table or scan finds, is
	 * null (section 7.3.10: a reference to an undefined object is a reference to the null object), as
	 * qpdf and poppler read it; only in a file cut short is it content lost with the cut, so 'damaged'.
	 */
	get(objectNumber: number): PdfValue {
		const cached = this.objects.get(objectNumber);
		if (cached !== undefined) return cached;
		if (this.reading.has(objectNumber))
			throw damaged('an object refers to itself while it is read');
		this.reading.add(objectNumber);
		try {
			const value = this.load(objectNumber);
			this.objects.set(objectNumber, value);
			return value;
		} finally {
			this.reading.delete(objectNumber);
		}
	}

	private load(objectNumber: number): PdfValue {
		const entry = this.crossReference.entries.get(objectNumber);
		if (entry === undefined || entry.kind === 'free') {
			if (this.crossReference.cutShort)
				throw damaged('an object the pages use is missing (the file may be cut short)');
			return null;
		}
		if (entry.kind === 'compressed') {
			let contents = this.objectStreams.get(entry.stream);
			if (contents === undefined) {
				contents = openObjectStream(this.get(entry.stream), this.budget, this.resolve);
				this.objectStreams.set(entry.stream, contents);
			}
			return contents.read(objectNumber, entry.index);
		}
		if (entry.offset >= this.data.length)
			throw damaged('the cross-reference table points past the end of the file');
		const object = readIndirectObject(this.data, entry.offset, (reference) =>
			this.length(reference),
		);
		if (object.objectNumber !== objectNumber)
			throw damaged('an object is not where the cross-reference table says');
		return object.value;
	}

	/** An indirect /Length, or undefined when it cannot be read (the stream then ends at "endstream"). */
	private length(reference: PdfRef): number | undefined {
		return unlessDamaged(() => wholeNumber(this.get(reference.objectNumber)));
	}
}
