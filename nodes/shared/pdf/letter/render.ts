/**
 * renderLetter: plain text (and an optional cover page) -> a fax-ready PDF 1.4 file, in memory.
 *
 * Standard-14 Helvetica fonts with WinAnsiEncoding, and for letters beyond it the same fonts with an
 * extended encoding (nothing embedded); or, with the `font` option, TrueType fonts embedded as subsets
 * (faces.ts, font/), for any script the font has that needs no shaping. Content streams uncompressed
 * with the standard fonts (Flate with an embedded font: pageContent),
 * no dependency beyond Buffer. The output depends only on the input: no clock, no randomness, so the
 * same letter gives the same bytes. Neither the text nor cover values go into the document's metadata.
 */

import { requireText } from './characterRule';
import type { DrawOperation, EmbeddedEncoding } from './content';
import { contentStream } from './content';
import type { CoverLayout, CoverPage } from './coverPage';
import { layoutCoverPage } from './coverPage';
import { LetterError } from '../errors';
import type { LetterFaces, LetterFont } from './faces';
import { fixedTextFace, letterFaces } from './faces';
import type { EmbeddedFace } from './fontWidths';
import { textWidth } from './fontWidths';
import { EMBEDDED_FONT_OBJECTS, embeddedFontObjects } from '../font/pdfFont';
import { deflate } from '../filters/deflate';
import type { TrueTypeFont } from '../font/trueType';
import { drawnGlyphTexts } from './drawnGlyphTexts';
import { ligatureText } from './glyphText';
import type { PageSize } from './layout';
import { MARGIN, PAGE_SIZES, layoutBody, linesToOperations, textArea } from './layout';
import { layoutMarkdown } from './markdown/document';
import { standardFontObjects } from './standardFonts';
import type { TextFormat } from './textFormat';
import { TEXT_FORMATS } from './textFormat';
import type { TextDirection } from '../text/bidi';

const TEXT_DIRECTIONS: readonly TextDirection[] = ['auto', 'ltr', 'rtl'];
import type { PdfObject } from '../write/objects';
import { pdfDate, pdfNumber, pdfString, ref, serialisePdf } from '../write/objects';

export interface LetterOptions {
	/** 'letter' (612 x 792 pt, the default) or 'a4' (595.28 x 841.89 pt). */
	pageSize?: PageSize;
	/** Body font size in points, 9 to 16; default 11. */
	fontSize?: number;
	/** A cover page as page 1; its Pages row counts every page, itself included. */
	coverPage?: CoverPage;
	/** Written as the /Info /CreationDate when given; without it the file has no date (and stays reproducible). */
	creationDate?: Date;
	/** Pages other documents add after the letter in the same fax: counted by the cover's Pages row and every "Page x of y". */
	followingPages?: number;
	/** How the text (and the cover page's message) is written: 'plain' (the default) prints it as it is, 'markdown' as a document. */
	format?: TextFormat;
	/**
	 * Which way paragraphs read: 'auto' (the default) each by its first strong letter (Arabic and
	 * Hebrew right to left), 'rtl' or 'ltr' every paragraph, as a letter in one language wants when a
	 * paragraph starts with a word of another (a Latin drug name in an Arabic letter).
	 */
	direction?: TextDirection;
	/**
	 * TrueType files to draw every text in, embedded as subsets (faces.ts: which file draws what, the
	 * fallbacks). Without it the standard Helvetica fonts are used and the output is what it always was.
	 */
	font?: LetterFont;
}

export interface Letter {
	pdf: Buffer;
	/** The pages of this file, cover page and its continuation pages included. */
	pages: number;
}

export const DEFAULT_FONT_SIZE = 11;
export const MIN_FONT_SIZE = 9;
export const MAX_FONT_SIZE = 16;
const FOOTER_SIZE = 9;
const PRODUCER = 'n8n-nodes-fax-service';

function checkedOptions(options: LetterOptions): {
	pageSize: PageSize;
	fontSize: number;
	format: TextFormat;
	faces: LetterFaces;
	direction: TextDirection;
} {
	const following = options.followingPages;
	if (following !== undefined && !(Number.isInteger(following) && following >= 0))
		throw new RangeError('followingPages must be a whole number');
	const fontSize = options.fontSize ?? DEFAULT_FONT_SIZE;
	if (
		typeof fontSize !== 'number' ||
		!Number.isFinite(fontSize) ||
		fontSize < MIN_FONT_SIZE ||
		fontSize > MAX_FONT_SIZE
	) {
		throw new LetterError(
			'fontSize',
			`fontSize must be a number from ${MIN_FONT_SIZE} to ${MAX_FONT_SIZE} (points), not ${String(fontSize)}`,
			{ field: 'fontSize' },
		);
	}
	const pageSize = options.pageSize ?? 'letter';
	if (pageSize !== 'letter' && pageSize !== 'a4') {
		throw new LetterError(
			'pageSize',
			`pageSize must be 'letter' or 'a4', not ${JSON.stringify(pageSize)}`,
			{ field: 'pageSize' },
		);
	}
	if (
		options.creationDate !== undefined &&
		!(options.creationDate instanceof Date && Number.isFinite(options.creationDate.getTime()))
	) {
		throw new LetterError('creationDate', 'creationDate must be a valid Date', {
			field: 'creationDate',
		});
	}
	const format = options.format ?? 'plain';
	if (!TEXT_FORMATS.includes(format)) {
		throw new LetterError(
			'format',
			`format must be 'plain' or 'markdown', not ${JSON.stringify(format)}`,
			{
				field: 'format',
			},
		);
	}
	const direction = options.direction ?? 'auto';
	if (!TEXT_DIRECTIONS.includes(direction)) {
		throw new LetterError(
			'direction',
			`direction must be 'auto', 'ltr' or 'rtl', not ${JSON.stringify(direction)}`,
			{ field: 'direction' },
		);
	}
	return { pageSize, fontSize, format, faces: letterFaces(options.font), direction };
}

