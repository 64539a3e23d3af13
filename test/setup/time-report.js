const { machine, notedN8nStarts } = require('../../scripts/machine.js');

/** How many of the slowest suites the report names. */
const SLOWEST = 12;

const seconds = (ms) => (ms / 1000).toFixed(1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * A jest reporter (jest.config.js): at the run's end, where its time went, so that a slow run is
 * explained in its own log: the machine's figures as the run measured them (scripts/machine.js), n8n's
 * start-ups on this machine, and the slowest suites with their seconds.
 */
class TimeReport {
	onRunStart() {
		this.startedAt = Date.now();
	}

	onRunComplete(_contexts, results) {
		process.stderr.write(`${reportLines(results, Date.now() - this.startedAt).join('\n')}\n`);
	}
}

function reportLines(results, wallMs) {
	const run = machine();
	const lines = [
		'',
		"Where the run's time went (test/setup/time-report.js)",
		`  run: ${seconds(wallMs)} s, ${results.numTotalTestSuites} suites, ${results.numTotalTests} tests`,
	];
	if (run.cores !== undefined)
		lines.push(
			`  machine: ${run.cores} cores, ${run.memoryGiB} GiB; calibration ${run.calibrationMs} ms (the developers' machine ${run.referenceMs} ms): slowness ${run.slowness}, ceilings ×${run.slowness}; ${run.workers} workers${process.env.JEST_MAX_WORKERS ? ` (JEST_MAX_WORKERS ${process.env.JEST_MAX_WORKERS})` : ''}`,
		);
	const starts = process.env.FAX_SERVICE_RUN_NOTES
		? notedN8nStarts(process.env.FAX_SERVICE_RUN_NOTES)
		: [];
	const byHost = new Map();
	for (const start of starts) {
		const key = `n8n ${start.host} ${start.command}`;
		byHost.set(key, [...(byHost.get(key) ?? []), start.startupMs]);
	}
	for (const [key, times] of byHost)
		lines.push(
			`  ${key}: ${times.length} start-ups, median ${seconds(median(times))} s, slowest ${seconds(Math.max(...times))} s`,
		);
	const suites = results.testResults
		.map((suite) => ({
			file: suite.testFilePath.replace(`${process.cwd()}/`, ''),
			ms: suite.perfStats.end - suite.perfStats.start,
			failed: suite.numFailingTests > 0 || suite.testExecError !== undefined,
		}))
		.sort((a, b) => b.ms - a.ms);
	lines.push(`  slowest suites (seconds from start to end):`);
	for (const suite of suites.slice(0, SLOWEST))
		lines.push(
			`    ${seconds(suite.ms).padStart(6)}  ${suite.file}${suite.failed ? '  (failed)' : ''}`,
		);
	return lines;
}

module.exports = TimeReport;
module.exports.reportLines = reportLines;
