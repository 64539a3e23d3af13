import { FieldErrors, MESSAGES, parseDateBound } from './errors';

/** The list endpoints' query: paging, date ranges, filters and sorting (the schemas in schemas.ts check its shape first). */

export const DEFAULT_PAGE_SIZE = 25;

export type Query = Record<string, string | undefined>;

export interface Page<T> {
	items: T[];
	meta: { totalCount: number; totalPages: number; perPage: number; page: number };
}

export function paginate<T>(items: T[], query: Query): Page<T> {
	const page = query.page ? Number(query.page) : 1;
	const perPage = query.page_size ? Number(query.page_size) : DEFAULT_PAGE_SIZE;
	const totalCount = items.length;
	return {
		items: items.slice((page - 1) * perPage, page * perPage),
		meta: { totalCount, totalPages: Math.ceil(totalCount / perPage), perPage, page },
	};
}

export function dateRange(query: Query): { start: number | null; end: number | null } {
	const errors = new FieldErrors();
	let start: number | null = null;
	let end: number | null = null;
	if (query.date_start !== undefined) {
		start = parseDateBound(query.date_start, false);
		if (start === null) errors.add('date_start', MESSAGES.dateOrDateTime);
	}
	if (query.date_end !== undefined) {
		end = parseDateBound(query.date_end, true);
		if (end === null) errors.add('date_end', MESSAGES.dateOrDateTime);
	}
	if (start !== null && end !== null && end < start)
		errors.add('date_end', 'must not be before date_start');
	errors.throwIfAny();
	return { start, end };
}

export function inRange(
	iso: string | null,
	range: { start: number | null; end: number | null },
): boolean {
	if (range.start === null && range.end === null) return true;
	if (iso === null) return false;
	const t = Date.parse(iso);
	return (range.start === null || t >= range.start) && (range.end === null || t <= range.end);
}

/** An exact-match filter: true when the filter is absent or equal. */
export function equals(value: unknown, filter: unknown): boolean {
	return filter === undefined || value === filter;
}

export function contains(value: string | null, needle: string | undefined): boolean {
	if (needle === undefined) return true;
	return value !== null && value.toLowerCase().includes(needle.toLowerCase());
}

function compareValues(a: unknown, b: unknown): number {
	if (typeof a === 'number' && typeof b === 'number') return a - b;
	const x = String(a).toLowerCase();
	const y = String(b).toLowerCase();
	return x < y ? -1 : x > y ? 1 : 0;
}

/** Sorts by a field with nulls last in both directions; ties by creation order in the same direction. */
export function sortBy<T extends { seq: number }>(
	items: T[],
	field: keyof T,
	dir: 'asc' | 'desc',
): T[] {
	const sign = dir === 'asc' ? 1 : -1;
	return [...items].sort((a, b) => {
		const x = a[field];
		const y = b[field];
		if (x === null && y !== null) return 1;
		if (y === null && x !== null) return -1;
		const c = x === null ? 0 : compareValues(x, y);
		return c !== 0 ? sign * c : sign * (a.seq - b.seq);
	});
}
