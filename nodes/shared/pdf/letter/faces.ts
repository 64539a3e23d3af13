/**
 * The faces a letter is drawn in. Without a font, the standard-14 Helvetica faces and Courier, as
 * always. With `font` (TrueType files the caller gives), every text is drawn in the TrueType faces,
 * embedded as subsets: the regular file for body text, the bold file for headings, labels and bold
 * runs, the italic file for italic runs, the bold-italic file for runs both bold and italic. A face
 * not given falls back: bold-italic to bold, then italic, then regular; bold and italic to regular
 * (the run is then printed upright or regular: nothing is synthesised). Code stays in Courier where
 * its characters fit WinAnsi (monospaced, as without a font), else it is drawn in the regular file.
 * A variable font (with a weight axis) is drawn at Regular (400) in the regular and italic faces and
 * at Bold (700) in the bold ones, clamped to its axis; a bold face that falls back to a variable file
 * is that file at Bold, so one variable file gives a letter both weights.
 */

import { LetterError } from '../errors';
import { readTrueType } from '../font/trueType';
import type { TrueTypeFont } from '../font/trueType';
import type { ShapingScript } from '../font/shaping/shape';
import { layoutEngine, shapingGap } from '../font/shaping/shape';
import { BOLD_WEIGHT, REGULAR_WEIGHT } from '../font/variableFont';
import type { Face, FontName } from './fontName';
import { winAnsiByte } from './winAnsi';

/** TrueType font files (.ttf bytes) for a letter; only `regular` is required. */
export interface LetterFont {
	regular: Uint8Array;
	bold?: Uint8Array;
	italic?: Uint8Array;
	boldItalic?: Uint8Array;
}

/** Which characters the text may hold (an embedded font's), and how the error names the font. */
export interface Repertoire {
	has(codePoint: number): boolean;
	/**
	 * Why the font cannot shape a script the writer shapes as HarfBuzz would (font/shaping shapingGap),
	 * or the writer cannot lay it out (layoutGap), or undefined.
	 */
	shapingGap(script: ShapingScript): string | undefined;
	/** "the letter's font (NotoSans-Regular)", for the refusal message. */
	description: string;
}

export interface LetterFaces {
	regular: Face;
	bold: Face;
	italic: Face;
	boldItalic: Face;
	/** Set when the faces are embedded: what the character rule lets through instead of WinAnsi. */
	repertoire?: Repertoire;
}

export const STANDARD_FACES: LetterFaces = {
	regular: 'Helvetica',
	bold: 'Helvetica-Bold',
	italic: 'Helvetica-Oblique',
	boldItalic: 'Helvetica-BoldOblique',
};

const FACE_NAMES = ['regular', 'bold', 'italic', 'boldItalic'] as const;
const FACE_WEIGHTS = {
	regular: REGULAR_WEIGHT,
	bold: BOLD_WEIGHT,
	italic: REGULAR_WEIGHT,
	boldItalic: BOLD_WEIGHT,
} as const;

