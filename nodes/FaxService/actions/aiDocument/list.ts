import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from '../../../shared/credentials';
import type { ListAnswer } from '../../../shared/transport';
import { apiRequest, apiRequestAllPages, MAX_PAGE_SIZE } from '../../../shared/transport';
import { unwrap, unwrapList } from '../unwrap';

/**
 * GET /ai_documents, whose filters and paging the spec does not show (4.6). Every request carries the
 * paging parameters the service's other lists take, and the answer is read by its shape: a plain
 * `{aiDocuments}` is the whole list, one with `meta` is a page of it. Each entry must be
 * `{aiResult: {aiToken, …}}` (spec 2.8), or the answer is an error.
 */
export const AI_DOCUMENT_LIST: ListAnswer = { list: 'aiDocuments', paged: 'optional', wrapper: 'aiResult', id: 'aiToken' };

/** The AI results of the list's entries (each `{aiResult}`, as AI_DOCUMENT_LIST checked). */
const aiResultsOf = (entries: IDataObject[]) => entries.map((entry) => unwrap(entry, 'aiResult'));

/** The whole list, or its first `limit` AI results (Get Many): every page of a paged list, short pages an error. */
export async function readAiDocuments(this: ApiContext, itemIndex: number, limit?: number): Promise<IDataObject[]> {
	return aiResultsOf(await apiRequestAllPages.call(this, { path: '/ai_documents', itemIndex }, AI_DOCUMENT_LIST.list, limit, AI_DOCUMENT_LIST));
}

export interface AiDocumentPage {
	/** The AI results of the page (unwrapped). */
	records: IDataObject[];
	totalCount: number;
	totalPages: number;
}

/** Page `page` (1-based) of the AI document list, with the largest page size. */
export async function readAiDocumentPage(this: ApiContext, page: number): Promise<AiDocumentPage> {
	const answer = await apiRequest.call(this, { method: 'GET', path: '/ai_documents', qs: { page, page_size: MAX_PAGE_SIZE }, answer: AI_DOCUMENT_LIST });
	const records = aiResultsOf(unwrapList(answer, AI_DOCUMENT_LIST.list));
	const meta = answer.meta as IDataObject | undefined;
	if (meta === undefined) return { records, totalCount: records.length, totalPages: 1 };
	return { records, totalCount: Number(meta.totalCount), totalPages: Number(meta.totalPages) };
}
