/**
 * The optional fax cover page: "FAX" in large bold type, a table of labelled rows (To, Fax, From,
 * Fax, Date, Pages, Subject; a row with an empty value is left out, Pages never is), the message, and
 * the confidentiality notice in a box at the bottom of the text area.
 *
 * A message too long for the cover page continues on pages of its own right after it (headed
 * "Message (continued):"), before the letter; the notice stays on the cover page. Only a table that
 * leaves no room for the notice and one line of the message fails (reason 'coverPage'): that takes
 * cover values of many hundred characters, which no cover sheet should have.
 */

import { LetterError } from '../errors';
import { applyCharacterRule, isBlank } from './characterRule';
import type { DrawOperation } from './content';
import type { LetterFaces, Repertoire } from './faces';
import { STANDARD_FACES, fixedTextFace } from './faces';
import type { Face } from './fontWidths';
import { textWidth } from './fontWidths';
import type { TextArea } from './layout';
import {
	lineHeight,
	linesFitting,
	linesToOperations,
	paginate,
	textLine,
	wrapText,
} from './layout';
import { layoutMarkdown } from './markdown/document';
import type { TextDirection } from '../text/bidi';
import type { TextFormat } from './textFormat';

export interface CoverPage {
	to?: string;
	toFax?: string;
	from?: string;
	fromFax?: string;
	date?: string;
	subject?: string;
	message?: string;
	/** Printed in a box at the bottom of the cover page; DEFAULT_CONFIDENTIALITY_NOTICE is the usual text. */
	confidentialityNotice: string;
}

export const DEFAULT_CONFIDENTIALITY_NOTICE =
	'CONFIDENTIALITY NOTICE: This fax may contain protected health information (PHI) that is privileged and ' +
	'confidential under federal and state law. It is intended only for the use of the addressee named above. ' +
	'If you are not the intended recipient, any review, disclosure, copying, distribution or use of its contents ' +
	'is prohibited. If you have received this fax in error, please notify the sender immediately by telephone ' +
	'or fax and destroy all copies of this fax.';

const TITLE_SIZE = 36;
/** Helvetica's cap height is 0.718 em: the title's capitals start at the top margin. */
const TITLE_CAP_HEIGHT = 0.718;

/** The cap height of the title's face in em (an embedded font's own, from OS/2). */
function capHeightOf(face: Face): number {
	return typeof face === 'string' ? TITLE_CAP_HEIGHT : face.font.metrics.capHeight / 1000;
}
const NOTICE_PADDING = 8;

export interface CoverLayout {
	/** The cover page's drawing, once the letter's total page count is known. */
	draw(totalPages: number): DrawOperation[];
	/** Pages of message that did not fit on the cover page (usually none). */
	continuation: DrawOperation[][];
}

/** A cover value through the character rule; undefined (and null) mean the row is left out. */
function ruledValue(
	cover: CoverPage,
	name: keyof CoverPage,
	singleLine: boolean,
	repertoire: Repertoire | undefined,
): string {
	const value: unknown = cover[name];
	const field = `coverPage.${name}`;
	if (value === undefined || value === null) return '';
	if (typeof value !== 'string')
		throw new LetterError('coverPage', `${field} must be a text, not ${typeof value}`, { field });
	const ruled = applyCharacterRule(value, field, repertoire);
	if (isBlank(ruled)) return '';
	// A value of one row reads as one line; in the message a form feed is just a line break.
	return singleLine ? ruled.replace(/[\n\f]+/g, ' ').trim() : ruled.replace(/\f/g, '\n').trimEnd();
}

