'use strict';
/** Reads n8n run data: the run `n8n execute --rawOutput` prints, and the items a node produced in a run. */

const { stripAnsi } = require('./util');

/** Parses `n8n execute --rawOutput` stdout: the JSON follows the log lines. */
function parseRawOutput(stdout) {
	const lines = stripAnsi(stdout).split('\n');
	for (let start = 0; start < lines.length; start++) {
		if (!lines[start].startsWith('{')) continue;
		for (let end = lines.length; end > start; end--) {
			if (!/^[}\]]\s*$/.test(lines[end - 1]) && end !== start + 1) continue;
			try {
				return JSON.parse(lines.slice(start, end).join('\n'));
			} catch {
				// not this span
			}
		}
	}
	return undefined;
}

/**
 * The json of the items a node produced: from an execute() result or an executions() entry.
 * Last run of the node, given output (default 0).
 */
function itemsOf(run, nodeName, { output = 0, runIndex } = {}) {
	const data = run && (run.data && run.data.resultData ? run.data : run);
	const runs =
		data && data.resultData && data.resultData.runData && data.resultData.runData[nodeName];
	if (!runs || runs.length === 0) return undefined;
	const task = runs[runIndex === undefined ? runs.length - 1 : runIndex];
	const main = task && task.data && task.data.main;
	if (!main || !main[output]) return [];
	return main[output].map((item) => item.json);
}

module.exports = { parseRawOutput, itemsOf };
