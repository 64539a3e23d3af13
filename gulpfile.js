// Copies what tsc does not emit into dist/: the icons and the nodes' codex (.node.json) files.
const { src, dest, parallel } = require('gulp');

function copyIcons() {
	return src(['icons/**/*.svg', 'icons/**/*.png']).pipe(dest('dist/icons'));
}

function copyNodeAssets() {
	return src(['nodes/**/*.{png,svg,json}']).pipe(dest('dist/nodes'));
}

exports['build:assets'] = parallel(copyIcons, copyNodeAssets);
