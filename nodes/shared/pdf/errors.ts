/**
 * The one error the letter writer throws for input it cannot render. Its message and fields name what
 * is wrong and where (field, code point, line, column), never the text itself: a fax letter carries
 * patient data, and error messages end up in n8n's execution logs.
 */

export type LetterErrorReason =
	/** The text (or a required cover field) is empty or only whitespace. */
	| 'empty'
	/** A character the standard PDF fonts cannot show and the transliteration table does not cover. */
	| 'character'
	/** fontSize is not a number from 9 to 16. */
	| 'fontSize'
	/** pageSize is neither 'letter' nor 'a4'. */
	| 'pageSize'
	/** creationDate is not a valid Date. */
	| 'creationDate'
	/** format is neither 'plain' nor 'markdown'. */
	| 'format'
	/** direction is not 'auto', 'ltr' or 'rtl'. */
	| 'direction'
	/** The cover page's table of fields and its notice do not fit on one page. */
	| 'coverPage'
	/** The font option is not an object of font files (font.regular missing, a face not bytes). */
	| 'font';

/** A group of refused letters, marks or digits of one script and one reason, or one refused symbol. */
export type RefusedGroup =
	| {
			kind: 'script';
			/** The script as the message names it: 'Greek', 'Chinese (Han)', 'combining'. */
			script: string;
			/** 'letters', 'marks', 'digits', or 'characters' when they are mixed. */
			noun: string;
			count: number;
			line: number;
			column: number;
			reason: RefusalReason;
	  }
	| { kind: 'symbol'; codePoint: string; line: number; column: number; reason: RefusalReason };

/** Why a character is refused: the font in use lacks it, its script needs shaping, or a mark NFC left alone. */
export type RefusalReason = 'notInFont' | 'shaping' | 'unmergedMark';

export interface LetterErrorDetails {
	/** Which input: 'text' for the letter body, 'coverPage.<name>' for a cover page field, or the option's name. */
	field?: string;
	/** For reason 'character': the refusal's words without the field, and its groups (letter/refusal.ts): never the text. */
	refusal?: { summary: string; groups: readonly RefusedGroup[] };
	/** For reason 'character' with an embedded font: the script of the first refused character when it needs right-to-left layout or shaping ('Arabic', 'Thai'…). */
	script?: string;
}

export class LetterError extends Error {
	readonly reason: LetterErrorReason;
	readonly field?: string;
	readonly refusal?: LetterErrorDetails['refusal'];
	readonly script?: string;

	constructor(reason: LetterErrorReason, message: string, details: LetterErrorDetails = {}) {
		super(message);
		this.name = 'LetterError';
		this.reason = reason;
		this.field = details.field;
		this.refusal = details.refusal;
		this.script = details.script;
	}
}

/** U+XXXX, the usual way to name a code point. */
export function codePointLabel(codePoint: number): string {
	return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Why a file given as a document (PDF, TIFF or image) cannot go into a fax. */
export type DocumentErrorReason =
	/** Neither a PDF, a TIFF nor an image of fileType's: no %PDF- header near the start, no TIFF byte-order mark, no image signature. */
	| 'notPdf'
	/** A HEIC, WebP or AVIF image (fileType's refusedImageFormat): recognised, not converted; the message names it. */
	| 'imageFormat'
	/** The PDF has an /Encrypt dictionary: its objects cannot be copied without the password. */
	| 'encrypted'
	/** The file is cut short or its structure is broken beyond what readers rebuild. */
	| 'damaged'
	/** A valid file using a feature this library does not carry (a TIFF compression, a stream filter). */
	| 'unsupported'
	/** Decoding would exceed the size limit (a decompression bomb, or simply too big for a fax). */
	| 'tooLarge'
	/** The document has no pages. */
	| 'noPages';

/**
 * The one error the reader throws for a document it cannot take. The message says what is wrong in the
 * package's words (e.g. "the cross-reference table points past the end of the file", "TIFF compression
 * JPEG (7) is not supported"), never a byte or string of the document: documents carry patient data.
 */
export class DocumentError extends Error {
	readonly reason: DocumentErrorReason;

	constructor(reason: DocumentErrorReason, message: string) {
		super(message);
		this.name = 'DocumentError';
		this.reason = reason;
	}
}

/** Why a font file given for a letter cannot be embedded. */
export type FontErrorReason =
	/** OpenType with CFF (PostScript) outlines, the 'OTTO' kind: only TrueType (glyf) outlines are embedded. */
	| 'cff'
	/** A TrueType collection ('ttcf', .ttc): several fonts in one file; give one font of it. */
	| 'collection'
	/** Not a font this library reads at all (no TrueType header: WOFF, WOFF2, a PDF, text). */
	| 'notTrueType'
	/** A TrueType file cut short or with tables pointing outside it. */
	| 'damaged'
	/** A variable font whose variations this library cannot apply (so it cannot be printed at Regular). */
	| 'variable';

/**
 * The one error the font reader throws for a font file it cannot embed. The message names the file's
 * role (`font.regular`, `font.bold`…) and what is wrong with it, never the file's bytes.
 */
export class FontError extends Error {
	readonly reason: FontErrorReason;
	readonly field?: string;

	constructor(reason: FontErrorReason, message: string, field?: string) {
		super(message);
		this.name = 'FontError';
		this.reason = reason;
		this.field = field;
	}
}
