import type { IDataObject } from 'n8n-workflow';

import type { ApiContext } from '../credentials';
import { unwrap } from '../records';
import type { ListAnswer, ListPage } from '../transport';
import { apiRequestAllPages, apiRequestPage } from '../transport';

/**
 * GET /ai_documents, whose filters and paging the spec does not show (4.6). Every request carries the
 * paging parameters the service's other lists take, and the answer is read by its shape: a plain
 * `{aiDocuments}` is the whole list, one with `meta` is a page of it. Each entry must be
 * `{aiResult: {aiToken, …}}` (spec 2.8), or the answer is an error.
 */
export const AI_DOCUMENT_LIST: ListAnswer = {
	list: 'aiDocuments',
	paged: 'optional',
	wrapper: 'aiResult',
	id: 'aiToken',
};

/** The AI results of the list's entries (each `{aiResult}`, as AI_DOCUMENT_LIST checked). */
const aiResultsOf = (entries: IDataObject[]) => entries.map((entry) => unwrap(entry, 'aiResult'));

/** The whole list, or its first `limit` AI results (Get Many): every page of a paged list, short pages an error. */
export async function readAiDocuments(
	this: ApiContext,
	itemIndex: number,
	limit?: number,
): Promise<IDataObject[]> {
	return aiResultsOf(
		await apiRequestAllPages.call(
			this,
			{ path: '/ai_documents', itemIndex },
			AI_DOCUMENT_LIST,
			limit,
		),
	);
}

/** Page `page` (1-based) of the AI document list (the polling trigger), with the largest page size. */
export async function readAiDocumentPage(this: ApiContext, page: number): Promise<ListPage> {
	const { records, totalCount, totalPages } = await apiRequestPage.call(
		this,
		{ path: '/ai_documents' },
		AI_DOCUMENT_LIST,
		page,
	);
	return { records: aiResultsOf(records), totalCount, totalPages };
}
