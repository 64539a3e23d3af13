/**
 * The joined file's /OCProperties, from the layers of the documents (read/optionalContent.ts): every
 * copied group (one a copied page uses: the others are not copied, so not listed) and, in the default
 * configuration, the copied groups that are off by default in their own document. Each time a document
 * is given its groups are copies of their own. What is not carried is said in read/optionalContent.ts.
 */

import type { CopiedDocument } from './serialise';
import { copiedReferencesText } from './serialise';

/** The joined /OCProperties, or undefined when no document has optional content. */
export function joinedOptionalContent(copies: readonly CopiedDocument[]): string | undefined {
	const layered = copies.filter((copy) => copy.document.optionalContent !== undefined);
	if (layered.length === 0) return undefined;
	const groups = copiedReferencesText(layered, (copy) => copy.document.optionalContent!.groups);
	const off = copiedReferencesText(layered, (copy) => {
		const { groups: all, off: offByDefault } = copy.document.optionalContent!;
		return all.filter((group) => offByDefault.has(group.objectNumber));
	});
	return `<< /OCGs [${groups}] /D << /OFF [${off}] >> >>`;
}
