/**
 * The shaping reference: shapes runs with HarfBuzz (harfbuzzjs, a dev dependency; ESM, so it runs in its own
 * Node process). Reads {font, runs: [{text, script, language, direction}]} as JSON on stdin, writes
 * each run's glyphs as HarfBuzz returns them (visual order for RTL) as JSON on stdout:
 * [[glyph, cluster, xAdvance, yAdvance, xOffset, yOffset], ...] per run.
 */
import { readFileSync } from 'node:fs';
import * as hb from 'harfbuzzjs';

const request = JSON.parse(readFileSync(0, 'utf8'));
const face = new hb.Face(new hb.Blob(readFileSync(request.font)), 0);
const font = new hb.Font(face);
const SCRIPTS = { Arabic: 'Arab', Hebrew: 'Hebr' };
const results = request.runs.map((run) => {
	const buffer = new hb.Buffer();
	buffer.addText(run.text);
	buffer.setDirection(run.direction === 'ltr' ? hb.Direction.LTR : hb.Direction.RTL);
	buffer.setScript(SCRIPTS[run.script]);
	if (run.language) buffer.setLanguage(run.language);
	hb.shape(font, buffer);
	return buffer
		.getGlyphInfosAndPositions()
		.map((glyph) => [
			glyph.codepoint,
			glyph.cluster,
			glyph.xAdvance,
			glyph.yAdvance,
			glyph.xOffset,
			glyph.yOffset,
		]);
});
process.stdout.write(JSON.stringify({ version: hb.versionString(), results }));
