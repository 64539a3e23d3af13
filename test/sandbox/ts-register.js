// Lets a plain `node` process run the TypeScript sources (used to start sandbox/cli.ts in tests
// without a build step): each .ts file is transpiled on load, without type checking.
const fs = require('fs');
const ts = require('typescript');

require.extensions['.ts'] = function (module, filename) {
	const source = fs.readFileSync(filename, 'utf8');
	const { outputText } = ts.transpileModule(source, {
		fileName: filename,
		compilerOptions: {
			module: ts.ModuleKind.CommonJS,
			target: ts.ScriptTarget.ES2022,
			esModuleInterop: true,
		},
	});
	module._compile(outputText, filename);
};