/** The cover page; its message written in `format` (the letter's), its text in `faces`. */
export function layoutCoverPage(
	cover: CoverPage,
	area: TextArea,
	size: number,
	format: TextFormat = 'plain',
	faces: LetterFaces = STANDARD_FACES,
	direction: TextDirection = 'auto',
): CoverLayout {
	if (typeof cover !== 'object' || cover === null)
		throw new LetterError('coverPage', 'coverPage must be an object', { field: 'coverPage' });
	const value = (name: keyof CoverPage, singleLine: boolean) =>
		ruledValue(cover, name, singleLine, faces.repertoire);
	const rows: Array<{ label: string; value: string | undefined }> = [
		{ label: 'To:', value: value('to', true) },
		{ label: 'Fax:', value: value('toFax', true) },
		{ label: 'From:', value: value('from', true) },
		{ label: 'Fax:', value: value('fromFax', true) },
		{ label: 'Date:', value: value('date', true) },
		// Filled in by draw(): the total is known only after the letter is laid out.
		{ label: 'Pages:', value: undefined },
		{ label: 'Subject:', value: value('subject', true) },
	].filter((row) => row.value !== '');
	const message = value('message', false);
	const notice = value('confidentialityNotice', false);
	const bodyFace = faces.regular;
	const label = (text: string) => fixedTextFace(faces, 'bold', text);
	if (notice === '') {
		throw new LetterError(
			'empty',
			'coverPage.confidentialityNotice is empty: a cover page carries a confidentiality notice (DEFAULT_CONFIDENTIALITY_NOTICE is the usual one)',
			{
				field: 'coverPage.confidentialityNotice',
			},
		);
	}

	const operations: DrawOperation[] = [];
	const text = (font: Face, fontSize: number, x: number, y: number, value: string) =>
		operations.push({ kind: 'text', font, size: fontSize, x, y, text: value });
	const rule = (y: number) =>
		operations.push({ kind: 'rule', x1: area.left, y1: y, x2: area.right, y2: y, lineWidth: 1 });
	const lh = lineHeight(size);

	const titleFace = label('FAX');
	const titleBaseline = area.top - TITLE_SIZE * capHeightOf(titleFace);
	text(titleFace, TITLE_SIZE, area.left, titleBaseline, 'FAX');
	const titleRule = titleBaseline - TITLE_SIZE * 0.4;
	rule(titleRule);

	// The table: labels in bold, values wrapped in the column after the widest label.
	const valueX =
		area.left +
		Math.max(...rows.map((row) => textWidth(label(row.label), row.label, size))) +
		size * 1.5;
	const valueWidth = area.right - valueX;
	let baseline = titleRule - size * 2;
	// The Pages value is drawn right after its label (text extraction reads it there), its number set by draw().
	let pagesValue: DrawOperation | undefined;
	let lastBaseline = baseline;
	for (const row of rows) {
		text(label(row.label), size, area.left, baseline, row.label);
		if (row.value === undefined) {
			// Digits: the regular face has them, or Helvetica does (fixedTextFace).
			const pagesFace = fixedTextFace(faces, 'regular', '0123456789');
			pagesValue = { kind: 'text', font: pagesFace, size, x: valueX, y: baseline, text: '' };
			operations.push(pagesValue);
			lastBaseline = baseline;
			baseline -= lh * 1.25;
			continue;
		}
		for (const line of wrapText(row.value, bodyFace, size, valueWidth, direction)) {
			// Beside its label, whatever its direction: the form reads left to right.
			operations.push(
				...textLine(line.text, bodyFace, size, baseline, {
					column: { x: valueX, width: valueWidth },
					rightToLeft: line.rightToLeft,
					align: 'left',
				}),
			);
			lastBaseline = baseline;
			baseline -= lh;
		}
		baseline -= lh * 0.25;
	}
	const tableRule = lastBaseline - size * 0.9;
	rule(tableRule);

	// The notice, boxed, resting on the bottom margin.
	const noticeSize = Math.max(9, size - 1);
	const noticeLines = wrapText(
		notice,
		bodyFace,
		noticeSize,
		area.width - 2 * NOTICE_PADDING,
		direction,
	);
	const noticeLastBaseline = area.bottom + NOTICE_PADDING + noticeSize * 0.25;
	const noticeFirstBaseline =
		noticeLastBaseline + (noticeLines.length - 1) * lineHeight(noticeSize);
	const boxTop = noticeFirstBaseline + noticeSize * 0.75 + NOTICE_PADDING;

	// The message between the table and the notice; what does not fit goes onto continuation pages.
	let continuation: DrawOperation[][] = [];
	const messageLabelBaseline = tableRule - size * 2;
	const spaceBottom = boxTop + size;
	const firstLine = messageLabelBaseline - lh;
	if (message !== '') {
		if (linesFitting(firstLine, spaceBottom, size) < 1) throw tooLong();
		text(label('Message:'), size, area.left, messageLabelBaseline, 'Message:');
		const [onCover, ...rest] =
			format === 'markdown'
				? markdownMessage(
						message,
						area,
						size,
						{ top: firstLine + size, bottom: spaceBottom },
						faces,
						direction,
					)
				: plainMessage(message, area, size, firstLine, spaceBottom, faces, direction);
		operations.push(...onCover);
		continuation = rest;
	} else if (tableRule < spaceBottom) {
		throw tooLong();
	}

	operations.push({
		kind: 'box',
		x: area.left,
		y: area.bottom,
		width: area.width,
		height: boxTop - area.bottom,
		lineWidth: 1,
	});
	noticeLines.forEach((line, index) => {
		if (line.text !== '')
			operations.push(
				...textLine(
					line.text,
					bodyFace,
					noticeSize,
					noticeFirstBaseline - index * lineHeight(noticeSize),
					{
						column: {
							x: area.left + NOTICE_PADDING,
							width: area.width - 2 * NOTICE_PADDING,
						},
						rightToLeft: line.rightToLeft,
					},
				),
			);
	});

	return {
		continuation,
		draw(totalPages: number): DrawOperation[] {
			return operations.map((operation) =>
				operation === pagesValue ? { ...operation, text: String(totalPages) } : operation,
			);
		},
	};
}

