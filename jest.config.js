/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
	},
	setupFiles: ['<rootDir>/test/setup/env.ts'],
	testTimeout: 30000,
	// The end-to-end suites start real n8n processes: run them after the fast suites.
	testSequencer: '<rootDir>/test/setup/sequencer.js',
};
