import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CoverPage, FileKind, LetterFont, PageSize, TextFormat } from '../../../shared/pdf';
import type { DocumentPurpose } from './fields';
import type { CoverNumbers, LetterParameters } from './letterParameters';
import { coverPageOf, letterFontOf, letterOf, textFormatOf } from './letterParameters';
import type { SourceFile } from './sources';
import { sourceFiles } from './sources';

/**
 * Every document parameter of an item (Document Source, its file or its text, Text Format, Letter
 * Options, Letter Font, the cover page, Further Documents) read and checked in one pass, before any
 * file is opened, into one plain description of what to build: a DocumentRequest (build.ts builds it).
 */

export interface DocumentOptions extends CoverNumbers {
	/** The file kinds the operation accepts (a letter or a packet is a PDF; an image becomes one). */
	allowed: readonly FileKind[];
	/** The largest file the operation accepts, in bytes, if it has a limit. */
	maxBytes?: number;
	purpose: DocumentPurpose;
}

/** The pages the node writes in front of the files: a letter (with its cover page), or a cover page alone. */
export type FrontPages =
	| ({
			kind: 'letter';
			cover: CoverPage | undefined;
			font: LetterFont | undefined;
	  } & LetterParameters)
	| { kind: 'coverPage'; cover: CoverPage; format: TextFormat; font: LetterFont | undefined };

export interface DocumentRequest {
	purpose: DocumentPurpose;
	/** Written in front of the sources, counting their pages; none for a file sent as it is. */
	front: FrontPages | undefined;
	/** The files, in order: the main one (Binary File or Earlier Node's File), then Further Documents. */
	sources: SourceFile[];
	/**
	 * An image's page: the letter's Page Size when it is one the writer takes, else (undefined) the size
	 * nearest to the first PDF or TIFF of the sources, else Letter.
	 */
	imagePageSize: PageSize | undefined;
	/** The name of the PDF the node makes (a packet's is made a .pdf name). */
	fileName: string;
	maxBytes: number | undefined;
}

function documentSource(
	ctx: IExecuteFunctions,
	itemIndex: number,
): 'binary' | 'binaryData' | 'text' {
	// A node saved before Document Source existed has no value: the saved behaviour, Binary File.
	const source = ctx.getNodeParameter('documentSource', itemIndex, 'binary') as string;
	if (source === 'binary' || source === 'binaryData' || source === 'text') return source;
	throw new NodeOperationError(
		ctx.getNode(),
		`Document Source must be "Binary File", "Earlier Node's File" or "Text" [item ${itemIndex}]`,
		{ itemIndex },
	);
}

/**
 * The item's DocumentRequest, every parameter checked and every file read and checked by its content
 * (errors name the field and the item), in the order the fields were always read: source, cover
 * page, Letter Font, Further Documents, then the text or the main file.
 */
export async function readDocumentRequest(
	ctx: IExecuteFunctions,
	itemIndex: number,
	options: DocumentOptions,
): Promise<DocumentRequest> {
	const { purpose, maxBytes } = options;
	const source = documentSource(ctx, itemIndex);
	if (source === 'text' && !options.allowed.includes('pdf'))
		throw new Error('readDocumentRequest: Text makes a PDF, which this operation does not accept');
	const cover = coverPageOf(ctx, itemIndex, purpose, options);
	// Letter Font goes with the text the node writes: the letter, or the cover page.
	const font =
		source === 'text' || cover !== undefined ? await letterFontOf(ctx, itemIndex) : undefined;
	const sources = await sourceFiles(ctx, itemIndex, source === 'text' ? undefined : source, {
		allowed: options.allowed,
		maxBytes,
		withCover: cover !== undefined,
	});
	if (source === 'text') {
		const letter = letterOf(ctx, itemIndex);
		const { pageSize } = letter.rendering;
		return {
			purpose,
			front: { kind: 'letter', ...letter, cover, font },
			sources,
			imagePageSize: pageSize === 'letter' || pageSize === 'a4' ? pageSize : undefined,
			fileName: letter.fileName,
			maxBytes,
		};
	}
	// The cover page's Text Format last: it was read when the cover page was written, after every file.
	return {
		purpose,
		front:
			cover === undefined
				? undefined
				: { kind: 'coverPage', cover, format: textFormatOf(ctx, itemIndex), font },
		sources,
		imagePageSize: undefined,
		fileName: sources[0].file.fileName,
		maxBytes,
	};
}
