/**
 * What a document's interactive form (the catalog's /AcroForm, section 12.7.2) gives the widgets on its
 * pages: the fields they belong to, and the defaults a viewer draws a field's value with when it has no
 * appearance stream (/NeedAppearances, /DA, /Q, /DR). Without them in the joined catalog a value
 * pdfkit-style form fillers leave for the viewer to draw disappears.
 */

import type { Resolve } from './decode';
import type { PdfValue } from './objects';
import { PdfDict, PdfRef } from './objects';
import type { PdfPage } from './pageTree';

export interface SourceForm {
	/**
	 * The root fields of the widgets on the pages (the top of each widget's /Parent chain, or the widget
	 * itself when it has no parent), in page order, each once: the joined form's /Fields.
	 */
	fields: PdfRef[];
	/** /NeedAppearances true: the viewer draws fields from their values. */
	needAppearances: boolean;
	/** /DA, the default appearance string of fields without their own. */
	defaultAppearance: PdfValue | undefined;
	/** /Q, the default alignment of fields without their own. */
	quadding: PdfValue | undefined;
	/** /DR resolved: the resources /DA strings name (fonts), each category resolved too. */
	resources: ReadonlyMap<string, PdfValue>;
}

/** Widgets whose /Parent chain is longer than this are taken as their own root (no form nests so deep). */
const MAX_FIELD_DEPTH = 64;

/** A field dictionary: no /Type, or /Annot (a widget merged with its field); not a page a broken /Parent names. */
function isField(value: PdfValue | undefined): boolean {
	if (!(value instanceof PdfDict)) return false;
	const type = value.name('Type');
	return type === undefined || type === 'Annot';
}

/** The top of the /Parent chain from `field` (a reference), or `field` itself. */
function rootField(field: PdfRef, resolve: Resolve): PdfRef {
	let root = field;
	const seen = new Set<number>([field.objectNumber]);
	for (let depth = 0; depth < MAX_FIELD_DEPTH; depth++) {
		const dictionary = resolve(root);
		const parent = dictionary instanceof PdfDict ? dictionary.get('Parent') : undefined;
		if (!(parent instanceof PdfRef) || seen.has(parent.objectNumber) || !isField(resolve(parent)))
			return root;
		seen.add(parent.objectNumber);
		root = parent;
	}
	return root;
}

/** The root field of an entry of a page's /Annots when it is a widget; undefined otherwise. */
function widgetRoot(annotation: PdfValue, resolve: Resolve): PdfRef | undefined {
	const dictionary = resolve(annotation);
	if (!(dictionary instanceof PdfDict) || dictionary.name('Subtype') !== 'Widget') return undefined;
	if (annotation instanceof PdfRef) return rootField(annotation, resolve);
	// A widget written inline in /Annots cannot be listed itself; its parent can.
	const parent = dictionary.get('Parent');
	return parent instanceof PdfRef ? rootField(parent, resolve) : undefined;
}

/** The root fields of the widgets on the pages, in page order, each once. */
function widgetRootFields(pages: readonly PdfPage[], resolve: Resolve): PdfRef[] {
	const fields: PdfRef[] = [];
	const listed = new Set<number>();
	for (const page of pages) {
		const annotations = resolve(page.dictionary.get('Annots'));
		if (!Array.isArray(annotations)) continue;
		for (const annotation of annotations) {
			const root = widgetRoot(annotation, resolve);
			if (root === undefined || listed.has(root.objectNumber)) continue;
			listed.add(root.objectNumber);
			fields.push(root);
		}
	}
	return fields;
}

/** Each resource category of /DR (/Font, /XObject, ...) resolved. */
function formResources(value: PdfValue | undefined, resolve: Resolve): Map<string, PdfValue> {
	const resources = new Map<string, PdfValue>();
	const dictionary = resolve(value);
	if (!(dictionary instanceof PdfDict)) return resources;
	for (const [category, entry] of dictionary.entries) {
		const resolved = resolve(entry);
		if (resolved !== undefined && resolved !== null) resources.set(category, resolved);
	}
	return resources;
}

/** The document's form as its pages use it, or undefined when the catalog has no /AcroForm. */
export function readForm(
	catalog: PdfDict,
	pages: readonly PdfPage[],
	resolve: Resolve,
): SourceForm | undefined {
	const form = resolve(catalog.get('AcroForm'));
	if (!(form instanceof PdfDict)) return undefined;
	const fields = widgetRootFields(pages, resolve);
	// Defaults matter only to widgets on the pages: a form without them lends nothing to the joined one.
	const used = fields.length > 0;
	return {
		fields,
		needAppearances: used && resolve(form.get('NeedAppearances')) === true,
		defaultAppearance: used ? resolve(form.get('DA')) : undefined,
		quadding: used ? resolve(form.get('Q')) : undefined,
		resources: used ? formResources(form.get('DR'), resolve) : new Map(),
	};
}
