import type { IBinaryData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { MultipartFile } from '../../shared/transport';
import type { CoverPage, LetterOptions, PageSize } from '../../shared/pdf';
import { DEFAULT_CONFIDENTIALITY_NOTICE, DEFAULT_FONT_SIZE, LetterError, MAX_FONT_SIZE, MIN_FONT_SIZE, renderLetter } from '../../shared/pdf';
import type { FileKind } from '../../shared/validation';
import { assertMaxBytes, MIME_TYPE } from '../../shared/validation';
import { binaryPropertyField } from './fields';
import { fileOfBinary, readUpload } from './readers';

/**
 * The document of a fax or a secure-link e-mail: a file from the item's binary field (Binary File), or
 * a PDF letter the node renders from Text (nodes/shared/pdf). One set of fields, one reader, for every
 * operation that sends a document.
 */

/** Which operation the document goes with: a fax fills the cover page's fax numbers from its own. */
export type DocumentPurpose = 'fax' | 'email';

export const DEFAULT_LETTER_FILE_NAME = 'letter.pdf';

const DOCUMENT_SOURCES = [
	{ name: 'Binary File', value: 'binary', description: 'A PDF or TIFF from a binary field of the input item' },
	{
		name: 'Earlier Node\'s File',
		value: 'binaryData',
		description: 'A PDF or TIFF an expression takes from an earlier node, as an AI agent\'s tool can (its input item has no files)',
	},
	{ name: 'Text', value: 'text', description: 'Text the node renders as a fax-ready PDF letter' },
];

/** What Earlier Node's File reads, as the user writes it. */
const BINARY_DATA_EXAMPLE = "{{ $('Get PDF').item.binary.data }}";

/** On the node: a saved workflow without the parameter keeps sending its binary file. */
const documentSourceOption: INodeProperties = {
	displayName: 'Document Source',
	name: 'documentSource',
	type: 'options',
	noDataExpression: true,
	default: 'binary',
	displayOptions: { show: { '@tool': [false] } },
	options: DOCUMENT_SOURCES,
};

/** On its AI tool variant: n8n gives a tool no binary data, so the model writes the letter. */
const toolDocumentSourceOption: INodeProperties = {
	...documentSourceOption,
	default: 'text',
	displayOptions: { show: { '@tool': [true] } },
};

const coverPageNumberDescription = (purpose: DocumentPurpose, number: 'To Number' | 'From Number'): string =>
	purpose === 'fax' ? `Leave empty to print the ${number}` : 'Leave empty to leave the row out';

/**
 * Document Source and the fields of both sources. The binary field is hidden only for Text (not shown
 * for Binary File): on an n8n without '@tool' both Document Source properties are hidden and have no
 * value, and the field must still be there.
 */
export const documentFields = (binaryDescription: string, purpose: DocumentPurpose): INodeProperties[] => [
	documentSourceOption,
	toolDocumentSourceOption,
	{ ...binaryPropertyField(binaryDescription), displayOptions: { hide: { documentSource: ['text', 'binaryData'] } } },
	{
		displayName: 'Binary Data',
		name: 'binaryData',
		type: 'string',
		default: '',
		required: true,
		placeholder: BINARY_DATA_EXAMPLE,
		displayOptions: { show: { documentSource: ['binaryData'] } },
		description: `An expression giving the binary data of an earlier node's item, for example ${BINARY_DATA_EXAMPLE}`,
	},
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 8 },
		default: '',
		required: true,
		displayOptions: { show: { documentSource: ['text'] } },
		description:
			'The letter. The node renders a fax-ready PDF from it: Letter size, 11 pt Helvetica (both can be changed in Letter Options), 1-inch margins, "Page x of y" at the foot of every page. In the AI tool a model fills it with $fromAI.',
		hint: 'Windows-1252 characters only (accented Latin letters, € £ ° ± µ and the like); any other character stops the item with an error naming it',
	},
	{
		displayName: 'Letter Options',
		name: 'letterOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { documentSource: ['text'] } },
		options: [
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: DEFAULT_LETTER_FILE_NAME,
				description: 'The name the PDF is uploaded under',
			},
			{
				displayName: 'Font Size',
				name: 'fontSize',
				type: 'number',
				typeOptions: { minValue: MIN_FONT_SIZE, maxValue: MAX_FONT_SIZE, numberPrecision: 1 },
				default: DEFAULT_FONT_SIZE,
				description: `Size of the letter's text in points, from ${MIN_FONT_SIZE} to ${MAX_FONT_SIZE}`,
			},
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'options',
				default: 'letter',
				options: [
					{ name: 'Letter', value: 'letter', description: '8.5 x 11 inches' },
					{ name: 'A4', value: 'a4', description: '210 x 297 mm' },
				],
			},
		],
	},
	{
		displayName: 'Add Cover Page',
		name: 'addCoverPage',
		type: 'boolean',
		default: false,
		displayOptions: { show: { documentSource: ['text'] } },
		description: 'Whether to put a cover page first',
	},
	{
		displayName: 'Cover Page',
		name: 'coverPage',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { documentSource: ['text'], addCoverPage: [true] } },
		options: [
			{
				displayName: 'Confidentiality Notice',
				name: 'confidentialityNotice',
				type: 'string',
				typeOptions: { rows: 4 },
				default: DEFAULT_CONFIDENTIALITY_NOTICE,
				description: 'Printed in a box at the bottom of the cover page; without this option the default notice is printed',
			},
			{
				displayName: 'Date',
				name: 'date',
				type: 'string',
				default: '',
				placeholder: 'YYYY-MM-DD',
				description: 'Leave empty to print today\'s date (in the workflow\'s time zone) as YYYY-MM-DD',
			},
			{ displayName: 'From', name: 'from', type: 'string', default: '', description: 'The sender\'s name' },
			{
				displayName: 'From Fax Number',
				name: 'fromFax',
				type: 'string',
				default: '',
				description: coverPageNumberDescription(purpose, 'From Number'),
			},
			{ displayName: 'Message', name: 'message', type: 'string', typeOptions: { rows: 4 }, default: '' },
			{ displayName: 'Subject', name: 'subject', type: 'string', default: '' },
			{ displayName: 'To', name: 'to', type: 'string', default: '', description: 'The recipient\'s name' },
			{
				displayName: 'To Fax Number',
				name: 'toFax',
				type: 'string',
				default: '',
				description: coverPageNumberDescription(purpose, 'To Number'),
			},
		],
	},
];

