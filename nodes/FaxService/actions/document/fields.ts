import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_CONFIDENTIALITY_NOTICE,
	DEFAULT_FONT_SIZE,
	MAX_FONT_SIZE,
	MIN_FONT_SIZE,
} from '../../../shared/pdf';
import { binaryPropertyField } from '../fields';

/** The panel's fields of a document to send: its source, the letter's options, the cover page, further documents. */

/** Which operation the document goes with: a fax fills the cover page's fax numbers from its own. */
export type DocumentPurpose = 'fax' | 'email';

export const DEFAULT_LETTER_FILE_NAME = 'letter.pdf';

/** The README's section on which characters print, and how to bring a font for other scripts. */
export const CHARACTER_RULE_URL =
	'https://www.npmjs.com/package/n8n-nodes-fax-service#letters-and-fonts';

/** What a font field reads from an earlier node, as the user writes it. */
export const FONT_FILE_EXAMPLE = "{{ $('Get Font').item.binary.data }}";

/** What Earlier Node's File reads, as the user writes it. */
export const BINARY_DATA_EXAMPLE = "{{ $('Get PDF').item.binary.data }}";

const DOCUMENT_SOURCES = [
	{
		name: 'Binary File',
		value: 'binary',
		description: 'A PDF, TIFF or image (JPEG, PNG, GIF, BMP) from a binary field of the input item',
	},
	{
		name: "Earlier Node's File",
		value: 'binaryData',
		description:
			"A PDF, TIFF or image an expression takes from an earlier node, as an AI agent's tool can (its input item has no files)",
	},
	{ name: 'Text', value: 'text', description: 'Text the node renders as a fax-ready PDF letter' },
];

/**
 * On the node: a saved workflow without the parameter keeps sending its binary file. Hidden only in
 * the AI tool variant: an n8n before 1.86 knows no '@tool' value (a `show` on it would hide the field
 * everywhere, a `hide` hides it nowhere), so there the node, and the tool too, offer this one.
 */
const documentSourceOption: INodeProperties = {
	displayName: 'Document Source',
	name: 'documentSource',
	type: 'options',
	noDataExpression: true,
	default: 'binary',
	displayOptions: { hide: { '@tool': [true] } },
	options: DOCUMENT_SOURCES,
};

/** On its AI tool variant (n8n 1.86+): n8n gives a tool no binary data, so the model writes the letter. */
const toolDocumentSourceOption: INodeProperties = {
	...documentSourceOption,
	default: 'text',
	displayOptions: { show: { '@tool': [true] } },
};

const TEXT_FORMATS = [
	{ name: 'Plain', value: 'plain', description: 'Printed as written, line for line' },
	{
		name: 'Markdown',
		value: 'markdown',
		description:
			'Headings, bold, italic, lists, tables, quotes and code print as a document, without their markers',
	},
];

/**
 * Text Format, twice: on the node (Plain, what every saved workflow printed) and on its AI tool
 * variant (Markdown, what a model writes unasked). `show` says where else it appears (the cover
 * page's message takes it when there is no letter).
 */
