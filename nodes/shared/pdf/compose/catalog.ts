/**
 * The joined file's catalog: its page tree, and what of the sources' catalogs decides how their pages
 * look: the forms (form.ts: fields a viewer draws from their values) and the layers that are off
 * (optionalContent.ts). Nothing else of a source catalog is carried (outlines, names, page labels,
 * the structure tree, open actions, viewer preferences, metadata).
 */

import { joinedForm } from './form';
import { joinedOptionalContent } from './optionalContent';
import type { CopiedDocument } from './serialise';
import { dictionaryText } from './serialise';

export interface JoinedCatalog {
	/** The catalog dictionary. */
	text: string;
	/** For each copy, entries to add to some of its copied objects, by their number in its file. */
	addedEntries: ReadonlyArray<ReadonlyMap<number, string>>;
}

/** The catalog of the joined file, whose page tree is object `pages`. */
export function joinedCatalog(copies: readonly CopiedDocument[], pages: number): JoinedCatalog {
	const entries = [`/Type /Catalog /Pages ${pages} 0 R`];
	const form = joinedForm(copies);
	if (form !== undefined) entries.push(`/AcroForm ${form.text}`);
	const optionalContent = joinedOptionalContent(copies);
	if (optionalContent !== undefined) entries.push(`/OCProperties ${optionalContent}`);
	return {
		text: dictionaryText(entries.join(' ')),
		addedEntries: form?.fieldEntries ?? copies.map(() => new Map()),
	};
}
