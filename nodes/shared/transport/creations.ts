import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiContext } from '../credentials';
import type { CreationTry, EarlierOutcome } from '../execution';
import { creationTry, noteCreated } from '../execution';
import { changesSomething } from './errors';
import type { ApiRequest } from './request';

/** What a request created or changed: noted for the item's failure report, and kept so Retry On Fail never sends it twice. */

/** The id of what a request created or changed, e.g. `faxId "abc"`; undefined when its answer names none. */
function createdId(request: ApiRequest, body: IDataObject): string | undefined {
	const answer = request.answer;
	if (!('record' in answer)) return undefined;
	const record = answer.record === null ? body : (body[answer.record] as IDataObject);
	const id = record[answer.id];
	return typeof id === 'string' ? `${answer.id} "${id}"` : undefined;
}

/** Notes what an answered request created or changed under its item. */
export function noteAnswer(ctx: ApiContext, request: ApiRequest, body: IDataObject): void {
	if (!changesSomething(request.method) || request.itemIndex === undefined) return;
	const created = createdId(request, body);
	if (created !== undefined) noteCreated(ctx, request.itemIndex, created);
}

/** This try of a creation (undefined for a read, or a request of no item): what earlier tries of the node run came to. */
export function creationOf(ctx: ApiContext, request: ApiRequest): CreationTry | undefined {
	return changesSomething(request.method) && request.itemIndex !== undefined
		? creationTry(ctx, request.itemIndex, request.method, request.path)
		: undefined;
}

/** An earlier try's answer instead of sending again (Retry On Fail), or why the request is not sent again. */
export function earlierAnswer(
	ctx: ApiContext,
	request: ApiRequest,
	earlier: EarlierOutcome,
): IDataObject {
	if ('answered' in earlier) {
		noteAnswer(ctx, request, earlier.answered);
		return earlier.answered;
	}
	const sent = `${request.method} ${request.path.split('?')[0]}`;
	throw new NodeApiError(
		ctx.getNode(),
		{ message: earlier.mayExist.message },
		{
			message: `Not sent again: an earlier try of this node sent ${sent}, and it may have taken effect`,
			description: `n8n's Retry On Fail ran the node again. The earlier try ended with: ${earlier.mayExist.message}. Nothing is sent twice: check with a Get or Get Many operation whether it exists, then send only what is missing.`,
			httpCode: earlier.mayExist.httpCode,
			itemIndex: request.itemIndex,
		},
	);
}