/** "Page x of y", centred in the bottom margin. */
function footer(
	pageNumber: number,
	totalPages: number,
	pageWidth: number,
	faces: LetterFaces,
): DrawOperation {
	const label = `Page ${pageNumber} of ${totalPages}`;
	const face = fixedTextFace(faces, 'regular', label);
	return {
		kind: 'text',
		font: face,
		size: FOOTER_SIZE,
		x: (pageWidth - textWidth(face, label, FOOTER_SIZE)) / 2,
		y: MARGIN / 2,
		text: label,
	};
}

/**
 * Renders a letter. Throws LetterError (reason 'empty', 'character', 'fontSize', 'pageSize',
 * 'creationDate', 'coverPage' or 'font') for input it cannot render, and FontError for a font file it
 * cannot embed; the message never quotes the text.
 */
export function renderLetter(text: string, letterOptions?: LetterOptions): Letter {
	// Null as well as undefined: values from n8n expressions are not always what their type says.
	const options = letterOptions ?? {};
	const { pageSize, fontSize, format, faces, direction } = checkedOptions(options);
	const body = requireText(text, 'text', faces.repertoire);
	const area = textArea(pageSize);
	const cover =
		options.coverPage === undefined
			? undefined
			: layoutCoverPage(options.coverPage, area, fontSize, format, faces, direction);
	const bodyPages =
		format === 'markdown'
			? layoutMarkdown(
					body,
					() => ({ top: area.top, bottom: area.bottom }),
					{ x: area.left, width: area.width },
					fontSize,
					faces,
					direction,
				)
			: layoutBody(body, area, fontSize, faces.regular, direction).map((lines) =>
					linesToOperations(lines, fontSize, faces.regular),
				);
	return renderPages(
		coverDrawings(cover),
		bodyPages,
		pageSize,
		options.creationDate,
		faces,
		options.followingPages,
	);
}

/**
 * Renders a cover page alone (and its continuation pages, for a long message), to go in front of
 * `followingPages` pages of other documents: its Pages row and "Page x of y" count the whole fax.
 * Throws LetterError as renderLetter does.
 */
export function renderCoverSheet(
	coverPage: CoverPage,
	followingPages: number,
	letterOptions?: Omit<LetterOptions, 'coverPage' | 'followingPages'>,
): Letter {
	const options = letterOptions ?? {};
	const { pageSize, fontSize, format, faces, direction } = checkedOptions({
		...options,
		followingPages,
	});
	const cover = layoutCoverPage(coverPage, textArea(pageSize), fontSize, format, faces, direction);
	return renderPages(
		coverDrawings(cover),
		[],
		pageSize,
		options.creationDate,
		faces,
		followingPages,
	);
}

/** The cover page's drawings (none without a cover), once the pages after it are known. */
function coverDrawings(cover: CoverLayout | undefined): (totalPages: number) => DrawOperation[][] {
	if (cover === undefined) return () => [];
	return (totalPages) => [cover.draw(totalPages), ...cover.continuation];
}

/**
 * The file: the cover's pages, then the body's, each with its footer. `pagesAfter` counts pages that
 * other documents add after these (in the totals only); `pages` is what this file holds.
 */
