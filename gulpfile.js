// Empties dist/ before tsc (a module moved or removed must not linger there, where require() would
// still find it), and copies what tsc does not emit into dist/: the icons and the nodes' codex (.node.json) files.
const fs = require('fs');
const { src, dest, parallel } = require('gulp');

function clean(done) {
	fs.rmSync('dist', { recursive: true, force: true });
	done();
}

function copyIcons() {
	return src(['icons/**/*.svg', 'icons/**/*.png']).pipe(dest('dist/icons'));
}

function copyNodeAssets() {
	return src(['nodes/**/*.{png,svg,json}']).pipe(dest('dist/nodes'));
}

exports['build:clean'] = clean;
exports['build:assets'] = parallel(copyIcons, copyNodeAssets);
