import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	IWebhookDescription,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { WAIT_INDEFINITELY } from '../compat';

/**
 * Waiting in n8n for the service's callback: the execution's resume URL is the request's
 * callback_url, the execution is put to wait (saved, nothing held in memory), and the callback
 * resumes it through the node's `webhook()`.
 */

/**
 * The wait operations' value in 0.1.0 (both resources), still run for saved workflows (the resources map
 * it to their wait operation) but offered nowhere: n8n 2.x turns every node with an operation option of
 * exactly this value into a "Human in the Loop" approval tool, which ours is not.
 */
export const LEGACY_WAIT_OPERATION = 'sendAndWait';

/** The waiting webhook that resumes an execution; its path is the node's id, as in the resume URL. */
export const RESUME_WEBHOOKS: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		responseData: '',
		path: '={{ $nodeId }}',
		restartWebhook: true,
		isFullPath: true,
	},
];

/** Marks the items n8n passes on when the wait limit passes; a resumed item has it false. */
export const TIMED_OUT = 'timedOut';

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
type WaitUnit = keyof typeof UNIT_MS;

/** Limit Wait Time: on by default, `amount` `unit`s. */
export const waitLimitFields = (amount: number, unit: WaitUnit): INodeProperties[] => [
	{
		displayName: 'Limit Wait Time',
		name: 'limitWaitTime',
		type: 'boolean',
		default: true,
		description:
			'Whether to stop waiting after a while. When the limit passes, the items go on with timedOut: true (n8n runs no node code then: read the record with Get to see where it stands).',
	},
	{
		displayName: 'Wait At Most',
		name: 'waitAmount',
		type: 'number',
		typeOptions: { minValue: 0.01, numberPrecision: 2 },
		default: amount,
		displayOptions: { show: { limitWaitTime: [true] } },
	},
	{
		displayName: 'Unit',
		name: 'waitUnit',
		type: 'options',
		default: unit,
		options: [
			{ name: 'Minutes', value: 'minutes' },
			{ name: 'Hours', value: 'hours' },
			{ name: 'Days', value: 'days' },
		],
		displayOptions: { show: { limitWaitTime: [true] } },
	},
];

/** When waiting ends without a callback, read from the first item (one execution waits once). */
export function waitLimit(ctx: IExecuteFunctions): Date {
	if (!(ctx.getNodeParameter('limitWaitTime', 0, true) as boolean)) return WAIT_INDEFINITELY;
	const amount = Number(ctx.getNodeParameter('waitAmount', 0));
	const unit = ctx.getNodeParameter('waitUnit', 0) as WaitUnit;
	if (!Number.isFinite(amount) || amount <= 0 || !(unit in UNIT_MS)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Wait At Most must be a positive number of minutes, hours or days, not "${String(amount)} ${String(unit)}"`,
			{ itemIndex: 0 },
		);
	}
	return new Date(Date.now() + amount * UNIT_MS[unit]);
}

/**
 * The URL the service must call back: this execution's resume URL, to this node, with what n8n checks.
 * n8n checks a waiting webhook's URL by the node's stored operation value: for `sendAndWait` (saved
 * 0.1.0 workflows) an HMAC signature (n8n 2.x always, 1.x once asked); for any other value n8n 2.x
 * compares `signature` with the execution's resume token (the one in `$execution.resumeUrl`) and 1.x
 * checks nothing. Either way `webhook()` resumes only on a callback signed with the account's key for
 * a token this execution waits for, and re-reads every record from the service before it resumes.
 * n8n before about 1.105 has no signed resume URL and checks no signature: there the plain URL below.
 */
export function resumeUrl(ctx: IExecuteFunctions): string {
	const signedHost = ctx as {
		getSignedResumeUrl?: () => string;
		setSignatureValidationRequired?: () => void;
	};
	if (
		ctx.getNode().parameters.operation === LEGACY_WAIT_OPERATION &&
		typeof signedHost.getSignedResumeUrl === 'function'
	) {
		signedHost.setSignatureValidationRequired?.();
		return signedHost.getSignedResumeUrl();
	}
	// <waiting base>/<execution id>[?signature=<resume token>] (the token on n8n 2.x), then this node's id as the path's suffix.
	const url = new URL(String(ctx.evaluateExpression('{{ $execution.resumeUrl }}', 0)));
	url.pathname = `${url.pathname.replace(/\/$/, '')}/${ctx.getNode().id}`;
	return url.toString();
}

/**
 * Puts the execution to wait. n8n keeps the node's input while it waits: that input is replaced by
 * the sent items marked `timedOut: true`, so it is what n8n passes on when the limit passes (it runs
 * no node code then), and what `webhook()` reads back to know which tokens it waits for.
 */
export async function waitForCallbacks(
	ctx: IExecuteFunctions,
	sent: INodeExecutionData[],
	until: Date,
): Promise<INodeExecutionData[][]> {
	// An item that failed to send (Continue On Fail) waits for nothing and goes on as it is.
	if (sent.every((item) => item.json.error !== undefined)) return [sent];
	const waiting = sent.map((item) => ({
		json: item.json.error === undefined ? { ...item.json, [TIMED_OUT]: true } : item.json,
		pairedItem: item.pairedItem,
	}));
	ctx.getExecuteData().data = { main: [waiting] };
	await ctx.putExecutionToWait(until);
	return [sent];
}

/** In `webhook()`: the items the execution waits with, one per input item, in order. */
export function waitingItems(ctx: IWebhookFunctions): IDataObject[] {
	// evaluateExpression adds the leading "="; a JSON text crosses n8n's expression sandbox unchanged.
	const text = ctx.evaluateExpression(
		'{{ JSON.stringify($input.all().map((item) => item.json)) }}',
		0,
	);
	const items: unknown = typeof text === 'string' ? JSON.parse(text) : undefined;
	if (!Array.isArray(items))
		throw new NodeOperationError(ctx.getNode(), 'The waiting execution holds no sent items');
	return items as IDataObject[];
}
