import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { LetterFont, OpenedDocument } from '../../../shared/pdf';
import {
	DEFAULT_FONT_SIZE,
	FontError,
	LetterError,
	nearestPageSize,
	renderCoverSheet,
	renderLetter,
} from '../../../shared/pdf';
import { fontFailure, letterFailure } from './failures';
import type { DocumentPurpose } from './fields';
import type { FrontPages } from './request';

/** The pages the node writes (a letter with its cover page, or a cover page alone), by the letter writer. */

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
 * The front pages as a PDF: the cover's Pages row and a letter's "Page x of y" count
 * `followingPages` of the documents behind them too. A cover page alone takes the size (Letter or
 * A4) of the first document behind it; a letter its own Page Size.
 */
export function writeFrontPages(
	ctx: IExecuteFunctions,
	itemIndex: number,
	purpose: DocumentPurpose,
	front: FrontPages,
	followingPages: number,
	firstDocument: OpenedDocument | undefined,
): { pdf: Buffer; pages: number } {
	const { font } = front;
	if (front.kind === 'letter')
		return written(ctx, itemIndex, purpose, font, () =>
			renderLetter(front.text, {
				...front.rendering,
				font,
				coverPage: front.cover,
				followingPages,
			}),
		);
	const rendering = {
		pageSize: nearestPageSize(firstDocument),
		fontSize: DEFAULT_FONT_SIZE,
		format: front.format,
		font,
	};
	return written(ctx, itemIndex, purpose, font, () =>
		renderCoverSheet(front.cover, followingPages, rendering),
	);
}
