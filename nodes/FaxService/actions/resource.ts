import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from './types';

export interface OperationEntry extends Operation {
	/** Label in the operation picker. */
	name: string;
	/** Sentence shown in the node's action list and to AI agents. */
	action: string;
	summary: string;
}

export interface ResourceDefinition {
	name: string;
	value: string;
	defaultOperation: string;
	operations: Record<string, OperationEntry>;
}

/** The operation picker of one resource and the fields of all its operations. */
export function resourceProperties(resource: ResourceDefinition): INodeProperties[] {
	const defaultOperation = resource.defaultOperation;
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: Object.entries(resource.operations)
				.map(([value, op]) => ({ name: op.name, value, action: op.action, description: op.summary }))
				.sort((a, b) => a.name.localeCompare(b.name)),
			default: defaultOperation,
		},
		...Object.values(resource.operations).flatMap((op) => op.description),
	];
}
