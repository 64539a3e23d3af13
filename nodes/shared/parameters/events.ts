import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/** Panel fields the webhook and the polling trigger share, so an event or an option reads the same in both. */

export type TriggerEvent = 'sentFax' | 'receivedFax' | 'aiDocument';

/** `action`: the entry n8n's node creator lists for the event (without it n8n writes "On ai document completed"). */
export const TRIGGER_EVENTS: Record<TriggerEvent, INodePropertyOptions> = {
	aiDocument: {
		name: 'AI Document Completed',
		value: 'aiDocument',
		action: 'On AI document completed',
		description: 'An uploaded document was extracted and classified',
	},
	receivedFax: {
		name: 'Fax Received',
		value: 'receivedFax',
		action: 'On fax received',
		description: "A fax arrived on one of the account's numbers",
	},
	sentFax: {
		name: 'Sent Fax Completed',
		value: 'sentFax',
		action: 'On sent fax completed',
		description: 'A sent or forwarded fax succeeded or failed',
	},
};

/**
 * The canvas subtitle of both triggers: the chosen events' names ("Sent Fax Completed, Fax Received"),
 * not their values. No event value is part of another's value or of any name, so each replace is exact.
 */
export const EVENTS_SUBTITLE = `={{ $parameter["events"].join(", ")${Object.values(TRIGGER_EVENTS)
	.map(({ value, name }) => `.replace(${JSON.stringify(value)}, ${JSON.stringify(name)})`)
	.join('')} }}`;

/** The Events picker, offering `events` (in n8n's alphabetical order of their names). */
export const eventsField = (events: TriggerEvent[], defaults: TriggerEvent[]): INodeProperties => ({
	displayName: 'Events',
	name: 'events',
	type: 'multiOptions',
	required: true,
	default: [...defaults],
	options: events
		.map((event) => TRIGGER_EVENTS[event])
		.sort((a, b) => a.name.localeCompare(b.name)),
});

export const pdfFieldOption: INodeProperties = {
	displayName: 'Put PDF in Field',
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	description: "Binary field of the emitted item that holds a received fax's PDF",
};
