/**
 * The standard-14 font objects of a letter: which faces its pages name (WinAnsi, and the extended
 * encoding of extendedGlyphs.ts when a letter beyond WinAnsi is drawn), their dictionaries, and the one
 * ToUnicode map the extended fonts share. Nothing is embedded.
 *
 * The WinAnsi fonts carry no ToUnicode, so the files of plain letters keep their bytes: a reader gives
 * each of their bytes back by its glyph name as the character it was written for, but the no-break
 * space, which WinAnsiEncoding names /space (PDF 1.7 annex D) and which reads back as a space, as
 * search expects.
 */

import type { DrawOperation } from './content';
import {
	ALWAYS_PRESENT_FACES,
	EXTENDED_FONT_RESOURCE_NAMES,
	FONT_RESOURCE_NAMES,
	drawsBeyondLatinExtendedA,
	fontsUsed,
} from './content';
import { extendedEncoding, extendedToUnicode } from './extendedGlyphs';
import type { FontName } from './fontName';
import type { PdfObject } from '../write/objects';
import { ref } from '../write/objects';

/**
 * The font objects, numbered from `firstObject`, and the /Font resources naming them. `pages` are every
 * page's drawings with its footer; `alwaysPresent` is false for a letter in an embedded font, which names
 * a standard face only when it draws in it (Courier code, a stand-in label).
 */
export function standardFontObjects(
	pages: readonly DrawOperation[][],
	firstObject: number,
	alwaysPresent: boolean,
): { objects: PdfObject[]; resources: string[] } {
	const used = new Set(pages.flatMap((page) => [...fontsUsed(page)]));
	// Helvetica and Helvetica-Bold always, their extended fonts when a letter beyond WinAnsi is drawn:
	// the files of plain letters keep their bytes. Markdown's other faces only when drawn.
	const always = alwaysPresent ? ALWAYS_PRESENT_FACES : [];
	const extendedUsed = [...used].some((font) => font.endsWith('+x'));
	const otherFaces = (Object.keys(FONT_RESOURCE_NAMES) as FontName[]).filter(
		(face) => !always.includes(face),
	);
	const fonts: Array<{ face: FontName; extended: boolean }> = [
		...always.map((face) => ({ face, extended: false })),
		...(extendedUsed ? always.map((face) => ({ face, extended: true })) : []),
		...otherFaces.flatMap((face) => [
			...(used.has(face) ? [{ face, extended: false }] : []),
			...(used.has(`${face}+x`) ? [{ face, extended: true }] : []),
		]),
	];
	if (!extendedUsed)
		return {
			objects: fonts.map(({ face }) => winAnsiFont(face)),
			resources: fonts.map(
				({ face }, index) => `/${FONT_RESOURCE_NAMES[face]} ${ref(firstObject + index)}`,
			),
		};

	// The encoding and its ToUnicode map name the glyphs beyond Latin Extended-A only in a file that
	// draws one of them: a file of Latin Extended-A letters has the encoding it always had.
	const beyondLatin = pages.some(drawsBeyondLatinExtendedA);
	const encoding = extendedEncoding(beyondLatin);
	const toUnicode = firstObject + fonts.length;
	return {
		objects: [
			...fonts.map(({ face, extended }) =>
				extended
					? `<< /Type /Font /Subtype /Type1 /BaseFont /${face} /Encoding ${encoding} /ToUnicode ${ref(toUnicode)} >>`
					: winAnsiFont(face),
			),
			{ dictionaryEntries: '', data: extendedToUnicode(beyondLatin) },
		],
		resources: fonts.map(
			({ face, extended }, index) =>
				`/${(extended ? EXTENDED_FONT_RESOURCE_NAMES : FONT_RESOURCE_NAMES)[face]} ${ref(firstObject + index)}`,
		),
	};
}

function winAnsiFont(face: FontName): string {
	return `<< /Type /Font /Subtype /Type1 /BaseFont /${face} /Encoding /WinAnsiEncoding >>`;
}
