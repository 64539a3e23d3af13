const Sequencer = require('@jest/test-sequencer').default;

/**
 * The order jest hands files to its workers (several run side by side: jest.config.js `maxWorkers`).
 * The end-to-end suites mostly wait on real n8n processes (start-ups, minute ticks, callbacks), so
 * they go first, the longest first, and the fast CPU-bound suites fill the workers as they free up:
 * the whole run then lasts about as long as its longest e2e suite plus what cannot overlap.
 * Seconds per suite in a whole run on a quiet 2-core machine, side by side (CONTRIBUTING.md, Tests); a
 * suite not listed counts as 60.
 */
const E2E_SECONDS = {
	'examples.test.ts': 510,
	'queue-mode.test.ts': 420,
	'n8n-host.test.ts': 415,
	'poll-trigger.test.ts': 405,
	'send-and-wait.test.ts': 400,
	'trigger.test.ts': 320,
	'registry-install.test.ts': 260,
	'mcp.test.ts': 200,
	'browser.test.ts': 150,
	'ai-agent.test.ts': 145,
	'trigger-hostile.test.ts': 105,
	'examples-ai.test.ts': 90,
	'trigger-keys.test.ts': 85,
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
