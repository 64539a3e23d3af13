import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { runBounded } from '../../shared/concurrency';
import { checkUntilRequest } from '../../shared/transport';
import { waitForCallbacks, waitLimit } from '../../shared/waiting';
import { checkFailure, errorItem, runFailure } from './failures';
import { readRequestsInParallel } from './readers';
import { resources } from './resources';
import type { OperationResult } from './types';

function isExecutionData(value: unknown): value is INodeExecutionData {
	return typeof value === 'object' && value !== null && 'json' in value && typeof (value as INodeExecutionData).json === 'object';
}

/** One item's answer as output items, paired with it (the per-item step after the operation). */
function toItems(result: OperationResult, itemIndex: number): INodeExecutionData[] {
	const list: Array<IDataObject | INodeExecutionData> = Array.isArray(result) ? result : [result];
	return list.map((entry) => {
		const item = isExecutionData(entry) ? entry : { json: entry };
		return { ...item, pairedItem: { item: itemIndex } };
	});
}

/**
 * Runs the selected operation for every input item: first checks every item up to its request
 * (nothing is sent while any item is wrong), then sends, at most Requests in Parallel items at a
 * time, and emits the outputs in input order.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const continueOnFail = this.continueOnFail();
	const selected = (itemIndex: number) => {
		const resource = this.getNodeParameter('resource', itemIndex) as string;
		const operationName = this.getNodeParameter('operation', itemIndex) as string;
		return { resource, operationName, operation: resources[resource]?.operations[operationName] };
	};
	const execute = async (itemIndex: number): Promise<OperationResult> => {
		const { resource, operationName, operation } = selected(itemIndex);
		if (!operation) {
			throw new NodeOperationError(this.getNode(), `The operation "${operationName}" of resource "${resource}" is not supported`, { itemIndex });
		}
		return await operation.execute.call(this, itemIndex);
	};

	// Settings of the whole run, read once: a bad one fails the node before anything is sent.
	const inParallel = readRequestsInParallel(this);
	const waitUntil = selected(0).operation?.waitFor ? waitLimit(this) : undefined;

	// 1. Every item is checked before any is sent: a bad item 150 must not leave 149 faxes sent.
	const failed = new Map<number, INodeExecutionData>();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const problem = await checkUntilRequest(this, async () => await execute(itemIndex));
		if (!problem) continue;
		if (!continueOnFail) throw checkFailure(this, items.length, problem, itemIndex);
		failed.set(itemIndex, errorItem(problem, itemIndex));
	}

	// 2. Send. Without Continue On Fail, a failure starts nothing new; the items in flight settle first.
	const toSend = items.map((_, itemIndex) => itemIndex).filter((itemIndex) => !failed.has(itemIndex));
	const outcomes = await runBounded(toSend, inParallel, execute, { stopAfter: (outcome) => !outcome.ok && !continueOnFail });
	if (!continueOnFail) {
		const error = runFailure(this, items.length, outcomes);
		if (error) throw error;
	}

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const outcome = outcomes.get(itemIndex);
		if (!outcome) output.push(failed.get(itemIndex)!);
		else output.push(...(outcome.ok ? toItems(outcome.value, itemIndex) : [errorItem(outcome.error, itemIndex)]));
	}

	return waitUntil ? await waitForCallbacks(this, output, waitUntil) : [output];
}
