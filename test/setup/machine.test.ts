/**
 * How the run adapts to its machine (scripts/machine.js) and what it says at its end
 * (test/setup/time-report.js): workers and ceilings from the calibration, and the report's figures.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { availableParallelism } from 'os';

import {
	calibrateMachine,
	ceiling,
	machine,
	noteN8nStart,
	REFERENCE_MS,
	shapeRun,
	type RunShape,
} from '../../scripts/machine';
import { reportLines } from './time-report';

const GiB = 1024 ** 3;

describe('the run a machine gets', () => {
	test("the developers' machine, and its spread, keeps five workers on two cores and the ceilings as written", () => {
		for (const calibrationMs of [REFERENCE_MS * 0.7, REFERENCE_MS, REFERENCE_MS * 1.3]) {
			const run = shapeRun({ cores: 2, memoryBytes: 24 * GiB, calibrationMs });
			expect(run.workers).toBe(5);
			expect(run.slowness).toBe(
				Math.max(1, Math.round((calibrationMs / REFERENCE_MS) * 100) / 100),
			);
		}
	});

	test('a machine half as fast gets two workers and ceilings twice as long', () => {
		const run = shapeRun({ cores: 2, memoryBytes: 24 * GiB, calibrationMs: REFERENCE_MS * 2 });
		expect(run).toMatchObject({ slowness: 2, workers: 2 });
	});

	test('more cores carry more workers; memory caps them; there is always one', () => {
		expect(shapeRun({ cores: 8, memoryBytes: 64 * GiB, calibrationMs: REFERENCE_MS }).workers).toBe(
			20,
		);
		expect(shapeRun({ cores: 8, memoryBytes: 8 * GiB, calibrationMs: REFERENCE_MS }).workers).toBe(
			2,
		);
		expect(
			shapeRun({ cores: 1, memoryBytes: 2 * GiB, calibrationMs: REFERENCE_MS * 4 }).workers,
		).toBe(1);
	});

	test('the calibration measures this machine: one thread per core, a positive wall time', async () => {
		const run = await calibrateMachine();
		expect(run.cores).toBe(availableParallelism());
		expect(run.calibrationMs).toBeGreaterThan(0);
		expect(run.workers).toBeGreaterThanOrEqual(1);
	});

	test("every worker reads the run's one calibration, and ceilings scale by it", () => {
		const noted = JSON.parse(process.env.FAX_SERVICE_MACHINE ?? 'null') as RunShape | null;
		expect(noted).not.toBeNull();
		expect(machine()).toEqual(noted);
		expect(ceiling(60_000)).toBe(Math.round(60_000 * noted!.slowness));
	});
});

describe("the run's report", () => {
	let notes: string;
	const saved = process.env.FAX_SERVICE_RUN_NOTES;

	beforeEach(() => {
		notes = mkdtempSync(join(tmpdir(), 'fax-service-report-test-'));
		process.env.FAX_SERVICE_RUN_NOTES = notes;
	});

	afterEach(() => {
		process.env.FAX_SERVICE_RUN_NOTES = saved;
		rmSync(notes, { recursive: true, force: true });
	});

	test("names the slowest suites first with their seconds, the failed ones marked, and n8n's start-ups per host", () => {
		noteN8nStart({ host: '2.41.1', command: 'start', readyMs: 9000, startupMs: 10000 });
		noteN8nStart({ host: '2.41.1', command: 'start', readyMs: 20000, startupMs: 24000 });
		noteN8nStart({ host: '2.41.1', command: 'start', readyMs: 11000, startupMs: 12000 });
		const suite = (file: string, seconds: number, failing = 0) => ({
			testFilePath: join(process.cwd(), file),
			perfStats: { start: 1000, end: 1000 + seconds * 1000 },
			numFailingTests: failing,
		});
		const lines = reportLines(
			{
				numTotalTestSuites: 3,
				numTotalTests: 9,
				testResults: [
					suite('test/a.test.ts', 3),
					suite('test/b.test.ts', 120, 1),
					suite('test/c.test.ts', 40),
				],
			},
			130_000,
		);
		const text = lines.join('\n');
		expect(text).toContain('run: 130.0 s, 3 suites, 9 tests');
		expect(text).toContain('n8n 2.41.1 start: 3 start-ups, median 12.0 s, slowest 24.0 s');
		expect(text).toMatch(/slowness [\d.]+, ceilings ×[\d.]+; \d+ workers/);
		const order = lines
			.filter((line) => /^\s+[\d.]+ {2}test\//.test(line))
			.map((line) => line.trim());
		expect(order).toEqual([
			'120.0  test/b.test.ts  (failed)',
			'40.0  test/c.test.ts',
			'3.0  test/a.test.ts',
		]);
	});
});
