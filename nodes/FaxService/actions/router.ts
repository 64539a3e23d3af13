import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Outcome } from '../../shared/execution';
import { forgetRun, Gate, holdRequests, stopSignalOf } from '../../shared/execution';
import { waitForCallbacks, waitLimit } from '../../shared/callbacks';
import { checkFailure, errorItem, runFailure } from './failures';
import { isExecutionData, readOutput, readPatientData, runsAsAiTool } from './output';
import { readRequestsInParallel } from './readers';
import { operationOf } from './resourceDefinition';
import { resources } from './versionDescription';
import { stoppedRunError } from './stopReport';
import type { OperationResult } from './types';

/** One item's answer as output items, paired with it (the per-item step after the operation). */
function toItems(result: OperationResult, itemIndex: number): INodeExecutionData[] {
	const list: Array<IDataObject | INodeExecutionData> = Array.isArray(result) ? result : [result];
	return list.map((entry) => {
		const item = isExecutionData(entry) ? entry : { json: entry };
		return { ...item, pairedItem: { item: itemIndex } };
	});
}

/**
 * Runs the selected operation once for every input item: all start at once and each stops at its
 * first request, unsent, until every item has been checked up to there (nothing is sent while any item
 * is wrong); then they send, at most Requests in Parallel items at a time, and the outputs are emitted
 * in input order.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const continueOnFail = this.continueOnFail();
	const selected = (itemIndex: number) => {
		const resource = this.getNodeParameter('resource', itemIndex) as string;
		const operationName = this.getNodeParameter('operation', itemIndex) as string;
		return { resource, operationName, operation: operationOf(resources[resource], operationName) };
	};
	const execute = async (itemIndex: number): Promise<OperationResult> => {
		const { resource, operationName, operation } = selected(itemIndex);
		if (!operation) {
			throw new NodeOperationError(
				this.getNode(),
				`The operation "${operationName}" of resource "${resource}" is not supported`,
				{ itemIndex },
			);
		}
		// Output is read before the request, so a bad Fields choice sends nothing.
		const shape = operation.records ? readOutput(this, itemIndex, operation.records) : undefined;
		// An AI tool's model gets no patient field unless the author says so; Output then shapes what is left.
		const forModel = readPatientData(this, itemIndex, resources[resource].recordKind);
		const result = forModel(await operation.execute.call(this, itemIndex));
		return shape ? shape(result) : result;
	};

	// Settings of the whole run, read once: a bad one fails the node before anything is sent.
	const inParallel = readRequestsInParallel(this);
	const first = selected(0);
	if (first.operation?.waitFor && runsAsAiTool(this)) {
		// The tool variant offers no wait operation; a tool node saved with one (0.1.0 offered them) ends here.
		const send =
			resources[first.resource].operations[resources[first.resource].defaultOperation].name;
		throw new NodeOperationError(
			this.getNode(),
			`"${first.operation.name}" cannot run as an AI agent's tool: a tool call cannot wait for the service's callback`,
			{
				itemIndex: 0,
				description: `Choose "${send}" as this tool's operation, then read the outcome later with "Get" and the returned ${first.operation.waitFor.tokenField}.`,
			},
		);
	}
	const waitUntil = first.operation?.waitFor ? waitLimit(this) : undefined;

	// 1. Every item runs up to its first request, which waits: a bad item 150 must not leave 149 faxes sent.
	// 2. Then send. Without Continue On Fail, a failure starts nothing new; the items in flight settle first.
	const gate = new Gate<OperationResult>(inParallel);
	holdRequests(this, gate);
	// After a Stop or Timeout Workflow no item starts; those on the wire settle (shared/transport/apiRequest.ts: a creation may finish).
	const stop = stopSignalOf(this);
	const onStop = () => gate.stop();
	stop?.addEventListener('abort', onStop, { once: true });
	let outcomes: Map<number, Outcome<OperationResult>>;
	try {
		const failures = await gate.check(
			items.map((_, itemIndex) => itemIndex),
			execute,
		);
		const [firstFailure] = failures;
		if (firstFailure && !continueOnFail && !stop?.aborted) {
			await gate.cancel();
			throw checkFailure(this, items.length, firstFailure[1], firstFailure[0]);
		}
		outcomes = await gate.open((outcome) => !outcome.ok && !continueOnFail);
	} finally {
		holdRequests(this, undefined);
		stop?.removeEventListener('abort', onStop);
	}
	if (stop?.aborted) throw stoppedRunError(this, items.length, outcomes);
	if (!continueOnFail) {
		const error = runFailure(this, items.length, outcomes);
		if (error) throw error;
	}

	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const outcome = outcomes.get(itemIndex)!;
		output.push(
			...(outcome.ok
				? toItems(outcome.value, itemIndex)
				: [errorItem(this, outcome.error, itemIndex)]),
		);
	}

	const result = waitUntil ? await waitForCallbacks(this, output, waitUntil) : [output];
	// Retry On Fail runs the node again after an error, or an error item first in the output (Continue On Fail); else never.
	if (result[0]?.[0]?.json?.error === undefined) forgetRun(this);
	return result;
}
