/**
 * The pages in order, from the page tree (section 7.7.3): /Kids walked depth first, /Count not trusted
 * (it is often wrong), a /Pages node met twice refused (a loop: qpdf stops there, poppler drops pages),
 * a page listed twice taken twice (as qpdf and poppler show it), and the attributes a page inherits from
 * its ancestor /Pages nodes (/Resources /MediaBox /CropBox /Rotate) collected.
 */

import { DocumentError } from '../errors';
import type { Resolve } from './decode';
import { damaged } from '../damage';
import type { PdfValue } from './objects';
import { PdfDict, PdfRef } from './objects';

export const INHERITABLE_KEYS = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;

export interface PdfPage {
	/**
	 * The page object's number in its file; undefined for a page written inline in /Kids (not legal, but
	 * read). Two pages have the same number when the tree lists one page object twice.
	 */
	objectNumber: number | undefined;
	/** The page dictionary as the file has it. */
	dictionary: PdfDict;
	/** The inheritable attributes the page does not have itself, from its nearest ancestor that has them. */
	inherited: ReadonlyMap<string, PdfValue>;
}

export interface PageTree {
	pages: PdfPage[];
	/** Object numbers of the intermediate /Pages nodes: never copied (they lead to every page). */
	pagesNodes: Set<number>;
}

/** More nodes than this is no document a fax carries, and a guard against a tree made to exhaust memory. */
const MAX_NODES = 200000;

interface Pending {
	node: PdfValue;
	inherited: ReadonlyMap<string, PdfValue>;
}

export function readPageTree(rootNode: PdfValue | undefined, resolve: Resolve): PageTree {
	const pages: PdfPage[] = [];
	const pagesNodes = new Set<number>();
	const pending: Pending[] = [{ node: rootNode ?? null, inherited: new Map() }];
	while (pending.length > 0) {
		const { node, inherited } = pending.pop()!;
		const objectNumber = node instanceof PdfRef ? node.objectNumber : undefined;
		if (pagesNodes.size + pages.length >= MAX_NODES)
			throw new DocumentError('tooLarge', `the page tree has more than ${MAX_NODES} nodes`);
		const dictionary = resolve(node);
		// A missing node would silently drop pages: the file is damaged (and the caller tries a rebuild).
		if (!(dictionary instanceof PdfDict)) throw damaged('a page or page tree node is missing');
		const type = dictionary.name('Type');
		const kids = resolve(dictionary.get('Kids'));
		if (type === 'Pages' || (type !== 'Page' && kids !== undefined)) {
			if (objectNumber !== undefined) {
				// Met again: below itself (a loop) or under two parents; either way no reader's page order.
				if (pagesNodes.has(objectNumber)) throw damaged('the page tree has a loop');
				pagesNodes.add(objectNumber);
			}
			if (!Array.isArray(kids)) throw damaged('a page tree node has no /Kids array');
			const childInherited = new Map(inherited);
			for (const key of INHERITABLE_KEYS) {
				const value = dictionary.get(key);
				if (value !== undefined) childInherited.set(key, value);
			}
			for (let index = kids.length - 1; index >= 0; index--)
				pending.push({ node: kids[index], inherited: childInherited });
		} else {
			const own = new Map([...inherited].filter(([key]) => !dictionary.entries.has(key)));
			pages.push({ objectNumber, dictionary, inherited: own });
		}
	}
	return { pages, pagesNodes };
}
