import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RecordKind, RecordKindName } from '../../shared/records';
import {
	RECORD_KINDS,
	selectedRecord,
	simplifiedRecord,
	withoutPatientFields,
} from '../../shared/records';

/** What an operation returns for one input item: records (json) or full items (with binary). */
export type OperationResult = IDataObject | IDataObject[] | INodeExecutionData[];

/** An output item (json, perhaps binary) rather than a bare record: what Download PDF and Preview PDF return. */
export function isExecutionData(value: unknown): value is INodeExecutionData {
	return (
		typeof value === 'object' &&
		value !== null &&
		'json' in value &&
		typeof (value as INodeExecutionData).json === 'object'
	);
}

/** Whether the node runs as an AI agent's or MCP client's tool: n8n's tool variant, whose type name ends in "Tool". */
export function runsAsAiTool(ctx: IExecuteFunctions): boolean {
	return ctx.getNode().type.endsWith('Tool');
}

/** The node version whose AI tool gives the model no patient field unless Patient Data for the Model is on. */
export const PATIENT_DATA_VERSION = 1.1;

/**
 * Reads the item's Patient Data for the Model; returns what the model may have of an answer about
 * records of `kindName` (shared/records' patient fields withheld), applied before Output. Only the AI
 * tool of version 1.1 on withholds: version 1 and the node in a workflow give the answer whole. Off
 * unless the parameter is literally true (n8n before 1.86 does not show it to a tool: the default holds).
 */
export function readPatientData(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kindName: RecordKindName | undefined,
): (result: OperationResult) => OperationResult {
	const keep = (result: OperationResult) => result;
	if (!kindName || !runsAsAiTool(ctx) || ctx.getNode().typeVersion < PATIENT_DATA_VERSION)
		return keep;
	if (ctx.getNodeParameter('patientDataForModel', itemIndex, false) === true) return keep;
	const kind: RecordKind = RECORD_KINDS[kindName];
	const withhold = (entry: IDataObject | INodeExecutionData) =>
		isExecutionData(entry)
			? { ...entry, json: withoutPatientFields(kind, entry.json) }
			: withoutPatientFields(kind, entry);
	return (result) =>
		Array.isArray(result)
			? ((result as Array<IDataObject | INodeExecutionData>).map(withhold) as OperationResult)
			: withoutPatientFields(kind, result);
}

/**
 * The Output option of the operations that read records (n8n's UX guideline for nodes used as AI
 * tools): Raw is the record as the service sent it; Simplified and Selected Fields as shared/records
 * shapes them.
 */

export type OutputMode = 'simple' | 'raw' | 'fields';

/** The chosen Fields, checked against the record's fields: an unknown one fails the item before any request. */
function readSelectedFields(ctx: IExecuteFunctions, itemIndex: number, kind: RecordKind): string[] {
	const value = ctx.getNodeParameter('fields', itemIndex, []) as unknown;
	// An expression may give a list or a comma-separated text.
	const fields = (Array.isArray(value) ? value.map(String) : String(value ?? '').split(','))
		.map((field) => field.trim())
		.filter((field) => field !== '');
	if (fields.length === 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Fields is empty: choose at least one field, or set Output to Simplified or Raw [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	const unknown = fields.filter((field) => !kind.fields.includes(field));
	if (unknown.length > 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Fields: "${unknown.join('", "')}" ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of ${kind.label} [item ${itemIndex}]`,
			{ itemIndex, description: `Choose from: ${kind.fields.join(', ')}` },
		);
	}
	return fields;
}

/** Reads the item's Output (and Fields), before its request; returns what shapes the operation's records. */
export function readOutput(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kindName: RecordKindName,
): (result: OperationResult) => OperationResult {
	const kind: RecordKind = RECORD_KINDS[kindName];
	const mode = ctx.getNodeParameter('output', itemIndex, 'raw') as OutputMode;
	let shape: (record: IDataObject) => IDataObject;
	if (mode === 'raw') return (result) => result;
	if (mode === 'simple') shape = (record) => simplifiedRecord(kind, record);
	else if (mode === 'fields') {
		const fields = readSelectedFields(ctx, itemIndex, kind);
		shape = (record) => selectedRecord(kind, fields, record);
	} else {
		throw new NodeOperationError(
			ctx.getNode(),
			`Output must be Simplified, Raw or Selected Fields, got "${String(mode)}" [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	return (result) =>
		Array.isArray(result) ? (result as IDataObject[]).map(shape) : shape(result as IDataObject);
}
