import type { INodeProperties } from 'n8n-workflow';

import type { RecordKindName } from '../../shared/records';
import { RECORD_KINDS } from '../../shared/records';
import { OUTPUT_MODES } from '../../shared/parameters';
import { PATIENT_DATA_VERSION } from './output';

/**
 * Field definitions several operations share (what the panel shows), so each is written once. Their
 * readers: readers.ts. What the triggers show too is in shared/parameters.
 */

export const binaryPropertyField = (description: string): INodeProperties => ({
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the input binary field holding the file',
	description,
});

export const outputBinaryField: INodeProperties = {
	displayName: 'Put Output File in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the output binary field to put the PDF in',
};

/** Where the service sends a callback; `receives` says what arrives there. */
export const callbackUrlField = (receives: string, required = false): INodeProperties => ({
	displayName: 'Callback URL',
	name: 'callbackUrl',
	type: 'string',
	default: '',
	required,
	placeholder: 'https://your-n8n/webhook/…',
	description: `Receives ${receives}. Paste the Production URL of a Fax Service Trigger here.`,
});

export const returnAllFields: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** A fax number picked from the account's numbers, or typed as E.164. */
export const faxNumberLocator = (
	displayName: string,
	name: string,
	description: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchFaxNumbersByNumber', searchable: true },
		},
		{
			displayName: 'Number',
			name: 'number',
			type: 'string',
			placeholder: '+15551234567',
			// No `validation` regex here: n8n checks it when every execution starts, in a vm with a 250 ms
			// watchdog that fails the whole workflow on a busy server; the node checks E.164 itself
			// (shared/validation/), per item and before any request, for typed and expression values alike.
		},
	],
});

/** What to do when the account has no fax number to pick (the notice below a number field, and its error). */
export const NO_FAX_NUMBER_HELP =
	'Pick one of the account\'s fax numbers from the list, or switch "From list" to "Number" and type it. A new account has none yet: add one with the Fax Number → Provision operation, then pick it here.';

/**
 * Shown below a fax number field while it is empty (hidden once it has a number or an expression),
 * so a new account's empty list says what to do (`_cnd` is evaluated from n8n 1.66, the oldest claimed, on).
 */
export const noFaxNumberNotice = (name: string): INodeProperties => ({
	displayName: NO_FAX_NUMBER_HELP,
	name: `${name}Notice`,
	type: 'notice',
	default: '',
	displayOptions: { hide: { [name]: [{ _cnd: { exists: true } }] } },
});

/** A record addressed by its UUID, picked from the account's records or typed. */
const uuidLocator = (
	displayName: string,
	name: string,
	searchListMethod: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod, searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '3f2b1c9e-8a6d-4e2f-9b1a-7c5d4e3f2a10',
		},
	],
});

export const faxNumberIdLocator = uuidLocator('Fax Number', 'faxNumberId', 'searchFaxNumbers');

export const clientIdLocator = uuidLocator('Client', 'clientId', 'searchClients');

/** Items worked on at the same time unless the node says otherwise (bench/README.md: why this many). */
export const DEFAULT_REQUESTS_IN_PARALLEL = 20;

/** How the node sends, for every operation (each makes its own requests per item): the last field of every operation. */
export const requestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Requests in Parallel',
			name: 'requestsInParallel',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: DEFAULT_REQUESTS_IN_PARALLEL,
			description:
				'How many items the node works on at the same time, each with its own requests. 1 sends one item after the other. The output keeps the input order either way.',
		},
	],
};

/**
 * Patient Data for the Model: on the AI tool of node version 1.1 and later, for the resources whose
 * answers can name a patient (output.ts readPatientData applies it; shared/records lists the fields).
 * No expression: the workflow's author decides, never the model (`$fromAI`).
 */
export const patientDataField = (resources: string[]): INodeProperties => ({
	displayName: 'Patient Data for the Model',
	name: 'patientDataForModel',
	type: 'boolean',
	default: false,
	noDataExpression: true,
	displayOptions: {
		show: {
			'@tool': [true],
			'@version': [{ _cnd: { gte: PATIENT_DATA_VERSION } }],
			resource: resources,
		},
	},
	description:
		"Whether the AI model gets the records' patient fields: names, dates of birth, contact details, insurance, codes, the AI's extracted fields and summary, notes, subjects, e-mail recipients and secure links. Off, it gets IDs, statuses, times, page counts and the document type, whatever Output says. What the model gets goes to its provider: HIPAA's minimum-necessary rule applies.",
});

/** On the node: a saved workflow without the parameter keeps its full records. */
const outputOption: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	default: 'raw',
	displayOptions: { show: { '@tool': [false] } },
	options: OUTPUT_MODES,
};

/** On its AI tool variant: an agent gets the short records unless the user chooses otherwise. */
const toolOutputOption: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	default: 'simple',
	displayOptions: { show: { '@tool': [true] } },
	options: OUTPUT_MODES,
};

/**
 * Output (Simplified, Raw, Selected Fields) of an operation that returns records of `kind` (read by
 * output.ts). Two Output properties: n8n shows the one whose '@tool' matches the node type (its AI
 * tool variant's name ends in "Tool"), so each has its own default.
 */
export const outputFields = (kind: RecordKindName): INodeProperties[] => [
	outputOption,
	toolOutputOption,
	{
		displayName: 'Fields',
		name: 'fields',
		type: 'multiOptions',
		default: [],
		required: true,
		description: 'The fields to add to the output',
		displayOptions: { show: { output: ['fields'] } },
		options: [...RECORD_KINDS[kind].fields].sort().map((field) => ({ name: field, value: field })),
	},
];
