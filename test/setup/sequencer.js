const Sequencer = require('@jest/test-sequencer').default;

/**
 * The order jest hands files to its workers (several run side by side: jest.config.js `maxWorkers`).
 * The end-to-end suites mostly wait on real n8n processes (start-ups, minute ticks, callbacks), so
 * they go first, the longest first, and the fast CPU-bound suites fill the workers as they free up:
 * the whole run then lasts about as long as its longest e2e suite plus what cannot overlap.
 * Seconds per suite on an idle 2-core machine (CONTRIBUTING.md, Tests); a suite not listed counts as 60.
 */
const E2E_SECONDS = {
	'poll-trigger.test.ts': 280,
	'examples.test.ts': 215,
	'send-and-wait.test.ts': 200,
	'queue-mode.test.ts': 120,
	'n8n-host.test.ts': 105,
	'trigger.test.ts': 70,
	'ai-agent.test.ts': 200,
	'mcp.test.ts': 100,
	'examples-ai.test.ts': 140,
	'registry-install.test.ts': 125,
	'browser.test.ts': 55,
	'trigger-hostile.test.ts': 45,
	'trigger-keys.test.ts': 30,
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
