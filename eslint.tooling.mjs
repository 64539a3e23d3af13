// The lint of the dev tooling beside the package (sandbox/, test/, scripts/, bench/): plain JS and
// TypeScript recommended rules. n8n's community-node rules (root eslint.config.mjs, n8n-node's exact
// default) are meant for code that runs inside n8n; this code runs in Node (servers, child processes,
// timers). Each of those folders has an eslint.config.mjs that re-exports this one; ESLint uses it for
// their files when it looks configs up from the linted file (ESLINT_FLAGS=unstable_config_lookup_from_file,
// set by `npm run lint`). CONTRIBUTING.md ("Lint and n8n Cloud eligibility") says why.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const NODE_GLOBALS = {
	process: 'readonly',
	console: 'readonly',
	Buffer: 'readonly',
	setTimeout: 'readonly',
	clearTimeout: 'readonly',
	setInterval: 'readonly',
	clearInterval: 'readonly',
	URL: 'readonly',
	fetch: 'readonly',
	FormData: 'readonly',
	Blob: 'readonly',
};

export default tseslint.config(
	{
		files: ['**/*.ts'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
	},
	{
		files: ['**/*.js', '**/*.cjs'],
		extends: [js.configs.recommended],
		languageOptions: {
			sourceType: 'commonjs',
			globals: { ...NODE_GLOBALS, require: 'readonly', module: 'writable', __dirname: 'readonly' },
		},
	},
	{
		files: ['**/*.mjs'],
		extends: [js.configs.recommended],
		languageOptions: { sourceType: 'module', globals: NODE_GLOBALS },
	},
);
