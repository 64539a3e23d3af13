import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type {
	CoverPage,
	DocumentErrorReason,
	FontError,
	FontErrorReason,
	LetterError,
} from '../../../shared/pdf';
import {
	DEFAULT_FONT_SIZE,
	DocumentError,
	MAX_FONT_SIZE,
	MIN_FONT_SIZE,
} from '../../../shared/pdf';
import type { DocumentPurpose } from './fields';

/** The PDF library's errors as the node's: field and item in the message, what to do in the description, never the document's text. */

const COVER_PAGE_LABELS: Record<keyof CoverPage, string> = {
	to: 'Recipient Name',
	toFax: 'To Fax Number',
	from: 'Sender Name',
	fromFax: 'From Fax Number',
	date: 'Date',
	subject: 'Subject',
	message: 'Message',
	confidentialityNotice: 'Confidentiality Notice',
};

/** Where a LetterError points, in the panel's words. */
function fieldLabel(field: string | undefined): string {
	if (field === undefined || field === 'text') return 'Text';
	if (field === 'coverPage') return 'Cover Page';
	if (field.startsWith('coverPage.'))
		return `Cover Page → ${COVER_PAGE_LABELS[field.slice('coverPage.'.length) as keyof CoverPage] ?? field.slice('coverPage.'.length)}`;
	if (field === 'fontSize') return 'Letter Options → Font Size';
	if (field === 'pageSize') return 'Letter Options → Page Size';
	if (field === 'direction') return 'Letter Options → Text Direction';
	if (field === 'format') return 'Text Format';
	return field;
}

/**
 * The writer's own words for what it refused (letter/refusal.ts): letters and digits counted by script
 * with the first position, symbols by code point; never the text.
 */
function refused(error: LetterError): string {
	return error.refusal?.summary ?? 'a character cannot be printed';
}

/** A LetterError as the node's error: the field and the item in the message, what to do in the description; never the text. */
export function letterFailure(
	ctx: IExecuteFunctions,
	itemIndex: number,
	error: LetterError,
	purpose: DocumentPurpose,
	withFont = false,
): NodeOperationError {
	const label = fieldLabel(error.field);
	const where = `[item ${itemIndex}]`;
	const fail = (message: string, description: string) =>
		new NodeOperationError(ctx.getNode(), `${message} ${where}`, { itemIndex, description });
	const verb = purpose === 'fax' ? 'faxed' : 'put in the PDF';
	switch (error.reason) {
		case 'character':
			if (withFont)
				return fail(
					`${label} cannot be ${verb}: ${refused(error)}`,
					error.script === undefined
						? "Letter Font's file has no glyph for it: choose a font that covers the script (Noto Sans covers Latin, Greek, Cyrillic and Vietnamese; Noto Sans JP, SC, TC and KR cover Japanese, Chinese and Korean; Vazirmatn covers Arabic, Persian and Latin; Noto Naskh Arabic and Noto Sans Hebrew cover Arabic and Hebrew), or replace the character."
						: error.script === 'Arabic' || error.script === 'Hebrew'
							? `Letter Font's file lacks the OpenType tables that shape ${error.script} (the message says which): choose a font that has them, such as Noto Naskh Arabic or Vazirmatn for Arabic, Persian and Urdu, or Noto Sans Hebrew for Hebrew.`
							: `${error.script} text needs letter shaping, which the node's letter writer does only for Arabic and Hebrew: send a PDF made elsewhere with Document Source "Binary File", or write the letter in another script.`,
				);
			return fail(
				`${label} cannot be ${verb}: ${refused(error)}`,
				'The letter uses the standard PDF fonts, which show Latin letters (Western and most Central European ones: the README section Letters and fonts says which), digits, common punctuation and symbols; not other scripts or emoji. ' +
					`For Greek, Cyrillic, Vietnamese, Chinese, Japanese, Korean, Arabic, Persian, Urdu or Hebrew, choose a TrueType font in Letter Font; else replace or remove the character${label === 'Text' ? '' : ` in ${label}`}.`,
			);
		case 'empty':
			return label === 'Text'
				? fail(
						`${label} must not be empty`,
						'Document Source is "Text": write the letter in Text (text of only spaces and line breaks counts as empty), or choose "Binary File" to send a file.',
					)
				: fail(
						`${label} must not be empty`,
						'A cover page carries a confidentiality notice: remove the option to print the default notice, or write your own.',
					);
		case 'coverPage':
			return label === 'Cover Page'
				? fail(
						'Cover Page does not fit on one page',
						'Its fields and the confidentiality notice leave no room for the message: shorten Recipient Name, Sender Name, Subject or Confidentiality Notice, or put the long part in Text.',
					)
				: fail(
						`${label} must be text`,
						'Give each cover page field a text value; if an expression gives an object, pick the field that holds the text.',
					);
		case 'fontSize':
			return fail(
				`${label} must be a number from ${MIN_FONT_SIZE} to ${MAX_FONT_SIZE}`,
				`The size of the letter's text in points; the default is ${DEFAULT_FONT_SIZE}.`,
			);
		case 'pageSize':
			return fail(`${label} must be Letter or A4`, 'Choose one of the two page sizes.');
		case 'format':
			return fail(
				`${label} must be Plain or Markdown`,
				'Choose one of the two; an expression must give "plain" or "markdown".',
			);
		case 'direction':
			return fail(
				`${label} must be Auto, Right to Left or Left to Right`,
				'Choose one of the three; an expression must give "auto", "rtl" or "ltr".',
			);
		default:
			return fail(`${label} cannot be made into a PDF`, "Check the letter's options.");
	}
}

