const { calibrateMachine, ceiling } = require('./scripts/machine.js');

/**
 * The run adapts to the machine (scripts/machine.js, CONTRIBUTING.md "How the suite adapts"): measured
 * once here, noted in the environment every worker and n8n inherits.
 * @returns {Promise<import('jest').Config>}
 */
module.exports = async () => {
	if (!process.env.FAX_SERVICE_MACHINE)
		process.env.FAX_SERVICE_MACHINE = JSON.stringify(await calibrateMachine());
	const machine = JSON.parse(process.env.FAX_SERVICE_MACHINE);
	return {
		// Node's, with a new connection for each fetch (test/setup/environment.js says why).
		testEnvironment: '<rootDir>/test/setup/environment.js',
		roots: ['<rootDir>/test'],
		testMatch: ['**/*.test.ts'],
		transform: {
			'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
		},
		setupFiles: ['<rootDir>/test/setup/env.ts'],
		// The run's shared n8n per host (scripts/n8n-host/shared.js): where they note themselves, and their end.
		globalSetup: '<rootDir>/test/setup/global-setup.js',
		globalTeardown: '<rootDir>/test/setup/global-teardown.js',
		// A test's own ceiling; the slower the machine, the longer (scripts/machine.js `ceiling`).
		testTimeout: ceiling(30000),
		// Suites run side by side: the end-to-end ones often wait on real n8n processes (minute ticks, the
		// wait tracker, callbacks), each on its own ports and folders. As many as the machine's cores and
		// memory carry (five on the developers' two cores); JEST_MAX_WORKERS sets another number,
		// `--runInBand` one at a time.
		maxWorkers: Number(process.env.JEST_MAX_WORKERS ?? machine.workers),
		// The longest end-to-end suites first, the fast ones filling in (test/setup/sequencer.js).
		testSequencer: '<rootDir>/test/setup/sequencer.js',
		// At the end: the slowest suites, n8n's start times and the machine's figures (test/setup/time-report.js).
		reporters: ['default', '<rootDir>/test/setup/time-report.js'],
	};
};
