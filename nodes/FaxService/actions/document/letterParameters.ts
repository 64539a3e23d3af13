import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type {
	CoverPage,
	LetterFont,
	LetterOptions,
	PageSize,
	TextFormat,
} from '../../../shared/pdf';
import { DEFAULT_CONFIDENTIALITY_NOTICE, DEFAULT_FONT_SIZE } from '../../../shared/pdf';
import type { DocumentPurpose } from './fields';
import { DEFAULT_LETTER_FILE_NAME } from './fields';
import { fontFileBytes } from './files';

/**
 * The parameters of the text the node writes, read as the letter writer takes them: Text, Text
 * Format, Letter Options, Letter Font (its files read now) and the cover page. The writer checks
 * what it is given when it writes (letter.ts), naming the field.
 */

/** The cover page's fax numbers when its own fields are empty (a fax's To and From Number). */
export interface CoverNumbers {
	toFax?: string;
	fromFax?: string;
}

/** Document Source Text as the writer takes it. */
export interface LetterParameters {
	text: string;
	/** Letter Options and Text Format. */
	rendering: LetterOptions;
	fileName: string;
}

/** Text Format as the writer takes it (the writer refuses any other value, naming the field). */
export function textFormatOf(ctx: IExecuteFunctions, itemIndex: number): TextFormat {
	return ctx.getNodeParameter('textFormat', itemIndex, 'plain') as TextFormat;
}

/** Text, Text Format and Letter Options. */
export function letterOf(ctx: IExecuteFunctions, itemIndex: number): LetterParameters {
	const text = textValue(ctx, itemIndex, ctx.getNodeParameter('text', itemIndex, '') as unknown);
	const letterOptions = ctx.getNodeParameter('letterOptions', itemIndex, {}) as IDataObject;
	return {
		text,
		rendering: {
			format: textFormatOf(ctx, itemIndex),
			pageSize: (letterOptions.pageSize ?? 'letter') as PageSize,
			direction: (letterOptions.textDirection ?? 'auto') as LetterOptions['direction'],
			fontSize:
				letterOptions.fontSize === undefined || letterOptions.fontSize === ''
					? DEFAULT_FONT_SIZE
					: Number(letterOptions.fontSize),
		},
		fileName: String(letterOptions.fileName ?? '').trim() || DEFAULT_LETTER_FILE_NAME,
	};
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
