/**
 * Word wrap for text in several fonts (a line with bold, italic and code runs): greedy, on measured
 * widths (AFM, or an embedded font's hmtx), breaking at spaces, after a hyphen or slash inside a word
 * and between CJK characters, never where UAX #14 forbids it (lineBreak.ts); a piece wider than the
 * whole line is cut where the line is full (or a little before, so closing punctuation does not start
 * a line: cutIntoLines), so no text is lost: with a hyphen at the end of each broken part
 * when asked (a table's cells), the hyphen counted in the line's width.
 */

import type { Face } from '../fontWidths';
import { textWidthUnits } from '../fontWidths';
import { breakPieces, cutIntoLines, joinUnbreakableSpaces } from '../lineBreak';
import type { TextDirection } from '../../text/bidi';
import { isRightToLeft } from '../visualLine';

export interface StyledText {
	text: string;
	font: Face;
}

/** A run of text or a forced line break, as the inline parser's runs become once fonts are chosen. */
export type RichRun = StyledText | { lineBreak: true };

/** A segment of a wrapped line: its text, font and offset from the line's start in points. */
export interface LineSegment extends StyledText {
	x: number;
}

export interface RichLine {
	segments: LineSegment[];
	/** The line's width in points (no trailing spaces). */
	width: number;
	/** Whether its paragraph reads right to left (its first strong character: UAX #9 P2, P3). */
	rightToLeft?: boolean;
}

/** One character and the font it is drawn in. */
interface Glyph {
	character: string;
	font: Face;
}

/** The width of glyphs in 1/1000 em, measured a run of one font at a time (Arabic joins within a run). */
function unitsOf(glyphs: readonly Glyph[]): number {
	let units = 0;
	for (let start = 0; start < glyphs.length; ) {
		let end = start + 1;
		while (end < glyphs.length && glyphs[end].font === glyphs[start].font) end += 1;
		const text = glyphs
			.slice(start, end)
			.map((glyph) => glyph.character)
			.join('');
		units += textWidthUnits(glyphs[start].font, text);
		start = end;
	}
	return units;
}

/** Glyphs as segments: consecutive characters of one font are one segment. */
function segmentsOf(glyphs: readonly Glyph[], size: number): LineSegment[] {
	const segments: LineSegment[] = [];
	let units = 0;
	for (const glyph of glyphs) {
		const last = segments[segments.length - 1];
		if (last !== undefined && last.font === glyph.font) last.text += glyph.character;
		else segments.push({ text: glyph.character, font: glyph.font, x: (units * size) / 1000 });
		units += textWidthUnits(glyph.font, glyph.character);
	}
	return segments;
}

interface Piece {
	space: boolean;
	glyphs: Glyph[];
}

/**
 * The pieces a line may break between: runs of spaces, and words split by breakPieces; spaces a line
 * may not break at ("word )", "( word") are part of a word (joinUnbreakableSpaces).
 */
function piecesOf(glyphs: readonly Glyph[]): Piece[] {
	const isSpace = (glyph: Glyph) => glyph.character === ' ';
	const runs: Glyph[][] = [];
	for (const glyph of glyphs) {
		const last = runs[runs.length - 1];
		if (last !== undefined && isSpace(last[0]) === isSpace(glyph)) last.push(glyph);
		else runs.push([glyph]);
	}
	const textOf = (run: Glyph[]) => run.map((glyph) => glyph.character).join('');
	return joinUnbreakableSpaces(runs, textOf, (parts) => parts.flat()).flatMap((run): Piece[] => {
		if (run.every(isSpace)) return [{ space: true, glyphs: run }];
		let offset = 0;
		return breakPieces(textOf(run)).map((piece) => {
			const length = [...piece].length;
			offset += length;
			return { space: false, glyphs: run.slice(offset - length, offset) };
		});
	});
}

/** The hyphen that ends a broken part of a word: in the word's font, or Helvetica's if that font lacks it. */
function hyphenAfter(glyph: Glyph): Glyph {
	const font = glyph.font;
	return {
		character: '-',
		font: typeof font === 'string' || font.font.has(0x2d) ? font : 'Helvetica',
	};
}

/** A broken word's last line keeps at least this many characters when the line before can spare them. */
const SHORTEST_TAIL = 3;

/**
 * A word wider than the line as parts that fit it: every part but the last ends in a hyphen that fits
 * with it (none after a character that is one already); a part holds at least one character, and the
 * last one SHORTEST_TAIL where it can ("Hydrochlorothia-" "zide", not "Hydrochlorothiazi-" "de").
 */
