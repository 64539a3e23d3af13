/**
 * What test/unit/ promises: pure suites, runnable alone in seconds (`npm run test:quick`). No suite here,
 * nor any test module it imports, starts an outside program or opens a socket; those suites live in
 * test/integration/ (qpdf, poppler, Ghostscript, ReportLab, tiffcp), test/sandbox/ and test/nodes/
 * (the sandbox over loopback) and test/e2e/ (real n8n).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const TEST = path.resolve(__dirname, '..');
const UNIT = __dirname;
/** Modules that start programs or open sockets, and the project's own modules that do. */
const IMPURE =
	/^(node:)?(child_process|net|http|https|dgram|tls|worker_threads)$|[\\/]sandbox([\\/]index)?$|[\\/]harness[\\/](pdf-reader|engine|fault-proxy|model-server|smtp-server|poller)$/;

function filesUnder(folder: string): string[] {
	return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(folder, entry.name);
		return entry.isDirectory() ? filesUnder(full) : entry.name.endsWith('.ts') ? [full] : [];
	});
}

/** Every import of a test module, and of the test modules (under test/) it imports in turn. */
function importsOf(
	file: string,
	seen = new Set<string>(),
): Array<{ from: string; specifier: string }> {
	if (seen.has(file)) return [];
	seen.add(file);
	const found = ts
		.preProcessFile(fs.readFileSync(file, 'utf8'), true, false)
		.importedFiles.map((imported) => ({ from: file, specifier: imported.fileName }));
	const requires = [
		...fs.readFileSync(file, 'utf8').matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g),
	].map((match) => ({ from: file, specifier: match[1] }));
	const nested = [...found, ...requires].flatMap(({ specifier }) => {
		if (!specifier.startsWith('.')) return [];
		const base = path.resolve(path.dirname(file), specifier);
		const target = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) =>
			fs.existsSync(candidate),
		);
		return target !== undefined && target.startsWith(TEST + path.sep)
			? importsOf(target, seen)
			: [];
	});
	return [...found, ...requires, ...nested];
}

describe('test/unit/', () => {
	const suites = filesUnder(UNIT).filter((file) => file.endsWith('.test.ts'));

	test('holds the pure suites', () => {
		expect(suites.length).toBeGreaterThan(15);
	});

	test('no suite starts a program or opens a socket, itself or through a test module it imports', () => {
		const impure = suites.flatMap((suite) =>
			importsOf(suite)
				.filter(({ specifier }) => IMPURE.test(specifier))
				.map(
					({ from, specifier }) =>
						`${path.relative(TEST, suite)}: ${path.relative(TEST, from)} imports ${specifier}`,
				),
		);
		expect(impure).toEqual([]);
	});

	test('would catch one that does (the rule itself)', () => {
		expect(
			[
				'child_process',
				'node:child_process',
				'net',
				'../../sandbox',
				'../harness/pdf-reader',
			].filter((specifier) => IMPURE.test(specifier)),
		).toHaveLength(5);
		expect(
			['fs', 'path', 'node:zlib', '../../nodes/shared/pdf', '../harness/pdf/handmade'].filter(
				(specifier) => IMPURE.test(specifier),
			),
		).toEqual([]);
	});
});
