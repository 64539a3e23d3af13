const Sequencer = require('@jest/test-sequencer').default;

/**
 * The order jest hands files to its workers (several run side by side: jest.config.js `maxWorkers`).
 * The end-to-end suites mostly wait on real n8n processes (start-ups, minute ticks, callbacks), so
 * they go first, the longest first, and the fast CPU-bound suites fill the workers as they free up:
 * the whole run then lasts about as long as its longest e2e suite plus what cannot overlap.
 * Seconds per suite in a run on a quiet 2-core machine, side by side (three workers, 1504 tests;
 * CONTRIBUTING.md, Tests); a suite not listed counts as 60. The polling trigger is longest
 * because it waits for n8n's minute ticks, so it starts first and the others overlap its waits.
 */
const E2E_SECONDS = {
	'poll-trigger.test.ts': 445,
	'examples.test.ts': 193,
	'send-and-wait.test.ts': 170,
	'queue-mode.test.ts': 141,
	'patient-data.test.ts': 115,
	'retry-and-stop.test.ts': 125,
	'n8n-host.test.ts': 152,
	// Both pinned hosts; its polling tick waits up to a minute per host.
	'compat.test.ts': 151,
	'trigger.test.ts': 138,
	'registry-install.test.ts': 192,
	'browser.test.ts': 100,
	// 2026-11-26: 50-60 s alone, 77 s beside browser.test.ts and examples-form.test.ts.
	'browser-editor.test.ts': 126,
	// 2026-11-28: 71-84 s alone (n8n 2.x, Chromium, the three README pictures).
	'browser-docs.test.ts': 85,
	// Both hosts, ~20 s each once n8n is up.
	'error-output.test.ts': 50,
	'ai-agent.test.ts': 15,
	'examples-ai.test.ts': 15,
	// 2.x only; most of it the 1-minute Limit Wait Time running out.
	'examples-ai-approval.test.ts': 84,
	'approval-workflow.test.ts': 16,
	'examples-form.test.ts': 12,
	'examples-packet.test.ts': 12,
	'redirects-and-links.test.ts': 40,
	'trigger-hostile.test.ts': 38,
	'trigger-keys.test.ts': 17,
	'mcp.test.ts': 10,
	'ai-letter.test.ts': 20,
	'example-files.test.ts': 5,
	// 2026-11-28: the suites on the run's shared n8n (scripts/n8n-host/shared.js) start none of their
	// own: ai-agent, ai-letter, approval-workflow, error-output, examples-ai, -form, -packet, mcp,
	// redirects-and-links and trigger-keys above are their times on it, side by side.
	'shared-host.test.ts': 15,
};

/**
 * The other suites that take longest (seconds in a whole run, 2026-11-28): they start first among the
 * rest, so that the run does not end on one of them while the other workers have nothing left (the
 * package suites began ~45 s before the run's end when they were ordered by path). A suite not listed
 * counts as 0 and runs in path order.
 */
const OTHER_SECONDS = {
	'corpus.test.ts': 49,
	'bilevel.test.ts': 47,
	'tarball.test.ts': 44,
	'n8n-node.test.ts': 44,
	'three-documents-and-refused.test.ts': 40,
	'retry-on-fail.test.ts': 23,
	'faults.test.ts': 20,
	'xref.test.ts': 19,
	'stop.test.ts': 17,
	'poll-trigger-ai.test.ts': 17,
};

class LongestEndToEndFirst extends Sequencer {
	sort(tests) {
		const isEndToEnd = (test) => /[\\/]e2e[\\/]/.test(test.path);
		const file = (test) => test.path.split(/[\\/]/).pop();
		const seconds = (test) =>
			isEndToEnd(test) ? (E2E_SECONDS[file(test)] ?? 60) : (OTHER_SECONDS[file(test)] ?? 0);
		return [...tests].sort(
			(a, b) =>
				Number(isEndToEnd(b)) - Number(isEndToEnd(a)) ||
				seconds(b) - seconds(a) ||
				a.path.localeCompare(b.path),
		);
	}
}

module.exports = LongestEndToEndFirst;
