/**
 * The joined file's /AcroForm, from the forms of the documents (read/form.ts): the root fields of every
 * copied widget, so a viewer knows them as fields and draws a value left without an appearance stream,
 * and the defaults it draws with. One catalog holds one set of defaults for every document:
 *
 * - /NeedAppearances true when any document's form has it. It is document-wide: a viewer then redraws
 *   the fields of the other documents too, from their values (their own appearances are not used).
 * - /DA and /Q from the first document that has them; a document whose defaults differ gets its own
 *   written into its root fields that lack them (inherited from there as they were from its form).
 * - /DR merged: each category (/Font, ...) by key, the first document's entry winning a clash (keys are
 *   not renamed nor /DA strings rewritten, so a later document's /DA naming that key gets the first
 *   one's font). A category that is no dictionary is taken whole from the first.
 *
 * Not carried: /XFA, /SigFlags, /CO (calculation order). Same-named fields of different documents (or of
 * a document given twice) are not renamed: each is a field of its own in /Fields.
 */

import type { SourceForm } from '../read/form';
import { PdfDict } from '../read/objects';
import type { PdfValue } from '../read/objects';
import type { CopiedDocument } from './serialise';
import { copiedReferencesText, dictionaryText, nameText, valueText } from './serialise';

export interface JoinedForm {
	/** The /AcroForm dictionary. */
	text: string;
	/** For each copy, entries to add to its copied root fields, by their number in its file ("/DA (...)"). */
	fieldEntries: ReadonlyArray<ReadonlyMap<number, string>>;
}

type FormCopy = CopiedDocument & { form: SourceForm };

/** The forms' /DR merged, as the header says. */
function mergedResources(copies: readonly FormCopy[]): string {
	const categories = new Map<string, Map<string, string> | string>();
	for (const { document, form, renumber } of copies) {
		for (const [category, value] of form.resources) {
			const merged = categories.get(category);
			if (value instanceof PdfDict) {
				if (typeof merged === 'string') continue;
				const entries = merged ?? new Map<string, string>();
				categories.set(category, entries);
				for (const [key, item] of value.entries)
					if (!entries.has(key)) entries.set(key, valueText(item, document.context, renumber));
			} else if (merged === undefined) {
				categories.set(category, valueText(value, document.context, renumber));
			}
		}
	}
	const text = [...categories].map(([category, merged]) => {
		const value =
			typeof merged === 'string'
				? merged
				: dictionaryText([...merged].map(([key, item]) => `${nameText(key)} ${item}`).join(' '));
		return `${nameText(category)} ${value}`;
	});
	return dictionaryText(text.join(' '));
}

/** A form default as written, or undefined. */
function defaultText(copy: FormCopy, value: PdfValue | undefined): string | undefined {
	return value === undefined || value === null
		? undefined
		: valueText(value, copy.document.context, copy.renumber);
}

/** "/DA ..." and "/Q ..." a copy's root fields need where its defaults differ from the joined form's. */
function ownDefaults(
	copy: FormCopy,
	defaultAppearance: string | undefined,
	quadding: string | undefined,
): Map<number, string> {
	const own = defaultText(copy, copy.form.defaultAppearance);
	// Without /Q a field is left-aligned (0): a joined /Q of 1 or 2 would move its value.
	const ownQuadding = defaultText(copy, copy.form.quadding) ?? '0';
	const entries: Array<[string, string]> = [];
	if (own !== undefined && own !== defaultAppearance) entries.push(['DA', own]);
	if (ownQuadding !== (quadding ?? '0')) entries.push(['Q', ownQuadding]);
	const added = new Map<number, string>();
	if (entries.length === 0) return added;
	for (const field of copy.form.fields) {
		const dictionary = copy.document.context.resolve(field);
		if (!(dictionary instanceof PdfDict)) continue;
		const missing = entries
			.filter(([key]) => !dictionary.entries.has(key))
			.map(([key, text]) => `/${key} ${text}`);
		if (missing.length > 0) added.set(field.objectNumber, missing.join(' '));
	}
	return added;
}

/** The joined /AcroForm, or undefined when no document has a form. */
export function joinedForm(copies: readonly CopiedDocument[]): JoinedForm | undefined {
	const forms = copies.flatMap((copy) =>
		copy.document.form === undefined ? [] : [{ ...copy, form: copy.document.form }],
	);
	if (forms.length === 0) return undefined;
	const defaultAppearance = forms
		.map((copy) => defaultText(copy, copy.form.defaultAppearance))
		.find((text) => text !== undefined);
	const quadding = forms
		.map((copy) => defaultText(copy, copy.form.quadding))
		.find((text) => text !== undefined);
	const entries = [`/Fields [${copiedReferencesText(forms, (copy) => copy.form.fields)}]`];
	if (forms.some((copy) => copy.form.needAppearances)) entries.push('/NeedAppearances true');
	if (defaultAppearance !== undefined) entries.push(`/DA ${defaultAppearance}`);
	if (quadding !== undefined) entries.push(`/Q ${quadding}`);
	if (forms.some((copy) => copy.form.resources.size > 0))
		entries.push(`/DR ${mergedResources(forms)}`);
	const fieldEntries = copies.map((copy) =>
		copy.document.form === undefined
			? new Map<number, string>()
			: ownDefaults({ ...copy, form: copy.document.form }, defaultAppearance, quadding),
	);
	return { text: dictionaryText(entries.join(' ')), fieldEntries };
}
