/**
 * Page content streams: turns drawing operations (text at a baseline, rules, boxes) into the PDF
 * operators of one page. Text goes in as ruled strings (tabs included) and out as WinAnsi bytes, or,
 * in an embedded TrueType face, as two-byte glyph codes (EmbeddedEncoding).
 */

import type { EmbeddedFace, Face, FontName } from './fontWidths';
import { pdfNumber, pdfString } from '../write/objects';
import { tabRuns } from './tabStops';
import { encodeExtended, extendedGlyph, isBeyondLatinExtendedA } from './extendedGlyphs';
import { encodeWinAnsi } from './winAnsi';
import type { GlyphEncoding, GlyphsOperation } from './glyphOperators';
import { glyphOperators } from './glyphOperators';

/** The name each font has in a page's /Resources /Font dictionary. */
export const FONT_RESOURCE_NAMES: Readonly<Record<FontName, string>> = {
	Helvetica: 'F1',
	'Helvetica-Bold': 'F2',
	'Helvetica-Oblique': 'F3',
	'Helvetica-BoldOblique': 'F4',
	Courier: 'F5',
};
/** The same faces with the extended encoding (extendedGlyphs.ts), in the resources only when used. */
export const EXTENDED_FONT_RESOURCE_NAMES: Readonly<Record<FontName, string>> = {
	Helvetica: 'F1x',
	'Helvetica-Bold': 'F2x',
	'Helvetica-Oblique': 'F3x',
	'Helvetica-BoldOblique': 'F4x',
	Courier: 'F5x',
};

/** The faces every letter's pages name (a plain letter's bytes stay as they were); the others only when drawn. */
export const ALWAYS_PRESENT_FACES: readonly FontName[] = ['Helvetica', 'Helvetica-Bold'];

/** A text split into pieces of WinAnsi characters and of extended glyphs; a WinAnsi-only text is one piece. */
function fontPieces(text: string): Array<{ text: string; extended: boolean }> {
	const pieces: Array<{ text: string; extended: boolean }> = [];
	for (const character of text) {
		const extended = extendedGlyph(character.codePointAt(0) ?? 0) !== undefined;
		const last = pieces[pieces.length - 1];
		if (last !== undefined && last.extended === extended) last.text += character;
		else pieces.push({ text: character, extended });
	}
	return pieces.length === 0 ? [{ text: '', extended: false }] : pieces;
}

/** The font resources drawing operations use, as face and whether extended ('Helvetica' / 'Helvetica+x'). */
export function fontsUsed(operations: readonly DrawOperation[]): Set<string> {
	const used = new Set<string>();
	for (const operation of operations) {
		if (operation.kind !== 'text' || typeof operation.font !== 'string') continue;
		for (const piece of fontPieces(operation.text))
			used.add(piece.extended ? `${operation.font}+x` : operation.font);
	}
	return used;
}

/** Whether drawing operations draw an extended glyph beyond Latin Extended-A (extendedGlyphs.ts). */
export function drawsBeyondLatinExtendedA(operations: readonly DrawOperation[]): boolean {
	return operations.some(
		(operation) =>
			operation.kind === 'text' &&
			typeof operation.font === 'string' &&
			[...operation.text].some((character) =>
				isBeyondLatinExtendedA(character.codePointAt(0) ?? 0),
			),
	);
}

export type DrawOperation =
	| { kind: 'text'; font: Face; size: number; x: number; y: number; text: string }
	| ({ kind: 'glyphs' } & GlyphsOperation)
	| { kind: 'rule'; x1: number; y1: number; x2: number; y2: number; lineWidth: number }
	| { kind: 'box'; x: number; y: number; width: number; height: number; lineWidth: number };

/**
 * How text in embedded faces becomes codes: the face's font resource name, a text's codes as a hex
 * string, a glyph's code, and the text the font's ToUnicode gives a glyph (undefined: none).
 */
export interface EmbeddedEncoding extends GlyphEncoding {
	resource(face: EmbeddedFace): string;
	hexCodes(face: EmbeddedFace, text: string): string;
}

/**
 * The operators for one page. Consecutive text shares one BT ... ET block and sets its font only when
 * it changes; each line is placed absolutely (Tm), so a line's position never depends on the ones
 * before it. `embedded` encodes the text of embedded faces (required when the page has any).
 */
export function contentStream(
	operations: readonly DrawOperation[],
	embedded?: EmbeddedEncoding,
): Buffer {
	const out: string[] = [];
	let inText = false;
	let font = '';
	for (const operation of operations) {
		if (operation.kind === 'glyphs') {
			if (embedded === undefined) throw new RangeError('an embedded face needs its encoding');
			if (!inText) {
				out.push('BT');
				inText = true;
				font = '';
			}
			const fontState = `/${embedded.resource(operation.font)} ${pdfNumber(operation.size)} Tf`;
			if (fontState !== font) {
				out.push(fontState);
				font = fontState;
			}
			glyphOperators(operation, embedded, out);
			continue;
		}
		if (operation.kind === 'text') {
			if (!inText) {
				out.push('BT');
				inText = true;
				font = '';
			}
			const face = operation.font;
			if (typeof face !== 'string') {
				if (embedded === undefined) throw new RangeError('an embedded face needs its encoding');
				const fontState = `/${embedded.resource(face)} ${pdfNumber(operation.size)} Tf`;
				for (const run of tabRuns(operation.text, face, operation.size)) {
					if (fontState !== font) {
						out.push(fontState);
						font = fontState;
					}
					out.push(
						`1 0 0 1 ${pdfNumber(operation.x + run.offset)} ${pdfNumber(operation.y)} Tm <${embedded.hexCodes(face, run.text)}> Tj`,
					);
				}
				continue;
			}
			// Text after a tab is placed at its stop: each run between tabs gets its own Tm.
			for (const run of tabRuns(operation.text, face, operation.size)) {
				let position = `1 0 0 1 ${pdfNumber(operation.x + run.offset)} ${pdfNumber(operation.y)} Tm `;
				// Letters beyond WinAnsi come from the face's extended font: switch fonts per piece.
				for (const piece of fontPieces(run.text)) {
					const resource = piece.extended
						? EXTENDED_FONT_RESOURCE_NAMES[face]
						: FONT_RESOURCE_NAMES[face];
					const fontState = `/${resource} ${pdfNumber(operation.size)} Tf`;
					if (fontState !== font) {
						out.push(fontState);
						font = fontState;
					}
					out.push(
						`${position}${pdfString(piece.extended ? encodeExtended(piece.text) : encodeWinAnsi(piece.text))} Tj`,
					);
					position = '';
				}
			}
			continue;
		}
		if (inText) {
			out.push('ET');
			inText = false;
		}
		if (operation.kind === 'rule') {
			out.push(
				`${pdfNumber(operation.lineWidth)} w ${pdfNumber(operation.x1)} ${pdfNumber(operation.y1)} m ${pdfNumber(operation.x2)} ${pdfNumber(operation.y2)} l S`,
			);
		} else {
			out.push(
				`${pdfNumber(operation.lineWidth)} w ${pdfNumber(operation.x)} ${pdfNumber(operation.y)} ${pdfNumber(operation.width)} ${pdfNumber(operation.height)} re S`,
			);
		}
	}
	if (inText) out.push('ET');
	return Buffer.from(out.join('\n'), 'latin1');
}
