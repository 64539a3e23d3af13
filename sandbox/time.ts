/** Timestamps as the API writes them (ISO 8601, UTC). */
export function nowIso(ms = Date.now()): string {
	return new Date(ms).toISOString();
}

export function addDays(ms: number, days: number): number {
	return ms + days * 24 * 60 * 60 * 1000;
}
