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

function errorItem(error: Error & { description?: string }, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	return { json, pairedItem: { item: itemIndex } };
}

/** Runs the selected operation once per input item, in order. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const selected = (itemIndex: number) => {
		const resource = this.getNodeParameter('resource', itemIndex) as string;
		const operationName = this.getNodeParameter('operation', itemIndex) as string;
		return { resource, operationName, operation: resources[resource]?.operations[operationName] };
	};
	const operationOf = (itemIndex: number) => {
		const { resource, operationName, operation } = selected(itemIndex);
		if (!operation) {
			throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of resource "${resource}" is not supported`, { itemIndex });
		}
		return operation;
	};
	/** An item's failure: its error item with Continue On Fail, else the node's error. */
	const failed = new Map<number, INodeExecutionData>();
	const forItem = async <T>(itemIndex: number, step: () => Promise<T>): Promise<T | undefined> => {
		try {
			return await step();
		} catch (error) {
			if (!this.continueOnFail()) throw asNodeError(this, error, itemIndex);
			failed.set(itemIndex, errorItem(error, itemIndex));
			return undefined;
		}
	};

	// An unsupported operation is reported per item by the loop below.
	const waitFor = selected(0).operation?.waitFor;
	let waitUntil: Date | undefined;
	if (waitFor) {
		// Everything is checked before anything is sent: a bad limit or item must not leave faxes sent and nobody waiting.
		waitUntil = waitLimit(this);
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) await forItem(itemIndex, async () => await waitFor.check.call(this, itemIndex));
	}

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const result = failed.has(itemIndex) ? undefined : await forItem(itemIndex, async () => await operationOf(itemIndex).execute.call(this, itemIndex));
		output.push(...(result === undefined ? [failed.get(itemIndex)!] : toItems(result, itemIndex)));
	}

	return waitUntil ? await waitForCallbacks(this, output, waitUntil) : [output];
}
