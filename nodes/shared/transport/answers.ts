import type { IDataObject } from 'n8n-workflow';

/**
 * What a successful answer must look like (spec 2.8): the node relies on these shapes, so an answer
 * that is not one of them (an HTML page from a proxy, a truncated body) is an error, never an empty
 * or partial result.
 */
export type Answer =
	/** An object with a string `id`, at the top level or under `key`: `{sendToken, …}`, `{faxNumber: {id, …}}`, `{message, faxId}`. */
	| { record: string | null; id: string }
	/**
	 * An array under `key`; with `meta` (spec 2.1) when `paged`, a valid `meta` or none when `'optional'`
	 * (a list whose paging the spec does not show); each entry with a string `id` when given, inside the
	 * entry's `wrapper` object when given (`{aiDocuments: [{aiResult: {aiToken, …}}]}`).
	 */
	| ListAnswer
	/** `{message: string}`. */
	| { message: true };

export interface ListAnswer {
	list: string;
	paged: boolean | 'optional';
	id?: string;
	wrapper?: string;
}

export function isObject(value: unknown): value is IDataObject {
	return (
		typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value)
	);
}

const hasText = (record: IDataObject, key: string) =>
	typeof record[key] === 'string' && record[key] !== '';

const isCount = (value: unknown, min: number) =>
	typeof value === 'number' && Number.isInteger(value) && value >= min;

/** What the answer should have been, in words, when `body` is not it; undefined when it is. */
export function answerProblem(body: unknown, answer: Answer): string | undefined {
	if (!isObject(body)) return 'a JSON object';
	if ('message' in answer)
		return typeof body.message === 'string' ? undefined : 'a JSON object with a "message" text';
	if ('list' in answer) return listProblem(body, answer);
	const record = answer.record === null ? body : body[answer.record];
	const where =
		answer.record === null ? 'a JSON object' : `a JSON object with a "${answer.record}" object`;
	if (!isObject(record)) return where;
	return hasText(record, answer.id) ? undefined : `${where} with a "${answer.id}"`;
}

function listProblem(body: IDataObject, answer: ListAnswer): string | undefined {
	const wanted = `a JSON object with a "${answer.list}" list${answer.paged === true ? ' and "meta"' : ''}`;
	const list: unknown = body[answer.list];
	if (!Array.isArray(list) || !list.every(isObject)) return wanted;
	const entries = list as IDataObject[];
	const { id, wrapper } = answer;
	const records: unknown[] =
		wrapper === undefined ? entries : entries.map((entry) => entry[wrapper]);
	if (!records.every(isObject)) return `${wanted} whose entries each have a "${wrapper}" object`;
	if (id !== undefined && !records.every((record) => hasText(record, id))) {
		return `${wanted} whose entries each have a "${wrapper === undefined ? id : `${wrapper}.${id}`}"`;
	}
	if (answer.paged === false || (answer.paged === 'optional' && body.meta === undefined))
		return undefined;
	const meta = body.meta;
	const metaOk =
		isObject(meta) &&
		isCount(meta.totalCount, 0) &&
		isCount(meta.totalPages, 0) &&
		isCount(meta.perPage, 1) &&
		isCount(meta.page, 1);
	return metaOk
		? undefined
		: `${wanted}${answer.paged === 'optional' ? ' and, if it has "meta", a valid one' : ''}`;
}