function renderPages(
	coverPages: (totalPages: number) => DrawOperation[][],
	bodyPages: DrawOperation[][],
	pageSize: PageSize,
	creationDate: Date | undefined,
	faces: LetterFaces,
	pagesAfter = 0,
): Letter {
	const ownPages = coverPages(0).length + bodyPages.length;
	const totalPages = ownPages + pagesAfter;
	const pageDrawings = [...coverPages(totalPages), ...bodyPages];
	const { width, height } = PAGE_SIZES[pageSize];
	const footers = pageDrawings.map((_, index) => footer(index + 1, totalPages, width, faces));

	// Objects 1-3 and the fonts come first; each page then takes two: its page dictionary and its content stream.
	const CATALOG = 1;
	const INFO = 2;
	const PAGES = 3;
	const FIRST_FONT = 4;
	const drawnPages = pageDrawings.map((drawing, index) => [...drawing, footers[index]]);
	const fonts = standardFontObjects(drawnPages, FIRST_FONT, faces.repertoire === undefined);
	const firstEmbedded = FIRST_FONT + fonts.objects.length;
	const embedded = embedFonts(drawnPages, firstEmbedded);
	const firstPage = firstEmbedded + embedded.objects.length;
	const pageNumbers = pageDrawings.map((_, index) => firstPage + 2 * index);
	const fontResources = [...fonts.resources, ...embedded.resources].join(' ');

	const objects: PdfObject[] = [
		`<< /Type /Catalog /Pages ${ref(PAGES)} >>`,
		`<< /Producer ${pdfString(Buffer.from(PRODUCER, 'latin1'))}${creationDate === undefined ? '' : ` /CreationDate ${pdfString(Buffer.from(pdfDate(creationDate), 'latin1'))}`} >>`,
		`<< /Type /Pages /Kids [${pageNumbers.map(ref).join(' ')}] /Count ${pageDrawings.length} >>`,
		...fonts.objects,
		...embedded.objects,
	];
	pageDrawings.forEach((drawing, index) => {
		const pageNumber = pageNumbers[index];
		objects.push(
			`<< /Type /Page /Parent ${ref(PAGES)} /MediaBox [0 0 ${pdfNumber(width)} ${pdfNumber(height)}] /Resources << /Font << ${fontResources} >> /ProcSet [/PDF /Text] >> /Contents ${ref(pageNumber + 1)} >>`,
			pageContent(contentStream(drawnPages[index], embedded.encoding), faces),
		);
	});
	return { pdf: serialisePdf(objects, { root: CATALOG, info: INFO }), pages: pageDrawings.length };
}

/**
 * A page's content stream. Drawn in standard fonts it stays uncompressed, so every plain letter keeps
 * its bytes; drawn in an embedded font (four hex digits a glyph) it is Flate-compressed, which makes
 * such a letter about a quarter of its uncompressed size.
 */
function pageContent(data: Buffer, faces: LetterFaces): PdfObject {
	return faces.repertoire === undefined
		? { dictionaryEntries: '', data }
		: { dictionaryEntries: '/Filter /FlateDecode', data: Buffer.from(deflate(data)) };
}

/**
 * The embedded fonts of a letter's pages: one Type0 font per TrueType file drawn (a face that fell
 * back to the regular file shares its font), resource names T1, T2… in the order first drawn, each
 * a subset of exactly the glyphs drawn, with a ToUnicode entry giving each glyph its text
 * (drawnGlyphTexts.ts; a ligature as its presentation form, glyphText.ts).
 */
function embedFonts(
	pages: readonly DrawOperation[][],
	firstObject: number,
): { objects: PdfObject[]; resources: string[]; encoding: EmbeddedEncoding } {
	const drawn = drawnGlyphTexts(pages.flat());
	const objects: PdfObject[] = [];
	const resources: string[] = [];
	const byFont = new Map<
		TrueTypeFont,
		{
			resource: string;
			newGlyphId: ReadonlyMap<number, number>;
			texts: ReadonlyMap<number, string>;
		}
	>();
	[...drawn].forEach(([font, glyphs], index) => {
		const first = firstObject + index * EMBEDDED_FONT_OBJECTS;
		const readerTexts = new Map([...glyphs].map(([glyph, text]) => [glyph, ligatureText(text)]));
		const embedded = embeddedFontObjects(font, readerTexts, first);
		const resource = `T${index + 1}`;
		objects.push(...embedded.objects);
		resources.push(`/${resource} ${ref(first)}`);
		byFont.set(font, { resource, newGlyphId: embedded.subset.newGlyphId, texts: glyphs });
	});
	const of = (face: EmbeddedFace) => {
		const found = byFont.get(face.font);
		if (found === undefined) throw new RangeError('a face was drawn that embedFonts did not see');
		return found;
	};
	const codes = new Map<TrueTypeFont, Map<number, string>>();
	const glyphCode = (face: EmbeddedFace, glyph: number) => {
		let fontCodes = codes.get(face.font);
		if (fontCodes === undefined) codes.set(face.font, (fontCodes = new Map()));
		let hex = fontCodes.get(glyph);
		if (hex === undefined) {
			const code = of(face).newGlyphId.get(glyph);
			if (code === undefined) throw new RangeError('a glyph was drawn that embedFonts did not see');
			fontCodes.set(glyph, (hex = code.toString(16).toUpperCase().padStart(4, '0')));
		}
		return hex;
	};
	return {
		objects,
		resources,
		encoding: {
			resource: (face) => of(face).resource,
			hexCodes(face, text) {
				let hex = '';
				for (const character of text)
					hex += glyphCode(face, face.font.glyphId(character.codePointAt(0) ?? 0));
				return hex;
			},
			glyphCode,
			readsAs(face, glyph) {
				const text = of(face).texts.get(glyph);
				return text === '' ? undefined : text;
			},
		},
	};
}