export interface DocumentOptions {
	/** The file kinds the operation accepts (a rendered letter is a PDF). */
	allowed: readonly FileKind[];
	/** The largest file the operation accepts, in bytes, if it has a limit. */
	maxBytes?: number;
	purpose: DocumentPurpose;
	/** For a fax: the cover page's fax numbers when their fields are empty. */
	toFax?: string;
	fromFax?: string;
}

/** The document of the item: its binary file, or the letter rendered from Text; checked before any request. */
export async function readDocument(ctx: IExecuteFunctions, itemIndex: number, options: DocumentOptions): Promise<MultipartFile> {
	// Without '@tool' support (older n8n) both Document Source properties are hidden: the saved behaviour, Binary File.
	const source = ctx.getNodeParameter('documentSource', itemIndex, 'binary') as string;
	if (source === 'text') return renderDocument(ctx, itemIndex, options);
	if (source === 'binaryData') return await readEarlierFile(ctx, itemIndex, options);
	if (source !== 'binary') {
		throw new NodeOperationError(ctx.getNode(), `Document Source must be "Binary File", "Earlier Node's File" or "Text" [item ${itemIndex}]`, { itemIndex });
	}
	const item = ctx.getInputData()[itemIndex];
	if (ctx.getNode().type.endsWith('Tool') && Object.keys(item?.binary ?? {}).length === 0) {
		throw new NodeOperationError(ctx.getNode(), `A file cannot reach this tool: n8n gives an AI agent's tool no binary data [item ${itemIndex}]`, {
			itemIndex,
			description: `Set Document Source to "Text" so the model writes the letter, or to "Earlier Node's File" with an expression such as ${BINARY_DATA_EXAMPLE}.`,
		});
	}
	return await readUpload(ctx, itemIndex, options.allowed, options.maxBytes);
}

