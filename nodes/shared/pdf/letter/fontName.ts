import type { TrueTypeFont } from '../font/trueType';

/**
 * The standard PDF fonts the letter writer uses (nothing embedded): Helvetica and Helvetica-Bold for
 * every letter; the oblique faces and Courier for Markdown's italic runs and code.
 */
export type FontName =
	| 'Helvetica'
	| 'Helvetica-Bold'
	| 'Helvetica-Oblique'
	| 'Helvetica-BoldOblique'
	| 'Courier';

/** A face of a TrueType font the caller gave (font.ts), embedded as a subset of what it draws. */
export interface EmbeddedFace {
	readonly kind: 'embedded';
	readonly font: TrueTypeFont;
}

/** What text is drawn in: a standard font by name, or an embedded TrueType face. */
export type Face = FontName | EmbeddedFace;
