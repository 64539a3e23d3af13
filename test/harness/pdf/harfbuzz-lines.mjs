/**
 * The visual lines' reference: shapes bidi level runs with HarfBuzz (harfbuzzjs, a dev dependency;
 * ESM, so it runs in its own Node process). Reads {font, runs: [{text, script, direction,
 * features}]} as JSON on stdin (script a four-letter ISO 15924 tag, features HarfBuzz feature
 * strings such as "-kern"), writes each run's glyphs as hb_shape returns them (visual order for RTL)
 * as JSON on stdout: [[glyph, cluster, xAdvance, yAdvance, xOffset, yOffset], ...] per run. Default
 * ignorables (ZWJ, ZWNJ, bidi marks) are removed, as a renderer draws nothing for them.
 */
import { readFileSync } from 'node:fs';
import * as hb from 'harfbuzzjs';

const request = JSON.parse(readFileSync(0, 'utf8'));
const face = new hb.Face(new hb.Blob(readFileSync(request.font)), 0);
const font = new hb.Font(face);
const results = request.runs.map((run) => {
	const buffer = new hb.Buffer();
	buffer.addText(run.text);
	buffer.setDirection(run.direction === 'rtl' ? hb.Direction.RTL : hb.Direction.LTR);
	buffer.setScript(run.script);
	buffer.setFlags(hb.BufferFlag.REMOVE_DEFAULT_IGNORABLES);
	hb.shape(
		font,
		buffer,
		(run.features ?? []).map((feature) => hb.Feature.fromString(feature)),
	);
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
process.stdout.write(JSON.stringify({ version: hb.versionString(), upem: face.upem, results }));
