const Sequencer = require('@jest/test-sequencer').default;

/**
 * The order jest hands files to its workers (several run side by side: jest.config.js `maxWorkers`).
 * The end-to-end suites mostly wait on real n8n processes (start-ups, minute ticks, callbacks), so
 * they go first, the longest first, and the fast CPU-bound suites fill the workers as they free up:
 * the whole run then lasts about as long as its longest e2e suite plus what cannot overlap.
 * Seconds per suite in a whole warm run on a quiet 2-core machine, side by side (2026-11-24, after the
 * suites moved to REST set-up; CONTRIBUTING.md, Tests); a suite not listed counts as 60.
 */
const E2E_SECONDS = {
	'examples.test.ts': 400,
	'n8n-host.test.ts': 355,
	'poll-trigger.test.ts': 335,
	'queue-mode.test.ts': 300,
	'send-and-wait.test.ts': 210,
	'registry-install.test.ts': 145,
	'trigger.test.ts': 125,
	'browser.test.ts': 115,
	'ai-agent.test.ts': 80,
	'trigger-hostile.test.ts': 80,
	'examples-ai.test.ts': 65,
	'mcp.test.ts': 60,
	'trigger-keys.test.ts': 40,
	'example-files.test.ts': 5,
};

class LongestEndToEndFirst extends Sequencer {
	sort(tests) {
		const isEndToEnd = (test) => /[\\/]e2e[\\/]/.test(test.path);
		const seconds = (test) => E2E_SECONDS[test.path.split(/[\\/]/).pop()] ?? 60;
		return [...tests].sort(
			(a, b) => Number(isEndToEnd(b)) - Number(isEndToEnd(a)) || (isEndToEnd(a) ? seconds(b) - seconds(a) : 0) || a.path.localeCompare(b.path),
		);
	}
}

module.exports = LongestEndToEndFirst;
