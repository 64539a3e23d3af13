const Sequencer = require('@jest/test-sequencer').default;

/**
 * The order jest hands files to its workers (several run side by side: jest.config.js `maxWorkers`).
 * The end-to-end suites mostly wait on real n8n processes (start-ups, minute ticks, callbacks), so
 * they go first, the longest first, and the fast CPU-bound suites fill the workers as they free up:
 * the whole run then lasts about as long as its longest e2e suite plus what cannot overlap.
 * Seconds per suite in a whole run on the 2-core machine, side by side (2026-11-28, 1,728 tests;
 * CONTRIBUTING.md, Tests); a suite not listed counts as 60. The polling trigger is longest
 * because it waits for n8n's minute ticks, so it starts first and the others overlap its waits.
 * The suites on the run's shared n8n (scripts/n8n-host/shared.js) start none of their own.
 */
const E2E_SECONDS = {
	'poll-trigger.test.ts': 462,
	'queue-mode.test.ts': 213,
	'send-and-wait.test.ts': 175,
	'n8n-host.test.ts': 174,
	// On the shared n8n; most of it the polling example's minute tick.
	'examples.test.ts': 140,
	'trigger.test.ts': 128,
	'browser-editor.test.ts': 119,
	// On the shared n8n; the 200-fax Stop and Timeout and their 30 s of "nothing more".
	'retry-and-stop.test.ts': 118,
	'patient-data.test.ts': 112,
	// Both hosts on the shared n8n, the scripted model's turns (2026-11-28, alone: 74 s and 80–115 s).
	'ai-patient-data.test.ts': 110,
	'browser-docs.test.ts': 104,
	'registry-install.test.ts': 91,
	// 2.x only; most of it the 1-minute Limit Wait Time running out.
	'examples-ai-approval.test.ts': 72,
	'browser.test.ts': 63,
	// Both pinned hosts; the package packed once for the run (test/harness/package-tarball.ts).
	'compat.test.ts': 53,
	'trigger-hostile.test.ts': 36,
	'error-output.test.ts': 27,
	'ai-letter.test.ts': 24,
	'redirects-and-links.test.ts': 19,
	'trigger-keys.test.ts': 17,
	'approval-workflow.test.ts': 12,
	'examples-packet.test.ts': 10,
	'mcp.test.ts': 8,
	'examples-form.test.ts': 7,
	'examples-ai.test.ts': 6,
	'shared-host.test.ts': 6,
	'ai-agent.test.ts': 5,
	'example-files.test.ts': 5,
};

/**
 * The other suites that take longest (seconds in a whole run, 2026-11-28): they start first among the
 * rest, so that the run does not end on one of them while the other workers have nothing left (the
 * package suites began ~45 s before the run's end when they were ordered by path). A suite not listed
 * counts as 0 and runs in path order.
 */
const OTHER_SECONDS = {
	'corpus.test.ts': 49,
	// Unicode's 770,241 BidiTest runs and 91,707 BidiCharacterTest cases.
	'bidi-conformance.test.ts': 15,
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
