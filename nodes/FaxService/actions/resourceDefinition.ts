import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { RecordKindName } from '../../shared/records';
import type { Operation } from './types';

export interface OperationEntry extends Operation {
	/** Label in the operation picker. */
	name: string;
	/** Sentence shown in the node's action list, and to AI agents as the tool's automatic description. */
	action: string;
	summary: string;
}

export interface ResourceDefinition {
	name: string;
	value: string;
	defaultOperation: string;
	operations: Record<string, OperationEntry>;
	/** Operation values of earlier releases, no longer offered, that saved workflows still run: old value → current value. */
	legacyOperations?: Record<string, string>;
	/**
	 * The kind of record its operations answer about, when that kind has patient fields: its AI tool
	 * withholds them from the model unless Patient Data for the Model is on (output.ts readPatientData).
	 */
	recordKind?: RecordKindName;
}

/** The operation a stored value selects (a legacy value selects its current operation), if any. */
export function operationOf(
	resource: ResourceDefinition | undefined,
	value: string,
): OperationEntry | undefined {
	if (!resource) return undefined;
	return (
		resource.operations[value] ?? resource.operations[resource.legacyOperations?.[value] ?? '']
	);
}

/**
 * The operation picker of one resource and the fields of all its operations. The picker comes twice:
 * in the node, every operation; in its AI tool variant (`@tool`), only those that answer within the
 * tool call (a wait operation would put the agent's whole execution to wait). n8n's action list and
 * the tool's automatic description read the first picker of a resource.
 */
export function resourceProperties(resource: ResourceDefinition): INodeProperties[] {
	const defaultOperation = resource.defaultOperation;
	const entries = Object.entries(resource.operations).sort(([, a], [, b]) =>
		a.name.localeCompare(b.name),
	);
	const picker = (tool: boolean): INodeProperties => ({
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: tool
			? { show: { resource: [resource.value], '@tool': [true] } }
			: { show: { resource: [resource.value] }, hide: { '@tool': [true] } },
		options: entries
			.filter(([, op]) => !(tool && op.waitFor))
			.map(
				([value, op]): INodePropertyOptions => ({
					name: op.name,
					value,
					action: op.action,
					description: op.summary,
				}),
			),
		default: defaultOperation,
	});
	return [
		picker(false),
		picker(true),
		...Object.values(resource.operations).flatMap((op) => op.description),
	];
}
