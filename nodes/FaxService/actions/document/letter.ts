import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type {
	CoverPage,
	LetterFont,
	LetterOptions,
	OpenedDocument,
	PageSize,
	TextFormat,
} from '../../../shared/pdf';
import {
	DEFAULT_CONFIDENTIALITY_NOTICE,
	DEFAULT_FONT_SIZE,
	FontError,
	LetterError,
	nearestPageSize,
	renderCoverSheet,
	renderLetter,
} from '../../../shared/pdf';
import { fontFailure, letterFailure } from './failures';
import type { DocumentPurpose } from './fields';
import { DEFAULT_LETTER_FILE_NAME } from './fields';
import { fontFileBytes } from './files';

/** What the letter writer makes of the item's fields: Text as a letter, and the cover page. */

/** The cover page's fax numbers when its own fields are empty (a fax's To and From Number). */
export interface CoverNumbers {
	toFax?: string;
	fromFax?: string;
}

export interface RenderedPdf {
	pdf: Buffer;
	pages: number;
	fileName: string;
}

/** Text Format as the writer takes it (the writer refuses any other value, naming the field). */
function textFormatOf(ctx: IExecuteFunctions, itemIndex: number): TextFormat {
	return ctx.getNodeParameter('textFormat', itemIndex, 'plain') as TextFormat;
}

/** Letter Options (and Text Format) as the writer takes them. */
function letterOptionsOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
): { rendering: LetterOptions; fileName: string } {
	const letterOptions = ctx.getNodeParameter('letterOptions', itemIndex, {}) as IDataObject;
	return {
		rendering: {
			format: textFormatOf(ctx, itemIndex),
			pageSize: (letterOptions.pageSize ?? 'letter') as PageSize,
			fontSize:
				letterOptions.fontSize === undefined || letterOptions.fontSize === ''
					? DEFAULT_FONT_SIZE
					: Number(letterOptions.fontSize),
		},
		fileName: String(letterOptions.fileName ?? '').trim() || DEFAULT_LETTER_FILE_NAME,
	};
}

/** Letter Font's files, read now (before any request); undefined for the standard fonts. */
export async function letterFontOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<LetterFont | undefined> {
	const choice = ctx.getNodeParameter('letterFont', itemIndex, 'standard') as unknown;
	if (choice === 'standard') return undefined;
	if (choice !== 'trueType')
		throw new NodeOperationError(
			ctx.getNode(),
			`Letter Font must be "Standard (Helvetica)" or "TrueType Font File" [item ${itemIndex}]`,
			{ itemIndex, description: 'An expression must give "standard" or "trueType".' },
		);
	const faces = ctx.getNodeParameter('fontFaces', itemIndex, {}) as IDataObject;
	const font: LetterFont = {
		regular: await fontFileBytes(
			ctx,
			itemIndex,
			'Font File',
			ctx.getNodeParameter('fontFile', itemIndex, '') as unknown,
		),
	};
	for (const [face, label] of [
		['bold', 'Bold Font File'],
		['italic', 'Italic Font File'],
		['boldItalic', 'Bold Italic Font File'],
	] as const) {
		const given = faces[face];
		if (given === undefined || given === null || given === '') continue;
		font[face] = await fontFileBytes(ctx, itemIndex, label, given);
	}
	return font;
}

