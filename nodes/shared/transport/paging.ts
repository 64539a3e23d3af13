import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiContext } from '../credentials';
import type { ListAnswer } from './answers';
import type { ApiRequest } from './request';
import { apiRequest } from './apiRequest';

/** Paged lists (spec 2.1): every page, or as many as a limit needs. */

interface PageMeta {
	totalCount: number;
	totalPages: number;
	page: number;
}

/** Largest page the service serves (spec 8). */
export const MAX_PAGE_SIZE = 100;

/** Pages read at once once the first page has said how many there are. */
export const PAGE_CONCURRENCY = 4;

/**
 * Reads a paginated list (`{<listKey>: [...], meta}`) with the largest page size: the first page
 * says how many pages there are, then the rest (only as many as `limit` needs) are read
 * PAGE_CONCURRENCY at a time and put back in page order.
 */
export async function apiRequestAllPages(
	this: ApiContext,
	request: Omit<ApiRequest, 'method' | 'answer'>,
	listKey: string,
	limit?: number,
	/** How the list's answer looks: paged (spec 2.1) unless told otherwise. */
	shape: Omit<ListAnswer, 'list'> = { paged: true },
): Promise<IDataObject[]> {
	const pageSize = limit === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, Math.max(1, limit));
	const readPage = async (page: number) => {
		const response = await apiRequest.call(this, {
			...request,
			method: 'GET',
			qs: { ...request.qs, page, page_size: pageSize },
			answer: { ...shape, list: listKey },
		});
		const list = Array.isArray(response[listKey]) ? (response[listKey] as IDataObject[]) : [];
		return { list, meta: response.meta as unknown as PageMeta | undefined };
	};

	const first = await readPage(1);
	const totalPages = first.meta ? Math.floor(Number(first.meta.totalPages)) : 1;
	const lastPage = Math.min(Number.isFinite(totalPages) ? totalPages : 1, limit === undefined ? Infinity : Math.ceil(limit / pageSize));
	const pages: IDataObject[][] = [first.list];
	if (first.list.length > 0) {
		let next = 2;
		const worker = async () => {
			while (next <= lastPage) {
				const page = next++;
				pages[page - 1] = (await readPage(page)).list;
			}
		};
		await Promise.all(Array.from({ length: Math.min(PAGE_CONCURRENCY, Math.max(0, lastPage - 1)) }, worker));
	}
	const records = pages.flat();
	// Fewer records than the first page announced means a page came back short: never a silent partial list.
	const announced = Number(first.meta?.totalCount ?? records.length);
	const expected = limit === undefined ? announced : Math.min(limit, announced);
	if (records.length < expected) {
		throw new NodeApiError(this.getNode(), { totalCount: announced, received: records.length }, {
			message: `The list of ${listKey} stopped short: ${records.length} of the ${announced} records the service announced arrived`,
			description: `Pages 1 to ${lastPage} of ${request.path} were read. A page had fewer records than its place in the list needs; run the node again.`,
			itemIndex: request.itemIndex,
		});
	}
	return limit === undefined ? records : records.slice(0, limit);
}
