import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** What an operation returns for one input item: records (json) or full items (with binary). */
export type OperationResult = IDataObject | IDataObject[] | INodeExecutionData[];

/**
 * One resource/operation pair. It only turns one item into a request and the answer into
 * records; the router owns the item loop, pairedItem and continueOnFail.
 */
export interface Operation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult>;
}


