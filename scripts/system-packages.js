#!/usr/bin/env node
/**
 * The Debian packages the test suites need beside npm's, in one list.
 *   node scripts/system-packages.js            checks them (npm test's pretest): names what is missing and how to install it
 *   node scripts/system-packages.js --install  installs the missing ones with apt-get (as root; .ci/run does this,
 *                                              and GitHub's workflows run it with sudo before .ci/run)
 *   node scripts/system-packages.js --list     prints every package's name, one a line
 * Required as a module, it runs nothing and exports PACKAGES (test/package/workflows.test.ts reads it).
 */
const { execFileSync, spawnSync } = require('child_process');
const { existsSync, readdirSync } = require('fs');

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Each package: what needs it, and how to tell it is there. `optional`: the tests pass without it. */
const PACKAGES = [
	{
		name: 'chromium',
		for: 'the browser suite (the n8n editor)',
		present: () => onPath('chromium'),
	},
	{
		name: 'postgresql',
		for: 'the queue-mode suite',
		present: () =>
			existsSync('/usr/lib/postgresql') &&
			readdirSync('/usr/lib/postgresql').some((version) =>
				existsSync(`/usr/lib/postgresql/${version}/bin/initdb`),
			),
	},
	{ name: 'redis-server', for: 'the queue-mode suite', present: () => onPath('redis-server') },
	{ name: 'qpdf', for: 'every PDF check (qpdf --check)', present: () => onPath('qpdf') },
	{
		name: 'poppler-utils',
		for: 'reading PDFs back (pdftotext, pdfinfo, pdftoppm, pdfimages, pdffonts)',
		present: () => onPath('pdftotext') && onPath('pdftoppm') && onPath('pdffonts'),
	},
	{
		name: 'libtiff-tools',
		for: 'the TIFF suites (tiffcp, tiffdump)',
		present: () => onPath('tiffcp'),
	},
	{ name: 'ghostscript', for: "the corpus of other producers' PDFs", present: () => onPath('gs') },
	{
		name: 'python3-reportlab',
		for: "the corpus of other producers' PDFs",
		present: () => spawnSync('/usr/bin/python3', ['-c', 'import reportlab']).status === 0,
	},
	{
		name: 'imagemagick',
		// /usr/bin's: a stand-in `convert` elsewhere on PATH (as on some machines) is not ImageMagick.
		for: 'making the image fixtures and reading images as a reference decoder',
		present: () => existsSync('/usr/bin/convert'),
	},
	{
		name: 'libjpeg-turbo-progs',
		for: 'JPEG fixtures (cjpeg: progressive, arithmetic, greyscale) and the reference decoder (djpeg)',
		present: () => onPath('cjpeg') && onPath('djpeg'),
	},
	{
		name: 'libimage-exiftool-perl',
		for: "the JPEG fixtures' eight EXIF orientations",
		present: () => onPath('exiftool'),
	},
	{
		name: 'img2pdf',
		for: 'the image bench (the reference lossless converter)',
		present: () => onPath('img2pdf'),
	},
	{
		name: 'python3-fonttools',
		for: "the variable-font suite (fontTools' instancer is the reference)",
		present: () =>
			spawnSync('/usr/bin/python3', ['-c', 'import fontTools.varLib.instancer']).status === 0,
	},
	{
		name: 'libsqlite3-dev',
		for: "building the n8n hosts' sqlite3 against Debian's SQLite (30 s instead of minutes)",
		present: () => existsSync('/usr/include/sqlite3.h'),
		optional: true,
	},
];

if (require.main === module) main();
module.exports = { PACKAGES };

function main() {
	if (process.argv.includes('--list')) {
		console.log(PACKAGES.map((pkg) => pkg.name).join('\n'));
		process.exit(0);
	}
	const missing = PACKAGES.filter((pkg) => !pkg.present());
	if (process.argv.includes('--install')) install(missing);
	else check(missing);
}

/** Installs the missing packages with apt-get, which only root may run. */
function install(missing) {
	if (missing.length === 0) process.exit(0);
	if (!onPath('apt-get')) {
		console.error(`No apt-get here; install by hand: ${missing.map((pkg) => pkg.name).join(' ')}`);
		process.exit(1);
	}
	if (process.getuid() !== 0) {
		console.error(
			[
				`Missing Debian packages: ${missing.map((pkg) => pkg.name).join(' ')}. apt-get needs root:`,
				'  sudo "$(command -v node)" scripts/system-packages.js --install',
			].join('\n'),
		);
		process.exit(1);
	}
	const names = missing.map((pkg) => pkg.name);
	console.log(`Installing the Debian packages the tests need: ${names.join(' ')}`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
	execFileSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: 'inherit', env });
	const still = PACKAGES.filter((pkg) => !pkg.optional && !pkg.present());
	if (still.length > 0) {
		console.error(`Still missing after apt-get: ${still.map((pkg) => pkg.name).join(' ')}`);
		process.exit(1);
	}
	process.exit(0);
}

/** Names what is missing and how to install it (npm test's pretest); fails when a required one is. */
function check(missing) {
	const required = missing.filter((pkg) => !pkg.optional);
	for (const pkg of missing.filter((pkg) => pkg.optional))
		console.log(`Optional Debian package missing: ${pkg.name} (${pkg.for}).`);
	if (required.length > 0) {
		console.error(
			[
				'The tests need these Debian packages, which are missing:',
				...required.map((pkg) => `  ${pkg.name}: ${pkg.for}`),
				'Install them with: sudo node scripts/system-packages.js --install',
				`(or: sudo apt-get install ${missing.map((pkg) => pkg.name).join(' ')})`,
			].join('\n'),
		);
		process.exit(1);
	}
}
