/**
 * Tab stops: every TAB_STOP_POINTS from the start of a line's column (the left margin, or the cover
 * page's value column). Measured in points, not in characters, so columns line up in a proportional
 * font; the text after a tab is drawn at the stop's x position.
 */

import type { Face } from './fontWidths';
import { textWidth, textWidthUnits } from './fontWidths';

/** Half an inch. */
export const TAB_STOP_POINTS = 36;

/** The first tab stop after an offset (points from the line's start); text ending on a stop goes to the next. */
export function nextTabStop(offset: number): number {
	// The tolerance keeps an offset that lands on a stop up to rounding on that stop.
	return (Math.floor(offset / TAB_STOP_POINTS + 1e-9) + 1) * TAB_STOP_POINTS;
}

/**
 * How far spaces and tabs that start at `fromUnits` (1/1000 em from the line's start) reach, in the same
 * units: a space is its width, a tab reaches the next stop.
 */
export function whitespaceUnits(
	font: Face,
	size: number,
	whitespace: string,
	fromUnits: number,
): number {
	let at = fromUnits;
	for (const character of whitespace) {
		at =
			character === '\t'
				? (nextTabStop((at * size) / 1000) * 1000) / size
				: at + textWidthUnits(font, character);
	}
	return at - fromUnits;
}

export interface TabRun {
	/** Points from the line's start. */
	offset: number;
	text: string;
}

/** A line's text between its tabs, each run with where it starts; a line without tabs is one run at 0. */
export function tabRuns(line: string, font: Face, size: number): TabRun[] {
	if (!line.includes('\t')) return [{ offset: 0, text: line }];
	const runs: TabRun[] = [];
	let offset = 0;
	line.split('\t').forEach((text, index) => {
		if (index > 0) offset = nextTabStop(offset);
		if (text !== '') runs.push({ offset, text });
		offset += textWidth(font, text, size);
	});
	return runs;
}
