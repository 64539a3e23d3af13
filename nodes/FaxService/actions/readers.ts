import type { IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { assertE164, assertUuid } from '../../shared/validation';
import { DEFAULT_REQUESTS_IN_PARALLEL } from './fields';

/**
 * Readers of the shared fields (what execute does with them): each checks its value and names the field
 * and item. A document's files are read by document/ (files.ts).
 */

/** `undefined` means Return All. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) as boolean) return undefined;
	const limit = ctx.getNodeParameter('limit', itemIndex, 50) as number;
	if (!Number.isInteger(limit) || limit < 1) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Limit must be a whole number of at least 1, got ${limit} [item ${itemIndex}]`,
			{ itemIndex },
		);
	}
	return limit;
}

/** Request Options → Requests in Parallel, read once for the whole run (from the first item). */
export function readRequestsInParallel(ctx: IExecuteFunctions): number {
	const value = ctx.getNodeParameter(
		'requestOptions.requestsInParallel',
		0,
		DEFAULT_REQUESTS_IN_PARALLEL,
	) as number;
	if (!Number.isInteger(value) || value < 1) {
		throw new NodeOperationError(
			ctx.getNode(),
			`Requests in Parallel must be a whole number of at least 1, got ${value}`,
			{ itemIndex: 0 },
		);
	}
	return value;
}

function locatorValue(ctx: IExecuteFunctions, name: string, itemIndex: number): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as
		| string
		| INodeParameterResourceLocator;
	return String(typeof value === 'object' && value !== null ? value.value : (value ?? ''));
}

/**
 * A fax number field's value, checked. `whenEmpty` says what to do about an empty one: n8n itself
 * stops a run whose required field is left empty in the panel, but not one whose expression gives nothing.
 */
export function readE164Locator(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	whenEmpty?: string,
): string {
	const value = locatorValue(ctx, name, itemIndex);
	if (whenEmpty !== undefined && value.trim() === '') {
		throw new NodeOperationError(ctx.getNode(), `${label} is empty [item ${itemIndex}]`, {
			itemIndex,
			description: whenEmpty,
		});
	}
	return assertE164(ctx, itemIndex, label, value);
}

export function readUuidLocator(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): string {
	return assertUuid(ctx, itemIndex, label, locatorValue(ctx, name, itemIndex));
}

export function readRequiredString(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
): string {
	const value = String(ctx.getNodeParameter(name, itemIndex, '') ?? '').trim();
	if (value === '') {
		throw new NodeOperationError(ctx.getNode(), `${label} must not be empty [item ${itemIndex}]`, {
			itemIndex,
		});
	}
	return value;
}