/** Runs the letter writer; its LetterError or FontError becomes the node's error naming field and item, never the text. */
function written<T>(
	ctx: IExecuteFunctions,
	itemIndex: number,
	purpose: DocumentPurpose,
	font: LetterFont | undefined,
	write: () => T,
): T {
	try {
		return write();
	} catch (error) {
		if (error instanceof FontError) throw fontFailure(ctx, itemIndex, error);
		if (error instanceof LetterError)
			throw letterFailure(ctx, itemIndex, error, purpose, font !== undefined);
		// Not expected (the writer throws only LetterError); its message is not shown, it could quote the text.
		throw new NodeOperationError(
			ctx.getNode(),
			`Text could not be made into a PDF [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
}

/**
 * Document Source Text: the letter, with the cover page in front when `cover` is given. Its cover's
 * Pages row and its "Page x of y" count `followingPages` of further documents too. The text is read
 * and checked at once; `render` may then be called more than once.
 */
export function textDocument(
	ctx: IExecuteFunctions,
	itemIndex: number,
	purpose: DocumentPurpose,
	cover: CoverPage | undefined,
	font: LetterFont | undefined,
): {
	fileName: string;
	/** The letter's Page Size when it is one the writer takes (it refuses any other, naming the field). */
	pageSize: PageSize | undefined;
	render(followingPages: number): RenderedPdf;
} {
	const text = textValue(ctx, itemIndex, ctx.getNodeParameter('text', itemIndex, '') as unknown);
	const { rendering, fileName } = letterOptionsOf(ctx, itemIndex);
	return {
		fileName,
		pageSize:
			rendering.pageSize === 'letter' || rendering.pageSize === 'a4'
				? rendering.pageSize
				: undefined,
		render: (followingPages) => {
			const { pdf, pages } = written(ctx, itemIndex, purpose, font, () =>
				renderLetter(text, { ...rendering, font, coverPage: cover, followingPages }),
			);
			return { pdf, pages, fileName };
		},
	};
}

/** The cover page alone, in front of documents whose first page sets its size (Letter or A4), counting their pages. */
export function coverSheet(
	ctx: IExecuteFunctions,
	itemIndex: number,
	purpose: DocumentPurpose,
	cover: CoverPage,
	followingPages: number,
	firstDocument: OpenedDocument | undefined,
	font: LetterFont | undefined,
): Buffer {
	const rendering = {
		pageSize: nearestPageSize(firstDocument),
		fontSize: DEFAULT_FONT_SIZE,
		format: textFormatOf(ctx, itemIndex),
		font,
	};
	return written(ctx, itemIndex, purpose, font, () =>
		renderCoverSheet(cover, followingPages, rendering),
	).pdf;
}

/** Text as a string: an expression can give a number; an object or a list is not a letter. */
function textValue(ctx: IExecuteFunctions, itemIndex: number, value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	throw new NodeOperationError(
		ctx.getNode(),
		`Text must be text, not ${Array.isArray(value) ? 'a list' : 'an object'} [item ${itemIndex}]`,
		{
			itemIndex,
			description:
				'Text is the letter itself. If an expression gives a whole object, pick the field that holds the letter, for example {{ $json.letter }}.',
		},
	);
}

/** The item's cover page, or undefined when Add Cover Page is off. */
export function coverPageOf(
	ctx: IExecuteFunctions,
	itemIndex: number,
	purpose: DocumentPurpose,
	numbers: CoverNumbers,
): CoverPage | undefined {
	if (ctx.getNodeParameter('addCoverPage', itemIndex, false) !== true) return undefined;
	const values = ctx.getNodeParameter('coverPage', itemIndex, {}) as IDataObject;
	const value = (name: keyof CoverPage): string | undefined => {
		const raw = values[name];
		if (raw === undefined || raw === null) return undefined;
		// An object from an expression goes on as it is: the writer names the field it cannot use.
		return typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : (raw as string);
	};
	const orDefault = (given: string | undefined, fallback: string | undefined) =>
		given === undefined || (typeof given === 'string' && given.trim() === '') ? fallback : given;
	return {
		to: value('to'),
		toFax: orDefault(value('toFax'), purpose === 'fax' ? numbers.toFax : undefined),
		from: value('from'),
		fromFax: orDefault(value('fromFax'), purpose === 'fax' ? numbers.fromFax : undefined),
		date: orDefault(value('date'), today(ctx.getTimezone())),
		subject: value('subject'),
		message: value('message'),
		confidentialityNotice: value('confidentialityNotice') ?? DEFAULT_CONFIDENTIALITY_NOTICE,
	};
}

/** Today's date as YYYY-MM-DD in `timeZone` (n8n's workflow or instance time zone). */
export function today(timeZone: string, now = new Date()): string {
	const format = (zone: string | undefined) => {
		const parts = Object.fromEntries(
			new Intl.DateTimeFormat('en-US', {
				timeZone: zone,
				year: 'numeric',
				month: '2-digit',
				day: '2-digit',
			})
				.formatToParts(now)
				.map((part) => [part.type, part.value]),
		);
		return `${parts.year}-${parts.month}-${parts.day}`;
	};
	try {
		return format(timeZone || undefined);
	} catch {
		// An unknown zone name: the server's own date rather than no cover page.
		return format(undefined);
	}
}
