import type { IDataObject } from 'n8n-workflow';

/**
 * The service wraps single records (`{faxNumber: …}`, `{client: …}`); nodes emit the record itself.
 * apiRequest has already checked the answer's shape (shared/transport/answers.ts): these only pick it out.
 */
export function unwrap(response: IDataObject, key: string): IDataObject {
	const inner = response[key];
	return typeof inner === 'object' && inner !== null && !Array.isArray(inner)
		? (inner as IDataObject)
		: response;
}

export function unwrapList(response: IDataObject, key: string): IDataObject[] {
	const inner = response[key];
	return Array.isArray(inner) ? (inner as IDataObject[]) : [];
}
