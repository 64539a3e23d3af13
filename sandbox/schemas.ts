import { E164_PATTERN } from './errors';

/** JSON-schema fragments that several routes' schemas share. */

export const e164 = { type: 'string', pattern: E164_PATTERN };
export const pageQuery = {
	page: { type: 'string', pattern: '^[1-9]\\d*$' },
	page_size: { type: 'string', pattern: '^(100|[1-9]\\d?)$' },
};
/** Shape only; the calendar and the zone are checked by parseDateBound. */
export const dateQuery = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}(T.*)?$' };
export const booleanQuery = { type: 'string', enum: ['true', 'false'] };
