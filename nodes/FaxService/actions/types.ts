import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { SignedCallbackType } from '../../shared/callbacks';
import type { OperationResult } from './output';
import type { RecordKindName } from '../../shared/records';

export type { OperationResult } from './output';

/**
 * One resource/operation pair. It only turns one item into a request and the answer into
 * records; the router owns the item loop, pairedItem and continueOnFail.
 */
export interface Operation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<OperationResult>;
	/** Set when the operation returns records of this kind: it then has the Output option (output.ts), applied by the router. */
	records?: RecordKindName;
	/** Set when the operation sends and then waits for the service's callback (Send and Wait). */
	waitFor?: WaitTarget;
}

/** What a send-and-wait operation waits for, and how the node reads it when a callback arrives. */
export interface WaitTarget {
	/** The only callback type that can resume it. */
	callbackType: Extract<SignedCallbackType, 'sentFax' | 'aiDocument'>;
	/** The field of each sent item (and of each record) holding the token the service calls back with. */
	tokenField: 'sendToken' | 'aiToken';
	/** Reads the record now. */
	read(ctx: IWebhookFunctions, token: string): Promise<IDataObject>;
	/** Whether the record is done: no callback will change it any more. */
	isFinal(record: IDataObject): boolean;
	/** The resumed item of one record (binary included when the node asks for it). */
	toItem(ctx: IWebhookFunctions, record: IDataObject): Promise<INodeExecutionData>;
}
