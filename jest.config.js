/** @type {import('jest').Config} */
module.exports = {
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
	testTimeout: 30000,
	// Suites run side by side: the end-to-end ones often wait on real n8n processes (minute ticks, the
	// wait tracker, callbacks), each on its own ports and folders. Five workers on the 2-core machine:
	// the polling-trigger suite waits on minute ticks for most of the run, and with four the CPU sat
	// idle ~20% of the first three minutes (CONTRIBUTING.md, Tests, measured);
	// JEST_MAX_WORKERS sets another number, `--runInBand` one at a time.
	maxWorkers: Number(process.env.JEST_MAX_WORKERS ?? 5),
	// The longest end-to-end suites first, the fast ones filling in (test/setup/sequencer.js).
	testSequencer: '<rootDir>/test/setup/sequencer.js',
};