const CONTINUED_LABEL = 'Message (continued):';

/** A plain message: the lines that fit under the label, then pages headed "Message (continued):". */
function plainMessage(
	message: string,
	area: TextArea,
	size: number,
	firstLine: number,
	spaceBottom: number,
	faces: LetterFaces,
	direction: TextDirection,
): DrawOperation[][] {
	const lh = lineHeight(size);
	const lines = wrapText(message, faces.regular, size, area.width, direction);
	const fitting = linesFitting(firstLine, spaceBottom, size);
	const onCover: DrawOperation[] = [];
	lines.slice(0, fitting).forEach((line, index) => {
		if (line.text !== '')
			onCover.push(
				...textLine(line.text, faces.regular, size, firstLine - index * lh, {
					column: { x: area.left, width: area.width },
					rightToLeft: line.rightToLeft,
				}),
			);
	});
	const rest = lines.slice(fitting);
	while (rest.length > 0 && rest[0].text === '') rest.shift();
	const leftToRight = (text: string) => ({ text, rightToLeft: false });
	const continuation =
		rest.length === 0
			? []
			: paginate([leftToRight(CONTINUED_LABEL), leftToRight(''), ...rest], area, size);
	// The label is a line of the first continuation page: the regular face, which has its characters
	// (a font lacking them draws it in Helvetica, line by line in linesToOperations' face otherwise).
	const labelFace = fixedTextFace(faces, 'regular', CONTINUED_LABEL);
	return [
		onCover,
		...continuation.map((page, index) =>
			index === 0 && labelFace !== faces.regular
				? [
						...linesToOperations(page.slice(0, 1), size, labelFace),
						...linesToOperations(page.slice(1), size, faces.regular),
					]
				: linesToOperations(page, size, faces.regular),
		),
	];
}

/** A Markdown message: flowed under the label, on into pages headed "Message (continued):". */
function markdownMessage(
	message: string,
	area: TextArea,
	size: number,
	onCover: { top: number; bottom: number },
	faces: LetterFaces,
	direction: TextDirection,
): DrawOperation[][] {
	const label: DrawOperation = {
		kind: 'text',
		font: fixedTextFace(faces, 'regular', CONTINUED_LABEL),
		size,
		x: area.left,
		y: area.top - size,
		text: CONTINUED_LABEL,
	};
	return layoutMarkdown(
		message,
		(index) =>
			index === 0
				? onCover
				: index === 1
					? { top: area.top - 2 * lineHeight(size), bottom: area.bottom, prelude: [label] }
					: { top: area.top, bottom: area.bottom },
		{ x: area.left, width: area.width },
		size,
		faces,
		direction,
	);
}

function tooLong(): LetterError {
	return new LetterError(
		'coverPage',
		'The cover page values are too long: the table, the confidentiality notice and the first line of the message must fit on the cover page',
		{
			field: 'coverPage',
		},
	);
}
