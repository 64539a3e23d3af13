import type { IDataObject } from 'n8n-workflow';

import type { CheckContext } from '../validation';
import {
	assertDate,
	assertDateOrDateTime,
	assertE164,
	assertEmail,
	assertUrl,
} from '../validation';

/** The optional entries of a collection ("Additional Fields", "Filters") as the service's fields. */

export type FieldKind = 'text' | 'date' | 'dateOrDateTime' | 'e164' | 'email' | 'url';

export interface FieldMapping {
	apiName: string;
	label: string;
	kind?: FieldKind;
}

const CHECK: Record<
	FieldKind,
	(ctx: CheckContext, itemIndex: number | undefined, label: string, value: string) => string
> = {
	text: (_ctx, _itemIndex, _label, value) => value.trim(),
	date: assertDate,
	dateOrDateTime: assertDateOrDateTime,
	e164: assertE164,
	email: assertEmail,
	url: assertUrl,
};

/**
 * Turns the set entries of an "Additional Fields" or "Filters" collection into the service's
 * snake_case fields, checking each value by its kind. Empty entries are left out.
 */
export function optionalFields(
	ctx: CheckContext,
	itemIndex: number | undefined,
	values: IDataObject,
	mapping: Record<string, FieldMapping>,
): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [name, { apiName, label, kind = 'text' }] of Object.entries(mapping)) {
		const raw = values[name];
		if (raw === undefined || raw === null || String(raw).trim() === '') continue;
		result[apiName] = CHECK[kind](ctx, itemIndex, label, String(raw));
	}
	return result;
}