const FONT_PROBLEMS: Record<FontErrorReason, { problem: string; remedy: string }> = {
	cff: {
		problem: 'is an OpenType font with PostScript (CFF) outlines',
		remedy:
			'Only TrueType outlines can be embedded: use the .ttf version of the font (families such as Noto Sans ship one).',
	},
	collection: {
		problem: 'is a TrueType collection (.ttc) of several fonts',
		remedy: 'Give one font of the collection as its own .ttf file.',
	},
	notTrueType: {
		problem: 'is not a TrueType font file',
		remedy:
			'Give a .ttf file (web fonts, WOFF and WOFF2, are not read): download the font as TrueType.',
	},
	damaged: {
		problem: 'is damaged and cannot be read',
		remedy: 'Download the font file again.',
	},
	variable: {
		problem: 'is a variable font whose weight cannot be set',
		remedy:
			"Give a static .ttf of the weight: the family's static files, or one made with fontTools (fonttools varLib.instancer font.ttf wght=400).",
	},
};

/** Where a FontError points (font.regular, font.bold, …), in the panel's words. */
const FONT_FIELDS: Record<string, string> = {
	'font.regular': 'Font File',
	'font.bold': 'Bold and Italic Font Files → Bold Font File',
	'font.italic': 'Bold and Italic Font Files → Italic Font File',
	'font.boldItalic': 'Bold and Italic Font Files → Bold Italic Font File',
};

/** A font file the letter writer cannot embed, as the node's error: which file, which item, why, what to do. */
export function fontFailure(
	ctx: IExecuteFunctions,
	itemIndex: number,
	error: FontError,
): NodeOperationError {
	const { problem, remedy } = FONT_PROBLEMS[error.reason] ?? FONT_PROBLEMS.damaged;
	const field = FONT_FIELDS[error.field ?? ''] ?? 'Letter Font';
	// error.message is the reader's own wording (which table, which kind of file): no byte of the font.
	return new NodeOperationError(
		ctx.getNode(),
		`${field} cannot be used: it ${problem} [item ${itemIndex}]`,
		{ itemIndex, description: `${error.message}. ${remedy} Nothing was sent.` },
	);
}

const DOCUMENT_PROBLEMS: Record<DocumentErrorReason, { problem: string; remedy: string }> = {
	notPdf: {
		problem: 'is not a PDF, TIFF or image file',
		remedy: 'Give a PDF, a TIFF or an image (JPEG, PNG, GIF or BMP).',
	},
	imageFormat: {
		problem: 'is an image format this node does not convert (HEIC, WebP or AVIF)',
		remedy:
			'On the iPhone, Settings → Camera → Formats → "Most Compatible" takes photos as JPEG from then on; or convert the file to JPEG or PNG first, for example with n8n\'s Edit Image node (Options → Format: jpeg or png).',
	},
	encrypted: {
		problem: 'is an encrypted PDF',
		remedy:
			'Its pages cannot be copied into the fax without the password: save or print an unprotected copy of the document and send that.',
	},
	damaged: {
		problem: 'is damaged and cannot be read',
		remedy: 'Open and save the file again (or print it to a new PDF), then send the new copy.',
	},
	unsupported: {
		problem: 'uses a format feature this node cannot read',
		remedy:
			'Save it as a PDF (or as a TIFF with CCITT Group 4 compression; an image as a baseline JPEG or a PNG) and send that.',
	},
	tooLarge: {
		problem: 'is too large to put in the fax',
		remedy:
			'Send it in smaller parts, or reduce its size (for example a lower scan resolution, or a photo resized to at most 50 megapixels).',
	},
	noPages: { problem: 'has no pages', remedy: 'Check that the right file is given.' },
};

/**
 * A document the PDF library cannot take, as the node's error: which file, which item, why, and what to
 * do. `purpose` words the verb (a fax is "faxed"; an e-mail's file, or one of no stated purpose, "sent").
 */
function documentFailure(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	purpose: DocumentPurpose | undefined,
	error: DocumentError,
): NodeOperationError {
	const { problem, remedy } = DOCUMENT_PROBLEMS[error.reason] ?? DOCUMENT_PROBLEMS.damaged;
	const verb = purpose === 'fax' ? 'faxed' : 'sent';
	// error.message is the library's own wording (which structure failed, a TIFF compression's name): no byte of the document.
	return new NodeOperationError(
		ctx.getNode(),
		`${field} cannot be ${verb}: it ${problem} [item ${itemIndex}]`,
		{
			itemIndex,
			description: `${error.message}. ${remedy} Nothing was sent.`,
		},
	);
}

/** Whatever opening a file with the PDF library threw, as the node's error naming the file and the item. */
export function openFailure(
	ctx: IExecuteFunctions,
	itemIndex: number,
	field: string,
	purpose: DocumentPurpose | undefined,
	error: unknown,
): NodeOperationError {
	if (error instanceof DocumentError) return documentFailure(ctx, itemIndex, field, purpose, error);
	// Not expected (the reader throws only DocumentError): its message is not shown, it could quote the document.
	return new NodeOperationError(ctx.getNode(), `${field} could not be read [item ${itemIndex}]`, {
		itemIndex,
		description:
			'The PDF reader stopped unexpectedly. Save the file again (or print it to a new PDF) and send the new copy; nothing was sent.',
	});
}