function hyphenatedParts(glyphs: readonly Glyph[], maxUnits: number): Glyph[][] {
	const parts: Glyph[][] = [];
	let part: Glyph[] = [];
	let units = 0;
	glyphs.forEach((glyph, index) => {
		const glyphUnits = unitsOf([glyph]);
		const restFits = units + unitsOf(glyphs.slice(index)) <= maxUnits + 1e-6;
		const hyphenFits = units + glyphUnits + unitsOf([hyphenAfter(glyph)]) <= maxUnits + 1e-6;
		if (part.length > 0 && !restFits && !hyphenFits) {
			parts.push(part);
			part = [];
			units = 0;
		}
		part.push(glyph);
		units += glyphUnits;
	});
	const before = parts[parts.length - 1];
	const moved = Math.min(SHORTEST_TAIL - part.length, (before?.length ?? 0) - SHORTEST_TAIL);
	if (moved > 0 && unitsOf([...before.slice(-moved), ...part]) <= maxUnits + 1e-6)
		part = [...before.splice(before.length - moved), ...part];
	parts.push(part);
	return parts.map((glyphsOfPart, index) => {
		const last = glyphsOfPart[glyphsOfPart.length - 1];
		return index === parts.length - 1 || last.character === '-'
			? glyphsOfPart
			: [...glyphsOfPart, hyphenAfter(last)];
	});
}

/** Wraps one paragraph of glyphs (no line breaks) into lines no wider than maxWidth points. */
function wrapGlyphs(
	glyphs: readonly Glyph[],
	size: number,
	maxWidth: number,
	hyphenate: boolean,
	direction: TextDirection,
): RichLine[] {
	const maxUnits = (maxWidth * 1000) / size;
	const lines: Glyph[][] = [];
	let line: Glyph[] = [];
	let lineUnits = 0;
	let spaces: Glyph[] = [];
	const newLine = () => {
		lines.push(line);
		line = [];
		lineUnits = 0;
	};
	for (const piece of piecesOf(glyphs)) {
		if (piece.space) {
			// Spaces at the start of a line (after a break) are dropped; the paragraph's own start has none.
			if (line.length > 0) spaces = piece.glyphs;
			continue;
		}
		const spaceUnits = unitsOf(spaces);
		const pieceUnits = unitsOf(piece.glyphs);
		if (lineUnits + spaceUnits + pieceUnits <= maxUnits + 1e-6) {
			line.push(...spaces, ...piece.glyphs);
			lineUnits += spaceUnits + pieceUnits;
			spaces = [];
			continue;
		}
		spaces = [];
		if (line.length > 0) newLine();
		if (pieceUnits <= maxUnits + 1e-6) {
			line.push(...piece.glyphs);
			lineUnits = pieceUnits;
			continue;
		}
		if (hyphenate) {
			const parts = hyphenatedParts(piece.glyphs, maxUnits);
			for (const part of parts.slice(0, -1)) lines.push(part);
			line = parts[parts.length - 1];
			lineUnits = unitsOf(line);
			continue;
		}
		// Cut where the line is full, but never before closing punctuation or after an opening bracket.
		const cuts = cutIntoLines(
			piece.glyphs.map((glyph) => glyph.character),
			(index) => unitsOf([piece.glyphs[index]]),
			(units) => units <= maxUnits + 1e-6,
			false,
		);
		[0, ...cuts].forEach((from, part) => {
			if (part > 0) newLine();
			line.push(...piece.glyphs.slice(from, part < cuts.length ? cuts[part] : undefined));
		});
		lineUnits = unitsOf(line);
	}
	if (line.length > 0 || lines.length === 0) lines.push(line);
	const rightToLeft = isRightToLeft(glyphs.map((glyph) => glyph.character).join(''), direction);
	return lines.map((glyphsOfLine) => ({
		segments: segmentsOf(glyphsOfLine, size),
		width: (unitsOf(glyphsOfLine) * size) / 1000,
		...(rightToLeft ? { rightToLeft } : {}),
	}));
}

/**
 * Wraps runs into lines; a line break run ends a line. An empty input is one empty line. `hyphenate`:
 * a word wider than the line is broken with hyphens (hyphenatedParts), not at the bare character.
 */
export function wrapRich(
	runs: readonly RichRun[],
	size: number,
	maxWidth: number,
	{
		hyphenate = false,
		direction = 'auto',
	}: { hyphenate?: boolean; direction?: TextDirection } = {},
): RichLine[] {
	const paragraphs: Glyph[][] = [[]];
	for (const run of runs) {
		if ('lineBreak' in run) {
			paragraphs.push([]);
			continue;
		}
		for (const character of run.text)
			paragraphs[paragraphs.length - 1].push({ character, font: run.font });
	}
	return paragraphs.flatMap((glyphs) => wrapGlyphs(glyphs, size, maxWidth, hyphenate, direction));
}

/** The width in points of text in one font, unwrapped. */
export function naturalWidth(runs: readonly RichRun[], size: number): number {
	let widest = 0;
	let current = 0;
	for (const run of runs) {
		if ('lineBreak' in run) {
			widest = Math.max(widest, current);
			current = 0;
		} else current += (textWidthUnits(run.font, run.text) * size) / 1000;
	}
	return Math.max(widest, current);
}

/** The width in points of the widest unbreakable piece (a word, or part of one after a hyphen or slash). */
export function widestPiece(runs: readonly RichRun[], size: number): number {
	const glyphs: Glyph[] = [];
	for (const run of runs) {
		if ('lineBreak' in run) glyphs.push({ character: ' ', font: 'Helvetica' });
		else for (const character of run.text) glyphs.push({ character, font: run.font });
	}
	return piecesOf(glyphs)
		.filter((piece) => !piece.space)
		.reduce((widest, piece) => Math.max(widest, (unitsOf(piece.glyphs) * size) / 1000), 0);
}
