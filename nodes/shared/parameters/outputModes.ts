import type { INodePropertyOptions } from 'n8n-workflow';

import { OMITTED_FIELDS } from '../records';

/** The choices of an Output option (the action's record reads, the polling trigger's AI results). */
export const OUTPUT_MODES: INodePropertyOptions[] = [
	{
		name: 'Simplified',
		value: 'simple',
		description: `The fields most workflows and AI agents need, and in ${OMITTED_FIELDS} the names of the other fields that have a value`,
	},
	{ name: 'Raw', value: 'raw', description: 'Every field the service returns' },
	{
		name: 'Selected Fields',
		value: 'fields',
		description: "The fields you choose, and the record's ID",
	},
];
