/** Types of scripts/machine.js for the TypeScript suites. */
export interface RunShape {
	cores: number;
	memoryGiB: number;
	calibrationMs: number;
	referenceMs: number;
	slowness: number;
	workers: number;
}
export interface N8nStart {
	host: string | number;
	command: string;
	readyMs: number;
	startupMs: number;
}
export const REFERENCE_MS: number;
export function calibrateMachine(): Promise<RunShape>;
export function shapeRun(measure: {
	cores: number;
	memoryBytes: number;
	calibrationMs: number;
}): RunShape;
export function machine(): RunShape;
export function ceiling(ms: number): number;
export function noteN8nStart(start: N8nStart): void;
export function notedN8nStarts(dir: string): N8nStart[];