/** The faces for a letter's `font` option (STANDARD_FACES without one); FontError for a file it cannot embed. */
export function letterFaces(font: LetterFont | undefined): LetterFaces {
	if (font === undefined || font === null) return STANDARD_FACES;
	if (typeof font !== 'object' || !(font.regular instanceof Uint8Array))
		throw new LetterError('font', 'font.regular must be the bytes of a TrueType font file (.ttf)', {
			field: 'font.regular',
		});
	const files = new Map<(typeof FACE_NAMES)[number], TrueTypeFont>();
	for (const name of FACE_NAMES) {
		const bytes: unknown = font[name];
		if (bytes === undefined || bytes === null) continue;
		if (!(bytes instanceof Uint8Array))
			throw new LetterError(
				'font',
				`font.${name} must be the bytes of a TrueType font file (.ttf)`,
				{
					field: `font.${name}`,
				},
			);
		files.set(name, readTrueType(bytes, `font.${name}`, FACE_WEIGHTS[name]));
	}
	const face = (file: TrueTypeFont): Face => ({ kind: 'embedded', font: file });
	const regular = face(files.get('regular')!);
	const bold = files.has('bold') ? face(files.get('bold')!) : emboldened(regular);
	const italic = files.has('italic') ? face(files.get('italic')!) : regular;
	const boldItalic = files.has('boldItalic')
		? face(files.get('boldItalic')!)
		: files.has('bold') || !files.has('italic')
			? bold
			: emboldened(italic);
	const given = [...files.values()];
	const names = [...new Set(given.map((file) => file.postScriptName))].join(', ');
	return {
		regular,
		bold,
		italic,
		boldItalic,
		repertoire: {
			// Every face given must have the character: a heading or bold run may draw any of them.
			has: (codePoint) => given.every((file) => file.has(codePoint)),
			shapingGap: (script) => {
				for (const file of given) {
					const gap = shapingGap(file, script) ?? layoutGap(file, script);
					if (gap !== undefined) return given.length === 1 ? gap : `${file.postScriptName}: ${gap}`;
				}
				return undefined;
			},
			description: `the letter's font (${names})`,
		},
	};
}

/**
 * Why the letter writer cannot lay out a script in a font it shapes, or undefined: a font that joins
 * Arabic letters by cursive attachment (GPOS curs, as Nastaliq does) sets most of them above or below
 * the baseline, further than the letter's line spacing reaches (Noto Nastaliq Urdu's lines would
 * overlap by some 8 pt at 11 pt) and beyond what readers give back as words.
 */
function layoutGap(file: TrueTypeFont, script: ShapingScript): string | undefined {
	if (
		script !== 'Arabic' ||
		layoutEngine(file).plan(script, undefined, true).featureMask('curs') === 0
	)
		return undefined;
	return 'it joins its letters by cursive attachment (Nastaliq), whose lines the letter cannot space; use a Naskh font such as Noto Naskh Arabic or Vazirmatn';
}

/** A bold face's fallback: the face's file at Bold when it is a variable font whose axis goes further, else the face. */
function emboldened(face: Face): Face {
	if (typeof face === 'string' || face.font.variableWeight === undefined) return face;
	const bold = readTrueType(face.font.data.bytes, face.font.data.field, BOLD_WEIGHT);
	return bold.variableWeight!.weight === face.font.variableWeight.weight
		? face
		: { kind: 'embedded', font: bold };
}

/** Whether every character of a text has a WinAnsi byte (Courier can show it). */
function fitsWinAnsi(text: string): boolean {
	for (const character of text)
		if (winAnsiByte(character.codePointAt(0) ?? 0) === undefined) return false;
	return true;
}

/** Code's face: Courier where its text fits WinAnsi or no font is embedded, else the regular face. */
export function codeFace(text: string, faces: LetterFaces): Face {
	return faces.repertoire === undefined || fitsWinAnsi(text) ? 'Courier' : faces.regular;
}

/** The standard font an embedded face stands in for, for a fixed text (a label, a bullet) the font lacks. */
const STANDARD_STAND_IN: Record<keyof Omit<LetterFaces, 'repertoire'>, FontName> = {
	regular: 'Helvetica',
	bold: 'Helvetica-Bold',
	italic: 'Helvetica-Oblique',
	boldItalic: 'Helvetica-BoldOblique',
};

/**
 * The face for a text the writer itself prints ("Page 1 of 2", "To:", a list bullet): the letter's
 * face when its font has every character, else the standard face (those texts are all WinAnsi).
 */
export function fixedTextFace(
	faces: LetterFaces,
	role: keyof Omit<LetterFaces, 'repertoire'>,
	text: string,
): Face {
	const face = faces[role];
	if (typeof face === 'string') return face;
	for (const character of text)
		if (!face.font.has(character.codePointAt(0) ?? 0)) return STANDARD_STAND_IN[role];
	return face;
}
