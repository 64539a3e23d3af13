/** Types of test/setup/time-report.js for its suite. */
export function reportLines(results: object, wallMs: number): string[];
