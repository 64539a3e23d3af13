/**
 * A document's optional content (layers, section 8.11): the groups its catalog's /OCProperties lists and
 * which of them its default configuration /D turns off. Content marked with a group that is off is not
 * shown or printed, so the joined catalog must say the same of the groups its pages carry.
 *
 * Only the default state is read. Not carried: /D's /AS (states that follow a group's /Usage when
 * viewing, printing or exporting), /Intent (whose groups count at all, Design vs View), the alternate
 * configurations /Configs, and /Order, /RBGroups and /Locked (how a viewer lists layers, not what shows).
 */

import type { Resolve } from './decode';
import type { PdfValue } from './objects';
import { PdfDict, PdfName, PdfRef } from './objects';

export interface SourceOptionalContent {
	/** /OCGs: every group of the document, in its order, each once. */
	groups: PdfRef[];
	/** Object numbers of the groups that are off by default. */
	off: ReadonlySet<number>;
}

function references(value: PdfValue | undefined, resolve: Resolve): PdfRef[] {
	const array = resolve(value);
	return Array.isArray(array) ? array.filter((item): item is PdfRef => item instanceof PdfRef) : [];
}

/**
 * The document's groups and which are off, or undefined when the catalog has no /OCProperties. Off: listed
 * in /D's /OFF, or /BaseState /OFF and not listed in /ON (/BaseState /ON and /Unchanged leave the rest on;
 * /OFF is applied after /ON, as viewers do).
 */
export function readOptionalContent(
	catalog: PdfDict,
	resolve: Resolve,
): SourceOptionalContent | undefined {
	const properties = resolve(catalog.get('OCProperties'));
	if (!(properties instanceof PdfDict)) return undefined;
	const groups: PdfRef[] = [];
	const listed = new Set<number>();
	for (const group of references(properties.get('OCGs'), resolve)) {
		if (listed.has(group.objectNumber)) continue;
		listed.add(group.objectNumber);
		groups.push(group);
	}
	const configuration = resolve(properties.get('D'));
	const defaults = configuration instanceof PdfDict ? configuration : new PdfDict();
	const baseState = resolve(defaults.get('BaseState'));
	const baseOff = baseState instanceof PdfName && baseState.value === 'OFF';
	const on = new Set(references(defaults.get('ON'), resolve).map((group) => group.objectNumber));
	const listedOff = new Set(
		references(defaults.get('OFF'), resolve).map((group) => group.objectNumber),
	);
	const off = new Set(
		groups
			.map((group) => group.objectNumber)
			.filter((group) => listedOff.has(group) || (baseOff && !on.has(group))),
	);
	return { groups, off };
}
