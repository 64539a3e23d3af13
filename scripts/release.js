'use strict';
/**
 * `npm run release`: publishes the package from GitHub Actions (.github/workflows/publish.yml) with an
 * npm provenance statement, and nowhere else. Checks that the pushed tag, package.json's version and
 * CHANGELOG.md agree; runs lint, typecheck, build and the package gate (test/package/: n8n's scanner
 * rules on the source and on the packed files, the tarball's file list); packs once and publishes
 * that very tarball with `npm publish --provenance`.
 *
 * `node scripts/release.js --guard` is package.json's prepublishOnly: a hand `npm publish` of the
 * folder stops there (publishing a .tgz runs no scripts: the release publishes the tarball it checked).
 */

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..');
const { name, version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

function fail(message) {
	console.error(`release: ${message}`);
	process.exit(1);
}

/** Why this release may not go ahead, or null: the tag must be the version, the CHANGELOG must have its section. */
function releaseProblem(env = process.env) {
	if (env.GITHUB_ACTIONS !== 'true') {
		return 'releases are published by .github/workflows/publish.yml (push a version tag), with npm provenance; not from this machine.';
	}
	if (env.GITHUB_REF_TYPE !== 'tag' || env.GITHUB_REF_NAME !== version) {
		return `the tag (${env.GITHUB_REF_TYPE} "${env.GITHUB_REF_NAME}") is not package.json's version ${version}.`;
	}
	const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
	if (!new RegExp(`^## \\[?${version.replace(/\./g, '\\.')}\\]?( |$)`, 'm').test(changelog)) {
		return `CHANGELOG.md has no "## ${version}" section.`;
	}
	return null;
}

function run(command, args, options = {}) {
	console.log(`release: $ ${command} ${args.join(' ')}`);
	const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
	if (result.status !== 0) fail(`${command} ${args.join(' ')} failed (exit ${result.status}).`);
	return result;
}

function release() {
	const problem = releaseProblem();
	if (problem) fail(problem);
	run('npm', ['run', 'lint']);
	run('npm', ['run', 'typecheck']);
	run('npm', ['run', 'build']);
	run('npx', ['jest', 'test/package']);
	const packDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-service-release-'));
	run('npm', ['pack', '--pack-destination', packDir]);
	const tarball = path.join(packDir, `${name}-${version}.tgz`);
	if (!fs.existsSync(tarball)) fail(`npm pack did not write ${tarball}.`);
	run('npm', ['publish', tarball, '--provenance', '--access', 'public']);
}

if (require.main === module) {
	if (process.argv.includes('--guard')) {
		fail(
			'`npm publish` by hand is refused: push a version tag; .github/workflows/publish.yml runs `npm run release` (CONTRIBUTING.md, "Releasing").',
		);
	}
	release();
}

module.exports = { releaseProblem };
