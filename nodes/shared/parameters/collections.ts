import type { INodeProperties } from 'n8n-workflow';

/** n8n's usual collections of optional fields, and the record pickers inside them. */

const COLLECTION_LABELS = {
	additionalFields: { displayName: 'Additional Fields', placeholder: 'Add Field' },
	updateFields: { displayName: 'Update Fields', placeholder: 'Add Field' },
	filters: { displayName: 'Filters', placeholder: 'Add Filter' },
} as const;

/** The optional fields of an operation, in n8n's usual collections. */
export const fieldCollection = (
	name: keyof typeof COLLECTION_LABELS,
	options: INodeProperties[],
): INodeProperties => ({
	...COLLECTION_LABELS[name],
	name,
	type: 'collection',
	default: {},
	options,
});

/** An optional picker of the account's clients or fax numbers inside a collection (shared/lists' pickers fill it). */
export const recordOption = (
	record: 'Client' | 'Fax Number',
	name: string,
	loadOptionsMethod: 'getClients' | 'getClientsOrNone' | 'getFaxNumbers',
	purpose: string,
): INodeProperties => ({
	displayName: `${record} Name or ID`,
	name,
	type: 'options',
	default: '',
	typeOptions: { loadOptionsMethod },
	description: `${purpose}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
});
