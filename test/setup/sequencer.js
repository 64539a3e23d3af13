const Sequencer = require('@jest/test-sequencer').default;

/** Fast suites first, the end-to-end suites (real n8n processes, a browser) last. */
class FastFirstSequencer extends Sequencer {
	sort(tests) {
		const isEndToEnd = (test) => /[\\/]e2e[\\/]/.test(test.path);
		return [...tests].sort((a, b) => Number(isEndToEnd(a)) - Number(isEndToEnd(b)) || a.path.localeCompare(b.path));
	}
}

module.exports = FastFirstSequencer;
