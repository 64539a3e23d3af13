import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { waitForCallbacks, waitLimit } from '../../shared/waiting';
import { resources } from './resources';
import type { OperationResult } from './types';

function isExecutionData(value: unknown): value is INodeExecutionData {
	return typeof value === 'object' && value !== null && 'json' in value && typeof (value as INodeExecutionData).json === 'object';
}

function toItems(result: OperationResult, itemIndex: number): INodeExecutionData[] {
	const list: Array<IDataObject | INodeExecutionData> = Array.isArray(result) ? result : [result];
	return list.map((entry) => {
		const item = isExecutionData(entry) ? entry : { json: entry };
		return { ...item, pairedItem: { item: itemIndex } };
	});
}

/** Keeps n8n's own errors as they are (with their item) and wraps anything else. */
function asNodeError(ctx: IExecuteFunctions, error: Error, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error, { itemIndex });
}

/** Runs the selected operation once per input item, in order. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const output: INodeExecutionData[] = [];
	const waitFor = resources[this.getNodeParameter('resource', 0) as string]?.operations[this.getNodeParameter('operation', 0) as string]?.waitFor;
	// Checked before anything is sent: a wrong limit must not leave faxes sent and nobody waiting.
	const waitUntil = waitFor ? waitLimit(this) : undefined;

	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const resource = this.getNodeParameter('resource', itemIndex) as string;
		const operationName = this.getNodeParameter('operation', itemIndex) as string;
		const operation = resources[resource]?.operations[operationName];
		try {
			if (!operation) {
				throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of resource "${resource}" is not supported`, { itemIndex });
			}
			output.push(...toItems(await operation.execute.call(this, itemIndex), itemIndex));
		} catch (error) {
			if (this.continueOnFail()) {
				const json: IDataObject = { error: error.message };
				if (error.description) json.description = error.description;
				if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
				output.push({ json, pairedItem: { item: itemIndex } });
				continue;
			}
			throw asNodeError(this, error, itemIndex);
		}
	}

	return waitUntil ? await waitForCallbacks(this, output, waitUntil) : [output];
}