const textFormatFields = (
	description: string,
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties[] => [
	{
		displayName: 'Text Format',
		name: 'textFormat',
		type: 'options',
		default: 'plain',
		options: TEXT_FORMATS,
		description,
		displayOptions: { ...displayOptions, hide: { ...displayOptions?.hide, '@tool': [true] } },
	},
	{
		displayName: 'Text Format',
		name: 'textFormat',
		type: 'options',
		default: 'markdown',
		options: TEXT_FORMATS,
		description: `${description}. Markdown: # headings, **bold**, *italic*, - lists, 1. numbered lists, | tables |, > quotes, \`code\`, [link text](https://…).`,
		displayOptions: { ...displayOptions, show: { ...displayOptions?.show, '@tool': [true] } },
	},
];

const fontFileDescription = (face: string) =>
	`The ${face} TrueType font file (.ttf): the name of the input item's binary field that holds it, or an expression giving an earlier node's file, such as ${FONT_FILE_EXAMPLE}`;

/**
 * Letter Font: the standard fonts (what every saved workflow printed), or TrueType files the user
 * brings, embedded with only the characters used, for scripts the standard fonts lack. Shown where
 * the node writes text: the letter (Document Source Text) and the cover page; `displayOptions` says
 * which, and goes on every field here so a hidden Letter Font hides them too.
 */
const letterFontFields = (displayOptions: IDisplayOptions): INodeProperties[] => {
	const withFont = {
		...displayOptions,
		show: { ...displayOptions.show, letterFont: ['trueType'] },
	};
	return [
		{
			displayName: 'Letter Font',
			name: 'letterFont',
			type: 'options',
			default: 'standard',
			description: 'The font the letter and the cover page are printed in',
			displayOptions,
			options: [
				{
					name: 'Standard (Helvetica)',
					value: 'standard',
					description:
						'Latin letters (Western and most Central European), digits, punctuation and common symbols; nothing embedded',
				},
				{
					name: 'TrueType Font File',
					value: 'trueType',
					description:
						'A .ttf font you give, embedded with only the characters used: Greek, Cyrillic, Vietnamese, Chinese, Japanese, Korean, Arabic, Persian, Urdu, Hebrew, or any other script it holds that needs no shaping',
				},
			],
		},
		{
			displayName: 'Font File',
			name: 'fontFile',
			type: 'string',
			default: 'font',
			required: true,
			description: fontFileDescription('regular'),
			displayOptions: withFont,
		},
		{
			displayName: 'Bold and Italic Font Files',
			name: 'fontFaces',
			type: 'collection',
			placeholder: 'Add Font File',
			default: {},
			description:
				'Files for bold and italic text (headings, labels, Markdown emphasis); without them that text prints in the regular file, upright',
			displayOptions: withFont,
			options: [
				{
					displayName: 'Bold Font File',
					name: 'bold',
					type: 'string',
					default: '',
					description: fontFileDescription('bold'),
				},
				{
					displayName: 'Bold Italic Font File',
					name: 'boldItalic',
					type: 'string',
					default: '',
					description: fontFileDescription('bold italic'),
				},
				{
					displayName: 'Italic Font File',
					name: 'italic',
					type: 'string',
					default: '',
					description: fontFileDescription('italic'),
				},
			],
		},
	];
};

const binaryDataField = (description: string): INodeProperties => ({
	displayName: 'Binary Data',
	name: 'binaryData',
	type: 'string',
	default: '',
	required: true,
	placeholder: BINARY_DATA_EXAMPLE,
	description,
});

const coverPageNumberDescription = (
	purpose: DocumentPurpose,
	number: 'To Number' | 'From Number',
): string =>
	purpose === 'fax' ? `Leave empty to print the ${number}` : 'Leave empty to leave the row out';

const coverPageFields = (purpose: DocumentPurpose): INodeProperties[] => [
	{
		displayName: 'Add Cover Page',
		name: 'addCoverPage',
		type: 'boolean',
		default: false,
		description:
			'Whether to put a cover page first, in front of the document and any further documents; its Pages row counts the whole fax',
	},
	{
		displayName: 'Cover Page',
		name: 'coverPage',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { addCoverPage: [true] } },
		options: [
			{
				displayName: 'Confidentiality Notice',
				name: 'confidentialityNotice',
				type: 'string',
				typeOptions: { rows: 4 },
				default: DEFAULT_CONFIDENTIALITY_NOTICE,
				description:
					'Printed in a box at the bottom of the cover page; without this option the default notice is printed',
			},
			{
				displayName: 'Date',
				name: 'date',
				type: 'string',
				default: '',
				placeholder: 'YYYY-MM-DD',
				description:
					"Leave empty to print today's date (in the workflow's time zone) as YYYY-MM-DD",
			},
			{
				displayName: 'From Fax Number',
				name: 'fromFax',
				type: 'string',
				default: '',
				description: coverPageNumberDescription(purpose, 'From Number'),
			},
			{
				displayName: 'Message',
				name: 'message',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
			},
			// Not "To" and "From": n8n names an AI tool's $fromAI keys after the label, and a model (or an
			// approval message) should not take the recipient's name for the To Number.
			{
				displayName: 'Recipient Name',
				name: 'to',
				type: 'string',
				default: '',
				description:
					"Who the fax is for (a person or a practice), printed in the cover page's To row",
			},
			{
				displayName: 'Sender Name',
				name: 'from',
				type: 'string',
				default: '',
				description: "Who sends it, printed in the cover page's From row",
			},
			{ displayName: 'Subject', name: 'subject', type: 'string', default: '' },
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

/** Files after the main document, in the order given, each from the item or from an earlier node. */
const furtherDocumentsField: INodeProperties = {
	displayName: 'Further Documents',
	name: 'furtherDocuments',
	type: 'fixedCollection',
	placeholder: 'Add Document',
	typeOptions: { multipleValues: true, sortable: true },
	default: {},
	description:
		'PDF, TIFF or image (JPEG, PNG, GIF, BMP) files to send after the document, in this order, in the same transmission (one PDF; an image is one page)',
	options: [
		{
			displayName: 'Document',
			name: 'documents',
			values: [
				{
					displayName: 'Source',
					name: 'source',
					type: 'options',
					default: 'binary',
					options: DOCUMENT_SOURCES.filter((source) => source.value !== 'text'),
				},
				{
					displayName: 'Input Binary Field',
					name: 'binaryPropertyName',
					type: 'string',
					default: 'data',
					hint: 'The name of the input binary field holding the file',
					displayOptions: { show: { source: ['binary'] } },
				},
				{
					...binaryDataField(
						`An expression giving an earlier node's file, for example ${BINARY_DATA_EXAMPLE}`,
					),
					displayOptions: { show: { source: ['binaryData'] } },
				},
			],
		},
	],
};

/**
 * Document Source and the fields of each source, then the cover page and further documents, which go
 * with every source. The binary field is hidden only for Text and Earlier Node's File (not shown for
 * Binary File): a node saved before Document Source existed has no value for it, and the field must
 * still be there.
 */
export const documentFields = (
	binaryDescription: string,
	purpose: DocumentPurpose,
): INodeProperties[] => [
	documentSourceOption,
	toolDocumentSourceOption,
	{
		...binaryPropertyField(binaryDescription),
		displayOptions: { hide: { documentSource: ['text', 'binaryData'] } },
	},
	{
		...binaryDataField(
			`An expression giving the binary data of an earlier node's item, for example ${BINARY_DATA_EXAMPLE}`,
		),
		displayOptions: { show: { documentSource: ['binaryData'] } },
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
		hint: `With the standard font: Latin letters (é, ß, ł, ř, ş …), digits, punctuation and symbols such as € £ ° ± µ. For Greek, Cyrillic, Vietnamese, Chinese, Japanese, Korean, Arabic, Persian, Urdu or Hebrew, choose a TrueType font in Letter Font. A character that cannot print stops the item with an error naming it (<a href="${CHARACTER_RULE_URL}">which characters print</a>)`,
	},
	...textFormatFields("How the letter's Text and the cover page's Message are written", {
		show: { documentSource: ['text'] },
	}),
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
			{
				displayName: 'Text Direction',
				name: 'textDirection',
				type: 'options',
				default: 'auto',
				description:
					"Which way the letter's paragraphs read, and the side they, its lists and its tables start from",
				options: [
					{
						name: 'Auto',
						value: 'auto',
						description:
							'Each paragraph by its first letter: Arabic, Persian, Urdu or Hebrew right to left, others left to right',
					},
					{
						name: 'Right to Left',
						value: 'rtl',
						description:
							'Every paragraph, also one that starts with a Latin word or a number: for a letter in Arabic, Persian, Urdu or Hebrew',
					},
					{
						name: 'Left to Right',
						value: 'ltr',
						description: 'Every paragraph, also one that starts with an Arabic or Hebrew name',
					},
				],
			},
		],
	},
	...letterFontFields({ show: { documentSource: ['text'] } }),
	...coverPageFields(purpose),
	...textFormatFields("How the cover page's Message is written", {
		show: { addCoverPage: [true] },
		hide: { documentSource: ['text'] },
	}),
	...letterFontFields({ show: { addCoverPage: [true] }, hide: { documentSource: ['text'] } }),
	furtherDocumentsField,
];
