// Runs n8n's verification scanner rules (@n8n/scan-community-package, the ESLint gate n8n runs before
// it verifies a community package) on a folder, as its analyzePackageByName does for each of its two
// legs, and prints the result as JSON: `node scan-package.mjs <folder> source|tarball|all`.
//   source:  the package's source tree, with the scanner's SOURCE_FILE_PATTERNS (nodes, credentials, package.json)
//   tarball: the unpacked published files, compiled .js and package.json (the scanner's own tarball leg)
//   all:     every .js, .ts and .json file (analyzePackage's default patterns)
// A child process: the scanner is an ES module, which jest's CommonJS runtime cannot import.
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const LEGS = { source: SOURCE_FILE_PATTERNS, tarball: ['**/*.js', 'package.json'], all: undefined };

const [folder, leg] = process.argv.slice(2);
if (!folder || !(leg in LEGS)) {
	console.error(`usage: node scan-package.mjs <folder> ${Object.keys(LEGS).join('|')}`);
	process.exit(2);
}
const result = await analyzePackage(folder, LEGS[leg]);
process.stdout.write(
	`${JSON.stringify({ passed: result.passed, message: result.message ?? null, details: result.details ?? null, patterns: LEGS[leg] ?? null })}\n`,
);