/** Binary data an expression gave (an object, or its JSON): what n8n keeps of an item's file. */
function isBinaryData(value: unknown): value is IBinaryData {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
	const { id, data } = value as { id?: unknown; data?: unknown };
	return (typeof id === 'string' && id !== '') || (typeof data === 'string' && data !== '');
}

/** Earlier Node's File: the binary data the Binary Data expression gives, read like an item's file. */
async function readEarlierFile(ctx: IExecuteFunctions, itemIndex: number, options: DocumentOptions): Promise<MultipartFile> {
	let value = ctx.getNodeParameter('binaryData', itemIndex, '') as unknown;
	if (typeof value === 'string' && value.trim().startsWith('{')) {
		try {
			value = JSON.parse(value) as unknown;
		} catch {
			// not JSON: refused below
		}
	}
	if (!isBinaryData(value)) {
		const given = value === '' || value === undefined || value === null ? 'nothing' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object without a file' : `a ${typeof value}`;
		throw new NodeOperationError(ctx.getNode(), `Binary Data must be the binary data of an earlier node's item [item ${itemIndex}]`, {
			itemIndex,
			description: `The expression gave ${given}. Use one such as ${BINARY_DATA_EXAMPLE}: the node and binary field that hold the file.`,
		});
	}
	return await fileOfBinary(ctx, itemIndex, 'Binary Data', value, options.allowed, options.maxBytes);
}

const COVER_PAGE_LABELS: Record<keyof CoverPage, string> = {
	to: 'To',
	toFax: 'To Fax Number',
	from: 'From',
	fromFax: 'From Fax Number',
	date: 'Date',
	subject: 'Subject',
	message: 'Message',
	confidentialityNotice: 'Confidentiality Notice',
};

function renderDocument(ctx: IExecuteFunctions, itemIndex: number, options: DocumentOptions): MultipartFile {
	if (!options.allowed.includes('pdf')) throw new Error('readDocument: Text makes a PDF, which this operation does not accept');
	const text = textValue(ctx, itemIndex, ctx.getNodeParameter('text', itemIndex, '') as unknown);
	const letterOptions = ctx.getNodeParameter('letterOptions', itemIndex, {}) as IDataObject;
	const rendering: LetterOptions = {
		pageSize: (letterOptions.pageSize ?? 'letter') as PageSize,
		fontSize: letterOptions.fontSize === undefined || letterOptions.fontSize === '' ? DEFAULT_FONT_SIZE : Number(letterOptions.fontSize),
	};
	if (ctx.getNodeParameter('addCoverPage', itemIndex, false) === true) rendering.coverPage = coverPageOf(ctx, itemIndex, options);

	let pdf: Buffer;
	try {
		pdf = renderLetter(text, rendering).pdf;
	} catch (error) {
		if (error instanceof LetterError) throw letterFailure(ctx, itemIndex, error, options.purpose);
		// Not expected (renderLetter throws only LetterError); its message is not shown, it could quote the text.
		throw new NodeOperationError(ctx.getNode(), `Text could not be made into a PDF [item ${itemIndex}]`, { itemIndex });
	}
	if (options.maxBytes !== undefined) assertMaxBytes(ctx, itemIndex, 'The PDF made from Text', pdf.length, options.maxBytes);
	const fileName = String(letterOptions.fileName ?? '').trim() || DEFAULT_LETTER_FILE_NAME;
	return { field: 'file', fileName, contentType: MIME_TYPE.pdf, size: pdf.length, data: pdf };
}

