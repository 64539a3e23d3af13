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
