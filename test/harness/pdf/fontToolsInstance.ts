/**
 * The reference a variable font's instance is checked against: Debian's fontTools (python3-fonttools)
 * makes the static instance (`python3 -m fontTools.varLib.instancer font.ttf wght=400`), and a short
 * script reads back the glyphs asked for: points, contour ends, component offsets, bounding box,
 * advance width and left side bearing, as JSON.
 */
import { execFileSync } from 'child_process';
import { readFileSync, writeFileSync } from 'fs';
import { basename, join } from 'path';

/** Debian's python, not a virtualenv's: python3-fonttools is installed for it. */
const PYTHON = '/usr/bin/python3';

export interface ReferenceGlyph {
	kind: 'simple' | 'composite' | 'empty';
	xs: number[];
	ys: number[];
	endPoints: number[];
	components: Array<{ glyphId: number; x: number; y: number }>;
	box: [number, number, number, number];
	advance: number;
	leftSideBearing: number;
}

const DUMP = `
import json, sys
from fontTools.ttLib import TTFont
font = TTFont(sys.argv[1])
order = font.getGlyphOrder()
glyf, hmtx = font['glyf'], font['hmtx']
out = {}
for glyph_id in json.loads(sys.argv[2]):
    name = order[glyph_id]
    glyph = glyf[name]
    advance, lsb = hmtx[name]
    entry = {'xs': [], 'ys': [], 'endPoints': [], 'components': [], 'advance': advance, 'leftSideBearing': lsb}
    if glyph.numberOfContours == 0:
        entry.update(kind='empty', box=[0, 0, 0, 0])
    else:
        entry['box'] = [glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax]
        if glyph.isComposite():
            entry['kind'] = 'composite'
            entry['components'] = [{'glyphId': font.getGlyphID(c.glyphName), 'x': c.x, 'y': c.y} for c in glyph.components]
        else:
            entry['kind'] = 'simple'
            entry['xs'] = [x for x, y in glyph.coordinates]
            entry['ys'] = [y for x, y in glyph.coordinates]
            entry['endPoints'] = list(glyph.endPtsOfContours)
    out[glyph_id] = entry
print(json.dumps(out))
`;

/**
 * fontTools' static instance of `font` at `weight`, written into `directory`; its path. The font is
 * first cut down to the glyphs of `text` by fontTools' subsetter, glyph ids kept (--retain-gids), so
 * the instancer reworks a few glyphs and no layout tables (seconds, not half a minute on a busy machine).
 */
export function fontToolsInstance(
	font: string,
	weight: number,
	text: string,
	directory: string,
): string {
	const name = basename(font, '.ttf');
	const subset = join(directory, `${name}-subset.ttf`);
	const output = join(directory, `${name}-${weight}.ttf`);
	execFileSync(
		PYTHON,
		[
			'-m',
			'fontTools.subset',
			font,
			'--retain-gids',
			`--text=${text}`,
			'--layout-features=',
			`--output-file=${subset}`,
		],
		{ stdio: 'pipe' },
	);
	execFileSync(
		PYTHON,
		['-m', 'fontTools.varLib.instancer', subset, `wght=${weight}`, '-o', output],
		{
			stdio: 'pipe',
		},
	);
	return output;
}

/** The glyphs of a TrueType file as fontTools reads them, by glyph id. */
export function referenceGlyphs(
	file: string,
	glyphIds: readonly number[],
): Map<number, ReferenceGlyph> {
	const json = execFileSync(PYTHON, ['-c', DUMP, file, JSON.stringify(glyphIds)], {
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	const parsed = JSON.parse(json) as Record<string, ReferenceGlyph>;
	return new Map(Object.entries(parsed).map(([id, glyph]) => [Number(id), glyph]));
}

/** A file's bytes written into `directory` (fontTools reads files). */
export function writeFont(directory: string, name: string, bytes: Uint8Array): string {
	const path = join(directory, name);
	writeFileSync(path, bytes);
	return path;
}

export const readFont = (path: string): Buffer => readFileSync(path);