/** Text as a string: an expression can give a number; an object or a list is not a letter. */
function textValue(ctx: IExecuteFunctions, itemIndex: number, value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	throw new NodeOperationError(ctx.getNode(), `Text must be text, not ${Array.isArray(value) ? 'a list' : 'an object'} [item ${itemIndex}]`, {
		itemIndex,
		description: 'Text is the letter itself. If an expression gives a whole object, pick the field that holds the letter, for example {{ $json.letter }}.',
	});
}

function coverPageOf(ctx: IExecuteFunctions, itemIndex: number, options: DocumentOptions): CoverPage {
	const values = ctx.getNodeParameter('coverPage', itemIndex, {}) as IDataObject;
	const value = (name: keyof CoverPage): string | undefined => {
		const raw = values[name];
		if (raw === undefined || raw === null) return undefined;
		// An object from an expression goes on as it is: renderLetter names the field it cannot use.
		return typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : (raw as string);
	};
	const orDefault = (given: string | undefined, fallback: string | undefined) =>
		given === undefined || (typeof given === 'string' && given.trim() === '') ? fallback : given;
	return {
		to: value('to'),
		toFax: orDefault(value('toFax'), options.purpose === 'fax' ? options.toFax : undefined),
		from: value('from'),
		fromFax: orDefault(value('fromFax'), options.purpose === 'fax' ? options.fromFax : undefined),
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
			new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now).map((part) => [part.type, part.value]),
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

/** Where a LetterError points, in the panel's words. */
function fieldLabel(field: string | undefined): string {
	if (field === undefined || field === 'text') return 'Text';
	if (field === 'coverPage') return 'Cover Page';
	if (field.startsWith('coverPage.')) return `Cover Page → ${COVER_PAGE_LABELS[field.slice('coverPage.'.length) as keyof CoverPage] ?? field.slice('coverPage.'.length)}`;
	if (field === 'fontSize') return 'Letter Options → Font Size';
	if (field === 'pageSize') return 'Letter Options → Page Size';
	return field;
}

/** A LetterError as the node's error: the field and the item in the message, what to do in the description; never the text. */
function letterFailure(ctx: IExecuteFunctions, itemIndex: number, error: LetterError, purpose: DocumentPurpose): NodeOperationError {
	const label = fieldLabel(error.field);
	const where = `[item ${itemIndex}]`;
	const fail = (message: string, description: string) => new NodeOperationError(ctx.getNode(), `${message} ${where}`, { itemIndex, description });
	switch (error.reason) {
		case 'character':
			return fail(
				`${label} cannot be ${purpose === 'fax' ? 'faxed' : 'put in the PDF'}: character ${error.codePoint} at line ${error.line}, column ${error.column} is not in the fax fonts`,
				'The letter uses the standard PDF fonts, which show Windows-1252 characters only (Latin letters, digits, common punctuation and symbols). ' +
					`Replace or remove the character${label === 'Text' ? '' : ` in ${label}`}, or send a PDF you made yourself with Document Source "Binary File".`,
			);
		case 'empty':
			return label === 'Text'
				? fail(`${label} must not be empty`, 'Document Source is "Text": write the letter in Text (text of only spaces and line breaks counts as empty), or choose "Binary File" to send a file.')
				: fail(`${label} must not be empty`, 'A cover page carries a confidentiality notice: remove the option to print the default notice, or write your own.');
		case 'coverPage':
			return label === 'Cover Page'
				? fail(
						'Cover Page does not fit on one page',
						'Its fields and the confidentiality notice leave no room for the message: shorten To, From, Subject or the notice, or put the long part in Text.',
					)
				: fail(`${label} must be text`, 'Give each cover page field a text value; if an expression gives an object, pick the field that holds the text.');
		case 'fontSize':
			return fail(`${label} must be a number from ${MIN_FONT_SIZE} to ${MAX_FONT_SIZE}`, `The size of the letter's text in points; the default is ${DEFAULT_FONT_SIZE}.`);
		case 'pageSize':
			return fail(`${label} must be Letter or A4`, 'Choose one of the two page sizes.');
		default:
			return fail(`${label} cannot be made into a PDF`, 'Check the letter\'s options.');
	}
}
