import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiContext } from '../credentials';
import type { ListAnswer } from './answers';
import type { ApiRequest } from './request';
import { apiRequest } from './apiRequest';

/** Paged lists (spec 2.1): one page, every page, or as many as a limit needs. */

/** One page of a list, its entries as the answer has them; a list answered without `meta` is one page. */
export interface ListPage {
	records: IDataObject[];
	totalCount: number;
	totalPages: number;
}

/** Largest page the service serves (spec 8). */
export const MAX_PAGE_SIZE = 100;

/** Pages read at once once the first page has said how many there are. */
export const PAGE_CONCURRENCY = 4;

/** Page `page` (1-based) of the list `answer` describes, `pageSize` records a page; the answer checked first. */
export async function apiRequestPage(
	this: ApiContext,
	request: Omit<ApiRequest, 'method' | 'answer'>,
	answer: ListAnswer,
	page: number,
	pageSize = MAX_PAGE_SIZE,
): Promise<ListPage> {
	const response = await apiRequest.call(this, {
		...request,
		method: 'GET',
		qs: { ...request.qs, page, page_size: pageSize },
		answer,
	});
	const records = response[answer.list] as IDataObject[];
	const meta = response.meta as IDataObject | undefined;
	if (meta === undefined || answer.paged === false)
		return { records, totalCount: records.length, totalPages: 1 };
	return { records, totalCount: Number(meta.totalCount), totalPages: Number(meta.totalPages) };
}

/**
 * Reads a list with the largest page size: the first page says how many pages there are, then the
 * rest (only as many as `limit` needs) are read PAGE_CONCURRENCY at a time and put back in page order.
 */
export async function apiRequestAllPages(
	this: ApiContext,
	request: Omit<ApiRequest, 'method' | 'answer'>,
	answer: ListAnswer,
	limit?: number,
): Promise<IDataObject[]> {
	const pageSize =
		limit === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, Math.max(1, limit));
	const readPage = async (page: number) =>
		await apiRequestPage.call(this, request, answer, page, pageSize);

	const first = await readPage(1);
	const lastPage = Math.min(
		first.totalPages,
		limit === undefined ? Infinity : Math.ceil(limit / pageSize),
	);
	const pages: IDataObject[][] = [first.records];
	if (first.records.length > 0) {
		let next = 2;
		const worker = async () => {
			while (next <= lastPage) {
				const page = next++;
				pages[page - 1] = (await readPage(page)).records;
			}
		};
		await Promise.all(
			Array.from({ length: Math.min(PAGE_CONCURRENCY, Math.max(0, lastPage - 1)) }, worker),
		);
	}
	const records = pages.flat();
	// Fewer records than the first page announced means a page came back short: never a silent partial list.
	const announced = first.totalCount;
	const expected = limit === undefined ? announced : Math.min(limit, announced);
	if (records.length < expected) {
		throw new NodeApiError(
			this.getNode(),
			{ totalCount: announced, received: records.length },
			{
				message: `The list of ${answer.list} stopped short: ${records.length} of the ${announced} records the service announced arrived`,
				description: `Pages 1 to ${lastPage} of ${request.path} were read. A page had fewer records than its place in the list needs; run the node again.`,
				itemIndex: request.itemIndex,
			},
		);
	}
	return limit === undefined ? records : records.slice(0, limit);
}
